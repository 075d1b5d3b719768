package mphf

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"

	"github.com/tablebase/tablebase/internal/mix"
)

// A Split function maps keys to slots in the manner of RecSplit (Esposito,
// Müller Graf and Vigna, "RecSplit: Minimal Perfect Hashing via Recursive
// Splitting", 2020), in under 1.9 bits a key where the cascade of Build
// takes e = 2.72.
//
// Keys fall into buckets of BucketSize on average (by the high bits of
// their hashes). A bucket of more than LeafSize keys is split in two by
// the first seed x for which exactly the planned number of its keys go
// left; each side is split again, down to leaves of at most LeafSize keys,
// each with the first seed that sends its keys to distinct slots. Each
// seed is Rice-coded with a parameter chosen by its node's size: a
// bucket's code is the low bits of its seeds in preorder, then their high
// parts in unary (zeros ended by a one), so that a lookup skips a subtree
// by its known count of low bits and of ones.
//
// The bits are a directory and then the codes. The directory has one entry
// per group of GroupBuckets buckets: the bit offset of the group's codes
// from the first code (OffsetBits wide), the keys of the buckets before
// the group (KeyBits wide), and each bucket's size (SizeBits wide).
//
// BuildSplit builds one; NewSplit makes one from a stored shape.
type Split struct {
	N          uint64  // keys, at least 1
	Buckets    uint64  // at least 1
	OffsetBits uint8   // width of a group's code offset
	SizeBits   uint8   // width of a bucket's size
	Params     []uint8 // Rice parameter of a node of m keys at m-2, for m = 2 to the largest bucket; never changed (shared)

	// For a subtree of m keys: its coded nodes, and their low bits.
	nodes, low []uint64
}

// Leaf and bucket sizes, and the buckets of a directory entry.
const (
	LeafSize     = 8
	BucketSize   = 200
	GroupBuckets = 16
)

// maxRiceParam bounds a stored Rice parameter; maxUnary bounds the unary
// part of a code a reader accepts.
const (
	maxRiceParam = 40
	maxUnary     = 1 << 16
)

// Stream reads the bits of a Split function.
type Stream interface {
	// Bits returns the 64 bits from bit i on, bit i the lowest; bits past
	// the end read as 0.
	Bits(i uint64) (uint64, error)
}

// ErrDamaged is returned by Slot when the bits cannot be a Split function.
var ErrDamaged = errors.New("mphf: damaged function")

// KeyBits is the width of a bucket's first key in the directory.
func (s *Split) KeyBits() int { return bits.Len64(s.N) }

// entryBits is the width of a directory entry.
func (s *Split) entryBits() uint64 {
	return uint64(s.OffsetBits) + uint64(s.KeyBits()) + GroupBuckets*uint64(s.SizeBits)
}

// codesStart is the bit of the first code.
func (s *Split) codesStart() uint64 {
	return (s.Buckets + GroupBuckets - 1) / GroupBuckets * s.entryBits()
}

// bucketOf is the bucket of hash h.
func bucketOf(h, buckets uint64) uint64 {
	hi, _ := bits.Mul64(h, buckets)
	return hi
}

// golden is the odd constant that spreads seeds and node sizes.
const golden = 0x9E3779B97F4A7C15

// below maps the hash of h under seed x at a node of m keys to [0, m).
func below(h, x uint64, m int) int {
	return fold(nodeHash(h, m), x, m)
}

// nodeHash and fold split below for the searches, which try many seeds
// for the same keys: below(h, x, m) = fold(nodeHash(h, m), x, m), as
// (x<<16 | m) * golden = (x * golden) << 16 + m * golden for m < 2^16.
func nodeHash(h uint64, m int) uint64 { return h + uint64(m)*golden }

func fold(hm, x uint64, m int) int {
	hi, _ := bits.Mul64(mix.Uint64(hm+(x*golden)<<16), uint64(m))
	return int(hi)
}

// leftOf is how many of a node's m keys (m > LeafSize) its left side gets:
// whole leaves, about half.
func leftOf(m int) int {
	return LeafSize * ((m + 2*LeafSize - 1) / (2 * LeafSize))
}

