package query

import "github.com/tablebase/tablebase/tablebase"

// Tablebase is a tablebase file open for queries, with the querier of its
// game. It is safe for concurrent use.
type Tablebase struct {
	Querier
	file *tablebase.File
}

// Open opens a tablebase file read-only (other processes may read it at
// the same time) and returns a querier for the game it holds. Positions
// the file lacks are solved in memory unless the query says NoSolve.
func Open(path string) (*Tablebase, error) {
	f, err := tablebase.Open(path)
	if err != nil {
		return nil, err
	}
	q, err := New(f.Meta().Game, f)
	if err != nil {
		f.Close()
		return nil, err
	}
	return &Tablebase{Querier: q, file: f}, nil
}

// Game returns the name of the file's game.
func (t *Tablebase) Game() string { return t.file.Meta().Game }

// Close closes the file.
func (t *Tablebase) Close() error { return t.file.Close() }
