package census

import (
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/internal/par"
)

// LineUnions returns the connected unions of lines of b with at most n
// cells (each line after the first meeting a line before it), once per
// class under the board's group (the least image of each), in
// increasing order.
//
// They decide the patterns of blocked cells with few free cells: a free
// cell on no line of free cells is a pass, which never helps, so a
// pattern plays as the union of its lines of free cells; and where those
// lines fall into parts that share no cell, x (moving first) wins only if
// he wins a part alone, o answering each of his moves in its own part.
// So every pattern with at most n free cells is a draw if every union
// returned is.
func LineUnions(b *rules.Board, n int) []uint64 {
	// bySize[c] gathers the unions of c cells found so far, each as often
	// as it is found; a union grows only into larger ones, so the sizes
	// are done in increasing order.
	bySize := make([][]uint64, max(n, 4)+1)
	for _, l := range b.Lines {
		bySize[4] = append(bySize[4], leastImage(b, l))
	}
	var all []uint64
	for c := 4; c <= n; c++ {
		level := bySize[c]
		slices.Sort(level)
		level = slices.Compact(level)
		all = append(all, level...)
		shares := make([][]uint64, par.Workers())
		par.Split(len(level), func(w, lo, hi int) {
			for _, u := range level[lo:hi] {
				for _, l := range b.Lines {
					if v := u | l; l&u != 0 && v != u && bits.OnesCount64(v) <= n {
						shares[w] = append(shares[w], leastImage(b, v))
					}
				}
			}
		})
		for _, s := range shares {
			for _, v := range s {
				k := bits.OnesCount64(v)
				bySize[k] = append(bySize[k], v)
			}
		}
		bySize[c] = nil
	}
	slices.Sort(all)
	return all
}
