package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// benchPositions returns the Domineering file the benchmarks read (TB_DB,
// else a 12-cell file built here) and 2^16 regions stored in it, drawn
// uniformly from all it stores, written in the contract's notation.
func benchPositions(b *testing.B) (string, []string) {
	path := os.Getenv("TB_DB")
	cells := 12
	if path == "" {
		path = filepath.Join(b.TempDir(), "d12.db")
		g, err := games.Lookup("domineering")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Build(context.Background(), build.Params{"max-cells": strconv.Itoa(cells)}, build.Options{Path: path}); err != nil {
			b.Fatal(err)
		}
	} else if cells, _ = strconv.Atoi(os.Getenv("TB_CELLS")); cells == 0 {
		cells = 15
	}
	var all []canon.Key
	for _, level := range build.Regions(cells) {
		all = append(all, level...)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	sample := make([]string, 1<<16)
	for i := range sample {
		sample[i] = all[rng.IntN(len(all))].Region().String()
	}
	return path, sample
}

// BenchmarkGo answers stored Domineering regions in process through the
// Go API (query.Tablebase.Query, as tb query and the C library do).
// TB_DB names a file of regions of at most TB_CELLS (15) cells.
func BenchmarkGo(b *testing.B) {
	path, positions := benchPositions(b)
	t, err := games.Open(path, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer t.Close()
	ctx, opts := context.Background(), query.Options{NoSolve: true}
	i := 0
	for b.Loop() {
		if a := t.Query(ctx, positions[i%len(positions)], opts); a.Error != "" {
			b.Fatal(a.Error)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "probes/s")
}

// BenchmarkC times the C library on the same positions as BenchmarkGo:
// one probe a call, an array, a buffer of lines (testdata/bench.c, median
// of five rounds over 65,536 positions, GOMAXPROCS=1).
func BenchmarkC(b *testing.B) {
	path, positions := benchPositions(b)
	dir := b.TempDir()
	libDir := filepath.Dir(buildOnce(b, "c-shared"))
	c := []string{"cc", "-Wall", "-Werror", "-O2", "-I.", "-o", filepath.Join(dir, "bench"), "testdata/bench.c", "-L" + libDir, "-ltb", "-Wl,-rpath," + libDir}
	if out, err := exec.Command(c[0], c[1:]...).CombinedOutput(); err != nil {
		b.Fatalf("%v: %v\n%s", c, err, out)
	}
	list := filepath.Join(dir, "positions.txt")
	if err := os.WriteFile(list, []byte(strings.Join(positions, "\n")+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		cmd := exec.Command(filepath.Join(dir, "bench"), path, list, "5")
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			b.Fatalf("bench: %v\n%s", err, out)
		}
		for _, line := range strings.Split(string(out), "\n") {
			f := strings.Fields(line)
			if len(f) == 2 {
				if ns, err := strconv.ParseFloat(f[1], 64); err == nil && ns > 0 {
					b.ReportMetric(1e9/ns, f[0]+"-probes/s")
				}
			}
		}
	}
}

// BenchmarkCLI answers the same positions through tb query, reading them
// all on standard input (one process, one batch).
func BenchmarkCLI(b *testing.B) {
	path, positions := benchPositions(b)
	tb := buildOnce(b, "tb")
	input := strings.Join(positions, "\n") + "\n"
	for b.Loop() {
		cmd := exec.Command(tb, "query", "--no-solve", "--db", path, "domineering")
		cmd.Stdin = strings.NewReader(input)
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
		if out, err := cmd.Output(); err != nil || bytes.Count(out, []byte("\n")) != len(positions) {
			b.Fatalf("tb query: %v", err)
		}
	}
	b.ReportMetric(float64(b.N*len(positions))/b.Elapsed().Seconds(), "probes/s")
}

// BenchmarkHTTP answers the same positions through tb serve on both
// cores, the load on the same machine: eight connections kept alive,
// each sending a request and reading its answer in turn over plain TCP
// (a lean client, so that the server's cost is what is measured), one
// position a GET, and POST bodies of 1,000 positions; GET /games, a fixed
// answer, is the baseline of the HTTP layer alone.
func BenchmarkHTTP(b *testing.B) {
	path, positions := benchPositions(b)
	base := startServe(b, buildOnce(b, "tb"), "--db", path)
	host := strings.TrimPrefix(base, "http://")
	const clients = 8
	b.Run("GET-games", func(b *testing.B) {
		req := "GET /games HTTP/1.1\r\nHost: " + host + "\r\n\r\n"
		load(b, host, clients, func(int) (string, int) { return req, 1 })
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "requests/s")
	})
	b.Run("GET", func(b *testing.B) {
		reqs := make([]string, len(positions))
		for i, p := range positions {
			reqs[i] = "GET /domineering?no_solve=1&position=" + url.QueryEscape(p) + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n"
		}
		load(b, host, clients, func(i int) (string, int) { return reqs[i%len(reqs)], 1 })
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "probes/s")
	})
	b.Run("POST", func(b *testing.B) {
		const batch = 1000
		var reqs []string
		for i := 0; i+batch <= len(positions); i += batch {
			body := strings.Join(positions[i:i+batch], "\n")
			reqs = append(reqs, fmt.Sprintf("POST /domineering?no_solve=1 HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n\r\n%s", host, len(body), body))
		}
		load(b, host, clients, func(i int) (string, int) { return reqs[i%len(reqs)], batch })
		b.ReportMetric(float64(b.N*batch)/b.Elapsed().Seconds(), "probes/s")
	})
}

// load sends b.N requests over n connections to host, each request i
// (from req, with the number of answer lines it must bring) sent once the
// connection's last answer has been read.
func load(b *testing.B, host string, n int, req func(i int) (string, int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, n)
	b.ResetTimer()
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn, err := net.Dial("tcp", host)
			if err != nil {
				errs <- err
				return
			}
			defer conn.Close()
			r := bufio.NewReader(conn)
			for i := next.Add(1) - 1; i < int64(b.N); i = next.Add(1) - 1 {
				text, lines := req(int(i))
				if _, err := io.WriteString(conn, text); err != nil {
					errs <- err
					return
				}
				if err := readAnswer(r, lines); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	close(errs)
	if err := <-errs; err != nil {
		b.Fatal(err)
	}
}

// readAnswer reads one HTTP response of status 200 whose body, of a
// Content-Length, has lines lines (no more than the client needs: its
// cost is not the server's).
func readAnswer(r *bufio.Reader, lines int) error {
	status, err := r.ReadSlice('\n')
	if err != nil {
		return err
	}
	if !bytes.HasPrefix(status, []byte("HTTP/1.1 200 ")) {
		return fmt.Errorf("answer %q", status)
	}
	length := -1
	for {
		line, err := r.ReadSlice('\n')
		if err != nil {
			return err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		if name, value, ok := bytes.Cut(line, []byte(":")); ok && strings.EqualFold(string(name), "Content-Length") {
			length, _ = strconv.Atoi(strings.TrimSpace(string(value)))
		}
	}
	if length < 0 {
		return fmt.Errorf("an answer with no Content-Length")
	}
	n := 0
	for length > 0 {
		chunk, err := r.Peek(min(length, r.Size()))
		if err != nil {
			return err
		}
		n += bytes.Count(chunk, []byte("\n"))
		r.Discard(len(chunk))
		length -= len(chunk)
	}
	if n != lines {
		return fmt.Errorf("an answer of %d lines, not %d", n, lines)
	}
	return nil
}

// startServe starts tb serve with args on a free port and returns its
// base URL; the server is killed when the benchmark ends.
func startServe(b *testing.B, tb string, args ...string) string {
	cmd := exec.Command(tb, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := bufio.NewScanner(stderr)
	if !lines.Scan() || !strings.Contains(lines.Text(), "listening on http://") {
		b.Fatalf("tb serve's first line: %q", lines.Text())
	}
	_, addr, _ := strings.Cut(lines.Text(), "listening on ")
	go io.Copy(io.Discard, stderr)
	return strings.TrimSuffix(addr, "/")
}

// BenchmarkPython times the Python package (python/bench.py: t.probe one
// at a time, t.probe_many in one call, one core, median of five rounds)
// on the same positions as BenchmarkGo, over the library built here.
func BenchmarkPython(b *testing.B) {
	path, positions := benchPositions(b)
	dir := b.TempDir()
	lib := buildOnce(b, "c-shared")
	list := filepath.Join(dir, "positions.txt")
	if err := os.WriteFile(list, []byte(strings.Join(positions, "\n")+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		cmd := exec.Command("python3", "../../python/bench.py", path, list, "--rounds", "5", "--moves", "1000")
		cmd.Env = append(os.Environ(), "TB_LIBRARY="+lib, "PYTHONPATH=../../python")
		out, err := cmd.CombinedOutput()
		if err != nil {
			b.Fatalf("bench.py: %v\n%s", err, out)
		}
		for _, line := range strings.Split(string(out), "\n") {
			name, rest, ok := strings.Cut(line, " positions/s")
			if f := strings.Fields(name); ok && len(f) >= 2 && rest != "" {
				if rate, err := strconv.ParseFloat(f[len(f)-1], 64); err == nil {
					b.ReportMetric(rate, strings.Join(f[:len(f)-1], "-")+"/s")
				}
			}
		}
	}
}

// BenchmarkBatchStages times the parts of the batch path on the
// positions of BenchmarkGo, one core, each over all the positions a
// round: keying them (parse, components, canonical keys), looking their
// keys up (tablebase.File.LookupMany), and the whole of tb_probe_lines
// with its answers. Looked up alone, the keys and what they read stay in
// the processor's cache between rounds; in the whole path they share it
// with the positions and the answers, and the lookups take longer.
func BenchmarkBatchStages(b *testing.B) {
	path, positions := benchPositions(b)
	t, err := games.Open(path, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer t.Close()
	batch := newRegionBatch(t, t.File())
	if batch == nil {
		b.Fatal("no batch path")
	}
	s := new(batchScratch)
	var keys [][]byte
	for _, p := range positions {
		if k, ok := batch.keys(s, p, 0); ok {
			for _, v := range s.views[:k] {
				keys = append(keys, bytes.Clone(v))
			}
		}
	}
	found := make([]tablebase.Result, len(keys))
	h := &handle{t: t, f: t.File(), batch: batch}
	out := make([]cAnswer, len(positions))
	runAll := func() {
		runs := lineRuns{h: h, out: out}
		for _, p := range positions {
			runs.add([]byte(p))
		}
		runs.answer(true)
	}
	runAll()
	for _, c := range []struct {
		name string
		fn   func()
	}{
		{"keys", func() {
			for _, p := range positions {
				batch.keys(s, p, 0)
			}
		}},
		{"lookups", func() { t.File().LookupMany(keys, found) }},
		{"run", runAll},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				c.fn()
			}
			b.ReportMetric(float64(b.N*len(positions))/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
