// Command cramnim finds the nim-values of empty Cram rectangles by the
// heap search (cram.HeapSearch), one core unless --workers says more,
// and prints each with its time, the search's nodes and the regions it
// valued.
//
//	go run ./scripts/cramnim [--small 16] [--memo GiB] [--workers 1] [--turn-depth 1] [--aspire-from 4 | --pruned] [--dir DIR] 4x9 5x7 4x11
//
// Each search values a region a heap at a time up to --aspire-from
// (heap.DefaultAspireFrom), and from there by Beling and Rogalski's
// pruning with aspiration sets (HeapSearch.AspireFrom); --pruned is
// --aspire-from 0.
//
// With --workers N it searches each board on N cores, each search
// trying the board's moves from its own turn and skipping those another
// has shown to leave a first-player win (cram.Team), their tables
// sharing --memo; the first to find the nim-value ends them all. With
// --turn-depth 2 each tries the moves of the positions the board's moves
// leave from its own turn instead, and all take the board's moves in the
// same order: the workers share the proof that the first move not
// refuted wins.
//
// With --dir a long search is resumable: every --every it saves what it
// has found of the largest regions of at least --keep cells (3 million at
// most, in DIR/cram-RxC.heap.gz of at most 24 MiB) and its progress
// (DIR/cram-RxC.json: among it, of the moves of the board plus a heap of
// the least nim-value not ruled out, how many are shown to leave a
// first-player win; when all are, that is the nim-value), and a later
// run with the same --dir loads them and goes on from there. An
// interrupt or SIGTERM saves the search before it stops. With workers,
// each save first gives every search what the others have found of
// their largest regions.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/tablebase/tablebase/games/cram/heap"
	"github.com/tablebase/tablebase/internal/region"
)

func main() {
	small := flag.Int("small", 16, "parts of at most this many cells are valued by plain recursion")
	memo := flag.Int("memo", 0, "GiB the searches' tables of large regions may grow to in all (0: 2 each)")
	workers := flag.Int("workers", 1, "searches of each board at once, one a core")
	turnDepth := flag.Int("turn-depth", 1, "with workers: the depth whose moves each tries from its own turn (1: the board's)")
	dir := flag.String("dir", "", "directory of the saved searches, to resume long ones")
	every := flag.Duration("every", 10*time.Minute, "with --dir: how often to save")
	keep := flag.Int("keep", 17, "with --dir: save the regions of at least this many cells, the largest 3 million at most")
	aspireFrom := flag.Int("aspire-from", heap.DefaultAspireFrom, "the heap from which regions are valued by Beling and Rogalski's pruning with aspiration sets, not a heap at a time")
	pruned := flag.Bool("pruned", false, "the pruning from heap 0: --aspire-from 0")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: cramnim [--small N] [--memo GiB] [--workers N] [--turn-depth D] [--aspire-from K | --pruned] [--dir DIR [--every D] [--keep N]] RxC ...")
		os.Exit(2)
	}
	if *workers < 1 || *workers > 64 {
		fmt.Fprintln(os.Stderr, "cramnim: --workers is from 1 to 64")
		os.Exit(2)
	}
	if *turnDepth < 1 || *turnDepth > 8 {
		fmt.Fprintln(os.Stderr, "cramnim: --turn-depth is from 1 to 8")
		os.Exit(2)
	}
	if *aspireFrom < 0 {
		fmt.Fprintln(os.Stderr, "cramnim: --aspire-from is a heap, 0 or more")
		os.Exit(2)
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	for _, board := range flag.Args() {
		h, w, sized := region.Size(board)
		if !sized || h == 0 || h*w > region.MaxCells {
			fmt.Fprintf(os.Stderr, "cramnim: %q is not RxC of at most %d cells\n", board, region.MaxCells)
			os.Exit(2)
		}
		s := newTeam(*workers, *small, *memo<<30, *turnDepth)
		for _, h := range s {
			h.AspireFrom = *aspireFrom
			if *pruned {
				h.AspireFrom = 0
			}
		}
		if *dir == "" {
			start := time.Now()
			n, ok := s.run(ctx.Done(), region.Full(h, w))
			if !ok {
				fmt.Fprintf(os.Stderr, "cramnim: %s: stopped by a signal\n", board)
				os.Exit(1)
			}
			fmt.Printf("%s: nim-value %d, %.1f s, %d nodes, %d regions valued\n", board, n, time.Since(start).Seconds(), s.takeNodes(), s.valued())
			continue
		}
		r := &resumable{dir: *dir, board: board, region: region.Full(h, w), search: s, keep: *keep}
		if err := r.run(ctx, *every); err != nil {
			fmt.Fprintln(os.Stderr, "cramnim:", err)
			os.Exit(1)
		}
	}
}
