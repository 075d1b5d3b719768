package clobber

// Published values of small Clobber positions. In every source Black is
// the Left player and White is Right; here, as in this package, x is a
// black (Left) stone and o a white (Right) one.
//
// Value is written the way CGSuite writes values: 0, *, *n, ^ (up), v
// (down), ^* and v*, ^^ and vv for double up and down, ^n for n·up with
// n >= 3, a trailing * for adding star, and {..|..} braces for anything
// else. Explicit is the same value written as oracle.String writes a
// canonical form (written by hand from the published value, then
// confirmed with oracleValue); tests that do not parse CGSuite notation
// should compare against Explicit.
//
// Sources:
//
//   - M. H. Albert, J. P. Grossman, R. J. Nowakowski, D. Wolfe, "An
//     introduction to Clobber", INTEGERS 5(2), 2005: a row of n x's ended
//     by one o has value (n-1)·^ + n·*. (The text of the paper was not at
//     hand; the formula was taken from a quotation of it, and every value
//     it gives here was confirmed with oracleValue.)
//   - X. Chen, T. Folkersen, K. Hasham, R. B. Hayward, D. Lee, O. Randall,
//     L. Schultz, E. Vandermeer, "A Proof of the 2004 Albert-Grossman-
//     Nowakowski-Wolfe Conjecture on Alternating Linear Clobber",
//     arXiv:2509.08985, 2025: every non-empty even-length alternating row
//     (xo)^n is a first-player win except oxoxox, which is a second-player
//     win and so equals 0; and the equalities o = oo = ooo = ooxx = oxoxox
//     = 0, oxo = ox and ooxo = xxo + ox (= ^*), which that paper uses to
//     simplify positions. (The outcome result is in the paper's abstract;
//     the equalities were taken from a summary of the paper, its full text
//     not being at hand, and each was confirmed with oracleValue.)
//   - A. N. Siegel, CGSuite, unit tests (2018) and profiler benchmark
//     (2021) of CGSuite 2: xox|ox. = {^^*|*,v} and the 3 × 4 checkerboard
//     xoxo|oxox|xoxo = 0.
//
// Entries marked "mirror" are the same position reversed (same value) and
// entries marked "negative" swap the colours (negated value); they follow
// from the published entry they name.
//
// oracleValue agrees with every entry (the 3 × 4 board takes about 0.6 s,
// everything else a few milliseconds); no published value disagreed.
var publishedClobber = []struct {
	Position, Value, Explicit, Source string
}{
	// x^n o = (n-1)·^ + n·*.
	{"xo", "*", "{0|0}", "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber, 2005 (x^n o, n=1)"},
	{"xxo", "^", "{0|{0|0}}", "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber, 2005 (x^n o, n=2)"},
	{"xxxo", "^^*", "{0|{0|{0|0}}}", "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber, 2005 (x^n o, n=3)"},
	{"xxxxo", "^3", "{0|{0|{0|{0|0}}}}", "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber, 2005 (x^n o, n=4)"},
	{"xxxxxo", "^4*", "{0|{0|{0|{0|{0|0}}}}}", "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber, 2005 (x^n o, n=5)"},
	{"xxxxxxo", "^5", "{0|{0|{0|{0|{0|{0|0}}}}}}", "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber, 2005 (x^n o, n=6)"},
	{"ox", "*", "{0|0}", "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber, 2005 (mirror of xo)"},
	{"oxx", "^", "{0|{0|0}}", "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber, 2005 (mirror of xxo)"},
	{"xoo", "v", "{{0|0}|0}", "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber, 2005 (negative of oxx)"},
	{"ooox", "vv*", "{{{0|0}|0}|0}", "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber, 2005 (negative of xxxo)"},

	// Equalities used by Chen et al.
	{"o", "0", "0", "Chen, Folkersen, Hasham, Hayward, Lee, Randall, Schultz, Vandermeer, A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025"},
	{"oo", "0", "0", "Chen, Folkersen, Hasham, Hayward, Lee, Randall, Schultz, Vandermeer, A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025"},
	{"ooo", "0", "0", "Chen, Folkersen, Hasham, Hayward, Lee, Randall, Schultz, Vandermeer, A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025"},
	{"ooxx", "0", "0", "Chen, Folkersen, Hasham, Hayward, Lee, Randall, Schultz, Vandermeer, A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025"},
	{"xxoo", "0", "0", "Chen et al., A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025 (negative of ooxx)"},
	{"oxoxox", "0", "0", "Chen, Folkersen, Hasham, Hayward, Lee, Randall, Schultz, Vandermeer, A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025"},
	{"xoxoxo", "0", "0", "Chen et al., A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025 (mirror of oxoxox)"},
	{"oxo", "*", "{0|0}", "Chen, Folkersen, Hasham, Hayward, Lee, Randall, Schultz, Vandermeer, A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025 (oxo = ox)"},
	{"xox", "*", "{0|0}", "Chen et al., A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025 (negative of oxo)"},
	{"ooxo", "^*", "{0,{0|0}|0}", "Chen, Folkersen, Hasham, Hayward, Lee, Randall, Schultz, Vandermeer, A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025 (ooxo = xxo + ox)"},
	{"oxoo", "^*", "{0,{0|0}|0}", "Chen et al., A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025 (mirror of ooxo)"},
	{"xxox", "v*", "{0|0,{0|0}}", "Chen et al., A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025 (negative of ooxo)"},

	// CGSuite.
	{"xox|ox.", "{^^*|*,v}", "{{0|{0|{0|0}}}|{0|0},{{0|0}|0}}", "Siegel, CGSuite 2 unit tests (Clobber), 2018"},
	{"xoxo|oxox|xoxo", "0", "0", "Siegel, CGSuite 2 profiler benchmark (expected result), 2021"},
}

