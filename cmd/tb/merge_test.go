package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestShardRounds drives a sharded build from the command line as a
// scheduler's script does: merge (exit 3: shards needed), run the shards,
// merge again, until the merge exits 0; the file then holds what a
// one-process build holds (tb verify's content).
func TestShardRounds(t *testing.T) {
	dir := t.TempDir()
	one, base := filepath.Join(dir, "one.db"), filepath.Join(dir, "base.db")
	build := []string{"domineering", "--max-cells", "7"}
	if _, errOut, code := tb(t, "", append([]string{"build", "--db", one}, build...)...); code != 0 {
		t.Fatalf("one-process build: exit %d, %s", code, errOut)
	}
	shards := []string{base + ".shard-0-of-2", base + ".shard-1-of-2"}
	for round := 0; ; round++ {
		args := append([]string{"merge", "--db", base}, build...)
		if round > 0 {
			args = append(args, shards...)
		}
		out, errOut, code := tb(t, "", args...)
		if code == 0 {
			break
		}
		if code != 3 || round > 10 || !strings.Contains(out, "needs its shards") {
			t.Fatalf("round %d: tb merge: exit %d, %s%s", round, code, out, errOut)
		}
		for _, sh := range []string{"1/2", "0/2"} {
			out, errOut, code := tb(t, "", append([]string{"build", "--db", base, "--shard", sh}, build...)...)
			if code != 0 || !strings.HasPrefix(out, "shard "+sh+": solved") {
				t.Fatalf("round %d: shard %s: exit %d, %s%s", round, sh, code, out, errOut)
			}
		}
	}
	out, errOut, code := tb(t, "", "verify", one, base)
	if code != 0 {
		t.Fatalf("tb verify: exit %d, %s", code, errOut)
	}
	sums := regexp.MustCompile(`content ([0-9a-f]{16})`).FindAllStringSubmatch(out, -1)
	if len(sums) != 2 || sums[0][1] != sums[1][1] {
		t.Errorf("contents differ:\n%s", out)
	}
	if _, _, code := tb(t, "", append([]string{"build", "--db", base, "--shard", "2/2"}, build...)...); code != 2 {
		t.Errorf("--shard 2/2: exit %d, want 2", code)
	}
}

// TestMergeRefusesOtherBuild: a shard of another build is refused, both
// builds named as tb build's command line writes them.
func TestMergeRefusesOtherBuild(t *testing.T) {
	dir := t.TempDir()
	other, base := filepath.Join(dir, "other.db"), filepath.Join(dir, "base.db")
	if _, errOut, code := tb(t, "", "build", "domineering", "--max-cells", "5", "--db", other); code != 0 {
		t.Fatal(errOut)
	}
	_, errOut, code := tb(t, "", "merge", "domineering", "--max-cells", "6", "--db", base, other)
	want := other + " is not a shard of this build, domineering --max-cells 6: it holds domineering --max-cells 5\n"
	if code != 1 || !strings.HasSuffix(errOut, want) {
		t.Errorf("tb merge with a shard of another build: exit %d, %q; want exit 1 and %q", code, errOut, want)
	}
}
