package main

import (
	"os"
	"sync"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// partQueriers opens, for a game whose positions are made of other
// games' positions (the sums), each part's game once: reading the game's
// file of --db, else its default file when there is one (quietly: a part
// without a file is solved in memory, with the same answers).
type partQueriers struct {
	config *query.Config              // for each part's game
	given  map[string]*tablebase.File // the --db files, by game, which the caller closes
	// hashes says that each part's answer names its file's content hash
	// (tb query); the hash reads the whole file once.
	hashes bool

	mu       sync.Mutex
	queriers map[string]query.Querier
	files    []*tablebase.File
}

// querier returns the querier of the game named name (query.Config.Parts).
func (p *partQueriers) querier(name string) (query.Querier, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if q, ok := p.queriers[name]; ok {
		return q, nil
	}
	g, err := games.Lookup(name)
	if err != nil {
		return nil, err
	}
	if f := p.given[name]; f != nil {
		return p.open(g, f, false)
	}
	var f *tablebase.File
	if path := defaultDB(name); path != "" {
		if _, err := os.Stat(path); err == nil {
			if f, err = tablebase.Open(path); err == nil && f.Meta().Game != name {
				f.Close()
				f = nil
			}
		}
	}
	return p.open(g, f, f != nil)
}

// open opens the querier of g, reading f (nil: none), and keeps it; owned
// says that close closes f. The caller holds p.mu.
func (p *partQueriers) open(g games.Game, f *tablebase.File, owned bool) (query.Querier, error) {
	var q query.Querier
	var err error
	if p.hashes {
		q, err = query.OpenGame(g, f, p.config)
	} else {
		q, err = g.Open(f, p.config)
	}
	if err != nil {
		if owned {
			f.Close()
		}
		return nil, err
	}
	if owned {
		p.files = append(p.files, f)
	}
	if p.queriers == nil {
		p.queriers = map[string]query.Querier{}
	}
	p.queriers[g.Name()] = q
	return q, nil
}

// close closes the files opened.
func (p *partQueriers) close() {
	for _, f := range p.files {
		f.Close()
	}
}
