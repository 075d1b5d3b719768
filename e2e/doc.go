// Package e2e holds the end-to-end tests that need programs from outside
// Go: the explorer driven in headless Chromium (chromedp) against a real
// tb serve, and builds and whole-board searches run as job arrays on a
// one-node Slurm cluster (scripts/slurm). It is a module of its own, so
// that the main module requires only bbolt, roaring and xxhash; it reaches
// the main module's tree through a replace directive and tests the tb
// binary built from ../cmd/tb as the README builds it.
//
// Run it from this directory: go test ./...
//
// Without Chromium or a Slurm cluster the tests that need one skip, except
// under CI (CI set), where they fail: .ci/run installs both.
package e2e
