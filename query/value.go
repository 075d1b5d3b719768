package query

import (
	"cmp"

	"github.com/tablebase/tablebase/cgt"
)

// Calculation is the answer of tb value and GET /value to one expression
// over values: a value with what tb query --details gives of a position's
// value, or, for a comparison, whether it holds and how the two sides
// relate. A comparison's sides are LHS and RHS, in canonical form.
type Calculation struct {
	Expr  string `json:"expr"`
	Error string `json:"error,omitempty"`

	// A comparison: whether it holds, how the sides relate (=, <, >
	// or ||), and the sides.
	Holds    *bool  `json:"holds,omitempty"`
	Relation string `json:"relation,omitempty"`
	LHS      string `json:"lhs,omitempty"`
	RHS      string `json:"rhs,omitempty"`

	// A value, with the fields of Answer of the same names.
	Value        string       `json:"value,omitempty"`
	Outcome      string       `json:"outcome,omitempty"`
	LeftStop     string       `json:"left_stop,omitempty"`
	RightStop    string       `json:"right_stop,omitempty"`
	Mean         string       `json:"mean,omitempty"`
	Temperature  string       `json:"temperature,omitempty"`
	AtomicWeight string       `json:"atomic_weight,omitempty"`
	Birthday     *int         `json:"birthday,omitempty"`
	Thermograph  *Thermograph `json:"thermograph,omitempty"`

	err error
	g   cgt.ID
}

// Err returns the answer's error: wrapping cgt.ErrSyntax for an
// expression that is not one, cgt.ErrLimit for one too large to compute.
func (a *Calculation) Err() error { return a.err }

// ID returns the value's canonical form in the Universe that evaluated
// it (for a value, not a comparison, without an error).
func (a *Calculation) ID() cgt.ID { return a.g }

// MaxValueString is the longest value an answer writes, in bytes.
const MaxValueString = 1 << 20

// MaxValueForms bounds the canonical forms one GET /value may make.
const MaxValueForms = 1 << 20

// EvaluateValue evaluates the expression expr (the notation of
// cgt.Universe.Parse, or two such values compared) in u. A computation
// past the limits set on u stops with an error wrapping cgt.ErrLimit.
func EvaluateValue(u *cgt.Universe, expr string) Calculation {
	a := Calculation{Expr: expr}
	e, err := u.ParseExpr(expr)
	if err != nil {
		a.fail(err)
		return a
	}
	var werr error
	write := func(g cgt.ID) string {
		s, err := u.StringWithin(g, MaxValueString)
		if err != nil && werr == nil {
			werr = err
		}
		return s
	}
	err = u.Guard(func() {
		if e.Op != "" {
			holds := e.Holds(u)
			a.Holds = &holds
			a.Relation = u.Compare(e.G, e.H).String()
			a.LHS, a.RHS = write(e.G), write(e.H)
			return
		}
		v := e.G
		a.g = v
		a.Value = write(v)
		a.Outcome = u.Outcome(v).String()
		ls, rs := u.Stops(v)
		a.LeftStop, a.RightStop = ls.String(), rs.String()
		a.Mean, a.Temperature = u.Mean(v).String(), u.Temperature(v).String()
		birthday := u.Birthday(v)
		a.Birthday = &birthday
		if aw, err := u.AtomicWeight(v); err == nil {
			a.AtomicWeight = write(aw)
		}
		l, r := u.Thermograph(v)
		a.Thermograph = &Thermograph{Left: l, Right: r}
	})
	err = cmp.Or(err, werr)
	if err != nil {
		a = Calculation{Expr: expr}
		a.fail(err)
	}
	return a
}

func (a *Calculation) fail(err error) {
	a.err = err
	a.Error = err.Error()
}
