package games

import (
	"fmt"

	"github.com/tablebase/tablebase/games/amazons"
	"github.com/tablebase/tablebase/games/clobber"
	"github.com/tablebase/tablebase/games/cram"
	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/games/domineering3d"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/games/internal/placement"
	"github.com/tablebase/tablebase/games/kayles"
	"github.com/tablebase/tablebase/games/konane"
	"github.com/tablebase/tablebase/games/snort"
	"github.com/tablebase/tablebase/games/synchronized"
	"github.com/tablebase/tablebase/games/toadsfrogs"
	"github.com/tablebase/tablebase/games/toppling"
	"github.com/tablebase/tablebase/games/ttt3d"
)

// What each game offers beyond Game (capabilities.go), checked by the
// compiler: a game that stops implementing one fails to build here. The
// task games that are Tellers are unexported: their packages check them
// beside their types.
var (
	_ Splitter         = domineering.Plain
	_ Census           = domineering.Plain
	_ Splitter         = domineering.XT // its Tasks answers tasks.ErrUnsupported: no whole-board search
	_ Census           = domineering.XT
	_ Counter          = (*domineering.Querier)(nil)
	_ ComponentCounter = (*domineering.Querier)(nil)
	_ Saver            = (*domineering.Querier)(nil)
	_ RegionQuerier    = (*domineering.Querier)(nil)
	_ RegionRules      = domineering.Plain
	_ RegionRules      = domineering.XT

	_ Splitter   = domineering3d.Game
	_ Counter    = (*domineering3d.Querier)(nil)
	_ TurnOrders = domineering3d.Outcomes(nil)

	_ Splitter = synchronized.Triomineering
	_ Splitter = synchronized.Domineering
	_ Counter  = (*synchronized.Querier)(nil)

	_ Splitter     = ttt3d.Game
	_ Rebuilder    = ttt3d.Game
	_ Counter      = (*ttt3d.Querier)(nil)
	_ ResultToMove = (*ttt3d.Answer)(nil)
	_ Alias        = (*ttt3d.Move)(nil)

	_ Census           = cram.Game
	_ ComponentCounter = (*placement.Querier)(nil)
	_ Saver            = (*placement.Querier)(nil)
	_ RegionQuerier    = (*placement.Querier)(nil)
	_ RegionRules      = cram.Game

	_ Splitter = clobber.Game
	_ Census   = clobber.Game
	_ Counter  = (*clobber.Querier)(nil)

	// Every parts game's querier but Clobber's (which is its own) is a
	// parts.Querier, whichever its types.
	_ Counter                     = (*parts.Querier[fmt.Stringer, int, int])(nil)
	_ OutcomeValuer[fmt.Stringer] = (*parts.Querier[fmt.Stringer, int, int])(nil)

	_ Census = konane.Game
	_ Census = toadsfrogs.Game
	_ Census = snort.Snort
	_ Census = snort.Col
	_ Census = toppling.Game
	_ Census = amazons.Game
	_ Census = kayles.Kayles
	_ Census = kayles.Dawsons

	_ Composite = Sum
)
