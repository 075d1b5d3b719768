package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// route matches a request as the help and the README write it: its
// method and its page, up to the query.
var route = regexp.MustCompile(`\b(GET|POST)\s+(/[^\s?` + "`" + `|]*)`)

// routesOf returns the requests text names, each once, sorted.
func routesOf(text string) []string {
	var list []string
	for _, m := range route.FindAllStringSubmatch(text, -1) {
		list = append(list, m[1]+" "+m[2])
	}
	slices.Sort(list)
	return slices.Compact(list)
}

// serverRoutes returns the GET and POST patterns server.New gives
// its mux, as a user writes them (GAME for {game}), but the explorer's
// script and style, which its page at / loads.
func serverRoutes(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../../query/server/server.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var list []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		lit, isLit := call.Args[0].(*ast.BasicLit)
		if !ok || sel.Sel.Name != "HandleFunc" || !isLit {
			return true
		}
		pattern, err := strconv.Unquote(lit.Value)
		method, path, _ := strings.Cut(pattern, " ")
		if err != nil || method != "GET" && method != "POST" || strings.Contains(path, ".") {
			return true
		}
		path = strings.NewReplacer("{game}", "GAME", "{$}", "").Replace(path)
		list = append(list, method+" "+path)
		return true
	})
	slices.Sort(list)
	if len(list) < 5 {
		t.Fatalf("found only %v in query/server/server.go", list)
	}
	return list
}

// TestServeRoutesListed: tb serve -h and the README's HTTP table list
// every request the server answers, and no other.
func TestServeRoutesListed(t *testing.T) {
	want := serverRoutes(t)
	_, help, code := tb(t, "", "serve", "-h")
	if got := routesOf(help); code != 0 || !slices.Equal(got, want) {
		t.Errorf("tb serve -h (exit %d) lists %v; the server answers %v", code, got, want)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "\n## HTTP\n")
	section, _, _ = strings.Cut(section, "\n## ")
	var table strings.Builder
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "| `") {
			table.WriteString(line + "\n")
		}
	}
	if got := routesOf(table.String()); !slices.Equal(got, want) {
		t.Errorf("the README's HTTP table lists %v; the server answers %v", got, want)
	}
}
