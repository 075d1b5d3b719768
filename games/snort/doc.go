// Package snort is two colouring games on the cells of a grid: Snort and
// Col. A move colours an empty cell, blue (x) for Left and red (o) for
// Right. In Snort a player may not colour a cell orthogonally adjacent to
// a cell of the other's colour, in Col one adjacent to a cell of his own.
// A position reduces to its empty cells, each tagged with who may still
// colour it, and falls apart into the connected groups of those cells,
// whose values add (docs/games/snort.md).
package snort
