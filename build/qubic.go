package build

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/ttt3d"
)

// Qubic looks for a first-player win on the 4x4x4 board from the position
// from (x to move or o to move) by proof-number search with threat chains,
// creating at most maxNodes proof-tree nodes. When it finds one it checks
// it against every defence and stores the strategy: for each position
// with x to move that the strategy reaches, x's move (value: the cell in
// the canonical frame, plus 256 times the plies to the win under the
// strategy). It fails, storing nothing, when the win is not found.
func Qubic(from ttt3d.Position, maxNodes int64, opts Options) (Summary, error) {
	start := time.Now()
	if from.B.N != 4 || from.Blocked != 0 {
		return Summary{}, fmt.Errorf("the strategy build is for 4x4x4 positions without blocked cells")
	}
	pv := ttt3d.NewProver(from.B)
	var pn, dn uint32
	pv.Report = func(nodes int64, p, d uint32) {
		pn, dn = p, d
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, "\r%d proof-tree nodes, %s: root proof number %d, disproof number %d   ",
				nodes, time.Since(start).Round(time.Second), p, d)
		}
	}
	win, settled, strategy := pv.Prove(from, maxNodes)
	if opts.Progress != nil {
		fmt.Fprintln(opts.Progress)
	}
	switch {
	case !settled:
		return Summary{Solved: pv.Nodes, Elapsed: time.Since(start)},
			fmt.Errorf("no win found for x within %d proof-tree nodes (root proof number %d, disproof number %d)", maxNodes, pn, dn)
	case !win:
		return Summary{Solved: pv.Nodes, Elapsed: time.Since(start)}, fmt.Errorf("x has no win from %s", from)
	}
	if _, err := strategy.Verify(from); err != nil {
		return Summary{}, err
	}
	entries := make([]tablebase.Entry, 0, len(strategy))
	for k, m := range strategy {
		entries = append(entries, tablebase.Entry{Key: ttt3d.StrategyKey(k[0], k[1]), Value: uint32(m.Cell | m.Plies<<8)})
	}
	slices.SortFunc(entries, func(a, b tablebase.Entry) int { return bytes.Compare(a.Key, b.Key) })
	f, err := tablebase.Create(opts.Path, tablebase.Meta{
		Game:   "ttt3d",
		Params: map[string]string{"n": "4", "from": from.String(), "max-nodes": strconv.FormatInt(maxNodes, 10)},
		KeyLen: ttt3d.StrategyKeyLen,
	})
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	if f.Meta().Complete {
		return summarize(f, Summary{Complete: true}, start), nil
	}
	err = f.Update(func(tx *tablebase.Tx) error {
		if err := tx.PutEntries(entries); err != nil {
			return err
		}
		tx.Meta().BuildSeconds += time.Since(start).Seconds()
		tx.Meta().Complete = true
		return nil
	})
	return summarize(f, Summary{Solved: pv.Nodes}, start), err
}
