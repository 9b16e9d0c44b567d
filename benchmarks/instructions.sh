#!/usr/bin/env bash
# instructions.sh: count the machine instructions one default hunt executes,
# with valgrind's cachegrind. Unlike ns/op, the count does not drift with the
# machine's load: the same binary and hunts give the same count, so a small
# change in the rules core's cost shows up at once.
#
#   benchmarks/instructions.sh             # BenchmarkHunt/cazadores, 20000 hunts
#   benchmarks/instructions.sh -top 30     # and the 30 costliest functions
#   N=5000 benchmarks/instructions.sh      # fewer hunts (quicker, coarser)
#   benchmarks/instructions.sh -game crims     # another game's default hunt (crims, horizon, vantage, ...)
#
# -game NAME counts the default hunt of that game, BenchmarkHunt/NAME
# (cazadores by default), each a game's default hunt through its plug.
#
# With the turns per hunt the benchmark reports, the count is also given
# per model-turn.
#
# It plays the benchmark under cachegrind and counts only the instructions
# of the rules core, the AIs and the game plug (packages balance/sim,
# balance/ai and balance/game: a hunt as the batch runner plays it, its
# record included; the Go runtime's timers and scheduler, busy under
# valgrind, are left out).
# The one-off building of the exact Check tables is included, spread over
# the N hunts (about 1,500 instructions per hunt at N = 20000).
# Needs valgrind (Debian: apt-get install valgrind).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

top=0
bench=BenchmarkHunt/cazadores
while [ $# -gt 0 ]; do
	case "$1" in
	-top)
		top="${2:?-top needs a number}"
		shift 2
		;;
	-game)
		g="${2:?-game needs a name}"
		shift 2
		bench="BenchmarkHunt/$g"
		;;
	*)
		echo "usage: instructions.sh [-top K] [-game NAME]" >&2
		exit 2
		;;
	esac
done
n="${N:-20000}"
if ! command -v valgrind >/dev/null || ! command -v cg_annotate >/dev/null; then
	echo "instructions.sh: needs valgrind and cg_annotate (apt-get install valgrind)" >&2
	exit 2
fi

dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
go test -c -o "$dir/bench.test" .
valgrind --tool=cachegrind --cache-sim=no --branch-sim=no \
	--cachegrind-out-file="$dir/cg.out" \
	"$dir/bench.test" -test.run XXX -test.bench "^${bench%%/*}\$/^${bench#*/}\$" -test.benchtime "${n}x" >"$dir/bench.txt" 2>"$dir/valgrind.txt"
if ! grep "^$bench" "$dir/bench.txt"; then
	echo "instructions.sh: no benchmark $bench (see benchmarks/README.md)" >&2
	exit 2
fi
# turns/hunt as the benchmark reports it (0 when it does not).
turns="$(awk '{ for (i = 2; i <= NF; i++) if ($i == "turns/hunt") print $(i - 1) }' "$dir/bench.txt" | tail -1)"

# cg_annotate lists "COUNT (PCT%) FILE:FUNCTION" per function; the benchmark
# binary plays the hunts N+1 times (once with b.N = 1 first).
cg_annotate --threshold=0 "$dir/cg.out" 2>/dev/null |
	awk -v n="$n" -v top="$top" -v turns="${turns:-0}" '
	/file:function/ { body = 1; next }
	body && /:balance\/(sim|ai|game)/ {
		c = $1; gsub(",", "", c)
		f = $NF; sub(/.*:balance\//, "", f)
		per[f] += c / (n + 1); total += c / (n + 1)
	}
	END {
		printf "instructions/hunt %.0f (balance/sim, balance/ai and balance/game, %d hunts)\n", total, n
		if (turns > 0) printf "instructions/turn %.0f (%s turns per hunt)\n", total / turns, turns
		if (top > 0) {
			k = 0
			for (f in per) names[++k] = f
			# selection of the top entries (a few hundred functions)
			for (i = 1; i <= top && i <= k; i++) {
				b = i
				for (j = i + 1; j <= k; j++) if (per[names[j]] > per[names[b]]) b = j
				t = names[i]; names[i] = names[b]; names[b] = t
				printf "%9.0f  %s\n", per[names[i]], names[i]
			}
		}
	}'
