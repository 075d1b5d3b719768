package snort

import (
	"math/bits"

	"github.com/tablebase/tablebase/tablebase"
)

// Layout is how a Snort or Col file's compact levels are laid out: each
// level (the groups of n cells) split by the number of cells only Left
// may colour and the number only Right may, which groups of alike values
// share.
var Layout = tablebase.Layout{Name: "snort groups by one-sided cells", Part: oneSided}

// oneSided returns Left's one-sided cells << 8 | Right's of a key.
func oneSided(key []byte) uint32 {
	k, ok := ParseKey(key)
	if !ok {
		return 0
	}
	return uint32(bits.OnesCount64(k.L&^k.R))<<8 | uint32(bits.OnesCount64(k.R&^k.L))
}
