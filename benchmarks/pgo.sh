#!/usr/bin/env bash
# pgo.sh: record the profile that profile-guided optimisation builds balance
# with, cmd/balance/default.pgo, from the default analysis: `balance run`
# with no game options (Cazadores' default hunt), one worker, the parts
# switched off included, as a designer runs it.
#
#   benchmarks/pgo.sh              # 200000 hunts
#   HUNTS=50000 benchmarks/pgo.sh  # fewer (a coarser profile)
#
# `go build` and `go test` of cmd/balance use cmd/balance/default.pgo by
# themselves (-pgo=auto picks a default.pgo in a main package's folder).
# The benchmarks are not a main package: benchmarks/default.pgo is a link
# to the same file, which `go test` of this folder picks up the same way,
# so there is one profile for both. Re-record after a change to the rules
# core or the AIs that moves where time goes; an old profile only makes
# the build a little less fast, never wrong.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
hunts="${HUNTS:-200000}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# Built without a profile, so the profile describes the plain build.
go build -pgo=off -o "$tmp/balance" ./cmd/balance
"$tmp/balance" run -hunts "$hunts" -workers 1 -quiet -cpuprofile "$tmp/cpu.pprof" >/dev/null
mv "$tmp/cpu.pprof" cmd/balance/default.pgo
ln -sfn ../cmd/balance/default.pgo benchmarks/default.pgo
echo "pgo.sh: cmd/balance/default.pgo from $hunts hunts of the default analysis"
