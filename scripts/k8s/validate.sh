#!/usr/bin/env bash
# Validates Kubernetes manifests offline, against the API schemas of
# Kubernetes $K8S_VERSION (default 1.30, the newest built into
# kubectl-validate v0.0.4; it has 1.23 to 1.30, and any other version it
# would fetch from GitHub): unknown kinds and fields, wrong types, what
# the schemas say. It does not run the API server's own Go checks (an
# unknown restartPolicy passes). Exits non-zero if a manifest is invalid.
#
#   scripts/k8s/validate.sh MANIFEST|DIR...
#
# The Job files here are envsubst templates: fill them in first, e.g.
#   NAME=t N=4 IMAGE=img CLAIM=c DIR=/data/d envsubst <scripts/k8s/solve-job.yaml >/tmp/j.yaml
#
# The first run installs sigs.k8s.io/kubectl-validate with go install
# (through the Go module proxy; a build of about 8 minutes on 2 cores).
set -euo pipefail
bin=$(go env GOBIN)
bin=${bin:-$(go env GOPATH)/bin}/kubectl-validate
[ -x "$bin" ] || go install sigs.k8s.io/kubectl-validate@v0.0.4
exec "$bin" --version "${K8S_VERSION:-1.30}" "$@"
