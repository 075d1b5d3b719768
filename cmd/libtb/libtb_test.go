package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/internal/version"
	"github.com/tablebase/tablebase/query"
)

// fileCases are the files the C test program probes: one small build of
// every game, and the position its random positions are played from.
var fileCases = []struct {
	game  string
	build []string
	start string
}{
	{"domineering", []string{"--max-cells", "8"}, "....|...."},
	{"xt-domineering", []string{"--max-cells", "8"}, "....|...."},
	{"cram", []string{"--max-cells", "8"}, "....|...."},
	{"clobber", []string{"--max-cells", "6"}, "xox|oxo"},
	{"domineering3d", []string{"--board", "2x2x3"}, "2x2x3"},
	{"sync-domineering", []string{"--board", "3x3"}, "...|...|..."},
	{"sync-triomineering", []string{"--board", "3x4"}, "....|....|...."},
	{"ttt3d", []string{"--n", "3", "--max-plies", "4"}, strings.Repeat(".", 27)},
	{"konane", []string{"--max-cells", "6"}, "xo.o.|.x..."},
	{"toads-and-frogs", []string{"--max-cells", "7"}, "TT.F.F|T..F"},
	{"snort", []string{"--max-cells", "6"}, "...|.x."},
	{"col", []string{"--max-cells", "6"}, "...|.o."},
	{"toppling-dominoes", []string{"--max-cells", "6"}, "xoxgo|oox"},
	{"amazons", []string{"--max-cells", "5"}, "x..|.o"},
}

