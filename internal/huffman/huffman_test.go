package huffman

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRoundTrip codes random streams drawn from skewed and flat
// distributions and decodes them back, and checks that the code is within
// a bit of the entropy per symbol, as Huffman's codes are.
func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name    string
		symbols int
		skew    float64
	}{
		{"one symbol", 1, 1},
		{"two", 2, 1},
		{"skewed", 300, 1.5},
		{"flat", 5000, 0},
		{"very skewed", 100, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(tc.symbols)))
			stream := make([]uint32, 20000)
			freq := map[uint32]uint64{}
			for i := range stream {
				k := int(float64(tc.symbols) * math.Pow(rng.Float64(), 1+tc.skew))
				stream[i] = uint32(k*7919 + 3)
				freq[stream[i]]++
			}
			c, err := Build(freq)
			if err != nil {
				t.Fatal(err)
			}
			var w Writer
			for _, s := range stream {
				if err := c.Encode(&w, s); err != nil {
					t.Fatal(err)
				}
			}
			entropy := 0.0
			for _, n := range freq {
				p := float64(n) / float64(len(stream))
				entropy -= float64(n) * math.Log2(p)
			}
			if got := float64(w.Len()); got > entropy+float64(len(stream)) || got < entropy-1 {
				t.Errorf("%v bits for entropy %.0f", got, entropy)
			}
			// Decode from a copy of the description, as a reader of a file does.
			d, err := New(c.Symbols, c.Counts)
			if err != nil {
				t.Fatal(err)
			}
			r := NewReader(w.Bytes(), 0)
			for i, want := range stream {
				got, err := d.Decode(r)
				if err != nil || got != want {
					t.Fatalf("symbol %d: got %d, %v; want %d", i, got, err, want)
				}
			}
			end := NewReader(w.Bytes(), len(w.Bytes())*8)
			if _, err := d.Decode(end); !errors.Is(err, ErrShort) {
				t.Errorf("reading past the end: %v", err)
			}
		})
	}
}

// TestLongCodes gives Fibonacci frequencies, whose Huffman code would be
// longer than MaxLen: the code must still be a complete prefix code with
// no code longer than MaxLen, and decode.
func TestLongCodes(t *testing.T) {
	freq := map[uint32]uint64{}
	a, b := uint64(1), uint64(1)
	for i := range 45 {
		freq[uint32(i)] = a
		a, b = b, a+b
	}
	c, err := Build(freq)
	if err != nil {
		t.Fatal(err)
	}
	var w Writer
	for s := range uint32(45) {
		if err := c.Encode(&w, s); err != nil {
			t.Fatal(err)
		}
		if l := c.Bits(s); l > MaxLen || l < 1 {
			t.Fatalf("symbol %d: %d bits", s, l)
		}
	}
	r := NewReader(w.Bytes(), 0)
	for s := range uint32(45) {
		if got, err := c.Decode(r); err != nil || got != s {
			t.Fatalf("got %d, %v; want %d", got, err, s)
		}
	}
}

// TestBadCodes refuses descriptions that are not complete prefix codes.
func TestBadCodes(t *testing.T) {
	var over, under, mismatch [MaxLen + 1]int
	over[1] = 3
	under[2] = 3
	mismatch[1] = 2
	for name, tc := range map[string]struct {
		syms   []uint32
		counts [MaxLen + 1]int
	}{
		"overfull":  {[]uint32{1, 2, 3}, over},
		"not full":  {[]uint32{1, 2, 3}, under},
		"mismatch":  {[]uint32{1}, mismatch},
		"no symbol": {nil, [MaxLen + 1]int{}},
	} {
		if _, err := New(tc.syms, tc.counts); !errors.Is(err, ErrBadCode) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// FuzzDecode decodes arbitrary bytes with a fixed code: errors, never a
// panic or a read past the end.
func FuzzDecode(f *testing.F) {
	f.Add([]byte{0xff, 0x00, 0x12})
	c, err := Build(map[uint32]uint64{1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1000})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(data, 0)
		for range 8 * len(data) {
			if _, err := c.Decode(r); err != nil {
				return
			}
		}
	})
}

// TestReadZeros writes fields and runs of zeros ended by a one and reads
// them back with Read and Zeros, then runs past the end.
func TestReadZeros(t *testing.T) {
	var w Writer
	fields := []struct {
		v uint64
		n int
	}{{5, 3}, {0, 0}, {1<<32 - 1, 32}, {0, 1}}
	zeros := []int{0, 31, 33, 100}
	for i, f := range fields {
		w.Write(f.v, f.n)
		for z := zeros[i]; z > 0; z -= min(z, 32) {
			w.Write(0, min(z, 32))
		}
		w.Write(1, 1)
	}
	r := NewReader(w.Bytes(), 0)
	for i, f := range fields {
		v, err := r.Read(f.n)
		z, zerr := r.Zeros()
		if v != f.v || err != nil || z != zeros[i] || zerr != nil {
			t.Fatalf("field %d: %d %v, %d zeros %v", i, v, err, z, zerr)
		}
	}
	if r.Left() >= 8 {
		t.Fatalf("%d bits left", r.Left())
	}
	if _, err := r.Zeros(); err != ErrShort {
		t.Fatalf("zeros past the end: %v", err)
	}
	if _, err := NewReader([]byte{0xff}, 4).Read(5); err != ErrShort {
		t.Fatalf("a field past the end: %v", err)
	}
}

// TestSkip skips and decodes runs of symbols, codes of every length
// among them, and checks the symbol after each run against the stream; a
// run past the end of the bits is ErrShort.
func TestSkip(t *testing.T) {
	freq := map[uint32]uint64{}
	a, b := uint64(1), uint64(1)
	for i := range 40 {
		freq[uint32(i)] = a
		a, b = b, a+b
	}
	c, err := Build(freq)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(2, 2))
	stream := make([]uint32, 3000)
	var w Writer
	var starts []int // the bit where each symbol's code starts
	for i := range stream {
		stream[i] = uint32(rng.IntN(40))
		if i%7 != 0 {
			stream[i] = uint32(39 - rng.IntN(4)) // the most frequent, short codes
		}
		starts = append(starts, int(w.Len()))
		if err := c.Encode(&w, stream[i]); err != nil {
			t.Fatal(err)
		}
	}
	buf := w.Bytes()
	for range 2000 {
		from := rng.IntN(len(stream))
		n := rng.IntN(len(stream) - from)
		r := NewReader(buf, starts[from])
		if err := c.Skip(r, n); err != nil {
			t.Fatalf("skip %d from %d: %v", n, from, err)
		}
		if got, err := c.Decode(r); err != nil || got != stream[from+n] {
			t.Fatalf("skip %d from %d: got %d, %v; want %d", n, from, got, err, stream[from+n])
		}
		all := make([]uint32, n)
		if err := c.DecodeAll(NewReader(buf, starts[from]), all); err != nil || !slices.Equal(all, stream[from:from+n]) {
			t.Fatalf("decoding %d from %d: %v", n, from, err)
		}
	}
	r := NewReader(buf, 0)
	if err := c.Skip(r, len(stream)+8); !errors.Is(err, ErrShort) {
		t.Fatalf("skipping past the end: %v", err)
	}
}
