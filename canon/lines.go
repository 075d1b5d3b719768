package canon

// CellMap is a permutation of the cells of a board of at most 64 cells,
// applied to sets of cells (bit i is cell i) through byte tables.
type CellMap struct {
	Perm    []uint8 // cell i goes to cell Perm[i]
	Inverse []uint8 // cell Perm[i] comes from cell i
	tables  [8][256]uint64
}

// NewCellMap returns the map that sends cell i to perm[i].
func NewCellMap(perm []uint8) *CellMap {
	m := &CellMap{Perm: perm, Inverse: make([]uint8, len(perm))}
	for cell, img := range perm {
		m.Inverse[img] = uint8(cell)
		for v := range 256 {
			if v>>(cell%8)&1 != 0 {
				m.tables[cell/8][v] |= 1 << img
			}
		}
	}
	return m
}

// Apply returns the image of a set of cells.
func (m *CellMap) Apply(b uint64) uint64 {
	var out uint64
	for i := 0; b != 0; i++ {
		out |= m.tables[i][b&0xff]
		b >>= 8
	}
	return out
}

// Automorphisms returns every permutation of the cells 0..cells-1 that maps
// each line (a set of cells) onto a line, found by backtracking over the
// images of the cells; the identity comes first. Two cells on a common line
// must go to two cells on a common line, and the cells of one line already
// placed must all land on one line: these two rules prune the search to the
// group itself. Lines must have at least two cells, and two cells may share
// at most one line (true of every tic-tac-toe board).
func Automorphisms(cells int, lines []uint64) [][]uint8 {
	// through[a][b] is the line through cells a and b, or -1.
	through := make([][]int, cells)
	for a := range through {
		through[a] = make([]int, cells)
		for b := range through[a] {
			through[a][b] = -1
		}
	}
	for li, l := range lines {
		for a := range cells {
			for b := range cells {
				if a != b && l>>a&1 != 0 && l>>b&1 != 0 {
					through[a][b] = li
				}
			}
		}
	}
	// Place cells in an order where each one shares a line with an
	// earlier one when it can, so that the rules bite early.
	order := make([]int, 0, cells)
	placed := make([]bool, cells)
	for len(order) < cells {
		next := -1
		for c := range cells {
			if placed[c] {
				continue
			}
			if next < 0 {
				next = c
			}
			if len(order) > 0 && through[order[len(order)-1]][c] >= 0 {
				next = c
				break
			}
		}
		placed[next] = true
		order = append(order, next)
	}

	img := make([]int, cells)         // image of each placed cell, -1 if none
	used := make([]bool, cells)       // images taken
	lineTo := make([]int, len(lines)) // image of each line, -1 if not yet fixed
	for i := range img {
		img[i] = -1
	}
	for i := range lineTo {
		lineTo[i] = -1
	}
	var out [][]uint8
	var place func(k int)
	place = func(k int) {
		if k == cells {
			perm := make([]uint8, cells)
			for c, d := range img {
				perm[c] = uint8(d)
			}
			out = append(out, perm)
			return
		}
		c := order[k]
		for d := range cells {
			if used[d] || !consistent(c, d, order[:k], img, through, lineTo) {
				continue
			}
			// Record the line images this placement fixes.
			var fixed []int
			for _, a := range order[:k] {
				if l := through[a][c]; l >= 0 && lineTo[l] < 0 {
					lineTo[l] = through[img[a]][d]
					fixed = append(fixed, l)
				}
			}
			img[c], used[d] = d, true
			place(k + 1)
			img[c], used[d] = -1, false
			for _, l := range fixed {
				lineTo[l] = -1
			}
		}
	}
	place(0)
	// Put the identity first.
	for i, p := range out {
		identity := true
		for c, d := range p {
			identity = identity && int(d) == c
		}
		if identity {
			out[0], out[i] = out[i], out[0]
		}
	}
	return out
}

// consistent reports whether sending cell c to d keeps the placed cells'
// lines: c and a share a line exactly when d and a's image do, and then
// that line goes to the line through the images.
func consistent(c, d int, placed []int, img []int, through [][]int, lineTo []int) bool {
	for _, a := range placed {
		l, m := through[a][c], through[img[a]][d]
		if (l < 0) != (m < 0) {
			return false
		}
		if l >= 0 && lineTo[l] >= 0 && lineTo[l] != m {
			return false
		}
	}
	return true
}
