#!/usr/bin/env bash
# Computes the exact value of empty rectangles, each in a fresh process,
# and prints a row of a Markdown table for each: size, outcome, stops,
# mean, temperature, the canonical form's length in characters and its
# birthday, wall and CPU time, peak memory. Each answer is written to
# $OUT/GAME-RxC.json (OUT defaults to results).
#
#   scripts/values/rectangles.sh GAME RxC ...
#
# $TB is the tb command (default ./tb); $TB_OPTS goes to tb query (say
# --memory-mib 20000 or --save FILE).
set -euo pipefail
game=$1
shift
tb=${TB:-./tb}
out=${OUT:-results}
mkdir -p "$out"
for size in "$@"; do
	rows=${size%x*} cols=${size#*x}
	row=$(printf '%*s' "$cols" '' | tr ' ' '.')
	board=$row
	for ((i = 1; i < rows; i++)); do board="$board|$row"; done
	json="$out/$game-$size.json"
	# shellcheck disable=SC2086
	/usr/bin/time -o "$json.time" -f '%e %U %M' "$tb" query --details ${TB_OPTS:-} "$game" "$board" >"$json"
	read -r wall user kb <"$json.time"
	rm "$json.time"
	python3 - "$json" "$size" "$wall" "$user" "$kb" <<'PY'
import json, sys
path, size, wall, user, kb = sys.argv[1:]
a = json.load(open(path))
if "error" in a:
    print(f"| {size} | error: {a['error']} | | | | | | | {float(wall):.0f} s | |")
    sys.exit(0)
print(f"| {size} | {a['outcome']} | {a['left_stop']} | {a['right_stop']} | {a['mean']} | {a['temperature']} "
      f"| {len(a['value']):,} | {a['birthday']} | {float(wall):.1f} s wall, {float(user):.1f} s CPU | {int(kb) / 1048576:.2f} GiB |")
PY
done
