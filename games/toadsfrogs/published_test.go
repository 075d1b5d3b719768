package toadsfrogs

// Published values of Toads and Frogs positions, T for a toad (Left), F
// for a frog (Right), '.' for an empty cell (the sources write □).
// Value is as tb writes values (docs/contract.md#value-notation).
//
// Sources:
//
//   - E. Berlekamp, J. H. Conway, R. Guy, Winning Ways for your
//     Mathematical Plays, 2nd ed., vol. 1, ch. 1 (2001), through Mark S.,
//     "Combinatorial Games: Toads and Frogs" / "II.8: Arrows",
//     combinatorialgames.wordpress.com (2013), whose examples are taken
//     from Winning Ways: TFTF□ = 0, TF□TF = 0, TFT□F = *, T□TFF = {0|*}
//     = ↑. (The book itself was not at hand.)
//   - J. Erickson, "New Toads and Frogs results", Games of No Chance,
//     MSRI Publications 29 (1996), conjecture E1 as quoted by T.
//     Thanatipanonda, "Further Hopping with Toads and Frogs", Electronic
//     Journal of Combinatorics 18(1) (2011): {{a−3 | a−b} | {∗ | 3−b}}
//     for all a > b ≥ 2. The text at hand had lost the □ signs; the
//     family is T^a□□F^b (T^a□F^b is * for every such a and b, which the
//     oracle confirms), and every entry below agrees with oracleValue.
//     Erickson's paper itself was not at hand.
//   - A. N. Siegel, CGSuite, GameStripTest (unit test of
//     game.strip.ToadsAndFrogs): ttttt..fffff has canonical form
//     +-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}.
//     CGSuite writes v<2> (down-second, {↑*|0}) as one symbol where tb
//     writes ^*|0, one level of bars deeper; with that, the forms are the
//     same option for option. tb's text is the expected value here.
//
// Entries marked "mirror" are the position reversed with toads and frogs
// swapped: the negated value.
var publishedToadsFrogs = []struct {
	Position, Value, Source string
}{
	{"TFTF.", "0", "Winning Ways, 2001, ch. 1 (via Mark S., II.8: Arrows, 2013)"},
	{"TF.TF", "0", "Winning Ways, 2001, ch. 1 (via Mark S., II.8: Arrows, 2013)"},
	{"TFT.F", "*", "Winning Ways, 2001, ch. 1 (via Mark S., II.8: Arrows, 2013)"},
	{"T.TFF", "^", "Winning Ways, 2001, ch. 1 (via Mark S., II.8: Arrows, 2013)"},
	{"TT.FF", "*", "derived from Winning Ways, 2001, ch. 1: its options are T□TFF = ↑ and its mirror TTF□F = ↓, and {↑|↓} = *"},
	{"TTF.F", "v", "Winning Ways, 2001, ch. 1 (mirror of T□TFF)"},

	// Erickson's E1: T^a□□F^b = {{a−3 | a−b} | {∗ | 3−b}}, a > b ≥ 2.
	{"TTT..FF", "{1/2|0}", "Erickson, New Toads and Frogs results, 1996, E1 (a=3, b=2: {{0|1}|{*|1}})"},
	{"TTTT..FF", "{3/2|0}", "Erickson, New Toads and Frogs results, 1996, E1 (a=4, b=2)"},
	{"TTTT..FFF", "{1*|v}", "Erickson, New Toads and Frogs results, 1996, E1 (a=4, b=3: {{1|1}|{*|0}})"},
	{"TTTTT..FF", "{5/2|0}", "Erickson, New Toads and Frogs results, 1996, E1 (a=5, b=2)"},
	{"TTTTT..FFF", "{2*|v}", "Erickson, New Toads and Frogs results, 1996, E1 (a=5, b=3)"},
	{"TTTTT..FFFF", "{2|1||*|-1}", "Erickson, New Toads and Frogs results, 1996, E1 (a=5, b=4)"},
	{"TTTTTT..FFFF", "{3|2||*|-1}", "Erickson, New Toads and Frogs results, 1996, E1 (a=6, b=4)"},
	{"TTTTTT..FFFFF", "{3|1||*|-2}", "Erickson, New Toads and Frogs results, 1996, E1 (a=6, b=5)"},
	{"TTTTTTT..FFFFF", "{4|2||*|-2}", "Erickson, New Toads and Frogs results, 1996, E1 (a=7, b=5)"},
	{"TTTTTTTT..FFFFFF", "{5|2||*|-3}", "Erickson, New Toads and Frogs results, 1996, E1 (a=8, b=6)"},
	{"TT..FFF", "{0|-1/2}", "Erickson, New Toads and Frogs results, 1996, E1 (mirror of a=3, b=2)"},

	{"TTTTT..FFFFF", "+-({2|*},{5/2|||2||0|{{0||||0||Miny(1/32)|-2|||-1/2*},{0|||^*|0||-1}||||^*|0||-1/2|||-1*}||||0})", "Siegel, CGSuite GameStripTest (ToadsAndFrogs ttttt..fffff)"},
}
