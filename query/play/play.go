// Package play is what the games' terminal play loops share (tb play): a
// session between the person at the terminal and the tablebase, asking
// for moves, showing boards, and the loop of two-player games in which
// the player with no move loses.
package play

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
)

// Session is one game between the person and the tablebase.
type Session struct {
	Q   query.Querier
	In  *bufio.Scanner
	Out io.Writer
	// The person's options: the side he plays (empty: the side that moves
	// first), who moves first and the turn order where the game has a
	// choice, and how long tb may search for a move on large boards.
	As, First, Order string
	Think            time.Duration
	// Board, when set, prints a position in place of Show.
	Board func(s *Session, pos string)
}

// ExactCells is the most empty cells tb play values exactly; a larger
// board of a game with a whole-board search is played by the search.
const ExactCells = 30

// errQuit ends a game the person left.
var errQuit = errors.New("game left")

// Answer queries a position with its moves.
func (s *Session) Answer(pos string) (query.Answer, error) {
	a := s.Q.Query(context.Background(), pos, query.Options{Moves: true})
	if a.Error != "" {
		return a, errors.New(a.Error)
	}
	return a, nil
}

// Choose asks for one of moves until it gets one; "hint" lists them with
// their answers, best first. It returns an error when the person quits
// (which ends the game quietly: see Quit).
func (s *Session) Choose(who string, moves []query.Move, describe func(query.Move) string) (query.Move, error) {
	for {
		fmt.Fprintf(s.Out, "%s to move (e.g. %s; hint; quit): ", who, moves[0].Move)
		if !s.In.Scan() {
			fmt.Fprintln(s.Out)
			return query.Move{}, errQuit
		}
		in := strings.ToLower(strings.TrimSpace(s.In.Text()))
		switch in {
		case "":
			continue
		case "quit", "q", "exit":
			return query.Move{}, errQuit
		case "hint", "?", "help":
			for _, m := range moves {
				fmt.Fprintf(s.Out, "  %-12s %s\n", m.Move, describe(m))
			}
			continue
		}
		for _, m := range moves {
			if SameMove(in, m) {
				return m, nil
			}
		}
		fmt.Fprintf(s.Out, "%q is not a legal move here; type hint for the list\n", in)
	}
}

// Quit turns the error of a person who left into the end of the game.
func Quit(err error) error {
	if errors.Is(err, errQuit) {
		return nil
	}
	return err
}

// SameMove reports whether the typed text names m: the same cells in
// either order, or the second name its Extra gives it (query.Alias:
// tic-tac-toe's cell index).
func SameMove(in string, m query.Move) bool {
	if alias, ok := m.Extra.(query.Alias); ok && in == alias.Alias() {
		return true
	}
	a, b := notation.SplitPiece(in)
	c, d := notation.SplitPiece(m.Move)
	return a == c && b == d || a == d && b == c
}

// Show prints a 2D board with column letters and row numbers.
func (s *Session) Show(pos string) {
	rows := strings.FieldsFunc(pos, func(c rune) bool { return c == '|' || c == '/' })
	fmt.Fprint(s.Out, "\n   ")
	for c := range len(rows[0]) {
		fmt.Fprintf(s.Out, " %c", 'a'+c)
	}
	fmt.Fprintln(s.Out)
	for i, row := range rows {
		fmt.Fprintf(s.Out, "%3d", i+1)
		for _, ch := range row {
			fmt.Fprintf(s.Out, " %c", ch)
		}
		fmt.Fprintln(s.Out)
	}
}

// MovesOf returns the moves of a's list that player may play: his own,
// and in an impartial game (moves with no player) all of them.
func MovesOf(a query.Answer, player string) []query.Move {
	var out []query.Move
	for _, m := range a.Moves {
		if m.Player == player || m.Player == "" {
			out = append(out, m)
		}
	}
	return out
}

// Other is the other player of a two-player game.
var Other = map[string]string{"L": "R", "R": "L"}

// Sides checks --as and --first for a two-player game of Left and Right
// and returns the person's side (the first player's when --as is not
// given).
func (s *Session) Sides() (string, error) {
	as, first := s.As, s.First
	if as == "" {
		as = first
	}
	if (as != "L" && as != "R") || (first != "L" && first != "R") {
		return "", build.Usagef("--as and --first take L or R")
	}
	return as, nil
}

// CGT plays a two-player game of Left and Right from pos: players
// alternate, and the player with no move loses. names names the players
// ("L": "Left (vertical)", say); tb plays the first move of its list.
func (s *Session) CGT(pos string, names map[string]string) error {
	as, err := s.Sides()
	if err != nil {
		return err
	}
	for turn := s.First; ; turn = Other[turn] {
		a, err := s.Answer(pos)
		if err != nil {
			return err
		}
		if s.Board != nil {
			s.Board(s, pos)
		} else {
			s.Show(pos)
		}
		fmt.Fprintf(s.Out, "value %s, outcome %s\n", a.Value, a.Outcome)
		moves := MovesOf(a, turn)
		if len(moves) == 0 {
			fmt.Fprintf(s.Out, "%s has no move: %s wins.\n", names[turn], names[Other[turn]])
			return nil
		}
		var m query.Move
		if turn == as {
			if m, err = s.Choose(names[turn], moves, func(m query.Move) string {
				return fmt.Sprintf("value %s%s", m.Value, map[bool]string{true: ", wins", false: ""}[*m.Wins])
			}); err != nil {
				return Quit(err)
			}
		} else {
			m = moves[0]
			fmt.Fprintf(s.Out, "tb plays %s for %s.\n", m.Move, names[turn])
		}
		pos = m.Position
	}
}
