package ttt3d

import (
	"context"
	"encoding/binary"
	"errors"
	"math/bits"
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/tablebase"
)

// bruteClasses counts, by brute force, the classes of 3x3x3 positions
// with ply stones and no line: every placement, canonicalized by trying
// each map of the group cell by cell.
func bruteClasses(b *rules.Board, ply int) int {
	seen := map[[2]uint64]bool{}
	var rec func(cell int, me, opp uint64, nm, no int)
	rec = func(cell int, me, opp uint64, nm, no int) {
		if nm == 0 && no == 0 {
			if b.HasLine(me) || b.HasLine(opp) {
				return
			}
			best := [2]uint64{^uint64(0), 0}
			for _, g := range b.Group {
				var im, io uint64
				for c := range 27 {
					if me>>c&1 != 0 {
						im |= 1 << g.Perm[c]
					}
					if opp>>c&1 != 0 {
						io |= 1 << g.Perm[c]
					}
				}
				if im < best[0] || im == best[0] && io < best[1] {
					best = [2]uint64{im, io}
				}
			}
			seen[best] = true
			return
		}
		if cell == 27 {
			return
		}
		rec(cell+1, me, opp, nm, no)
		if nm > 0 {
			rec(cell+1, me|1<<cell, opp, nm-1, no)
		}
		if no > 0 {
			rec(cell+1, me, opp|1<<cell, nm, no-1)
		}
	}
	rec(0, 0, 0, ply/2, ply-ply/2)
	return len(seen)
}

// classes lists the classes of each ply up to maxPlies by walking
// forward from the empty board: every move that does not complete a line,
// canonicalized, each class once.
func classes(b *rules.Board, maxPlies int) [][][2]uint64 {
	plies := [][][2]uint64{{{0, 0}}}
	for ply := 1; ply <= maxPlies; ply++ {
		seen := map[[2]uint64]bool{}
		var next [][2]uint64
		for _, p := range plies[ply-1] {
			me, opp := p[0], p[1]
			for c := range 27 {
				if (me|opp)>>c&1 != 0 || b.Completes(me, c) {
					continue
				}
				ca, cb, _ := b.Canonical(opp, me|1<<c)
				if k := [2]uint64{ca, cb}; !seen[k] {
					seen[k] = true
					next = append(next, k)
				}
			}
		}
		plies = append(plies, next)
	}
	return plies
}

