package kayles

import "github.com/tablebase/tablebase/games/internal/parts"

// published are the nim-sequences of rows of n pins, from n = 0, as the
// OEIS gives them, and the periods they settle into.
//
//   - Kayles (.77): OEIS A002186, "Sprague-Grundy values for the game of
//     Kayles (octal games .77 and .771)", n = 0..104; Berlekamp, Conway
//     and Guy, Winning Ways, p. 91. "From n=71 on, the sequence is
//     periodic with period 12."
//   - Dawson's Kayles (.07): OEIS A002187, "Sprague-Grundy values for
//     Dawson's Chess (octal game .137)", n = 0..120, of which ".07
//     (Dawson's Kayles) has values a(n-1)": the values below are 0, then
//     A002187. Winning Ways, pp. 89 and 102. "Has period 34 with the only
//     exceptions at n=0, 14, 16, 17, 31, 34 and 51" (of A002187: n+1
//     here).
var published = []struct {
	g            parts.Game[Position, Rows, Key]
	values       []int
	from, period int
}{
	{Kayles, []int{
		0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6,
		7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8,
		6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
	}, 71, 12},
	{Dawsons, []int{
		0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
		0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8,
		1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1,
		1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
	}, 53, 34},
}
