package kayles

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Kayles and Dawson's Kayles in the registry, their lines drawn as the
// explorer's "strip" boards. A move is the pin knocked down ("c1") or
// the first and last of the pins ("c1-d1").
var (
	Kayles  = gameOf("kayles", ".77", "knock down one pin or two adjacent ones of a row (octal .77), both players alike: nim-values")
	Dawsons = gameOf("dawsons-kayles", ".07", "knock down two adjacent pins of a row (octal .07), both players alike: nim-values")
)

// gameOf returns the game of the octal code, named and described.
func gameOf(name string, code Octal, about string) parts.Game[Position, Rows, Key] {
	return parts.Game[Position, Rows, Key]{
		Rules: rules{code},
		Notation: parts.Notation[Position, Rows]{Parse: Parse, Parts: Position.Parts,
			Moves: func(p Position, _ bool, emit func(string, Position)) {
				code.Moves(p, func(r, first, k int) {
					name := notation.Cell(r, first)
					if k > 1 {
						name = notation.Piece(name, notation.Cell(r, first+k-1))
					}
					emit(name, Play(p, r, first, k))
				})
			}},
		Store: parts.Store[Rows, Key]{
			Game: name, Layout: tablebase.Layout{Name: "rows of pins"}, Bytes: Key.Bytes,
			Size: func(r Rows) int { return int(r.A) + int(r.B) }, Noun: "row",
			KeyLen: KeyLen, ParseKey: parseKey, MaxCells: MaxCells, Default: MaxCells, Grows: true,
			Unit:   "longest row, in pins",
			Levels: func(int) parts.Levels[Key] { return level },
		},
		About: about,
		Look: query.Board{Kind: "strip", Cells: "x.", Size: "2x8", Start: "xxxxxxxx|xxxxx",
			Players: map[string]string{"L": "Left", "R": "Right"}},
	}
}

// level returns the keys of level n of a build: the row of n pins.
func level(n int) []Key {
	if n < 1 {
		return nil
	}
	return []Key{Key(n)}
}

// Key is a row's key: its pins. A row is its own mirror image.
type Key uint8

// KeyLen is the length of a key's stored form, the least a file takes.
const KeyLen = 8

// Bytes is the key's stored form: its pins, then zeros.
func (k Key) Bytes() []byte { return append([]byte{byte(k)}, make([]byte, KeyLen-1)...) }

// parseKey reads Bytes back.
func parseKey(b []byte) (Key, bool) {
	if len(b) != KeyLen || b[0] > MaxCells || string(b[1:]) != string(make([]byte, KeyLen-1)) {
		return 0, false
	}
	return Key(b[0]), true
}

// rules are an octal game's parts.Rules: the rows of Rows are its parts,
// a row's key its pins, and a move in a row of n pins takes k of them
// from column i on, leaving rows of i and n-k-i pins.
type rules struct{ code Octal }

func (rules) Impartial() bool        { return true }
func (rules) Key(r Rows) (Key, bool) { return Key(r.A), false }
func (rules) Part(k Key) Rows        { return Rows{A: uint8(k)} }
func (rules) Parts(r Rows, dst []Rows) []Rows {
	for _, n := range [2]uint8{r.A, r.B} {
		if n > 0 {
			dst = append(dst, Rows{A: n})
		}
	}
	return dst
}
func (r rules) Options(row Rows, _ bool, dst []Rows) []Rows {
	n := int(row.A)
	for k := 1; k < len(r.code); k++ {
		for i := 0; 2*i <= n-k; i++ { // a row and its mirror image are one
			if r.code.allows(k, i, n-k-i) {
				dst = append(dst, Rows{uint8(i), uint8(n - k - i)})
			}
		}
	}
	return dst
}
