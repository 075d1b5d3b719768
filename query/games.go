package query

import (
	"fmt"

	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/games/synchronized"
	"github.com/tablebase/tablebase/tablebase"
)

// Querier answers positions of one game.
type Querier interface {
	Query(position string, opts Options) Answer
}

// Games lists the games this package answers.
var Games = []string{"domineering", "xt-domineering", "domineering3d", "sync-triomineering", "sync-domineering", "ttt3d"}

// New returns a querier for the named game, reading from f when f is not
// nil (f must hold a tablebase of that game).
func New(game string, f *tablebase.File) (Querier, error) {
	switch game {
	case "domineering", "xt-domineering":
		v, _ := domineering.ParseVariant(game)
		return NewDomineering(v, f)
	case "domineering3d":
		return NewDomineering3D(f)
	case "sync-triomineering", "sync-domineering":
		v, _ := synchronized.ParseVariant(game)
		return NewSynchronized(v, f)
	case "ttt3d":
		return NewTTT3D(f)
	}
	return nil, fmt.Errorf("unknown game %q (known: %v)", game, Games)
}
