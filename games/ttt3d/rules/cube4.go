package rules

// The 192 symmetries of the 4x4x4 board by bit operations. Cell
// 16i+4j+k has coordinates (i, j, k), two bits each of the cell's index;
// every symmetry permutes those index bits or flips some of them, so
// each generator below is a few delta swaps. The group is the 48 of the
// cube (coordinates reversed, index XOR 3, and reordered, bit pairs
// swapped) times two maps applied to every coordinate at once: (0 1)(2 3)
// (index XOR 21) and (1 2) (the two bits of each coordinate swapped). As
// on 3x3x3, a walk visits all 192 images one generator a step.

// swapBits exchanges index bits i < j of every cell of s: mask holds the
// cells whose index has bit i set and bit j clear (the constant named
// swap followed by i and j, below), which trade places with the cells
// 2^j - 2^i above.
func swapBits(s, mask uint64, i, j uint) uint64 {
	return deltaSwap(s, mask, 1<<j-1<<i)
}

// The masks of swapBits for index bits i and j (TestSwapMasks).
const (
	swap01 = 0x2222222222222222
	swap02 = 0x0a0a0a0a0a0a0a0a
	swap13 = 0x00cc00cc00cc00cc
	swap23 = 0x00f000f000f000f0
	swap24 = 0x0000f0f00000f0f0
	swap35 = 0x00000000ff00ff00
	swap45 = 0x00000000ffff0000
)

// Index bit b clear: XOR of the index by 1<<b swaps these with the cells
// 1<<b above.
const (
	bit0 = 0x5555555555555555
	bit1 = 0x3333333333333333
	bit2 = 0x0f0f0f0f0f0f0f0f
	bit3 = 0x00ff00ff00ff00ff
	bit4 = 0x0000ffff0000ffff
	bit5 = 0x00000000ffffffff
)

// The generators of the 4x4x4 walk (the cube's codes of cube3.go, then
// the two maps on every coordinate).
const (
	genInner  = genIJ + 1 + iota // (0 1)(2 3) on every coordinate
	genMiddle                    // (1 2) on every coordinate
)

// The generators, written out for canonical4.
func flipK4(s uint64) uint64 { return deltaSwap(deltaSwap(s, bit0, 1), bit1, 2) }
func flipJ4(s uint64) uint64 { return deltaSwap(deltaSwap(s, bit2, 4), bit3, 8) }
func flipI4(s uint64) uint64 { return deltaSwap(deltaSwap(s, bit4, 16), bit5, 32) }
func swapJK4(s uint64) uint64 {
	return swapBits(swapBits(s, swap02, 0, 2), swap13, 1, 3)
}
func swapIJ4(s uint64) uint64 {
	return swapBits(swapBits(s, swap24, 2, 4), swap35, 3, 5)
}
func inner4(s uint64) uint64 {
	return deltaSwap(deltaSwap(deltaSwap(s, bit0, 1), bit2, 4), bit4, 16)
}
func middle4(s uint64) uint64 {
	return swapBits(swapBits(swapBits(s, swap01, 0, 1), swap23, 2, 3), swap45, 4, 5)
}

func apply4(gen uint8, s uint64) uint64 {
	switch gen {
	case genK:
		return flipK4(s)
	case genJ:
		return flipJ4(s)
	case genI:
		return flipI4(s)
	case genJK:
		return swapJK4(s)
	case genIJ:
		return swapIJ4(s)
	case genInner:
		return inner4(s)
	}
	return middle4(s)
}

// cube4Walk lists the generator applied at each step of the walk: the
// cube's 48 (cube3Walk's steps) four times, joined by the maps on every
// coordinate. TestCube4Walk checks that it visits each of the 192 once.
var cube4Walk = func() []uint8 {
	var w []uint8
	for i, join := range []uint8{genInner, genMiddle, genInner, 0} {
		w = append(w, cube3Walk...)
		if i < 3 {
			w = append(w, join)
		}
	}
	return w
}()

// canonical4 is Canonical on the 4x4x4 board, by the walk, written out
// in the order of cube4Walk as canonical3 is.
func (b *Board) canonical4(x, y uint64) (ca, cb uint64, g int) {
	ca, cb = x, y
	best, i := 0, 0
	keep := func() {
		i++
		if x < ca || x == ca && y < cb {
			ca, cb, best = x, y, i
		}
	}
	for c := range 4 {
		for p := range 6 {
			x, y = flipK4(x), flipK4(y)
			keep()
			x, y = flipJ4(x), flipJ4(y)
			keep()
			x, y = flipK4(x), flipK4(y)
			keep()
			x, y = flipI4(x), flipI4(y)
			keep()
			x, y = flipK4(x), flipK4(y)
			keep()
			x, y = flipJ4(x), flipJ4(y)
			keep()
			x, y = flipK4(x), flipK4(y)
			keep()
			switch p {
			case 5:
			case 0, 2, 4:
				x, y = swapJK4(x), swapJK4(y)
				keep()
			default:
				x, y = swapIJ4(x), swapIJ4(y)
				keep()
			}
		}
		switch c {
		case 3:
		case 1:
			x, y = middle4(x), middle4(y)
			keep()
		default:
			x, y = inner4(x), inner4(y)
			keep()
		}
	}
	return ca, cb, b.walk[best]
}
