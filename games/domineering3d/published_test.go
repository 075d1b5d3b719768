package domineering3d

import "testing"

// TestCincottiTableI reproduces Table I of Cincotti, "Three-player Domineering": every box
// with A+B+C < 10 and sides of at least 2, cyclic order X, Y, Z, with X, Y
// or Z starting (orders XYZ, YZX, ZXY).
func TestCincottiTableI(t *testing.T) {
	table := []struct {
		box                    Box
		xFirst, yFirst, zFirst Player
	}{
		{Box{2, 2, 2}, Z, X, Y},
		{Box{3, 2, 2}, Q, X, Q},
		{Box{2, 3, 2}, Q, Q, Y},
		{Box{2, 2, 3}, Z, Q, Q},
		{Box{3, 3, 2}, Q, Q, Z},
		{Box{2, 3, 3}, X, Q, Q},
		{Box{3, 2, 3}, Q, Y, Q},
		{Box{3, 3, 3}, Q, Q, Q},
		{Box{4, 2, 2}, Q, Q, Q}, {Box{2, 4, 2}, Q, Q, Q}, {Box{2, 2, 4}, Q, Q, Q},
		{Box{4, 3, 2}, Q, Q, Q}, {Box{2, 4, 3}, Q, Q, Q}, {Box{3, 2, 4}, Q, Q, Q},
		{Box{4, 2, 3}, Q, Q, Q}, {Box{3, 4, 2}, Q, Q, Q}, {Box{2, 3, 4}, Q, Q, Q},
		{Box{5, 2, 2}, Q, Q, Q}, {Box{2, 5, 2}, Q, Q, Q}, {Box{2, 2, 5}, Q, Q, Q},
	}
	for _, row := range table {
		s := NewSolver(row.box, 20, 2)
		out := s.Outcomes(Full(row.box).Empty)
		got := [3]Player{out[0], out[1], out[2]} // XYZ, YZX, ZXY
		if want := [3]Player{row.xFirst, row.yFirst, row.zFirst}; got != want {
			t.Errorf("%s: X, Y, Z first give %v, Cincotti says %v", row.box, got, want)
		}
	}
}

// TestCincottiCorollary checks Cincotti's Corollary 1 on 2x2xn boxes, n
// even and at least 4: with cyclic order X, Y, Z, whoever starts, either Z
// has a winning strategy or no one has. (docs/results.md reports larger n.)
func TestCincottiCorollary(t *testing.T) {
	for n := 4; n <= 10; n += 2 {
		b := Box{2, 2, n}
		out := NewSolver(b, 20, 2).Outcomes(Full(b).Empty)
		for i, o := range Orders[:3] {
			if out[i] != Z && out[i] != Q {
				t.Errorf("2x2x%d, order %s: %v can force a win", n, o, out[i])
			}
		}
	}
}
