package census

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// series is one line of a chart.
type series struct {
	name   string
	colour string
	ys     []float64 // by level; NaN for none
}

// chart draws lines over the levels as an SVG document, y on a log scale
// when log is true.
func chart(title, ylabel string, xs []int, lines []series, log bool) string {
	const w, h, left, right, top, bottom = 640.0, 400.0, 70.0, 150.0, 40.0, 50.0
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range lines {
		for _, y := range s.ys {
			if math.IsNaN(y) || log && y <= 0 {
				continue
			}
			if log {
				y = math.Log10(y)
			}
			lo, hi = math.Min(lo, y), math.Max(hi, y)
		}
	}
	if log {
		lo, hi = math.Floor(lo), math.Ceil(hi)
	} else {
		lo = math.Min(lo, 0)
	}
	if hi <= lo {
		hi = lo + 1
	}
	x0, x1 := float64(xs[0]), float64(xs[len(xs)-1])
	if x1 == x0 {
		x1 = x0 + 1
	}
	px := func(x float64) float64 { return left + (x-x0)/(x1-x0)*(w-left-right) }
	py := func(y float64) float64 {
		if log {
			y = math.Log10(y)
		}
		return h - bottom - (y-lo)/(hi-lo)*(h-top-bottom)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" font-family="sans-serif" font-size="12">`+"\n", w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%g" y="22" font-size="15">%s</text>`+"\n", left, title)
	// Axes, with a tick at every level and five on y.
	fmt.Fprintf(&b, `<path d="M%g %gV%gH%g" stroke="black" fill="none"/>`+"\n", left, top, h-bottom, w-right)
	for _, x := range xs {
		fmt.Fprintf(&b, `<text x="%.1f" y="%g" text-anchor="middle">%d</text>`+"\n", px(float64(x)), h-bottom+16, x)
	}
	fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle">level (cells, or stones)</text>`+"\n", (left+w-right)/2, h-10)
	ticks := 5
	if log {
		ticks = int(hi - lo) // one a power of ten
	}
	for i := 0; i <= ticks; i++ {
		y := lo + (hi-lo)*float64(i)/float64(ticks)
		label := strconv.FormatFloat(y, 'g', 4, 64)
		if log {
			label = strconv.FormatFloat(math.Pow(10, y), 'g', 3, 64)
			y = math.Pow(10, y)
		}
		fmt.Fprintf(&b, `<text x="%g" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, py(y)+4, label)
		fmt.Fprintf(&b, `<path d="M%g %.1fH%g" stroke="#ddd"/>`+"\n", left, py(y), w-right)
	}
	fmt.Fprintf(&b, `<text transform="translate(16 %g) rotate(-90)" text-anchor="middle">%s</text>`+"\n", (top+h-bottom)/2, ylabel)
	for i, s := range lines {
		var d []string
		for j, y := range s.ys {
			if math.IsNaN(y) || log && y <= 0 {
				continue
			}
			d = append(d, fmt.Sprintf("%.1f %.1f", px(float64(xs[j])), py(y)))
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", px(float64(xs[j])), py(y), s.colour)
		}
		if len(d) > 0 {
			fmt.Fprintf(&b, `<path d="M%s" stroke="%s" stroke-width="2" fill="none"/>`+"\n", strings.Join(d, "L"), s.colour)
		}
		fmt.Fprintf(&b, `<text x="%g" y="%g" fill="%s">%s</text>`+"\n", w-right+10, top+20*float64(i+1), s.colour, s.name)
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// WriteSVG draws the census into dir: temperature.svg (the largest
// temperature per level), values.svg (classes and distinct values per
// level, log scale) and outcomes.svg (the share of each outcome class).
func WriteSVG(dir, game string, levels []Level) ([]string, error) {
	if len(levels) == 0 {
		return nil, fmt.Errorf("no levels to draw")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	xs := make([]int, len(levels))
	temp, classes, values := make([]float64, len(levels)), make([]float64, len(levels)), make([]float64, len(levels))
	shares := map[byte][]float64{}
	for i, l := range levels {
		xs[i] = l.N
		t := math.Ldexp(float64(l.MaxTemp.Num), -int(l.MaxTemp.Exp))
		temp[i], classes[i], values[i] = t, float64(l.Classes), float64(l.Values)
		for _, o := range []byte("LRNP") {
			shares[o] = append(shares[o], float64(l.Outcomes[o])/float64(max(l.Classes, 1)))
		}
	}
	charts := map[string]string{
		"temperature.svg": chart(game+": the largest temperature per level", "temperature", xs,
			[]series{{"largest", "#c0392b", temp}}, false),
		"values.svg": chart(game+": classes and distinct values per level", "count", xs,
			[]series{{"classes", "#2c3e50", classes}, {"distinct values", "#27ae60", values}}, true),
		"outcomes.svg": chart(game+": outcome classes per level", "share of classes", xs,
			[]series{{"L wins", "#2980b9", shares['L']}, {"R wins", "#c0392b", shares['R']},
				{"N (first) wins", "#8e44ad", shares['N']}, {"P (second) wins", "#7f8c8d", shares['P']}}, false),
	}
	var written []string
	for _, name := range []string{"temperature.svg", "values.svg", "outcomes.svg"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(charts[name]), 0o644); err != nil {
			return written, err
		}
		written = append(written, path)
	}
	return written, nil
}
