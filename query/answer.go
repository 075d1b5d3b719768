// Package query answers lookups: a position in, its answer out, from a
// tablebase file when it holds the position and solved in memory when it
// does not. It is the contract every game implements; the HTTP server
// over it is package query/server.
package query

import (
	"errors"
	"fmt"
)

// Answer is one JSON answer line, as docs/contract.md fixes it: the
// fields games share, and in Extra the game's own. Fields a game does not
// use are left out.
type Answer struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	Source   string `json:"source,omitempty"` // "tablebase" or "solved"
	Error    string `json:"error,omitempty"`

	// The CGT games (domineering, xt-domineering, clobber; cram's values
	// are nimbers).
	Value    string `json:"value,omitempty"`
	Outcome  string `json:"outcome,omitempty"`
	Explicit string `json:"explicit,omitempty"`
	// With Details: the thermograph's numbers and, for infinitesimals,
	// the atomic weight.
	LeftStop     string `json:"left_stop,omitempty"`
	RightStop    string `json:"right_stop,omitempty"`
	Mean         string `json:"mean,omitempty"`
	Temperature  string `json:"temperature,omitempty"`
	AtomicWeight string `json:"atomic_weight,omitempty"`
	Birthday     *int   `json:"birthday,omitempty"` // the canonical form's depth

	// With Details, for the CGT games: the thermograph's walls.
	Thermograph *Thermograph `json:"thermograph,omitempty"`

	// Every legal move with its answer, best first for each player: always
	// for ttt3d, with the Moves option for the other games.
	Moves []Move `json:"moves,omitempty"`

	// The fields every game shares (Shape fills Best from the moves):
	// Best holds the best move of each side to move, Distance the plies to
	// the end where the game counts them, File the content hash of the
	// file that answered (16 hex digits, as tb verify prints it).
	Best     []Best `json:"best,omitempty"`
	Distance *int   `json:"distance,omitempty"`
	File     string `json:"file,omitempty"`

	// Extra holds the game's own fields, declared in its package
	// (domineering3d's outcomes, the synchronized games' guarantees,
	// ttt3d's result, plies and proof), which the JSON writes beside
	// these. encoding/json reads no Extra back.
	Extra Extra `json:"-"`

	err error // the error behind Error
}

// Err returns the error of an answer that has one, for errors.Is with
// ErrBadPosition, ErrNotStored, ErrTooLarge and ErrTimeout.
func (a Answer) Err() error { return a.err }

// Fail records err as the answer's error.
func (a *Answer) Fail(err error) {
	a.err, a.Error = err, err.Error()
}

// Failed returns the answer for a position that could not be answered at
// all (a line too long to read, say).
func Failed(game, position string, err error) Answer {
	a := Answer{Game: game, Position: position}
	a.Fail(err)
	return a
}

// AddMoves puts moves found from source on the answer (or records err):
// an answer that needed the solver for its moves says so.
func (a *Answer) AddMoves(moves []Move, source string, err error) {
	if err != nil {
		a.Fail(err)
		return
	}
	if source == FromSolver {
		a.Source = source
	}
	a.Moves = moves
}

// Errors of an answer.
var (
	// ErrBadPosition: the position is not written as docs/contract.md says, or
	// breaks the rules.
	ErrBadPosition = errors.New("bad position")
	// ErrNotStored: the file lacks the position and Options.NoSolve is set.
	ErrNotStored = errors.New("position is not in the tablebase")
	// ErrTooLarge: the file lacks the position and it is larger than
	// Options.MaxSolveCells.
	ErrTooLarge = errors.New("position is too large to solve here")
	// ErrTimeout: the search did not end in the time it was given.
	ErrTimeout = errors.New("the search did not finish in the time given")
)

// BadPosition marks a parse error as ErrBadPosition, keeping its message.
func BadPosition(err error) error { return badPosition{err} }

// badPosition is an error that is ErrBadPosition.
type badPosition struct{ error }

func (badPosition) Is(target error) bool { return target == ErrBadPosition }

func (e badPosition) Unwrap() error { return e.error }

// Sources of an answer.
const (
	FromTablebase = "tablebase"
	FromSolver    = "solved"
)

// Options selects what an answer holds.
type Options struct {
	NoSolve  bool // a position the file lacks is an error
	Explicit bool // add the explicit canonical form
	Details  bool // add stops, mean, temperature, atomic weight and thermograph
	Moves    bool // list every move with its answer (ttt3d always does)
	// OutcomeOnly answers only the outcome of a CGT game's position; on a
	// game with a whole-board search (Board.WholeBoard: domineering), by
	// that search (boards up to 256 cells), unless NoSolve is set: then
	// from the file's values alone.
	OutcomeOnly bool
	// MaxSolveCells, when not 0, refuses to solve in memory a component
	// (domineering, xt-domineering) or board (domineering3d, sync-*) with
	// more empty cells. ttt3d searches have a node limit instead.
	MaxSolveCells int
	// MaxNodes, when not 0, ends a ttt3d search that has not proved its
	// answer after this many nodes with ErrTooLarge.
	MaxNodes int64
}

// Solvable returns the error for solving a part of cells empty cells that
// the file lacks, or nil if it may be solved.
func (o Options) Solvable(cells int) error {
	switch {
	case o.NoSolve:
		return ErrNotStored
	case o.MaxSolveCells > 0 && cells > o.MaxSolveCells:
		return fmt.Errorf("%w: %d empty cells, the limit is %d", ErrTooLarge, cells, o.MaxSolveCells)
	}
	return nil
}

// Move is one legal move and what it leads to. Move and Position are
// always set; the other fields depend on the game:
//
//   - the CGT games: Player "L" or "R" (none for an impartial game), the
//     Value and Outcome of the position after the move, and Wins, true
//     when the move wins for its player moving first (the position after
//     it is one he wins when the other starts).
//   - the others: Player, Result and Distance as their games set them,
//     and their own fields in Extra.
//
// Result, the move's result for the player who makes it ("win", "draw" or
// "loss"), is set for every two-player game once Shape has run.
type Move struct {
	Player   string `json:"player,omitempty"`
	Move     string `json:"move"`
	Position string `json:"position"`

	Value   string `json:"value,omitempty"`
	Outcome string `json:"outcome,omitempty"`
	Wins    *bool  `json:"wins,omitempty"`

	Result string `json:"result,omitempty"`
	// Distance is the plies to the end after the move, counting the move,
	// where the game counts them.
	Distance *int `json:"distance,omitempty"`

	// Extra holds the game's own fields of the move, as Answer.Extra.
	Extra Extra `json:"-"`
}

// Best is the best move of one side to move: Player as in Move (left out
// when the game is impartial or only one side is to move), and the move.
type Best struct {
	Player string `json:"player,omitempty"`
	Move   string `json:"move"`
}

// Thermograph is a thermograph's two walls as breakpoints [t, x] from
// temperature t = 0 up, each wall continuing straight up (the mast) from
// its last point, at the Mean from the Temperature on.
type Thermograph struct {
	Left  [][2]float64 `json:"left"`
	Right [][2]float64 `json:"right"`
}
