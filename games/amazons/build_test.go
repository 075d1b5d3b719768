package amazons

import (
	"context"
	"github.com/tablebase/tablebase/games/internal/parts"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/query"
)

// TestShapes checks the numbers of 8-connected shapes of 1 to 8 cells
// against the polyplets counted up to rotation and reflection (OEIS
// A030222: 1, 2, 5, 22, 94, 524, 3031, 18770).
func TestShapes(t *testing.T) {
	want := []int{0, 1, 2, 5, 22, 94, 524, 3031, 18770}
	for n, level := range Shapes(8) {
		if len(level) != want[n] {
			t.Errorf("%d cells: %d shapes, want %d", n, len(level), want[n])
		}
	}
}

// TestKeyBytes checks that ParseKey reads Bytes back, that a level's keys
// are in byte order, and that a key with an amazon off its cells is
// refused.
func TestKeyBytes(t *testing.T) {
	level := Level(Shapes(4)[4])
	for i, k := range level {
		got, ok := ParseKey(k.Bytes())
		if !ok || got != k {
			t.Fatalf("ParseKey(%v.Bytes()) = %v, %v", k, got, ok)
		}
		if i > 0 && string(level[i-1].Bytes()) >= string(k.Bytes()) {
			t.Fatalf("keys %v and %v out of byte order", level[i-1], k)
		}
	}
	for _, bad := range []Key{
		{H: 1, W: 2, Cells: 1, L: 2},           // an amazon off the cells
		{H: 1, W: 2, Cells: 1 | 1<<2, L: 1},    // a cell off the frame
		{H: 0, W: 2, Cells: 1, L: 1},           // no frame
		{H: 1, W: 2, Cells: 3, L: 1, R: 1 | 2}, // two amazons on a cell
	} {
		if _, ok := ParseKey(bad.Bytes()); ok {
			t.Errorf("ParseKey accepted %v", bad)
		}
	}
}

// TestBuild builds every part of up to 4 cells stopped and resumed, and
// of up to 6 cells (5 with -short) in one run, and checks that file's answers
// against the oracle on random boards whose parts it holds, and against
// the in-memory solver with moves and details.
func TestBuild(t *testing.T) {
	cells := 6
	if testing.Short() {
		cells = 5
	}
	path := t.TempDir() + "/a.db"
	if _, err := Game.Build(context.Background(), build.Params{"max-cells": strconv.Itoa(cells)}, build.Options{Path: path}); err != nil {
		t.Fatal(err)
	}
	file := gametest.Open(t, path, Game)
	memory, err := parts.NewQuerier(Game, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 0))
	var positions []string
	for len(positions) < 120 {
		rows := randomBoard(rng, 2+rng.IntN(2), 2+rng.IntN(3))
		pos := strings.Join(rows, "|")
		p, err := Parse(pos)
		if err != nil {
			t.Fatal(err)
		}
		if largest(p) > cells {
			continue
		}
		positions = append(positions, pos)
		a := file.Query(context.Background(), pos, query.Options{Explicit: true, NoSolve: true})
		if want := oracleValue(rows); a.Error != "" || a.Explicit != want || a.Source != query.FromTablebase {
			t.Fatalf("%s: from the file %s = %s (%s, %s); the oracle says %s", pos, a.Value, a.Explicit, a.Source, a.Error, want)
		}
	}
	gametest.SameAnswers(t, file, memory, positions, query.Options{Moves: true, Explicit: true, Details: true})
}

// largest returns the number of cells of p's largest part.
func largest(p Position) int {
	most := 0
	for _, c := range p.Components(nil) {
		most = max(most, c.Size())
	}
	return most
}
