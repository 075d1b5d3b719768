package konane

import (
	"context"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/query"
)

// Values of small positions worked out by hand from the rules (not taken
// from a publication: the text of Ernst, "Playing Konane mathematically:
// a combinatorial game-theoretic analysis", UMAP Journal 16(2), 1995, was
// not at hand when this was written, so no published value is claimed
// here). Each line says why.
var derived = []struct {
	Position, Value, Why string
}{
	{"xo", "0", "no empty cell: no move"},
	{"xo.", "1", "Left jumps to the end ({0|}); Right has no cell to land on"},
	{".xo.", "*", "either jumps the other, leaving one stone ({0|0})"},
	{"xo.o.", "1", "Left jumps once (..xo., which is *) or twice (....x, 0); Right has no move: {0,*|} = 1"},
	{"x.o", "0", "the stones are not adjacent: no move ever"},
	{"xo.|...|.ox", "2", "two parts worth 1 each (xo. and its mirror image), rows two apart"},
	{"x|o|.|o|.", "1", "xo.o. down a column"},
	{"ox.", "-1", "the colours of xo. swapped"},
}

// TestDerived checks the hand-derived values above.
func TestDerived(t *testing.T) {
	q := memory(t)
	for _, d := range derived {
		a := q.Query(context.Background(), d.Position, query.Options{})
		if a.Error != "" || a.Value != d.Value {
			t.Errorf("%s: %s (%s), derived %s (%s)", d.Position, a.Value, a.Error, d.Value, d.Why)
		}
	}
}

