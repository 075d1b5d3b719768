// Package query answers lookups: a position in, its answer out, from a
// tablebase file when it holds the position and solved in memory when it
// does not.
package query

// Answer is one JSON answer line, as ../shared/SPEC.md fixes it. Fields a
// game does not use are left out.
type Answer struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	Source   string `json:"source,omitempty"` // "tablebase" or "solved"
	Error    string `json:"error,omitempty"`

	// The CGT games (domineering, xt-domineering).
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

	// sync-triomineering, sync-domineering (with Outcome above): what each
	// player can guarantee, "win", "draw" or "loss".
	Vertical   string `json:"vertical,omitempty"`
	Horizontal string `json:"horizontal,omitempty"`

	// domineering3d: for each turn order, X, Y, Z or Q.
	Outcomes map[string]string `json:"outcomes,omitempty"`

	// ttt3d: the result for the side to move, plies to the end, and every
	// legal move, best first.
	Result string `json:"result,omitempty"`
	Plies  *int   `json:"plies,omitempty"`
	Moves  []Move `json:"moves,omitempty"`
	// Strategy marks a 4x4x4 answer read from a strategy file: plies are
	// those of the stored winning strategy (at most that many), and with x
	// to move the only move listed is the strategy's.
	Strategy bool `json:"strategy,omitempty"`
}

// Sources of an answer.
const (
	FromTablebase = "tablebase"
	FromSolver    = "solved"
)

// Options selects what an answer holds.
type Options struct {
	NoSolve  bool // a position the file lacks is an error
	Explicit bool // add the explicit canonical form
	Details  bool // add stops, mean, temperature and atomic weight
}
