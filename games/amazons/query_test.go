package amazons

import (
	"context"
	"github.com/tablebase/tablebase/games/internal/parts"
	"testing"

	"github.com/tablebase/tablebase/query"
)

// TestQuery checks a value, an outcome and the move notation.
func TestQuery(t *testing.T) {
	q, err := parts.NewQuerier(Game, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := q.Query(context.Background(), "L.|#.|##|R.", query.Options{Moves: true})
	if a.Error != "" || a.Value != "1" || a.Outcome != "L" {
		t.Fatalf("got %+v", a)
	}
	found := false
	for _, m := range a.Moves {
		if m.Move == "a4-b4/a4" {
			found = true
		}
	}
	if !found {
		t.Errorf("no move a4-b4/a4 in %+v", a.Moves)
	}
}
