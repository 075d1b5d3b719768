package tablebase

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	bolt "go.etcd.io/bbolt"
)

func key(prefix byte, lo uint64) []byte {
	return binary.BigEndian.AppendUint64([]byte{prefix, 7}, lo)
}

func TestBlocksRoundTripAndCatchCorruption(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	var entries []Entry
	lo := uint64(0)
	for i := range BlockSize {
		prefix := byte(i / 100)
		if i%3 == 0 {
			lo |= 1 << uint(rng.IntN(64)) // a far key a bit or two away
		}
		lo += 1 + uint64(rng.IntN(1<<uint(rng.IntN(40))))
		entries = append(entries, Entry{Key: key(prefix, lo), Value: rng.Uint32()})
	}
	slices.SortFunc(entries, func(a, b Entry) int { return strings.Compare(string(a.Key), string(b.Key)) })
	entries = slices.CompactFunc(entries, func(a, b Entry) bool { return string(a.Key) == string(b.Key) })
	for format := 1; format <= FormatVersion; format++ {
		data, n := nextBlock(entries, format)
		if n != len(entries) {
			t.Fatalf("format %d: a block of %d entries, want %d", format, n, len(entries))
		}
		got, err := decodeBlock(entries[0].Key, data, format)
		if err != nil {
			t.Fatal(err)
		}
		for i := range entries {
			if string(got[i].Key) != string(entries[i].Key) || got[i].Value != entries[i].Value {
				t.Fatalf("format %d, entry %d: %x=%d, want %x=%d", format, i, got[i].Key, got[i].Value, entries[i].Key, entries[i].Value)
			}
		}
		for i := range data {
			bad := slices.Clone(data)
			bad[i] ^= 0x10
			if _, err := decodeBlock(entries[0].Key, bad, format); err == nil {
				t.Fatalf("format %d: flipping a bit of byte %d went unnoticed", format, i)
			}
		}
		// In format version 2 the checksum covers the first key, which
		// bbolt keeps apart from the block.
		other := slices.Clone(entries[0].Key)
		other[len(other)-1] ^= 1
		if _, err := decodeBlock(other, data, format); (format >= 2) != (err != nil) {
			t.Fatalf("format %d: another first key gives %v", format, err)
		}
	}
	// Keys that differ in few bits are coded as the bits flipped.
	v2, _ := nextBlock(entries, 2)
	if v3, _ := nextBlock(entries, 3); len(v3) >= len(v2) {
		t.Errorf("format 3 block of %d bytes, format 2 %d", len(v3), len(v2))
	}
}

// TestBlocksCutBySize cuts a long run of entries into blocks: up to format
// version 3 at 256 entries, from version 4 each block as many entries as
// fill one page, and every block reads back.
func TestBlocksCutBySize(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	var entries []Entry
	lo := uint64(0)
	for range 20000 {
		lo += 1 + uint64(rng.IntN(1<<uint(rng.IntN(30))))
		entries = append(entries, Entry{Key: key(1, lo), Value: uint32(rng.IntN(1 << uint(rng.IntN(20))))})
	}
	for format := 1; format <= FormatVersion; format++ {
		var got []Entry
		blocks := 0
		for rest := entries; len(rest) > 0; blocks++ {
			data, n := nextBlock(rest, format)
			switch {
			case format < 4 && n != min(BlockSize, len(rest)):
				t.Fatalf("format %d: a block of %d entries", format, n)
			case format >= 4 && len(data) > blockBytes(len(rest[0].Key)):
				t.Fatalf("format %d: a block of %d bytes", format, len(data))
			case format >= 4 && n < len(rest) && len(data) < blockBytes(len(rest[0].Key))-20:
				t.Fatalf("format %d: a block of %d bytes leaves room for more", format, len(data))
			}
			decoded, err := decodeBlock(rest[0].Key, data, format)
			if err != nil {
				t.Fatalf("format %d: %v", format, err)
			}
			got = append(got, decoded...)
			rest = rest[n:]
		}
		if len(got) != len(entries) {
			t.Fatalf("format %d: %d entries read back, want %d", format, len(got), len(entries))
		}
		for i := range got {
			if string(got[i].Key) != string(entries[i].Key) || got[i].Value != entries[i].Value {
				t.Fatalf("format %d, entry %d: %x=%d", format, i, got[i].Key, got[i].Value)
			}
		}
		if format >= 4 && blocks >= (len(entries)+BlockSize-1)/BlockSize {
			t.Errorf("format %d: %d blocks, no fewer than 256 entries a block", format, blocks)
		}
	}
}

