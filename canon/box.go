package canon

// BoxMap is one symmetry of an A x B x C box (cell (i,j,k) at bit
// (i*B+j)*C+k): a permutation of axes of equal length, then reflections.
// Player p plays along axis p, so the map sends player p to Player[p]; it
// reverses the cyclic order of play when the axis permutation is odd.
type BoxMap struct {
	CellMap           // the map of cells
	Player   [3]uint8 // where each player (axis) goes
	Reverses bool     // the axis permutation is odd
}

// BoxGroup is the symmetry group of a box: 8 reflections times the
// permutations of axes of equal length (up to 48 maps for a cube).
type BoxGroup struct {
	Dims [3]int
	Maps []BoxMap // Maps[0] is the identity
}

// NewBoxGroup returns the symmetries of an a x b x c box (a*b*c <= 64).
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
			m.CellMap = *NewCellMap(cells)
			g.Maps = append(g.Maps, m)
		}
	}
	return g
}

// Canonical returns the least image of a set of cells and the map that
// gives it.
func (g *BoxGroup) Canonical(b uint64) (uint64, *BoxMap) {
	best, bestMap := b, &g.Maps[0]
	for i := 1; i < len(g.Maps); i++ {
		if img := g.Maps[i].Apply(b); img < best {
			best, bestMap = img, &g.Maps[i]
		}
	}
	return best, bestMap
}

// Cells returns the number of cells of the box.
func (g *BoxGroup) Cells() int { return g.Dims[0] * g.Dims[1] * g.Dims[2] }
