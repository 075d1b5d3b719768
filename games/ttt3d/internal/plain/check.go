package plain

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// CheckPairing is a deliberately simple checker of a pairing certificate:
// every line free of the defender's stones gets two empty cells of its
// own, and no cell serves two lines.
func CheckPairing(b *rules.Board, defender, empty uint64, pairs [][2]int) bool {
	used := map[int]bool{}
	i := 0
	for _, l := range b.Lines {
		if l&defender != 0 {
			continue
		}
		if i >= len(pairs) {
			return false
		}
		for _, c := range pairs[i] {
			if c < 0 || c >= b.Cells || l>>c&1 == 0 || empty>>c&1 == 0 || used[c] {
				return false
			}
			used[c] = true
		}
		i++
	}
	return i == len(pairs)
}

// CheckDrawProof is a deliberately simple checker of a draw proof from
// start (o's replies and pairings keyed by x's and o's stones, as
// solve.DrawProof holds them), written from the rules: it plays every
// move of x from the start, finds o's reply in the proof, and checks
// that x never completes a line, down to the positions where o's pairing
// (checked pair by pair) ends the game for x. The one fact it takes from
// outside the rules: a stone on a cell that no line either side can
// still complete is a pass, which never helps x (a stone more never hurts
// a side), so those moves of x are not played.
func CheckDrawProof(start rules.Position, replies map[[2]uint64]int, pairings map[[2]uint64][][2]int) error {
	blocked := start.Blocked
	var open [][4]int
	for _, l := range Lines() {
		if !slices.ContainsFunc(l[:], func(c int) bool { return blocked>>c&1 == 1 }) {
			open = append(open, l)
		}
	}
	has := func(s uint64, c int) bool { return s>>c&1 == 1 }
	count := func(s uint64, l [4]int) int {
		n := 0
		for _, c := range l {
			if has(s, c) {
				n++
			}
		}
		return n
	}
	hasLine := func(s uint64) bool {
		return slices.ContainsFunc(open, func(l [4]int) bool { return count(s, l) == 4 })
	}
	x, o := start.X, start.O
	if bits.OnesCount64(x) != bits.OnesCount64(o) || hasLine(x) || hasLine(o) {
		return errors.New("the start is not a game still going with x to move")
	}
	done := map[[2]uint64]bool{}
	var check func(x, o uint64) error
	check = func(x, o uint64) error {
		if done[[2]uint64{x, o}] {
			return nil
		}
		done[[2]uint64{x, o}] = true
		if pairs, ok := pairings[[2]uint64{x, o}]; ok {
			return checkPairs(open, pairs, x, o, blocked)
		}
		for c := range 64 {
			taken := x | o | blocked
			if has(taken, c) {
				continue
			}
			live := slices.ContainsFunc(open, func(l [4]int) bool {
				return slices.Contains(l[:], c) && (count(o, l) == 0 || count(x, l) == 0)
			})
			if !live {
				continue
			}
			x2 := x | 1<<c
			if hasLine(x2) {
				return fmt.Errorf("x completes a line at cell %d (x %#x, o %#x)", c, x, o)
			}
			if bits.OnesCount64(taken|1<<c) == 64 {
				continue // the board is full
			}
			r, ok := replies[[2]uint64{x2, o}]
			if !ok {
				return fmt.Errorf("no reply of o after x's move %d (x %#x, o %#x)", c, x, o)
			}
			if r < 0 || r >= 64 || has(taken|1<<c, r) {
				return fmt.Errorf("o's reply %d is not an empty cell", r)
			}
			if hasLine(o | 1<<r) {
				continue // o wins
			}
			if err := check(x2, o|1<<r); err != nil {
				return err
			}
		}
		return nil
	}
	return check(x, o)
}

// checkPairs checks that pairs give every line x can still complete
// (one holding no stone of o) two empty cells of its own.
func checkPairs(open [][4]int, pairs [][2]int, x, o, blocked uint64) error {
	used := map[int]bool{}
	for _, p := range pairs {
		for _, c := range p {
			if c < 0 || c >= 64 || (x|o|blocked)>>c&1 == 1 || used[c] {
				return fmt.Errorf("pair %v: a cell not empty or in two pairs", p)
			}
			used[c] = true
		}
	}
	for _, l := range open {
		if slices.ContainsFunc(l[:], func(c int) bool { return o>>c&1 == 1 }) {
			continue
		}
		if !slices.ContainsFunc(pairs, func(p [2]int) bool {
			return slices.Contains(l[:], p[0]) && slices.Contains(l[:], p[1])
		}) {
			return fmt.Errorf("line %v, open to x, has no pair (x %#x, o %#x)", l, x, o)
		}
	}
	return nil
}
