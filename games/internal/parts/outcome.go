package parts

import (
	"context"
	"encoding/binary"
	"slices"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/query"
)

// Outcomes decides who wins a sum of parts moving first, without its
// value: the parts of at most Known cells are replaced by their exact
// values, summed into one known value, and the others are searched, a
// move at a time, by a boolean negamax ("the player to move wins") with
// a table of the positions seen. A position is its large parts, as their
// keys (a symmetry of a part is the same part), and its known value, in
// which a player may also move (to one of its options). It is not safe
// for concurrent use; make one for each question.
type Outcomes[P comparable, K comparable] struct {
	u     *cgt.Universe
	rules Rules[P, K]
	size  func(P) int
	value func(P) (cgt.ID, error) // the exact value of a small part
	known int

	impartial bool
	ids       map[K]uint32    // the keys of large parts, numbered
	large     map[P]uint32    // a large part's key's number << 1 | whether it is negated
	small     map[P]cgt.ID    // the values of small parts
	table     map[string]bool // position (key ids, known value, mover) -> the mover wins
	nodes     int64
	ctx       context.Context
	err       error
	buf       []byte
	idBuf     []uint32
	plies     []ply[P] // the buffers of each ply of the search
}

// ply is what one ply of the search fills: a part's options, the parts of
// one option, and the large parts of the position after it.
type ply[P any] struct {
	options, pieces, next []P
}

// NewOutcomes returns a search in u whose parts of at most known cells
// (size) are valued by value.
func NewOutcomes[P comparable, K comparable](u *cgt.Universe, rules Rules[P, K], size func(P) int, value func(P) (cgt.ID, error), known int) *Outcomes[P, K] {
	return &Outcomes[P, K]{u: u, rules: rules, size: size, value: value, known: known,
		impartial: IsImpartial(rules), ids: map[K]uint32{}, large: map[P]uint32{},
		small: map[P]cgt.ID{}, table: map[string]bool{}}
}

// Nodes returns the positions searched so far.
func (s *Outcomes[P, K]) Nodes() int64 { return s.nodes }

// Decide returns the outcome class of the sum of parts, searched until
// ctx ends (query.ErrTimeout) or a small part cannot be valued.
func (s *Outcomes[P, K]) Decide(ctx context.Context, parts []P) (cgt.Outcome, error) {
	s.ctx = ctx
	large, known := s.split(nil, cgt.Zero, parts)
	if s.err != nil {
		return 0, s.err
	}
	left := s.wins(large, known, true, 0)
	right := s.wins(large, known, false, 0)
	if s.err != nil {
		return 0, s.err
	}
	switch {
	case left && right:
		return cgt.FirstWins, nil
	case left:
		return cgt.LeftWins, nil
	case right:
		return cgt.RightWins, nil
	}
	return cgt.SecondWins, nil
}

// split appends to large the parts of parts larger than the search's
// known size, and returns them with known plus the others' values.
func (s *Outcomes[P, K]) split(large []P, known cgt.ID, parts []P) ([]P, cgt.ID) {
	for _, p := range parts {
		if s.size(p) > s.known {
			large = append(large, p)
			continue
		}
		v, ok := s.small[p]
		if !ok {
			var err error
			if v, err = s.value(p); err != nil {
				s.err = err
				return large, known
			}
			s.small[p] = v
		}
		known = s.u.Add(known, v)
	}
	return large, known
}

// wins reports whether Left (left true) or Right, moving first on the
// large parts and the known value, wins. After an error it answers false
// and the search unwinds.
func (s *Outcomes[P, K]) wins(large []P, known cgt.ID, left bool, depth int) bool {
	if s.err != nil {
		return false
	}
	if len(large) == 0 {
		o := s.u.Outcome(known)
		return o == cgt.FirstWins || (left && o == cgt.LeftWins) || (!left && o == cgt.RightWins)
	}
	if s.nodes++; s.nodes&1023 == 0 && s.ctx.Err() != nil {
		s.err = query.ErrTimeout
		return false
	}
	key := s.key(large, known, left)
	if v, ok := s.table[key]; ok {
		return v
	}
	win := false
	if depth == len(s.plies) {
		s.plies = append(s.plies, ply[P]{})
	}
	b := &s.plies[depth]
	for i := 0; i < len(large) && !win; i++ {
		b.options = s.rules.Options(large[i], left || s.impartial, b.options[:0])
		for _, o := range b.options {
			b.pieces = s.rules.Parts(o, b.pieces[:0])
			next := append(append(b.next[:0], large[:i]...), large[i+1:]...)
			next, kn := s.split(next, known, b.pieces)
			b.next = next
			if !s.wins(next, kn, !left, depth+1) {
				win = true
				break
			}
		}
	}
	if !win {
		moves := s.u.Right(known)
		if left {
			moves = s.u.Left(known)
		}
		for _, k := range moves {
			if !s.wins(large, k, !left, depth+1) {
				win = true
				break
			}
		}
	}
	if s.err == nil {
		s.table[key] = win
	}
	return win
}

// key returns the table's key of a position: its large parts' keys (each
// numbered, negated ones apart), sorted, its known value and the mover.
func (s *Outcomes[P, K]) key(large []P, known cgt.ID, left bool) string {
	ids := s.idBuf[:0]
	for _, p := range large {
		id, ok := s.large[p]
		if !ok {
			k, negated := s.rules.Key(p)
			n, ok := s.ids[k]
			if !ok {
				n = uint32(len(s.ids))
				s.ids[k] = n
			}
			id = n << 1
			if negated {
				id |= 1
			}
			s.large[p] = id
		}
		ids = append(ids, id)
	}
	s.idBuf = ids
	slices.Sort(ids)
	b := s.buf[:0]
	for _, id := range ids {
		b = binary.LittleEndian.AppendUint32(b, id)
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(known))
	if left {
		b = append(b, 'L')
	}
	s.buf = b
	return string(b)
}
