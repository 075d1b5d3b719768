package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/tablebase"
)

// errMore means work that is intact but not done (exit status 3): a
// merge stored what the shards held and the build needs another round of
// shards, or tb verify found an incomplete build.
var errMore = errors.New("the build needs more shards")

func runMerge(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("merge", `tb merge GAME --db FILE [build options] [SHARD...]

Joins shard files made by tb build --shard into FILE (creating it), then
carries the build as far as it goes without solving anything. Give the
same game and options as to tb build. The shards may be given in any
order, the same one twice, or some of them in a later merge; the file is
the same bytes as a one-process build's. Exit status: 0 when FILE is complete,
3 when the next level needs its shards (run them, then merge again), 1 on
an error.`, stderr)
	bf := buildFlags(fs)
	g, p, err := bf.parse(fs, args, false)
	if err != nil {
		return err
	}
	opts := bf.options(stderr)
	opts.Merge = true
	for _, path := range bf.pos {
		f, err := tablebase.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		opts.Shards = append(opts.Shards, f)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sum, err := build.Run(ctx, g, p, opts)
	if errors.Is(err, build.ErrNeedShards) {
		fmt.Fprintf(stdout, "merged %d positions from %d shard files into %s; %v: run the shards (tb build --shard I/N), then merge again\n",
			sum.Solved, len(opts.Shards), *bf.db, err)
		return errMore
	}
	return bf.report(stdout, stderr, sum, err, "merged")
}