// NewSplit returns the Split function of the given shape, checking what a
// lookup relies on.
func NewSplit(n, buckets uint64, offsetBits, sizeBits uint8, params []uint8) (*Split, error) {
	if n == 0 || buckets == 0 || buckets > n || offsetBits > 64 || sizeBits > 32 {
		return nil, fmt.Errorf("%w: %d keys in %d buckets", ErrDamaged, n, buckets)
	}
	t, err := sharedTables(params, func() (*splitTables, error) { return newTables(params) })
	if err != nil {
		return nil, err
	}
	return &Split{N: n, Buckets: buckets, OffsetBits: offsetBits, SizeBits: sizeBits, Params: t.params, nodes: t.nodes, low: t.low}, nil
}

// newTables makes the tables of a Split function of the Rice parameters
// params.
func newTables(params []uint8) (*splitTables, error) {
	t := &splitTables{params: bytes.Clone(params), nodes: make([]uint64, len(params)+2), low: make([]uint64, len(params)+2)}
	for m := 2; m < len(t.nodes); m++ {
		k := params[m-2]
		if k > maxRiceParam {
			return nil, fmt.Errorf("%w: Rice parameter %d", ErrDamaged, k)
		}
		t.nodes[m], t.low[m] = 1, uint64(k)
		if m > LeafSize {
			l := leftOf(m)
			t.nodes[m] += t.nodes[l] + t.nodes[m-l]
			t.low[m] += t.low[l] + t.low[m-l]
		}
	}
	return t, nil
}

// BuildSplit returns a Split function of hashes, which it sorts, and its
// bits (bit i at word i/64, bit i%64). Buckets are coded on all cores.
func BuildSplit(hashes []uint64) (*Split, []uint64, error) {
	slices.Sort(hashes)
	for i := 1; i < len(hashes); i++ {
		if hashes[i] == hashes[i-1] {
			return nil, nil, ErrRepeat
		}
	}
	n := uint64(len(hashes))
	if n == 0 {
		return nil, nil, fmt.Errorf("mphf: no keys")
	}
	buckets := (n + BucketSize - 1) / BucketSize
	// Sorted hashes are in bucket order: find each bucket's first key.
	starts := make([]uint64, buckets+1)
	var largest uint64
	for i, b := uint64(0), uint64(0); b < buckets; b++ {
		starts[b] = i
		for i < n && bucketOf(hashes[i], buckets) == b {
			i++
		}
		largest = max(largest, i-starts[b])
	}
	starts[buckets] = n
	var params []uint8
	for m := 2; m <= int(largest); m++ {
		params = append(params, riceParam(m))
	}
	s, err := NewSplit(n, buckets, 0, uint8(bits.Len64(largest)), params)
	if err != nil {
		return nil, nil, err
	}

	// Code the buckets in chunks, one goroutine a chunk.
	workers := min(runtime.GOMAXPROCS(0), int(buckets))
	chunk := func(w int) uint64 { return buckets * uint64(w) / uint64(workers) }
	codes := make([]bitWriter, workers)
	begins := make([]uint64, buckets) // each bucket's code start, in its chunk
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var scratch []uint64
			var seeds []seed
			for b := chunk(w); b < chunk(w+1); b++ {
				begins[b] = codes[w].n
				seeds, scratch = s.code(seeds[:0], hashes[starts[b]:starts[b+1]], scratch)
				for _, x := range seeds {
					codes[w].write(x.x, int(x.k))
				}
				for _, x := range seeds {
					codes[w].unary(x.x >> x.k)
				}
			}
		}()
	}
	wg.Wait()

	// Each chunk's first code, from the first code.
	bases := make([]uint64, workers+1)
	for w := range workers {
		bases[w+1] = bases[w] + codes[w].n
	}
	s.OffsetBits = uint8(bits.Len64(bases[workers]))
	var out bitWriter
	for first, w := uint64(0), 0; first < buckets; first += GroupBuckets {
		for chunk(w+1) <= first {
			w++
		}
		out.write(bases[w]+begins[first], int(s.OffsetBits))
		out.write(starts[first], s.KeyBits())
		for b := first; b < first+GroupBuckets; b++ {
			var size uint64
			if b < buckets {
				size = starts[b+1] - starts[b]
			}
			out.write(size, int(s.SizeBits))
		}
	}
	for w := range workers {
		out.append(&codes[w])
	}
	return s, out.words, nil
}

// seed is a node's seed and its Rice parameter.
type seed struct {
	x uint64
	k uint8
}

