package query

// Results of a move or a position for one player, as the contract names
// them.
const (
	Win  = "win"
	Draw = "draw"
	Loss = "loss"
)

// Shape fills in the fields every game's answer shares, from the fields
// the game set (docs/contract.md, "One answer shape"):
//
//   - Outcome, for a game that answers Result for the side to move: "N"
//     when the side to move wins, "P" when it loses, "D" for a draw;
//   - Distance, from Plies, for the answer and each move;
//   - each move's Result, for the player who makes it: from Wins ("win"
//     or "loss") or from Guarantee; three-player moves keep Outcomes only;
//   - Best, the first move listed for each player (the moves are listed
//     best first for each player).
//
// It is idempotent, and leaves an answer with an error as it is.
func (a *Answer) Shape() {
	if a.Error != "" {
		return
	}
	if a.Outcome == "" {
		a.Outcome = outcomeOf(a.Result)
	}
	if a.Distance == nil {
		a.Distance = a.Plies
	}
	a.Best = a.Best[:0]
	for i := range a.Moves {
		m := &a.Moves[i]
		switch {
		case m.Result != "":
		case m.Wins != nil && *m.Wins:
			m.Result = Win
		case m.Wins != nil:
			m.Result = Loss
		default:
			m.Result = m.Guarantee
		}
		if m.Distance == nil {
			m.Distance = m.Plies
		}
		if !bestOf(a.Best, m.Player) {
			a.Best = append(a.Best, Best{Player: m.Player, Move: m.Move})
		}
	}
	if len(a.Best) == 0 {
		a.Best = nil
	}
}

// outcomeOf returns the outcome class of a result for the side to move.
func outcomeOf(result string) string {
	switch result {
	case Win:
		return "N"
	case Loss:
		return "P"
	case Draw:
		return "D"
	}
	return ""
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
