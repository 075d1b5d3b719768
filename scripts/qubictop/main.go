// Command qubictop decides the 4x4x4 patterns of blocked cells that leave
// few cells free, beyond what the census holds in memory, by the fact
// that bounds x's wins from below:
//
// x (moving first) completes a line only through two threats at once
// (two lines each holding three stones of x and an empty fourth cell,
// distinct), since o blocks a single threat. Two such lines share at most
// one cell, so x then has at least 5 stones and completes a line with
// his 6th at the earliest, after 5 stones of o: 11 cells. So with 10 free
// cells or fewer (54 blocked or more) no pattern is a win for x, and
// since o never wins on a board without stones, every one is a draw.
// With 11 or 12 free cells x can win only by his 6th stone, the two
// threats made by his 5th: the free cells then hold two lines that cross.
//
// qubictop lists every set of --free free cells (11 or 12) that holds
// two crossing lines, once per class under the 192 symmetries, and
// decides each with ttt3d.Decide; every other class of that row is a
// draw by the fact above. It prints how many candidates, x's wins and
// draws, and how each draw was proved.
//
//	go run ./scripts/qubictop [--free 11]
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/tablebase/tablebase/games/ttt3d"
)

func main() {
	free := flag.Int("free", 11, "free cells of the patterns (11 or 12)")
	maxNodes := flag.Int64("max-nodes", 5_000_000, "nodes a search may take before a pattern counts as undecided")
	flag.Parse()
	if *free < 11 || *free > 12 {
		fmt.Fprintln(os.Stderr, "qubictop: --free is 11 or 12 (with fewer every pattern is a draw; with more x may win later than his 6th stone)")
		os.Exit(2)
	}
	start := time.Now()
	b := ttt3d.MustGet(4)
	least := func(m uint64) uint64 {
		l := m
		for _, g := range b.Group {
			l = min(l, g.Apply(m))
		}
		return l
	}
	// One pair of crossing lines per class.
	var pairs []uint64
	seen := map[uint64]bool{}
	for i, l1 := range b.Lines {
		for _, l2 := range b.Lines[i+1:] {
			if l1&l2 != 0 && !seen[least(l1|l2)] {
				seen[least(l1|l2)] = true
				pairs = append(pairs, l1|l2)
			}
		}
	}
	// Every free set: a pair and free-7 more cells, by its least image.
	var sets []uint64
	for _, p := range pairs {
		var rest []int
		for c := range 64 {
			if p>>c&1 == 0 {
				rest = append(rest, c)
			}
		}
		found := make([][]uint64, 2)
		var wg sync.WaitGroup
		for w := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				subsets(rest, *free-7, func(s uint64, first int) {
					if first%2 == w {
						found[w] = append(found[w], least(p|s))
					}
				})
			}()
		}
		wg.Wait()
		sets = append(sets, found[0]...)
		sets = append(sets, found[1]...)
	}
	slices.Sort(sets)
	sets = slices.Compact(sets)
	fmt.Printf("%d free cells: %d classes of crossing lines, %d classes of free cells holding two (%.0f s)\n",
		*free, len(pairs), len(sets), time.Since(start).Seconds())

	// Decide each on both cores.
	type tally struct {
		wins, undecided int
		draws           map[string]int
		won             []uint64
	}
	tallies := make([]tally, 2)
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := &tallies[w]
			t.draws = map[string]int{}
			for i := w; i < len(sets); i += 2 {
				d, err := ttt3d.Decide(ttt3d.Empty(b, b.Full()&^sets[i]), ttt3d.DecideOptions{MaxNodes: *maxNodes, ResultOnly: true})
				switch {
				case err != nil:
					t.undecided++
				case d.Result == ttt3d.Win:
					t.wins++
					t.won = append(t.won, sets[i])
				default:
					t.draws[d.Proof]++
				}
			}
		}()
	}
	wg.Wait()
	wins, undecided, draws := 0, 0, map[string]int{}
	for _, t := range tallies {
		wins += t.wins
		undecided += t.undecided
		for k, v := range t.draws {
			draws[k] += v
		}
		for _, f := range t.won {
			fmt.Printf("x wins: %s\n", pattern(b.Full()&^f))
		}
	}
	fmt.Printf("x wins %d, draws %v, undecided %d (%.0f s in all)\n", wins, draws, undecided, time.Since(start).Seconds())
}

// subsets calls f with every set of k cells of cells, and the index in
// cells of its first cell.
func subsets(cells []int, k int, f func(s uint64, first int)) {
	var rec func(from, left int, s uint64, first int)
	rec = func(from, left int, s uint64, first int) {
		if left == 0 {
			f(s, first)
			return
		}
		for i := from; i <= len(cells)-left; i++ {
			fst := first
			if s == 0 {
				fst = i
			}
			rec(i+1, left-1, s|1<<cells[i], fst)
		}
	}
	rec(0, k, 0, 0)
}

// pattern writes blocked cells as tb does: '#' blocked, '.' free.
func pattern(blocked uint64) string {
	s := make([]byte, 64)
	for c := range s {
		s[c] = '.'
		if blocked>>c&1 == 1 {
			s[c] = '#'
		}
	}
	return string(s)
}
