package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
)

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var sides strings.Builder
	for _, g := range games.All {
		fmt.Fprintf(&sides, "\n  %-19s %s", g.Name(), g.PlayOptions())
	}
	fs := newFlagSet("play", `tb play [--db FILE] [--as PLAYER] [options] GAME [POSITION]

Plays GAME against the tablebase in the terminal: you type your moves (in
the move notation of docs/contract.md, such as a1-a2, 2b3 or 1.1.1-2.1.1),
and tb answers with its best move. Type "hint" for every move with its
answer, "quit" to stop. Positions the file lacks are solved in memory.
Each game reads these options:`+sides.String(), stderr)
	var db dbList
	fs.Var(&db, "db", "tablebase `FILE` to play from (a sum: repeat for its parts' games)")
	as := fs.String("as", "", "the side you play (default: the side that moves first)")
	first := fs.String("first", "L", "who moves first, where the game lets you choose")
	order := fs.String("order", "XYZ", "the turn order, where the game has three players")
	think := fs.Duration("think", 30*time.Second, "the longest tb searches for a move, where it searches")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 || len(pos) > 2 {
		return fmt.Errorf("%w: want GAME [POSITION]", errUsage)
	}
	g, err := lookupGame(pos[0])
	if err != nil {
		return err
	}
	start := g.Board().Start
	if len(pos) == 2 {
		start = pos[1]
	}
	files, err := openDBs(db)
	if err != nil {
		return err
	}
	defer files.close()
	f, err := files.forGame(g)
	if err != nil {
		return err
	}
	if len(db) == 0 && g.Board().WholeBoard && strings.Count(start, ".") > play.ExactCells {
		if f = openDefaultDB(g, stderr); f != nil {
			defer f.Close()
		}
	}
	parts := &partQueriers{given: files.files} // a sum's parts read the files given
	defer parts.close()
	config := &query.Config{Parts: parts.querier}
	q, err := g.Open(f, config)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 4096), query.MaxLine)
	return g.Play(&play.Session{Q: q, In: sc, Out: stdout, As: *as, First: *first, Order: *order, Think: *think}, start)
}
