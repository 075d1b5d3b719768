#!/bin/bash
# Times Beling's igs against tb's heap search on Cram boards, one core,
# for the table of docs/benchmarks.md (Cram against igs):
#
#   scripts/igs/bench.sh DIR ROUNDS BOARD...    # DIR as given to setup.sh
#
# Each round takes each board in turn and runs igs with its fixed table
# of 2 GiB, igs with its HashMap, tb (scripts/cramnim) and tb with
# Beling and Rogalski's pruning (cramnim --pruned), one after the other
# on core 0, printing the nim-value each gives and its user and system
# seconds (/usr/bin/time), one line a board.
set -e
D=${1:?usage: bench.sh DIR ROUNDS BOARD...}; ROUNDS=${2:?}; shift 2
IGS=$D/driver/target/release/igscram
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
TB=$TMP/cramnim T=$TMP/time
(cd "$(dirname "$0")/../.." && go build -o "$TB" ./scripts/cramnim)
run() { # label, command...: prints "label nim user sys"
  local label=$1; shift
  out=$(/usr/bin/time -o "$T" -f "%U %S" taskset -c 0 "$@" 2>&1)
  nim=$(echo "$out" | sed -n 's/^Nimber of initial position: \([0-9]*\)/\1/p; s/^.*: nim-value \([0-9]*\),.*/\1/p')
  echo -n " | $label $nim $(cat "$T")"
}
for round in $(seq "$ROUNDS"); do
  for b in "$@"; do
    echo -n "$round $b"
    run igs "$IGS" "${b%x*}" "${b#*x}" --tt_size 2
    run igs-hashmap "$IGS" "${b%x*}" "${b#*x}" --tt hashmap
    run tb "$TB" "$b"
    run tb-pruned "$TB" --pruned "$b"
    echo
  done
done
