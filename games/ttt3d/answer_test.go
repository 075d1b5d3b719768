package ttt3d

import (
	"encoding/json"
	"testing"

	"github.com/tablebase/tablebase/query"
)

// TestAnswerJSON writes answers with each of ttt3d's own fields set, the
// strategy of a 4x4x4 strategy file among them, as docs/contract.md has
// them, and as encoding/json writes them too.
func TestAnswerJSON(t *testing.T) {
	plies, cell := 5, 3
	for _, c := range []struct {
		a    query.Answer
		want string
	}{{
		query.Answer{Game: "ttt3d", Position: "p", Source: query.FromTablebase, File: "0123456789abcdef", Moves: []query.Move{{Move: "1a4", Position: "q", Result: "win", Distance: &plies, Extra: &Move{Cell: cell, Plies: &plies}}}},
		`{"game":"ttt3d","position":"p","source":"tablebase","outcome":"N","result":"win","plies":5,"moves":[{"move":"1a4","position":"q","cell":3,"result":"win","plies":5,"distance":5}],"strategy":true,"best":[{"move":"1a4"}],"distance":5,"file":"0123456789abcdef"}`,
	}, {
		query.Answer{Game: "ttt3d", Position: "p", Source: query.FromSolver},
		`{"game":"ttt3d","position":"p","source":"solved","outcome":"P","result":"loss","proof":"search"}`,
	}} {
		a := c.a
		e := Answer{Result: "win", Plies: &plies, Strategy: true}
		if a.Source == query.FromSolver {
			e = Answer{Result: "loss", Proof: "search"}
		}
		answerResult(&a, e)
		a.Shape()
		if got := string(a.AppendJSON(nil)); got != c.want {
			t.Errorf("AppendJSON:\n got %s\nwant %s", got, c.want)
		}
		if got, err := json.Marshal(a); err != nil || string(got) != c.want {
			t.Errorf("json.Marshal: %s, %v", got, err)
		}
	}
}
