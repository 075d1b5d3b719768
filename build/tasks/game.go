// Package tasks splits a game's whole-board search into tasks that a
// scheduler runs anywhere, in any order, any number of times, and that
// survive being stopped.
//
// A task directory holds its plan, plan.json.gz, and in done/ the
// results: a log of each run, a JSON line a task it solved (DoneDir),
// which tb solve compact joins into one. The older form, plan.json and
// done/K.json a task, is read and carried on too. The plan holds, for each player moving first (one
// search when the board's symmetry makes one serve both), a proof tree of
// a claim about that player: at the claimant's turn one candidate move is
// a child, at the other player's turn every move is. Each position of the
// tree is first probed by a short search: one the probe decides is
// settled in the plan; the others are split further, down to a depth,
// where those left are tasks. A task's result is a fact about its
// position (does the player to move win?), and the tree combines facts
// alone: a position is won when some child is lost for the player to
// move there, and lost when its children are all of its moves and each is
// won for the other. A claim that turns out wrong therefore never gives a
// wrong answer; planning again tries the next candidate.
package tasks

import (
	"context"
	"errors"

	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is a two-player game whose searches can be split into tasks.
// Boards and moves are written in the game's notation; Left and Right are
// the players of the outcome classes (L, R, N, P). Its methods are called
// from one goroutine at a time, but for Nodes, which may be called while
// Solve runs.
type Game interface {
	// Board reads a board and returns it as the game writes it.
	Board(board string) (string, error)
	// SelfDual reports whether Right moving first on board is, up to
	// symmetry, Left moving first on it, so that one search answers both;
	// or whether the board asks one question, which the plan answers as
	// N or P (three-player Domineering, whose plans let the side not to
	// move pass, so that Right moving first is Left's question again:
	// its Tell says what N and P mean).
	SelfDual(board string) bool
	// Moves lists every move of the player to move (Left when left), by
	// the rules, or one of each set of moves that a symmetry of the
	// position maps onto one another (the positions after them are alike,
	// so they have one result).
	Moves(board string, left bool) ([]string, error)
	// Candidates lists moves of the player to move in the order the
	// game's search tries them; it may leave some out, but lists none
	// that Moves does not.
	Candidates(board string, left bool) ([]string, error)
	// Play returns the board after the player to move plays move, any
	// move of the rules (Moves may list fewer).
	Play(board string, left bool, move string) (string, error)
	// Solve decides whether the player to move wins; solved is false when
	// ctx ended first.
	Solve(ctx context.Context, board string, left bool) (wins, solved bool, err error)
	// Nodes returns the positions the game's search has searched so far,
	// over every call.
	Nodes() int64
}

// Sharer is a Game that opens another search of the same game sharing
// its table, so that what either learns serves both, but counting its own
// nodes: a run solves several tasks at once on such searches
// (RunOptions.Others), the tasks of a plan reaching many of the same
// positions. progress, when not nil, is told how far the new search has
// got, as query.Config.Progress is.
type Sharer interface {
	Share(progress func(query.Progress)) Game
}

// Splitter is a registered game whose searches can be split: Tasks opens
// its Game, reading values from f when f is not nil, with the search set
// up by c (its Progress, when set, is told how far a search has got).
// A game that cannot split some of its variants returns an error
// wrapping ErrUnsupported.
type Splitter interface {
	Tasks(f *tablebase.File, c *query.Config) (Game, error)
}

// Teller is a Game whose players' results are not simply wins of
// alternating play (a question asked of each player, say): Tell says in
// the game's words what the outcome class (L, R, N or P) means on board,
// or "" when it has nothing to add.
type Teller interface {
	Tell(board, outcome string) string
}

// ErrUnsupported is wrapped by Splitter.Tasks for a game that has no
// search to split.
var ErrUnsupported = errors.New("no whole-board search to split into tasks")
