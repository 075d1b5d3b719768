// Package mphf builds minimal perfect hash functions over 64-bit hashes of
// keys, two kinds. Split (BuildSplit) recursively splits buckets of keys in
// the manner of RecSplit, in under 1.9 bits a key. The cascade (Build) is
// in the manner of BBHash (Limasset, Rizk, Chikhi and Peterlongo, "Fast
// and scalable minimal perfect hashing for massive key sets", 2017): bit
// arrays, each as long as the keys still unplaced; a key lands in the
// first array where no other unplaced key shares its bit, and its slot is
// the number of set bits before that bit. About e = 2.72 bits a key; a
// lookup reads e arrays on average.
//
// A set of hashes with a repeat cannot be built (ErrRepeat): the caller
// hashes its keys again with another seed.
package mphf

import (
	"errors"
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/internal/mix"
)

// Shape is where each array lies in the concatenated bits, and the hashes
// left over after the last array, which take the slots after every set bit.
type Shape struct {
	Sizes     []uint64 // bits of each array, multiples of 64
	Leftovers []uint64 // sorted
	Placed    uint64   // keys placed in the arrays: their set bits
}

// Bits reads the concatenated arrays.
type Bits interface {
	// Get reports whether bit i is set and how many bits before it are.
	Get(i uint64) (set bool, rank uint64, err error)
}

// maxArrays bounds the cascade; the keys still unplaced then are listed.
const maxArrays = 40

// fewLeft is the number of keys listed rather than given another array.
const fewLeft = 32

// ErrRepeat is returned when two keys have the same hash.
var ErrRepeat = errors.New("mphf: two keys have the same hash")

// Build returns the shape and the concatenated arrays (64 bits a word,
// bit i of the concatenation at word i/64, bit i%64) for hashes, which it
// reorders.
func Build(hashes []uint64) (Shape, []uint64, error) {
	var s Shape
	var words []uint64
	left := hashes
	for a := 0; len(left) > fewLeft && a < maxArrays; a++ {
		size := (uint64(len(left)) + 63) / 64 * 64
		set := make([]uint64, size/64)
		twice := make([]uint64, size/64)
		for _, h := range left {
			p := position(h, a, size)
			w, b := p/64, uint64(1)<<(p%64)
			twice[w] |= set[w] & b
			set[w] |= b
		}
		for i := range set {
			set[i] &^= twice[i]
		}
		// Keep the keys that collided, at the front.
		n := 0
		for _, h := range left {
			p := position(h, a, size)
			if twice[p/64]&(1<<(p%64)) != 0 {
				left[n] = h
				n++
			}
		}
		left = left[:n]
		s.Sizes = append(s.Sizes, size)
		words = append(words, set...)
	}
	s.Placed = uint64(len(hashes) - len(left))
	s.Leftovers = slices.Clone(left)
	slices.Sort(s.Leftovers)
	for i := 1; i < len(s.Leftovers); i++ {
		if s.Leftovers[i] == s.Leftovers[i-1] {
			return Shape{}, nil, ErrRepeat
		}
	}
	return s, words, nil
}

// position is the bit of array a (of size bits) that hash h falls on.
func position(h uint64, a int, size uint64) uint64 {
	hi, _ := bits.Mul64(mix.Uint64(h+uint64(a+1)*0x9E3779B97F4A7C15), size)
	return hi
}

// Slot returns the slot of the key with hash h, in [0, n) for a key of
// the set; for a hash outside the set it returns any slot, or false.
func (s Shape) Slot(h uint64, b Bits) (uint64, bool, error) {
	var base uint64
	for a, size := range s.Sizes {
		set, rank, err := b.Get(base + position(h, a, size))
		if err != nil || set {
			return rank, set, err
		}
		base += size
	}
	i, found := slices.BinarySearch(s.Leftovers, h)
	return s.Placed + uint64(i), found, nil
}

// Memory is Bits over words in memory, with a rank count every 8 words.
type Memory struct {
	words []uint64
	ranks []uint64 // set bits before each group of 8 words
}

// NewMemory indexes words for Slot.
func NewMemory(words []uint64) *Memory {
	m := &Memory{words: words, ranks: make([]uint64, (len(words)+7)/8)}
	var n uint64
	for i, w := range words {
		if i%8 == 0 {
			m.ranks[i/8] = n
		}
		n += uint64(bits.OnesCount64(w))
	}
	return m
}

// Get implements Bits for a bit of the words.
func (m *Memory) Get(i uint64) (bool, uint64, error) {
	w := i / 64
	rank := m.ranks[w/8]
	for j := w / 8 * 8; j < w; j++ {
		rank += uint64(bits.OnesCount64(m.words[j]))
	}
	word := m.words[w]
	bit := uint64(1) << (i % 64)
	rank += uint64(bits.OnesCount64(word & (bit - 1)))
	return word&bit != 0, rank, nil
}
