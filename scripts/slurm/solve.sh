#!/usr/bin/env bash
# Solves a Domineering board on a Slurm cluster: tb solve plan in this
# process, the tasks as one job array, then tb solve combine.
#
#   scripts/slurm/solve.sh N DIR BOARD [plan options]
#
# DIR (the task directory) must be on a file system every node sees, and
# $TB (default "tb") the tb command on every node; $SBATCH_OPTS goes to
# sbatch. Run again after a stop, it plans nothing twice and runs only the
# tasks not done.
set -euo pipefail
n=$1 dir=$2 board=$3
shift 3
tb=${TB:-tb}
here=$(dirname "$(readlink -f "$0")")
for _ in 1 2 3; do
	"$tb" solve plan domineering "$board" --dir "$dir" "$@"
	# shellcheck disable=SC2086
	sbatch --wait --array="0-$((n - 1))" --job-name=tb-solve $SBATCH_OPTS \
		"$here/solve.sbatch" "$tb" "$n" "$dir" || continue
	# A refuted candidate leaves the proof open: plan again, run again.
	"$tb" solve combine --dir "$dir" && exit 0
done
exit 1
