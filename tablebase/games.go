package tablebase

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"
	"sync"

	"github.com/cespare/xxhash/v2"
	bolt "go.etcd.io/bbolt"

	"github.com/tablebase/tablebase/cgt"
)

// Game is a canonical form in a file's games table: its options are IDs
// of games earlier in the table. ID 0 is always the game 0.
type Game struct {
	Left, Right []uint32
}

// gameBlockLen is the number of games packed into one block: 256 up to
// format version 2; 64 from version 3, so that several blocks share a
// bbolt page rather than each taking one of its own.
func gameBlockLen(format int) uint32 {
	if format >= 3 {
		return 64
	}
	return 256
}

// A games block is: uvarint count; the games; 8 bytes xxhash64 trailer.
// From format version 5 the games are bit-coded (encodeGameBits); before,
// per game uvarint #left, uvarint #right, then each side's options, sorted
// by ID: up to format version 2 each as uvarint(id - option); in versions
// 3 and 4 from the largest down, the first as uvarint(id - option) and
// each other as the gap from the one before.
func encodeGames(first uint32, games []Game, format int) []byte {
	buf := binary.AppendUvarint(nil, uint64(len(games)))
	if format >= bitGamesVersion {
		return seal(encodeGameBits(buf, first, games))
	}
	for i, g := range games {
		id := first + uint32(i)
		buf = binary.AppendUvarint(buf, uint64(len(g.Left)))
		buf = binary.AppendUvarint(buf, uint64(len(g.Right)))
		for _, side := range [][]uint32{g.Left, g.Right} {
			if format < 3 {
				for _, o := range side {
					buf = binary.AppendUvarint(buf, uint64(id-o))
				}
				continue
			}
			sideGaps(id, side, func(d uint64, _ bool) { buf = binary.AppendUvarint(buf, d+1) })
		}
	}
	return seal(buf)
}

func decodeGames(first uint32, data []byte, format int) ([]Game, error) {
	body, count, err := unseal(nil, data, int(gameBlockLen(format)))
	if err != nil {
		return nil, err
	}
	if format >= bitGamesVersion {
		return decodeGameBits(first, body, count)
	}
	r := bytes.NewReader(body)
	games := make([]Game, count)
	for i := range games {
		id := uint64(first) + uint64(i)
		nl, err1 := binary.ReadUvarint(r)
		nr, err2 := binary.ReadUvarint(r)
		if err1 != nil || err2 != nil || nl+nr > uint64(r.Len()) {
			return nil, ErrCorrupt
		}
		opts := make([]uint32, nl+nr)
		for _, side := range [][]uint32{opts[:nl], opts[nl:]} {
			prev := id
			for j := range side {
				d, err := binary.ReadUvarint(r)
				if err != nil || d == 0 || d > prev {
					return nil, ErrCorrupt
				}
				if format < 3 {
					side[j] = uint32(id - d)
					continue
				}
				prev -= d
				side[len(side)-1-j] = uint32(prev)
			}
		}
		games[i] = Game{Left: opts[:nl:nl], Right: opts[nl:]}
	}
	if r.Len() != 0 {
		return nil, ErrCorrupt
	}
	return games, nil
}

func gameKey(first uint32) []byte { return binary.BigEndian.AppendUint32(nil, first) }

// Game returns the game with the given ID in the file's games table.
func (f *File) Game(id uint32) (Game, error) {
	size := gameBlockLen(f.Meta().Format)
	first := id / size * size
	f.mu.Lock()
	games, ok := f.games[first]
	f.mu.Unlock()
	if !ok {
		err := f.view(func(tx *bolt.Tx) error {
			data := tx.Bucket(bucketGames).Get(gameKey(first))
			if data == nil {
				return damaged(f.path, "game %d is missing", id)
			}
			var err error
			if games, err = decodeGames(first, data, f.Meta().Format); err != nil {
				return damaged(f.path, "games block %d: %v", first, err)
			}
			return nil
		})
		if err != nil {
			return Game{}, err
		}
		f.mu.Lock()
		f.games[first] = games
		f.mu.Unlock()
	}
	if int(id-first) >= len(games) {
		return Game{}, damaged(f.path, "game %d is missing", id)
	}
	return games[id-first], nil
}

// Values resolves a file's game IDs into canonical forms of a Universe,
// each once. It is safe for concurrent use.
type Values struct {
	f     *File
	u     *cgt.Universe
	mu    sync.Mutex
	known map[uint32]cgt.ID
}

// NewValues returns a resolver from f's games table into u.
func NewValues(f *File, u *cgt.Universe) *Values {
	return &Values{f: f, u: u, known: map[uint32]cgt.ID{0: cgt.Zero}}
}

// Lookup returns the canonical form stored for key, if the file holds
// the key.
func (v *Values) Lookup(key []byte) (cgt.ID, bool, error) {
	id, ok, err := v.f.Lookup(key)
	if err != nil || !ok {
		return 0, false, err
	}
	g, err := v.Resolve(id)
	return g, err == nil, err
}

// Resolve returns the canonical form of game id.
func (v *Values) Resolve(id uint32) (cgt.ID, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.resolve(id)
}

func (v *Values) resolve(id uint32) (cgt.ID, error) {
	if g, ok := v.known[id]; ok {
		return g, nil
	}
	game, err := v.f.Game(id)
	if err != nil {
		return 0, err
	}
	side := func(opts []uint32) ([]cgt.ID, error) {
		if len(opts) > cgt.MaxOptions {
			return nil, fmt.Errorf("%s: game %d has %d options, more than a canonical form may have", v.f.path, id, len(opts))
		}
		out := make([]cgt.ID, len(opts))
		for i, o := range opts {
			if o >= id {
				return nil, fmt.Errorf("%s: game %d refers forward to %d", v.f.path, id, o)
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
	pending []Game
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
	game := Game{Left: side(in.u.Left(g)), Right: side(in.u.Right(g))}
	id := in.next
	in.next++
	in.ids[g] = id
	in.pending = append(in.pending, game)
	return id
}

// Take returns the games queued since the last call, in ID order, and the
// ID of the first.
func (in *Interner) Take() (first uint32, games []Game) {
	games, in.pending = in.pending, nil
	return in.next - uint32(len(games)), games
}
