package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
	"github.com/tablebase/tablebase/games/ttt3d/qubic"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// BenchmarkSolve solves random 3x3x3 positions of 6 stones with one
// solver (its table shared across them, as in a query server), and
// reports the positions searched per second.
func BenchmarkSolve(b *testing.B) {
	board := rules.MustGet(3)
	r := rand.New(rand.NewPCG(1, 1))
	s := NewSolver(board, 20)
	for b.Loop() {
		s.Solve(plain.RandomPosition(r, board, 0, 21))
	}
	b.ReportMetric(float64(s.Nodes())/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkMoves4 searches every move of random 4x4x4 positions of 8
// stones, at most 20,000 positions a move, as a query does (one worker),
// and reports the positions searched per second: the whole board's 192
// symmetries are tried at each.
func BenchmarkMoves4(b *testing.B) {
	board := rules.MustGet(4)
	r := rand.New(rand.NewPCG(1, 1))
	s := NewSolver(board, 20)
	for b.Loop() {
		s.MovesWithin(nil, plain.RandomPosition(r, board, 0, 56), 1, 20_000)
	}
	b.ReportMetric(float64(s.Nodes())/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkFairPatterns decides the empty 3x3x3 board under random
// patterns of 10 blocked cells, as the fair build does, with the exact
// search (result and plies) and with the win-or-not search, one solver
// each for all patterns. Compare the two with benchstat, or ns/op.
func BenchmarkFairPatterns(b *testing.B) {
	board := rules.MustGet(3)
	for _, exact := range []bool{true, false} {
		name := map[bool]string{true: "exact", false: "wins"}[exact]
		b.Run(name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(3, 3))
			s := NewSolver(board, 22)
			for b.Loop() {
				var m uint64
				for rules.Count(m) < 10 {
					m |= 1 << r.IntN(27)
				}
				if exact {
					s.Solve(rules.Empty(board, m))
				} else {
					s.Wins(rules.Empty(board, m))
				}
			}
			b.ReportMetric(float64(s.Nodes())/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// BenchmarkProver runs the prover on 30 random 4x4x4 positions of 8
// stones, x to move, at most 500,000 proof-tree nodes each, and reports
// how many it proves and refutes and the nodes it creates. One pass takes
// about a minute: run it with -benchtime 1x.
func BenchmarkProver(b *testing.B) {
	board := rules.MustGet(4)
	var proved, refuted, nodes int64
	for b.Loop() {
		proved, refuted, nodes = 0, 0, 0
		r := rand.New(rand.NewPCG(11, 12))
		for range 30 {
			p := plain.RandomPosition(r, board, 0, 64-8)
			pv := qubic.NewProver(board)
			win, settled, _ := pv.Prove(p, 500000)
			switch {
			case settled && win:
				proved++
			case settled:
				refuted++
			}
			nodes += pv.Nodes
		}
	}
	b.ReportMetric(float64(proved), "proved")
	b.ReportMetric(float64(refuted), "refuted")
	b.ReportMetric(float64(nodes), "nodes")
}

// BenchmarkProverReply proves x's win after x's corner 1a1 and o's reply
// (1a2, next to it, or 1d4, the far corner of its face) with one prover,
// as the Qubic build proves each reply, and reports the nodes. 1a2 takes
// about half a minute, 1d4 a minute or two: run with -benchtime 1x.
func BenchmarkProverReply(b *testing.B) {
	board := rules.MustGet(4)
	for _, tc := range []struct {
		name string
		o    int
	}{{"1a2", 1}, {"1d4", 15}} {
		b.Run(tc.name, func(b *testing.B) {
			p := rules.Position{B: board, X: 1, O: 1 << tc.o}
			var nodes int64
			for b.Loop() {
				pv := qubic.NewProver(board)
				pv.CollapseAbove = qubic.PartCollapse
				if win, _, _ := pv.Prove(p, 1<<32); !win {
					b.Fatalf("%s: no win found", p)
				}
				nodes = pv.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}

// BenchmarkProverBlocked proves x's win after x's corner 1a1 and o's
// reply with the cell 2c1 (on four lines) blocked, one prover for each
// of four replies (1a2 and 1a4 on x's row, 1d4 and 4d4 across), at most
// 40 million nodes each, as the strategy build proves each reply, and
// reports the replies proved and the nodes. It takes minutes: run with
// -benchtime 1x.
func BenchmarkProverBlocked(b *testing.B) {
	board := rules.MustGet(4).Restrict(1 << 18)
	var proved, nodes int64
	for b.Loop() {
		proved, nodes = 0, 0
		for _, o := range []int{1, 3, 15, 63} {
			pv := qubic.NewProver(board)
			pv.CollapseAbove = qubic.PartCollapse
			if win, _, _ := pv.Prove(rules.Position{B: board, X: 1, O: 1 << o, Blocked: 1 << 18}, 40_000_000); win {
				proved++
			}
			nodes += pv.Nodes
		}
	}
	b.ReportMetric(float64(proved), "proved")
	b.ReportMetric(float64(nodes), "nodes")
}

// BenchmarkDecideDrawn decides the drawn patterns of few blocked cells
// (drawnPatterns: 8 to 10 cells, each a draw proved by the search) and
// reports the nodes of all four decisions.
func BenchmarkDecideDrawn(b *testing.B) {
	var nodes int64
	for b.Loop() {
		nodes = 0
		for _, s := range drawnPatterns {
			p, err := rules.Parse(s)
			if err != nil {
				b.Fatal(err)
			}
			var n int64
			d, err := Decide(p, DecideOptions{ResultOnly: true, Nodes: func(k int64) { n = k }})
			if err != nil || d.Result != Draw {
				b.Fatalf("%s: %v %v, want a draw", s, d.Result, err)
			}
			nodes += n
		}
	}
	b.ReportMetric(float64(nodes), "nodes")
}

// BenchmarkProverSevenBlocked refutes x's win in two tasks of the pattern
// of seven blocked cells that makes Qubic a draw (docs/results.md): x at
// 2a2 or 4c1, o at 2b1, x to move, searched as a task is (Prover.Live),
// and reports the nodes. Each takes most of a minute: run it with
// -benchtime 1x.
func BenchmarkProverSevenBlocked(b *testing.B) {
	for _, tc := range []struct{ name, position string }{
		{"2a2", "............#..#.o..x.#..................##.....#......#........"},
		{"4c1", "............#..#.o....#..................##.....#..x...#........"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			p, err := rules.Parse(tc.position)
			if err != nil {
				b.Fatal(err)
			}
			r := p.Restricted()
			var nodes int64
			for b.Loop() {
				pv := qubic.NewLiveProver(r.B)
				if win, settled, _ := pv.Decide(r, 1<<62); win || !settled {
					b.Fatalf("%s: win %v, settled %v: want x's win refuted", tc.position, win, settled)
				}
				nodes = pv.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}

// BenchmarkDecideStones decides 30 random 4x4x4 positions of 8 stones, x
// to move (mostly wins of x), at most 500,000 nodes each, and reports
// how many it decides and the nodes. One pass takes about half a minute: run
// it with -benchtime 1x.
func BenchmarkDecideStones(b *testing.B) {
	board := rules.MustGet(4)
	var decided, nodes int64
	for b.Loop() {
		decided, nodes = 0, 0
		r := rand.New(rand.NewPCG(11, 12))
		for range 30 {
			var n int64
			_, err := Decide(plain.RandomPosition(r, board, 0, 64-8), DecideOptions{MaxNodes: 500_000, ResultOnly: true, Nodes: func(k int64) { n = k }})
			if err == nil {
				decided++
			}
			nodes += n
		}
	}
	b.ReportMetric(float64(decided), "decided")
	b.ReportMetric(float64(nodes), "nodes")
}
