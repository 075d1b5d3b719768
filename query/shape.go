package query

// Results of a move or a position for one player, as the contract names
// them.
const (
	Win  = "win"
	Draw = "draw"
	Loss = "loss"
)

// Shape fills in the fields every game's answer shares from the fields
// the game set (docs/contract.md, "One answer shape"):
//
//   - each move's Result, for the player who makes it, from Wins ("win"
//     or "loss") where the game left it out;
//   - Best, the first move listed for each player (the moves are listed
//     best first for each player).
//
// A game answers its Outcome, Distance and its moves' Distance itself. It
// is idempotent, and leaves an answer with an error as it is.
func (a *Answer) Shape() {
	if a.Error != "" {
		return
	}
	a.Best = a.Best[:0]
	for i := range a.Moves {
		m := &a.Moves[i]
		if m.Result == "" && m.Wins != nil {
			m.Result = Loss
			if *m.Wins {
				m.Result = Win
			}
		}
		if !bestOf(a.Best, m.Player) {
			a.Best = append(a.Best, Best{Player: m.Player, Move: m.Move})
		}
	}
	if len(a.Best) == 0 {
		a.Best = nil
	}
}

// bestOf reports whether best already names a move of player.
func bestOf(best []Best, player string) bool {
	for _, b := range best {
		if b.Player == player {
			return true
		}
	}
	return false
}
