// Package sum is the game of sums across games: a position is parts,
// each a position of a game with values (Domineering, Cram, Clobber and
// the like), written GAME:POSITION and joined by '+' or spaces, as
// "domineering:..|.. + clobber:xo". Its value is the sum of the parts'
// values, and a move is a move in one part, named by the part's number:
// "2:a1-b1". Each part is answered by its own game's querier (with that
// game's file where the caller has one), and the values are added in a
// Universe of the sum's own, read back from the parts' answers.
package sum

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
	"github.com/tablebase/tablebase/tablebase"
)

// Name is the sum's name on the command line and in URLs.
const Name = "sum"

// Game is the game of sums; Lookup, which the registry sets, finds the
// games of the parts.
type Game struct {
	Lookup func(name string) (query.Game, error)
}

// playerNames names the players of a sum.
var playerNames = map[string]string{"L": "Left", "R": "Right"}

// Name returns "sum".
func (*Game) Name() string { return Name }

// PartsOfOtherGames marks a sum as made of other games' positions
// (games.Composite): it reads no file of its own.
func (*Game) PartsOfOtherGames() {}

// Summary describes the game for tb help.
func (*Game) Summary() string {
	return "sums across games: parts GAME:POSITION joined by '+', valued exactly by each part's game"
}

// Board describes positions to the explorer and tb play.
func (*Game) Board() query.Board {
	return query.Board{Kind: "sum", Start: "domineering:...|... + clobber:xox", Players: playerNames}
}

// Params lists the build's parameters: a sum has no build.
func (*Game) Params() []build.Param { return nil }

// Build refuses: a sum's parts are read from their games' files.
func (*Game) Build(context.Context, build.Params, build.Options) (build.Summary, error) {
	return build.Summary{}, build.Usagef("a sum has no tablebase of its own: build its parts' games")
}

// Play plays a sum in the terminal, one line a part.
func (*Game) Play(s *play.Session, pos string) error {
	s.Board = showParts
	return s.CGT(pos, playerNames)
}

// PlayOptions says which of tb play's options the game reads.
func (*Game) PlayOptions() string { return "--as L or R; --first L or R" }

// Open returns a querier of sums. A sum has no file of its own (f must be
// nil); c.Parts, when set, gives the querier of each part's game, else
// each is opened without a file.
func (g *Game) Open(f *tablebase.File, c *query.Config) (query.Querier, error) {
	if f != nil {
		return nil, fmt.Errorf("%s holds a %s tablebase; a sum has no file of its own (its parts read their games' files)", f.Path(), f.Meta().Game)
	}
	q := &Querier{g: g, u: cgt.NewUniverse(16), queriers: map[string]query.Querier{}}
	if c != nil {
		q.parts = c.Parts
	}
	return q, nil
}

// showParts prints a sum's parts, one a line.
func showParts(s *play.Session, pos string) {
	parts, err := parse(pos)
	if err != nil {
		fmt.Fprintln(s.Out, pos)
		return
	}
	fmt.Fprintln(s.Out)
	for i, p := range parts {
		fmt.Fprintf(s.Out, "%3d  %s:%s\n", i+1, p.game, p.position)
	}
}

// part is one part of a sum.
type part struct {
	game, position string
}

// parse reads a sum's parts.
func parse(s string) ([]part, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == '+' || unicode.IsSpace(r) })
	if len(fields) == 0 {
		return nil, errors.New("a sum of no parts: write GAME:POSITION + GAME:POSITION")
	}
	parts := make([]part, len(fields))
	for i, f := range fields {
		game, position, ok := strings.Cut(f, ":")
		if !ok || game == "" || position == "" {
			return nil, fmt.Errorf("part %d, %q, is not written GAME:POSITION", i+1, f)
		}
		if game == Name {
			return nil, fmt.Errorf("part %d is a sum: write its parts instead", i+1)
		}
		parts[i] = part{game, position}
	}
	return parts, nil
}

// write writes parts as a sum.
func write(parts []part) string {
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = p.game + ":" + p.position
	}
	return strings.Join(s, " + ")
}

// Querier answers sums. It is safe for concurrent use.
type Querier struct {
	g     *Game
	u     *cgt.Universe
	parts func(game string) (query.Querier, error)

	mu       sync.Mutex
	queriers map[string]query.Querier // opened without a file, when parts is nil
}

