// Package synchronized holds Synchronized Triomineering and Synchronized
// Domineering: Vertical places vertical pieces (3x1 or 2x1), Horizontal
// horizontal ones (1x3 or 1x2), both at the same time; the two new pieces
// may share a cell (perpendicular pieces never share more than one). When
// neither can move the game is a draw; when only one can, he wins at once.
//
// Each player's value is the best result he can guarantee whatever the
// other does, in pure strategies: he chooses a move without seeing the
// other's, then both see the result. The pair gives the outcome class.
package synchronized

// Variant is one of the two games.
type Variant struct {
	name   string
	Length int // cells per piece
}

// Name returns the game's name on the command line and in the JSON.
func (v Variant) Name() string { return v.name }

// The two games.
var (
	Triomineering = Variant{name: "sync-triomineering", Length: 3}
	Domineering   = Variant{name: "sync-domineering", Length: 2}
)

// Player is Vertical or Horizontal.
type Player uint8

// The players.
const (
	Vertical Player = iota
	Horizontal
)

func (p Player) other() Player { return 1 - p }
