#!/usr/bin/env bash
# Sets up a one-node Slurm cluster on this machine (Debian, as root, no
# systemd: the daemons are started directly), for tests that submit job
# arrays with sbatch. Idempotent: run again, it only starts what is not
# running. A slurm.conf it did not write (no marker line) is never touched:
# if sinfo works with it, that cluster is used as it is.
#
#   scripts/slurm/setup.sh        # logs in /var/log/slurm, /var/log/munge
set -euo pipefail
marker='# written by tablebase scripts/slurm/setup.sh'
conf=/etc/slurm/slurm.conf
logs=/var/log/slurm
node=$(hostname -s 2>/dev/null || echo localhost)

# running NAME: is a process of that name alive, not a zombie (pid 1 here
# may be slow to reap the parents daemons leave)? No procps needed.
running() { { cat /proc/[0-9]*/stat 2>/dev/null || true; } | awk -v n="($1)" '$2 == n && $3 != "Z" { f = 1 } END { exit !f }'; }

fail() {
	echo "slurm setup: $*" >&2
	for f in "$logs/slurmctld.log" "$logs/slurmd.log" /var/log/munge/munged.log; do
		[ -f "$f" ] && { echo "--- tail of $f" >&2; tail -n 20 "$f" >&2; }
	done
	exit 1
}

# An existing cluster of someone else's: use it, touch nothing.
if [ -f "$conf" ] && ! grep -qxF "$marker" "$conf"; then
	sinfo -h >/dev/null 2>&1 && { echo "slurm: using the existing cluster ($conf)"; exit 0; }
	fail "$conf was not written by this script and sinfo fails: not touching it"
fi

# Debian's packages (slurm-wlm 22.05 on bookworm). Recommends are skipped:
# they are dozens of plugin and -dev packages none of this needs.
for cmd in sbatch slurmctld slurmd munged; do
	command -v "$cmd" >/dev/null 2>&1 && continue
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		slurm-wlm munge >/dev/null
	break
done

# munge: a key (the package's postinst usually makes one), then the daemon,
# run as the munge user; it needs its socket directory under /run.
if [ ! -s /etc/munge/munge.key ]; then
	mungekey --create --keyfile=/etc/munge/munge.key
fi
chown munge:munge /etc/munge/munge.key && chmod 0400 /etc/munge/munge.key
install -d -o munge -g munge -m 0755 /run/munge
for i in $(seq 20); do # a munged just killed may take a moment to exit
	munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break
	[ "$i" = 20 ] && fail "munged does not answer"
	running munged || runuser -u munge -- munged || fail "munged did not start"
	sleep 0.5
done

# slurm.conf for this one node. CPUs are consumable one by one (CR_CPU, not
# cores nor memory), so 1-CPU array tasks run side by side; RealMemory is
# 90% of MemTotal, below what slurmd measures (a higher figure drains it).
# MinJobAge=4 keeps sbatch --wait polling every 2 s (it backs off to 8 s,
# then 32 s, while its poll is under MinJobAge/2), but its exit status is
# the highest of the tasks whose records are still there, and a finished
# task's record is purged 4 to ~64 s after it ends (22.05 refuses 0, "no
# purging"): a task failing that long before the array's last task ends is
# not reported. batch_sched_delay=0: the next array tasks start as soon as
# CPUs free up, not up to 3 s after the last scheduling pass.
cpus=$(nproc)
mem=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
new=$(
	cat <<EOF
$marker
# (it rewrites this file whenever it would write something else)
ClusterName=tablebase
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=$logs/slurmctld.log
SlurmdLogFile=$logs/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
MailProg=/bin/true
SlurmdTimeout=300
InactiveLimit=0
KillWait=5
MinJobAge=4
SchedulerParameters=batch_sched_delay=0
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
)
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd "$logs"
if [ "$(cat "$conf" 2>/dev/null)" != "$new" ]; then
	printf '%s\n' "$new" >"$conf"
	# Daemons running on an older config of ours are restarted on this one.
	for d in slurmctld slurmd; do
		pid=$(cat "/run/$d.pid" 2>/dev/null || true)
		if [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$d" ]; then kill "$pid"; fi
	done
	for _ in $(seq 50); do running slurmctld || running slurmd || break; sleep 0.2; done
fi

# Start the daemons (both fork into the background and log to $logs) and
# wait until a job step runs (srun), or the node is busy with jobs already
# (then a probe would wait in the queue behind them). Everything is retried
# in the loop: a daemon just killed may still be exiting (a new one then
# gives up at once, and the controller may still list the node idle). A
# node that comes back down or drained (e.g. after a kill) is resumed.
deadline=$((SECONDS + 60))
out=
while :; do
	running slurmctld || slurmctld >/dev/null 2>&1 || true
	running slurmd || slurmd -N "$node" >/dev/null 2>&1 || true
	# (with no controller, sinfo would retry for 10 s)
	state=$(timeout 3 sinfo -h -n "$node" -o %t 2>/dev/null || true)
	case $state in
	idle) out=$(timeout 20 srun -N1 -n1 true 2>&1) && break ;;
	mix | alloc) break ;;
	down | drain | drng | fail) scontrol update nodename="$node" state=resume 2>/dev/null || true ;;
	esac
	[ $SECONDS -lt $deadline ] || fail "node $node not ready (state '${state:-none}') $out"
	sleep 1
done
echo "slurm: node $node ($cpus CPUs) $state, partition debug ($(slurmctld -V))"
