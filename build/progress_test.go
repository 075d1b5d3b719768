package build

import (
	"strings"
	"testing"
	"time"
)

// TestProgress draws the progress line at set times: the level named,
// the bar and time left of the whole build when its total is known, of
// the level otherwise, a rate that leaves out what earlier runs stored,
// and the line of each level kept when the total is not known.
func TestProgress(t *testing.T) {
	type step struct {
		after time.Duration
		level string // start this level (of 10 positions, 2 stored), else Add
		add   int64
	}
	for _, c := range []struct {
		name        string
		total, done int64
		steps       []step
		want        []string // the lines drawn, each redraw after a \r
	}{
		{"known total", 40, 10, []step{
			{0, "level 1/3", 0},
			{2 * time.Second, "", 4},
		}, []string{"\rlevel 1/3 [====        ]  35.0% 14/40 positions, 2.0/s, 2s elapsed, 13s left   "}},
		{"known total, next level", 40, 10, []step{
			{0, "level 1/3", 0},
			{time.Second, "", 8},
			{0, "level 2/3", 0},
			{time.Second, "", 10},
		}, []string{
			"\rlevel 1/3 [=====       ]  45.0% 18/40 positions, 8.0/s, 1s elapsed, 3s left   ",
			"\rlevel 2/3 [========    ]  70.0% 28/40 positions, 9.0/s, 2s elapsed, 1s left   ",
		}},
		{"unknown total", 0, 0, []step{
			{0, "level 7/9", 0},
			{4 * time.Second, "", 2},
			{0, "level 8/9", 0},
			{time.Second, "", 4},
		}, []string{
			"\rlevel 7/9 [====        ]  40.0% 4/10 positions, 0.5/s, 12s left in level, 4s elapsed, total unknown   \n",
			"\rlevel 8/9 [=======     ]  60.0% 6/10 positions, 4.0/s, 1s left in level, 5s elapsed, total unknown   ",
		}},
	} {
		var out strings.Builder
		clock := time.Unix(0, 0)
		p := NewProgress(&out, c.total, c.done)
		p.now = func() time.Time { return clock }
		p.start = clock
		for _, s := range c.steps {
			clock = clock.Add(s.after)
			if s.level != "" {
				p.Level(s.level, 10, 2)
			} else {
				p.Add(s.add)
			}
		}
		if got := out.String(); got != strings.Join(c.want, "") {
			t.Errorf("%s: drew\n%q, want\n%q", c.name, got, strings.Join(c.want, ""))
		}
	}
}
