package query

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/tablebase/tablebase/cgt"
)

// explicitLimit bounds the size of an explicit form in an answer.
const explicitLimit = 1 << 20

// SetValue fills in the fields of a CGT game's answer from its value v:
// outcome, and unless opts.OutcomeOnly the value, with opts.Explicit the
// explicit form and with opts.Details the stops, mean, temperature,
// atomic weight and thermograph.
func (a *Answer) SetValue(u *cgt.Universe, v cgt.ID, opts Options) {
	a.Outcome = u.Outcome(v).String()
	if opts.OutcomeOnly {
		return
	}
	a.Value = u.String(v)
	if opts.Explicit {
		var err error
		if a.Explicit, err = u.Explicit(v, explicitLimit); err != nil {
			a.Fail(err)
		}
	}
	if opts.Details {
		ls, rs := u.Stops(v)
		a.LeftStop, a.RightStop = ls.String(), rs.String()
		a.Mean, a.Temperature = u.Mean(v).String(), u.Temperature(v).String()
		birthday := u.Birthday(v)
		a.Birthday = &birthday
		if aw, err := u.AtomicWeight(v); err == nil {
			a.AtomicWeight = u.String(aw)
		}
		l, r := u.Thermograph(v)
		a.Thermograph = &Thermograph{Left: l, Right: r}
	}
}

// CGTMove returns the move named name leading to position, worth v, for
// Left (left true) or Right; for an impartial game (player "") it is
// listed once, and wins when it leads to a second-player win.
func CGTMove(u *cgt.Universe, player, name, position string, v cgt.ID) Move {
	o := u.Outcome(v)
	wins := o == cgt.SecondWins || (player == "L" && o == cgt.LeftWins) || (player == "R" && o == cgt.RightWins)
	return Move{Player: player, Move: name, Position: position, Value: u.String(v), Outcome: o.String(), Wins: &wins}
}

// SortCGTMoves orders one player's moves best first: winning first, then
// by mean (high for Left, low for Right), then by name. means[i] is the
// mean of the value moves[i] leads to.
func SortCGTMoves(moves []Move, means []cgt.Dyadic, left bool) {
	SortByKeys(moves, means, func(a, b int) int {
		if wa, wb := *moves[a].Wins, *moves[b].Wins; wa != wb {
			if wa {
				return -1
			}
			return 1
		}
		c := means[b].Cmp(means[a])
		if !left {
			c = -c
		}
		return cmp.Or(c, cmp.Compare(moves[a].Move, moves[b].Move))
	})
}

// SortByKeys sorts moves stably by compare, which compares moves by their
// places in the unsorted slice (so that it can read keys kept beside them);
// keys is reordered with them.
func SortByKeys[K any](moves []Move, keys []K, compare func(a, b int) int) {
	idx := make([]int, len(moves))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, compare)
	sm, sk := make([]Move, len(idx)), make([]K, len(idx))
	for i, j := range idx {
		sm[i], sk[i] = moves[j], keys[j]
	}
	copy(moves, sm)
	copy(keys, sk)
}

// Valuer values the positions P of a game with CGT values and lists
// their moves, each with its source (FromTablebase or FromSolver).
type Valuer[P any] interface {
	Value(ctx context.Context, p P, opts Options) (cgt.ID, string, error)
	Moves(ctx context.Context, p P, opts Options) ([]Move, string, error)
}

// OutcomeValuer is a Valuer that also decides a position's outcome class
// without its value, for Options.OutcomeOnly, and where it came from.
type OutcomeValuer[P any] interface {
	Valuer[P]
	Outcome(ctx context.Context, p P, opts Options) (cgt.Outcome, string, error)
}

// SumParts adds the values of parts, each from value, which says whether
// the part was solved in memory; the source is FromTablebase when a file
// (hasFile) gave every part, else FromSolver.
func SumParts[P any](u *cgt.Universe, hasFile bool, parts []P, value func(P) (cgt.ID, bool, error)) (cgt.ID, string, error) {
	source := FromTablebase
	if !hasFile {
		source = FromSolver
	}
	total := cgt.Zero
	for _, part := range parts {
		v, solved, err := value(part)
		if err != nil {
			return 0, "", err
		}
		if solved {
			source = FromSolver
		}
		total = u.Add(total, v)
	}
	return total, source, nil
}

// ValueAnswer answers a position of game, read by parse and valued in u
// by q: its value and outcome, and as opts ask its explicit form,
// details and moves. An outcome alone (opts.OutcomeOnly) is searched
// when q can (OutcomeValuer), except with opts.NoSolve, which answers it
// from the stored value or fails with ErrNotStored. A computation that
// ctx ends gives up with ErrTimeout.
func ValueAnswer[P any](ctx context.Context, game, position string, parse func(string) (P, error), u *cgt.Universe, q Valuer[P], opts Options) Answer {
	a := Answer{Game: game, Position: position}
	p, err := parse(position)
	if err != nil {
		a.Fail(BadPosition(err))
		return a
	}
	if o, ok := q.(OutcomeValuer[P]); ok && opts.OutcomeOnly && !opts.NoSolve {
		outcome, source, err := o.Outcome(ctx, p, opts)
		if err != nil {
			a.Fail(err)
			return a
		}
		a.Source, a.Outcome = source, outcome.String()
		return a
	}
	v, source, err := q.Value(ctx, p, opts)
	if err != nil {
		a.Fail(err)
		return a
	}
	a.Source = source
	a.SetValue(u, v, opts)
	if opts.Moves && !opts.OutcomeOnly {
		a.AddMoves(q.Moves(ctx, p, opts))
	}
	return a
}

// CGTMoves lists every move of both players, Left's then Right's, each
// with the value of the position it leads to, each player's best first
// (SortCGTMoves), and where the values came from: source (FromTablebase
// when a file is read, else FromSolver), or FromSolver once value says
// one was solved. each calls emit with every move of Left (left true) or
// Right, its name and the position after it; value gives a position's
// value and where it came from. An impartial game's moves, the same for
// both players, are listed once, for player "" (each asked for Left's).
func CGTMoves[P fmt.Stringer](u *cgt.Universe, source string, impartial bool, each func(left bool, emit func(name string, after P)), value func(P) (cgt.ID, string, error)) ([]Move, string, error) {
	var moves []Move
	var means []cgt.Dyadic
	var err error
	players := []string{"L", "R"}
	if impartial {
		players = []string{""}
	}
	for _, player := range players {
		start := len(moves)
		each(player != "R", func(name string, after P) {
			if err != nil {
				return
			}
			v, s, e := value(after)
			if e != nil {
				err = e
				return
			}
			if s == FromSolver {
				source = FromSolver
			}
			moves = append(moves, CGTMove(u, player, name, after.String(), v))
			means = append(means, u.Mean(v))
		})
		if err != nil {
			return nil, "", err
		}
		SortCGTMoves(moves[start:], means[start:], player != "R")
	}
	return moves, source, nil
}
