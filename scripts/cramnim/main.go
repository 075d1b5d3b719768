// Command cramnim finds the nim-values of empty Cram rectangles by the
// heap search (cram.HeapSearch), one core, and prints each with its time,
// the search's nodes and the regions it valued.
//
//	go run ./scripts/cramnim [--small 16] [--memo GiB] 4x9 5x7 4x11
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/tablebase/tablebase/games/cram"
	"github.com/tablebase/tablebase/internal/region"
)

func main() {
	small := flag.Int("small", 16, "parts of at most this many cells are valued by the solver")
	memo := flag.Int("memo", 0, "GiB the search's table of large regions may grow to (0: 2)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: cramnim [--small N] [--memo GiB] RxC ...")
		os.Exit(2)
	}
	for _, board := range flag.Args() {
		h, w, sized := region.Size(board)
		if !sized || h == 0 || h*w > region.MaxCells {
			fmt.Fprintf(os.Stderr, "cramnim: %q is not RxC of at most %d cells\n", board, region.MaxCells)
			os.Exit(2)
		}
		s := cram.NewHeapSearch(*small, *memo<<30)
		start := time.Now()
		n := s.Nimber(region.Full(h, w))
		fmt.Printf("%s: nim-value %d, %.1f s, %d nodes, %d regions valued\n", board, n, time.Since(start).Seconds(), s.Nodes, s.Valued())
	}
}
