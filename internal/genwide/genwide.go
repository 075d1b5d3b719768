// Package genwide writes the wide copy of a game's fast path: the same
// code on sets of more words. A game writes its search once, on a set type
// of few words (package bits128), and keeps the copy on a larger one
// (package bitsw, with the same operations) in generated files, so that
// large boards are searched by the same code at no cost to small ones.
//
// The copy renames every name the copied files declare at the top level
// (and the names of the adapter files, which each size writes by hand:
// what differs between them, such as the table) by a prefix, and imports
// the larger set's package in place of the smaller's. A copied file may
// name the set only through a name another declares (an alias of it);
// one of them at least must import the smaller set's package.
package genwide

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// Config says what to copy.
type Config struct {
	// Dir holds the files; Files are copied to Outs, and Adapters only give
	// names to rename (the copy's adapters are written by hand).
	Dir                   string
	Files, Outs, Adapters []string
	// Prefix starts every renamed name: geometry becomes wideGeometry.
	Prefix string
	// From and To are the import paths of the two set packages.
	From, To string
}

// FromArgs reads a Config from the arguments of the genwide command (as
// a go:generate line gives them): -from PATH -to PATH -prefix P
// [-adapters FILE,...] FILE:OUT... in the current directory.
func FromArgs(args []string) (Config, error) {
	fs := flag.NewFlagSet("genwide", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c := Config{Dir: "."}
	fs.StringVar(&c.From, "from", "", "the import path of the smaller set")
	fs.StringVar(&c.To, "to", "", "the import path of the larger set")
	fs.StringVar(&c.Prefix, "prefix", "", "the prefix of the renamed names")
	adapters := fs.String("adapters", "", "the adapter files, separated by commas")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if *adapters != "" {
		c.Adapters = strings.Split(*adapters, ",")
	}
	for _, a := range fs.Args() {
		file, out, ok := strings.Cut(a, ":")
		if !ok || file == "" || out == "" {
			return c, fmt.Errorf("%q: want FILE:OUT", a)
		}
		c.Files, c.Outs = append(c.Files, file), append(c.Outs, out)
	}
	if c.From == "" || c.To == "" || c.Prefix == "" || len(c.Files) == 0 {
		return c, fmt.Errorf("want -from, -to, -prefix and at least one FILE:OUT")
	}
	return c, nil
}

// Generate returns the copy of each of c.Files, in order.
func Generate(c Config) ([][]byte, error) {
	fset := token.NewFileSet()
	parse := func(name string) (*ast.File, error) {
		return parser.ParseFile(fset, filepath.Join(c.Dir, name), nil, parser.ParseComments)
	}
	names := map[string]bool{}
	var files []*ast.File
	for i, name := range append(append([]string{}, c.Files...), c.Adapters...) {
		f, err := parse(name)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			declared(d, names)
		}
		if i < len(c.Files) {
			files = append(files, f)
		}
	}
	imports := false
	for _, f := range files {
		imports = imports || importsPath(f, c.From)
	}
	if !imports {
		return nil, fmt.Errorf("none of %s imports %s", strings.Join(c.Files, ", "), c.From)
	}
	var out [][]byte
	for i, f := range files {
		src, err := c.copyFile(fset, f, names, c.Files[i])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", c.Files[i], err)
		}
		out = append(out, src)
	}
	return out, nil
}

// importsPath reports whether f imports the package of the given path.
func importsPath(f *ast.File, path string) bool {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == path {
			return true
		}
	}
	return false
}

// declared adds the top-level names d declares (methods excepted).
func declared(d ast.Decl, names map[string]bool) {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil {
			names[d.Name.Name] = true
		}
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				names[s.Name.Name] = true
			case *ast.ValueSpec:
				for _, n := range s.Names {
					names[n.Name] = true
				}
			}
		}
	}
}

// copyFile renames and re-imports f in place and prints it.
func (c Config) copyFile(fset *token.FileSet, f *ast.File, names map[string]bool, name string) ([]byte, error) {
	from, to := path.Base(c.From), path.Base(c.To)
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == c.From {
			imp.Path.Value = strconv.Quote(c.To)
		}
	}
	// Names that are not references to top-level ones: fields and
	// methods, and the keys of composite literals.
	keep := map[*ast.Ident]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			keep[n.Sel] = true
			if x, ok := n.X.(*ast.Ident); ok && x.Name == from {
				x.Name = to
				keep[x] = true
			}
		case *ast.StructType:
			for _, fl := range n.Fields.List {
				for _, id := range fl.Names {
					keep[id] = true
				}
			}
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				keep[id] = true
			}
		case *ast.FuncDecl:
			if n.Recv != nil {
				keep[n.Name] = true
			}
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && names[id.Name] && !keep[id] {
			id.Name = c.Prefix + strings.ToUpper(id.Name[:1]) + id.Name[1:]
		}
		return true
	})
	// A doc comment starts with the name it documents.
	for _, d := range f.Decls {
		var doc *ast.CommentGroup
		var id *ast.Ident
		switch d := d.(type) {
		case *ast.FuncDecl:
			doc, id = d.Doc, d.Name
		case *ast.GenDecl:
			if len(d.Specs) == 1 {
				if t, ok := d.Specs[0].(*ast.TypeSpec); ok {
					doc, id = d.Doc, t.Name
				}
			}
		}
		if doc == nil || keep[id] || !names[unrename(id.Name, c.Prefix)] {
			continue
		}
		first := doc.List[0]
		if rest, ok := strings.CutPrefix(first.Text, "// "+unrename(id.Name, c.Prefix)+" "); ok {
			first.Text = "// " + id.Name + " " + rest
		}
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "// Code generated by genwide from %s; DO NOT EDIT.\n\n", name)
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, err
	}
	return format.Source(buf.Bytes())
}

// unrename returns the name that the copy renamed to s.
func unrename(s, prefix string) string {
	s, ok := strings.CutPrefix(s, prefix)
	if !ok || s == "" {
		return ""
	}
	return strings.ToLower(s[:1]) + s[1:]
}
