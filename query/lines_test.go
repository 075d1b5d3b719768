package query

import (
	"errors"
	"strings"
	"testing"
)

// TestEachLine: lines of any length, the over-long ones reported and the
// lines after them still read; blank lines skipped.
func TestEachLine(t *testing.T) {
	long := strings.Repeat(".", 300_000)
	in := "..|..\n\n  ...  \n" + long + "\n" + "#.\n" + long + long + "\r\nlast"
	var got []string
	err := EachLine(strings.NewReader(in), 100_000, func(line string, err error) error {
		if err != nil {
			if !errors.Is(err, ErrLineTooLong) || !strings.Contains(err.Error(), "300001 bytes") && !strings.Contains(err.Error(), "600002 bytes") {
				t.Errorf("error %v", err)
			}
			line = "long:" + line
		}
		got = append(got, line)
		return nil
	})
	want := []string{"..|..", "...", "long:" + strings.Repeat(".", 64) + "...", "#.", "long:" + strings.Repeat(".", 64) + "...", "last"}
	if err != nil || strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("got %q, %v", got, err)
	}
}