// code appends the seeds of a node's keys in preorder, reordering keys;
// scratch is reused for partitions.
func (s *Split) code(seeds []seed, keys, scratch []uint64) ([]seed, []uint64) {
	m := len(keys)
	if m <= 1 {
		return seeds, scratch
	}
	k := s.Params[m-2]
	if m <= LeafSize {
		var hm [LeafSize]uint64
		for i, h := range keys {
			hm[i] = nodeHash(h, m)
		}
		for x := uint64(0); ; x++ {
			var seen uint32
			ok := true
			for _, h := range hm[:m] {
				bit := uint32(1) << fold(h, x, m)
				if seen&bit != 0 {
					ok = false
					break
				}
				seen |= bit
			}
			if ok {
				return append(seeds, seed{x, k}), scratch
			}
		}
	}
	left := leftOf(m)
	scratch = scratch[:0]
	for _, h := range keys {
		scratch = append(scratch, nodeHash(h, m))
	}
	x := uint64(0)
	for ; ; x++ {
		c := 0
		for _, h := range scratch {
			if fold(h, x, m) < left {
				c++
			}
		}
		if c == left {
			break
		}
	}
	seeds = append(seeds, seed{x, k})
	scratch = append(scratch[:0], keys...)
	l, r := 0, left
	for _, h := range scratch {
		if below(h, x, m) < left {
			keys[l] = h
			l++
		} else {
			keys[r] = h
			r++
		}
	}
	seeds, scratch = s.code(seeds, keys[:left], scratch)
	return s.code(seeds, keys[left:], scratch)
}

// riceParam is the Rice parameter that codes the seed of a node of m keys
// in the fewest bits on average: the seed is geometric, with the
// probability that one seed succeeds. (Only builds compute it: a function
// stores its parameters, so that lookups need no floating point.)
func riceParam(m int) uint8 {
	var logp float64
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x + 1)); return v }
	if m <= LeafSize {
		logp = lg(m) - float64(m)*math.Log(float64(m))
	} else {
		l := leftOf(m)
		r := m - l
		logp = lg(m) - lg(l) - lg(r) + float64(l)*math.Log(float64(l)/float64(m)) + float64(r)*math.Log(float64(r)/float64(m))
	}
	best, bestBits := 0, math.Inf(1)
	for k := 0; k <= maxRiceParam; k++ {
		// E[seed >> k] = q^(2^k) / (1 - q^(2^k)), q = 1 - p.
		qk := math.Exp(math.Ldexp(1, k) * math.Log1p(-math.Exp(logp)))
		b := float64(k) + 1 + qk/(1-qk)
		if b < bestBits {
			best, bestBits = k, b
		}
	}
	return uint8(best)
}

// Slot returns the slot of the key with hash h, in [0, N) for a key of the
// set and any slot in [0, N) for another hash.
func (s *Split) Slot(h uint64, st Stream) (uint64, error) {
	b := bucketOf(h, s.Buckets)
	r := newReader(st, b/GroupBuckets*s.entryBits())
	offset, err := r.fixed(int(s.OffsetBits))
	if err != nil {
		return 0, err
	}
	slot, err := r.fixed(s.KeyBits())
	if err != nil {
		return 0, err
	}
	var group [GroupBuckets]uint64
	sizes := group[:b%GroupBuckets+1]
	for i := range sizes {
		if sizes[i], err = r.fixed(int(s.SizeBits)); err != nil {
			return 0, err
		}
		if sizes[i] >= uint64(len(s.nodes)) {
			return 0, fmt.Errorf("%w: a bucket of %d keys", ErrDamaged, sizes[i])
		}
	}
	r.pos = s.codesStart() + offset
	for _, m := range sizes[:len(sizes)-1] {
		slot += m
		if err := s.skip(&r, m); err != nil {
			return 0, err
		}
	}
	return s.inBucket(h, st, b, slot, sizes[len(sizes)-1], r.pos)
}

// inBucket returns the slot of hash h in its bucket b, of m keys from
// key slot on, whose code starts at bit pos.
func (s *Split) inBucket(h uint64, st Stream, b, slot, m, pos uint64) (uint64, error) {
	if slot+m > s.N {
		return 0, fmt.Errorf("%w: bucket %d ends at key %d of %d", ErrDamaged, b, slot+m, s.N)
	}
	if m == 0 {
		return min(slot, s.N-1), nil
	}
	r := newReader(st, pos)
	u := newReader(st, r.pos+s.low[m])
	for m > 1 {
		k := int(s.Params[m-2])
		low, err := r.fixed(k)
		if err != nil {
			return 0, err
		}
		high, err := u.unary()
		if err != nil {
			return 0, err
		}
		x := high<<k | low
		if m <= LeafSize {
			return slot + uint64(below(h, x, int(m))), nil
		}
		left := uint64(leftOf(int(m)))
		if uint64(below(h, x, int(m))) < left {
			m = left
			continue
		}
		r.pos += s.low[left]
		if err := u.skipOnes(s.nodes[left]); err != nil {
			return 0, err
		}
		slot += left
		m -= left
	}
	return slot, nil
}

