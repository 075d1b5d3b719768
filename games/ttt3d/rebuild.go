package ttt3d

import (
	"maps"
	"strconv"

	"github.com/tablebase/tablebase/build"
)

// RebuildParams names the build that writes a file of these metadata
// parameters (build.Rebuilder): each of the game's four builds stores
// its own, the chunk size its default.
func (game) RebuildParams(file map[string]string) (build.Params, bool) {
	same := func(want map[string]string, p build.Params) (build.Params, bool) {
		return p, maps.Equal(file, want)
	}
	n, fair := file["n"], file["fair"]
	switch {
	case n == "3" && fair == "":
		return same(map[string]string{"n": "3", "max-plies": file["max-plies"], "chunk": strconv.Itoa(defaultChunk)},
			build.Params{"n": "3", "max-plies": file["max-plies"]})
	case n == "3":
		return same(map[string]string{"n": "3", "fair": "0", "chunk": strconv.Itoa(build.DefaultChunkSize), "values": "result"},
			build.Params{"n": "3", "fair": "true"})
	case n == "4" && fair != "":
		p := build.Params{"n": "4", "fair": "true", "blocked": fair, "max-nodes": file["max-nodes"]}
		want := map[string]string{"n": "4", "fair": fair, "chunk": strconv.Itoa(build.DefaultChunkSize), "values": "census", "max-nodes": file["max-nodes"]}
		if v, ok := file["prove-nodes"]; ok {
			p["prove-nodes"], want["prove-nodes"] = v, v
		}
		return same(want, p)
	}
	return same(map[string]string{"n": "4", "from": file["from"]}, build.Params{"n": "4", "from": file["from"]})
}
