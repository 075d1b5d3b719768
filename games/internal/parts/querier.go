package parts

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/stop"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/forms"
)

// Querier answers a game's positions X (query.Querier): their values,
// the sums of their parts' values, each from a tablebase file where it
// holds the part, else solved in memory; their moves, named and valued;
// and their outcome classes searched without the value. It is safe for
// concurrent use: queries share one Universe and take turns at the
// in-memory solver.
type Querier[X fmt.Stringer, P comparable, K comparable] struct {
	U *cgt.Universe

	store    Store[P, K]
	rules    Rules[P, K]
	notation Notation[X, P]
	file     *tablebase.File // nil when there is no tablebase
	values   *forms.Reader

	mu     sync.Mutex
	solver *Solver[P, K]
	nodes  atomic.Int64 // the positions the last outcome search searched
	known  int          // the largest part an outcome search values exactly
}

// NewQuerier returns a querier of g's positions, reading from f when f
// is not nil (f must hold a tablebase of g).
func NewQuerier[X fmt.Stringer, P Part, K build.Key](g Game[X, P, K], f *tablebase.File) (*Querier[X, P, K], error) {
	rules, store := g.Rules, g.Store
	q := &Querier[X, P, K]{U: cgt.NewUniverse(20), store: store, rules: rules, notation: g.Notation, file: f, known: DefaultKnown}
	q.solver = NewSolver(q.U, rules)
	if f != nil {
		if game := f.Meta().Game; game != store.Game {
			return nil, fmt.Errorf("%s holds a %s tablebase, not %s", f.Path(), game, store.Game)
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
func (q *Querier[X, P, K]) File() *tablebase.File { return q.file }

// Source is where the querier's values come from when no part is solved:
// query.FromTablebase with a file, else query.FromSolver.
func (q *Querier[X, P, K]) Source() string {
	if q.file == nil {
		return query.FromSolver
	}
	return query.FromTablebase
}

// Known returns the value the file stores for a key, if it does (a
// Solver's Known).
func (q *Querier[X, P, K]) Known(k K) (cgt.ID, bool) {
	v, ok, err := q.stored(k)
	return v, ok && err == nil
}

// stored looks a key up in the file.
func (q *Querier[X, P, K]) stored(k K) (cgt.ID, bool, error) {
	if q.file == nil {
		return 0, false, nil
	}
	return q.values.Lookup(q.store.Bytes(k))
}

// Part returns the value of a part: from the file, or solved in memory
// (solved) when opts allow a part of its size.
func (q *Querier[X, P, K]) Part(ctx context.Context, part P, opts query.Options) (v cgt.ID, solved bool, err error) {
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

// Outcome returns the outcome class of a position, searched without its
// value (query.Options.OutcomeOnly) by an Outcomes search whose parts of
// at most the file's --max-cells cells (DefaultKnown without a file) are
// valued as Part values them; the answer is query.FromSolver, a
// search's.
func (q *Querier[X, P, K]) Outcome(ctx context.Context, x X, opts query.Options) (cgt.Outcome, string, error) {
	parts := q.notation.Parts(x, nil)
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
func (q *Querier[X, P, K]) Nodes() int64 { return q.nodes.Load() }

// Sum returns the sum of the values of parts, and where they came from
// (query.FromTablebase when the file gave every one).
func (q *Querier[X, P, K]) Sum(ctx context.Context, parts []P, opts query.Options) (cgt.ID, string, error) {
	return query.SumParts(q.U, q.file != nil, parts, func(part P) (cgt.ID, bool, error) {
		return q.Part(ctx, part, opts)
	})
}

// Value returns the value of a position, the sum of its parts' values,
// and where it came from.
func (q *Querier[X, P, K]) Value(ctx context.Context, x X, opts query.Options) (cgt.ID, string, error) {
	return q.Sum(ctx, q.notation.Parts(x, nil), opts)
}

// Moves lists every move of both players, Left's then Right's (an
// impartial game's once), each named by the game's notation and with the
// value it leads to, best first for its player.
func (q *Querier[X, P, K]) Moves(ctx context.Context, x X, opts query.Options) ([]query.Move, string, error) {
	return query.CGTMoves(q.U, q.Source(), IsImpartial(q.rules), func(left bool, emit func(string, X)) {
		q.notation.Moves(x, left, emit)
	}, func(after X) (cgt.ID, string, error) { return q.Value(ctx, after, opts) })
}

// Query answers one position from the values of its parts.
func (q *Querier[X, P, K]) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	return query.ValueAnswer(ctx, q.store.Game, position, q.notation.Parse, q.U, q, opts)
}
