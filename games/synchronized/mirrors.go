package synchronized

// mirror is a reflection of an h x w board that keeps rows rows and
// columns columns, so each player's pieces his: in the middle row, the
// middle column, or both (a half turn).
type mirror struct{ rows, cols bool }

// mirrors are the three reflections; with the identity they are every
// symmetry of a board that leaves each player his pieces (on a square
// board the others exchange rows and columns, and so the players).
var mirrors = [3]mirror{{rows: true}, {cols: true}, {rows: true, cols: true}}

// cell returns the image of cell c on an h x w board.
func (m mirror) cell(c, h, w int) int {
	r, col := c/w, c%w
	if m.rows {
		r = h - 1 - r
	}
	if m.cols {
		col = w - 1 - col
	}
	return r*w + col
}

// fixes reports whether m maps the empty cells of b onto themselves.
func (m mirror) fixes(b Board) bool {
	h, w := int(b.H), int(b.W)
	for c := range h * w {
		if b.Cells.Has(c) != b.Cells.Has(m.cell(c, h, w)) {
			return false
		}
	}
	return true
}

// piece returns where the image under m of p's piece starting at cell
// starts: its least cell, as the image is p's piece too.
func (m mirror) piece(g *wideGeometry, p Player, cell int) int {
	least := -1
	for k := g.pieceAt(p, cell); !k.Empty(); k = k.WithoutLow() {
		if c := m.cell(k.Low(), g.h, g.w); least < 0 || c < least {
			least = c
		}
	}
	return least
}

// unalike keeps of the starts of p's pieces, in their order, the first of
// each set that a mirror of b (one that maps the piece starting at fixed
// onto itself too, when fixed >= 0) maps onto one another.
func unalike(b Board, g *wideGeometry, p Player, starts []uint8, fixed int, fixedPlayer Player) []uint8 {
	var keep []mirror
	for _, m := range mirrors {
		if m.fixes(b) && (fixed < 0 || m.piece(g, fixedPlayer, fixed) == fixed) {
			keep = append(keep, m)
		}
	}
	if len(keep) == 0 {
		return starts
	}
	seen := map[int]bool{}
	out := starts[:0]
	for _, s := range starts {
		if seen[int(s)] {
			continue
		}
		out = append(out, s)
		for _, m := range keep {
			seen[m.piece(g, p, int(s))] = true
		}
	}
	return out
}
