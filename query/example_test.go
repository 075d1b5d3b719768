package query_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/query"
)

// Open a Domineering tablebase, look a position up and list its moves.
func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "dom6.db")
	// Build every region of up to 6 cells (tb build domineering --max-cells 6).
	if _, err := domineering.Plain.Build(context.Background(), build.Params{"max-cells": "6"}, build.Options{Path: path}); err != nil {
		log.Fatal(err)
	}

	tb, err := games.Open(path, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer tb.Close()
	a := tb.Query(context.Background(), "..|..|..", query.Options{NoSolve: true, Moves: true})
	if a.Error != "" {
		log.Fatal(a.Error)
	}
	fmt.Println(tb.Game().Name(), a.Position, "=", a.Value, "outcome", a.Outcome, "from the", a.Source)
	for _, m := range a.Moves {
		fmt.Printf("%s plays %s: %s (%s), wins moving first: %v\n", m.Player, m.Move, m.Position, m.Value, *m.Wins)
	}
	// Output:
	// domineering ..|..|.. = {1/2|-2} outcome N from the tablebase
	// L plays a1-a2: #.|#.|.. (1/2), wins moving first: true
	// L plays a2-a3: ..|#.|#. (1/2), wins moving first: true
	// L plays b1-b2: .#|.#|.. (1/2), wins moving first: true
	// L plays b2-b3: ..|.#|.# (1/2), wins moving first: true
	// R plays a2-b2: ..|##|.. (-2), wins moving first: true
	// R plays a1-b1: ##|..|.. (+-1), wins moving first: false
	// R plays a3-b3: ..|..|## (+-1), wins moving first: false
}
