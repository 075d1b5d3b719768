package snort

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
)

// games are the two games with the oracle's flag and the rule of each.
var games = []struct {
	g    parts.Game[Board, State, Key]
	col  bool
	rule Rule
}{{Snort, false, SnortRule}, {Col, true, ColRule}}

// randomBoard returns an h x w board, each cell empty (half of them), not
// part of the board, blue or red.
func randomBoard(rng *rand.Rand, h, w int) []string {
	rows := make([]string, h)
	for r := range rows {
		var b strings.Builder
		for range w {
			b.WriteByte("....#xo"[rng.IntN(7)])
		}
		rows[r] = b.String()
	}
	return rows
}

// memory returns a querier of g with no file.
func memory(t *testing.T, g parts.Game[Board, State, Key]) *parts.Querier[Board, State, Key] {
	q, err := parts.NewQuerier(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestConformance runs the suite of games that fall into parts against
// the oracles of Snort and Col, on boards of up to 3x4.
func TestConformance(t *testing.T) {
	for _, tc := range games {
		t.Run(tc.g.Name(), func(t *testing.T) {
			gametest.Parts(t, tc.g, gametest.Oracle{Rules: byRules(tc.col), Build: 5, Random: func(rng *rand.Rand) []string {
				return randomBoard(rng, 1+rng.IntN(3), 1+rng.IntN(4))
			}})
		})
	}
}

// TestFileAgainstOracle: a file of every group of up to 6 cells answers
// random boards whose groups fit it, without solving, as the oracles do.
func TestFileAgainstOracle(t *testing.T) {
	for _, tc := range games {
		path := t.TempDir() + "/f.db"
		if _, err := tc.g.Build(context.Background(), build.Params{"max-cells": "6"}, build.Options{Path: path, Workers: 2}); err != nil {
			t.Fatal(err)
		}
		q := gametest.Open(t, path, tc.g)
		rng := rand.New(rand.NewPCG(11, uint64(tc.rule)))
		asked := 0
		for asked < 60 {
			rows := randomBoard(rng, 2+rng.IntN(2), 2+rng.IntN(3))
			pos := strings.Join(rows, "|")
			a := q.Query(context.Background(), pos, query.Options{Explicit: true, NoSolve: true})
			if errors.Is(a.Err(), query.ErrNotStored) {
				continue // a group of more than 6 cells
			}
			asked++
			if a.Error != "" || a.Source != query.FromTablebase || a.Explicit != oracleValue(rows, tc.col) || a.Outcome != oracleOutcome(rows, tc.col) {
				t.Fatalf("%s %s from the file: %s = %s, outcome %s, source %s (%s); the oracles say %s, outcome %s", tc.g.Name(), pos, a.Value, a.Explicit, a.Outcome, a.Source, a.Error, oracleValue(rows, tc.col), oracleOutcome(rows, tc.col))
			}
		}
	}
}

// TestSymmetry: the eight symmetries of the board keep a value, and
// swapping the colours negates it.
func TestSymmetry(t *testing.T) {
	u := cgt.NewUniverse(16)
	for _, tc := range games {
		s := parts.NewSolver(u, RulesOf(tc.rule))
		rng := rand.New(rand.NewPCG(3, uint64(tc.rule)))
		for range 60 {
			b, _ := Parse(strings.Join(randomBoard(rng, 2+rng.IntN(2), 2+rng.IntN(3)), "|"))
			v := s.Value(b.State(tc.rule))
			frame := region.Region{H: uint8(b.H), W: uint8(b.W)}
			for sym := canon.Symmetry(0); sym < 8; sym++ {
				img := sym.Apply(frame.With(b.Empty))
				c := Board{H: int(img.H), W: int(img.W), Empty: img.Bits, X: sym.Apply(frame.With(b.X)).Bits, O: sym.Apply(frame.With(b.O)).Bits}
				swapped := c
				swapped.X, swapped.O = c.O, c.X
				if s.Value(c.State(tc.rule)) != v || s.Value(swapped.State(tc.rule)) != u.Neg(v) {
					t.Fatalf("%s %s: its image %s (symmetry %d) or %s has another value", tc.g.Name(), b, c, sym, swapped)
				}
			}
		}
	}
}

// TestMoves: each move colours one empty cell with the mover's colour,
// and Left's and Right's values rebuild the position's canonical form.
func TestMoves(t *testing.T) {
	for _, tc := range games {
		q := memory(t, tc.g)
		rng := rand.New(rand.NewPCG(5, uint64(tc.rule)))
		for range 60 {
			pos := strings.Join(randomBoard(rng, 3, 3), "|")
			b, _ := Parse(pos)
			gametest.CGTMoves(t, q, pos, func(m query.Move) {
				after, _ := Parse(m.Position)
				mine, added := after.O, after.O&^b.O
				if m.Player == "L" {
					mine, added = after.X, after.X&^b.X
				}
				if added&(added-1) != 0 || added == 0 || after.Empty != b.Empty&^added || mine&^added != map[bool]uint64{true: b.X, false: b.O}[m.Player == "L"] {
					t.Fatalf("%s %s: move %s of %s leads to %s", tc.g.Name(), pos, m.Move, m.Player, m.Position)
				}
			})
		}
	}
}

// TestLevels: every key of a level is canonical, connected, cropped and
// of its number of cells, no key twice, as many as Count says; and every
// group of random boards
// finds its class in its level.
func TestLevels(t *testing.T) {
	const maxCells = 6
	levels := Levels(maxCells)
	counts := Count(maxCells)
	classes := map[Key]bool{}
	for n, level := range levels {
		if counts[n] != len(level) {
			t.Fatalf("level %d holds %d keys, Count says %d", n, len(level), counts[n])
		}
		for _, k := range level {
			s := k.State()
			cells := region.Region{H: s.H, W: s.W, Bits: s.L | s.R}
			if c, _ := Canonical(s); c != k || s.Cells() != n || !cells.Connected() || cells.Crop() != cells || classes[k] {
				t.Fatalf("level %d holds %s, not a canonical group of %d cells, or twice", n, s, n)
			}
			classes[k] = true
		}
	}
	for _, tc := range games {
		rng := rand.New(rand.NewPCG(9, uint64(tc.rule)))
		for range 1000 {
			b, _ := Parse(strings.Join(randomBoard(rng, 4, 4), "|"))
			for _, g := range b.State(tc.rule).Components(nil) {
				if k, _ := Canonical(g); g.Cells() <= maxCells && !classes[k] {
					t.Fatalf("group %s of %s is in no level", g, b)
				}
			}
		}
	}
}

// TestParse: positions are read and written back as given; bad ones are
// refused.
func TestParse(t *testing.T) {
	for _, pos := range []string{".", "x.o", "#.x|o.#", "....|....|...."} {
		if b, err := Parse(pos); err != nil || b.String() != pos {
			t.Errorf("%s: read back as %s (%v)", pos, b, err)
		}
	}
	for _, pos := range []string{"", "..|.", "..a", ".||."} {
		if _, err := Parse(pos); err == nil {
			t.Errorf("%q: no error", pos)
		}
	}
}

// TestHalfTurnMirror: a board that the half turn takes to itself with
// the colours swapped is worth 0 when the second player can always
// answer a move with its image: in Col always (the image is legal for
// him when the move was for the first player), in Snort when no cell is
// next to its image (both sides even), and with no cell its own image
// (the centre of a board of odd sides is made '#').
func TestHalfTurnMirror(t *testing.T) {
	swap := map[byte]byte{'.': '.', '#': '#', 'x': 'o', 'o': 'x'}
	for _, tc := range games {
		q := memory(t, tc.g)
		rng := rand.New(rand.NewPCG(15, uint64(tc.rule)))
		for range 60 {
			h, w := 2*(1+rng.IntN(2)), 2*(1+rng.IntN(2))
			if tc.col {
				h, w = 1+rng.IntN(4), 1+rng.IntN(5)
			}
			cells := []byte(strings.Join(randomBoard(rng, h, w), ""))
			for i := range h * w / 2 {
				cells[h*w-1-i] = swap[cells[i]]
			}
			if h*w%2 == 1 {
				cells[h*w/2] = '#'
			}
			rows := make([]string, h)
			for r := range rows {
				rows[r] = string(cells[r*w : (r+1)*w])
			}
			pos := strings.Join(rows, "|")
			if a := q.Query(context.Background(), pos, query.Options{}); a.Error != "" || a.Value != "0" {
				t.Fatalf("%s %s: %s (%s), want 0 by the mirror strategy", tc.g.Name(), pos, a.Value, a.Error)
			}
		}
	}
}
