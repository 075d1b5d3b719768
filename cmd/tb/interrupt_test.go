package main

import (
	"encoding/json"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestQueryInterrupted: Ctrl-C during a search writes its answer with the
// error "interrupted by a signal", asks no further position and exits 1.
// SIGINT goes to the test's own process every 20 ms until the query
// ends; the test watches SIGINT itself meanwhile, so that one sent
// outside the query's watch does not end the test binary. (No other test
// runs then: it is not parallel, and the parallel ones wait for it.)
func TestQueryInterrupted(t *testing.T) {
	t.Setenv("TB_DOMINEERING_DB", filepath.Join(t.TempDir(), "none.db"))
	mine := make(chan os.Signal, 1)
	signal.Notify(mine, os.Interrupt)
	defer signal.Stop(mine)
	done := make(chan struct{})
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				syscall.Kill(os.Getpid(), syscall.SIGINT)
			}
		}
	}()
	board := strings.TrimSuffix(strings.Repeat("........|", 8), "|") // 8x8: a second or more of search
	out, errOut, code := tb(t, "", "query", "--outcome-only", "--workers", "1", "--table-bits", "16", "domineering", board, "..|..")
	close(done)
	<-sent
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var a answer
	if len(lines) != 1 || json.Unmarshal([]byte(lines[0]), &a) != nil || a.Position != board || a.Error != "interrupted by a signal" {
		t.Errorf("answers: %q", out)
	}
	if code != 1 || !strings.HasSuffix(errOut, "tb query: interrupted by a signal\n") {
		t.Errorf("exit %d, %s", code, errOut)
	}
}
