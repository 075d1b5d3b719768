package tablebase

import (
	"math/bits"

	"github.com/tablebase/tablebase/internal/huffman"
)

// From format version 5 a games block is bit-coded (most significant bit
// first): after the uvarint count, two bytes k1 and k2, then for each game
// the Elias gamma codes of its Left and Right option counts plus one, and
// each side's options from the largest ID down, the first as the Rice code
// (parameter k1) of ID - option - 1, each other as the Rice code (k2) of
// previous option - option - 1. A Rice code of d is d >> k zeros, a one,
// and the k low bits of d. The bits are padded with zeros to a byte.

// bitGamesVersion is the first format version whose games blocks are
// bit-coded.
const bitGamesVersion = 5

// maxRice bounds a games block's Rice parameters.
const maxRice = 31

// encodeGameBits appends the bit-coded games of a block to buf.
func encodeGameBits(buf []byte, first uint32, games []Game) []byte {
	var firsts, rests []uint64
	for i, g := range games {
		for _, side := range [][]uint32{g.Left, g.Right} {
			sideGaps(first+uint32(i), side, func(d uint64, isFirst bool) {
				if isFirst {
					firsts = append(firsts, d)
				} else {
					rests = append(rests, d)
				}
			})
		}
	}
	k1, k2 := bestRice(firsts), bestRice(rests)
	buf = append(buf, byte(k1), byte(k2))
	var w huffman.Writer
	for i, g := range games {
		gamma(&w, uint64(len(g.Left))+1)
		gamma(&w, uint64(len(g.Right))+1)
		for _, side := range [][]uint32{g.Left, g.Right} {
			sideGaps(first+uint32(i), side, func(d uint64, isFirst bool) {
				k := k2
				if isFirst {
					k = k1
				}
				rice(&w, d, k)
			})
		}
	}
	return append(buf, w.Bytes()...)
}

// sideGaps calls fn with the gaps of one side's options (sorted by ID) of
// the game id, from the largest option down: the first as id - option - 1,
// each other as previous option - option - 1.
func sideGaps(id uint32, side []uint32, fn func(d uint64, isFirst bool)) {
	prev := id
	for j := len(side) - 1; j >= 0; j-- {
		fn(uint64(prev-side[j]-1), j == len(side)-1)
		prev = side[j]
	}
}

// decodeGameBits reads count bit-coded games of a block (its body after
// the count).
func decodeGameBits(first uint32, body []byte, count int) ([]Game, error) {
	if len(body) < 2 || body[0] > maxRice || body[1] > maxRice {
		return nil, ErrCorrupt
	}
	k1, k2 := int(body[0]), int(body[1])
	r := huffman.NewReader(body[2:], 0)
	games := make([]Game, count)
	for i := range games {
		id := uint64(first) + uint64(i)
		nl, err1 := readGamma(r)
		nr, err2 := readGamma(r)
		if err1 != nil || err2 != nil || nl == 0 || nr == 0 || nl-1+nr-1 > uint64(r.Left()) {
			return nil, ErrCorrupt
		}
		nl, nr = nl-1, nr-1
		opts := make([]uint32, nl+nr)
		for _, side := range [][]uint32{opts[:nl], opts[nl:]} {
			prev := id
			for j := range side {
				k := k2
				if prev == id {
					k = k1
				}
				d, err := readRice(r, k)
				if err != nil || d >= prev {
					return nil, ErrCorrupt
				}
				prev -= d + 1
				side[len(side)-1-j] = uint32(prev)
			}
		}
		games[i] = Game{Left: opts[:nl:nl], Right: opts[nl:]}
	}
	if r.Left() >= 8 {
		return nil, ErrCorrupt
	}
	return games, nil
}

// bestRice is the Rice parameter that codes ds in the fewest bits.
func bestRice(ds []uint64) int {
	best, bestBits := 0, uint64(1<<64-1)
	for k := 0; k <= maxRice; k++ {
		var n uint64
		for _, d := range ds {
			n += d>>k + 1 + uint64(k)
		}
		if n < bestBits {
			best, bestBits = k, n
		}
	}
	return best
}

// rice writes the Rice code of d with parameter k.
func rice(w *huffman.Writer, d uint64, k int) {
	for q := d >> k; ; q -= 32 {
		if q < 32 {
			w.Write(1, int(q)+1)
			break
		}
		w.Write(0, 32)
	}
	for k > 0 {
		n := min(k, 32)
		k -= n
		w.Write(d>>k, n)
	}
}

// readRice reads a Rice code with parameter k <= maxRice.
func readRice(r *huffman.Reader, k int) (uint64, error) {
	q, err := r.Zeros()
	if err != nil || q > 1<<32 {
		return 0, ErrCorrupt
	}
	low, err := r.Read(k)
	return uint64(q)<<k | low, err
}

// gamma writes the Elias gamma code of v >= 1: the bits of v after as
// many zeros as follow its leading one.
func gamma(w *huffman.Writer, v uint64) {
	n := bits.Len64(v)
	for z := n - 1; z > 0; z -= min(z, 32) {
		w.Write(0, min(z, 32))
	}
	for n > 0 {
		k := min(n, 32)
		n -= k
		w.Write(v>>n, k)
	}
}

// readGamma reads an Elias gamma code of a number below 2^32.
func readGamma(r *huffman.Reader) (uint64, error) {
	z, err := r.Zeros()
	if err != nil || z > 31 {
		return 0, ErrCorrupt
	}
	rest, err := r.Read(z)
	return 1<<z | rest, err
}