// published are values of Konane positions from M. D. Ernst, "Playing
// Konane mathematically: a combinatorial game-theoretic analysis", UMAP
// Journal 16(2), 1995, pp. 95-121. Ernst's own text was not reachable
// here; the values are those of I. Shehadeh's transcription of Ernst's
// families (repository ishehadeh/konjecture: the tests solid_linear_pattern,
// linear_with_tail_1, linear_with_offset_tail_1 and
// linear_with_offset_tail_2 in konane/src/cgt.rs, which cite Ernst's paper
// as their source, and the section "Known Facts" of
// writeup/partials/04-existing-research.typ). Ernst's convention, as in
// his 2001 talk "Playing Konane Mathematically with Combinatorial Game
// Theory" ("Positive: Black wins", games written {black-moves |
// white-moves}), and in those tests (Black = Left): Black is Left (x),
// White is Right (o).
//
// Ernst's positions stand on an open board; here the pattern gets two
// empty cells beyond its stones along its row and along the tail's
// column, and every other cell is '#'. That loses nothing: a stone jumps
// sideways only over a stone beside it in its row and up or down only
// over one in its column, so the stones never leave the pattern's row and
// the tail's column. Three empty cells instead of two give the same
// values wherever the board still fits (64 cells).
//
// The families (N stones in all):
//   - solid linear pattern: N alternating stones in a row, Black first;
//     -j for N = 2j+1, 0 for N = 4j, * for N = 4j+2;
//   - tail 1: a row of N-1 alternating stones, Black first, and a White
//     stone under the first; * (N = 2, 3), {*|v} (N = 4), then
//     {*|-2j+2} (N = 4j), {2j-1|*} (4j+1), {0|-2j+1} (4j+2), {2j|0}
//     (4j+3);
//   - offset tail 1: a row of N-1 alternating stones, White first, and a
//     White stone diagonally below-left of the first; v (N = 3), j-1
//     (N = 2j), * (4j+1), 0 (4j+3);
//   - offset tail 2: a row of N-2 alternating stones, White first, and
//     under the cell left of the row a White stone then a Black one;
//     v (N = 3), 0 (N = 4), 1/2 (N = 5), -1 (N = 6). (This family is in
//     the konjecture tests only; the summary draws its offset-tail figure
//     with a two-stone tail but gives the one-stone tail's values.)
//
// The summary (04-existing-research.typ) writes {* | -2j+1} for the tail
// 1 pattern with N = 4j+2; its own test, and this solver, give
// {0 | -2j+1}, a different game ({*|-1} is not {0|-1}); the entry below
// follows the test.
var published = []struct {
	Position, Value, Source string
}{
	{"..xo..", "*", "solid linear pattern N = 2"},
	{"..xox..", "-1", "solid linear pattern N = 3"},
	{"..xoxo..", "0", "solid linear pattern N = 4"},
	{"..xoxox..", "-2", "solid linear pattern N = 5"},
	{"..xoxoxo..", "*", "solid linear pattern N = 6"},
	{"..xoxoxox..", "-3", "solid linear pattern N = 7"},
	{"..xoxoxoxo..", "0", "solid linear pattern N = 8"},
	{"..xoxoxoxox..", "-4", "solid linear pattern N = 9"},
	{"..xoxoxoxoxo..", "*", "solid linear pattern N = 10"},
	{"##.##|##.##|..x..|##o##|##.##|##.##", "*", "tail 1, N = 2"},
	{"##.###|##.###|..xo..|##o###|##.###|##.###", "*", "tail 1, N = 3"},
	{"##.####|##.####|..xox..|##o####|##.####|##.####", "{*|v}", "tail 1, N = 4"},
	{"##.#####|##.#####|..xoxo..|##o#####|##.#####|##.#####", "{1|*}", "tail 1, N = 5 = 4j+1, j = 1"},
	{"##.######|##.######|..xoxox..|##o######|##.######|##.######", "{0|-1}", "tail 1, N = 6 = 4j+2, j = 1"},
	{"##.#######|##.#######|..xoxoxo..|##o#######|##.#######|##.#######", "{2|0}", "tail 1, N = 7 = 4j+3, j = 1"},
	{"##.####|##.####|...ox..|##o####|##.####|##.####", "v", "offset tail 1, N = 3"},
	{"##.#####|##.#####|...oxo..|##o#####|##.#####|##.#####", "1", "offset tail 1, N = 4 = 2j, j = 2"},
	{"##.######|##.######|...oxox..|##o######|##.######|##.######", "*", "offset tail 1, N = 5 = 4j+1, j = 1"},
	{"##.#######|##.#######|...oxoxo..|##o#######|##.#######|##.#######", "2", "offset tail 1, N = 6 = 2j, j = 3"},
	{"##.###|##.###|...o..|##o###|##x###|##.###|##.###", "v", "offset tail 2, N = 3"},
	{"##.####|##.####|...ox..|##o####|##x####|##.####|##.####", "0", "offset tail 2, N = 4"},
	{"##.#####|##.#####|...oxo..|##o#####|##x#####|##.#####|##.#####", "1/2", "offset tail 2, N = 5"},
	{"##.######|##.######|...oxox..|##o######|##x######|##.######|##.######", "-1", "offset tail 2, N = 6"},
}

// crossChecks are values printed by other programs' tests, not by a
// publication: cgt-tools (t4ccer/cgt-tools, crate cgt, module
// short::partizan::games::konane, test values), with x Left and o Right
// as here. cgt-tools writes {1|-1} for the third; tb writes +-1.
var crossChecks = []struct {
	Position, Value, Source string
}{
	{"..ox", "1", "cgt-tools konane test values"},
	{".ox.", "*", "cgt-tools konane test values"},
	{".ox.|o..x|....", "+-1", "cgt-tools konane test values ({1|-1})"},
}

// TestPublished reproduces Ernst's values and the cross-checks, and the
// oracle (a plain recursion over the whole board) agrees with each.
func TestPublished(t *testing.T) {
	q := memory(t)
	all := append(append([]struct{ Position, Value, Source string }{}, published...), crossChecks...)
	for _, p := range all {
		a := q.Query(context.Background(), p.Position, query.Options{Explicit: true})
		if a.Error != "" || a.Value != p.Value {
			t.Errorf("%s: %s%s, published %s (%s)", p.Position, a.Value, a.Error, p.Value, p.Source)
			continue
		}
		if want := oracleValue(strings.Split(p.Position, "|")); a.Explicit != want {
			t.Errorf("%s: %s, the oracle says %s", p.Position, a.Explicit, want)
		}
	}
}
