package parts

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/stop"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/forms"
)

// Store is how a game's tablebase files hold its parts, and how a build
// lists them.
type Store[P any, K comparable] struct {
	Game   string           // the game's name in a file's metadata
	Layout tablebase.Layout // how the file's compact levels are laid out
	Bytes  func(K) []byte   // a key as the file holds it
	Size   func(P) int      // a part's size, as query.Options.Solvable counts it
	Noun   string           // what the game calls a part in its errors: "part", "row"

	// The build (Build, EachValue). A game without one leaves them zero.

	KeyLen   int                          // the length of a key's Bytes
	ParseKey func([]byte) (K, bool)       // Bytes read back
	MaxCells int                          // the largest --max-cells a build takes
	Default  int                          // --max-cells when none is given (0: required)
	Grows    bool                         // a build grows a file of a smaller --max-cells
	Unit     string                       // what --max-cells counts: "largest group, in stones"
	Levels   func(maxCells int) Levels[K] // the levels a build of maxCells stores
	// SameLevel, when not nil, reports whether the key of a part of an
	// option of part k lies in k's own level (a move that keeps a
	// strip's length): the build values those within the level, each
	// once, rather than ask the levels below.
	SameLevel func(option, k K) bool
}

// Levels returns the keys of level n of a build, sorted by their Bytes
// (whose first byte is n): every part of level n has its options' parts
// in levels below n. A build asks for each level once, in order.
type Levels[K any] func(n int) []K

// Querier values the parts of a game's positions: from a tablebase file
// where it holds them, else solved in memory. It is safe for concurrent
// use: queries share one Universe and take turns at the in-memory
// solver. A game's querier adds its notation and moves around it.
type Querier[P comparable, K comparable] struct {
	U *cgt.Universe

	store  Store[P, K]
	rules  Rules[P, K]
	file   *tablebase.File // nil when there is no tablebase
	values *forms.Reader

	mu     sync.Mutex
	solver *Solver[P, K]
	nodes  atomic.Int64 // the positions the last outcome search searched
	known  int          // the largest part an outcome search values exactly
}

// NewQuerier returns a querier of the game's parts, reading from f when
// f is not nil (f must hold a tablebase of store.Game).
func NewQuerier[P comparable, K comparable](rules Rules[P, K], store Store[P, K], f *tablebase.File) (*Querier[P, K], error) {
	q := &Querier[P, K]{U: cgt.NewUniverse(20), store: store, rules: rules, file: f, known: DefaultKnown}
	q.solver = NewSolver(q.U, rules)
	if f != nil {
		if g := f.Meta().Game; g != store.Game {
			return nil, fmt.Errorf("%s holds a %s tablebase, not %s", f.Path(), g, store.Game)
		}
		if err := f.UseLayout(store.Layout); err != nil {
			return nil, err
		}
		q.values = forms.NewReader(f, q.U)
		if n, err := strconv.Atoi(f.Meta().Params["max-cells"]); err == nil {
			q.known = n
		}
		q.solver.Known = q.Known
	}
	return q, nil
}

// File returns the tablebase file the querier reads, or nil.
func (q *Querier[P, K]) File() *tablebase.File { return q.file }

// Source is where the querier's values come from when no part is solved:
// query.FromTablebase with a file, else query.FromSolver.
func (q *Querier[P, K]) Source() string {
	if q.file == nil {
		return query.FromSolver
	}
	return query.FromTablebase
}

// Known returns the value the file stores for a key, if it does (a
// Solver's Known).
func (q *Querier[P, K]) Known(k K) (cgt.ID, bool) {
	v, ok, err := q.stored(k)
	return v, ok && err == nil
}

// stored looks a key up in the file.
func (q *Querier[P, K]) stored(k K) (cgt.ID, bool, error) {
	if q.file == nil {
		return 0, false, nil
	}
	return q.values.Lookup(q.store.Bytes(k))
}

// Part returns the value of a part: from the file, or solved in memory
// (solved) when opts allow a part of its size.
func (q *Querier[P, K]) Part(ctx context.Context, part P, opts query.Options) (v cgt.ID, solved bool, err error) {
	k, negated := q.rules.Key(part)
	v, stored, err := q.stored(k)
	if err != nil {
		return 0, false, err
	}
	if !stored {
		if err := opts.Solvable(q.store.Size(part)); err != nil {
			return 0, false, fmt.Errorf("%w (%s %v)", err, q.store.Noun, part)
		}
		q.mu.Lock()
		v, stored = stop.Run(&q.solver.Stop, ctx.Done(), func() cgt.ID { return q.solver.KeyValue(k) })
		q.mu.Unlock()
		if !stored {
			return 0, false, query.ErrTimeout
		}
		solved = true
	}
	if negated {
		v = q.U.Neg(v)
	}
	return v, solved, nil
}

// DefaultKnown is the largest part an outcome search values exactly when
// the querier has no file (with one, the file's largest).
const DefaultKnown = 6

// Outcome returns the outcome class of the sum of parts, found by an
// Outcomes search whose parts of at most the file's --max-cells cells
// (DefaultKnown without a file) are valued as Part values them; the
// answer is query.FromSolver, a search's.
func (q *Querier[P, K]) Outcome(ctx context.Context, parts []P, opts query.Options) (cgt.Outcome, string, error) {
	value := func(part P) (cgt.ID, error) {
		v, _, err := q.Part(ctx, part, opts)
		return v, err
	}
	search := NewOutcomes(q.U, q.rules, q.store.Size, value, q.known)
	o, err := search.Decide(ctx, parts)
	q.nodes.Store(search.Nodes())
	return o, query.FromSolver, err
}

// Nodes returns the positions the last outcome search searched (tb query
// --outcome-only --stats).
func (q *Querier[P, K]) Nodes() int64 { return q.nodes.Load() }

// Sum returns the sum of the values of parts, and where they came from
// (query.FromTablebase when the file gave every one).
func (q *Querier[P, K]) Sum(ctx context.Context, parts []P, opts query.Options) (cgt.ID, string, error) {
	return query.SumParts(q.U, q.file != nil, parts, func(part P) (cgt.ID, bool, error) {
		return q.Part(ctx, part, opts)
	})
}
