package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/tablebase/tablebase/build/tasks"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

const solveHelp = `tb solve plan|run|status|combine|compact [options]

Splits a whole-board search into tasks that run anywhere, in any order,
any number of times (Slurm job arrays, Kubernetes Indexed Jobs), and
survive being stopped. DIR holds the plan, plan.json.gz, and in done/ a
log of the tasks each run solved (a JSON line a task); it may be
committed to git and carried on elsewhere. Directories of the older form
(plan.json, and done/K.json a task) are read and carried on too.

  tb solve plan GAME BOARD --dir DIR   probe and split the searches; again
                                       on DIR: repair with the results so far
  tb solve run --dir DIR (--task K | --shard I/N | --all)
  tb solve status --dir DIR            tasks done, work spent, estimate
  tb solve combine --dir DIR [--json]  the outcome class and the proof
  tb solve compact --dir DIR           the results in one log, the plan gzipped

Run 'tb solve STEP -h' for a step's options.`

// solveSteps are the steps of tb solve, each run on the arguments after
// its name.
func solveSteps() []command {
	return []command{
		{name: "plan", summary: "probe and split a whole-board search into tasks", run: func(args []string, _ io.Reader, _, stderr io.Writer) error {
			return solvePlan(args, stderr)
		}},
		{name: "run", summary: "solve tasks of a plan", run: func(args []string, _ io.Reader, stdout, stderr io.Writer) error {
			return solveRun(args, stdout, stderr)
		}},
		{name: "status", summary: "the tasks done, the work spent, an estimate", run: func(args []string, _ io.Reader, stdout, stderr io.Writer) error {
			return solveReport(args, stdout, stderr, false)
		}},
		{name: "combine", summary: "the outcome class and its proof from the tasks done", run: func(args []string, _ io.Reader, stdout, stderr io.Writer) error {
			return solveReport(args, stdout, stderr, true)
		}},
		{name: "compact", summary: "the results in one log, the plan gzipped", run: func(args []string, _ io.Reader, stdout, stderr io.Writer) error {
			return solveCompact(args, stdout, stderr)
		}},
	}
}

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	steps := solveSteps()
	names := make([]string, len(steps))
	for i, step := range steps {
		names[i] = step.name
	}
	want := strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	if len(args) == 0 {
		return fmt.Errorf("%w: name a step: %s (tb solve -h)", errUsage, want)
	}
	switch args[0] {
	case "-h", "--help", "help":
		fmt.Fprintf(stderr, "Usage: %s\n", solveHelp)
		return flag.ErrHelp
	}
	for _, step := range steps {
		if step.name == args[0] {
			return step.run(args[1:], stdin, stdout, stderr)
		}
	}
	return fmt.Errorf("%w: unknown step %q: want %s", errUsage, args[0], want)
}

// engineFlags are the options of the game's search. Those not 0 replace
// what a plan says.
type engineFlags struct {
	db             *string
	workers, known *int
	tableBits      *uint
}

func addEngineFlags(fs *flag.FlagSet) *engineFlags {
	return &engineFlags{
		db:        fs.String("db", "", "tablebase file the search reads small components' values from (default: as tb query --outcome-only finds it)"),
		workers:   fs.Int("workers", 0, "the cores the search uses (0: as the plan says; a new plan: 2)"),
		known:     fs.Int("known-cells", 0, "the largest components (in cells) replaced by their exact value (0: as the plan says; a new plan: the game's default)"),
		tableBits: fs.Uint("table-bits", 0, "log2 of the search's transposition table entries (0: as the plan says; a new plan: by the board)"),
	}
}

// check checks the options' ranges.
func (ef *engineFlags) check() error {
	switch {
	case *ef.workers < 0 || *ef.workers > 64:
		return fmt.Errorf("%w: --workers must be between 1 and 64", errUsage)
	case *ef.known < 0 || *ef.known > 64:
		return fmt.Errorf("%w: --known-cells must be between 0 and 64", errUsage)
	case *ef.tableBits != 0 && (*ef.tableBits < 16 || *ef.tableBits > 32):
		return fmt.Errorf("%w: --table-bits must be 0 or between 16 and 32", errUsage)
	}
	return nil
}

