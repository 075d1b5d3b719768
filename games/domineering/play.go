package domineering

import (
	"context"
	"fmt"
	"sync"

	"github.com/tablebase/tablebase/games/domineering/engine"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
)

// playerNames names the players.
var playerNames = map[string]string{"L": "Left (vertical)", "R": "Right (horizontal)"}

// Play plays from pos: with exact values, or on a Domineering board too
// large for them with the whole-board search.
func (v Variant) Play(s *play.Session, pos string) error {
	if p, err := engine.Parse(pos); err == nil && v == Plain && p.Cells() > play.ExactCells {
		return search(s, s.Q.(*Querier).Engine(), p)
	}
	return v.game().Play(s, pos)
}

// search plays Domineering on a board too large for exact values: tb
// plays a winning move whenever the search finds one within s.Think.
func search(s *play.Session, e *engine.Engine, pos engine.Position) error {
	as, err := s.Sides()
	if err != nil {
		return err
	}
	cellName := func(i int) string { return notation.Cell(i/pos.W, i%pos.W) }
	for turn := s.First; ; turn = play.Other[turn] {
		s.Show(pos.String())
		var moves []query.Move
		for _, m := range pos.Moves(turn == "L") {
			moves = append(moves, query.Move{Move: notation.Piece(cellName(m.First), cellName(m.Second)), Position: pos.Play(m).String()})
		}
		if len(moves) == 0 {
			fmt.Fprintf(s.Out, "%s has no move: %s wins.\n", playerNames[turn], playerNames[play.Other[turn]])
			return nil
		}
		search := func() (engine.Move, bool, bool, string) {
			ctx, cancel := context.WithTimeout(context.Background(), s.Think)
			defer cancel()
			best, wins, solved, _ := e.BestMoveWithin(ctx, pos, turn == "L")
			return best, wins, solved, notation.Piece(cellName(best.First), cellName(best.Second))
		}
		if turn == as {
			hint := sync.OnceValues(func() (bool, string) { _, wins, _, name := search(); return wins, name })
			m, err := s.Choose(playerNames[turn], moves, func(m query.Move) string {
				if wins, best := hint(); wins && m.Move == best {
					return "wins"
				}
				return ""
			})
			if err != nil {
				return play.Quit(err)
			}
			pos, _ = engine.Parse(m.Position)
			continue
		}
		best, wins, solved, bestName := search()
		verdict := "it wins"
		switch {
		case !solved:
			verdict = fmt.Sprintf("not solved within %v", s.Think)
		case !wins:
			verdict = "no winning move: it plays on"
		}
		fmt.Fprintf(s.Out, "tb plays %s for %s (%s).\n", bestName, playerNames[turn], verdict)
		pos = pos.Play(best)
	}
}
