package parts

import "github.com/tablebase/tablebase/tablebase"

// Store is how a game's tablebase files hold its parts, and how a build
// lists them.
type Store[P any, K comparable] struct {
	Game   string           // the game's name in a file's metadata
	Layout tablebase.Layout // how the file's compact levels are laid out
	Bytes  func(K) []byte   // a key as the file holds it
	Size   func(P) int      // a part's size, as query.Options.Solvable counts it
	Noun   string           // what the game calls a part in its errors: "part", "row"

	// The build (Build, EachValue). A game without one leaves them zero.

	KeyLen   int                          // the length of a key's Bytes
	ParseKey func([]byte) (K, bool)       // Bytes read back
	MaxCells int                          // the largest --max-cells a build takes
	Default  int                          // --max-cells when none is given (0: required)
	Grows    bool                         // a build grows a file of a smaller --max-cells
	Unit     string                       // what --max-cells counts: "largest group, in stones"
	Levels   func(maxCells int) Levels[K] // the levels a build of maxCells stores
	// SameLevel, when not nil, reports whether the key of a part of an
	// option of part k lies in k's own level (a move that keeps a
	// strip's length): the build values those within the level, each
	// once, rather than ask the levels below.
	SameLevel func(option, k K) bool
}

// Levels returns the keys of level n of a build, sorted by their Bytes
// (whose first byte is n): every part of level n has its options' parts
// in levels below n. A build asks for each level once, in order.
type Levels[K any] func(n int) []K
