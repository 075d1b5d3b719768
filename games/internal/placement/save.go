package placement

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/forms"
)

// SavedParams are the parameters of a file that Save writes: component
// values kept from computations, in no particular range of sizes.
var SavedParams = map[string]string{"components": "saved"}

// saveBatch is the number of entries Save commits in one transaction.
const saveBatch = 1 << 16

// Save writes every component value the querier knows into a tablebase
// file at path: those its solver valued, and those of the file it reads
// when that is a file Save wrote. The file is written whole beside path
// and then renamed over it. Read back with --db, it lets a computation
// that was stopped continue where it stopped. It must not run while a
// query does.
func (q *Querier) Save(path string) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	values := map[canon.Key]cgt.ID{}
	if q.file != nil && q.file.Meta().SameBuild(q.savedMeta()) {
		if err := q.readSaved(values); err != nil {
			return err
		}
	}
	q.solver.Each(func(k canon.Key, v cgt.ID) { values[k] = v })
	keys := make([]canon.Key, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b canon.Key) int { return bytes.Compare(a.Bytes(), b.Bytes()) })

	tmp := path + ".tmp"
	os.Remove(tmp)
	f, err := tablebase.Create(tmp, q.savedMeta())
	if err != nil {
		return err
	}
	in := forms.NewInterner(q.u, nil)
	for start := 0; start < len(keys); start += saveBatch {
		batch := keys[start:min(start+saveBatch, len(keys))]
		err := f.Update(func(tx *tablebase.Tx) error {
			entries := make([]tablebase.Entry, len(batch))
			for i, k := range batch {
				entries[i] = tablebase.Entry{Key: k.Bytes(), Value: q.storedAs(in, values[k])}
			}
			if !q.rules.Impartial() {
				first, games := in.Take()
				if err := tx.AppendGames(first, games); err != nil {
					return err
				}
			}
			return tx.PutEntries(entries)
		})
		if err != nil {
			f.Close()
			return err
		}
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Saves returns nil if Save may replace the file at path: there is none,
// or Save wrote it for the same game. A file built otherwise (a region
// tablebase, whose compact levels list no keys) would lose positions.
func (q *Querier) Saves(path string) error {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	f, err := tablebase.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if !f.Meta().SameBuild(q.savedMeta()) {
		return fmt.Errorf("%s is not a file of saved %s components; --save writes only those", path, q.rules.Name())
	}
	return nil
}

// savedMeta is the metadata of the files Save writes.
func (q *Querier) savedMeta() tablebase.Meta {
	return tablebase.Meta{Game: q.rules.Name(), Params: SavedParams, KeyLen: canon.KeyLen}
}

// storedAs is the number a value is stored as: its ID in the games table, or
// for an impartial game its nim-value.
func (q *Querier) storedAs(in *forms.Interner, v cgt.ID) uint32 {
	if q.rules.Impartial() {
		return uint32(q.u.Nimber(v))
	}
	return in.ID(v)
}

// readSaved adds the entries of the file the querier reads, which Save
// wrote, to values.
func (q *Querier) readSaved(values map[canon.Key]cgt.ID) error {
	return q.file.ForEach(func(e tablebase.Entry) error {
		k, ok := canon.ParseKey(e.Key)
		if !ok {
			return fmt.Errorf("%s: bad key %x", q.file.Path(), e.Key)
		}
		if q.rules.Impartial() {
			values[k] = q.u.Nim(int(e.Value))
			return nil
		}
		g, err := q.values.Resolve(e.Value)
		values[k] = g
		return err
	})
}
