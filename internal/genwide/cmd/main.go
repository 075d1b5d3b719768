// Command genwide writes the wide copy of a game's fast path (see package
// genwide); a game's go:generate line runs it.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/tablebase/tablebase/internal/genwide"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "genwide:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	c, err := genwide.FromArgs(args)
	if err != nil {
		return err
	}
	out, err := genwide.Generate(c)
	if err != nil {
		return err
	}
	for i, src := range out {
		if err := os.WriteFile(filepath.Join(c.Dir, c.Outs[i]), src, 0o666); err != nil {
			return err
		}
	}
	return nil
}
