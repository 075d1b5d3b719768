package snort

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/query"
)

// Published results on Snort and Col that the grid holds. Left is blue
// (x), Right red (o), in every source as here. The text of Winning Ways
// (Berlekamp, Conway and Guy, 2nd ed. 2001, vol. 1, ch. 2 and 6) and of
// On Numbers and Games (Conway, 1976) was not at hand: the entries
// citing them were taken from quotations, and are marked so. Every
// entry of at most 9 empty cells is also confirmed with the oracles of
// oracle_test.go; none disagreed with the rules.
var publishedValues = []struct {
	Game, Position, Value, Source string
}{
	{"snort", "..", "+-1", "Winning Ways, ch. 6: Snort on two adjacent spots is {1|-1}"},
	// A cell with one player's colour beside it is a move for one player
	// only; by the rules, checked by hand.
	{"snort", "x.", "1", "the rules: only Left may colour the cell"},
	{"col", "x.", "-1", "the rules: only Right may colour the cell"},
	{"snort", ".", "*", "the rules: either player colours the one cell, and the game is over"},
	{"col", ".", "*", "the rules: either player colours the one cell, and the game is over"},
	{"col", "..", "0", "the rules: after either move only the other player may colour the cell left, so {-1|1} = 0"},
}

// publishedTemperatures: Huntemann and Maciosowski, "Degrees are Useless
// in Snort When Measuring Temperature", arXiv:2406.02107, 2024, abstract:
// Snort on the star K_{1,n} has temperature n. On the grid, K_{1,2} is a
// row of three cells, K_{1,3} a T and K_{1,4} a plus.
var publishedTemperatures = []struct {
	Position, Temperature string
}{
	{"...", "2"},
	{"...|#.#", "3"},
	{"#.#|...|#.#", "4"},
}

// publishedOutcomes lists outcome classes of empty boards.
var publishedOutcomes = []struct {
	Game, Position, Outcome, Source string
}{
	// Snort on an empty board of odd sides: the first player colours the
	// centre and answers every move by its image under the half turn.
	{"snort", ".", "N", "Le Bruyn, snortGO, neverendingbooks.org, 2004 (odd by odd boards are first-player wins)"},
	{"snort", "...", "N", "Le Bruyn, snortGO, neverendingbooks.org, 2004"},
	{"snort", ".....", "N", "Le Bruyn, snortGO, neverendingbooks.org, 2004"},
	{"snort", "...|...|...", "N", "Le Bruyn, snortGO, neverendingbooks.org, 2004"},
	{"snort", "...|...|...|...|...", "N", "Le Bruyn, snortGO, neverendingbooks.org, 2004"},
	// Col on an empty board with an even side: the second player answers
	// every move by its image under the half turn, in his colour.
	{"col", "..", "P", "Col (game), grokipedia.com: m x n boards with an even side are second-player wins (value 0)"},
	{"col", "..|..", "P", "Col (game), grokipedia.com"},
	{"col", "...|...", "P", "Col (game), grokipedia.com"},
	{"col", "....|....", "P", "Col (game), grokipedia.com"},
	{"col", "....|....|....", "P", "Col (game), grokipedia.com"},
	{"col", "....|....|....|....", "P", "Col (game), grokipedia.com"},
	{"col", "......", "P", "Col (game), grokipedia.com"},
}

// TestPublished reproduces the published values, temperatures and
// outcome classes.
func TestPublished(t *testing.T) {
	queriers := map[string]query.Querier{"snort": memory(t, Snort), "col": memory(t, Col)}
	for _, p := range publishedValues {
		if a := queriers[p.Game].Query(context.Background(), p.Position, query.Options{}); a.Error != "" || a.Value != p.Value {
			t.Errorf("%s %s: %s (%s), published %s (%s)", p.Game, p.Position, a.Value, a.Error, p.Value, p.Source)
		}
		confirm(t, queriers, p.Game, p.Position)
	}
	for _, p := range publishedTemperatures {
		if a := queriers["snort"].Query(context.Background(), p.Position, query.Options{Details: true}); a.Error != "" || a.Temperature != p.Temperature {
			t.Errorf("snort %s: temperature %s (%s), published %s (Huntemann and Maciosowski, 2024)", p.Position, a.Temperature, a.Error, p.Temperature)
		}
		confirm(t, queriers, "snort", p.Position)
	}
	for _, p := range publishedOutcomes {
		if a := queriers[p.Game].Query(context.Background(), p.Position, query.Options{}); a.Error != "" || a.Outcome != p.Outcome {
			t.Errorf("%s %s: outcome %s (%s), published %s (%s)", p.Game, p.Position, a.Outcome, a.Error, p.Outcome, p.Source)
		}
		confirm(t, queriers, p.Game, p.Position)
	}
}

// confirm checks the answer for a position of at most 9 empty cells
// against the oracles.
func confirm(t *testing.T, queriers map[string]query.Querier, game, pos string) {
	q := queriers[game]
	if strings.Count(pos, ".") > 9 {
		return
	}
	rows := strings.Split(pos, "|")
	col := game == "col"
	a := q.Query(context.Background(), pos, query.Options{Explicit: true})
	if want, outcome := oracleValue(rows, col), oracleOutcome(rows, col); a.Explicit != want || a.Outcome != outcome {
		t.Errorf("%s %s: %s, outcome %s; the oracles say %s, outcome %s", game, pos, a.Explicit, a.Outcome, want, outcome)
	}
}

// TestColIsCold: every Col position is a number or a number plus *
// (Conway, On Numbers and Games, 1976, and Winning Ways, ch. 2, as
// quoted: Col is a cold game), on random boards.
func TestColIsCold(t *testing.T) {
	q := memory(t, Col)
	star := q.U.Nim(1)
	rng := rand.New(rand.NewPCG(13, 14))
	for range 300 {
		pos := strings.Join(randomBoard(rng, 1+rng.IntN(4), 1+rng.IntN(4)), "|")
		b, _ := Parse(pos)
		v, _, err := q.Value(context.Background(), b, query.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, number := q.U.IsNumber(v)
		_, numberStar := q.U.IsNumber(q.U.Add(v, star))
		if !number && !numberStar {
			t.Fatalf("col %s = %s, neither a number nor a number plus *", pos, q.U.String(v))
		}
	}
}
