// Command qubictop decides every 4x4x4 pattern of blocked cells that
// leaves at most --free cells, however many such patterns there are, so
// that the census's rows from the top reach past what it can hold in
// memory. Every such pattern is a draw if every connected union of lines
// of at most --free cells is (see census.LineUnions for why); qubictop
// decides each of those, once per class, with solve.Decide on the empty
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
	"time"

	"github.com/tablebase/tablebase/games/ttt3d/census"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/internal/par"
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
	b := rules.MustGet(4)
	unions := census.LineUnions(b, *free)
	fmt.Printf("connected unions of lines of at most %d cells: %d classes (%.0f s)\n", *free, len(unions), time.Since(start).Seconds())

	// What each union is: "win", "undecided", or how its draw was proved.
	outcomes := make([]string, len(unions))
	par.Split(len(unions), func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			d, err := solve.Decide(rules.Empty(b, b.Full()&^unions[i]), solve.DecideOptions{MaxNodes: *maxNodes, ResultOnly: true})
			switch {
			case err != nil:
				outcomes[i] = "undecided"
			case d.Result == solve.Win:
				outcomes[i] = "win"
			default:
				outcomes[i] = d.Proof
			}
		}
	})
	type row struct {
		classes, wins, undecided int
		draws                    map[string]int
	}
	rows := make([]row, *free+1) // by the union's cells
	var won []uint64
	for i, u := range unions {
		r := &rows[bits.OnesCount64(u)]
		r.classes++
		switch outcomes[i] {
		case "undecided":
			r.undecided++
		case "win":
			r.wins++
			won = append(won, u)
		default:
			if r.draws == nil {
				r.draws = map[string]int{}
			}
			r.draws[outcomes[i]]++
		}
	}
	fmt.Println("| cells | unions | x wins | draws | undecided |")
	fmt.Println("|---:|---:|---:|---|---:|")
	for n, r := range rows {
		if r.classes > 0 {
			fmt.Printf("| %d | %d | %d | %v | %d |\n", n, r.classes, r.wins, r.draws, r.undecided)
		}
	}
	for _, u := range won {
		fmt.Printf("x wins with %d free cells: %s\n", bits.OnesCount64(u), rules.Empty(b, b.Full()&^u))
	}
	fmt.Printf("%.0f s in all\n", time.Since(start).Seconds())
}