// apply returns the settings of a plan with the options given.
func (ef *engineFlags) apply(e tasks.Engine) tasks.Engine {
	e.Workers = cmp.Or(*ef.workers, e.Workers)
	e.KnownCells = cmp.Or(*ef.known, e.KnownCells)
	e.TableBits = cmp.Or(*ef.tableBits, e.TableBits)
	return e
}

// splitGame is a game's search as tasks see it, and how far its current
// search has got.
type splitGame struct {
	tasks.Game
	mu    sync.Mutex
	where string
}

// Where says where the current search is, in the game's words.
func (s *splitGame) Where() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.where
}

// setWhere records where the current search has got (its
// query.Config.Progress).
func (s *splitGame) setWhere(at query.Progress) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.where = at.Where
}

// share returns another search of s's game sharing its table, or false
// when the game's search cannot share one (tasks.Sharer).
func (s *splitGame) share() (*splitGame, bool) {
	sh, ok := s.Game.(tasks.Sharer)
	if !ok {
		return nil, false
	}
	o := &splitGame{}
	o.Game = sh.Share(o.setWhere)
	return o, true
}

// openSplit opens the named game's search for tasks, set up by e, with
// the tablebase file db, or the default one when db is "" and withFile
// is set. The returned function closes the file.
func openSplit(name string, e tasks.Engine, db string, withFile bool, stderr io.Writer) (*splitGame, func(), error) {
	g, err := lookupGame(name)
	if err != nil {
		return nil, nil, err
	}
	sp, ok := games.SplitterOf(g)
	if !ok {
		return nil, nil, fmt.Errorf("%w: %s: %v", errUsage, name, tasks.ErrUnsupported)
	}
	var f *tablebase.File
	switch {
	case db != "":
		if f, err = tablebase.Open(db); err != nil {
			return nil, nil, err
		}
	case withFile && g.Board().WholeBoard:
		f = openDefaultDB(g, stderr)
	}
	closeFile := func() {
		if f != nil {
			f.Close()
		}
	}
	s := &splitGame{}
	c := &query.Config{Workers: e.Workers, TableBits: e.TableBits, KnownCells: e.KnownCells, Progress: s.setWhere}
	if s.Game, err = sp.Tasks(f, c); err != nil {
		closeFile()
		if errors.Is(err, tasks.ErrUnsupported) {
			err = fmt.Errorf("%w: %v", errUsage, err)
		}
		return nil, nil, err
	}
	return s, closeFile, nil
}

// loadDir reads DIR's plan, opens its game's search (with a tablebase
// file when withFile) and checks the plan, then reads the results.
func loadDir(dir string, e *engineFlags, withFile bool, stderr io.Writer) (*tasks.Plan, *splitGame, func(), map[int]*tasks.Result, error) {
	p, err := tasks.ReadPlan(dir)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	settings, db := p.Engine, ""
	if e != nil {
		settings, db = e.apply(settings), *e.db
	}
	g, closeFile, err := openSplit(p.Game, settings, db, withFile, stderr)
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("%s: %w", dir, err)
	}
	if err := p.Check(g); err != nil {
		closeFile()
		return nil, nil, nil, nil, fmt.Errorf("%s: %w", dir, err)
	}
	results, err := tasks.ReadResults(dir, p)
	if err != nil {
		closeFile()
		return nil, nil, nil, nil, err
	}
	p.Engine = settings
	return p, g, closeFile, results, nil
}

