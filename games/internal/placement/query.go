package placement

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/internal/stop"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/forms"
)

// Querier answers a placement game's positions with their values. It is
// safe for concurrent use: queries share one Universe and take turns at
// the in-memory solver.
type Querier struct {
	rules  Rules
	file   *tablebase.File // nil when there is no tablebase
	most   int             // the most cells of a region the file can hold
	u      *cgt.Universe
	values *forms.Reader

	mu     sync.Mutex
	solver *Solver
	search NimSearch // an impartial game's components of over searchCells cells, on Workers cores, when its rules are a Searcher
}

// Above searchCells cells, the rules' own search (Searcher) values a
// component of an impartial game: Cram's heap search takes a third of
// the solver's time at 30 to 44 cells.
const searchCells = 24

// NewQuerier returns a querier for the game, reading from f when f is not
// nil. The file must hold a tablebase of the same game. c's Workers is
// the cores the in-memory solver uses (nil or 0: 2).
func NewQuerier(rules Rules, f *tablebase.File, c *query.Config) (*Querier, error) {
	q := &Querier{rules: rules, file: f, u: cgt.NewUniverse(20)}
	q.solver = NewSolver(q.u, rules)
	q.solver.Workers = 2
	if c != nil && c.Workers > 0 {
		q.solver.Workers = c.Workers
	}
	if s, ok := rules.(Searcher); ok && rules.Impartial() {
		bits := uint(0)
		if c != nil {
			bits = c.TableBits
		}
		q.search = s.Search(bits, q.solver.Workers)
	}
	if f != nil {
		if g := f.Meta().Game; g != rules.Name() {
			return nil, fmt.Errorf("%s holds a %s tablebase, not %s", f.Path(), g, rules.Name())
		}
		if err := f.UseLayout(Layout); err != nil {
			return nil, err
		}
		q.values = forms.NewReader(f, q.u)
		q.solver.Known = q.fileValue
		// A region build holds no region past its max-cells; a file of
		// saved components may hold any.
		q.most = 64
		if n, err := strconv.Atoi(f.Meta().Params["max-cells"]); err == nil {
			q.most = n
		}
	}
	return q, nil
}

// Components returns how many component classes the in-memory solver has
// valued so far (query.ComponentCounter).
func (q *Querier) Components() int64 { return int64(q.solver.Solved()) }

// Universe returns the universe the querier's values live in.
func (q *Querier) Universe() *cgt.Universe { return q.u }

// Component returns the value of a connected, cropped component: from
// the file, or solved in memory (solved) when solvable, given its number
// of cells, allows.
func (q *Querier) Component(ctx context.Context, c region.Region, solvable func(cells int) error) (v cgt.ID, solved bool, err error) {
	key, sym := canon.Canonical(c)
	v, stored, err := q.stored(key)
	if err != nil {
		return 0, false, err
	}
	if !stored {
		if err := solvable(c.Cells()); err != nil {
			return 0, false, fmt.Errorf("%w (component %s)", err, c)
		}
		q.mu.Lock()
		if q.search != nil && c.Cells() > searchCells {
			var n int
			n, stored = q.search.Run(ctx.Done(), c)
			v = q.u.Nim(n)
		} else {
			v, stored = stop.Run(&q.solver.Stop, ctx.Done(), func() cgt.ID { return q.solver.KeyValue(key) })
		}
		q.mu.Unlock()
		if !stored {
			return 0, false, query.ErrTimeout
		}
		solved = true
	}
	if q.rules.Negates(sym) {
		v = q.u.Neg(v)
	}
	return v, solved, nil
}

// fileValue gives the solver the value of a component class the file
// holds.
func (q *Querier) fileValue(k canon.Key) (cgt.ID, bool) {
	v, ok, err := q.stored(k)
	return v, ok && err == nil
}

// stored looks a canonical key up in the file.
func (q *Querier) stored(k canon.Key) (cgt.ID, bool, error) {
	switch {
	case q.file == nil || k.Region().Cells() > q.most:
		return 0, false, nil
	case q.rules.Impartial():
		n, ok, err := q.file.Lookup(k.Bytes())
		return q.u.Nim(int(n)), ok && err == nil, err
	}
	return q.values.Lookup(k.Bytes())
}

// Value returns the value of a position and whether the file held it all.
func (q *Querier) Value(ctx context.Context, r region.Region, opts query.Options) (cgt.ID, string, error) {
	return query.SumParts(q.u, q.file != nil, r.Components(nil), func(c region.Region) (cgt.ID, bool, error) {
		return q.Component(ctx, c, opts.Solvable)
	})
}

// Query answers one position written in the game's notation.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	return query.ValueAnswer(ctx, q.rules.Name(), position, region.Parse, q.u, q, opts)
}
