package ttt3d

import (
	"encoding/binary"
	"math/bits"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/tablebase"
)

// Layout is how a 3x3x3 file's compact plies are laid out: a position
// whose mover completes a line at once (a win in 1, the value of most
// positions from ply 8 on) is left out, and a lookup finds it by trying
// the empty cells.
var Layout = tablebase.Layout{Name: "ttt3d 3x3x3 without wins in 1", Omit: winsAtOnce}

// winsAtOnce gives the value of a stored key whose mover has a win in 1.
func winsAtOnce(key []byte) (uint32, bool) {
	if len(key) != KeyLen {
		return 0, false
	}
	ply, r := int(key[0]), binary.BigEndian.Uint64(key[1:])
	if ply >= MaxPlies || r >= Ranks(27, ply) {
		return 0, false
	}
	b := board3
	me, opp := Unrank(27, ply, r)
	for e := b.Full() &^ (me | opp); e != 0; e &= e - 1 {
		if b.Completes(me, bits.TrailingZeros64(e)) {
			return solve.Outcome{Result: solve.Win, Plies: 1}.Pack(), true
		}
	}
	return 0, false
}

var board3 = rules.MustGet(3)
