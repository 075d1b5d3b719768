// Package konane is the game Konane: stones x (Left) and o (Right) on a
// grid; a player's stone jumps orthogonally over an adjacent stone of the
// other's into the empty cell beyond, removing it, and may go on jumping
// in the same direction. A position splits into parts whose stones can
// never meet (position.go, docs/games/konane.md); their values add.
package konane
