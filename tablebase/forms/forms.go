// Package forms joins a tablebase file's games table to the value
// algebra: a Reader turns the table's IDs into canonical forms of a
// cgt.Universe, and an Interner numbers canonical forms for writing a
// table. The file layer itself (package tablebase) knows games only as
// lists of option IDs.
package forms

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/cespare/xxhash/v2"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/tablebase"
)

// Reader resolves a file's game IDs into canonical forms of a Universe,
// each once. It is safe for concurrent use.
type Reader struct {
	f *tablebase.File
	u *cgt.Universe
	// seen[id] is the form of game id plus one once resolved, 0 before:
	// a game resolved is read without a lock.
	seen  []atomic.Uint32
	mu    sync.Mutex
	known map[uint32]cgt.ID
}

// seenGames bounds the games a Reader reads without a lock; the games
// past it (in a file of more) take the lock.
const seenGames = 1 << 24

// NewReader returns a resolver from f's games table into u.
func NewReader(f *tablebase.File, u *cgt.Universe) *Reader {
	n := min(max(f.Meta().Games, 0)+1, seenGames)
	return &Reader{f: f, u: u, seen: make([]atomic.Uint32, n), known: map[uint32]cgt.ID{0: cgt.Zero}}
}

// Lookup returns the canonical form stored for key, if the file holds
// the key.
func (v *Reader) Lookup(key []byte) (cgt.ID, bool, error) {
	id, ok, err := v.f.Lookup(key)
	if err != nil || !ok {
		return 0, false, err
	}
	g, err := v.Resolve(id)
	return g, err == nil, err
}

// Resolve returns the canonical form of game id.
func (v *Reader) Resolve(id uint32) (cgt.ID, error) {
	if int64(id) < int64(len(v.seen)) {
		if g := v.seen[id].Load(); g != 0 {
			return cgt.ID(g - 1), nil
		}
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	g, err := v.resolve(id)
	if err == nil && int64(id) < int64(len(v.seen)) && g < cgt.ID(math.MaxUint32) {
		v.seen[id].Store(uint32(g) + 1)
	}
	return g, err
}

func (v *Reader) resolve(id uint32) (cgt.ID, error) {
	if g, ok := v.known[id]; ok {
		return g, nil
	}
	game, err := v.f.Game(id)
	if err != nil {
		return 0, err
	}
	side := func(opts []uint32) ([]cgt.ID, error) {
		if len(opts) > cgt.MaxOptions {
			return nil, fmt.Errorf("%s: game %d has %d options, more than a canonical form may have", v.f.Path(), id, len(opts))
		}
		out := make([]cgt.ID, len(opts))
		for i, o := range opts {
			if o >= id {
				return nil, fmt.Errorf("%s: game %d refers forward to %d", v.f.Path(), id, o)
			}
			g, err := v.resolve(o)
			if err != nil {
				return nil, err
			}
			out[i] = g
		}
		return out, nil
	}
	l, err := side(game.Left)
	if err != nil {
		return 0, err
	}
	r, err := side(game.Right)
	if err != nil {
		return 0, err
	}
	g := v.u.FromOptions(l, r)
	v.known[id] = g
	return g, nil
}

// Interner numbers canonical forms for writing into a games table: each
// form gets the next ID after its options have theirs, visiting options in
// an order that depends only on the forms themselves, so that a table is
// numbered the same way in every run. It is not safe for concurrent use.
type Interner struct {
	u       *cgt.Universe
	ids     map[cgt.ID]uint32
	prints  map[cgt.ID]uint64
	pending []tablebase.Game
	next    uint32
}

// NewInterner returns an Interner for a games table that already holds
// the forms of known (in ID order; known[0] must be 0).
func NewInterner(u *cgt.Universe, known []cgt.ID) *Interner {
	in := &Interner{u: u, ids: map[cgt.ID]uint32{cgt.Zero: 0}, prints: map[cgt.ID]uint64{}, next: 1}
	for i, g := range known {
		in.ids[g] = uint32(i)
	}
	if len(known) > 0 {
		in.next = uint32(len(known))
	}
	return in
}

// fingerprint hashes the structure of g, independently of universe IDs.
func (in *Interner) fingerprint(g cgt.ID) uint64 {
	if p, ok := in.prints[g]; ok {
		return p
	}
	side := func(opts []cgt.ID) []uint64 {
		out := make([]uint64, len(opts))
		for i, o := range opts {
			out[i] = in.fingerprint(o)
		}
		slices.Sort(out)
		return out
	}
	buf := binary.AppendUvarint(nil, uint64(len(in.u.Left(g))))
	for _, p := range slices.Concat(side(in.u.Left(g)), side(in.u.Right(g))) {
		buf = binary.LittleEndian.AppendUint64(buf, p)
	}
	p := xxhash.Sum64(buf)
	in.prints[g] = p
	return p
}

// ID returns the table ID of g, queueing g and its followers if new.
func (in *Interner) ID(g cgt.ID) uint32 {
	if id, ok := in.ids[g]; ok {
		return id
	}
	side := func(opts []cgt.ID) []uint32 {
		ordered := slices.Clone(opts)
		slices.SortStableFunc(ordered, func(a, b cgt.ID) int { return cmp.Compare(in.fingerprint(a), in.fingerprint(b)) })
		out := make([]uint32, len(ordered))
		for i, o := range ordered {
			out[i] = in.ID(o)
		}
		slices.Sort(out)
		return out
	}
	game := tablebase.Game{Left: side(in.u.Left(g)), Right: side(in.u.Right(g))}
	id := in.next
	in.next++
	in.ids[g] = id
	in.pending = append(in.pending, game)
	return id
}

// Take returns the games queued since the last call, in ID order, and the
// ID of the first.
func (in *Interner) Take() (first uint32, games []tablebase.Game) {
	games, in.pending = in.pending, nil
	return in.next - uint32(len(games)), games
}
