package domineering3d

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is three-player Domineering in the registry.
var Game game

// game gives the generic layers what they need to build, answer and play
// three-player Domineering.
type game struct{}

// Name is the game's name on the command line and in the JSON.
func (game) Name() string { return "domineering3d" }

// Summary describes the game for tb help.
func (game) Summary() string {
	return "three players place dominoes along the three axes of a box: who can force a win under each turn order"
}

// Board describes positions to the explorer and tb play.
func (game) Board() query.Board {
	return query.Board{Kind: "3d", Size: "2x2x3", Start: "2x2x3",
		Players: map[string]string{"X": "X (along i)", "Y": "Y (along j)", "Z": "Z (along k)"}}
}

// Open returns a querier reading f when f is not nil, its in-memory
// searches sized by cfg's TableBits and Workers where they are set.
func (game) Open(f *tablebase.File, cfg *query.Config) (query.Querier, error) {
	q, err := NewQuerier(f)
	if err != nil {
		return nil, err
	}
	if cfg != nil {
		q.tableBits, q.workers = cfg.TableBits, cfg.Workers
	}
	return q, nil
}

// Params lists the build's parameters.
func (game) Params() []build.Param {
	return []build.Param{
		{Name: "board", Usage: "the box, AxBxC"},
		build.TableBitsParam,
	}
}

// Build stores every board reachable on the --board AxBxC box.
func (game) Build(ctx context.Context, p build.Params, opts build.Options) (build.Summary, error) {
	box, err := ParseBox(p["board"])
	if err != nil {
		return build.Summary{}, build.Usagef("--board: %v", err)
	}
	tableBits, err := p.TableBits()
	if err != nil {
		return build.Summary{}, err
	}
	sum, err := Build(ctx, box, tableBits, opts)
	sum.What = "domineering3d board " + box.String()
	return sum, err
}

// Play plays from pos: the person plays one player, tb the other two,
// each trying to force its own win.
func (game) Play(s *play.Session, pos string) error {
	as, order := s.As, s.Order
	start, err := Parse(pos)
	if err != nil {
		return err
	}
	o, err := ParseOrder(strings.ToUpper(order))
	if err != nil {
		return build.Usagef("%v", err)
	}
	if as == "" {
		as = o.First.String()
	}
	human := strings.IndexByte("XYZ", strings.ToUpper(as)[0])
	if len(as) != 1 || human < 0 {
		return build.Usagef("--as takes X, Y or Z")
	}
	b := start.Box
	solver := NewSolver(b, 22, 2)
	t := Start(start.Empty, o)
	for {
		before := t.Alive
		var winner Player
		var over bool
		t, winner, over = solver.Settle(t)
		for q := range 3 {
			if before&^t.Alive>>q&1 != 0 {
				fmt.Fprintf(s.Out, "%c has no move and leaves the game.\n", "XYZ"[q])
			}
		}
		cur := Position{Box: b, Empty: t.Empty}
		showBox(s.Out, cur)
		if over {
			fmt.Fprintf(s.Out, "%s wins.\n", winner)
			return nil
		}
		// Each move with who can force a win after it: from the querier
		// while all three play, from the solver once one has left.
		var a query.Answer
		if t.Alive == 7 {
			if a, err = s.Answer(cur.String()); err != nil {
				return err
			}
			if w := OutcomesOf(a.Extra)[Order{First: t.Mover, Reverse: t.Reverse}.String()]; w == "Q" {
				fmt.Fprintln(s.Out, "Nobody can force a win.")
			} else {
				fmt.Fprintf(s.Out, "%s can force a win.\n", w)
			}
		}
		var moves []query.Move
		choices := map[string]choice{} // by move: who wins after it, its cell
		for m := solver.Moves(t.Empty, t.Mover); !m.Empty(); m = m.WithoutLow() {
			cell := m.Low()
			next := solver.After(t, cell)
			after := Position{Box: b, Empty: next.Empty}
			w := ""
			for _, qm := range a.Moves {
				if qm.Position == after.String() {
					w = OutcomesOf(qm.Extra)[Order{First: t.Mover, Reverse: t.Reverse}.String()]
				}
			}
			if w == "" {
				w = solver.Winner(next).String()
			}
			name := solver.pieceName(t.Mover, cell)
			moves = append(moves, query.Move{Player: t.Mover.String(), Move: name, Position: after.String()})
			choices[name] = choice{winner: w, cell: cell}
		}
		mover := t.Mover.String()
		rank := func(m query.Move) int {
			switch choices[m.Move].winner {
			case mover:
				return 0
			case "Q":
				return 1
			}
			return 2
		}
		slices.SortStableFunc(moves, func(x, y query.Move) int { return rank(x) - rank(y) })
		var m query.Move
		if int(t.Mover) == human {
			if m, err = s.Choose(mover, moves, func(m query.Move) string {
				if w := choices[m.Move].winner; w != "Q" {
					return w + " can force a win after it"
				}
				return "nobody can force a win after it"
			}); err != nil {
				return play.Quit(err)
			}
		} else {
			m = moves[0]
			fmt.Fprintf(s.Out, "tb plays %s for %s.\n", m.Move, mover)
		}
		t = solver.After(t, choices[m.Move].cell)
	}
}

// choice is a move tb play offers: who can force a win after it, and
// its cell.
type choice struct {
	winner string
	cell   int
}

// PlayOptions says which of tb play's options the game reads.
func (game) PlayOptions() string {
	return "--as X, Y or Z (tb plays the other two); --order XYZ, YZX, ZXY, XZY, ZYX or YXZ"
}

// showBox prints a box as its layers i = 1..A side by side, each a grid
// of rows j and columns k ('.' empty, '#' covered).
func showBox(w io.Writer, p Position) {
	b := p.Box
	fmt.Fprintf(w, "\n%s\n", p)
	var head strings.Builder
	for i := range b.A {
		fmt.Fprintf(&head, "%-*s", 2*b.C+3, fmt.Sprintf("i=%d", i+1))
	}
	fmt.Fprintln(w, strings.TrimRight(head.String(), " "))
	for j := range b.B {
		var line strings.Builder
		for i := range b.A {
			for k := range b.C {
				c := byte('#')
				if p.Empty.Has((i*b.B+j)*b.C + k) {
					c = '.'
				}
				line.WriteByte(c)
				line.WriteByte(' ')
			}
			line.WriteString("   ")
		}
		fmt.Fprintln(w, strings.TrimRight(line.String(), " "))
	}
}
