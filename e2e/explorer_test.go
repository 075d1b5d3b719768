package e2e

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// browser returns the path of a Chromium-like browser, or skips the test.
func browser(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no chromium: CI must install it (apt-get install chromium)")
	}
	t.Skip("no chromium on this machine: the explorer is not tested in a browser")
	return ""
}

// TestExplorerInBrowser drives the explorer of a real tb serve (every
// game in memory, its default bounds) in headless Chromium: it shows an
// answer and a thermograph, plays a move from the list and by clicking
// cells, goes back, edits a cell, and switches game. With
// TB_SCREENSHOT=FILE it saves a screenshot of the page.
func TestExplorerInBrowser(t *testing.T) {
	exe := browser(t)
	url := serve(t)

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1200, 800))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// A guard against a hang, not a bound on a busy machine's time.
	ctx, cancel = context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()

	text := func(sel string) string {
		s, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("text of %s: %v", sel, err)
		}
		return s
	}
	// waitFor waits until the element's text contains want (or the
	// browser's context ends).
	waitFor := func(sel, want string) {
		t.Helper()
		for {
			s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector(`+quoteJS(sel)+`)||{}).textContent||""`))
			if strings.Contains(s, want) {
				return
			}
			if ctx.Err() != nil {
				t.Fatalf("%s: %q never appeared (text %q)", sel, want, s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	value := func() string {
		s, _ := chromedp.Run(ctx, chromedp.Value(chromedp.ID("position")))
		return s
	}
	count := func(sel string) int {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(`+quoteJS(sel)+`).length`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	click := func(sel string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
			t.Fatalf("click %s: %v", sel, err)
		}
	}

	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/#game=domineering&position=...|...")); err != nil {
		t.Fatal(err)
	}
	waitFor("#summary", "{2|-1/2}")
	waitFor("#summary", "stops2 if Left (vertical) starts, -1/2 if Right (horizontal) starts")
	if n := count("#thermograph polyline.wall"); n != 2 {
		t.Errorf("thermograph has %d walls, want 2", n)
	}
	if !strings.Contains(text("#thermo"), "temperature 5/4") {
		t.Errorf("thermograph label: %q", text("#thermo"))
	}
	if n := count("#moves tr.move"); n != 7 {
		t.Errorf("%d moves listed, want 7", n)
	}
	if n := count("#moves tr.move.good"); n != 5 {
		t.Errorf("%d winning moves coloured, want 5 (b1-b2 for Left, all four for Right)", n)
	}
	if path := os.Getenv("TB_SCREENSHOT"); path != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(path, png, 0o644)
	}

	// Play Left's best move from the list, then go back.
	click(`#moves tr.move[data-move="b1-b2"]`)
	waitFor("#summary", "value2")
	if v := value(); v != ".#.|.#." {
		t.Errorf("after b1-b2 the position is %q", v)
	}
	click("#back")
	waitFor("#summary", "{2|-1/2}")

	// Play a1-a2 by clicking its two cells.
	click(`.cell[data-cell="0"]`)
	click(`.cell[data-cell="3"]`)
	waitFor("#summary", "value+-1")
	if v := value(); v != "#..|#.." {
		t.Errorf("after clicking a1 and a2 the position is %q", v)
	}
	// The page links to it with '_' for '#', which survives in a URL.
	if h, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.hash`)); h != "#game=domineering&position=_..%7C_.." {
		t.Errorf("after a1-a2 the page's link ends with %q", h)
	}

	// Edit: cover c2.
	click(`input[name=mode][value=edit]`)
	click(`.cell[data-cell="5"]`)
	waitFor("#summary", "value")
	if v := value(); v != "#..|#.#" {
		t.Errorf("after covering c2 the position is %q", v)
	}

	// Another game: the empty 3x3x3 tic-tac-toe board, a win in 7.
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("game"), "ttt3d")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("game").dispatchEvent(new Event("change"))`)); err != nil {
		t.Fatal(err)
	}
	waitFor("#summary", "win for the side to move in 7 plies")
	if n := count(".cell"); n != 27 {
		t.Errorf("ttt3d board has %d cells", n)
	}
	if n := count("#moves tr.move.good"); n != 1 {
		t.Errorf("%d winning first moves, want 1 (the centre)", n)
	}

	// Clobber: the explorer's list of games comes from the server; a stone
	// and the stone it captures, clicked in turn, play the capture.
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/?clobber#game=clobber&position=xxo")); err != nil {
		t.Fatal(err)
	}
	click(`input[name=mode][value=play]`)
	waitFor("#summary", "value^")
	waitFor("#summary", "L (Left (x) wins whoever starts)")
	waitFor("#moves", "Left (x)b1-c1")
	click(`.cell[data-cell="1"]`)
	click(`.cell[data-cell="2"]`)
	waitFor("#summary", "value0")
	if v := value(); v != "x.x" {
		t.Errorf("after b1 takes c1 the position is %q", v)
	}

	// Toads and Frogs, a strip board with rows of two lengths: a toad
	// steps on by clicking its cell and the cell it lands on.
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/?strip#game=toads-and-frogs&position=T.F|TF")); err != nil {
		t.Fatal(err)
	}
	click(`input[name=mode][value=play]`)
	waitFor("#summary", "value*")
	if n := count(".cell"); n != 5 {
		t.Errorf("T.F|TF is drawn with %d cells, want 5", n)
	}
	click(`.cell[data-cell="0"]`)
	click(`.cell[data-cell="1"]`)
	waitFor("#summary", "value0")
	if v := value(); v != ".TF|TF" {
		t.Errorf("after the toad a1-b1 the position is %q", v)
	}

	// Amazons: an amazon, the cell it moves to and the cell its arrow
	// burns, clicked in turn.
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/?amazons#game=amazons&position=x..|..o")); err != nil {
		t.Fatal(err)
	}
	click(`input[name=mode][value=play]`)
	waitFor("#moves", "a1-b1/b2")
	click(`.cell[data-cell="0"]`)
	click(`.cell[data-cell="1"]`)
	click(`.cell[data-cell="4"]`)
	waitFor("#summary", "value1")
	if v := value(); v != ".x.|.#o" {
		t.Errorf("after a1-b1/b2 the position is %q", v)
	}

	// A 4x4x4 board with its four main diagonals blocked: a draw that the
	// exact search cannot reach, proved by pairings.
	diagonals := []byte(strings.Repeat(".", 64))
	for i := range 4 {
		for _, c := range [][3]int{{i, i, i}, {i, i, 3 - i}, {i, 3 - i, i}, {3 - i, i, i}} {
			diagonals[(c[0]*4+c[1])*4+c[2]] = '#'
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/?blocked#game=ttt3d&position="+strings.ReplaceAll(string(diagonals), "#", "_"))); err != nil {
		t.Fatal(err)
	}
	waitFor("#summary", "draw for the side to move in 48 plies (proved by pairing strategies)")
	if n := count("#moves tr.move.mid"); n != 48 {
		t.Errorf("diagonals blocked: %d drawing moves listed, want 48", n)
	}

	// A board too large for exact values gets its outcome by search.
	board := strings.TrimSuffix(strings.Repeat("......|", 6), "|")
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/?large#game=domineering&position="+board)); err != nil {
		t.Fatal(err)
	}
	waitFor("#status", "whole-board search")
	waitFor("#summary", "N (the player to move first wins)")
	waitFor("#moves", "best move by the whole-board search")
	if n := count("#moves tr.move.good"); n != 2 {
		t.Errorf("%d winning moves shown for the 6x6 board, want one for each player", n)
	}

	// A bad position clears the moves and their heading.
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/?bad#game=domineering&position=..x")); err != nil {
		t.Fatal(err)
	}
	waitFor("#error", "bad character")
	hidden, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("moves-head").hidden && document.querySelectorAll("#moves tr").length === 0`))
	if err != nil || !hidden {
		t.Errorf("after a bad position the moves section still shows (%v)", err)
	}
}

// quoteJS writes s as a JavaScript string literal.
func quoteJS(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
}
