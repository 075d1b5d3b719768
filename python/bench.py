#!/usr/bin/env python3
"""Positions a second of the Python binding on one file.

    python3 bench.py FILE [POSITIONS] [--count N] [--rounds R] [--moves M]

POSITIONS is a file of positions, one a line, all stored in FILE. Without
it, N (65,536) random Domineering positions are drawn (for a domineering,
xt-domineering or cram file of regions of up to --cells, 15, cells): a
random connected region of 1 to 15 cells in an 8x8 box, then 0 to 3 random
dominoes placed on it.

Each round times t.probe on every position, one t.probe_many over all of
them, the C batch call alone (tb_probe_lines: the floor under probe_many),
t.moves on the first M (2,000) positions, and probe_many's own share
("decode only": the Answer objects of a batch of 16,384 answers the
library has written, the cache of answers emptied first). It prints the
medians of R (5) rounds. It runs on one core: GOMAXPROCS=1 and, on Linux,
the process pinned to one CPU (--cores all leaves both). --save FILE
writes the positions drawn, for the C benchmark to time the same ones
(cmd/libtb/testdata/bench.c: bench DB FILE 5).
"""

import argparse
import os
import random
import statistics
import sys
import time


def random_region(rng, cells, size=8):
    """A random connected set of cells cells in a size x size box."""
    region = {(size // 2, size // 2)}
    while len(region) < cells:
        r, c = rng.choice(sorted(region))
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 0 <= r + dr < size and 0 <= c + dc < size:
            region.add((r + dr, c + dc))
    return region


def random_position(rng, max_cells=15, max_moves=3):
    """A Domineering board: a random region, some random dominoes placed
    on it, written in its region's bounding box."""
    region = random_region(rng, rng.randint(1, max_cells))
    empty = set(region)
    for _ in range(rng.randint(0, max_moves)):
        dominoes = ([((r, c), (r + 1, c)) for r, c in empty if (r + 1, c) in empty]
                    + [((r, c), (r, c + 1)) for r, c in empty if (r, c + 1) in empty])
        if not dominoes:
            break
        empty -= set(rng.choice(sorted(dominoes)))
    rows = [r for r, _ in region]
    cols = [c for _, c in region]
    return "|".join(
        "".join("." if (r, c) in empty else "#" for c in range(min(cols), max(cols) + 1))
        for r in range(min(rows), max(rows) + 1))


def rate(n, seconds):
    return n / seconds if seconds > 0 else float("inf")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("file")
    p.add_argument("positions", nargs="?")
    p.add_argument("--count", type=int, default=65536)
    p.add_argument("--cells", type=int, default=15)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--moves", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--cores", choices=("one", "all"), default="one")
    p.add_argument("--save", metavar="FILE", help="write the positions drawn to FILE, one a line "
                   "(for cmd/libtb/testdata/bench.c: bench DB FILE 5)")
    args = p.parse_args()

    if args.cores == "one":
        os.environ["GOMAXPROCS"] = "1"  # read when the Go runtime starts
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import tablebase
    from tablebase import _lib

    if args.positions:
        with open(args.positions) as f:
            positions = [line.strip() for line in f if line.strip()]
    else:
        rng = random.Random(args.seed)
        positions = [random_position(rng, args.cells) for _ in range(args.count)]
    if args.save:
        with open(args.save, "w") as f:
            f.write("\n".join(positions) + "\n")
    t = tablebase.open(args.file)
    answers = t.probe_many(positions)
    bad = [(p, a.error) for p, a in zip(positions, answers) if a.error]
    if bad:
        sys.exit("bench: %d positions fail, the first %r: %s" % (len(bad), bad[0][0], bad[0][1]))
    print("%s: %s, %d positions (%d distinct, %d distinct answers), library %s"
          % (args.file, t.game, len(positions), len(set(positions)), len(set(answers)),
             tablebase.library_path))

    def c_lines():
        # The library's batch call alone, without making Answer objects.
        data = "\n".join(positions).encode()
        buf = (_lib.tb_answer * len(positions))()
        n = tablebase._c_size_t()
        if tablebase._C.tb_probe_lines(t._h, data, len(data), buf, len(positions),
                                       tablebase._byref(n)) != 0:
            raise SystemExit("tb_probe_lines failed")

    def probe():
        f = t.probe
        for position in positions:
            f(position)

    few = positions[:args.moves]

    def moves():
        f = t.moves
        for position in few:
            f(position)

    batch = positions[:tablebase._BATCH]

    def decode():
        # probe_many's own share: Answer objects from a buffer the library
        # has filled (its last batch), with an empty cache of answers.
        t._answers.clear()
        raw = memoryview(t._tls.batch_raw)[:len(batch) * tablebase._ANSWER_SIZE]
        list(map(t._answers.__getitem__, map(tablebase._first, tablebase._RECORDS(raw))))

    runs = {"probe": (probe, len(positions)),
            "probe_many": (lambda: t.probe_many(positions), len(positions)),
            "C tb_probe_lines": (c_lines, len(positions)),
            "moves": (moves, len(few)),
            "decode only": (decode, len(batch))}
    times = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, (f, _) in runs.items():
            if name == "decode only":
                t.probe_many(batch)
            start = time.perf_counter()
            f()
            times[name].append(time.perf_counter() - start)
    for name, (_, n) in runs.items():
        med = statistics.median(times[name])
        print("%-17s %10.0f positions/s  (median of %d rounds, %.3f s a round)"
              % (name, rate(n, med), args.rounds, med))
    t.close()


if __name__ == "__main__":
    main()
