// Package toadsfrogs is the game Toads and Frogs (Winning Ways, chapter
// 1): strips of cells, each holding a toad T (Left's), a frog F (Right's)
// or nothing. Left moves a toad one cell right into an empty cell, or
// jumps it right over exactly one frog into the empty cell beyond; Right
// moves frogs leftwards likewise. Several strips are a sum, and a strip
// falls into independent parts at the pieces that can never move again
// (frozen, position.go), whose values add.
package toadsfrogs
