// Package clobber is the game Clobber: stones x (Left) and o (Right) on a
// grid; a player moves one of his stones onto an orthogonally adjacent
// stone of the other's, which is removed. A position splits into its
// orthogonally connected groups of stones, whose values add.
package clobber
