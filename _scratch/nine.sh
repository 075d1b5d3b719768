#!/bin/sh
# 9x9: one process, then as tasks, same session; 10x10 run paused meanwhile.
set -x
TB=/tmp/d10run/tb
B=.........\|.........\|.........\|.........\|.........\|.........\|.........\|.........\|.........
B=$(printf '.........|%.0s' 1 2 3 4 5 6 7 8 | sed 's/|$//')'|.........'
cd /tmp
/usr/bin/time -v $TB query --outcome-only --stats domineering "$B" > /tmp/nine.one.out 2> /tmp/nine.one.err
rm -rf /tmp/d9
/usr/bin/time -v $TB solve plan domineering 9x9 --dir /tmp/d9 --depth 2 --probe 2s > /tmp/nine.plan.out 2> /tmp/nine.plan.err
/usr/bin/time -v $TB solve run --dir /tmp/d9 --all > /tmp/nine.run.out 2> /tmp/nine.run.err
$TB solve status --dir /tmp/d9 > /tmp/nine.status.out 2>&1
$TB solve combine --dir /tmp/d9 > /tmp/nine.combine.out 2>&1
echo done > /tmp/nine.done
