package crosscheck

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/tablebase/tablebase/query"
)

// Stored runs the checks of a value computed before and kept as an answer
// (a results file), with q's whole-board search only, so that the value
// need not be computed again. The exact outcome of each position comes from
// the answer's stops where they settle it: the board's from its stops
// (Left wins when the right stop is positive, Right when the left stop is
// negative, the first player when they have opposite signs), the
// transpose's with L and R exchanged, and the board beside a strip worth
// -n from the stops less n. A position whose outcome the stops leave open
// (a stop equal to n) is left out; so is one of more than 64 cells.
func Stored(ctx context.Context, q query.Querier, a query.Answer) ([]Check, error) {
	ls, ok1 := new(big.Rat).SetString(a.LeftStop)
	rs, ok2 := new(big.Rat).SetString(a.RightStop)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("%s: stops %q and %q that are not numbers", a.Position, a.LeftStop, a.RightStop)
	}
	rows := strings.Split(a.Position, "|")
	checks := []Check{
		{Position: a.Position, What: "board", Exact: a.Outcome, Want: fromStops(ls, rs, 0)},
		{Position: strings.Join(transpose(rows), "|"), What: "transpose", Exact: swapped[a.Outcome]},
	}
	lo, err := bound(a.RightStop, math.Floor)
	if err != nil {
		return nil, err
	}
	hi, err := bound(a.LeftStop, math.Ceil)
	if err != nil {
		return nil, err
	}
	for n := lo - 2; n <= hi+2; n++ {
		exact := fromStops(ls, rs, int64(n))
		if n == 0 || exact == "" {
			continue
		}
		c := stripCheck(rows, n)
		c.Exact = exact
		checks = append(checks, c)
	}
	var out []Check
	for _, c := range checks {
		if cells(c.Position) > maxCells {
			continue
		}
		s := q.Query(ctx, c.Position, query.Options{OutcomeOnly: true})
		if s.Error != "" {
			return nil, fmt.Errorf("%s: search: %s", c.Position, s.Error)
		}
		c.Search = s.Outcome
		out = append(out, c)
	}
	return out, nil
}

// fromStops returns the outcome of G - n that G's stops settle ("" when a
// stop of G - n is 0).
func fromStops(ls, rs *big.Rat, n int64) string {
	x := new(big.Rat).SetInt64(n)
	l, r := new(big.Rat).Sub(ls, x).Sign(), new(big.Rat).Sub(rs, x).Sign()
	switch {
	case r > 0:
		return "L"
	case l < 0:
		return "R"
	case l > 0 && r < 0:
		return "N"
	}
	return ""
}
