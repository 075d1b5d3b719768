package server_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/server"
)

// startSize returns the size of a board's start position as Board.Size
// writes sizes: "RxC" for the kinds of rows (their count and the longest),
// the box of a "3d" position, the side of a "cube", none for a "sum".
func startSize(b query.Board) (string, error) {
	switch b.Kind {
	case "2d", "stones", "strip":
		rows := strings.Split(b.Start, "|")
		cols := 0
		for _, r := range rows {
			cols = max(cols, len(r))
		}
		return fmt.Sprintf("%dx%d", len(rows), cols), nil
	case "3d":
		box, _, _ := strings.Cut(b.Start, ":")
		return box, nil
	case "cube":
		for n := 1; n*n*n <= len(b.Start); n++ {
			if n*n*n == len(b.Start) {
				return fmt.Sprint(n), nil
			}
		}
		return "", fmt.Errorf("%d cells: no cube", len(b.Start))
	case "sum":
		return "", nil
	}
	return "", fmt.Errorf("unknown kind %q", b.Kind)
}

// TestServerGamesConsistent: each entry of GET /games is consistent with
// itself: its size is its start's, its start has only the cells it
// lists and is answered without an error, and it names its players.
func TestServerGamesConsistent(t *testing.T) {
	srv, _ := newTestServer(t, server.DefaultOptions)
	code, _, body := get(t, srv.URL+"/games")
	var list []server.GameInfo
	if err := json.Unmarshal([]byte(body), &list); code != 200 || err != nil || len(list) == 0 {
		t.Fatalf("GET /games: %d %v %s", code, err, body)
	}
	for _, g := range list {
		b := g.Board
		if size, err := startSize(b); err != nil || size != b.Size {
			t.Errorf("%s: size %q, its start %q is %q (%v)", g.Game, b.Size, b.Start, size, err)
		}
		if b.Kind == "stones" || b.Kind == "strip" {
			if b.Cells == "" || strings.Trim(b.Start, b.Cells+"|") != "" {
				t.Errorf("%s: start %q has cells other than %q", g.Game, b.Start, b.Cells)
			}
		}
		if len(b.Players) == 0 {
			t.Errorf("%s: no players", g.Game)
		}
		code, _, answer := get(t, srv.URL+"/"+g.Game+"?position="+url.QueryEscape(b.Start))
		var a query.Answer
		if err := json.Unmarshal([]byte(answer), &a); code != 200 || err != nil || a.Error != "" {
			t.Errorf("%s: its start %q answers %d %s", g.Game, b.Start, code, answer)
		}
	}
}
