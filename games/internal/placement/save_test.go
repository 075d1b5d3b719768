package placement

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// TestSaveAndContinue stops a computation part of the way, saves what it
// found, and continues it from the file in a new querier: the answer is
// the one of a computation run once, and the file saved at the end holds
// every component that computation valued.
func TestSaveAndContinue(t *testing.T) {
	const board = ".....|.....|.....|.....|....."
	fresh, _ := NewQuerier(dominoes{}, nil, nil)
	want := fresh.Query(context.Background(), board, query.Options{})
	total := fresh.Components()

	path := filepath.Join(t.TempDir(), "saved.db")
	// The first run is stopped from inside: the rules cancel it once a
	// third of the components are valued, however fast the machine.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var first *Querier
	rules := stoppingDominoes{stop: func() {
		if first.Components() >= total/3 {
			cancel()
		}
	}}
	first, _ = NewQuerier(rules, nil, &query.Config{Workers: 2})
	if a := first.Query(ctx, board, query.Options{}); a.Error == "" {
		t.Fatalf("the first run was not stopped: %+v", a)
	}
	if err := first.Saves(path); err != nil {
		t.Fatal(err)
	}
	if err := first.Save(path); err != nil {
		t.Fatal(err)
	}
	part := stored(t, path)
	if part < total/3 || part >= total {
		t.Fatalf("the stopped run saved %d components of %d", part, total)
	}

	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	second, err := NewQuerier(dominoes{}, f, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := second.Query(context.Background(), board, query.Options{}); got.Value != want.Value {
		t.Fatalf("continued: %s, want %s", got.Value, want.Value)
	}
	if err := second.Save(path); err != nil {
		t.Fatal(err)
	}
	if n := stored(t, path); n != total {
		t.Fatalf("saved %d components at the end, want %d", n, total)
	}
}

// stoppingDominoes is dominoes calling stop before it lists moves.
type stoppingDominoes struct {
	dominoes
	stop func()
}

// Moves calls stop, then lists the moves as dominoes does.
func (d stoppingDominoes) Moves(c region.Region, left bool, dst []uint64) []uint64 {
	d.stop()
	return d.dominoes.Moves(c, left, dst)
}

// TestSavesRefusesOtherFiles: Save does not replace a file it did not
// write.
func TestSavesRefusesOtherFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	f, err := tablebase.Create(path, tablebase.Meta{Game: "dominoes", Params: map[string]string{"max-cells": "4"}, KeyLen: 11})
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	q, _ := NewQuerier(dominoes{}, nil, nil)
	if err := q.Saves(path); err == nil {
		t.Fatal("Saves accepts a region build")
	}
}

// stored returns the number of positions in the file at path.
func stored(t *testing.T, path string) int64 {
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return f.Meta().Positions
}
