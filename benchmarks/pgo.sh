#!/usr/bin/env bash
# pgo.sh: record the profile that profile-guided optimisation builds balance
# with, cmd/balance/default.pgo, from the default analysis: `balance run`
# with no game options (Cazadores' default hunt), one worker, the parts
# switched off included, as a designer runs it.
#
#   benchmarks/pgo.sh              # 200000 hunts
#   HUNTS=50000 benchmarks/pgo.sh  # fewer (a coarser profile)
#
# `go build`, `go install` and `go test` of cmd/balance use it by
# themselves (-pgo=auto picks a default.pgo in a main package's folder).
# Packages that are not main ones get no profile that way: the benchmarks
# in this folder are built with the same file named,
#   go test -pgo=../cmd/balance/default.pgo -bench ...
# so the figures they give are those of the binary a designer runs.
# Re-record after a change to the rules core or the AIs that moves where
# time goes; an old profile only makes the build a little less fast, never
# wrong.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
hunts="${HUNTS:-200000}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# Built without a profile, so the profile describes the plain build.
go build -pgo=off -o "$tmp/balance" ./cmd/balance
"$tmp/balance" run -hunts "$hunts" -workers 1 -quiet -cpuprofile "$tmp/cpu.pprof" >/dev/null
mv "$tmp/cpu.pprof" cmd/balance/default.pgo
echo "pgo.sh: cmd/balance/default.pgo from $hunts hunts of the default analysis"
