package build

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/tablebase/tablebase/internal/ttable"
)

// ErrUsage marks an error in what a build (or another command) was asked
// to do, such as a missing or malformed parameter: tb exits with status 2.
var ErrUsage = errors.New("usage")

// Usagef returns an error marked ErrUsage.
func Usagef(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUsage, fmt.Sprintf(format, args...))
}

// Game is what the builder needs of a game: the parameters that choose
// what a build covers (tb build's flags) and the build itself.
type Game interface {
	// Name is the game's name on the command line and in the file.
	Name() string
	// Params lists the parameters a build takes.
	Params() []Param
	// Build builds the tablebase that p describes into opts.Path,
	// resuming what an earlier run of the same build committed there.
	// Run runs it as tb build does, the complete file made canonical.
	Build(ctx context.Context, p Params, opts Options) (Summary, error)
}

// Param is one parameter of a build, given on the command line as
// --NAME VALUE (or --NAME alone when Bool).
type Param struct {
	Name, Usage string
	Bool        bool // a switch: present or not
	// Grows marks a whole number whose larger value only adds levels
	// (max-cells): a build with a larger one grows a file of a smaller
	// one, as tablebase.Create does with its grow parameters.
	Grows bool
}

// GrowParams returns the names of the parameters that grow a file
// (Param.Grows), for tablebase.Create and PrepareShard.
func GrowParams(ps []Param) []string {
	var names []string
	for _, p := range ps {
		if p.Grows {
			names = append(names, p.Name)
		}
	}
	return names
}

// Params holds the parameters given to a build, by name; a parameter
// not given is absent.
type Params map[string]string

// Int returns the integer parameter name, def when it is not given.
func (p Params) Int(name string, def int) (int, error) {
	s, ok := p[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, Usagef("--%s: want a whole number, not %q", name, s)
	}
	return n, nil
}

// Bool reports whether the switch name is given (and not "false").
func (p Params) Bool(name string) bool {
	s, ok := p[name]
	return ok && s != "false"
}

// TableBitsParam is the parameter that sizes a solver's transposition
// table, read by Params.TableBits.
var TableBitsParam = Param{Name: "table-bits", Usage: fmt.Sprintf("log2 of the solver's transposition table entries, %d bytes each (10 to 32; default 24)", ttable.WideEntryBytes)}

// TableBits reads the table-bits parameter: 10 to 32, 24 when not given.
func (p Params) TableBits() (uint, error) {
	n, err := p.Int("table-bits", 24)
	if err != nil {
		return 0, err
	}
	if n < 10 || n > 32 {
		return 0, Usagef("--table-bits must be between 10 and 32")
	}
	return uint(n), nil
}

// Rebuilder is a Game whose files do not hold its build's parameters as
// they are given (a default, a switch stored as a number): it names the
// parameters of the build that writes a file holding file in its
// metadata, ok false when no build does.
type Rebuilder interface {
	RebuildParams(file map[string]string) (p Params, ok bool)
}

// RebuildParams returns the parameters of g's build that writes a file
// holding file in its metadata, and so completes such a file: g's own
// answer when it is a Rebuilder, else the parameters g takes, as they
// are, with the chunk size left to its default (DefaultChunkSize). ok is
// false when no build of g writes such a file (one of another chunk
// size, or of parameters g's build does not take, such as a file tb
// query --save wrote).
func RebuildParams(g Game, file map[string]string) (p Params, ok bool) {
	if r, ok := g.(Rebuilder); ok {
		return r.RebuildParams(file)
	}
	takes := map[string]bool{}
	for _, q := range g.Params() {
		takes[q.Name] = true
	}
	p = Params{}
	for k, v := range file {
		switch {
		case k == "chunk":
			if v != strconv.Itoa(DefaultChunkSize) {
				return nil, false
			}
		case takes[k]:
			p[k] = v
		default:
			return nil, false
		}
	}
	return p, true
}
