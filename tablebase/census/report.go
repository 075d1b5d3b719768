package census

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/tablebase/tablebase/cgt"
)

// WriteTable prints the census as text: a table of the counts per level,
// then each level's hottest positions, numbers and switches.
func WriteTable(w io.Writer, game string, levels []Level) {
	fmt.Fprintf(w, "%s\n\n", game)
	fmt.Fprintf(w, "%5s %12s %9s %11s %11s %11s %11s %8s %6s %12s %s\n",
		"level", "classes", "values", "L", "R", "N", "P", "hottest", "(of)", "infinitesimal", "atomic weights")
	for _, l := range levels {
		aw := "-"
		if l.AtomicLo != "" {
			aw = l.AtomicLo + " .. " + l.AtomicHi
		}
		fmt.Fprintf(w, "%5d %12d %9d %11d %11d %11d %11d %8s %6d %12d %s\n",
			l.N, l.Classes, l.Values, l.Outcomes['L'], l.Outcomes['R'], l.Outcomes['N'], l.Outcomes['P'],
			l.MaxTemp, l.HotCount, l.Infinite, aw)
	}
	for _, l := range levels {
		fmt.Fprintf(w, "\nlevel %d\n", l.N)
		fmt.Fprintf(w, "  hottest (temperature %s): %s\n", l.MaxTemp, strings.Join(l.Hottest, "  "))
		fmt.Fprintf(w, "  numbers (%d): %s\n", len(l.Numbers), dyadics(l.Numbers))
		var sw []string
		for _, s := range l.Switches {
			sw = append(sw, "{"+s[0].String()+"|"+s[1].String()+"}")
		}
		fmt.Fprintf(w, "  switches (%d): %s\n", len(sw), strings.Join(sw, " "))
		names := slices.Sorted(maps.Keys(l.Named))
		for i, name := range names {
			names[i] = fmt.Sprintf("%s %d", name, l.Named[name])
		}
		fmt.Fprintf(w, "  nimbers, ups, tinies and minies (values, classes): %s\n", strings.Join(names, ", "))
	}
}

func dyadics(xs []cgt.Dyadic) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = x.String()
	}
	return strings.Join(s, " ")
}
