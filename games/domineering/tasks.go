package domineering

import (
	"context"
	"fmt"
	"strings"

	"github.com/tablebase/tablebase/build/tasks"
	"github.com/tablebase/tablebase/games/domineering/engine"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Tasks opens the whole-board search for tb solve (tasks.Splitter), set up
// as tb query --outcome-only sets it up: the search of NewQuerier, reading
// f when it is not nil. XT Domineering has no whole-board search.
func (v Variant) Tasks(f *tablebase.File, c *query.Config) (tasks.Game, error) {
	if v != Plain {
		return nil, fmt.Errorf("%s: %w", v.Name(), tasks.ErrUnsupported)
	}
	q, err := NewQuerier(v, f, c)
	if err != nil {
		return nil, err
	}
	return wholeBoard{q.Engine()}, nil
}

// wholeBoard is the whole-board search as tasks.Game: boards of up to
// engine.MaxCells cells, and moves in the move notation.
type wholeBoard struct{ e *engine.Engine }

// Board reads a board in the position notation, or "RxC" for the empty
// board of R rows and C columns.
func (wholeBoard) Board(board string) (string, error) {
	p, err := parseBoard(board)
	if err != nil {
		return "", err
	}
	return p.String(), nil
}

// parseBoard reads a board, or "RxC".
func parseBoard(board string) (engine.Position, error) {
	if r, c, sized := region.Size(board); sized {
		if r == 0 || r*c > engine.MaxCells {
			return engine.Position{}, fmt.Errorf("board %q: want RxC, R rows and C columns of at most %d cells, or rows of '.' and '#'", board, engine.MaxCells)
		}
		board = strings.TrimSuffix(strings.Repeat(strings.Repeat(".", c)+"|", r), "|")
	}
	return engine.Parse(board)
}

// SelfDual reports whether the board equals its transpose: Right moving
// first on it is then Left moving first (Engine.OutcomeWithin).
func (wholeBoard) SelfDual(board string) bool {
	rows := strings.Split(board, "|")
	for i, row := range rows {
		if len(row) != len(rows) {
			return false
		}
		for j := range i {
			if row[j] != rows[j][i] {
				return false
			}
		}
	}
	return true
}

// Moves lists every domino of the player to move (Left's vertical).
func (wholeBoard) Moves(board string, left bool) ([]string, error) {
	p, err := engine.Parse(board)
	if err != nil {
		return nil, err
	}
	return moveNames(p, p.Moves(left)), nil
}

// Candidates lists the moves the search tries at the root, in its order.
func (w wholeBoard) Candidates(board string, left bool) ([]string, error) {
	p, err := engine.Parse(board)
	if err != nil {
		return nil, err
	}
	return moveNames(p, w.e.Candidates(p, left)), nil
}

// Play returns the board after the player to move places the domino
// move (its two cells, top or left first).
func (wholeBoard) Play(board string, left bool, move string) (string, error) {
	p, err := engine.Parse(board)
	if err != nil {
		return "", err
	}
	moves := p.Moves(left)
	for i, name := range moveNames(p, moves) {
		if name == move {
			return p.Play(moves[i]).String(), nil
		}
	}
	player := "R"
	if left {
		player = "L"
	}
	return "", fmt.Errorf("%q is not a move of %s on %s", move, playerNames[player], board)
}

// Solve decides whether the player to move wins, by the whole-board
// search.
func (w wholeBoard) Solve(ctx context.Context, board string, left bool) (wins, solved bool, err error) {
	p, err := engine.Parse(board)
	if err != nil {
		return false, false, err
	}
	_, wins, solved, _ = w.e.BestMoveWithin(ctx, p, left)
	return wins, solved, nil
}

// Nodes returns the positions the search has searched so far.
func (w wholeBoard) Nodes() int64 { return w.e.Nodes() }

// Share returns another search sharing w's table, with its own count of
// nodes (tasks.Sharer; engine.Engine.Fork).
func (w wholeBoard) Share(progress func(query.Progress)) tasks.Game {
	return wholeBoard{w.e.Fork(engineProgress(progress))}
}

var _ tasks.Sharer = wholeBoard{}

// moveNames writes dominoes in the move notation.
func moveNames(p engine.Position, moves []engine.Move) []string {
	cell := func(i int) string { return notation.Cell(i/p.W, i%p.W) }
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = notation.Piece(cell(m.First), cell(m.Second))
	}
	return out
}