// querier returns the querier of a part's game.
func (q *Querier) querier(game string) (query.Querier, error) {
	if q.parts != nil {
		return q.parts(game)
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if pq, ok := q.queriers[game]; ok {
		return pq, nil
	}
	if q.g.Lookup == nil {
		return nil, fmt.Errorf("no game %q", game)
	}
	g, err := q.g.Lookup(game)
	if err != nil {
		return nil, err
	}
	pq, err := g.Open(nil, nil)
	if err != nil {
		return nil, err
	}
	q.queriers[game] = pq
	return pq, nil
}

// valued is a part's answer and value.
type valued struct {
	a query.Answer
	v cgt.ID
}

// Query answers a sum: its value and outcome, and as opts ask the
// explicit form, details and the moves, each a move in one part.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	a := query.Answer{Game: Name, Position: position}
	parts, err := parse(position)
	if err != nil {
		a.Fail(query.BadPosition(err))
		return a
	}
	partOpts := query.Options{NoSolve: opts.NoSolve, Moves: opts.Moves && !opts.OutcomeOnly, MaxSolveCells: opts.MaxSolveCells, MaxNodes: opts.MaxNodes}
	values := make([]valued, len(parts))
	total, source := cgt.Zero, query.FromTablebase
	for i, p := range parts {
		if values[i], err = q.answer(ctx, i, p, partOpts); err != nil {
			a.Fail(err)
			return a
		}
		total = q.u.Add(total, values[i].v)
		if values[i].a.Source != query.FromTablebase {
			source = query.FromSolver
		}
	}
	a.Source, a.File = source, oneFile(values)
	a.SetValue(q.u, total, opts)
	if partOpts.Moves && a.Error == "" {
		moves, err := q.moves(parts, values, total)
		if err != nil {
			a.Fail(err)
			return a
		}
		a.Moves = moves
	}
	return a
}

// oneFile returns the content hash of the file the parts were read
// from when they were all read from one ("" when none was, or several).
func oneFile(values []valued) string {
	file := ""
	for _, pv := range values {
		switch {
		case pv.a.File == "" || pv.a.File == file:
		case file == "":
			file = pv.a.File
		default:
			return ""
		}
	}
	return file
}

// answer answers part i of a sum and reads its value.
func (q *Querier) answer(ctx context.Context, i int, p part, opts query.Options) (valued, error) {
	pq, err := q.querier(p.game)
	if err != nil {
		return valued{}, query.BadPosition(fmt.Errorf("part %d: %w", i+1, err))
	}
	a := pq.Query(ctx, p.position, opts)
	if a.Error != "" {
		err := a.Err()
		if err == nil {
			err = errors.New(a.Error)
		}
		return valued{}, fmt.Errorf("part %d (%s): %w", i+1, p.game, err)
	}
	if a.Value == "" {
		return valued{}, query.BadPosition(fmt.Errorf("part %d: %s answers no value; a sum takes parts of games with values", i+1, p.game))
	}
	v, err := q.u.Parse(a.Value)
	if err != nil {
		return valued{}, fmt.Errorf("part %d (%s): its value %q: %w", i+1, p.game, a.Value, err)
	}
	return valued{a, v}, nil
}

// moves lists every move of a sum, best first for each player: a move in
// a part, valued by the sum it leads to. A move of an impartial part is
// either player's, and is listed for both when another part is partizan.
func (q *Querier) moves(parts []part, values []valued, total cgt.ID) ([]query.Move, error) {
	impartial := true
	for _, pv := range values {
		for _, m := range pv.a.Moves {
			impartial = impartial && m.Player == ""
		}
	}
	players := []string{"L", "R"}
	if impartial {
		players = []string{""}
	}
	var all []query.Move
	for _, player := range players {
		var moves []query.Move
		var means []cgt.Dyadic
		for i, pv := range values {
			rest := q.u.Sub(total, pv.v)
			for _, m := range pv.a.Moves {
				if m.Player != player && m.Player != "" {
					continue
				}
				mv, err := q.u.Parse(m.Value)
				if err != nil {
					return nil, fmt.Errorf("part %d (%s): the value %q of move %s: %w", i+1, parts[i].game, m.Value, m.Move, err)
				}
				after := append([]part(nil), parts...)
				after[i].position = m.Position
				v := q.u.Add(rest, mv)
				moves = append(moves, query.CGTMove(q.u, player, fmt.Sprintf("%d:%s", i+1, m.Move), write(after), v))
				means = append(means, q.u.Mean(v))
			}
		}
		query.SortCGTMoves(moves, means, cmp.Or(player, "L") == "L")
		all = append(all, moves...)
	}
	return all, nil
}
