package mphf

import (
	"bytes"
	"sync"
)

// splitTables are a Split function's tables for its Rice parameters:
// params, and for a subtree of m keys its coded nodes and their low bits.
// They depend on the parameters alone, and functions whose parameters
// agree share them (sharedTables), so that lookups into many functions
// find them in the processor's caches. They are never changed once made.
type splitTables struct {
	params     []uint8
	nodes, low []uint64
}

// maxShared bounds the tables kept for sharing: functions of other
// parameters (a damaged file's) make their own.
const maxShared = 16

// shared holds the tables kept for sharing.
var shared struct {
	sync.Mutex
	tables []*splitTables
}

// sharedTables returns the tables of params, made by build: those kept
// for parameters that params begin, cut to its length, or new ones, kept
// in place of those kept for parameters that begin params.
func sharedTables(params []uint8, build func() (*splitTables, error)) (*splitTables, error) {
	shared.Lock()
	defer shared.Unlock()
	n := len(params)
	for _, t := range shared.tables {
		if bytes.HasPrefix(t.params, params) {
			return &splitTables{params: t.params[:n:n], nodes: t.nodes[: n+2 : n+2], low: t.low[: n+2 : n+2]}, nil
		}
	}
	t, err := build()
	if err != nil {
		return nil, err
	}
	for i, old := range shared.tables {
		if bytes.HasPrefix(params, old.params) {
			shared.tables[i] = t
			return t, nil
		}
	}
	if len(shared.tables) < maxShared {
		shared.tables = append(shared.tables, t)
	}
	return t, nil
}
