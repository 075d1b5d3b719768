package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/census"
)

func runStats(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var sources []string
	for _, g := range games.All {
		if _, ok := games.CensusOf(g); ok {
			sources = append(sources, g.Name())
		}
	}
	fs := newFlagSet("stats", `tb stats FILE [--svg DIR]

Prints a census of a tablebase of exact values (`+strings.Join(sources, ", ")+`),
level by level (cells or stones): the classes stored, the distinct
canonical values, the classes by outcome (L, R, N, P), the largest
temperature and the positions that reach it, the infinitesimals and the
range of their atomic weights, and every number and switch {a|b} that
occurs. --svg DIR draws the same as charts: temperature.svg, values.svg
and outcomes.svg.`, stderr)
	svg := fs.String("svg", "", "directory to draw the charts into")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		return fmt.Errorf("%w: name one file", errUsage)
	}
	f, err := tablebase.Open(files[0])
	if err != nil {
		return err
	}
	defer f.Close()
	g, err := games.Lookup(f.Meta().Game)
	if err != nil {
		return err
	}
	src, ok := games.CensusOf(g)
	if !ok {
		return fmt.Errorf("%s holds %s, which has no exact values to count (tb stats reads %s)", files[0], g.Name(), strings.Join(sources, ", "))
	}
	levels, err := census.Count(src, f)
	if err != nil {
		return err
	}
	census.WriteTable(stdout, fmt.Sprintf("%s, %s", g.Name(), files[0]), levels)
	if *svg != "" {
		written, err := census.WriteSVG(*svg, g.Name(), levels)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "\ncharts: %s\n", strings.Join(written, " "))
	}
	return nil
}
