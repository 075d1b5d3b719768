package tablebase

import (
	"bytes"
	"encoding/binary"

	bolt "go.etcd.io/bbolt"
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
