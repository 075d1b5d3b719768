// Package census is the research on patterns of blocked cells of 3D
// tic-tac-toe: the classical draw criteria of a pattern (DrawCriteria)
// and the classes of 3x3x3 patterns (BlockedClasses), the census of
// 4x4x4 patterns decided by games/ttt3d/solve (BuildCensus, CensusTable),
// and the unions of lines that decide the patterns with few free cells
// (LineUnions). tb build ttt3d --fair and --n 4 --fair reach it through
// games/ttt3d; it imports the rules and the searches, never the game.
package census
