package tablebase

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// canonicalCase writes the same positions, games and progress into a
// file in transactions of per chunks each (so that blocks are joined,
// rewritten and freed as they come), completes it and returns its path.
// Two buckets fill pages of their own, which bbolt's compaction writes in
// no fixed order.
func canonicalCase(t *testing.T, name string, per int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	f, err := Create(path, Meta{Game: "test", KeyLen: 10, Params: map[string]string{"chunk": "50"}})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const chunks = 60
	for c := 0; c < chunks; c += per {
		err := f.Update(func(tx *Tx) error {
			for d := c; d < min(c+per, chunks); d++ {
				var entries []Entry
				for i := range 50 {
					entries = append(entries, Entry{Key: key(1, uint64(1000*(50*d+i))), Value: uint32(d)})
				}
				if err := tx.PutEntries(entries); err != nil {
					return err
				}
				first := uint32(tx.Meta().Games)
				if first == 0 {
					first = 1
				}
				games := make([]Game, 30) // enough for pages of their own
				for i := range games {
					games[i] = Game{Left: []uint32{first + uint32(i) - 1}}
				}
				if err := tx.AppendGames(first, games); err != nil {
					return err
				}
				if err := tx.MarkDone(1, uint32(d)); err != nil {
					return err
				}
			}
			tx.Meta().BuildSeconds += float64(per)
			tx.Meta().Complete = c+per >= chunks
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// TestCanonicalize writes the same content in transactions of 1, 7 and
// 60 chunks, the copy's transactions large or a few pages each: every
// file canonicalized has the same bytes, which a second rewrite keeps,
// and verifies with the content of the file before.
func TestCanonicalize(t *testing.T) {
	for _, txBytes := range []int{canonicalTxBytes, 5000} {
		t.Run(fmt.Sprintf("transactions of %d bytes", txBytes), func(t *testing.T) {
			defer func(n int) { canonicalTxBytes = n }(canonicalTxBytes)
			canonicalTxBytes = txBytes
			var want []byte
			for _, per := range []int{1, 7, 60} {
				path := canonicalCase(t, "t.db", per)
				before, err := Verify(path)
				if err != nil {
					t.Fatal(err)
				}
				size, err := Canonicalize(path)
				if err != nil {
					t.Fatal(err)
				}
				got, err := os.ReadFile(path)
				if err != nil || int64(len(got)) != size {
					t.Fatalf("%d chunks a transaction: %d bytes read, %d written: %v", per, len(got), size, err)
				}
				after, err := Verify(path)
				if err != nil || after.Content != before.Content || after.Meta.BuildSeconds != 0 {
					t.Fatalf("%d chunks a transaction: content %016x, before %016x, build seconds %v: %v", per, after.Content, before.Content, after.Meta.BuildSeconds, err)
				}
				if want == nil {
					want = got
				} else if !bytes.Equal(got, want) {
					t.Errorf("%d chunks a transaction: the canonical file differs from 1 chunk's", per)
				}
				if _, err := Canonicalize(path); err != nil {
					t.Fatal(err)
				}
				if again, _ := os.ReadFile(path); !bytes.Equal(again, got) {
					t.Errorf("%d chunks a transaction: a canonical file rewritten changed", per)
				}
			}
		})
	}
}
