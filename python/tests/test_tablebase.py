"""Tests of the tablebase package against `tb query`.

    python3 -m unittest discover -s python/tests -v

They build small tablebase files with the tb binary (TB_BINARY, else built
with go build) and compare the package's answers on positions drawn by
random play (tb query --moves) with tb query's JSON. The C library is
TB_LIBRARY, else built with go build -buildmode=c-shared; the package is
the one beside this directory (python/tablebase), not an installed one.
Standard library only.
"""

import concurrent.futures
import json
import os
import pickle
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.dirname(HERE)
ROOT = os.path.dirname(PYTHON_DIR)
sys.path.insert(0, PYTHON_DIR)

import bench  # noqa: E402  (python/bench.py: random Domineering regions)

tablebase = None  # imported by setUpModule, once TB_LIBRARY is known
TMP = None
TB = None

# name: (game, build options, roots of the random walks)
FILES = {
    "d12": ("domineering", ["--max-cells", "12"],
            ["....|....|....", "......|......", "...|...|...|...", "#...#|.....|#...#"]),
    "d8": ("domineering", ["--max-cells", "8"], ["....|....", "..#|...|..."]),
    "xt6": ("xt-domineering", ["--max-cells", "6"], ["...|...", "..|..|..", "......"]),
    "c8": ("cram", ["--max-cells", "8"], ["....|....", "...|...|..", "..#|...|..."]),
    "cl5": ("clobber", ["--max-cells", "5"], ["xox|o.x", "xoxox", "ox|xo", "xo.ox|....o"]),
    "b223": ("domineering3d", ["--board", "2x2x3"], ["2x2x3"]),
    "s33": ("sync-domineering", ["--board", "3x3"], ["...|...|..."]),
    "st34": ("sync-triomineering", ["--board", "3x4"], ["....|....|...."]),
    "t4": ("ttt3d", ["--n", "3", "--max-plies", "4"], ["." * 27]),
    "k6": ("konane", ["--max-cells", "6"], ["xo.o.|.x...", "xox.|o.o."]),
    "tf7": ("toads-and-frogs", ["--max-cells", "7"], ["TT.F.F|T..F", "T.TF.F"]),
    "sn6": ("snort", ["--max-cells", "6"], ["...|.x.", "......"]),
    "co6": ("col", ["--max-cells", "6"], ["...|.o.", "......"]),
    "td6": ("toppling-dominoes", ["--max-cells", "6"], ["xoxgo|oox", "gxoxog"]),
    "am": ("amazons", ["--max-cells", "6"], ["x..|..o", "x.#.|..o."]),
}
SYNC = ("sync-domineering", "sync-triomineering")
# TB_SHORT (set by go test -short): shallower random walks, fewer random
# regions in the batch and thread tests, 3D tic-tac-toe to 3 plies, not 4,
# and a three-player solver of 2^16 table entries, not 2^24 (384 MiB to
# clear), in tb build and tb query of domineering3d: the same file and
# answers, sooner. The games whose answers have the fields of one kept
# (xt-domineering, Konane, Toads and Frogs, Snort, Col, Toppling Dominoes
# and Amazons as Domineering and Clobber; sync-triomineering as
# sync-domineering) are left to the full run, and their tests skip. The
# files keep their names, which seed their walks.
SHORT = bool(os.environ.get("TB_SHORT"))
WALK_DEPTH = 3 if SHORT else 12
RANDOM_REGIONS = 1000 if SHORT else 3000  # test_random_regions
THREAD_REGIONS = 500 if SHORT else 2000  # test_one_handle_many_threads
TABLE_3D = ["--table-bits", "16"] if SHORT else []  # domineering3d's solver
if SHORT:
    for name in ("xt6", "st34", "k6", "tf7", "sn6", "co6", "td6", "am"):
        del FILES[name]
    FILES["b223"] = ("domineering3d", ["--board", "2x2x3"] + TABLE_3D, ["2x2x3"])
    FILES["t4"] = ("ttt3d", ["--n", "3", "--max-plies", "3"], ["." * 27])
# A 12-cell region whose value is longer than tb_answer.value holds.
LONG_VALUE = "..##|#..#|....|#...|##.#"

