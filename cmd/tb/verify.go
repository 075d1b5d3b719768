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
the metadata. It prints one line a file (and more with the positions and
bytes of each compact level and how often the games table names each
game as an option) and exits 1 if any file is damaged.`, stderr)
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
			fmt.Fprintln(stdout, err) // it names the file
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
		if r.Options > 0 {
			fmt.Fprintf(stdout, "%s: games table: %d of the %d games are options of others; the options' entropy is %.0f bytes (%.1f bits an option)\n",
				path, r.OptionGames, r.Games, r.OptionBits/8, r.OptionBits/float64(r.Options))
		}
	}
	if failed {
		return errAnswered
	}
	return nil
}
