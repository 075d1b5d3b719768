// Command qubicpatterns looks for extreme 4x4x4 patterns of blocked
// cells, each proved by solve.Decide on the empty board with x to move:
//
//   - --goal draw: patterns of few blocked cells on which o draws, an upper
//     bound on the fewest blocked cells that make Qubic a draw;
//   - --goal win: patterns of many blocked cells on which x still wins, a
//     bound on where every pattern becomes a draw.
//
// From a pattern with the goal's result (the one given, or random
// patterns of --start-cells until one is proved so), it changes one cell
// at a time (frees a blocked cell for a draw, blocks a free one for a
// win) while the result stays proved, and when no cell will do, tries
// changing three cells at once for a net step of one. Every step is
// printed with its proof.
//
// With --cells K it tries instead the patterns of K blocked cells that
// take the most lines away: from --starts random patterns it moves one
// blocked cell at a time while that takes more lines away, and decides
// one pattern of each class (under the board's symmetries) that takes the
// most lines of all those reached.
//
//	go run ./scripts/qubicpatterns [--goal draw|win] [--seed N] [--from PATTERN]
//	go run ./scripts/qubicpatterns --cells K [--starts N] [--seed N]
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"time"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
)

func main() {
	goal := flag.String("goal", "draw", "draw (fewest blocked cells) or win (most blocked cells)")
	seed := flag.Uint64("seed", 1, "random seed")
	from := flag.String("from", "", "a pattern with the goal's result to start from (64 cells of '.' and '#')")
	startCells := flag.Int("start-cells", 0, "blocked cells of the random patterns tried first (default 20 for a draw, 30 for a win)")
	maxNodes := flag.Int64("max-nodes", 2_000_000, "nodes a search may take before the pattern counts as not proved")
	swaps := flag.Int("swaps", 400, "three-cell changes tried when no single cell will do")
	cells := flag.Int("cells", 0, "try the patterns of this many blocked cells that take the most lines away")
	starts := flag.Int("starts", 1000, "with --cells: random patterns to start from")
	flag.Parse()
	if *cells > 0 {
		if *cells > 64 || *starts < 1 {
			fmt.Fprintln(os.Stderr, "qubicpatterns: --cells is 1 to 64 and --starts at least 1")
			os.Exit(2)
		}
		tryMostLines(*cells, *starts, *maxNodes, *seed)
		return
	}
	want, step := solve.Draw, -1 // a draw: one blocked cell fewer at a time
	switch *goal {
	case "draw":
	case "win":
		want, step = solve.Win, 1
	default:
		fmt.Fprintln(os.Stderr, "qubicpatterns: --goal is draw or win")
		os.Exit(2)
	}
	if *startCells == 0 {
		*startCells = map[int]int{-1: 20, 1: 30}[step]
	}
	b := rules.MustGet(4)
	r := rand.New(rand.NewPCG(*seed, 99))
	start := time.Now()
	proved := func(blocked uint64) (string, bool) {
		d, err := solve.Decide(rules.Empty(b, blocked), solve.DecideOptions{MaxNodes: *maxNodes, ResultOnly: true})
		return d.Proof, err == nil && d.Result == want
	}
	var p uint64
	if *from != "" {
		pos, err := rules.Parse(*from)
		if err != nil || pos.B.N != 4 || pos.X|pos.O != 0 {
			fmt.Fprintln(os.Stderr, "qubicpatterns: --from wants a 4x4x4 pattern of blocked cells only", err)
			os.Exit(2)
		}
		p = pos.Blocked
	} else {
		for {
			p = 0
			for _, c := range r.Perm(64)[:*startCells] {
				p |= 1 << c
			}
			if _, ok := proved(p); ok {
				break
			}
		}
	}
	proof, ok := proved(p)
	if !ok {
		fmt.Fprintf(os.Stderr, "qubicpatterns: the starting pattern is not a proved %s\n", want)
		os.Exit(1)
	}
	report := func() {
		fmt.Printf("%d blocked: %s %s (%s) after %v\n", rules.Count(p), rules.Empty(b, p), want, proof, time.Since(start).Round(time.Second))
	}
	report()
	for {
		// Single cells: blocked ones to free, or free ones to block.
		change := p
		if step > 0 {
			change = b.Full() &^ p
		}
		improved := false
		for _, c := range r.Perm(64) {
			if change>>c&1 == 0 {
				continue
			}
			if pr, ok := proved(p ^ 1<<c); ok {
				p, proof, improved = p^1<<c, pr, true
				report()
				break
			}
		}
		if improved {
			continue
		}
		for range *swaps {
			q := p
			for _, c := range r.Perm(64)[:3] {
				q ^= 1 << c
			}
			if rules.Count(q) != rules.Count(p)+step {
				continue
			}
			if pr, ok := proved(q); ok {
				p, proof, improved = q, pr, true
				report()
				break
			}
		}
		if !improved {
			fmt.Printf("no pattern of %d blocked cells found from here\n", rules.Count(p)+step)
			return
		}
	}
}
