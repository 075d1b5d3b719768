#!/usr/bin/env bash
# Builds a tablebase on a Slurm cluster: the shares of each level run as
# one job array, and tb merge joins them between levels.
#
#   scripts/slurm/build.sh N DB GAME [build options]
#
# Run it where sbatch works (a login node, or inside a job of its own);
# DB's directory must be on a file system every node sees, and $TB (default
# "tb") the tb command on every node. $SBATCH_OPTS goes to each sbatch
# (a partition, a time limit). Stopped at any point, it continues where it
# stopped when run again: shards resume, and a merge is never lost.
set -euo pipefail
n=$1 db=$2
shift 2
tb=${TB:-tb}
here=$(dirname "$(readlink -f "$0")")
shards=()
for ((round = 0; ; round++)); do
	rc=0
	"$tb" merge "$@" --db "$db" "${shards[@]}" || rc=$?
	[ "$rc" = 0 ] && exit 0 # complete
	[ "$rc" = 3 ] || exit "$rc"
	# The next level needs its shards. A failed array (a node lost, a task
	# killed) is submitted again: finished shards return at once.
	for attempt in 1 2 3; do
		# shellcheck disable=SC2086
		sbatch --wait --array="0-$((n - 1))" --job-name="tb-build-$round" $SBATCH_OPTS \
			"$here/shard.sbatch" "$tb" "$n" "$db" "$@" && break
		[ "$attempt" = 3 ] && exit 1
	done
	shards=()
	for ((i = 0; i < n; i++)); do shards+=("$db.shard-$i-of-$n"); done
done