// publishedClobberOutcomes lists published outcome classes ("L", "R", "N"
// or "P", as oracleOutcome returns them) of alternating rows (xo)^n: all
// are first-player wins except (xo)^3 (conjectured by Albert, Grossman,
// Nowakowski and Wolfe in 2004, proved by Chen et al. in 2025, see above),
// and of the positions above whose published value gives their outcome.
// oracleOutcome agrees with every entry (each takes under a millisecond).
var publishedClobberOutcomes = []struct {
	Position, Outcome, Source string
}{
	{"xo", "N", "Chen et al., A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025"},
	{"xoxo", "N", "Chen et al., A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025"},
	{"xoxoxo", "P", "Chen et al., A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025"},
	{"xoxoxoxo", "N", "Chen et al., A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025"},
	{"xoxoxoxoxo", "N", "Chen et al., A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025"},
	{"xoxoxoxoxoxo", "N", "Chen et al., A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025"},
	{"xoxoxoxoxoxoxo", "N", "Chen et al., A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025"},
	{"xoxoxoxoxoxoxoxo", "N", "Chen et al., A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber, 2025"},
	{"xxo", "L", "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber, 2005 (xxo = ^ > 0)"},
	{"xoo", "R", "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber, 2005 (xoo = v < 0)"},
	{"xoxo|oxox|xoxo", "P", "Siegel, CGSuite 2 profiler benchmark (expected result), 2021 (value 0)"},
}

// publishedCheckerboards lists outcome classes of checkerboards (x in the
// top left corner) that the test files of MCGS 1.5 (Folkersen, Du and
// Müller, input/autotests/clobber_autotests, results of CGSuite 2.1.1
// and of MCGS) give: "B win, W win" is N, "B loss, W loss" is P.
var publishedCheckerboards = []struct {
	Position, Outcome string
	Stones            int
	Source            string
}{
	{"xo|ox", "N", 4, "MCGS 1.5 autotests (CGSuite 2.1.1), 2x2"},
	{"xox|oxo", "P", 6, "MCGS 1.5 autotests (CGSuite 2.1.1), 2x3"},
	{"xoxo|oxox", "N", 8, "MCGS 1.5 autotests (CGSuite 2.1.1), 2x4"},
	{"xoxox|oxoxo", "N", 10, "MCGS 1.5 autotests (CGSuite 2.1.1), 2x5"},
	{"xoxoxo|oxoxox", "P", 12, "MCGS 1.5 autotests (CGSuite 2.1.1), 2x6"},
	{"xo|ox|xo", "P", 6, "MCGS 1.5 autotests (CGSuite 2.1.1), 3x2"},
	{"xox|oxo|xox", "N", 9, "MCGS 1.5 autotests (CGSuite 2.1.1), 3x3"},
	{"xoxo|oxox|xoxo", "P", 12, "MCGS 1.5 autotests (CGSuite 2.1.1), 3x4"},
	{"xoxox|oxoxo|xoxox", "N", 15, "MCGS 1.5 autotests (CGSuite 2.1.1), 3x5"},
	{"xoxoxo|oxoxox|xoxoxo", "P", 18, "MCGS 1.5 autotests (MCGS), 3x6"},
	{"xo|ox|xo|ox", "N", 8, "MCGS 1.5 autotests (CGSuite 2.1.1), 4x2"},
	{"xox|oxo|xox|oxo", "P", 12, "MCGS 1.5 autotests (CGSuite 2.1.1), 4x3"},
	{"xoxo|oxox|xoxo|oxox", "N", 16, "MCGS 1.5 autotests (CGSuite 2.1.1), 4x4"},
	{"xo|ox|xo|ox|xo", "N", 10, "MCGS 1.5 autotests (CGSuite 2.1.1), 5x2"},
	{"xox|oxo|xox|oxo|xox", "N", 15, "MCGS 1.5 autotests (CGSuite 2.1.1), 5x3"},
	{"xo|ox|xo|ox|xo|ox", "P", 12, "MCGS 1.5 autotests (CGSuite 2.1.1), 6x2"},
	{"xox|oxo|xox|oxo|xox|oxo", "P", 18, "MCGS 1.5 autotests (MCGS), 6x3"},
}