// skip passes over the code of a bucket of m keys.
func (s *Split) skip(r *reader, m uint64) error {
	r.pos += s.low[m]
	return r.skipOnes(s.nodes[m])
}

// reader decodes fields and unary codes from a Stream, from Words
// directly when the Stream is one.
type reader struct {
	st    Stream
	words Words
	pos   uint64
}

// newReader returns a reader of st from bit pos on.
func newReader(st Stream, pos uint64) reader {
	w, _ := st.(Words)
	return reader{st: st, words: w, pos: pos}
}

// bits returns the 64 bits from r.pos on.
func (r *reader) bits() (uint64, error) {
	if r.words != nil {
		return r.words.Bits(r.pos)
	}
	return r.st.Bits(r.pos)
}

// fixed reads a field of k <= 64 bits.
func (r *reader) fixed(k int) (uint64, error) {
	if k == 0 {
		return 0, nil
	}
	v, err := r.bits()
	r.pos += uint64(k)
	if k < 64 {
		v &= 1<<k - 1
	}
	return v, err
}

// unary reads a count of zeros ended by a one.
func (r *reader) unary() (uint64, error) {
	var q uint64
	for {
		v, err := r.bits()
		if err != nil {
			return 0, err
		}
		if v != 0 {
			z := uint64(bits.TrailingZeros64(v))
			r.pos += z + 1
			return q + z, nil
		}
		q += 64
		r.pos += 64
		if q > maxUnary {
			return 0, fmt.Errorf("%w: a code longer than %d bits", ErrDamaged, maxUnary)
		}
	}
}

// skipOnes passes over the next c ones and the zeros before them.
func (r *reader) skipOnes(c uint64) error {
	limit := r.pos + (c+1)*maxUnary
	for c > 0 {
		v, err := r.bits()
		if err != nil {
			return err
		}
		if ones := uint64(bits.OnesCount64(v)); ones < c {
			c -= ones
			r.pos += 64
			if r.pos > limit {
				return fmt.Errorf("%w: codes longer than %d bits", ErrDamaged, maxUnary)
			}
			continue
		}
		for ; c > 1; c-- {
			v &= v - 1
		}
		r.pos += uint64(bits.TrailingZeros64(v)) + 1
		return nil
	}
	return nil
}

// bitWriter appends bits to words, the lowest bit first.
type bitWriter struct {
	words []uint64
	n     uint64 // bits written
}

// write appends the k <= 64 low bits of v.
func (w *bitWriter) write(v uint64, k int) {
	if k == 0 {
		return
	}
	if k < 64 {
		v &= 1<<k - 1
	}
	off := int(w.n % 64)
	if off == 0 {
		w.words = append(w.words, v)
	} else {
		w.words[len(w.words)-1] |= v << off
		if off+k > 64 {
			w.words = append(w.words, v>>(64-off))
		}
	}
	w.n += uint64(k)
}

// unary appends q zeros and a one.
func (w *bitWriter) unary(q uint64) {
	for ; q >= 63; q -= 63 {
		w.write(0, 63)
	}
	w.write(1<<q, int(q)+1)
}

// append appends the bits of o.
func (w *bitWriter) append(o *bitWriter) {
	for i, x := range o.words {
		k := 64
		if rest := o.n - uint64(i)*64; rest < 64 {
			k = int(rest)
		}
		w.write(x, k)
	}
}

// Words is a Stream over words in memory.
type Words []uint64

// Bits implements Stream.
func (m Words) Bits(i uint64) (uint64, error) {
	w, o := i/64, i%64
	var lo, hi uint64
	if w < uint64(len(m)) {
		lo = m[w]
	}
	if o == 0 {
		return lo, nil
	}
	if w+1 < uint64(len(m)) {
		hi = m[w+1]
	}
	return lo>>o | hi<<(64-o), nil
}
