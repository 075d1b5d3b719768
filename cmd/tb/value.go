package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"strings"
	"time"
	"unicode"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/query"
)

const valueHelp = `tb value [--json] [--svg FILE] EXPR ...

Evaluates each expression over values, written as tb query prints them
(2, -1/2, *, *2, ^, v, ^^*, 1/2^, {2|-1/2}, {2||1|0}, +-1, Tiny(2),
2Tiny(2), Miny(1/4)) or by their options typed by hand ({0,*|0}), added
and subtracted (G+H, G-H, -G, parentheses), or two values compared with
<, <=, >, >=, =, || (confused), <| or |>. With no expression it reads one
a line from standard input. Quote each expression for the shell.

For a value it prints its canonical form, outcome class (L, R, N, P),
left and right stops, mean, temperature, atomic weight (for an atomic
infinitesimal) and birthday; for a comparison whether it holds and how
the two sides compare. -1/2^ is -1/2 plus ^ as tb query prints it, and
-(1/2^) its negative. Exit status 1 when an expression is not one.

  tb value '^+^+*' '{1|0} || 1/2' '{2|-1/2}' --json`

func runValue(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("value", valueHelp, stderr)
	jsonOut := fs.Bool("json", false, "one JSON object a line, with the fields of tb query --details: value, outcome, left_stop, right_stop, mean, temperature, atomic_weight, birthday, thermograph; holds, relation, lhs, rhs for a comparison; error")
	svg := fs.String("svg", "", "write the thermograph of the (one) value to `FILE` as SVG")
	maxForms := fs.Int("max-forms", 1<<24, "stop an expression that makes more than `N` canonical forms")
	// Flags are picked out by name, so that -1, -^ and -v are expressions;
	// --NAME is always a flag.
	var flagArgs, exprs []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			exprs = append(exprs, args[i+1:]...)
			break
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		long := strings.HasPrefix(a, "--") && len(name) > 0 && unicode.IsLetter(rune(name[0]))
		if !strings.HasPrefix(a, "-") || (!long && name != "h" && name != "help" && fs.Lookup(name) == nil) {
			exprs = append(exprs, a)
			continue
		}
		flagArgs = append(flagArgs, a)
		if !hasValue && name != "h" && name != "help" && name != "json" && i+1 < len(args) {
			i++
			flagArgs = append(flagArgs, args[i])
		}
	}
	if _, err := parseInterleaved(fs, flagArgs); err != nil {
		return err
	}
	if len(exprs) == 0 {
		sc := bufio.NewScanner(stdin)
		sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
		for sc.Scan() {
			if line := strings.TrimSpace(sc.Text()); line != "" {
				exprs = append(exprs, line)
			}
		}
		if err := sc.Err(); err != nil {
			return err
		}
		if len(exprs) == 0 {
			return fmt.Errorf("%w: give an expression, such as tb value '^+*'", errUsage)
		}
	}
	if *svg != "" && len(exprs) != 1 {
		return fmt.Errorf("%w: --svg draws one value; %d expressions given", errUsage, len(exprs))
	}
	u := cgt.NewUniverse(20)
	u.SetLimits(*maxForms, time.Time{})
	failed := false
	for _, expr := range exprs {
		a := query.EvaluateValue(u, expr)
		if a.Err() != nil {
			failed = true
		}
		if *jsonOut {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(a); err != nil {
				return err
			}
			stdout.Write(buf.Bytes())
		} else {
			writeValueText(stdout, stderr, &a)
		}
		if *svg != "" {
			if a.Err() != nil {
				return errAnswered
			}
			if a.Thermograph == nil {
				return fmt.Errorf("%w: --svg draws a value, not a comparison", errUsage)
			}
			if err := os.WriteFile(*svg, thermographSVG(&a), 0o644); err != nil {
				return err
			}
		}
	}
	if failed {
		return errAnswered
	}
	return nil
}