DB = {}  # name -> path
SAMPLES = {}  # name -> {position: tb query --moves --no-solve JSON}


def go_build(args, what):
    proc = subprocess.run(["go", "build"] + args, cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if proc.returncode != 0:
        raise RuntimeError("go build %s: %s" % (what, proc.stdout.decode()))


def setUpModule():
    global tablebase, TMP, TB
    TMP = tempfile.mkdtemp(prefix="tablebase-py-")
    TB = os.environ.get("TB_BINARY")
    if not TB:
        TB = os.path.join(TMP, "tb")
        go_build(["-o", TB, "./cmd/tb"], "tb")
    for name in FILES:
        DB[name] = os.path.join(TMP, name + ".db")

    def prepare(name):
        game, options, roots = FILES[name]
        run([TB, "build", game] + options + ["--db", DB[name]])
        return random_walks(name, game, roots, random.Random(name), depth=WALK_DEPTH)

    # The files are built and walked at once, each by its own tb processes,
    # while go build makes the C library where TB_LIBRARY names none.
    with concurrent.futures.ThreadPoolExecutor(max_workers=(os.cpu_count() or 2) + 1) as pool:
        library = None
        if not os.environ.get("TB_LIBRARY"):
            lib = os.path.join(TMP, "libtb.so")
            library = pool.submit(go_build, ["-buildmode=c-shared", "-o", lib, "./cmd/libtb"], "libtb")
        for name, samples in zip(FILES, pool.map(prepare, FILES)):
            SAMPLES[name] = samples
        if library:
            library.result()
            os.environ["TB_LIBRARY"] = lib
    import tablebase as tb
    tablebase = tb


def tearDownModule():
    if TMP:
        shutil.rmtree(TMP, ignore_errors=True)


def run(args, stdin=None, ok=(0,)):
    proc = subprocess.run(args, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode not in ok:
        raise RuntimeError("%s: exit %d: %s" % (" ".join(args), proc.returncode, proc.stderr.decode()))
    return proc.stdout.decode()


def query(name, positions, *flags, solve=False, db=True):
    """tb query's JSON answers for positions of the game of file name."""
    game = FILES[name][0]
    args = [TB, "query"] + (["--db", DB[name]] if db else []) + ([] if solve else ["--no-solve"])
    if game == "domineering3d":
        args += TABLE_3D
    out = run(args + list(flags) + [game], stdin="\n".join(positions).encode(), ok=(0, 1))
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(positions), (len(answers), len(positions))
    return answers


def merge(a, b):
    """The position after two simultaneous moves (sync games)."""
    return "".join("#" if "#" in (x, y) else x for x, y in zip(a, b))


def random_walks(name, game, roots, rng, walks=16, depth=12):
    """Positions of the file name drawn by random play from roots: each
    with tb query --no-solve's JSON answers, without and with --moves (the
    latter an error where the file lacks a position after a move). The
    synchronized games play a move of each player at once, domineering3d
    its players in a turn order drawn for each walk."""
    seen = {}
    current = [(rng.choice(roots), rng.choice(("XYZ", "XZY")), 0) for _ in range(walks)]
    for _ in range(depth):
        if not current:
            break
        following = []
        positions = [p for p, _, _ in current]
        answers = list(zip(query(name, positions), query(name, positions, "--moves")))
        solved = {}
        if game == "domineering3d":
            # Some moves lead to boards no turn order reaches, which the
            # file lacks: the moves of the solved answer, in one tb query.
            lacking = sorted({p for p, (a, b) in zip(positions, answers) if "error" not in a and "error" in b})
            if lacking:
                solved = dict(zip(lacking, query(name, lacking, "--moves", solve=True)))
        for (position, order, turn), (a, b) in zip(current, answers):
            if "error" in a:
                continue
            seen[position] = (a, b)
            moves = b.get("moves") or []
            if position in solved:
                moves = solved[position].get("moves") or []
            if game in SYNC:
                v = [m["position"] for m in moves if m["player"] == "V"]
                h = [m["position"] for m in moves if m["player"] == "H"]
                if v and h:
                    following.append((merge(rng.choice(v), rng.choice(h)), order, turn + 1))
            elif game == "domineering3d":
                for k in range(3):
                    mine = [m for m in moves if m["player"] == order[(turn + k) % 3]]
                    if mine:
                        following.append((rng.choice(mine)["position"], order, turn + k + 1))
                        break
            elif moves:
                following.append((rng.choice(moves)["position"], order, turn + 1))
        current = following
    return seen


def nim_of(value):
    """The nim-value a value written 0, * or *n is, else None."""
    if value == "0":
        return 0
    if value == "*":
        return 1
    if value and re.fullmatch(r"\*([2-9]|[1-9][0-9]+)", value):
        return int(value[1:])
    return None


def expected_answer(j):
    """The Answer fields tb query's JSON j gives."""
    return {
        "outcome": j.get("outcome"),
        "value": j.get("value"),
        "nim": nim_of(j.get("value")),
        "result": j.get("result"),
        "distance": j.get("distance"),
        "outcomes": j.get("outcomes"),
        "source": j.get("source"),
        "error": None,
    }


def expected_moves(j):
    return [(m.get("player"), m["move"], m["position"], m.get("result"), m.get("distance"),
             m.get("outcome"), m["value"][:63] if "value" in m else None)
            for m in j.get("moves") or []]


class TestAgainstQuery(unittest.TestCase):
    """Every game: probe, probe_many, solve, moves and json against tb query."""

    def check_file(self, name):
        if name not in FILES:
            self.skipTest("TB_SHORT: %s is left to the full run" % name)
        samples = SAMPLES[name]
        self.assertGreater(len(samples), 5, "too few positions drawn for %s" % name)
        positions = sorted(samples)
        with tablebase.open(DB[name]) as t:
            self.assertEqual(t.game, FILES[name][0])
            solved = dict(zip(positions, query(name, positions, solve=True)))
            for p in positions:
                j, jm = samples[p]
                with self.subTest(file=name, position=p):
                    a = t.probe(p)
                    self.assertIsInstance(a, tablebase.Answer)
                    want = expected_answer(j)
                    self.assertEqual(a.to_dict(), {k: v for k, v in want.items() if v is not None})
                    for field, v in want.items():
                        self.assertEqual(getattr(a, field), v, field)
                    self.assertEqual(t.json(p), j)
                    self.assertEqual(t.solve(p), tablebase.Answer(**expected_answer(solved[p])))
                    if "error" in jm:
                        # The file lacks a position after a move.
                        with self.assertRaises(tablebase.NotStored) as e:
                            t.moves(p)
                        self.assertEqual(str(e.exception), jm["error"])
                        self.assertEqual(t.json(p, moves=True, strict=False), jm)
                        continue
                    moves = t.moves(p)
                    self.assertEqual([tuple(m[:5]) + tuple(m[6:]) for m in moves], expected_moves(jm))
                    best = [(m.player, m.move) for m in moves if m.best]
                    self.assertEqual(best, [(b.get("player"), b["move"]) for b in jm.get("best", [])])
                    for m in moves:
                        self.assertIsInstance(m, tablebase.Move)
                        self.assertIsInstance(m.best, bool)
                    self.assertEqual(t.json(p, moves=True), jm)
            many = t.probe_many(positions)
            self.assertEqual(many, [t.probe(p) for p in positions])
            self.assertEqual(t.probe_many(tuple(positions)), many)
            self.assertEqual(t.probe_many(iter(positions)), many)

    def test_domineering(self):
        self.check_file("d12")

    def test_xt_domineering(self):
        self.check_file("xt6")

    def test_cram(self):
        self.check_file("c8")
        nims = {tablebase.open(DB["c8"]).probe(p).nim for p in SAMPLES["c8"]}
        self.assertNotIn(None, nims)

    def test_clobber(self):
        self.check_file("cl5")

    def test_domineering3d(self):
        self.check_file("b223")

    def test_sync_domineering(self):
        self.check_file("s33")

    def test_sync_triomineering(self):
        self.check_file("st34")

    def test_ttt3d(self):
        self.check_file("t4")

    def test_konane(self):
        self.check_file("k6")

    def test_toads_and_frogs(self):
        self.check_file("tf7")

    def test_snort(self):
        self.check_file("sn6")

    def test_col(self):
        self.check_file("co6")

    def test_toppling_dominoes(self):
        self.check_file("td6")

    def test_amazons(self):
        self.check_file("am")

    def test_file_facts(self):
        for name in ("d8", "t4", "b223"):
            verify = run([TB, "verify", DB[name]])
            content = re.search(r"content ([0-9a-f]{16})", verify).group(1)
            version = int(re.search(r"format (\d+)", verify).group(1))
            with tablebase.open(DB[name]) as t:
                self.assertEqual(t.content_hash, content)
                self.assertEqual(t.format_version, version)
                self.assertEqual(t.json(FILES[name][2][0])["file"], content)
                self.assertEqual(t.path, DB[name])
                self.assertIn(FILES[name][0], repr(t))

    def test_long_value(self):
        # A value longer than tb_answer.value: fetched whole.
        j = query("d12", [LONG_VALUE])[0]
        self.assertGreaterEqual(len(j["value"]), 64)
        with tablebase.open(DB["d12"]) as t:
            self.assertEqual(t.probe(LONG_VALUE).value, j["value"])
            self.assertEqual(t.solve(LONG_VALUE).value, j["value"])
            many = t.probe_many(["..|..", LONG_VALUE, "...|..."])
            self.assertEqual(many[1].value, j["value"])
            self.assertEqual(many[1].outcome, j["outcome"])
            self.assertEqual(many[0].value, "+-1")

    def test_random_regions(self):
        # Many random regions, as the benchmark draws them, in one batch.
        rng = random.Random(7)
        positions = [bench.random_position(rng, 12, 2) for _ in range(RANDOM_REGIONS)]
        with tablebase.open(DB["d12"]) as t:
            many = t.probe_many(positions)
        want = query("d12", positions)
        for p, a, j in zip(positions, many, want):
            self.assertEqual(a.to_dict(), {k: v for k, v in expected_answer(j).items() if v is not None}, p)


class TestValue(unittest.TestCase):
    """The calculator over values, as tb value --json."""

    def test_against_tb_value(self):
        for expr in ["^+^+*", "{1|0}", "{2|-1/2} + *", "^ > 0", "* || 0", "+-1 + +-1"]:
            with self.subTest(expr=expr):
                out = subprocess.run([TB, "value", "--json", expr], stdout=subprocess.PIPE, check=True).stdout
                self.assertEqual(tablebase.value(expr), json.loads(out))

    def test_errors(self):
        with self.assertRaises(tablebase.ArgumentError):
            tablebase.value("{1|")
        self.assertIn("error", tablebase.value("{1|", strict=False))
        with self.assertRaises(tablebase.TooLarge):
            tablebase.value("{4|-4} + {5|-5} + {6|-6} + ^*7 + {7|-7} + {9|-9} + {11|-11}", max_forms=50)


class TestPositions(unittest.TestCase):
    """Iterating over a file's stored positions."""

    def test_every_stored_position(self):
        for name in ("d8", "xt6", "c8", "cl5", "k6", "tf7", "sn6", "co6", "td6", "am"):
            if name not in FILES:
                continue
            with self.subTest(file=name), tablebase.open(DB[name]) as t:
                out = subprocess.run([TB, "verify", DB[name]], stdout=subprocess.PIPE, check=True).stdout.decode()
                stored = int(re.search(r"ok: \S+, format \d+: (\d+) positions", out).group(1))
                seen = {}
                for position, a in t.positions():
                    self.assertNotIn(position, seen)
                    seen[position] = a
                    self.assertEqual(a, t.probe(position), position)
                self.assertEqual(len(seen), stored)

    def test_unsupported(self):
        with tablebase.open(DB["t4"]) as t, self.assertRaises(tablebase.Unsupported):
            next(t.positions())
        with tablebase.open_game("domineering") as g, self.assertRaises(tablebase.Unsupported):
            next(g.positions())

    def test_stop_early(self):
        with tablebase.open(DB["d12"]) as t:
            first = [p for p, _ in zip(t.positions(), range(3))]
            self.assertEqual(len(first), 3)


class TestSolving(unittest.TestCase):

    def test_sum(self):
        # A sum across games: +-1 + * + * (Domineering 2x2, Clobber xo,
        # Cram 1x3); each move names its part.
        with tablebase.open_game("sum") as g:
            a = g.solve("domineering:..|.. + clobber:xo + cram:...")
            self.assertEqual((a.value, a.outcome), ("+-1", "N"))
            moves = g.moves("domineering:..|.. + clobber:xo + cram:...", solve=True)
            best = [m for m in moves if m.best]
            self.assertEqual(sorted(m.move.split(":")[0] for m in best), ["1", "1"])
            with self.assertRaises(tablebase.BadPosition):
                g.solve("domineering:..|.. + chess:e4")

    def test_open_game(self):
        with tablebase.open_game("domineering") as g:
            self.assertEqual(g.game, "domineering")
            self.assertIsNone(g.content_hash)
            self.assertIsNone(g.format_version)
            self.assertIsNone(g.path)
            with self.assertRaises(tablebase.NotStored):
                g.probe("..|..")
            a = g.probe_many(["..|.."])[0]
            self.assertIsInstance(a.error, tablebase.NotStored)
            positions = ["...|...|...", "....|....|....", "..#|...|..."]
            for p, j in zip(positions, query("d12", positions, solve=True, db=False)):
                a = g.solve(p)
                self.assertEqual(a.source, "solved")
                self.assertEqual((a.value, a.outcome), (j["value"], j["outcome"]))
            moves = g.moves("...|...|...", solve=True)
            j = query("d12", ["...|...|..."], "--moves", solve=True, db=False)[0]
            self.assertEqual([tuple(m[:5]) + tuple(m[6:]) for m in moves], expected_moves(j))
            self.assertEqual(g.json("...|...|...", solve=True)["value"], j["value"])
            with self.assertRaises(tablebase.NotStored):
                g.moves("...|...|...")

    def test_solve_beyond_the_file(self):
        with tablebase.open(DB["d8"]) as t:
            p = "....|....|...."
            with self.assertRaises(tablebase.NotStored):
                t.probe(p)
            j = query("d8", [p], solve=True)[0]
            a = t.solve(p)
            self.assertEqual((a.value, a.outcome, a.source), (j["value"], j["outcome"], "solved"))
            self.assertEqual(t.json(p, solve=True, details=True),
                             query("d8", [p], "--details", solve=True)[0])

    def test_budget(self):
        with tablebase.open(DB["d8"]) as t:
            with self.assertRaises(tablebase.TooLarge) as e:
                t.solve("......|......|......", max_cells=10)
            self.assertIn("too large", str(e.exception))
            with self.assertRaises(tablebase.TooLarge):
                t.moves("......|......|......", max_cells=10)
        with tablebase.open_game("domineering") as g:
            with self.assertRaises(tablebase.Timeout) as e:
                g.solve("......|......|......|......|......|......", timeout=0.05)
            self.assertIsInstance(e.exception, TimeoutError)


class TestErrors(unittest.TestCase):

    def setUp(self):
        self.t = tablebase.open(DB["d8"])

    def tearDown(self):
        self.t.close()

    def test_bad_position(self):
        for p in ("abc", "..|...", "", "..\n..", "x" * 70000):
            with self.subTest(position=p[:10]):
                with self.assertRaises(tablebase.BadPosition) as e:
                    self.t.probe(p)
                self.assertIsInstance(e.exception, ValueError)
                self.assertIsInstance(e.exception, tablebase.Error)
                self.assertEqual(e.exception.position, p)
                self.assertEqual(e.exception.code, 1)
        j = query("d8", ["abc"])[0]
        with self.assertRaises(tablebase.BadPosition) as e:
            self.t.probe("abc")
        self.assertEqual(str(e.exception), j["error"])
        with self.assertRaises(tablebase.BadPosition):
            self.t.moves("abc")
        with self.assertRaises(tablebase.BadPosition):
            self.t.solve("abc")
        with self.assertRaises(tablebase.BadPosition):
            self.t.json("abc")
        self.assertEqual(self.t.json("abc", strict=False), j)
        with self.assertRaises(TypeError):
            self.t.probe(None)

    def test_not_stored(self):
        p = "....|....|...."
        j = query("d8", [p])[0]
        with self.assertRaises(tablebase.NotStored) as e:
            self.t.probe(p)
        self.assertEqual(str(e.exception), j["error"])
        self.assertIsInstance(e.exception, KeyError)
        with self.assertRaises(tablebase.NotStored):
            self.t.moves(p)
        # The positions after a stored position's moves must be stored too.
        with self.assertRaises(tablebase.NotStored):
            self.t.moves("...|...|...")

    def test_probe_many_errors(self):
        positions = ["..|..", "abc", "....|....|....", "", "..\n..", "...|...", "\r"]
        many = self.t.probe_many(positions)
        self.assertEqual(len(many), len(positions))
        self.assertEqual(many[0], self.t.probe("..|.."))
        self.assertEqual(many[5], self.t.probe("...|..."))
        for i, cls in ((1, tablebase.BadPosition), (2, tablebase.NotStored), (3, tablebase.BadPosition),
                       (4, tablebase.BadPosition), (6, tablebase.BadPosition)):
            self.assertIsInstance(many[i].error, cls, i)
            self.assertFalse(many[i].ok)
            self.assertIsNone(many[i].outcome)
            self.assertEqual(many[i].error.position, positions[i])
        self.assertEqual(str(many[2].error), query("d8", ["....|....|...."])[0]["error"])
        # A NUL ends a C string: such a position is refused, not cut short.
        many = self.t.probe_many(["..|..", "..\0..", "...|..."])
        self.assertIsInstance(many[1].error, tablebase.BadPosition)
        self.assertEqual([many[0], many[2]], [self.t.probe("..|.."), self.t.probe("...|...")])
        for call in (self.t.probe, self.t.solve, self.t.moves, self.t.json):
            with self.assertRaises(tablebase.BadPosition):
                call("..\0..")
        with self.assertRaises(tablebase.NotStored) as e:
            self.t.probe_many(["..|..", "....|....|....", "abc"], strict=True)
        self.assertEqual(e.exception.index, 1)
        self.assertEqual(self.t.probe_many([]), [])

    def test_files(self):
        with self.assertRaises(tablebase.FileError) as e:
            tablebase.open(os.path.join(TMP, "missing.db"))
        self.assertIsInstance(e.exception, OSError)
        self.assertIn("missing.db", str(e.exception))
        with self.assertRaises(tablebase.FileError):
            tablebase.open(__file__)
        with self.assertRaises(tablebase.ArgumentError) as e:
            tablebase.open_game("chess")
        self.assertIsInstance(e.exception, ValueError)
        # A directory is no file, not a damaged one.
        with self.assertRaises(tablebase.FileError) as e:
            tablebase.open(TMP)
        self.assertNotIsInstance(e.exception, tablebase.Damaged)
        self.assertIn("is a directory", str(e.exception))

    def test_game(self):
        # game= refuses a file of another game, as tb query --db FILE GAME.
        with tablebase.open(DB["c8"], game="cram") as t:
            self.assertEqual(t.game, "cram")
            self.assertEqual(t.probe("...|...").nim, tablebase.open(DB["c8"]).probe("...|...").nim)
        with self.assertRaises(tablebase.FileError) as e:
            tablebase.open(DB["c8"], game="domineering")
        proc = subprocess.run([TB, "query", "--db", DB["c8"], "domineering", "..|.."],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.assertEqual(proc.returncode, 1)
        self.assertEqual("tb query: %s\n" % e.exception, proc.stderr.decode())
        with self.assertRaises(tablebase.ArgumentError) as e:
            tablebase.open(DB["c8"], game="chess")
        self.assertIn("unknown game", str(e.exception))
        with self.assertRaises(tablebase.ArgumentError):
            tablebase.open(DB["c8"], game="")
        with self.assertRaises(tablebase.FileError):
            tablebase.open(os.path.join(TMP, "missing.db"), game="cram")

    def test_damaged(self):
        # Damage a copy of the file at one place after another; wherever
        # tb verify finds the damage, opening or probing must raise Damaged
        # or FileError (never crash, never answer otherwise than tb query).
        rng = random.Random(11)
        positions = [bench.random_position(rng, 8, 0) for _ in range(3000)]
        good = os.path.join(TMP, "d8.db")
        size = os.path.getsize(good)
        found = 0
        for offset in range(2 * 4096, size, 2048):
            bad = os.path.join(TMP, "damaged.db")
            shutil.copyfile(good, bad)
            with open(bad, "r+b") as f:
                f.seek(offset)
                f.write(b"\x5a" * 16)
            if subprocess.run([TB, "verify", bad], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0:
                continue
            found += 1
            with self.subTest(offset=offset):
                try:
                    t = tablebase.open(bad)
                except tablebase.Error as e:
                    self.assertIsInstance(e, tablebase.FileError)  # Damaged is one
                    self.assertLessEqual(str(e).count("damaged tablebase file"), 1, str(e))
                    continue
                with t:
                    errors = [a.error for a in t.probe_many(positions) if a.error]
                    try:
                        t.content_hash
                    except tablebase.FileError as e:
                        errors.append(e)
                    for p in positions[:300]:
                        try:
                            t.probe(p)
                        except tablebase.Error as e:
                            errors.append(e)
                self.assertTrue(errors, "a damaged file answered everything")
                for e in errors:
                    self.assertIsInstance(e, (tablebase.FileError, tablebase.NotStored))
                    self.assertLessEqual(str(e).count("damaged tablebase file"), 1, str(e))
                self.assertTrue(any(isinstance(e, tablebase.Damaged) for e in errors))
        self.assertGreater(found, 2, "tb verify found no damage")

    def test_closed(self):
        t = tablebase.open(DB["d8"])
        t.close()
        t.close()
        self.assertTrue(t.closed)
        for call in (lambda: t.probe("..|.."), lambda: t.probe_many(["..|.."]),
                     lambda: t.solve("..|.."), lambda: t.moves("..|.."), lambda: t.json("..|..")):
            with self.assertRaises(tablebase.ArgumentError):
                call()

    def test_context_manager(self):
        with tablebase.open(DB["d8"]) as t:
            self.assertEqual(t.probe("..|..").value, "+-1")
        self.assertTrue(t.closed)
        with self.assertRaises(tablebase.ArgumentError):
            t.probe("..|..")
        try:
            with tablebase.open(DB["d8"], workers=1, cache_mib=1) as t:
                raise KeyError("inside")
        except KeyError:
            pass
        self.assertTrue(t.closed)


class TestThreads(unittest.TestCase):

    def test_one_handle_many_threads(self):
        positions = sorted(SAMPLES["d12"])
        rng = random.Random(5)
        positions += [bench.random_position(rng, 12, 2) for _ in range(THREAD_REGIONS)]
        positions += ["abc", "....|....|....|...."]
        with tablebase.open(DB["d12"]) as t:
            want = t.probe_many(positions)
            want_moves = {p: t.moves(p) for p in positions[:50]}
            failures = []
            barrier = threading.Barrier(6)

            def work(k):
                try:
                    barrier.wait()
                    for _ in range(3):
                        got = []
                        for p in positions:
                            try:
                                got.append(t.probe(p))
                            except tablebase.Error as e:
                                got.append(type(e))
                        expect = [type(a.error) if a.error else a for a in want]
                        if got != expect:
                            failures.append("thread %d: probe differs" % k)
                        many = t.probe_many(positions)
                        if [a.to_dict() for a in many] != [a.to_dict() for a in want]:
                            failures.append("thread %d: probe_many differs" % k)
                        for p, m in want_moves.items():
                            if t.moves(p) != m:
                                failures.append("thread %d: moves of %s differ" % (k, p))
                except Exception as e:  # reported below
                    failures.append("thread %d: %r" % (k, e))

            threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            self.assertEqual(failures, [])


class TestVersion(unittest.TestCase):

    def test_version(self):
        # The package, its C library and tb report one release.
        self.assertRegex(tablebase.__version__, r"^\d+\.\d+\.\d+")
        self.assertEqual(tablebase.library_version(), tablebase.__version__)
        first = run([TB, "version"]).splitlines()[0].split()
        self.assertEqual(first[:2], ["tb", tablebase.__version__])


class TestObjects(unittest.TestCase):

    def test_answer(self):
        a = tablebase.Answer(outcome="N", value="*", nim=1, source="tablebase")
        self.assertEqual(a, ("N", "*", 1, None, None, None, "tablebase", None))
        self.assertTrue(a.ok)
        self.assertEqual(pickle.loads(pickle.dumps(a)), a)
        self.assertEqual(repr(a), "Answer(outcome='N', value='*', nim=1, source='tablebase')")
        with self.assertRaises(AttributeError):
            a.outcome = "P"
        m = tablebase.Move("L", "a1-a2", "#.|#.", "win", None, True)
        self.assertEqual(pickle.loads(pickle.dumps(m)), m)
        self.assertEqual(m.to_dict(), {"player": "L", "move": "a1-a2", "position": "#.|#.",
                                       "result": "win", "best": True})
        e = tablebase.NotStored("gone", "..|..")
        e2 = pickle.loads(pickle.dumps(e))
        self.assertEqual((type(e2), str(e2), e2.position), (tablebase.NotStored, "gone", "..|.."))

    def test_wheel(self):
        # The wheel pip install ./python builds (here with the library of
        # TB_LIBRARY, so without go build): its files, its RECORD, and the
        # package found in it without TB_LIBRARY.
        import base64
        import hashlib
        import zipfile
        out = os.path.join(TMP, "wheel")
        os.makedirs(out, exist_ok=True)
        proc = subprocess.run([sys.executable, os.path.join(PYTHON_DIR, "tablebase_build.py"), out],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.assertEqual(proc.returncode, 0, proc.stdout.decode())
        name = proc.stdout.decode().split()[-1]
        self.assertRegex(name, r"^tablebase-[0-9.]+-py3-none-\w+\.whl$")
        with zipfile.ZipFile(os.path.join(out, name)) as z:
            names = set(z.namelist())
            for want in ("tablebase/__init__.py", "tablebase/_lib.py", "tablebase/libtb.so"):
                self.assertIn(want, names)
            info = [n for n in names if n.endswith(".dist-info/RECORD")][0].rsplit("/", 1)[0]
            for line in z.read(info + "/RECORD").decode().splitlines():
                path, digest, size = line.split(",")
                if path.endswith("RECORD"):
                    continue
                data = z.read(path)
                self.assertEqual(int(size), len(data), path)
                self.assertEqual(digest, "sha256=" + base64.urlsafe_b64encode(
                    hashlib.sha256(data).digest()).rstrip(b"=").decode(), path)
            self.assertIn("Tag: py3-none-", z.read(info + "/WHEEL").decode())
            site = os.path.join(TMP, "site")
            z.extractall(site)
        env = {k: v for k, v in os.environ.items() if k != "TB_LIBRARY"}
        code = ("import tablebase, os; assert os.path.dirname(tablebase.library_path) == "
                "os.path.dirname(tablebase.__file__); print(tablebase.open(%r).probe('..|..').value)"
                % DB["d8"])
        proc = subprocess.run([sys.executable, "-c", code], cwd=site, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.assertEqual(proc.stdout.decode().strip(), "+-1")
        # Without the library, outside a clone: a clear ImportError.
        os.remove(os.path.join(site, "tablebase", "libtb.so"))
        proc = subprocess.run([sys.executable, "-c", "import tablebase"], cwd=site, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.assertIn(b"ImportError: tablebase: the C library libtb.so is not in the package", proc.stdout)

    def test_missing_library(self):
        env = dict(os.environ, TB_LIBRARY=os.path.join(TMP, "nothing.so"))
        proc = subprocess.run([sys.executable, "-c", "import tablebase"], cwd=PYTHON_DIR, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn(b"ImportError: TB_LIBRARY=", proc.stdout)


if __name__ == "__main__":
    unittest.main()