// TestFormatVersion1 reads and resumes a file of format version 1, whose
// blocks' checksums do not cover their first key.
func TestFormatVersion1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	f, err := Create(path, Meta{Game: "test", KeyLen: 10})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		err := f.Update(func(tx *Tx) error {
			tx.Meta().Format = 1 // as an older program wrote it
			return tx.PutEntries([]Entry{{Key: key(1, uint64(10*i)), Value: uint32(i)}, {Key: key(1, uint64(10*i+5)), Value: 7}})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	f.Close()
	if f, err = Create(path, Meta{Game: "test", KeyLen: 10}); err != nil {
		t.Fatalf("resuming a version 1 build: %v", err)
	}
	f.Close()
	if _, err := Verify(path); err != nil {
		t.Fatal(err)
	}
	f, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if v, ok, err := f.Lookup(key(1, 15)); f.Meta().Format != 1 || !ok || err != nil || v != 7 {
		t.Fatalf("format %d: %d %v %v", f.Meta().Format, v, ok, err)
	}
}

func TestFileLookupsAndGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	if _, err := Create(path, Meta{Game: "test", KeyLen: 4}); err == nil {
		t.Fatal("Create took keys of 4 bytes")
	}
	want := Meta{Game: "test", Params: map[string]string{"n": "1"}, KeyLen: 10}
	f, err := Create(path, want)
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string]uint32{}
	err = f.Update(func(tx *Tx) error {
		var entries []Entry
		for i := range 1000 {
			k := key(1, uint64(i*3))
			v := uint32(i % 3)
			entries = append(entries, Entry{Key: k, Value: v})
			stored[string(k)] = v
		}
		if err := tx.AppendGames(1, starAndUp); err != nil {
			return err
		}
		return tx.PutEntries(entries)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Update(func(tx *Tx) error { return tx.PutEntries([]Entry{{Key: key(1, 6), Value: 1}}) }); err == nil {
		t.Fatal("a key stored twice was accepted")
	}
	f.Close()
	if _, err := Create(path, Meta{Game: "test", Params: map[string]string{"n": "2"}, KeyLen: 10}); err == nil || !strings.Contains(err.Error(), "refusing to build") {
		t.Fatalf("a build with other parameters was not refused: %v", err)
	}
	f, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if m := f.Meta(); m.Positions != 1000 || m.Games != 3 {
		t.Fatalf("meta %+v", m)
	}
	for i := range 3100 {
		v, ok, err := f.Lookup(key(1, uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		want, has := stored[string(key(1, uint64(i)))]
		if ok != has || ok && v != want {
			t.Fatalf("lookup %d: %d %v, want %d %v", i, v, ok, want, has)
		}
		if ok {
			g, err := f.Game(v)
			if err != nil {
				t.Fatal(err)
			}
			if want := append([]Game{{}}, starAndUp...)[i/3%3]; !slices.Equal(g.Left, want.Left) || !slices.Equal(g.Right, want.Right) {
				t.Fatalf("game of %d is %v, want %v", i, g, want)
			}
		}
	}
	if _, ok, _ := f.Lookup(key(0, 1)); ok {
		t.Fatal("found a key below the first block")
	}
	if _, ok, _ := f.Lookup(key(9, 1)); ok {
		t.Fatal("found a key above the last block")
	}
}

// TestGamesBlocks codes blocks of random games in every format and reads
// them back: sparse and dense option lists, options 0 and ID-1, and
// lists of hundreds of options; a flipped bit is caught.
func TestGamesBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for format := 1; format <= FormatVersion; format++ {
		for _, first := range []uint32{0, 1000, 1 << 31} {
			var games []Game
			for i := range gameBlockLen(format) {
				id := first + i
				var g Game
				for _, side := range []*[]uint32{&g.Left, &g.Right} {
					seen := map[uint32]bool{}
					count := rng.IntN(6)
					if i%17 == 5 {
						count = 300
					}
					for range min(uint32(count), id) {
						o := uint32(rng.IntN(int(id)))
						switch rng.IntN(4) {
						case 0:
							o = 0
						case 1:
							o = id - 1
						}
						seen[o] = true
					}
					for o := range seen {
						*side = append(*side, o)
					}
					slices.Sort(*side)
				}
				games = append(games, g)
			}
			data := encodeGames(first, games, format)
			got, err := decodeGames(first, data, format)
			if err != nil {
				t.Fatal(err)
			}
			for i := range games {
				if !slices.Equal(got[i].Left, games[i].Left) || !slices.Equal(got[i].Right, games[i].Right) {
					t.Fatalf("format %d, game %d: %v, want %v", format, i, got[i], games[i])
				}
			}
			for range 50 {
				bad := slices.Clone(data)
				bad[rng.IntN(len(bad))] ^= 1 << rng.IntN(8)
				if _, err := decodeGames(first, bad, format); err == nil {
					t.Fatalf("format %d: a flipped bit went unnoticed", format)
				}
			}
		}
	}
}

// TestGamesDamaged decodes bit-coded blocks whose checksums match but
// whose bits are wrong: an error, never a panic.
func TestGamesDamaged(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	games := []Game{{Left: []uint32{0, 5}, Right: []uint32{7}}, {Left: []uint32{3}}}
	good := encodeGames(10, games, FormatVersion)
	body := good[:len(good)-8]
	for trial := range 3000 {
		bad := slices.Clone(body)
		for range 1 + trial%4 {
			bad[rng.IntN(len(bad))] ^= 1 << rng.IntN(8)
		}
		if trial%5 == 0 {
			bad = append(bad, byte(rng.IntN(256)))
		}
		got, err := decodeGames(10, seal(bad), FormatVersion)
		if err != nil {
			continue
		}
		for i, g := range got {
			for _, o := range slices.Concat(g.Left, g.Right) {
				if o >= 10+uint32(i) {
					t.Fatalf("trial %d: game %d has option %d", trial, 10+i, o)
				}
			}
		}
	}
}

// TestChunksJoinBlocks commits positions a few at a time, as builds do,
// over two levels: in order, every block but the last of each level is
// nearly full; in any order, no block mixes levels and every position
// reads back, through the cache as well after the blocks it held change.
func TestChunksJoinBlocks(t *testing.T) {
	const chunk, chunks = 37, 120
	rng := rand.New(rand.NewPCG(7, 7))
	for _, shuffled := range []bool{false, true} {
		path := filepath.Join(t.TempDir(), "t.db")
		f, err := Create(path, Meta{Game: "test", KeyLen: 10})
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		order := make([]int, 2*chunks)
		for i := range order {
			order[i] = i%2*chunks + i/2 // the two levels in turn
		}
		if shuffled {
			order = rng.Perm(2 * chunks)
		}
		for _, c := range order {
			level, lo := byte(1+c/chunks), uint64(c%chunks*chunk)
			err := f.Update(func(tx *Tx) error {
				var entries []Entry
				for i := range uint64(chunk) {
					entries = append(entries, Entry{Key: key(level, 1000*(lo+i)), Value: uint32(lo+i) % 300})
				}
				return tx.PutEntries(entries)
			})
			if err != nil {
				t.Fatal(err)
			}
			if _, ok, err := f.Lookup(key(level, 1000*lo)); !ok || err != nil {
				t.Fatalf("chunk %d: %v %v", c, ok, err)
			}
		}
		var sizes [3][]int
		err = f.db.View(func(tx *bolt.Tx) error {
			return tx.Bucket(bucketPositions).ForEach(func(k, v []byte) error {
				d, err := decodeBlockKeys(k, v, f.Meta().Format)
				if err != nil || d.key(len(d.values) - 1)[0] != k[0] {
					t.Fatalf("block %x: %v, or it holds another level", k, err)
				}
				sizes[k[0]] = append(sizes[k[0]], len(v))
				return nil
			})
		})
		if err != nil {
			t.Fatal(err)
		}
		for level := 1; level <= 2 && !shuffled; level++ {
			blocks := sizes[level]
			for _, n := range blocks[:len(blocks)-1] {
				if n < blockBytes(10)-64-20 {
					t.Errorf("level %d: blocks of %v bytes", level, blocks)
					break
				}
			}
		}
		for level := byte(1); level <= 2; level++ {
			for i := range uint64(chunk * chunks) {
				if v, ok, err := f.Lookup(key(level, 1000*i)); !ok || err != nil || v != uint32(i)%300 {
					t.Fatalf("shuffled %v: key %d of level %d: %d %v %v", shuffled, i, level, v, ok, err)
				}
			}
		}
		if f.Meta().Positions != 2*chunk*chunks {
			t.Fatalf("%d positions, want %d", f.Meta().Positions, 2*chunk*chunks)
		}
		err = f.Update(func(tx *Tx) error { return tx.PutEntries([]Entry{{Key: key(2, 1000*55), Value: 1}}) })
		if err == nil {
			t.Fatal("a key stored twice was accepted")
		}
	}
}

// TestVerifyCountsOptions checks the games table's option figures that
// Verify reports: which games are options, and the entropy of the options.
func TestVerifyCountsOptions(t *testing.T) {
	tests := []struct {
		name    string
		games   []Game
		named   int64   // games that are options
		entropy float64 // bits, all options together
		options int64
	}{
		{"zero alone", []Game{{}}, 0, 0, 0},
		{"one named once", []Game{{}, {Left: []uint32{0}}}, 1, 0, 1},
		// star = {0|0}, up = {0|star}: 0 named three times, star once.
		{"up", []Game{{}, {Left: []uint32{0}, Right: []uint32{0}}, {Left: []uint32{0}, Right: []uint32{1}}}, 2, 3*math.Log2(4.0/3) + 2, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "g.db")
			f, err := Create(path, Meta{Game: "test", KeyLen: 10})
			if err != nil {
				t.Fatal(err)
			}
			err = f.Update(func(tx *Tx) error {
				return tx.AppendGames(1, tt.games[1:]) // game 0 is added first

			})
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			r, err := Verify(path)
			if err != nil {
				t.Fatal(err)
			}
			if r.Options != tt.options || r.OptionGames != tt.named || math.Abs(r.OptionBits-tt.entropy) > 1e-9 {
				t.Errorf("options %d, named %d, %.6f bits; want %d, %d, %.6f", r.Options, r.OptionGames, r.OptionBits, tt.options, tt.named, tt.entropy)
			}
		})
	}
}

// TestOpenNoFile checks that what is no file is a file error naming the
// path, not damage: a missing file, a directory.
func TestOpenNoFile(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		path string
		is   error
	}{
		{filepath.Join(dir, "missing.db"), fs.ErrNotExist},
		{dir, syscall.EISDIR},
	} {
		_, err := Open(c.path)
		if !errors.Is(err, c.is) || errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), c.path) {
			t.Errorf("Open(%s) = %v, want an error for errors.Is %v naming the path", c.path, err, c.is)
		}
	}
}
