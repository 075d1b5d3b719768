package canon

import "github.com/tablebase/tablebase/internal/bits128"

// BoxMap is one symmetry of an A x B x C box (cell (i,j,k) at bit
// (i*B+j)*C+k): a permutation of axes of equal length, then reflections.
// Player p plays along axis p, so the map sends player p to Player[p]; it
// reverses the cyclic order of play when the axis permutation is odd.
type BoxMap struct {
	SetMap            // the map of cells
	Player   [3]uint8 // where each player (axis) goes
	Reverses bool     // the axis permutation is odd
}

// BoxGroup is the symmetry group of a box: 8 reflections times the
// permutations of axes of equal length (up to 48 maps for a cube).
type BoxGroup struct {
	Dims [3]int
	Maps []BoxMap // Maps[0] is the identity
	rows *boxRows // Canonical's faster path, where the box allows it
}

// NewBoxGroup returns the symmetries of an a x b x c box (a*b*c <= 128).
func NewBoxGroup(a, b, c int) *BoxGroup {
	g := &BoxGroup{Dims: [3]int{a, b, c}}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	odd := [6]bool{false, true, true, false, false, true}
	for pi, perm := range perms {
		// New axis t takes old axis perm[t]; lengths must agree.
		if g.Dims[perm[0]] != a || g.Dims[perm[1]] != b || g.Dims[perm[2]] != c {
			continue
		}
		for refl := range 8 {
			m := BoxMap{Reverses: odd[pi]}
			for t := range 3 {
				m.Player[perm[t]] = uint8(t)
			}
			cells := make([]uint8, a*b*c)
			for cell := range cells {
				x := [3]int{cell / (b * c), cell / c % b, cell % c}
				var y [3]int
				for t := range 3 {
					y[t] = x[perm[t]]
					if refl>>t&1 != 0 {
						y[t] = g.Dims[t] - 1 - y[t]
					}
				}
				cells[cell] = uint8((y[0]*b+y[1])*c + y[2])
			}
			m.SetMap = *NewSetMap(cells)
			g.Maps = append(g.Maps, m)
		}
	}
	g.rows = newBoxRows(g)
	return g
}

// Canonical returns the least image of a set of cells and the map that
// gives it.
func (g *BoxGroup) Canonical(b bits128.Set) (bits128.Set, *BoxMap) {
	if g.rows != nil {
		return g.rows.canonical(g, b)
	}
	return g.canonicalByMaps(b)
}

// canonicalByMaps is Canonical applying every map.
func (g *BoxGroup) canonicalByMaps(b bits128.Set) (bits128.Set, *BoxMap) {
	best, bestMap := b, &g.Maps[0]
	for i := 1; i < len(g.Maps); i++ {
		if img := g.Maps[i].Apply(b); img.Less(best) {
			best, bestMap = img, &g.Maps[i]
		}
	}
	return best, bestMap
}

// Cells returns the number of cells of the box.
func (g *BoxGroup) Cells() int { return g.Dims[0] * g.Dims[1] * g.Dims[2] }

// SetMap is a permutation of the cells of a board of at most 128 cells,
// applied to sets of cells through a table per byte of the set.
type SetMap struct {
	Perm   []uint8 // cell i goes to cell Perm[i]
	tables [16][256]bits128.Set
}

// NewSetMap returns the map that sends cell i to perm[i].
func NewSetMap(perm []uint8) *SetMap {
	m := &SetMap{Perm: perm}
	for cell, img := range perm {
		for v := range 256 {
			if v>>(cell%8)&1 != 0 {
				m.tables[cell/8][v] = m.tables[cell/8][v].Or(bits128.Cell(int(img)))
			}
		}
	}
	return m
}

// Apply returns the image of a set of cells.
func (m *SetMap) Apply(b bits128.Set) bits128.Set {
	var out bits128.Set
	for i, w := 0, b.Lo; w != 0; i, w = i+1, w>>8 {
		out = out.Or(m.tables[i][w&0xff])
	}
	for i, w := 8, b.Hi; w != 0; i, w = i+1, w>>8 {
		out = out.Or(m.tables[i][w&0xff])
	}
	return out
}
