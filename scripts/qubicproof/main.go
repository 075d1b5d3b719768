// Command qubicproof writes out o's strategy that keeps x from winning a
// 4x4x4 position with x to move (a pattern of blocked cells, stones
// allowed), as solve.ProveDraw finds it, so that anyone can check the
// draw with a program of their own. One JSON object a line, cells named
// as tb names moves (layer, column letter, row):
//
//	{"x":["1a1"],"o":[],"reply":"2b2"}            o's reply after x's move
//	{"x":[...],"o":[...],"pairs":[["1a2","1a3"]]}  o's pairing: the end
//
// Every position o meets after a move of x on a cell of a line either
// side can still complete has its reply; a move of x elsewhere is a pass,
// which never helps x. The first line gives the position and the counts.
//
//	go run ./scripts/qubicproof POSITION > proof.jsonl
package main

import (
	"bufio"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/internal/notation"
)

func main() {
	maxNodes := flag.Int64("max-nodes", 0, "nodes each search may take (0: no limit)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: qubicproof [--max-nodes N] POSITION (64 cells of x, o, . and #, x to move)")
		os.Exit(2)
	}
	p, err := rules.Parse(flag.Arg(0))
	if err == nil && p.B.N != 4 {
		err = fmt.Errorf("a 4x4x4 position has 64 cells")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "qubicproof:", err)
		os.Exit(2)
	}
	d, err := solve.ProveDraw(p, *maxNodes)
	if err != nil {
		fmt.Fprintln(os.Stderr, "qubicproof:", err)
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(w)
	must(enc.Encode(map[string]any{"position": p.String(), "replies": len(d.Replies), "pairings": len(d.Pairings)}))
	for _, k := range sortedKeys(d.Replies) {
		must(enc.Encode(map[string]any{"x": cells(k[0]), "o": cells(k[1]), "reply": name(d.Replies[k])}))
	}
	for _, k := range sortedKeys(d.Pairings) {
		var pairs [][2]string
		for _, pr := range d.Pairings[k] {
			pairs = append(pairs, [2]string{name(pr[0]), name(pr[1])})
		}
		must(enc.Encode(map[string]any{"x": cells(k[0]), "o": cells(k[1]), "pairs": pairs}))
	}
	must(w.Flush())
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "qubicproof:", err)
		os.Exit(1)
	}
}

// sortedKeys returns a map's positions by their stones, x's first.
func sortedKeys[V any](m map[[2]uint64]V) [][2]uint64 {
	var ks [][2]uint64
	for k := range m {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, func(a, b [2]uint64) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	return ks
}

// name writes cell c (layer*16 + row*4 + column) as tb writes a move.
func name(c int) string { return notation.Cell3(c/16, c/4%4, c%4) }

// cells names the cells of a set, lowest first.
func cells(s uint64) []string {
	out := []string{}
	for c := range 64 {
		if s>>c&1 == 1 {
			out = append(out, name(c))
		}
	}
	return out
}
