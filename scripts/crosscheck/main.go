// Command crosscheck checks the exact values of Domineering boards against
// the whole-board search (games/domineering/crosscheck) and prints each check as a
// row of a Markdown table; it exits 1 if any disagrees.
//
//	go run ./scripts/crosscheck [--transpose] BOARD ...
//
// A BOARD is RxC (an empty rectangle) or a position in the notation.
// --transpose also searches the board beside its transpose, which is much
// harder for the search than the board alone.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/games/domineering/crosscheck"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
)

func main() {
	transpose := flag.Bool("transpose", false, "search the board beside its transpose too")
	flag.Parse()
	q, err := domineering.NewQuerier(domineering.Plain, nil, &query.Config{Workers: 2})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Println("| board | check | exact | search | agree |")
	fmt.Println("|---|---|---|---|---|")
	failed := false
	for _, arg := range flag.Args() {
		board := position(arg)
		start := time.Now()
		checks, err := crosscheck.Board(context.Background(), q, board, *transpose)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		for _, c := range checks {
			exact, search := c.Exact, c.Search
			if c.TooLarge {
				exact = "over 64 cells: not run"
			}
			if search == "" {
				search = "not run"
			}
			agree := fmt.Sprint(c.OK())
			if c.TooLarge {
				agree = "not checked"
			}
			fmt.Printf("| %s | %s | %s | %s | %s |\n", arg, c.What, exact, search, agree)
			failed = failed || !c.OK()
		}
		fmt.Fprintf(os.Stderr, "crosscheck: %s: %d checks in %v\n", arg, len(checks), time.Since(start).Round(time.Second))
	}
	if failed {
		os.Exit(1)
	}
}

// position turns RxC into an empty rectangle; anything else is a position.
func position(arg string) string {
	h, w, sized := region.Size(arg)
	if !sized || h == 0 {
		return arg
	}
	rows := make([]string, h)
	for i := range rows {
		rows[i] = strings.Repeat(".", w)
	}
	return strings.Join(rows, "|")
}
