#!/usr/bin/env bash
# Runs every task of a plan four ways, one after another, ROUNDS times:
# one process with one worker; one process with two workers on each task
# (--workers 2); one process searching two tasks at once, one worker each,
# sharing one table (--jobs 2); and two --shard processes at once (a table
# each). Each run starts from a fresh copy of the plan.
#
#   scripts/shards/tasks.sh TB PLANDIR ROUNDS
#
# PLANDIR holds a plan with no results (tb solve plan ... --probe 0).
# Prints a line a run: the way, wall time, CPU time (user+system).
set -euo pipefail
tb=$1 plan=$2 rounds=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
timed() { # timed WAY CMD...
	local way=$1
	shift
	rm -rf "$work/run" && cp -r "$plan" "$work/run"
	/usr/bin/time -o "$work/t" -f "%e %U %S" "$@" >/dev/null 2>&1
	awk -v way="$way" '{printf "%s %.2f %.2f\n", way, $1, $2+$3}' "$work/t"
}
for ((r = 1; r <= rounds; r++)); do
	timed one-worker "$tb" solve run --dir "$work/run" --all --workers 1
	timed two-workers "$tb" solve run --dir "$work/run" --all --workers 2
	timed two-jobs "$tb" solve run --dir "$work/run" --all --workers 1 --jobs 2
	timed two-shards bash -c "'$tb' solve run --dir '$work/run' --shard 0/2 --workers 1 & '$tb' solve run --dir '$work/run' --shard 1/2 --workers 1; wait"
done
