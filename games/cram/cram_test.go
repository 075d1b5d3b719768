package cram

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/games/internal/placement"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
)

// nimber writes the nim-value n as an answer's value does.
func nimber(n int) string {
	switch n {
	case 0:
		return "0"
	case 1:
		return "*"
	}
	return fmt.Sprintf("*%d", n)
}

// randomBoard returns a board of up to 4x5 cells with about a quarter of
// them covered.
func randomBoard(rng *rand.Rand) []string {
	h, w := 1+rng.IntN(4), 1+rng.IntN(5)
	rows := make([]string, h)
	for r := range rows {
		var b strings.Builder
		for range w {
			if rng.IntN(4) == 0 {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		rows[r] = b.String()
	}
	return rows
}

// TestAgainstOracle: the value of random boards, solved in memory by
// components, is the nimber that plain recursion over the whole board
// finds, and the outcome is P exactly when it is 0.
func TestAgainstOracle(t *testing.T) {
	q, err := Game.Open(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		rows := randomBoard(rng)
		pos := strings.Join(rows, "|")
		want := oracleNimber(rows)
		a := q.Query(context.Background(), pos, query.Options{})
		outcome := "N"
		if want == 0 {
			outcome = "P"
		}
		if a.Error != "" || a.Value != nimber(want) || a.Outcome != outcome {
			t.Fatalf("%s: got %+v, the oracle says %s", pos, a, nimber(want))
		}
	}
}

// TestPublished reproduces the published nim-values of empty rectangles
// that the in-memory solver reaches in a few seconds, and the symmetry
// facts: every even by even board is 0, every even by odd board is not.
func TestPublished(t *testing.T) {
	s := placement.NewSolver(cgt.NewUniverse(20), Game.Rules)
	cells := 30
	if testing.Short() {
		cells = 20
	}
	checked := 0
	for _, p := range publishedCram {
		if p.Rows*p.Cols > cells {
			continue
		}
		got := s.U.Nimber(s.Value(region.Full(p.Rows, p.Cols)))
		if got != p.Nimber {
			t.Errorf("%dx%d: nim-value %d, published %d (%s)", p.Rows, p.Cols, got, p.Nimber, p.Source)
		}
		if p.Rows%2 == 0 && p.Cols%2 == 0 && got != 0 || (p.Rows+p.Cols)%2 == 1 && p.Rows*p.Cols%2 == 0 && got == 0 {
			t.Errorf("%dx%d: nim-value %d breaks the symmetry strategy", p.Rows, p.Cols, got)
		}
		checked++
	}
	if checked < 30 {
		t.Fatalf("only %d published values checked", checked)
	}
	t.Logf("%d published values of boards up to %d cells reproduced", checked, cells)
}

// TestBuild: a build interrupted again and again gives the same file as
// one run, and every stored nim-value is the solver's.
func TestBuild(t *testing.T) {
	whole, sum := gametest.Resumed(t, Game, build.Params{"max-cells": "8"})
	if want := int64(1 + 1 + 2 + 5 + 12 + 35 + 108 + 369); sum.Positions != want || sum.Values != 0 {
		t.Fatalf("%d positions and %d games stored, want %d and none", sum.Positions, sum.Values, want)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var positions []string
	for range 200 {
		positions = append(positions, strings.Join(randomBoard(rng), "|"))
	}
	gametest.SameAnswers(t, gametest.Open(t, whole, Game), mustOpen(t), positions, query.Options{Moves: true})
}

// TestMoves: every domino is listed once, with no player, and wins
// exactly when it leaves a position worth 0; the position's value is the
// least nimber no move leads to.
func TestMoves(t *testing.T) {
	q := mustOpen(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		rows := randomBoard(rng)
		pos := strings.Join(rows, "|")
		a := q.Query(context.Background(), pos, query.Options{Moves: true})
		r, _ := region.Parse(pos)
		v, h := region.Dominoes(r)
		if len(a.Moves) != bits.OnesCount64(v)+bits.OnesCount64(h) {
			t.Fatalf("%s: %d moves listed, %d dominoes fit", pos, len(a.Moves), bits.OnesCount64(v)+bits.OnesCount64(h))
		}
		seen := map[string]bool{}
		for i, m := range a.Moves {
			if m.Player != "" || *m.Wins != (m.Value == "0") || i > 0 && *m.Wins && !*a.Moves[i-1].Wins {
				t.Fatalf("%s: move %+v (winning moves first)", pos, m)
			}
			seen[m.Value] = true
		}
		mex := 0
		for seen[nimber(mex)] {
			mex++
		}
		if a.Value != nimber(mex) {
			t.Fatalf("%s: value %s, the mex of its moves is %s", pos, a.Value, nimber(mex))
		}
	}
}

// mustOpen returns a querier with no file.
func mustOpen(t *testing.T) query.Querier {
	q, err := Game.Open(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return q
}
