package cram

// Published facts about Cram on empty rectangles, which the entries of
// publishedCram below must agree with:
//
//   - Every even × even board is a second-player win, so its nim-value is 0:
//     the second player answers every domino with its image under the half
//     turn about the centre of the board (Gardner, "Mathematical Games",
//     Scientific American, February 1974; Berlekamp, Conway & Guy, Winning
//     Ways for your Mathematical Plays, 1982).
//   - Every even × odd board is a first-player win, so its nim-value is not
//     0: the first player covers the two central cells of the middle line
//     and then plays the same half-turn symmetry (same sources).
//   - The 1 × n strip is Dawson's Kayles, the octal game 0.07: a domino
//     takes two adjacent cells of a heap of n and leaves at most two heaps.
//     Its nim-values are those of OEIS A002187 shifted by one (1 × n has
//     the value a(n-1)); they are periodic with period 34 apart from a few
//     exceptions near the start (Guy & Smith, "The G-values of various
//     games", Proc. Cambridge Philos. Soc. 52, 1956; Winning Ways, 1982).
//   - The 2 × n board has value 0 for even n and 1 for odd n (Winning
//     Ways, 1982; proved by J. W. H. M. Uiterwijk, "Construction and
//     investigation of Cram endgame databases", ICGA Journal 40(4), 2018).
//   - 3 × 21 is a first-player win, so its value is not 0, and 5 × 11 is a
//     second-player win, value 0 (J. W. H. M. Uiterwijk, "Solving Cram
//     using combinatorial game theory", Advances in Computer Games, ACG
//     2019, LNCS 12516, 2020).
//
// The 3 × n values for n = 3..20 and the 4 × 5, 4 × 7, 4 × 9 and 5 × n
// (n = 5..9) values are those of Lemoine and Viennot's solver Glop, as
// tabulated in the MCGS project's "Computational Results" (M. Müller's
// group, University of Alberta, 2025), which cites them as J. Lemoine and
// S. Viennot, "Records – Cram", 2013. The larger values are from P.
// Beling's table (README of the impartial-games project, 2025), which marks
// 4 × 11, 4 × 15, 5 × 10, 5 × 12, 6 × 9, 7 × 8 and 7 × 9 as first
// published there and says the smaller boards were computed earlier by
// Glop (and most boards up to 5 × 7 by M. Schneider, "Das Spiel Juvavum",
// master's thesis, 2009).
//
// oracleNimber agrees with every entry it was run on: all boards of at
// most 26 cells (1 × n up to n = 26, 2 × n up to n = 13, 3 × n up to
// n = 8, 4 × 4, 4 × 5, 4 × 6 and 5 × 5), and 3 × 9 (27 cells, about 17 s).
// Boards of up to about 20 cells take well under a second; 24-cell boards
// (2 × 12, 3 × 8, 4 × 6) take 1 to 3 s and 5 × 5 about 5 s, so tests that
// run the oracle should keep to Rows*Cols <= 20 or so. No published value
// disagreed with the oracle.

// Sources of the entries of publishedCram.
const (
	// srcDawson is the source of the 1 × n values (Dawson's Kayles).
	srcDawson = "Guy & Smith, The G-values of various games, 1956; Berlekamp, Conway & Guy, Winning Ways, 1982 (Dawson's Kayles, octal 0.07; OEIS A002187 shifted by one)"
	// src2xn is the source of the 2 × n values.
	src2xn = "Berlekamp, Conway & Guy, Winning Ways, 1982; proved in Uiterwijk, Construction and investigation of Cram endgame databases, ICGA Journal 40(4), 2018"
	// srcGlop is the source of the values computed by Lemoine and Viennot.
	srcGlop = "Lemoine & Viennot, Records - Cram (solver Glop), 2013"
	// srcBeling is the source of the values in Beling's table.
	srcBeling = "Beling, Cram nimber table, README of the impartial-games project, 2025"
	// srcBelingFirst is the source of the values Beling published first.
	srcBelingFirst = "Beling, Cram nimber table, README of the impartial-games project, 2025 (first published there)"
	// srcSymmetry is the source of the even × even values.
	srcSymmetry = "even x even is a second-player win by symmetry: Gardner, Scientific American, Feb. 1974; Winning Ways, 1982"
	// srcUiterwijk2020 is the source of the 5 × 11 value.
	srcUiterwijk2020 = "Uiterwijk, Solving Cram Using Combinatorial Game Theory, ACG 2019 (LNCS 12516), 2020; also Beling, impartial-games README, 2025"
)

