package heap

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/internal/stop"
)

// heapMagic opens what Save writes, with the game's name after it.
const heapMagic = "tb heap search 1 "

// HeapRecordLen is the length of a region in what Save writes: its key,
// its nim-value plus one (0 while unknown) and the heaps known won.
const HeapRecordLen = canon.KeyLen + 1 + 4

// Run returns the nim-value of a connected, cropped region, as Nimber
// does, unless done is closed first: then ok is false, and what the
// search has found so far stays in its table, so that a later Run (or a
// Save and a Load into another search) goes on from there.
func (h *HeapSearch) Run(done <-chan struct{}, c region.Region) (nim int, ok bool) {
	return stop.Run(h.stop, done, func() int { return h.Nimber(c) })
}

// Save writes what the search has found of the regions of at least
// minCells cells (the dearest to find again), at most max of them, all
// of the larger ones first and then regions of minCells cells while
// they fit, uncompressed: a line naming the game, then a record of
// HeapRecordLen bytes a region. It returns the regions written.
func (h *HeapSearch) Save(w io.Writer, minCells, max int) (int, error) {
	bw := bufio.NewWriter(w)
	if _, err := fmt.Fprintf(bw, "%s%s\n", heapMagic, h.rules.Name()); err != nil {
		return 0, err
	}
	n := 0
	var rec [HeapRecordLen]byte
	// The larger regions, then the regions of minCells cells.
	for _, larger := range []bool{true, false} {
		for _, s := range h.memo.gen.s {
			if n == max {
				break
			}
			if c := bits.OnesCount64(s.bits); !s.holds() || c < minCells || (c > minCells) != larger {
				continue
			}
			copy(rec[:], canon.Key{H: s.h, W: s.w, Bits: s.bits}.Bytes())
			rec[canon.KeyLen] = s.nim
			binary.BigEndian.PutUint32(rec[canon.KeyLen+1:], s.won)
			if _, err := bw.Write(rec[:]); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, bw.Flush()
}

// Census returns how many regions of each number of cells the search's
// table holds something of, for choosing what Save keeps.
func (h *HeapSearch) Census() (cells [65]int) {
	for _, s := range h.memo.gen.s {
		if s.holds() {
			cells[bits.OnesCount64(s.bits)]++
		}
	}
	return cells
}

// Load adds to the search's table what Save wrote, from a search of the
// same game: what a region's record says joins what the table holds of
// it, so that searches of one region on several cores can share what
// each has found. It returns the regions read.
func (h *HeapSearch) Load(r io.Reader) (int, error) {
	br := bufio.NewReader(r)
	line, err := br.ReadString('\n')
	if want := heapMagic + h.rules.Name() + "\n"; err != nil || line != want {
		return 0, fmt.Errorf("not a saved heap search of %s", h.rules.Name())
	}
	n := 0
	var rec [HeapRecordLen]byte
	for {
		if _, err := io.ReadFull(br, rec[:]); err != nil {
			if errors.Is(err, io.EOF) {
				return n, nil
			}
			return n, fmt.Errorf("saved heap search: record %d: %w", n, err)
		}
		k, ok := canon.ParseKey(rec[:canon.KeyLen])
		if c, _ := canon.Canonical(k.Region()); !ok || k.Bits == 0 || c != k {
			return n, fmt.Errorf("saved heap search: record %d: not a canonical key", n)
		}
		s := h.memo.put(k)
		if nim := rec[canon.KeyLen]; nim != 0 {
			s.nim = nim
		}
		s.won |= binary.BigEndian.Uint32(rec[canon.KeyLen+1:])
		n++
	}
}
