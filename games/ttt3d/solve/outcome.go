package solve

import "fmt"

// Result is the game's result for the side to move.
type Result int8

// The results, ordered from the mover's point of view.
const (
	Loss Result = -1
	Draw Result = 0
	Win  Result = 1
)

func (r Result) String() string {
	switch r {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "draw"
}

// Outcome is a result and the plies to the end of the game under perfect
// play: the winner ends the game as fast as he can, the loser lasts as long
// as he can (a draw always fills the board).
type Outcome struct {
	Result Result
	Plies  int
}

func (o Outcome) String() string { return fmt.Sprintf("%s in %d", o.Result, o.Plies) }

// Scores order outcomes for the side to move as one integer: a win in p
// plies scores big-p, a loss in p plies -(big-p), a draw 0. Plies never
// exceed 64, so wins score above 35 and losses below -35.
const big = 100

func (o Outcome) score() int {
	switch o.Result {
	case Win:
		return big - o.Plies
	case Loss:
		return o.Plies - big
	}
	return 0
}

// outcome turns a score back into an outcome; empty is the number of empty
// cells, the plies of a draw.
func outcome(score, empty int) Outcome {
	switch {
	case score > 0:
		return Outcome{Win, big - score}
	case score < 0:
		return Outcome{Loss, big + score}
	}
	return Outcome{Draw, empty}
}

// parent turns a child's score (for the side to move after a move) into
// the score of that move for the side that made it: a loss in p becomes a
// win in p+1, a win in p a loss in p+1, a draw stays a draw.
func parent(child int) int {
	switch {
	case child > 0:
		return -child + 1
	case child < 0:
		return -child - 1
	}
	return 0
}

// child is the inverse of parent: the child's score bound that gives the
// parent score y. It is decreasing, so a window (a, b) for the parent is
// the window (child(b), child(a)) for the child.
func child(y int) int {
	switch {
	case y > 0:
		return -y - 1
	case y < 0:
		return 1 - y
	}
	return 0
}

// Pack stores an outcome in one byte: the plies in the low six bits and
// the result above them.
func (o Outcome) Pack() uint32 { return uint32(o.Result+1)<<6 | uint32(o.Plies) }

// Unpack is the inverse of Pack.
func Unpack(v uint32) Outcome { return Outcome{Result(v>>6&3) - 1, int(v & 63)} }

// Parent returns the outcome, for the side that moved, of a move leading
// to a position whose outcome for the side then to move is o.
func (o Outcome) Parent() Outcome { return Outcome{-o.Result, o.Plies + 1} }

// Better reports whether o is better than p for the side to move.
func (o Outcome) Better(p Outcome) bool { return o.score() > p.score() }
