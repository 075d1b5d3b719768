package games

import (
	"github.com/tablebase/tablebase/games/amazons"
	"github.com/tablebase/tablebase/games/clobber"
	"github.com/tablebase/tablebase/games/cram"
	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/games/domineering3d"
	"github.com/tablebase/tablebase/games/internal/placement"
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

	_ Census                         = konane.Game
	_ Counter                        = (*konane.Querier)(nil)
	_ OutcomeValuer[konane.Position] = (*konane.Querier)(nil)

	_ Census                             = toadsfrogs.Game
	_ Counter                            = (*toadsfrogs.Querier)(nil)
	_ OutcomeValuer[toadsfrogs.Position] = (*toadsfrogs.Querier)(nil)

	_ Census                     = snort.Snort
	_ Census                     = snort.Col
	_ Counter                    = (*snort.Querier)(nil)
	_ OutcomeValuer[snort.Board] = (*snort.Querier)(nil)

	_ Census                           = toppling.Game
	_ Counter                          = (*toppling.Querier)(nil)
	_ OutcomeValuer[toppling.Position] = (*toppling.Querier)(nil)

	_ Census                          = amazons.Game
	_ Counter                         = (*amazons.Querier)(nil)
	_ OutcomeValuer[amazons.Position] = (*amazons.Querier)(nil)
)
