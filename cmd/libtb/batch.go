package main

/*
#define TB_TYPES_ONLY
#include "tb.h"
*/
import "C"

import (
	"encoding/binary"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/forms"
)

// cAnswer is the C answer (a name the tests can use).
type cAnswer = C.tb_answer

// regionBatch answers batches of a placement game's positions (regions
// of empty cells, valued as the sum of their components: domineering,
// xt-domineering, cram) from its file as the game's querier answers them
// one at a time, faster: it keys every component of a run of positions,
// looks the keys up together (tablebase.File.LookupMany), and takes each
// answer of a one-component position from a cache of C answers by stored
// value. A position it cannot answer so (bad, not stored, a damaged block)
// goes through the one-at-a-time path, which gives its error.
type regionBatch struct {
	f       *tablebase.File
	u       *cgt.Universe
	values  *forms.Reader // nil for an impartial game, whose file stores nim-values
	negates [8]bool       // by symmetry: whether it negates a value
	most    int           // the most cells of a component the file can hold
	// answers[v<<1|neg] is the answer to a one-component position whose
	// key the file stores with value v, negated when neg is 1.
	answers []atomic.Pointer[cAnswer]
	scratch sync.Pool // of *batchScratch
}

// Bounds of a run of positions answered together.
const (
	batchPositions = 64
	batchKeys      = 256 // at least the 32 components a region can have
)

// batchScratch is a run's state.
type batchScratch struct {
	keys  [batchKeys][canon.KeyLen]byte
	views [batchKeys][]byte
	neg   [batchKeys]bool
	found [batchKeys]tablebase.Result
	first [batchPositions + 1]int // position i's keys are first[i] to first[i+1]
	slow  [batchPositions]bool
	kept  [batchPositions]*cAnswer // the answer kept for the position
	comps [32]uint64
}

// newRegionBatch returns the batch path of a file's querier, or nil when
// the game is not a placement game.
func newRegionBatch(t *query.Tablebase, f *tablebase.File) *regionBatch {
	q, ok := games.RegionQuerierOf(t.Querier)
	rules, ok2 := games.RegionRulesOf(t.Game())
	if f == nil || !ok || !ok2 {
		return nil
	}
	m := f.Meta()
	b := &regionBatch{f: f, u: q.Universe(), most: 64}
	if n, err := strconv.Atoi(m.Params["max-cells"]); err == nil {
		b.most = n
	}
	for s := range b.negates {
		b.negates[s] = rules.Negates(canon.Symmetry(s))
	}
	size := 256
	if !rules.Impartial() {
		b.values = forms.NewReader(f, b.u)
		size = max(size, int(min(m.Games+1, 1<<24)))
	}
	b.answers = make([]atomic.Pointer[cAnswer], 2*size)
	b.scratch.New = func() any { return new(batchScratch) }
	return b
}

// run answers the positions of views into out (as many as it takes of
// them, at most batchPositions, and at least one) and returns how many it
// took and how many of their answers are errors. An empty view is a
// position it leaves to one(i), the one-at-a-time path, as it does every
// position it cannot answer; those are answered last, in order. Unless
// ids is nil, it numbers each answer there (tb_probe_lines_ids): the
// answer of a one-component position is kept, numbered by its place in
// answers plus one; any other is 0.
func (b *regionBatch) run(views []string, out []cAnswer, ids []uint32, one func(i int) C.int) (taken, failed int) {
	s := b.scratch.Get().(*batchScratch)
	defer b.scratch.Put(s)
	keys := 0
	for taken < min(len(views), batchPositions) {
		k, ok := b.keys(s, views[taken], keys)
		if k > batchKeys {
			break
		}
		s.slow[taken] = !ok
		if ok {
			keys = k
		}
		s.first[taken+1] = keys
		taken++
	}
	b.f.LookupMany(s.views[:keys], s.found[:keys])
	// The answers kept for one-component positions, read for all before
	// any is copied, as the lookups' stages read.
	for i := range taken {
		s.kept[i] = nil
		if k := s.first[i]; !s.slow[i] && s.first[i+1] == k+1 && s.found[k].Found && s.found[k].Err == nil {
			if slot := b.slot(s, k); slot < uint64(len(b.answers)) {
				s.kept[i] = b.answers[slot].Load()
			}
		}
	}
	for i := range taken {
		switch {
		case s.slow[i]:
		case s.kept[i] != nil:
			out[i] = *s.kept[i]
		default:
			s.slow[i] = !b.answer(s, s.first[i], s.first[i+1], &out[i])
		}
	}
	if ids != nil {
		for i := range taken {
			ids[i] = 0
			if k := s.first[i]; !s.slow[i] && s.first[i+1] == k+1 {
				if slot := b.slot(s, k); slot < uint64(len(b.answers)) {
					ids[i] = uint32(slot + 1)
				}
			}
		}
	}
	for i := range taken {
		if s.slow[i] && one(i) != C.TB_OK {
			failed++
		}
	}
	return taken, failed
}

