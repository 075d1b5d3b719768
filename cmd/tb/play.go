package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tablebase/tablebase/games/domineering/engine"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// startPositions are the boards tb play starts from when given none.
var startPositions = map[string]string{
	"domineering":        "....|....|....|....",
	"xt-domineering":     "....|....|....|....",
	"sync-triomineering": "....|....|....|....",
	"sync-domineering":   "....|....|....|....",
	"domineering3d":      "2x2x3",
	"ttt3d":              strings.Repeat(".", 27),
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("play", `tb play [--db FILE] [--as PLAYER] [options] GAME [POSITION]

Plays GAME against the tablebase in the terminal: you type your moves (in
the README's move notation, such as a1-a2, 2b3 or 1.1.1-2.1.1), and tb
answers with its best move. Type "hint" for every move with its answer,
"quit" to stop. Positions the file lacks are solved in memory.
  domineering, xt-domineering: --as L (vertical) or R; --first L or R
  sync-triomineering, sync-domineering: --as V or H; both move at once
  domineering3d: --as X, Y or Z (tb plays the other two); --order XYZ...
  ttt3d: --as x or o (x moves first)`, stderr)
	db := fs.String("db", "", "tablebase file to play from")
	as := fs.String("as", "", "the side you play (default: the side that moves first)")
	first := fs.String("first", "L", "who moves first in domineering and xt-domineering: L or R")
	order := fs.String("order", "XYZ", "turn order in domineering3d")
	think := fs.Duration("think", 30*time.Second, "on large domineering boards, the longest tb searches for a move")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 || len(pos) > 2 {
		return fmt.Errorf("%w: want GAME [POSITION]", errUsage)
	}
	game := pos[0]
	start, ok := startPositions[game]
	if !ok {
		return fmt.Errorf("%w: unknown game %q (tb play knows %s)", errUsage, game, strings.Join(query.Games, ", "))
	}
	if len(pos) == 2 {
		start = pos[1]
	}
	// A Domineering board too large for exact values is played by the
	// whole-board search.
	var large engine.Position
	searched := false
	if game == "domineering" {
		if p, err := engine.Parse(start); err == nil && p.Cells() > exactCells {
			large, searched = p, true
		}
	}
	var f *tablebase.File
	if *db != "" {
		if f, err = tablebase.Open(*db); err != nil {
			return err
		}
		defer f.Close()
	} else if searched {
		if f = openDefaultDomineeringDB(stderr); f != nil {
			defer f.Close()
		}
	}
	q, err := query.New(game, f)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 4096), maxLine)
	pl := &player{q: q, in: sc, out: stdout}
	switch game {
	case "domineering", "xt-domineering":
		if searched {
			return pl.search(q.(*query.Domineering).Engine(), large, *as, *first, *think)
		}
		return pl.cgt(start, *as, *first)
	case "sync-triomineering", "sync-domineering":
		return pl.sync(start, *as)
	case "domineering3d":
		return pl.threePlayer(start, *as, *order)
	}
	return pl.ttt(start, *as)
}

// player is a game between the person at the terminal and the tablebase.
type player struct {
	q   query.Querier
	in  *bufio.Scanner
	out io.Writer
}

// errQuit ends a game the person left.
var errQuit = errors.New("game left")

// answer queries a position with its moves.
func (p *player) answer(pos string) (query.Answer, error) {
	a := p.q.Query(pos, query.Options{Moves: true})
	if a.Error != "" {
		return a, errors.New(a.Error)
	}
	return a, nil
}

// choose asks for one of moves until it gets one; "hint" lists them with
// their answers, best first.
func (p *player) choose(who string, moves []query.Move, describe func(query.Move) string) (query.Move, error) {
	for {
		fmt.Fprintf(p.out, "%s to move (e.g. %s; hint; quit): ", who, moves[0].Move)
		if !p.in.Scan() {
			fmt.Fprintln(p.out)
			return query.Move{}, errQuit
		}
		in := strings.ToLower(strings.TrimSpace(p.in.Text()))
		switch in {
		case "":
			continue
		case "quit", "q", "exit":
			return query.Move{}, errQuit
		case "hint", "?", "help":
			for _, m := range moves {
				fmt.Fprintf(p.out, "  %-12s %s\n", m.Move, describe(m))
			}
			continue
		}
		for _, m := range moves {
			if sameMove(in, m) {
				return m, nil
			}
		}
		fmt.Fprintf(p.out, "%q is not a legal move here; type hint for the list\n", in)
	}
}

// sameMove reports whether the typed text names m: the same cells in
// either order, or for ttt3d also the cell's index.
func sameMove(in string, m query.Move) bool {
	if m.Cell != nil && in == strconv.Itoa(*m.Cell) {
		return true
	}
	a, b := notation.SplitPiece(in)
	c, d := notation.SplitPiece(m.Move)
	return a == c && b == d || a == d && b == c
}

// show prints a 2D board with column letters and row numbers.
func (p *player) show(pos string) {
	rows := strings.FieldsFunc(pos, func(c rune) bool { return c == '|' || c == '/' })
	fmt.Fprint(p.out, "\n   ")
	for c := range len(rows[0]) {
		fmt.Fprintf(p.out, " %c", 'a'+c)
	}
	fmt.Fprintln(p.out)
	for i, row := range rows {
		fmt.Fprintf(p.out, "%3d", i+1)
		for _, ch := range row {
			fmt.Fprintf(p.out, " %c", ch)
		}
		fmt.Fprintln(p.out)
	}
}

func movesOf(a query.Answer, who string) []query.Move {
	var out []query.Move
	for _, m := range a.Moves {
		if m.Player == who {
			out = append(out, m)
		}
	}
	return out
}