// TestTTT3D builds every 3x3x3 position of at most 7 stones (ply 7 by
// search, the others from their children; 4 with -short), checks the
// count of each ply up to 5 (3 with -short) against brute force and every
// class's outcome from the file against the solver, and checks that a
// build of at most 6 stones stopped part way (in listing a ply or in
// solving one) resumes to the same answers: ply 6 is solved by search
// there, from its children in the full build.
func TestTTT3D(t *testing.T) {
	t.Parallel()
	b := rules.MustGet(3)
	dir := t.TempDir()
	// The solver's table holds the positions its searches meet: fewer
	// from plies of more stones.
	maxPlies, bruteMax, tableBits := 7, 5, uint(20)
	if testing.Short() {
		maxPlies, bruteMax, tableBits = 4, 3, 17
	}
	sum, err := Build(context.Background(), maxPlies, build.Options{Path: filepath.Join(dir, "t.db")})
	if err != nil {
		t.Fatal(err)
	}
	open := func(path string) *tablebase.File {
		f, err := tablebase.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.UseLayout(Layout); err != nil {
			t.Fatal(err)
		}
		return f
	}
	f := open(filepath.Join(dir, "t.db"))
	defer f.Close()
	if m := f.Meta(); len(m.Compact) != maxPlies+1 {
		t.Fatalf("compact plies %v", m.Compact)
	}
	solver := solve.NewSolver(b, tableBits)
	all := classes(b, maxPlies)
	// resumePlies is the resumed build's last ply: 6 lists its 121,897
	// classes from 17,459 parents in many chunks, a fifth of 7's work;
	// -short resumes a build of 3 plies, solving its last by search too.
	resumePlies := min(maxPlies, 6)
	if testing.Short() {
		resumePlies = 3
	}
	stored := map[string]uint32{}
	var resumed int64
	for ply, list := range all {
		if ply <= bruteMax { // brute force past ply 5 takes minutes
			if want := bruteClasses(b, ply); len(list) != want {
				t.Errorf("ply %d: %d classes, brute force counts %d", ply, len(list), want)
			}
		}
		for _, p := range list {
			key := KeyOf(p[0], p[1])
			v, ok, err := f.Lookup(key)
			if err != nil || !ok {
				t.Fatalf("ply %d: %x: %v %v", ply, key, ok, err)
			}
			if want := solver.Solve(position(b, ply, p[0], p[1])); solve.Unpack(v) != want {
				t.Fatalf("ply %d %s: stored %v, solver %v", ply, position(b, ply, p[0], p[1]), solve.Unpack(v), want)
			}
			if ply <= resumePlies {
				stored[string(key)] = v
				resumed++
			}
		}
	}
	if n := countPlies(all); n != sum.Positions {
		t.Fatalf("summary says %d positions, the plies hold %d", sum.Positions, n)
	}

	// Stop after a few chunks, resume, and compare. Small runs cut the
	// forward pass into many chunks (a few thousand parents each), so that
	// it stops and resumes part way through a ply as well.
	defer func(w int) { runWords = w }(runWords)
	runWords = 1 << 16
	path := filepath.Join(dir, "r.db")
	opts := build.Options{Path: path, ChunkSize: 20000, StopAfter: 3}
	for runs := 0; ; runs++ {
		_, err := Build(context.Background(), resumePlies, opts)
		if err == nil {
			break
		}
		if !errors.Is(err, build.ErrStopped) || runs > 1000 {
			t.Fatal(err)
		}
	}
	g := open(path)
	defer g.Close()
	for key, want := range stored {
		if v, ok, err := g.Lookup([]byte(key)); err != nil || !ok || v != want {
			t.Fatalf("resumed build differs at %x: %d %v %v, want %d", key, v, ok, err, want)
		}
	}
	if g.Meta().Positions != resumed {
		t.Fatalf("resumed build holds %d positions, want %d", g.Meta().Positions, resumed)
	}
}

// countPlies counts the classes of a list of plies.
func countPlies(plies [][][2]uint64) int64 {
	n := 0
	for _, list := range plies {
		n += len(list)
	}
	return int64(n)
}

// TestTTT3DFair solves every pattern of at least 17 blocked cells (the
// first level where x can win) and checks the stored results, one in 50
// against the exact solver, and the table's sums.
func TestTTT3DFair(t *testing.T) {
	if testing.Short() {
		t.Skip("enumerates every pattern of blocked cells, twice")
	}
	t.Parallel()
	path := filepath.Join(t.TempDir(), "f.db")
	if _, err := BuildFair(context.Background(), 17, build.Options{Path: path}); err != nil {
		t.Fatal(err)
	}
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := rules.MustGet(3)
	s := solve.NewSolver(b, 16)
	n := 0
	err = f.ForEach(func(e tablebase.Entry) error {
		n++
		m := binary.BigEndian.Uint64(e.Key[1:])
		if int(e.Key[0]) != bits.OnesCount64(m) || int(e.Key[0]) < 17 {
			t.Fatalf("bad key %x", e.Key)
		}
		if n%50 != 0 {
			return nil
		}
		if got, want := solve.Unpack(e.Value), s.Solve(rules.Empty(b, m)); got.Plies != 0 || got.Result != want.Result {
			t.Fatalf("pattern %x: stored %v, solver %v", m, got, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := FairTable(f)
	if err != nil {
		t.Fatal(err)
	}
	total, wins, draws := 0, 0, 0
	for _, r := range rows {
		complete := r.Blocked >= 17
		if r.XWins+r.Draws != r.Classes || r.CriterionMissed != 0 || complete != (r.Classes == r.Total) || !complete && r.Classes != 0 {
			t.Fatalf("row %+v", r)
		}
		total += r.Classes
		wins += r.XWins
		draws += r.Draws
	}
	if total != n || wins == 0 || draws == 0 {
		t.Fatalf("table counts %d classes (%d wins, %d draws), file holds %d", total, wins, draws, n)
	}
}
