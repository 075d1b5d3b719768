package query

import (
	"context"
	"fmt"
	"sync"

	"github.com/tablebase/tablebase/tablebase"
)

// Querier answers positions of one game. Implementations are safe for
// concurrent use.
type Querier interface {
	// Query answers one position written in the game's notation. A search
	// that ctx ends gives up with ErrTimeout where the game can stop one.
	Query(ctx context.Context, position string, opts Options) Answer
}

// Game is what the query layer, the server and the explorer need of a
// game.
type Game interface {
	// Name is the game's name on the command line, in URLs and in the JSON.
	Name() string
	// Board says how the explorer and tb play show the game's positions.
	Board() Board
	// Open returns a querier that reads f when f is not nil (f must hold a
	// tablebase of this game) and solves in memory what it lacks. c may be
	// nil for the defaults.
	Open(f *tablebase.File, c *Config) (Querier, error)
}

// Board describes a game's positions to the explorer and tb play.
type Board struct {
	// Kind is how a position is drawn and edited: "2d" (rows of cells,
	// '.' empty, '#' covered), "stones" (rows of one length, each cell
	// one of Cells: pieces 'x' and 'o', '.' empty, '#' off the board),
	// "strip" (rows of any lengths, each cell one of Cells: 'T', 'F', or
	// 'x', 'o', 'g', and '.' empty), "3d" (a box, AxBxC: then its cells)
	// or "cube" (tic-tac-toe: n^3 cells of 'x', 'o', '.', '#'). On
	// "stones" and "strip" boards a move is played by clicking the cells
	// its name names, in order.
	Kind string `json:"kind"`
	// Size is the board size the explorer starts with ("4x4", "2x2x3", "3").
	Size string `json:"size"`
	// Start is the position tb play starts from when given none.
	Start string `json:"start"`
	// Together is true when both players choose their moves at once.
	Together bool `json:"together,omitempty"`
	// WholeBoard is true when a board too large for exact values can still
	// be answered with its outcome (Options.OutcomeOnly).
	WholeBoard bool `json:"whole_board,omitempty"`
	// Players names each player by the letter the answers give it (a
	// move's player, a player in an outcome): {"L": "Left (vertical)",
	// "R": "Right (horizontal)"} for Domineering.
	Players map[string]string `json:"players"`
	// Cells lists, for "stones" and "strip" boards, the characters a
	// cell takes, in the order the explorer's editing cycles through
	// them ("xo." for Clobber).
	Cells string `json:"cells,omitempty"`
}

// Config sets up a querier when it is opened: the whole-board search's
// resources and how it reports. Games without such a search ignore it.
type Config struct {
	// Workers is the number of cores a search, or a computation of exact
	// values, uses (0: 2).
	Workers int
	// TableBits is log2 of a search's transposition table entries (0: the
	// game's default, sized by the board).
	TableBits uint
	// KnownCells bounds the components a whole-board search replaces by
	// their exact value (0: the game's default).
	KnownCells int
	// Progress, when set, is told how far a long search has got.
	Progress func(Progress)
	// Parts, when set, returns the querier of a game by name, for a game
	// whose positions are made of other games' positions (the sums): the
	// caller's querier of that game, with its file where it has one.
	Parts func(game string) (Querier, error)
}

// Progress says how far a long search has got.
type Progress struct {
	Where string // where the search is, in the game's words
	Nodes int64  // nodes searched so far
}

// Counter is a querier that counts the nodes of its last search (the
// whole-board search), for tb query --stats and --progress.
type Counter interface {
	Nodes() int64
}

// ComponentCounter is a querier of exact values that counts the component
// classes its in-memory solver has valued, for tb query --progress.
type ComponentCounter interface {
	Components() int64
}

// Saver is a querier of exact values that can write the component values
// its solver found into a tablebase file (tb query --save), which it
// reads back as any file of the game to continue a computation.
type Saver interface {
	Save(path string) error
	// Saves reports whether the file at path may be replaced by Save: it
	// is absent, or a file Save wrote for the same game.
	Saves(path string) error
}

// Tablebase is a game's querier, reading a tablebase file or solving in
// memory, whose answers have the shape every game shares (Answer.Shape)
// and, when a file is open, name it by its content hash. It is safe for
// concurrent use.
type Tablebase struct {
	Querier // the game's own querier
	game    Game
	file    *tablebase.File
	owned   bool // Close closes file

	hashOnce sync.Once // reads the file's content hash once
	hash     string
	hashErr  error
}

// Open opens a tablebase file read-only (other processes may read it at
// the same time) and returns a querier for the game it holds, which must
// be one of games. Positions the file lacks are solved in memory unless
// the query says NoSolve. c may be nil for the defaults.
func Open(path string, c *Config, games ...Game) (*Tablebase, error) {
	f, err := tablebase.Open(path)
	if err != nil {
		return nil, err
	}
	name := f.Meta().Game
	for _, g := range games {
		if g.Name() == name {
			t, err := OpenGame(g, f, c)
			if err != nil {
				f.Close()
				return nil, err
			}
			t.owned = true
			return t, nil
		}
	}
	f.Close()
	return nil, fmt.Errorf("%s holds a tablebase of %s, a game not known here", path, name)
}

// OpenGame returns a querier of g that reads f, which must hold a
// tablebase of g and stays open until the caller closes it, or solves
// everything in memory when f is nil. c may be nil for the defaults.
func OpenGame(g Game, f *tablebase.File, c *Config) (*Tablebase, error) {
	q, err := g.Open(f, c)
	if err != nil {
		return nil, err
	}
	return &Tablebase{Querier: q, game: g, file: f}, nil
}

// Query answers one position as the game's querier does, in the shared
// shape, with File set when a file is open.
func (t *Tablebase) Query(ctx context.Context, position string, opts Options) Answer {
	a := t.Querier.Query(ctx, position, opts)
	a.Shape()
	var err error
	if t.file != nil && a.Error == "" {
		if a.File, err = t.FileHash(); err != nil {
			a.Fail(err)
		}
	}
	return a
}

// FileHash returns the open file's content hash as answers carry it in
// File ("" without a file). It reads the whole file on the first call.
func (t *Tablebase) FileHash() (string, error) {
	if t.file == nil {
		return "", nil
	}
	t.hashOnce.Do(func() {
		var h uint64
		h, t.hashErr = t.file.Content()
		t.hash = FileHash(h)
	})
	return t.hash, t.hashErr
}

// FileHash writes a file's content hash as answers and tb verify do.
func FileHash(h uint64) string { return fmt.Sprintf("%016x", h) }

// Game returns the querier's game.
func (t *Tablebase) Game() Game { return t.game }

// File returns the open tablebase file, or nil.
func (t *Tablebase) File() *tablebase.File { return t.file }

// Close closes the file, if Open opened it.
func (t *Tablebase) Close() error {
	if t.file == nil || !t.owned {
		return nil
	}
	return t.file.Close()
}
