package rules

// Restrict returns the board with the cells of blocked taken away: only
// the lines free of them, and only the maps of the group that send the
// blocked cells onto themselves. Every search of this package runs on a
// restricted board unchanged, and plays as on b with those cells blocked;
// its positions keep Blocked set as on b.
func (b *Board) Restrict(blocked uint64) *Board {
	blocked &= b.full
	if blocked == 0 {
		return b
	}
	r := &Board{N: b.N, Cells: b.Cells, full: b.full &^ blocked, all: b.all}
	r.Lines = b.OpenLines(blocked)
	r.Through = make([][]uint64, b.Cells)
	for _, l := range r.Lines {
		for s := l; s != 0; s &= s - 1 {
			c := LowCell(s)
			r.Through[c] = append(r.Through[c], l)
		}
	}
	for _, g := range b.Group {
		if g.Apply(blocked) == blocked {
			r.Group = append(r.Group, g)
		}
	}
	return r
}

// Blocked returns the cells a restricted board leaves out (none on a
// board not restricted).
func (b *Board) Blocked() uint64 { return b.all &^ b.full }

// Restricted returns p on its board restricted to the cells not blocked
// (see Restrict).
func (p Position) Restricted() Position {
	p.B = p.B.Restrict(p.Blocked)
	return p
}

// LiveCells returns the empty cells on a line that one side can still
// complete: a line holding no stone of the other side. A move elsewhere
// is a pass, which never helps the side that makes it (a stone more never
// hurts a side in this game).
func (b *Board) LiveCells(x, o, empty uint64) uint64 {
	var live uint64
	for _, l := range b.Lines {
		if l&o == 0 || l&x == 0 {
			live |= l
		}
	}
	return live & empty
}

// OpenLines returns the lines that no blocked cell touches.
func (b *Board) OpenLines(blocked uint64) []uint64 {
	var open []uint64
	for _, l := range b.Lines {
		if l&blocked == 0 {
			open = append(open, l)
		}
	}
	return open
}
