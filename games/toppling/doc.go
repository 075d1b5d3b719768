// Package toppling is the game Toppling Dominoes (Fink, Nowakowski,
// Siegel and Wolfe, "Toppling Dominoes", Games of No Chance 4, 2015):
// rows of dominoes standing on end, each blue x (Left's), red o (Right's)
// or green g (either player's). A player chooses a domino of his colour
// or a green one and topples it to the left or to the right: it and every
// domino on that side of it in its row fall and are removed. The player
// with no move loses. A position is the sum of its rows (parts), and a
// move leaves a shorter row, so a row's options are rows of lower levels.
package toppling
