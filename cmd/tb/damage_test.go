package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/tablebase"
)

// damageCase builds a small Domineering file and the positions to ask of
// it (every stored region), with their answers from the good file.
func damageCase(t *testing.T) (path string, positions []string, want string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "good.db")
	if _, errOut, code := tb(t, "", "build", "domineering", "--max-cells", "8", "--db", path); code != 0 {
		t.Fatal(errOut)
	}
	for _, level := range build.Regions(8) {
		for _, k := range level {
			positions = append(positions, k.Region().String())
		}
	}
	want, _, code := tb(t, "", append([]string{"query", "--no-solve", "--db", path, "domineering"}, positions...)...)
	if code != 0 {
		t.Fatal("the good file does not answer")
	}
	return path, positions, want
}

// checkDamaged asks every position of a damaged copy and verifies it: no
// panic, a clear error or the good file's answers, and tb verify reporting
// damage whenever an answer differs.
func checkDamaged(t *testing.T, what, path string, positions []string, want string) (detected bool) {
	t.Helper()
	out, errOut, code := tb(t, "", append([]string{"query", "--no-solve", "--db", path, "domineering"}, positions...)...)
	if code != 0 && code != 1 || strings.Contains(errOut, "panic") || strings.Contains(errOut, "goroutine") {
		t.Fatalf("%s: tb query exit %d: %s", what, code, errOut)
	}
	verifyOut, _, verifyCode := tb(t, "", "verify", path)
	detected = verifyCode == 1 && strings.Contains(verifyOut, "damaged")
	if !detected && (verifyCode != 0 || withoutFile(out) != withoutFile(want)) {
		t.Fatalf("%s: tb verify exit %d (%s) but the answers differ from the good file's", what, verifyCode, strings.TrimSpace(verifyOut))
	}
	if code == 1 && !strings.Contains(errOut, "damaged") && !strings.Contains(errOut, "not in the tablebase") {
		t.Fatalf("%s: an error that does not say the file is damaged: %s", what, errOut)
	}
	return detected
}

// fileField is the content hash answers carry, which bytes no answer
// reads (the build's progress, say) change too.
var fileField = regexp.MustCompile(`,"file":"[0-9a-f]{16}"`)

// withoutFile returns answers without their file field.
func withoutFile(answers string) string { return fileField.ReplaceAllString(answers, "") }

// TestTruncatedFiles cuts a file at ten points of its used pages: every
// cut is reported as damaged, by tb query and tb verify, without a panic.
func TestTruncatedFiles(t *testing.T) {
	path, positions, want := damageCase(t)
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	used, _ := f.Size()
	f.Close()
	data, _ := os.ReadFile(path)
	for i := range 10 {
		size := used * int64(i) / 10
		cut := filepath.Join(t.TempDir(), "cut.db")
		os.WriteFile(cut, data[:size], 0o644)
		if !checkDamaged(t, "truncated to "+strconv.FormatInt(size, 10), cut, positions, want) {
			t.Errorf("a file truncated to %d of %d bytes passes tb verify", size, used)
		}
		_, errOut, code := tb(t, "", "query", "--db", cut, "domineering", "..|..")
		if code != 1 || !strings.Contains(errOut, "damaged tablebase file") {
			t.Errorf("truncated to %d: exit %d, %s", size, code, errOut)
		}
	}
}

// TestFlippedBytes flips random bytes of a file: 1,000 in each of 20
// runs, and 1 to 100 in 20 more (damage that is easier to miss). The good
// file passes tb verify; nothing panics, and every copy whose answers
// differ is found damaged by tb verify.
func TestFlippedBytes(t *testing.T) {
	path, positions, want := damageCase(t)
	if out, _, code := tb(t, "", "verify", path); code != 0 || !strings.Contains(out, ": ok: domineering, format 5: 533 positions") {
		t.Fatalf("the good file: exit %d, %s", code, out)
	}
	data, _ := os.ReadFile(path)
	rng := rand.New(rand.NewPCG(7, 7))
	runs := 40
	if testing.Short() {
		runs = 8
	}
	found := 0
	for run := range runs {
		bad := append([]byte(nil), data...)
		flips := 1000
		if run%2 == 1 {
			flips = []int{1, 10, 100}[run/2%3]
		}
		for range flips {
			bad[rng.IntN(len(bad))] ^= byte(1 + rng.IntN(255))
		}
		copyPath := filepath.Join(t.TempDir(), "flipped.db")
		os.WriteFile(copyPath, bad, 0o644)
		if checkDamaged(t, strconv.Itoa(flips)+" flips", copyPath, positions, want) {
			found++
		}
	}
	t.Logf("%d of %d damaged copies found damaged (the others differ only in bytes no answer reads)", found, runs)
}

// TestVerifyMessages: tb verify says once, naming the file once, that a
// file is damaged, and calls a file it cannot read nothing worse.
func TestVerifyMessages(t *testing.T) {
	dir := t.TempDir()
	good, cut := filepath.Join(dir, "good.db"), filepath.Join(dir, "cut.db")
	if _, errOut, code := tb(t, "", "build", "domineering", "--max-cells", "4", "--db", good); code != 0 {
		t.Fatal(errOut)
	}
	data, _ := os.ReadFile(good)
	os.WriteFile(cut, data[:len(data)/2], 0o644)
	for _, c := range []struct {
		path, want string
	}{
		{cut, cut + ": damaged tablebase file: truncated: "},
		{filepath.Join(dir, "none.db"), "open tablebase " + filepath.Join(dir, "none.db") + ": no such file"},
		{dir, "open tablebase " + dir + ": is a directory"},
	} {
		out, _, code := tb(t, "", "verify", c.path)
		if code != 1 || !strings.HasPrefix(out, c.want) || strings.Count(out, c.path) != 1 || strings.Count(out, "damaged") > 1 {
			t.Errorf("tb verify %s: exit %d, %q; want exit 1 and %q", c.path, code, out, c.want)
		}
	}
}