func solvePlan(args []string, stderr io.Writer) error {
	fs := newFlagSet("solve plan", `tb solve plan GAME BOARD --dir DIR [options]

Plans the search of BOARD (rows of '.' and '#' separated by '|', or RxC for
an empty board; for a synchronized game, the question asked of both players
first: draw:8x8 or win:14x7; for three-player Domineering, the player asked
whether he can force a win and the players from the one to move:
X:XYZ:4x4x5) as tasks in DIR/plan.json.gz: one search for each player moving
first (one when the board equals its transpose or asks one question; or, with
--first, only that player's), each a proof tree of a claim (--claim). At the claimant's turn one candidate move
is tried (the first in the search's own order that its probe does not
refute); at the other's, every move. Each position is first probed for
--probe; one the probe decides is settled, the others are split, and at
--depth plies those left are tasks.

Run again on DIR (GAME and BOARD may be left out), it keeps every task
done and its id, drops pending tasks whose result no longer matters (with
--first, the other player's search), tries
the next candidate where one is refuted (where --tries are, a position
below the root becomes one task, searched over all the claimant's moves at
once), and with a larger --depth splits the pending tasks above it (new
tasks get new ids). Where a reply of the other player has refuted
candidates, it comes first among his moves at that ply: the position after
it is one task over all the claimant's moves (a killer task), which runs
take first (unless --killers=false). A position whose result is in
DIR/done (a task of a part of the tree dropped before, or reached by other
moves) is that task again, not a new one. Planning costs about one --probe
for each position of the tree: use a short one (or 0) with a large
--depth.`, stderr)
	dir := fs.String("dir", "", "the task directory (required)")
	depth := fs.Int("depth", 2, "plies below which positions not settled become tasks")
	probe := fs.Duration("probe", 2*time.Second, "how long each position is searched before it is split (0: no probes)")
	tries := fs.Int("tries", 3, "the candidates refuted at a claimant's position below the root before planning again makes it one task, searched over all his moves (0: no limit)")
	killers := fs.Bool("killers", true, "at the other player's turn, put first the reply that has refuted the most candidates at that ply, the position after it one task, run first")
	claim := fs.String("claim", "N", "the outcome class claimed: N (the first player wins), P, L or R; a wrong claim costs time, never a wrong answer")
	first := fs.String("first", "", "plan only the search with this player moving first, L or R, and drop the other's (default: both)")
	ef := addEngineFlags(fs)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if err := ef.check(); err != nil {
		return err
	}
	switch {
	case *dir == "":
		return fmt.Errorf("%w: --dir DIR is required", errUsage)
	case *depth < 0 || *depth > 64:
		return fmt.Errorf("%w: --depth must be between 0 and 64", errUsage)
	case *probe < 0:
		return fmt.Errorf("%w: --probe must not be negative", errUsage)
	case *tries < 0:
		return fmt.Errorf("%w: --tries must not be negative", errUsage)
	case len(pos) != 0 && len(pos) != 2:
		return fmt.Errorf("%w: name a game and a board", errUsage)
	case *first != "" && *first != "L" && *first != "R":
		return fmt.Errorf("%w: --first must be L or R", errUsage)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	var p *tasks.Plan
	var g *splitGame
	var closeFile func()
	results := map[int]*tasks.Result{}
	if tasks.HasPlan(*dir) {
		if p, g, closeFile, results, err = loadDir(*dir, ef, true, stderr); err != nil {
			return err
		}
		defer closeFile()
		if len(pos) == 2 {
			b, err := g.Board(pos[1])
			if pos[0] != p.Game || err != nil || b != p.Board {
				return fmt.Errorf("%w: %s holds the plan of %s %s; give another --dir for another board", errUsage, *dir, p.Game, p.Board)
			}
		}
		if set["claim"] && *claim != p.Claim {
			return fmt.Errorf("%w: %s claims %s; give another --dir for another claim", errUsage, *dir, p.Claim)
		}
		if !set["depth"] {
			*depth = p.Depth
		}
		if !set["probe"] {
			*probe, _ = time.ParseDuration(p.Probe)
		}
		if !set["tries"] {
			*tries = p.Tries
		}
		if !set["killers"] {
			*killers = !p.NoKillers
		}
	} else {
		if len(pos) != 2 {
			return fmt.Errorf("%w: name a game and a board (%s has no plan yet)", errUsage, *dir)
		}
		e := ef.apply(tasks.Engine{Workers: 2})
		if g, closeFile, err = openSplit(pos[0], e, *ef.db, true, stderr); err != nil {
			return err
		}
		defer closeFile()
		if p, err = tasks.NewPlan(g, pos[0], pos[1], *claim, e); err != nil {
			return fmt.Errorf("%w: %v", errUsage, err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	pl := tasks.Planner{Game: g, Depth: *depth, Probe: *probe, Tries: *tries, NoKillers: !*killers, First: *first, Log: stderr}
	grown, err := pl.Grow(ctx, p, results)
	if err != nil {
		if errors.Is(err, tasks.ErrFirst) {
			err = fmt.Errorf("%w: %s: %v; give another --dir", errUsage, *dir, err)
		}
		return err
	}
	if err := tasks.WritePlan(*dir, p); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "tb solve plan: %s: %d positions probed, %d settled while planning (%d nodes, %s, %s of CPU); "+
		"%d tasks (%d new, %d done before, %d to run, %d dropped) up to id %d\n",
		*dir, grown.Probes, grown.Settled, grown.Cost.Nodes, time.Duration(grown.Cost.Seconds*1e9).Round(time.Millisecond),
		time.Duration(grown.Cost.CPUSeconds*1e9).Round(time.Millisecond), grown.Tasks, grown.New, grown.Reused, grown.Pending, grown.Dropped, p.NextTask-1)
	return nil
}

func solveRun(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("solve run", `tb solve run --dir DIR (--task K | --shard I/N | --all) [options]

Solves the tasks of DIR not done yet (shard I of N: those whose id is I
modulo N), killer tasks first, then in the order of the plan's trees
(depth first; id order in a plan made once), recording each result as
soon as it is found: a line appended to the run's own log,
DIR/done/HOST-PID.jsonl, and synced. A task done is skipped, and one whose
result has stopped mattering is left alone. With --jobs N, N tasks are
searched at once, each by a search of its own (of --workers cores), all
sharing one table, the next task going to the first search free; a task
being searched is abandoned as soon as the results decide a position above
it. SIGINT or SIGTERM stops the run: the tasks being searched are
abandoned, the others are kept. With --until-refuted the run also stops
once a candidate is refuted where it matters (tasks being searched then
are searched to the end), so that a loop of tb solve plan and tb solve run
goes depth first:

  until tb solve combine --dir DIR >/dev/null; do
    tb solve plan --dir DIR && tb solve run --dir DIR --all --until-refuted
  done`, stderr)
	dir := fs.String("dir", "", "the task directory (required)")
	task := fs.Int("task", 0, "solve task K alone")
	shard := fs.String("shard", "", "solve shard I/N")
	all := fs.Bool("all", false, "solve every task")
	showProgress := fs.Bool("progress", false, "every 10 seconds, print how far the task being searched has got")
	untilRefuted := fs.Bool("until-refuted", false, "stop once a candidate is refuted at a position whose result matters, for tb solve plan to try the next")
	jobs := fs.Int("jobs", 1, "the tasks searched at once, each by a search of its own sharing one table, the next task going to the first search free")
	ef := addEngineFlags(fs)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if err := ef.check(); err != nil {
		return err
	}
	if *jobs < 1 || *jobs > 64 {
		return fmt.Errorf("%w: --jobs must be between 1 and 64", errUsage)
	}
	picked := 0
	for _, given := range []bool{*task != 0, *shard != "", *all} {
		if given {
			picked++
		}
	}
	var sel tasks.Selection
	switch {
	case *dir == "":
		return fmt.Errorf("%w: --dir DIR is required", errUsage)
	case len(pos) > 0:
		return fmt.Errorf("%w: unexpected %q (the plan names the game and the board)", errUsage, pos[0])
	case picked != 1:
		return fmt.Errorf("%w: give one of --task K, --shard I/N or --all", errUsage)
	case *shard != "":
		if sel, err = tasks.ParseShard(*shard); err != nil {
			return fmt.Errorf("%w: %v", errUsage, err)
		}
	case !*all:
		sel.Task = *task
	}
	p, g, closeFile, _, err := loadDir(*dir, ef, true, stderr)
	if err != nil {
		return err
	}
	defer closeFile()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opts := tasks.RunOptions{Workers: p.Engine.Workers, Log: stderr, UntilRefuted: *untilRefuted}
	for range *jobs - 1 {
		other, ok := g.share()
		if !ok {
			return fmt.Errorf("%w: --jobs: %s's search cannot share its table with another (give --workers instead)", errUsage, p.Game)
		}
		opts.Others = append(opts.Others, other)
	}
	if *showProgress {
		opts.Progress = 10 * time.Second
	}
	start := time.Now()
	ran, err := tasks.Run(ctx, *dir, p, g, sel, opts)
	fmt.Fprintf(stdout, "%s: %d tasks selected: %d solved now (%d nodes, %.1f s of CPU), %d done before, %d no longer needed; %v\n",
		*dir, ran.Selected, ran.Solved, ran.Cost.Nodes, ran.Cost.CPUSeconds, ran.Skipped, ran.Unneeded, time.Since(start).Round(time.Millisecond))
	if ran.Refuted != "" {
		fmt.Fprintf(stdout, "%s: stopped: a candidate is refuted at %s (tb solve plan tries the next)\n", *dir, ran.Refuted)
	}
	return err
}

func solveReport(args []string, stdout, stderr io.Writer, combine bool) error {
	synopsis := `tb solve status --dir DIR

Says how far the tasks of DIR have got: for each root what is decided, the
tasks done and needed, the work spent, the slowest task, and a crude
estimate of the work left.`
	if combine {
		synopsis = `tb solve combine --dir DIR [--json]

Combines the results of DIR's tasks: the board's outcome class (L, R, N or
P, with what it means where the game says more) when both players moving
first are decided (of a plan of one player moving first, his result), else
what is decided so far; and each root's proof: its claim, the main line, its
depth, the positions settled while planning and by tasks, the nodes and CPU
time. Exit status 1 while the plan's question is not answered.`
	}
	fs := newFlagSet("solve", synopsis, stderr)
	dir := fs.String("dir", "", "the task directory (required)")
	asJSON := fs.Bool("json", false, "write the summary as JSON")
	if err := parseDirOnly(fs, dir, args); err != nil {
		return err
	}
	p, g, closeFile, results, err := loadDir(*dir, nil, false, stderr)
	if err != nil {
		return err
	}
	defer closeFile()
	s := tasks.Summarize(p, results)
	s.Tell(g.Game)
	switch {
	case *asJSON:
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", " ")
		if err := enc.Encode(s); err != nil {
			return err
		}
	case combine:
		s.WriteProof(stdout)
	default:
		s.WriteStatus(stdout)
	}
	if combine && !s.Decided() {
		return fmt.Errorf("%s: the outcome is not decided yet: see tb solve status --dir %s", *dir, *dir)
	}
	return nil
}

// parseDirOnly parses the options of a tb solve command that takes no
// arguments, only options, of which --dir (dir) is required.
func parseDirOnly(fs *flag.FlagSet, dir *string, args []string) error {
	pos, err := parseInterleaved(fs, args)
	switch {
	case err != nil:
		return err
	case *dir == "":
		return fmt.Errorf("%w: --dir DIR is required", errUsage)
	case len(pos) > 0:
		return fmt.Errorf("%w: unexpected %q", errUsage, pos[0])
	}
	return nil
}

func solveCompact(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("solve compact", `tb solve compact --dir DIR

Rewrites DIR in few files: every result in done/ (the logs of the runs,
the files done/K.json of the older form, one a task, and an older plain
done/results.jsonl) into one gzip-compressed log, done/results.jsonl.gz,
a JSON line a task in id order, and the older form's plan.json into
plan.json.gz. The files replaced are removed only once the
new ones are written, synced and read back alike; run again, it changes
nothing. tb solve status and combine answer the same before and after.
Run it while no tb solve run or plan writes to DIR: a run's results
appended meanwhile to a log it removes would be lost (their tasks run
again).`, stderr)
	dir := fs.String("dir", "", "the task directory (required)")
	if err := parseDirOnly(fs, dir, args); err != nil {
		return err
	}
	// Read and checked as combine reads it: a directory it cannot
	// combine is left alone.
	p, _, closeFile, _, err := loadDir(*dir, nil, false, stderr)
	if err != nil {
		return err
	}
	closeFile()
	c, err := tasks.Compact(*dir, p)
	if err != nil {
		return err
	}
	if !c.Changed() {
		fmt.Fprintf(stdout, "%s: compact already: %d results in %s, the plan in %s\n",
			*dir, c.Results, filepath.Join(tasks.DoneDir, tasks.CompactLog), tasks.PlanFile)
		return nil
	}
	fmt.Fprintf(stdout, "%s: %d results from %d files", *dir, c.Results, c.Files)
	if c.Torn > 0 {
		fmt.Fprintf(stdout, " (%d ending in a line cut short, left out)", c.Torn)
	}
	if c.Rewrote {
		fmt.Fprintf(stdout, " into %s (%d bytes, of %d bytes of JSON lines)", filepath.Join(tasks.DoneDir, tasks.CompactLog), c.LogBytes, c.LogPlainBytes)
	}
	if c.Gzipped {
		fmt.Fprintf(stdout, "; %s (%d bytes) into %s (%d bytes)", tasks.OldPlanFile, c.PlainBytes, tasks.PlanFile, c.PlanBytes)
	}
	fmt.Fprintf(stdout, "; %d files removed\n", c.Removed)
	return nil
}
