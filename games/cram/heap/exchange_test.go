package heap

import (
	"testing"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
)

// TestExchange: a search whose team's exchange holds what another has
// found of a board of more than exchangeCells cells finds the same
// nim-value without a node, while one with an empty exchange searches
// as alone.
func TestExchange(t *testing.T) {
	for _, board := range []region.Region{region.Full(4, 7), region.Full(3, 9)} {
		alone := NewHeapSearch(cramMoves{}, 4, nil, 1<<20)
		want := alone.Nimber(board)
		share := &Share{region: region.Full(2, 9)}
		first, second := NewHeapSearch(cramMoves{}, 4, nil, 1<<20), NewHeapSearch(cramMoves{}, 4, nil, 1<<20)
		first.share, second.share = share, share
		if got := first.Nimber(board); got != want || first.Nodes != alone.Nodes {
			t.Fatalf("%v: first %d in %d nodes, alone %d in %d", board, got, first.Nodes, want, alone.Nodes)
		}
		if got := second.Nimber(board); got != want || second.Nodes != 0 {
			t.Errorf("%v: second %d in %d nodes, want %d in none", board, got, second.Nodes, want)
		}
		if got, ok := second.AtLeast(board); got != want || !ok {
			t.Errorf("%v: the second's table holds %d %v, want %d exact", board, got, ok, want)
		}
	}
}

// TestExchangeAdd: the exchange joins each region's results (a
// nim-value, heaps with which it is a first-player win), and holds no
// more than exchangeBytes.
func TestExchangeAdd(t *testing.T) {
	var e exchange
	k := canon.Key{H: 5, W: 5, Bits: 1<<25 - 1}
	e.add(&heapSlot{bits: k.Bits, h: k.H, w: k.W, won: 1})
	e.add(&heapSlot{bits: k.Bits, h: k.H, w: k.W, nim: 3})
	e.add(&heapSlot{bits: k.Bits, h: k.H, w: k.W, won: 2})
	if s, ok := e.get(k); !ok || s.nim != 3 || s.won != 3 || s.bits != k.Bits || s.h != 5 || s.w != 5 {
		t.Fatalf("joined %+v %v, want nim 3, won 3", s, ok)
	}
	if _, ok := e.get(canon.Key{H: 5, W: 5, Bits: 1<<25 - 2}); ok {
		t.Error("a region never added is held")
	}
	most := 0
	for i := range e.shards {
		most += e.shards[i].t.most * SlotBytes
	}
	if most > exchangeBytes {
		t.Errorf("tables of %d bytes at most, want %d", most, exchangeBytes)
	}
}
