package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
)

// linesTaken returns how many of b's lines hold a cell of p.
func linesTaken(b *rules.Board, p uint64) int {
	n := 0
	for _, l := range b.Lines {
		if l&p != 0 {
			n++
		}
	}
	return n
}

// climb moves one blocked cell of p at a time to a free cell while that
// takes more lines away, and returns the pattern where no such move is
// left (a local maximum of linesTaken).
func climb(b *rules.Board, p uint64, r *rand.Rand) uint64 {
	for {
		now := linesTaken(b, p)
		moved := false
		for _, c := range r.Perm(64) {
			if p>>c&1 == 0 {
				continue
			}
			for _, d := range r.Perm(64) {
				if q := p&^(1<<c) | 1<<d; p>>d&1 == 0 && linesTaken(b, q) > now {
					p, moved = q, true
					break
				}
			}
			if moved {
				break
			}
		}
		if !moved {
			return p
		}
	}
}

// mostLines climbs from starts random patterns of k blocked cells and
// returns those that take the most lines away among the patterns reached,
// one per class under the board's symmetries, in the order of their
// canonical images, with the number of lines they take.
func mostLines(b *rules.Board, k, starts int, r *rand.Rand) ([]uint64, int) {
	best := -1
	classes := map[uint64]uint64{} // canonical image -> a pattern reached
	for range starts {
		var p uint64
		for _, c := range r.Perm(64)[:k] {
			p |= 1 << c
		}
		p = climb(b, p, r)
		n := linesTaken(b, p)
		if n < best {
			continue
		}
		if n > best {
			best = n
			clear(classes)
		}
		key, _, _ := b.Canonical(p, 0)
		if _, ok := classes[key]; !ok {
			classes[key] = p
		}
	}
	keys := make([]uint64, 0, len(classes))
	for key := range classes {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	patterns := make([]uint64, len(keys))
	for i, key := range keys {
		patterns[i] = classes[key]
	}
	return patterns, best
}

// tryMostLines decides, with x to move on the empty board, each class of
// k blocked cells that mostLines finds, and prints its result and proof.
func tryMostLines(k, starts int, maxNodes int64, seed uint64) {
	b := rules.MustGet(4)
	r := rand.New(rand.NewPCG(seed, 99))
	patterns, taken := mostLines(b, k, starts, r)
	fmt.Printf("%d blocked cells take at most %d of the %d lines away in the patterns reached from %d starts: %d classes\n",
		k, taken, len(b.Lines), starts, len(patterns))
	for _, p := range patterns {
		start := time.Now()
		d, err := solve.Decide(rules.Empty(b, p), solve.DecideOptions{MaxNodes: maxNodes, ResultOnly: true})
		took := time.Since(start).Round(time.Millisecond)
		if err != nil {
			fmt.Printf("%s: %v (%v)\n", rules.Empty(b, p), err, took)
			continue
		}
		fmt.Printf("%s: %s (%s) in %v\n", rules.Empty(b, p), d.Result, d.Proof, took)
	}
}