// publishedCram lists published nim-values of empty Cram rectangles of
// Rows rows and Cols columns, each with its Source (see the comment above
// for the facts they rest on and for which of them oracleNimber has
// checked). A board and its transpose have the same value; only the
// orientation given by the source is listed.
var publishedCram = []struct {
	Rows, Cols, Nimber int
	Source             string
}{
	// 1 × n: Dawson's Kayles.
	{1, 1, 0, srcDawson},
	{1, 2, 1, srcDawson},
	{1, 3, 1, srcDawson},
	{1, 4, 2, srcDawson},
	{1, 5, 0, srcDawson},
	{1, 6, 3, srcDawson},
	{1, 7, 1, srcDawson},
	{1, 8, 1, srcDawson},
	{1, 9, 0, srcDawson},
	{1, 10, 3, srcDawson},
	{1, 11, 3, srcDawson},
	{1, 12, 2, srcDawson},
	{1, 13, 2, srcDawson},
	{1, 14, 4, srcDawson},
	{1, 15, 0, srcDawson},
	{1, 16, 5, srcDawson},
	{1, 17, 2, srcDawson},
	{1, 18, 2, srcDawson},
	{1, 19, 3, srcDawson},
	{1, 20, 3, srcDawson},
	{1, 21, 0, srcDawson},
	{1, 22, 1, srcDawson},
	{1, 23, 1, srcDawson},
	{1, 24, 3, srcDawson},
	{1, 25, 0, srcDawson},
	{1, 26, 2, srcDawson},
	{1, 27, 1, srcDawson},
	{1, 28, 1, srcDawson},
	{1, 29, 0, srcDawson},
	{1, 30, 4, srcDawson},
	{1, 31, 5, srcDawson},
	{1, 32, 2, srcDawson},
	{1, 33, 7, srcDawson},
	{1, 34, 4, srcDawson},
	{1, 35, 0, srcDawson},

	// 2 × n: 0 for even n, 1 for odd n.
	{2, 2, 0, src2xn},
	{2, 3, 1, src2xn},
	{2, 4, 0, src2xn},
	{2, 5, 1, src2xn},
	{2, 6, 0, src2xn},
	{2, 7, 1, src2xn},
	{2, 8, 0, src2xn},
	{2, 9, 1, src2xn},
	{2, 10, 0, src2xn},
	{2, 11, 1, src2xn},
	{2, 12, 0, src2xn},
	{2, 13, 1, src2xn},
	{2, 14, 0, src2xn},
	{2, 15, 1, src2xn},
	{2, 16, 0, src2xn},
	{2, 17, 1, src2xn},
	{2, 18, 0, src2xn},
	{2, 19, 1, src2xn},
	{2, 20, 0, src2xn},
	{2, 21, 1, src2xn},

	// 3 × n.
	{3, 3, 0, srcGlop},
	{3, 4, 1, srcGlop},
	{3, 5, 1, srcGlop},
	{3, 6, 4, srcGlop},
	{3, 7, 1, srcGlop},
	{3, 8, 3, srcGlop},
	{3, 9, 1, srcGlop},
	{3, 10, 2, srcGlop},
	{3, 11, 0, srcGlop},
	{3, 12, 1, srcGlop},
	{3, 13, 2, srcGlop},
	{3, 14, 3, srcGlop},
	{3, 15, 1, srcGlop},
	{3, 16, 4, srcGlop},
	{3, 17, 0, srcGlop},
	{3, 18, 1, srcGlop},
	{3, 19, 0, srcGlop},
	{3, 20, 2, srcGlop},

	// 4 × n.
	{4, 4, 0, srcSymmetry},
	{4, 5, 2, srcGlop},
	{4, 6, 0, srcSymmetry},
	{4, 7, 3, srcGlop},
	{4, 8, 0, srcSymmetry},
	{4, 9, 1, srcGlop},
	{4, 10, 0, srcSymmetry},
	{4, 11, 1, srcBelingFirst},
	{4, 12, 0, srcSymmetry},
	{4, 13, 3, srcBeling},
	{4, 14, 0, srcSymmetry},
	{4, 15, 4, srcBelingFirst},

	// 5 × n.
	{5, 5, 0, srcGlop},
	{5, 6, 2, srcGlop},
	{5, 7, 1, srcGlop},
	{5, 8, 1, srcGlop},
	{5, 9, 1, srcGlop},
	{5, 10, 2, srcBelingFirst},
	{5, 11, 0, srcUiterwijk2020},
	{5, 12, 3, srcBelingFirst},

	// 6 × n.
	{6, 6, 0, srcSymmetry},
	{6, 7, 5, srcBeling},
	{6, 8, 0, srcSymmetry},
	{6, 9, 1, srcBelingFirst},
	{6, 10, 0, srcSymmetry},
	{6, 12, 0, srcSymmetry},
	{6, 14, 0, srcSymmetry},

	// 7 × n.
	{7, 7, 1, srcBeling},
	{7, 8, 3, srcBelingFirst},
	{7, 9, 1, srcBelingFirst},
}