// TestCProgram compiles testdata/probe.c with the system's C compiler
// (-Wall -Werror) against tb.h and the shared library, has it probe a
// file of every game on random stored positions (one at a time, in
// batches, from four threads at once) and list their moves, and compares
// every answer with tb query's. It also checks tb_version (the release,
// version.Version) and tb_open_as. A damaged file gives error codes, and
// the static library links and answers the same.
func TestCProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the library and a C program: not with -short")
	}
	dir := t.TempDir()
	libDir := filepath.Dir(buildOnce(t, "c-shared"))
	probe := filepath.Join(dir, "probe")
	want := `-DWANT_VERSION="` + version.Version + `"`
	run(t, "cc", "-Wall", "-Werror", "-O1", "-I.", want, "-o", probe, "testdata/probe.c", "-L"+libDir, "-ltb", "-lpthread", "-Wl,-rpath,"+libDir)
	tb := buildOnce(t, "tb")
	var last, lastPositions string
	for _, c := range fileCases {
		t.Run(c.game, func(t *testing.T) {
			db := filepath.Join(dir, c.game+".db")
			run(t, tb, append([]string{"build", c.game, "--db", db}, c.build...)...)
			positions := randomPositions(t, db, c.start, 60)
			list := filepath.Join(dir, c.game+".txt")
			if err := os.WriteFile(list, []byte(strings.Join(positions, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			out := run(t, probe, db, list)
			compare(t, out, tbQuery(t, tb, db, c.game, positions, false), tbQuery(t, tb, db, c.game, positions, true))
			last, lastPositions = db, list
		})
	}
	t.Run("positions", func(t *testing.T) {
		prog := filepath.Join(dir, "positions")
		run(t, "cc", "-Wall", "-Werror", "-O1", "-I.", "-o", prog, "testdata/positions.c", "-L"+libDir, "-ltb", "-Wl,-rpath,"+libDir)
		for _, c := range fileCases {
			g, err := games.Lookup(c.game)
			if err != nil {
				t.Fatal(err)
			}
			db := filepath.Join(dir, c.game+".db")
			out := run(t, prog, db)
			if _, ok := games.CensusOf(g); !ok {
				if out != "unsupported\n" {
					t.Errorf("%s: %q, want unsupported", c.game, out)
				}
				continue
			}
			var stored int
			verify := run(t, tb, "verify", db)
			if _, err := fmt.Sscanf(verify[strings.Index(verify, "format"):], "format %d: %d positions", new(int), &stored); err != nil {
				t.Fatalf("tb verify %s: %q: %v", db, verify, err)
			}
			if want := fmt.Sprintf("count %d\n", stored); out != want {
				t.Errorf("%s: %q, want %q", c.game, out, want)
			}
		}
	})
	t.Run("damaged", func(t *testing.T) {
		data, err := os.ReadFile(last)
		if err != nil {
			t.Fatal(err)
		}
		for _, at := range []int{len(data) / 3, len(data) / 2, len(data) - 4096} {
			bad := append([]byte(nil), data...)
			copy(bad[at:], bytes.Repeat([]byte{0xa5}, 64))
			path := filepath.Join(dir, fmt.Sprintf("damaged-%d.db", at))
			if err := os.WriteFile(path, bad, 0o644); err != nil {
				t.Fatal(err)
			}
			out := run(t, probe, "--damaged", path, strings.Repeat(".", 27))
			if !strings.Contains(out, "damaged") && !strings.Contains(out, "probe\tok") {
				t.Errorf("damaged at %d: no error code and no answer:\n%s", at, out)
			}
		}
	})
	t.Run("static", func(t *testing.T) {
		static := filepath.Join(dir, "probe-static")
		run(t, "cc", "-Wall", "-Werror", "-O1", "-I.", want, "-o", static, "testdata/probe.c", buildOnce(t, "c-archive"), "-lpthread", "-lm")
		if a, b := run(t, static, last, lastPositions), run(t, probe, last, lastPositions); a != b {
			t.Error("the static library answers otherwise than the shared one")
		}
	})
}

// run runs a command and returns its standard output, failing the test
// on an error.
func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// randomPositions plays random games from start through positions the
// file holds and returns n positions met, a bad one and, where the start
// is not stored, the start. Where fewer than n positions are reachable it
// stops after 10n games (for the files of fileCases, 100 positions
// wanted, 10n games meet every position 50n do).
func randomPositions(t *testing.T, db, start string, n int) []string {
	maxGames := 10 * n
	tbase, err := games.Open(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tbase.Close()
	rng := rand.New(rand.NewPCG(uint64(len(db)), 7))
	opts := query.Options{NoSolve: true, Moves: true}
	out := []string{start, "?" + start}
	seen := map[string]bool{}
	for tries := 0; len(out) < n && tries < maxGames; tries++ {
		p := start
		for {
			a := tbase.Query(context.Background(), p, opts)
			if a.Error != "" || len(a.Moves) == 0 {
				break
			}
			p = a.Moves[rng.IntN(len(a.Moves))].Position
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
			if rng.IntN(4) == 0 {
				break
			}
		}
	}
	return out
}

// wire is an answer of tb query as its JSON has it: the fields games
// share, and the game's own that the C library gives.
type wire struct {
	query.Answer
	Result   string            `json:"result"`   // ttt3d's, for the side to move
	Outcomes map[string]string `json:"outcomes"` // domineering3d's
}

// tbQuery answers positions with tb query --no-solve, with --moves or
// not, by position.
func tbQuery(t *testing.T, tb, db, game string, positions []string, moves bool) map[string]wire {
	cmd := exec.Command(tb, "query", "--no-solve", "--moves="+strconv.FormatBool(moves), "--db", db, game)
	cmd.Stdin = strings.NewReader(strings.Join(positions, "\n"))
	out, _ := cmd.Output() // exit 1 when an answer has an error
	answers := map[string]wire{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var a wire
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		answers[a.Position] = a
	}
	if len(answers) == 0 {
		t.Fatalf("tb query answered nothing")
	}
	return answers
}

// compare checks the C program's output against tb query's answers,
// without moves (want) and with them (withMoves).
func compare(t *testing.T, out string, want, withMoves map[string]wire) {
	t.Helper()
	var cur, curMoves wire
	var moves []query.Move
	checked := 0
	flush := func() {
		if cur.Position == "" {
			return
		}
		if len(moves) != len(curMoves.Moves) {
			t.Errorf("%s: %d moves from C, %d from tb query", cur.Position, len(moves), len(curMoves.Moves))
		}
		best := map[string]bool{}
		for i := range min(len(moves), len(curMoves.Moves)) {
			w := curMoves.Moves[i]
			d := -1
			if w.Distance != nil {
				d = *w.Distance
			}
			g := moves[i]
			value := w.Value
			if len(value) >= 64 {
				value = value[:63]
			}
			if g.Player != w.Player || g.Move != w.Move || g.Position != w.Position || g.Result != w.Result || *g.Distance != d || *g.Wins != !best[w.Player] || g.Outcome != w.Outcome || g.Value != value {
				t.Errorf("%s: move %d from C %+v, tb query %+v", cur.Position, i, g, w)
			}
			best[w.Player] = true
		}
		moves = nil
	}
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		f := strings.Split(line, "\t")
		switch f[0] {
		case "answer":
			flush()
			w, ok := want[f[1]]
			if !ok {
				t.Fatalf("tb query did not answer %q", f[1])
			}
			cur, curMoves = w, withMoves[f[1]]
			checked++
			if (f[2] == "ok") != (w.Error == "") {
				t.Errorf("%s: C says %s, tb query %q", f[1], f[2], w.Error)
				continue
			}
			if w.Error != "" {
				continue
			}
			value := w.Value
			if len(value) >= 64 {
				value = value[:63]
			}
			got := strings.Join(f[3:10], "\t")
			exp := strings.Join([]string{w.Outcome, w.Result, itoa(w.Distance), strconv.Itoa(nimOf(w.Value)), value, orders(w.Outcomes), w.Source}, "\t")
			if got != exp || f[10] != strconv.Itoa(len(w.Value)) {
				t.Errorf("%s: C answers\n%q, tb query\n%q", f[1], got, exp)
			}
		case "json":
			var a query.Answer
			if err := json.Unmarshal([]byte(f[1]), &a); err != nil || a.Value != cur.Value {
				t.Errorf("%s: tb_probe_json's value %q, tb query's %q (%v)", cur.Position, a.Value, cur.Value, err)
			}
		case "moves":
			if (f[1] == "ok") != (curMoves.Error == "") {
				t.Errorf("%s: tb_moves %s, tb query --moves %q", cur.Position, f[1], curMoves.Error)
			}
		case "move":
			d, _ := strconv.Atoi(f[5])
			best := f[6] == "1"
			moves = append(moves, query.Move{Player: f[1], Move: f[2], Position: f[3], Result: f[4], Distance: &d, Wins: &best, Outcome: f[7], Value: f[8]})
		}
	}
	flush()
	if checked != len(want) {
		t.Errorf("C answered %d positions, tb query %d", checked, len(want))
	}
}

// itoa writes an optional count, -1 when absent.
func itoa(p *int) string {
	if p == nil {
		return "-1"
	}
	return strconv.Itoa(*p)
}

// nimOf is the nim-value of a value written as a nimber, else -1, as the
// contract defines tb_answer.nim.
func nimOf(v string) int {
	switch {
	case v == "0":
		return 0
	case v == "*":
		return 1
	case strings.HasPrefix(v, "*"):
		if n, err := strconv.Atoi(v[1:]); err == nil {
			return n
		}
	}
	return -1
}

// orders writes three-player outcomes in the order of tb_answer.outcomes.
func orders(o map[string]string) string {
	var b strings.Builder
	for _, order := range []string{"XYZ", "YZX", "ZXY", "XZY", "ZYX", "YXZ"} {
		b.WriteString(o[order])
	}
	return b.String()
}
