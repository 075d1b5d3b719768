package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/tablebase/tablebase/tablebase"
)

func runVerify(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("verify", `tb verify FILE ...

Checks each tablebase file whole: bbolt's structure, every block's and
page's checksum, the order of every key, the games table and the counts in
the metadata. It prints one line a file (and one more with the positions
of each compact level) and exits 1 if any file is damaged.`, stderr)
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("%w: name a file", errUsage)
	}
	failed := false
	for _, path := range files {
		r, err := tablebase.Verify(path)
		if err != nil {
			fmt.Fprintf(stdout, "%s: damaged: %v\n", path, err)
			failed = true
			continue
		}
		fmt.Fprintf(stdout, "%s: ok: %s\n", path, r)
		if len(r.Levels) > 0 {
			var counts []string
			for _, level := range r.Meta.Compact {
				counts = append(counts, fmt.Sprintf("%d:%d", level, r.Levels[level]))
			}
			fmt.Fprintf(stdout, "%s: positions by compact level: %s\n", path, strings.Join(counts, " "))
			k := r.CompactKinds
			fmt.Fprintf(stdout, "%s: compact bytes: hash functions %d, values %d, part headers %d, level records %d\n", path, k['m'], k['v'], k['h'], k['r'])
		}
	}
	if failed {
		return errAnswered
	}
	return nil
}
