package query

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/games/domineering/engine"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/tablebase"
)

// explicitLimit bounds the size of an explicit form in an answer.
const explicitLimit = 1 << 20

// Domineering answers Domineering and XT Domineering positions. It is safe
// for concurrent use: queries share one Universe and take turns at the
// in-memory solver.
type Domineering struct {
	variant domineering.Variant
	file    *tablebase.File // nil when there is no tablebase
	u       *cgt.Universe
	values  *tablebase.Values

	mu     sync.Mutex
	solver *domineering.Solver

	engine func() *engine.Engine // the whole-board search, made on first use

	// TableBits is log2 of the whole-board search's transposition table
	// entries (24 bytes each); 0 sizes it by the board (see
	// engine.Options.TableBits). Set it before the first query.
	TableBits uint
	// Workers is the number of cores the whole-board search uses (0: 2).
	// Set it before the first query.
	Workers int
	// KnownCells bounds the components the whole-board search replaces by
	// their exact value (0: DefaultKnownCells); larger ones are searched.
	// Values come from the file, else from the in-memory solver up to 10
	// cells, so a bound above both is lowered to theirs. Set it before the
	// first query.
	KnownCells int
	// Progress, when set before the first query, is told how far each
	// whole-board search has got (engine.Options.Progress).
	Progress func(engine.Progress)
}

// solveCells bounds the components the whole-board search values with the
// in-memory solver when the file lacks them.
const solveCells = 10

// DefaultKnownCells is the default of Domineering.KnownCells. Valuing
// larger components from a 15-cell file saves 1 to 10% of the nodes but
// costs more time than that on boards up to 8x8 and 4x13 (first lookups,
// sums and comparisons of larger values); on 8x9 it takes the same time,
// on 9x9 4% less (README, "What the tablebase brings").
const DefaultKnownCells = 10

// NewDomineering returns a querier for the variant, reading from f when
// f is not nil. The file must hold a tablebase of the same game.
func NewDomineering(v domineering.Variant, f *tablebase.File) (*Domineering, error) {
	q := &Domineering{variant: v, file: f, u: cgt.NewUniverse(20)}
	q.solver = domineering.NewSolver(q.u, v)
	if f != nil {
		if g := f.Meta().Game; g != v.Name() {
			return nil, fmt.Errorf("%s holds a %s tablebase, not %s", f.Path(), g, v.Name())
		}
		q.values = tablebase.NewValues(f, q.u)
		q.solver.Known = fileValues{q}
	}
	q.engine = sync.OnceValue(func() *engine.Engine {
		most := solveCells
		if f != nil {
			if n, err := strconv.Atoi(f.Meta().Params["max-cells"]); err == nil {
				most = max(most, n)
			}
		}
		known := DefaultKnownCells
		if q.KnownCells > 0 {
			known = q.KnownCells
		}
		known = min(known, most)
		return engine.New(q.u, q.componentValue, engine.Options{KnownCells: known, TableBits: q.TableBits, Workers: q.Workers, Progress: q.Progress})
	})
	return q, nil
}

// componentValue gives the whole-board search the value of a component:
// from the file, or solved in memory when it has at most solveCells cells.
func (q *Domineering) componentValue(c region.Region) (cgt.ID, bool) {
	v, _, err := q.component(c, func(cells int) error {
		if cells > solveCells {
			return ErrTooLarge
		}
		return nil
	})
	return v, err == nil
}

// component returns the value of a connected, cropped component: from
// the file, or solved in memory (solved) when solvable, given its number
// of cells, allows.
func (q *Domineering) component(c region.Region, solvable func(cells int) error) (v cgt.ID, solved bool, err error) {
	key, sym := canon.Canonical(c)
	v, ok, err := q.stored(key)
	if err != nil {
		return 0, false, err
	}
	if !ok {
		if err := solvable(c.Cells()); err != nil {
			return 0, false, fmt.Errorf("%w (component %s)", err, c)
		}
		q.mu.Lock()
		v = q.solver.KeyValue(key)
		q.mu.Unlock()
	}
	if sym.Negates() {
		v = q.u.Neg(v)
	}
	return v, !ok, nil
}

// OutcomeWithin answers a Domineering board of up to 128 cells with its
// outcome alone, by the whole-board search, giving up with ErrTimeout when
// ctx ends first.
func (q *Domineering) OutcomeWithin(ctx context.Context, position string) Answer {
	a := Answer{Game: q.variant.Name(), Position: position}
	p, err := engine.Parse(position)
	if err != nil {
		a.fail(badPosition{err})
		return a
	}
	o, solved := q.engine().OutcomeWithin(ctx, p)
	if !solved {
		a.fail(ErrTimeout)
		return a
	}
	a.Source, a.Outcome = FromSolver, o.String()
	return a
}

// Engine returns the whole-board search, which uses the file's values.
func (q *Domineering) Engine() *engine.Engine { return q.engine() }

// fileValues lets the solver use the file for the components it holds.
type fileValues struct{ q *Domineering }

// Value returns the stored value of a component class, if the file has it.
func (fv fileValues) Value(k canon.Key) (cgt.ID, bool) {
	v, ok, err := fv.q.stored(k)
	return v, ok && err == nil
}

// stored looks a canonical key up in the file.
func (q *Domineering) stored(k canon.Key) (cgt.ID, bool, error) {
	if q.file == nil {
		return 0, false, nil
	}
	id, ok, err := q.file.Lookup(k.Bytes())
	if err != nil || !ok {
		return 0, false, err
	}
	v, err := q.values.Resolve(id)
	return v, err == nil, err
}

// Value returns the value of a position and whether the file held it all.
func (q *Domineering) Value(r region.Region, opts Options) (cgt.ID, string, error) {
	source := FromTablebase
	if q.file == nil {
		source = FromSolver
	}
	total := cgt.Zero
	for _, c := range r.Components(nil) {
		v, solved, err := q.component(c, opts.solvable)
		if err != nil {
			return 0, "", err
		}
		if solved {
			source = FromSolver
		}
		total = q.u.Add(total, v)
	}
	return total, source, nil
}

// Query answers one position written in the SPEC's notation.
func (q *Domineering) Query(position string, opts Options) Answer {
	a := Answer{Game: q.variant.Name(), Position: position}
	// Domineering boards go to the whole-board search, up to 128 cells.
	if opts.OutcomeOnly && q.variant == domineering.Plain {
		return q.OutcomeWithin(context.Background(), position)
	}
	r, err := region.Parse(position)
	if err != nil {
		a.fail(badPosition{err})
		return a
	}
	v, source, err := q.Value(r, opts)
	if err != nil {
		a.fail(err)
		return a
	}
	a.Source = source
	a.Outcome = q.u.Outcome(v).String()
	if opts.OutcomeOnly {
		return a // xt-domineering: from the value, as the search plays Domineering only
	}
	a.Value = q.u.String(v)
	if opts.Explicit {
		if a.Explicit, err = q.u.Explicit(v, explicitLimit); err != nil {
			a.fail(err)
		}
	}
	if opts.Details {
		ls, rs := q.u.Stops(v)
		a.LeftStop, a.RightStop = ls.String(), rs.String()
		a.Mean, a.Temperature = q.u.Mean(v).String(), q.u.Temperature(v).String()
		if aw, err := q.u.AtomicWeight(v); err == nil {
			a.AtomicWeight = q.u.String(aw)
		}
		l, r := q.u.Thermograph(v)
		a.Thermograph = &Thermograph{Left: l, Right: r}
	}
	if opts.Moves {
		a.addMoves(q.Moves(r, opts))
	}
	return a
}
