package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// TestPairingCertificates checks every pairing found on random patterns
// and positions with the simple checker, and that pairings are found
// where the diagonals are blocked (each open line then has four free
// cells, each free cell on two open lines).
func TestPairingCertificates(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	b := rules.MustGet(4)
	found := 0
	for range 3000 {
		k := 16 + r.IntN(40)
		p := plain.RandomPosition(r, b, k, 64-k-r.IntN(6))
		rb := p.B.Restrict(p.Blocked)
		for _, defender := range []uint64{p.X, p.O} {
			pairs, ok := rb.Pairing(defender, p.EmptyCells())
			if ok != rb.Pairable(defender, p.EmptyCells()) {
				t.Fatalf("%s: Pairing and Pairable disagree", p)
			}
			if !ok {
				continue
			}
			found++
			if !checkPairing(rb, defender, p.EmptyCells(), pairs) {
				t.Fatalf("%s: bad pairing %v", p, pairs)
			}
		}
	}
	if found < 100 {
		t.Errorf("only %d pairings found: the test checks too few", found)
	}
	rb := b.Restrict(diagonals())
	pairs, ok := rb.Pairing(0, rb.Full())
	if !ok || len(pairs) != 24 || !checkPairing(rb, 0, rb.Full(), pairs) {
		t.Errorf("diagonals blocked: %d open lines, pairing %v %v", len(rb.Lines), ok, pairs)
	}
}
