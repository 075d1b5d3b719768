package konane

import (
	"math/bits"

	"github.com/tablebase/tablebase/tablebase"
)

// Layout is how a Konane file's compact levels are laid out: each level
// (the parts of n stones) split by the number of Left's stones and of
// cells, which parts of alike values share.
var Layout = tablebase.Layout{Name: "konane parts by stones and cells", Part: stonesAndCells}

// stonesAndCells returns Left's stones << 16 | the cells of a key.
func stonesAndCells(key []byte) uint32 {
	k, ok := ParseKey(key)
	if !ok {
		return 0
	}
	return uint32(bits.OnesCount64(k.Black))<<16 | uint32(bits.OnesCount64(k.Cells))
}