// writeValueText prints an answer of tb value for a reader.
func writeValueText(stdout, stderr io.Writer, a *query.Calculation) {
	switch {
	case a.Error != "":
		fmt.Fprintf(stderr, "tb value: %s: %s\n", a.Expr, a.Error)
	case a.Holds != nil:
		fmt.Fprintf(stdout, "%s: %v (%s %s %s)\n", a.Expr, *a.Holds, a.LHS, a.Relation, a.RHS)
	default:
		fmt.Fprintf(stdout, "%s\n", a.Expr)
		row := func(name, value string) { fmt.Fprintf(stdout, "  %-14s %s\n", name, value) }
		row("value", a.Value)
		row("outcome", a.Outcome)
		row("stops", a.LeftStop+" (left), "+a.RightStop+" (right)")
		row("mean", a.Mean)
		row("temperature", a.Temperature)
		if a.AtomicWeight != "" {
			row("atomic weight", a.AtomicWeight)
		}
		row("birthday", fmt.Sprint(*a.Birthday))
	}
}

// thermographSVG draws a value's thermograph: the value axis runs from
// right (negative) to left (positive) as is the custom, temperature
// upward; the left wall in blue, the right wall in red, the mast above
// the temperature in black.
func thermographSVG(a *query.Calculation) []byte {
	th := a.Thermograph
	lo, hi, top := math.Inf(1), math.Inf(-1), 0.0
	for _, wall := range [][][2]float64{th.Left, th.Right} {
		for _, p := range wall {
			lo, hi, top = math.Min(lo, p[1]), math.Max(hi, p[1]), math.Max(top, p[0])
		}
	}
	lo, hi = math.Min(lo, 0), math.Max(hi, 0)
	span := math.Max(hi-lo, 1)
	lo, hi = lo-span/8, hi+span/8
	top = math.Max(top*1.25, top+0.5)
	const w, h, m = 480.0, 360.0, 40.0
	x := func(v float64) float64 { return m + (hi-v)/(hi-lo)*(w-2*m) }
	y := func(t float64) float64 { return h - m - t/top*(h-2*m) }
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="12">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<title>Thermograph of %s</title>`+"\n", html.EscapeString(a.Value))
	fmt.Fprintf(&b, `<rect width="%.0f" height="%.0f" fill="white"/>`+"\n", w, h)
	// Axes: temperature 0, and value 0.
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888"/>`+"\n", m, y(0), w-m, y(0))
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ccc" stroke-dasharray="4 3"/>`+"\n", x(0), y(0), x(0), m/2)
	step := math.Pow(2, math.Ceil(math.Log2((hi-lo)/8)))
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888"/><text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n",
			x(v), y(0), x(v), y(0)+4, x(v), y(0)+17, cgtFloat(v))
	}
	tstep := math.Pow(2, math.Ceil(math.Log2(top/6)))
	for t := tstep; t <= top; t += tstep {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888"/><text x="%.1f" y="%.1f" text-anchor="end">%s</text>`+"\n",
			m-4, y(t), m, y(t), m-6, y(t)+4, cgtFloat(t))
	}
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888"/>`+"\n", m, y(0), m, m/2)
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">temperature 0, value (Left is positive, to the left)</text>`+"\n", w/2, h-6)
	poly := func(wall [][2]float64, color string) {
		var pts []string
		for _, p := range wall {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(p[1]), y(p[0])))
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", strings.Join(pts, " "), color)
	}
	poly(th.Left, "#1f5fbf")
	poly(th.Right, "#c0392b")
	// The mast, from where the walls meet up to the top.
	end := th.Left[len(th.Left)-1]
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="black" stroke-width="2"/>`+"\n", x(end[1]), y(end[0]), x(end[1]), y(top))
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f">%s: mean %s, temperature %s</text>`+"\n", m, m/2-4,
		html.EscapeString(shorten(a.Value, 40)), html.EscapeString(a.Mean), html.EscapeString(a.Temperature))
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// cgtFloat writes a dyadic float as a fraction: 1.25 as 5/4.
func cgtFloat(v float64) string {
	for den := int64(1); den <= 1<<20; den *= 2 {
		if n := v * float64(den); n == math.Trunc(n) {
			if den == 1 {
				return fmt.Sprint(int64(n))
			}
			return fmt.Sprintf("%d/%d", int64(n), den)
		}
	}
	return fmt.Sprint(v)
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