// keys parses a position and keys its components in s from key k on. It
// returns the keys' end, and ok false when the position is left to the
// one-at-a-time path (bad, empty, or with a component past the file's
// largest); an end past batchKeys means the position does not fit.
func (b *regionBatch) keys(s *batchScratch, view string, k int) (int, bool) {
	if view == "" {
		return k, false
	}
	r, err := region.Parse(view)
	if err != nil {
		return k, false
	}
	comps := r.ComponentCells(s.comps[:0])
	if len(comps) == 0 {
		return k, false
	}
	if k+len(comps) > batchKeys {
		return k + len(comps), false
	}
	for _, cells := range comps {
		c := r.With(cells).Crop()
		if c.Cells() > b.most {
			return k, false
		}
		key, sym := canon.Canonical(c)
		kb := &s.keys[k]
		kb[0], kb[1], kb[2] = byte(c.Cells()), key.H, key.W
		binary.BigEndian.PutUint64(kb[3:], key.Bits)
		s.views[k], s.neg[k] = kb[:], b.negates[sym]
		k++
	}
	return k, true
}

// answer writes the answer of a position whose components have the keys
// from..to of s, all looked up, and reports whether the file gave them
// all; the answer of a one-component position is kept for the next.
func (b *regionBatch) answer(s *batchScratch, from, to int, out *cAnswer) bool {
	for k := from; k < to; k++ {
		if !s.found[k].Found || s.found[k].Err != nil {
			return false
		}
	}
	total := cgt.Zero
	for k := from; k < to; k++ {
		v, err := b.value(s.found[k].Value, s.neg[k])
		if err != nil {
			return false
		}
		total = b.u.Add(total, v)
	}
	var a cAnswer
	q := query.Answer{Source: query.FromTablebase}
	q.SetValue(b.u, total, probeOnly)
	q.Shape()
	if fill(&a, nil, q) != C.TB_OK {
		return false
	}
	*out = a
	if slot := b.slot(s, from); to == from+1 && slot < uint64(len(b.answers)) {
		kept := new(cAnswer)
		*kept = a
		b.answers[slot].Store(kept)
	}
	return true
}

// slot is the place in answers of the answer to a one-component
// position whose key is key k of s.
func (b *regionBatch) slot(s *batchScratch, k int) uint64 {
	return uint64(s.found[k].Value)<<1 | uint64(b2i(s.neg[k]))
}

// value returns the value of a component the file stores as v, negated
// when neg is set.
func (b *regionBatch) value(v uint32, neg bool) (cgt.ID, error) {
	var g cgt.ID
	if b.values == nil {
		g = b.u.Nim(int(v))
	} else {
		var err error
		if g, err = b.values.Resolve(v); err != nil {
			return 0, err
		}
	}
	if neg {
		g = b.u.Neg(g)
	}
	return g, nil
}

// b2i is 1 for true, 0 for false.
func b2i(x bool) int {
	if x {
		return 1
	}
	return 0
}
