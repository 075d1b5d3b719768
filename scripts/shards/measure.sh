#!/usr/bin/env bash
# Measures a build in one process against the same build in N shards, run
# one after another on this machine as a scheduler would run them on N
# machines (round by round: the shards of a level, then tb merge).
#
#   scripts/shards/measure.sh TB N DIR GAME [build options]
#
# Prints one line for each: wall time, CPU time (user+system), peak memory;
# for the shards the CPU is that of every process, the memory that of the
# largest, and the wall time is what N machines would take (each round's
# slowest shard plus the merges). Both files' content digests must agree.
set -euo pipefail
tb=$1 n=$2 dir=$3
shift 3
mkdir -p "$dir"
rm -rf "$dir"/one.* "$dir"/sharded.*
timed() { # timed LOG CMD...: runs CMD, appends "wall cpu maxrss_kb exit"
	local log=$1 rc=0
	shift
	/usr/bin/time -o "$log.t" -f "%e %U %S %M" "$@" >>"$log.out" 2>&1 || rc=$?
	tail -1 "$log.t" | awk -v rc="$rc" '{print $1, $2+$3, $4, rc}' >>"$log"
}
timed "$dir/one.log" "$tb" build "$@" --db "$dir/one.db"
: >"$dir/sharded.log"
round=0
while :; do
	shards=()
	[ "$round" -gt 0 ] && for ((i = 0; i < n; i++)); do shards+=("$dir/sharded.db.shard-$i-of-$n"); done
	timed "$dir/sharded.log" "$tb" merge "$@" --db "$dir/sharded.db" "${shards[@]}"
	rc=$(tail -1 "$dir/sharded.log" | awk '{print $4}')
	[ "$rc" = 0 ] && break
	[ "$rc" = 3 ] || { cat "$dir/sharded.log.out"; exit 1; }
	echo "round $round" >>"$dir/sharded.log"
	for ((i = 0; i < n; i++)); do
		timed "$dir/sharded.log" "$tb" build "$@" --db "$dir/sharded.db" --shard "$i/$n"
	done
	echo "end" >>"$dir/sharded.log"
	round=$((round + 1))
done
a=$("$tb" verify "$dir/one.db" | grep -o 'content [0-9a-f]*')
b=$("$tb" verify "$dir/sharded.db" | grep -o 'content [0-9a-f]*')
[ "$a" = "$b" ] || { echo "contents differ: $a, $b"; exit 1; }
awk '{printf "one process: wall %.1f s, CPU %.1f s, peak %.0f MB\n", $1, $2, $3/1024}' "$dir/one.log"
awk -v n="$n" -v rounds="$round" '
	/^round/ {inround=1; slow=0; next}
	/^end/ {inround=0; wall+=slow; next}
	{cpu+=$2; if ($3>mem) mem=$3; if (inround) {if ($1>slow) slow=$1} else wall+=$1}
	END {printf "%d shards, %d rounds: wall on %d machines %.1f s, CPU %.1f s, largest process %.0f MB\n", n, rounds, n, wall, cpu, mem/1024}
' "$dir/sharded.log"
echo "same content: $a"
