package main

import (
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
)

// benchPositions returns the Domineering file the benchmarks read (TB_DB,
// else a 12-cell file built here) and 2^16 regions stored in it, drawn
// uniformly from all it stores, written in the contract's notation.
func benchPositions(b *testing.B) (string, []string) {
	path := os.Getenv("TB_DB")
	cells := 12
	if path == "" {
		path = filepath.Join(b.TempDir(), "d12.db")
		g, err := games.Lookup("domineering")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Build(context.Background(), build.Params{"max-cells": strconv.Itoa(cells)}, build.Options{Path: path}); err != nil {
			b.Fatal(err)
		}
	} else if cells, _ = strconv.Atoi(os.Getenv("TB_CELLS")); cells == 0 {
		cells = 15
	}
	var all []canon.Key
	for _, level := range build.Regions(cells) {
		all = append(all, level...)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	sample := make([]string, 1<<16)
	for i := range sample {
		sample[i] = all[rng.IntN(len(all))].Region().String()
	}
	return path, sample
}

// BenchmarkGo answers stored Domineering regions in process through the
// Go API (query.Tablebase.Query, as tb query and the C library do).
// TB_DB names a file of regions of at most TB_CELLS (15) cells.
func BenchmarkGo(b *testing.B) {
	path, positions := benchPositions(b)
	t, err := games.Open(path, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer t.Close()
	ctx, opts := context.Background(), query.Options{NoSolve: true}
	i := 0
	for b.Loop() {
		if a := t.Query(ctx, positions[i%len(positions)], opts); a.Error != "" {
			b.Fatal(a.Error)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "probes/s")
}

// BenchmarkC times the C library on the same positions as BenchmarkGo:
// one probe a call, an array, a buffer of lines (testdata/bench.c, median
// of five rounds over 65,536 positions, GOMAXPROCS=1).
func BenchmarkC(b *testing.B) {
	path, positions := benchPositions(b)
	dir := b.TempDir()
	for _, c := range [][]string{
		{"go", "build", "-buildmode=c-shared", "-o", filepath.Join(dir, "libtb.so"), "."},
		{"cc", "-Wall", "-Werror", "-O2", "-I.", "-o", filepath.Join(dir, "bench"), "testdata/bench.c", "-L" + dir, "-ltb", "-Wl,-rpath," + dir},
	} {
		if out, err := exec.Command(c[0], c[1:]...).CombinedOutput(); err != nil {
			b.Fatalf("%v: %v\n%s", c, err, out)
		}
	}
	list := filepath.Join(dir, "positions.txt")
	if err := os.WriteFile(list, []byte(strings.Join(positions, "\n")+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		cmd := exec.Command(filepath.Join(dir, "bench"), path, list, "5")
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			b.Fatalf("bench: %v\n%s", err, out)
		}
		for _, line := range strings.Split(string(out), "\n") {
			f := strings.Fields(line)
			if len(f) == 2 {
				if ns, err := strconv.ParseFloat(f[1], 64); err == nil && ns > 0 {
					b.ReportMetric(1e9/ns, f[0]+"-probes/s")
				}
			}
		}
	}
}
