package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLogLines feeds a logLines redraws at set times and checks which
// become lines.
func TestLogLines(t *testing.T) {
	var out strings.Builder
	clock := time.Unix(0, 0)
	l := newLogLines(&out, 10*time.Second)
	l.now = func() time.Time { return clock }
	for _, step := range []struct {
		after time.Duration
		write string
	}{
		{0, "\r1 of 9   "},             // the first: written at once
		{4 * time.Second, "\r2 of 9 "}, // too soon
		{4 * time.Second, "\r3 of 9"},  // too soon
		{4 * time.Second, "\r4 of 9 "}, // 12 s after the first
		{1 * time.Second, "\r5 of 9"},  // too soon, but the last
		{0, "\n"},
		{0, "done\n"},
		{0, "\n"}, // a blank line of a message passes through
	} {
		clock = clock.Add(step.after)
		if n, err := fmt.Fprint(l, step.write); n != len(step.write) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", step.write, n, err)
		}
	}
	if want := "1 of 9\n4 of 9\n5 of 9\ndone\n\n"; out.String() != want {
		t.Errorf("wrote %q, want %q", out.String(), want)
	}
}

// TestBuildProgressToLog: with --progress a build that does not write to
// a terminal prints its progress as lines, which name the level and say
// how long the build has taken and, when it knows its size, how long it
// will take.
func TestBuildProgressToLog(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"domineering", "--max-cells", "8"}, []string{"level 7/8 [", "level 8/8 [============] 100.0% 369/369 positions, ", " elapsed, total unknown\n"}},
		{[]string{"sync-domineering", "--board", "3x4"}, []string{"level 13/13 [============] 100.0% 143/143 positions, ", " elapsed, 0s left\n"}},
	} {
		path := filepath.Join(t.TempDir(), "p.db")
		args := append([]string{"build", "--db", path, "--progress"}, c.args...)
		_, errOut, code := tb(t, "", args...)
		if code != 0 || strings.Contains(errOut, "\r") {
			t.Fatalf("tb %v: exit %d, stderr %q", args, code, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("tb %v: no %q in %q", args, w, errOut)
			}
		}
	}
	_, errOut, code := tb(t, "", "build", "domineering", "--max-cells", "8", "--db", filepath.Join(t.TempDir(), "q.db"))
	if code != 0 || strings.Contains(errOut, "positions") {
		t.Fatalf("without --progress: exit %d, stderr %q", code, errOut)
	}
}
