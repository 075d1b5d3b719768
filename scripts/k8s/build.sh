#!/usr/bin/env bash
# Builds a tablebase on Kubernetes: each level's N shards as one Indexed
# Job (shards-job.yaml), a merge Job (merge-job.yaml) between levels.
#
#   IMAGE=registry/tablebase CLAIM=tablebase-data \
#     scripts/k8s/build.sh N /data/dom15.db domineering --max-cells 15
#
# Needs kubectl for the cluster, an image with tb, and a ReadWriteMany
# PersistentVolumeClaim mounted at /data. Stopped, it continues when run
# again (the Jobs of a round are named by the round).
set -euo pipefail
export N=$1 DB=$2
shift 2
export BUILD="$*" IMAGE=${IMAGE:?set IMAGE} CLAIM=${CLAIM:?set CLAIM}
here=$(dirname "$(readlink -f "$0")")
# shellcheck disable=SC2016 # envsubst's list of names, not expanded here
vars='${NAME} ${N} ${IMAGE} ${CLAIM} ${DB} ${BUILD} ${SHARDS}' # not $JOB_COMPLETION_INDEX
SHARDS=
for ((round = 0; ; round++)); do
	export NAME="tb-merge-$round" SHARDS
	kubectl get job "$NAME" >/dev/null 2>&1 || envsubst "$vars" <"$here/merge-job.yaml" | kubectl apply -f -
	until code=$(kubectl get pods -l job-name="$NAME" \
		-o jsonpath='{.items[0].status.containerStatuses[0].state.terminated.exitCode}' 2>/dev/null) && [ -n "$code" ]; do
		sleep 5
	done
	[ "$code" = 0 ] && exit 0 # complete
	[ "$code" = 3 ] || { kubectl logs "job/$NAME"; exit 1; }
	export NAME="tb-shards-$round"
	kubectl get job "$NAME" >/dev/null 2>&1 || envsubst "$vars" <"$here/shards-job.yaml" | kubectl apply -f -
	kubectl wait --for=condition=complete --timeout=720h "job/$NAME"
	SHARDS=$(for ((i = 0; i < N; i++)); do printf '%s.shard-%d-of-%d ' "$DB" "$i" "$N"; done)
done
