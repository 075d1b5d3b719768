// Command qubicbench times the answer to random 4x4x4 patterns of
// blocked cells, as tb query gives it (the exact search first, then a
// proof without plies), for each number of blocked cells asked for: the
// median and the worst of --count patterns, and how many were wins and
// draws by each proof. A pattern not answered within --max-nodes a
// search counts as undecided, its time included.
//
//	go run ./scripts/qubicbench [--count 100] [--max-nodes N] ROWS...
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablebase/tablebase/games/ttt3d"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/query"
)

func main() {
	count := flag.Int("count", 100, "random patterns a row")
	maxNodes := flag.Int64("max-nodes", 20_000_000, "nodes a search may take (0: no limit)")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	q, err := ttt3d.NewQuerier(nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	r := rand.New(rand.NewPCG(*seed, 7))
	fmt.Println("| blocked | patterns | median ms | worst ms | x wins | draws | how (exact: the exact search) | undecided |")
	fmt.Println("|---:|---:|---:|---:|---:|---:|---|---:|")
	for _, arg := range flag.Args() {
		k, err := strconv.Atoi(arg)
		if err != nil || k < 0 || k > 64 {
			fmt.Fprintf(os.Stderr, "qubicbench: %q is not a number of blocked cells\n", arg)
			os.Exit(2)
		}
		var times []time.Duration
		wins, draws, undecided := 0, 0, 0
		how := map[string]int{}
		for range *count {
			cells := []byte(strings.Repeat(".", 64))
			for _, c := range r.Perm(64)[:k] {
				cells[c] = '#'
			}
			start := time.Now()
			a := q.Query(context.Background(), string(cells), query.Options{MaxNodes: *maxNodes})
			times = append(times, time.Since(start))
			switch {
			case a.Error != "":
				undecided++
				continue
			case ttt3d.AnswerOf(a).Result == "win":
				wins++
			default:
				draws++
			}
			proof := ttt3d.AnswerOf(a).Proof
			if proof == "" {
				proof = "exact"
			}
			how[proof]++
		}
		slices.Sort(times)
		var parts []string
		for _, p := range []string{"exact", solve.ProvedByRules, solve.ProvedByPairing, solve.ProvedBySearch} {
			if how[p] > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", p, how[p]))
			}
		}
		ms := func(d time.Duration) string { return fmt.Sprintf("%.2f", d.Seconds()*1000) }
		fmt.Printf("| %d | %d | %s | %s | %d | %d | %s | %d |\n", k, *count, ms(times[len(times)/2]),
			ms(times[len(times)-1]), wins, draws, strings.Join(parts, ", "), undecided)
	}
}
