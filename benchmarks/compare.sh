#!/usr/bin/env bash
# compare.sh: rerun the benchmarks and compare them with the stored
# baseline using benchstat.
#
#   benchmarks/compare.sh            # BenchmarkHunt/cazadores, 10 runs, against BASELINE.txt
#   benchmarks/compare.sh 'Check|Hunt' 6
#   benchmarks/compare.sh -record    # rerun and store as the new BASELINE.txt
#
# The machine's speed drifts: for a fair comparison of two versions, run
# both interleaved (old, new, old, new, ...) rather than trusting a stored
# file alone.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

record=false
if [ "${1:-}" = "-record" ]; then
	record=true
	shift
fi
pattern="${1:-BenchmarkHunt\$/^cazadores\$}"
count="${2:-10}"

bin="$(go env GOBIN)"
[ -n "$bin" ] || bin="$(go env GOPATH)/bin"
if [ ! -x "$bin/benchstat" ]; then
	go install golang.org/x/perf/cmd/benchstat@latest
fi

out="$(mktemp)"
trap 'rm -f "$out"' EXIT
go test -pgo=cmd/balance/default.pgo -run XXX -bench "$pattern" -benchmem -count "$count" ./benchmarks/ | tee "$out"
if $record; then
	cp "$out" benchmarks/BASELINE.txt
	echo "recorded benchmarks/BASELINE.txt"
else
	"$bin/benchstat" benchmarks/BASELINE.txt "$out"
fi
