package census

import (
	"slices"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/internal/par"
)

// BlockedClasses returns every set of blocked cells that is the least of
// its images under the board's group: one pattern per symmetry class,
// in increasing order. It is meant for the 3x3x3 board (2^27 sets).
func BlockedClasses(b *rules.Board) []uint64 {
	shares := make([][]uint64, par.Workers())
	par.Split(1<<b.Cells, func(w, lo, hi int) {
		for m := uint64(lo); m < uint64(hi); m++ {
			least := true
			for _, g := range b.Group[1:] {
				if g.Apply(m) < m {
					least = false
					break
				}
			}
			if least {
				shares[w] = append(shares[w], m)
			}
		}
	})
	return slices.Concat(shares...)
}

// Criteria are the classical sufficient conditions for the second player
// to draw, on the hypergraph of open lines (each of n cells): L lines, at
// most D of them through one cell.
type Criteria struct {
	L, D int
	// ErdosSelfridge: the sum of 2^-n over the lines is below 1/2, that is
	// L < 2^(n-1).
	ErdosSelfridge bool
	// Beck: L + D < 2^n, Beck's refinement for the second player.
	Beck bool
	// Pairing: n >= 2D, so that Hall's theorem gives every line two cells
	// of its own and o answers each of x's cells with its pair.
	Pairing bool
}

// Count adds one to the counter of each criterion that holds and returns
// how many hold.
func (c Criteria) Count(erdosSelfridge, beck, pairing *int) int {
	n := 0
	for _, hit := range []struct {
		ok      bool
		counter *int
	}{{c.ErdosSelfridge, erdosSelfridge}, {c.Beck, beck}, {c.Pairing, pairing}} {
		if hit.ok {
			*hit.counter++
			n++
		}
	}
	return n
}

// DrawCriteria evaluates the criteria for a set of blocked cells.
func DrawCriteria(b *rules.Board, blocked uint64) Criteria {
	open := b.OpenLines(blocked)
	d := 0
	for c := range b.Cells {
		k := 0
		for _, l := range open {
			k += int(l >> c & 1)
		}
		d = max(d, k)
	}
	n, l := b.N, len(open)
	return Criteria{L: l, D: d, ErdosSelfridge: l < 1<<(n-1), Beck: l+d < 1<<n, Pairing: n >= 2*d}
}
