package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/server"
)

func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", `tb serve [--db FILE ...] [--addr HOST:PORT]

Serves the answers of tb query over HTTP (HTTP/1.1, and HTTP/2 where the
client offers it), and the explorer at /:
  GET  /GAME?position=P        one answer as JSON (add moves=1, explicit=1,
                               details=1, no_solve=1 or outcome_only=1 as
                               the query flags)
  GET  /GAME/moves?position=P  the answer with every move
  POST /GAME                   one position a line in, JSON lines out (at
                               most 10,000 positions and 1 MB)
  GET  /games                  the games and their tablebase files
  GET  /value?expr=E           the JSON of tb value --json
  GET  /                       the explorer
Every game is served; a game with a --db file is answered from it, the
others are solved in memory up to --max-solve-cells. SIGTERM or SIGINT
stops the server after the requests in flight.`, stderr)
	var dbs dbList
	fs.Var(&dbs, "db", "tablebase file to serve (repeat for several games)")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	def := server.DefaultOptions
	maxSolve := fs.Int("max-solve-cells", def.MaxSolveCells, "largest component or board solved in memory (0: no limit)")
	maxNodes := fs.Int64("max-nodes", def.MaxNodes, "ttt3d: the most nodes a search may take to prove an answer (0: no limit)")
	timeout := fs.Duration("timeout", def.Timeout, "longest time to compute one answer")
	memory := fs.Int("memory-mib", 512, "the memory the server aims to stay within, in MiB (the Go runtime's soft limit: it collects garbage harder and returns memory near it)")
	active := fs.Int("max-active", def.MaxActive, "requests computing at once; the others wait for a turn until their timeout")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, pos[0])
	}
	if *maxSolve < 0 || *maxNodes < 0 || *timeout <= 0 || *active < 1 {
		return fmt.Errorf("%w: --max-solve-cells and --max-nodes must be 0 or more, --timeout positive and --max-active at least 1", errUsage)
	}
	dbFiles, err := openDBs(dbs)
	if err != nil {
		return err
	}
	defer dbFiles.close()
	files, opened := dbFiles.paths, dbFiles.files
	for _, f := range opened {
		if _, err := f.Content(); err != nil { // read once now, not by the first request
			return err
		}
	}
	// A sum's parts are answered by the queriers served for their games,
	// all opened before the first request.
	var served []server.Served
	byName := map[string]query.Querier{}
	config := &query.Config{Parts: func(name string) (query.Querier, error) {
		if q, ok := byName[name]; ok {
			return q, nil
		}
		return nil, fmt.Errorf("no game %q (known: %s)", name, games.Names())
	}}
	for _, g := range games.All {
		q, err := query.OpenGame(g, opened[g.Name()], config)
		if err != nil {
			return err
		}
		byName[g.Name()] = q
		served = append(served, server.Served{Game: g, Querier: q, File: files[g.Name()]})
	}
	if *memory > 0 {
		debug.SetMemoryLimit(int64(*memory) << 20)
	}
	opts := def
	opts.MaxSolveCells, opts.MaxNodes, opts.Timeout, opts.MaxActive = *maxSolve, *maxNodes, *timeout, *active
	handler := server.New(served, opts)
	srv := handler.HTTPServer()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	fmt.Fprintf(stderr, "tb serve: listening on http://%s/\n", ln.Addr())
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintln(stderr, "tb serve: stopping")
	// Every request ends within the answer timeout, so waiting a little
	// longer lets each one in flight finish.
	shutdown, cancel := context.WithTimeout(context.Background(), opts.Timeout+5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return fmt.Errorf("stopping: %w", err)
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	fmt.Fprintln(stderr, "tb serve: stopped")
	return nil
}
