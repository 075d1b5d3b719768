package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/tablebase"
)

func runVerify(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("verify", `tb verify FILE ...

Checks each tablebase file whole: bbolt's structure, every block's and
page's checksum, the order of every key, the games table and the counts in
the metadata. It prints one line a file (and more with the positions and
bytes of each compact level and how often the games table names each
game as an option), and for a build that has not ended (stopped, or
grown and not yet built on) a line saying so with the tb build command
that completes it. A file of a complete build can be checked against a
published SHA-256 as well: the same build writes the same bytes.
Exit status: 1 if any file is damaged, else 3 if any is an incomplete
build (intact: it answers what it holds), else 0.`, stderr)
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("%w: name a file", errUsage)
	}
	failed, incomplete := false, false
	for _, path := range files {
		r, err := tablebase.Verify(path)
		if err != nil {
			fmt.Fprintln(stdout, err) // it names the file
			failed = true
			continue
		}
		fmt.Fprintf(stdout, "%s: ok: %s\n", path, r)
		if !r.Meta.Complete {
			command, ok := completion(path, r.Meta)
			if ok {
				incomplete = true
				fmt.Fprintf(stdout, "%s: incomplete: the build has not ended; %s completes it\n", path, command)
			} else {
				fmt.Fprintf(stdout, "%s: not the file of a tb build (parameters %s): nothing completes it\n", path, paramsText(r.Meta.Params))
			}
		}
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
	switch {
	case failed:
		return errAnswered
	case incomplete:
		return errMore
	}
	return nil
}

// completion returns the tb build command that completes the file at
// path, of metadata m: ok false when no build of tb build writes such a
// file (one tb query --save wrote, or built with another chunk size).
func completion(path string, m tablebase.Meta) (command string, ok bool) {
	g, err := games.Lookup(m.Game)
	if err != nil {
		return "", false
	}
	p, ok := build.RebuildParams(g, m.Params)
	if !ok {
		return "", false
	}
	args := []string{"tb", "build", g.Name()}
	for _, q := range g.Params() {
		switch v, given := p[q.Name]; {
		case !given || q.Bool && v == "false":
		case q.Bool:
			args = append(args, "--"+q.Name)
		default:
			args = append(args, "--"+q.Name, shellWord(v))
		}
	}
	return strings.Join(append(args, "--db", shellWord(path)), " "), true
}

// shellWord writes s as one word of a POSIX shell's command line: as it
// is when it holds only characters no shell reads specially, else in
// single quotes.
func shellWord(s string) string {
	plain := s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("-_./:,=+@%", r))
	}) < 0
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// paramsText writes a file's parameters as NAME=VALUE in name order.
func paramsText(p map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(p)) {
		parts = append(parts, k+"="+p[k])
	}
	return strings.Join(parts, " ")
}
