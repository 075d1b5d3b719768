package synchronized

import (
	"context"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/query"
)

// TestProgressTellsWhere queries boards with a progress function: it is
// told the root pieces tried while the questions are under way, and at
// last the answers that make the class.
func TestProgressTellsWhere(t *testing.T) {
	for _, c := range []struct {
		v     Variant
		board string
		last  string
	}{
		{Triomineering, ".......|.......|.......|.......|.......|.......|.......",
			"can each be sure of a draw? Vertical: no; Horizontal: no"}, // VHD
		{Triomineering, ".......|.......|.......|.......|.......|.......|.......|.......|.......",
			"can each be sure of a win? Vertical: yes; Horizontal: no"}, // V
		{Domineering, "......|......|......|......|......|......",
			"can each be sure of a draw? Vertical: yes; Horizontal: yes"}, // D
	} {
		var told []string
		q, err := c.v.Open(nil, &query.Config{TableBits: 20, Progress: func(p query.Progress) { told = append(told, p.Where) }})
		if err != nil {
			t.Fatal(err)
		}
		if a := q.Query(context.Background(), c.board, query.Options{}); a.Error != "" {
			t.Fatalf("%s %s: %s", c.v.Name(), c.board, a.Error)
		}
		if len(told) == 0 || told[len(told)-1] != c.last {
			t.Fatalf("%s %s: told %q, want last %q", c.v.Name(), c.board, told, c.last)
		}
		tried := false
		for _, w := range told {
			tried = tried || strings.Contains(w, ": piece 1 of ")
		}
		if !tried || !strings.HasPrefix(told[0], "can each be sure of a win? Vertical: searching; Horizontal: searching") {
			t.Errorf("%s %s: told %d times, first %q, no root piece", c.v.Name(), c.board, len(told), told[0])
		}
	}
}
