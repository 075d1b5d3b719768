package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// TestBatchAnswers answers random positions of every game of fileCases
// (with sums of stored parts, bad positions and positions the file lacks
// among them) through the batch path of tb_probe_lines_ids and one at a
// time as tb_probe does, and checks that every answer is the same, byte
// for byte, and so is the last error recorded, and that answers numbered
// alike are the same (the placement games number some); with the file's
// cache of decoded blocks large and so small that blocks are dropped
// while a batch runs; and four batches at once give the same answers.
// The games whose build takes a solver table take one of 2^16 entries,
// not 2^24 (384 MiB to clear): the same file, sooner (TestCProgram
// builds them with the default table).
func TestBatchAnswers(t *testing.T) {
	dir := t.TempDir()
	for _, c := range fileCases {
		t.Run(c.game, func(t *testing.T) {
			g, err := games.Lookup(c.game)
			if err != nil {
				t.Fatal(err)
			}
			db := filepath.Join(dir, c.game+".db")
			params := build.Params{}
			for i := 0; i+1 < len(c.build); i += 2 {
				params[strings.TrimPrefix(c.build[i], "--")] = c.build[i+1]
			}
			if slices.Contains(g.Params(), build.TableBitsParam) {
				params[build.TableBitsParam.Name] = "16"
			}
			if _, err := g.Build(context.Background(), params, build.Options{Path: db}); err != nil {
				t.Fatal(err)
			}
			positions := batchCases(t, db, c.start)
			for _, cache := range []int{0, 1 << 10} {
				t.Run(fmt.Sprintf("cache=%d", cache), func(t *testing.T) {
					compareBatch(t, g, db, cache, positions)
				})
			}
		})
	}
}

// batchCases returns random positions stored in db, played from
// start (600 of them, 100 with -short), with sums of two of them side by
// side where they are boards, bad positions and blank lines among them.
func batchCases(t *testing.T, db, start string) []string {
	n := 600
	if testing.Short() {
		n = 100
	}
	stored := randomPositions(t, db, start, n)
	rng := rand.New(rand.NewPCG(11, uint64(len(stored))))
	out := slices.Clone(stored)
	for range 300 {
		a, b := stored[rng.IntN(len(stored))], stored[rng.IntN(len(stored))]
		if ra, rb := strings.Split(a, "|"), strings.Split(b, "|"); len(ra) == len(rb) && !strings.Contains(a, ":") {
			for i := range ra {
				ra[i] += "#" + rb[i]
			}
			out = append(out, strings.Join(ra, "|"))
		}
	}
	out = append(out, "", " ", "?", strings.Repeat(".", 65), strings.Repeat("........|", 7)+"........", "..|..\r")
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// compareBatch opens db as tb_open does, with cache bytes of decoded
// blocks (0: the default), and compares the batch path's answers to
// positions with those given one at a time, over two rounds (the first
// reads the file's parts and blocks, the second finds them read).
func compareBatch(t *testing.T, g query.Game, db string, cache int, positions []string) {
	f, err := tablebase.OpenWith(db, &tablebase.Options{CacheBytes: cache})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tbase, err := query.OpenGame(g, f, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := &handle{t: tbase, f: f, batch: newRegionBatch(tbase, f)}
	if isPlacement := strings.Contains("domineering xt-domineering cram", g.Name()); (h.batch != nil) != isPlacement {
		t.Fatalf("batch path %v for %s", h.batch != nil, g.Name())
	}
	text := strings.Join(positions, "\n")
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSuffix(l, "\r"); l != "" {
			lines = append(lines, l)
		}
	}
	for round := range 2 {
		want := make([]cAnswer, len(lines))
		for i, p := range lines {
			lineOne(h, p, &want[i])
		}
		wantMsg := h.msg
		h.msg = ""
		got, ids := make([]cAnswer, len(lines)), make([]uint32, len(lines))
		runs := lineRuns{h: h, out: got, ids: ids}
		for _, l := range strings.Split(text, "\n") {
			if l = strings.TrimSuffix(l, "\r"); l != "" {
				runs.add([]byte(l))
			}
		}
		runs.answer(true)
		numbered := map[uint32]cAnswer{}
		for i := range lines {
			if got[i] != want[i] {
				t.Fatalf("round %d, %q: batch %+v, one at a time %+v", round, lines[i], got[i], want[i])
			}
			if a, ok := numbered[ids[i]]; ok && ids[i] != 0 && a != got[i] {
				t.Fatalf("round %d, %q: answer %+v numbered %d as %+v", round, lines[i], got[i], ids[i], a)
			}
			numbered[ids[i]] = got[i]
		}
		if (len(numbered) > 1) != (h.batch != nil) {
			t.Errorf("round %d: %d numbers, batch path %v", round, len(numbered), h.batch != nil)
		}
		if h.msg != wantMsg {
			t.Errorf("round %d: last error %q, one at a time %q", round, h.msg, wantMsg)
		}
		if round == 0 {
			t.Logf("%d positions, %d answered", len(lines), countOK(want))
		}
	}
	// Four batches at once on the handle, as threads of a C program run
	// them: the same answers (and no race under -race).
	want := make([]cAnswer, len(lines))
	for i, p := range lines {
		lineOne(h, p, &want[i])
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got := make([]cAnswer, len(lines))
			runs := lineRuns{h: h, out: got, ids: make([]uint32, len(lines))}
			for _, l := range lines {
				runs.add([]byte(l))
			}
			runs.answer(true)
			for i := range lines {
				if got[i] != want[i] {
					errs <- lines[i]
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for p := range errs {
		t.Errorf("%q: a concurrent batch answers otherwise", p)
	}
}

// countOK counts the answers without an error.
func countOK(answers []cAnswer) int {
	n := 0
	for _, a := range answers {
		if a.error == 0 {
			n++
		}
	}
	return n
}
