package genwide

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Stale reads the go:generate lines of file that run genwide (go run
// PATH/genwide/cmd ARGS) and returns how many there are, and the outputs
// of those lines, in file's directory, that are not the copies Generate
// makes now: the files a game's test asks to be current.
func Stale(file string) (lines int, stale []string, err error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return 0, nil, err
	}
	for _, l := range strings.Split(string(src), "\n") {
		rest, ok := strings.CutPrefix(l, "//go:generate go run ")
		if !ok {
			continue
		}
		tool, args, _ := strings.Cut(rest, " ")
		if !strings.HasSuffix(tool, "genwide/cmd") {
			continue
		}
		lines++
		c, err := FromArgs(strings.Fields(args))
		if err != nil {
			return lines, stale, fmt.Errorf("a go:generate line of %s: %v", file, err)
		}
		c.Dir = filepath.Dir(file)
		out, err := Generate(c)
		if err != nil {
			return lines, stale, err
		}
		for i, name := range c.Outs {
			if old, err := os.ReadFile(filepath.Join(c.Dir, name)); err != nil || !bytes.Equal(old, out[i]) {
				stale = append(stale, name)
			}
		}
	}
	return lines, stale, nil
}
