package toppling

// Values of Toppling Dominoes rows, x blue (Left), o red (Right), g green,
// as tb writes values (docs/contract.md#value-notation).
//
// Sources:
//
//   - Fink, Nowakowski, Siegel and Wolfe, "Toppling Dominoes", Games of
//     No Chance 4, MSRI Publications 63 (2015), define the game and show
//     that every number is a Toppling Dominoes position. The paper itself
//     was not at hand (no stored copy of it or of its tables was found),
//     so no entry below is quoted from it; the values are derived from
//     the rules by hand, each derivation written beside it, and checked
//     by oracleValue too.
//   - cgt-tools (t4ccer), crate cgt, module toppling_dominoes, unit test
//     correct_canonical: the row blue red red blue blue (xooxx) has
//     canonical form {1|*}. A cross-check only (no code taken).
var publishedToppling = []struct {
	Position, Value, Source string
}{
	{"x", "1", "derived: Left topples it (either way) to the empty row 0, Right has no move: {0|} = 1"},
	{"o", "-1", "derived: the colour swap of x"},
	{"g", "*", "derived: either player topples it to 0: {0|0} = *"},
	{"xx", "2", "derived: Left's options are x = 1 (toppling one domino away from the other) and 0; Right has none: {0,1|} = 2"},
	{"xxx", "3", "derived: a row of n blue dominoes leaves any shorter blue row: {0,...,n-1|} = n"},
	{"gg", "*2", "derived: a green row of n leaves any shorter green row, for either player: {0,...,*(n-1)|0,...,*(n-1)} = *n, a Nim heap"},
	{"ggg", "*3", "derived: a green row of n is *n"},
	{"gggg", "*4", "derived: a green row of n is *n"},
	{"xo", "*", "derived: Left leaves o = -1 (toppling x left) or 0 (right, taking o down); Right leaves 0 or x = 1: {-1,0|0,1} = {0|0} = *"},
	{"ox", "*", "derived: xo reversed (reversal keeps the value)"},
	{"xox", "1/2", "derived: Left leaves ox = * or 0, Right leaves x = 1 (either way): {0,*|1}, and * reverses through 0, so {0|1} = 1/2"},
	{"xxo", "{1|0}", "derived: Left leaves xo = *, 0, o = -1 or x = 1; Right leaves 0 or xx = 2: {1|0}, a hot switch"},
	{"xg", "{1|0}", "derived: Left leaves g = *, 0 or x = 1; Right (only the green domino) leaves x = 1 or 0: {1,*|0,1} = {1|0}"},
	{"x.o", "0", "derived: two rows, 1 + -1"},
	{"xx|o", "1", "derived: two rows on two lines, 2 + -1"},
	{"g.g", "0", "derived: * + * = 0"},
	{"xooxx", "{1|*}", "cgt-tools, toppling_dominoes test correct_canonical (cross-check)"},
}

// alternating are rows x(ox)^k, blue at both ends, whose values the
// solver finds to be 1/2^k (the oracle agrees up to k = 5). This is an
// observation pinned against regressions, not a published value: it
// fits the paper's statement that every number is a Toppling Dominoes
// position, but its proof was not at hand.
var alternating = []struct{ Position, Value string }{
	{"x", "1"}, {"xox", "1/2"}, {"xoxox", "1/4"}, {"xoxoxox", "1/8"},
	{"xoxoxoxox", "1/16"}, {"xoxoxoxoxox", "1/32"}, {"xoxoxoxoxoxox", "1/64"},
}
