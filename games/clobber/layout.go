package clobber

import (
	"math/bits"

	"github.com/tablebase/tablebase/tablebase"
)

// Layout is how a Clobber file's compact levels are laid out: each level
// (the groups of n stones) split by the number of Left's stones and the
// number of adjacent pairs of opposite stones (each a move for both
// players), which groups of alike values share.
var Layout = tablebase.Layout{Name: "clobber groups by stones and contacts", Part: stonesAndContacts}

// stonesAndContacts returns Left's stones << 16 | the contacts of a key.
func stonesAndContacts(key []byte) uint32 {
	k, ok := ParseKey(key)
	if !ok || k.W == 0 {
		return 0
	}
	w := uint(k.W)
	var lastCol uint64
	for r := range uint(k.H) {
		lastCol |= 1 << (r*w + w - 1)
	}
	across := k.Stones & (k.Stones >> 1) &^ lastCol & (k.Black ^ k.Black>>1)
	down := k.Stones & (k.Stones >> w) & (k.Black ^ k.Black>>w)
	return uint32(bits.OnesCount64(k.Black))<<16 | uint32(bits.OnesCount64(across)+bits.OnesCount64(down))
}
