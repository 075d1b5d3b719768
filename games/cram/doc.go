// Package cram is the game Cram: Domineering where either player may place
// a domino either way. It is impartial, so every position is worth a
// nimber, and a position splits into its orthogonally connected regions of
// empty cells, whose nim-values add by exclusive or.
package cram
