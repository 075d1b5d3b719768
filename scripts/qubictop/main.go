// Command qubictop decides every 4x4x4 pattern of blocked cells that
// leaves at most --free cells, however many such patterns there are, so
// that the census's rows from the top reach past what it can hold in
// memory. Every such pattern is a draw if every connected union of lines
// of at most --free cells is (see Board.LineUnions for why); qubictop
// decides each of those, once per class, with ttt3d.Decide on the empty
// board, x to move (o never wins there). It prints, by the size of the
// union, how many there are, how many x wins, and how the draws were
// proved; an x win is printed as its pattern.
//
//	go run ./scripts/qubictop [--free 14]
package main

import (
	"flag"
	"fmt"
	"math/bits"
	"os"
	"sync"
	"time"

	"github.com/tablebase/tablebase/games/ttt3d"
)

func main() {
	free := flag.Int("free", 14, "the most cells of the unions of lines listed")
	maxNodes := flag.Int64("max-nodes", 5_000_000, "nodes a search may take before a pattern counts as undecided")
	flag.Parse()
	if *free < 4 || *free > 64 {
		fmt.Fprintln(os.Stderr, "qubictop: --free is between 4 and 64")
		os.Exit(2)
	}
	start := time.Now()
	b := ttt3d.MustGet(4)
	unions := b.LineUnions(*free)
	fmt.Printf("connected unions of lines of at most %d cells: %d classes (%.0f s)\n", *free, len(unions), time.Since(start).Seconds())

	type row struct {
		classes, wins, undecided int
		draws                    map[string]int
	}
	rows := make([][]row, 2) // by worker, then by the union's cells
	var won [2][]uint64
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rows[w] = make([]row, *free+1)
			for i := w; i < len(unions); i += 2 {
				u := unions[i]
				r := &rows[w][bits.OnesCount64(u)]
				if r.draws == nil {
					r.draws = map[string]int{}
				}
				r.classes++
				d, err := ttt3d.Decide(ttt3d.Empty(b, b.Full()&^u), ttt3d.DecideOptions{MaxNodes: *maxNodes, ResultOnly: true})
				switch {
				case err != nil:
					r.undecided++
				case d.Result == ttt3d.Win:
					r.wins++
					won[w] = append(won[w], u)
				default:
					r.draws[d.Proof]++
				}
			}
		}()
	}
	wg.Wait()
	fmt.Println("| cells | unions | x wins | draws | undecided |")
	fmt.Println("|---:|---:|---:|---|---:|")
	for n := 4; n <= *free; n++ {
		a, c := rows[0][n], rows[1][n]
		if a.classes+c.classes == 0 {
			continue
		}
		draws := map[string]int{}
		for _, r := range []row{a, c} {
			for k, v := range r.draws {
				draws[k] += v
			}
		}
		fmt.Printf("| %d | %d | %d | %v | %d |\n", n, a.classes+c.classes, a.wins+c.wins, draws, a.undecided+c.undecided)
	}
	for _, ws := range won {
		for _, u := range ws {
			fmt.Printf("x wins with %d free cells: %s\n", bits.OnesCount64(u), pattern(b.Full()&^u))
		}
	}
	fmt.Printf("%.0f s in all\n", time.Since(start).Seconds())
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
