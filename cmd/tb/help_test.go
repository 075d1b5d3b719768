package main

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/tablebase/tablebase/internal/ttable"
)

// TestTableEntryBytes: the help of every command with --table-bits gives
// the size of the search table's entries that the table takes.
func TestTableEntryBytes(t *testing.T) {
	sizes := regexp.MustCompile(`(\d+) bytes each`)
	want := fmt.Sprint(ttable.WideEntryBytes)
	for _, command := range []string{"build", "query"} {
		_, help, code := tb(t, "", command, "-h")
		found := sizes.FindAllStringSubmatch(help, -1)
		if code != 0 || len(found) == 0 {
			t.Errorf("tb %s -h: exit %d, no entry size in %q", command, code, help)
		}
		for _, m := range found {
			if m[1] != want {
				t.Errorf("tb %s -h: entries of %s bytes, want %s", command, m[1], want)
			}
		}
	}
}
