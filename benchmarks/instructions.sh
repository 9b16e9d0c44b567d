#!/usr/bin/env bash
# instructions.sh: count the machine instructions a hunt executes, with
# valgrind's cachegrind. Unlike ns/op, the count does not drift with the
# machine's load: the same binary and hunts give the same count, so a small
# change in a hunt's cost shows up at once.
#
#   benchmarks/instructions.sh                      # the default hunt through balance run
#   benchmarks/instructions.sh -scenario ruins      # on a map
#   benchmarks/instructions.sh -adversary praetorians -pack-ai tactical
#   benchmarks/instructions.sh -pack-ai lookahead   # 16 hunts less 8 by default
#   benchmarks/instructions.sh -game crims          # another game's default hunt
#   benchmarks/instructions.sh -hunts 4096 -top 30  # and the 30 costliest functions
#   benchmarks/instructions.sh -- -pack trio        # any other option of balance run
#   benchmarks/instructions.sh -table               # every row of instructions.txt, against its figure
#   benchmarks/instructions.sh -record              # count every row again and rewrite instructions.txt
#   benchmarks/instructions.sh -table -rows '^game/' # only the rows whose name matches (an awk regular expression)
#   benchmarks/instructions.sh -pgo FILE ...        # built with the profile FILE (or off), not cmd/balance/default.pgo
#   benchmarks/instructions.sh -bench [-game NAME]  # BenchmarkHunt/NAME, the rules core only
#
# How a hunt is counted (the default): `balance run -workers 1
# -card-hunts 0 -quiet` with the options given plays hunts 0..N-1 of seed 1
# under cachegrind (GOMAXPROCS=1), once with N = H/2 and once with N = H
# hunts (-hunts H); the difference of the two counts over the H/2 hunts it
# adds is the figure: the instructions of hunts H/2..H-1, with their
# tallying by the batch runner, and nothing of the start-up (loading the
# data, compiling the design, building the Check tables, caches filled by
# the first hunts) nor of the summary. H a multiple of 128 gives both runs
# the same number of blocks (batch.blockSize), so the merging of blocks
# drops out too. Counted are the functions outside the Go runtime, and the
# runtime's memclr and memmove (the clearing and copying the hunts ask
# for): the collector and the scheduler, which run on their own clock and
# are busy under valgrind, are left out, so the count is the same from one
# run to the next.
#
# -bench instead plays BenchmarkHunt/NAME (cazadores by default) N times
# (N=20000 by default) and counts only the rules core, the AIs and the game
# plug (balance/sim, balance/ai and balance/game), start-up spread over the
# hunts; with the turns per hunt the benchmark reports, also per turn,
# and per model-turn: a turn where it is one (Cazadores, crims, the
# machine hunt, Vantage), an activation where the benchmark reports
# activations/hunt (skirmish, whose turn is a round of them).
#
# instructions.txt lists the hunts that are counted on purpose: a row's
# name, its H, its figure and the options of balance run. -table counts
# them all and prints each beside its recorded figure; -record rewrites the
# file with the new counts (one command, after a change that moves them on
# purpose); `BALANCE_LONG=1 go test ./benchmarks/` fails when a row rises
# by more than 2% above its figure (see README.md).
#
# Needs valgrind (Debian: apt-get install valgrind). The two runs of a row
# play at the same time, on two cores where there are.
set -euo pipefail
# The whole script is one block, read before it runs: editing the file
# while it runs does not change what it does.
{
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
table="$here/instructions.txt"

usage() {
	cat >&2 <<'EOF'
usage: instructions.sh [-pgo FILE] [-game NAME] [-scenario S] [-adversary A] [-pack-ai TIER] [-hunts H] [-top K] [-- RUN OPTIONS]
       instructions.sh [-pgo FILE] -table [-rows REGEX] | -record
       instructions.sh [-pgo FILE] -bench [-game NAME] [-top K]   (N=hunts in the environment)
EOF
	exit 2
}

mode=one
top=0
hunts=""
game=""
match=""
pgo="$root/cmd/balance/default.pgo"
runargs=()
while [ $# -gt 0 ]; do
	case "$1" in
	-top)
		top="${2:?-top needs a number}"
		shift 2
		;;
	-game)
		game="${2:?-game needs a name}"
		shift 2
		;;
	-scenario | -adversary | -pack-ai)
		runargs+=("$1" "${2:?$1 needs a value}")
		shift 2
		;;
	-hunts)
		hunts="${2:?-hunts needs a number}"
		shift 2
		;;
	-rows)
		match="${2:?-rows needs a regular expression}"
		shift 2
		;;
	-pgo)
		pgo="${2:?-pgo needs a profile (or off)}"
		shift 2
		;;
	-table) mode=table; shift ;;
	-record) mode=record; shift ;;
	-bench) mode=bench; shift ;;
	--)
		shift
		runargs+=("$@")
		break
		;;
	*) usage ;;
	esac
done
case "$top" in '' | *[!0-9]*) echo "instructions.sh: -top $top: a whole number is needed" >&2; exit 2 ;; esac
if [ "$pgo" != off ]; then
	if [ ! -f "$pgo" ]; then
		echo "instructions.sh: -pgo $pgo: no such file (a profile, or off)" >&2
		exit 2
	fi
	pgo="$(cd "$(dirname "$pgo")" && pwd)/$(basename "$pgo")"
fi
if [ -n "$match" ] && [ "$mode" != table ]; then
	echo "instructions.sh: -rows goes with -table" >&2
	exit 2
fi
if [ -n "$hunts" ]; then
	case "$hunts" in '' | *[!0-9]*) echo "instructions.sh: -hunts $hunts: a whole number of at least 2 is needed" >&2; exit 2 ;; esac
	if [ "$hunts" -lt 2 ]; then
		echo "instructions.sh: -hunts $hunts: a whole number of at least 2 is needed" >&2
		exit 2
	fi
fi
if ! command -v valgrind >/dev/null || ! command -v cg_annotate >/dev/null; then
	echo "instructions.sh: needs valgrind and cg_annotate (apt-get install valgrind)" >&2
	exit 2
fi

dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
export GOMAXPROCS=1 # valgrind 3.19 cannot run the RDTSCP of the runtime's spinning locks
# No collection (unless the heap nears 1 GiB) and no asynchronous
# preemption: both run on the clock, and would add a little noise to the
# count (a hundredth of a percent) where the count leaves them out.
export GOGC=off GOMEMLIMIT=1GiB GODEBUG=asyncpreemptoff=1

# functions FILE: cachegrind's count per function of FILE, "COUNT KEY" a
# line (KEY is file:function), for the functions counted (see above).
functions() {
	cg_annotate --threshold=0 --auto=no "$1" 2>/dev/null | awk '
	/file:function/ { body = 1; next }
	!body || /^-/ || NF < 3 { next }
	{
		c = $1; gsub(",", "", c)
		k = $0; sub(/^ *[0-9,]+ +\( *[0-9.]+%\) +/, "", k)
		if (c !~ /^[0-9]+$/ || k !~ /:/) next
		if ((k ~ /\/src\/runtime\// || k ~ /\/internal\/runtime\//) && k !~ /:runtime\.mem(clr|move)/) next
		gsub(/ /, "_", k) # one field
		print c, k
	}'
}

# count NAME H ARGS...: instructions per hunt of balance run with ARGS over
# hunts H/2..H-1; prints "NAME H FIGURE", and with -top the costliest
# functions after it.
count() {
	local name="$1" h="$2"
	shift 2
	local lo=$((h / 2)) out="$dir/${name//\//_}"
	local n
	for n in "$lo" "$h"; do
		valgrind --tool=cachegrind --cache-sim=no --branch-sim=no \
			--cachegrind-out-file="$out.$n.cg" \
			"$dir/balance" run -workers 1 -card-hunts 0 -quiet -seed 1 -hunts "$n" "$@" \
			>"$out.$n.stdout" 2>"$out.$n.stderr" &
	done
	local failed=0 pid
	for pid in $(jobs -p); do
		wait "$pid" || failed=1
	done
	if [ "$failed" = 1 ]; then
		echo "instructions.sh: $name: balance run -workers 1 -card-hunts 0 -hunts $h $* failed:" >&2
		for n in "$h" "$lo"; do
			if grep -qv -E '^(==|--)[0-9]+(==|--)' "$out.$n.stderr"; then
				grep -v -E '^(==|--)[0-9]+(==|--)' "$out.$n.stderr" | head -20 >&2
				break
			fi
		done
		exit 1
	fi
	functions "$out.$lo.cg" >"$out.lo"
	functions "$out.$h.cg" >"$out.hi"
	# One line per function: its count in the long run less the short one.
	awk '
	NR == FNR { lo[$2] += $1; next }
	{ hi[$2] += $1 }
	END {
		for (k in hi) print hi[k] - lo[k], k
		for (k in lo) if (!(k in hi)) print -lo[k], k
	}' "$out.lo" "$out.hi" >"$out.diff"
	awk -v name="$name" -v h="$h" -v d=$((h - lo)) '
	{ total += $1 }
	END { printf "%s %d %.0f\n", name, h, total / d }' "$out.diff"
	awk -v d=$((h - lo)) '{ f = $2; sub(/^.*:/, "", f); print $1 / d, f }' "$out.diff" | top_functions
}

# top_functions prints the $top costliest of the lines "COUNT FUNCTION"
# it reads, the costliest first (nothing when $top is 0).
top_functions() {
	if [ "$top" -gt 0 ]; then
		sort -k1,1 -g -r | awk -v top="$top" 'NR <= top { printf "%11.0f  %s\n", $1, $2 }'
	else
		cat >/dev/null
	fi
}

build() {
	(cd "$root" && go build -pgo="$pgo" -o "$dir/balance" ./cmd/balance)
}

# rows: the rows of instructions.txt, "NAME H FIGURE ARGS..." each.
rows() {
	if [ ! -f "$table" ]; then
		echo "instructions.sh: $table: no such file" >&2
		exit 2
	fi
	awk -v f="$table" '
	/^#/ || NF == 0 { next }
	NF < 3 || $2 !~ /^[0-9]+$/ || $2 < 2 || $2 % 2 != 0 || $3 !~ /^[0-9]+$/ {
		printf "instructions.sh: %s:%d: a row is NAME H FIGURE [OPTIONS of balance run], H even and at least 2, FIGURE a whole number: %s\n", f, NR, $0 > "/dev/stderr"
		bad = 1
		exit 2
	}
	{ print }
	END { if (bad) exit 2 }' "$table"
}

case "$mode" in
one)
	build
	if [ -n "$game" ]; then
		runargs=(-game "$game" "${runargs[@]}")
	fi
	if [ -z "$hunts" ]; then
		hunts=8192
		for a in "${runargs[@]}"; do
			[ "$a" = lookahead ] && hunts=16
		done
	fi
	line="$(count hunt "$hunts" "${runargs[@]}")"
	read -r _ _ figure <<<"$(head -1 <<<"$line")"
	desc=""
	for a in "${runargs[@]}"; do desc+=" $a"; done
	printf 'instructions/hunt %s (balance run -workers 1 -card-hunts 0%s: hunts %d..%d of seed 1)\n' "$figure" "$desc" $((hunts / 2)) $((hunts - 1))
	tail -n +2 <<<"$line"
	;;
table | record)
	build
	printf '%-32s %7s %13s %13s %8s\n' row hunts counted recorded change
	new="$dir/instructions.txt"
	grep '^#' "$table" >"$new" || true
	rows >/dev/null # a malformed row stops here, before any count
	while read -r name h recorded args; do
		if [ -n "$match" ] && ! awk -v n="$name" -v m="$match" 'BEGIN { exit !(n ~ m) }'; then
			printf '%-32s %6d %12s  %s\n' "$name" "$h" "$recorded" "$args" >>"$new"
			continue
		fi
		read -ra a <<<"$args"
		got="$(count "$name" "$h" "${a[@]}")"
		read -r _ _ figure <<<"$got"
		change="$(awk -v g="$figure" -v r="$recorded" 'BEGIN { if (r > 0) printf "%+.1f%%", 100 * (g - r) / r; else print "-" }')"
		printf '%-32s %7d %13s %13s %8s\n' "$name" "$h" "$figure" "$recorded" "$change"
		printf '%-32s %6d %12s  %s\n' "$name" "$h" "$figure" "$args" >>"$new"
	done < <(rows)
	if [ "$mode" = record ]; then
		# Written whole or not at all: a file beside it, renamed over it.
		cp "$new" "$table.tmp"
		mv "$table.tmp" "$table"
		echo "recorded $table"
	fi
	;;
bench)
	n="${N:-20000}"
	bench="BenchmarkHunt/${game:-cazadores}"
	(cd "$here" && go test -pgo="$pgo" -c -o "$dir/bench.test" .)
	valgrind --tool=cachegrind --cache-sim=no --branch-sim=no \
		--cachegrind-out-file="$dir/cg.out" \
		"$dir/bench.test" -test.run XXX -test.bench "^${bench%%/*}\$/^${bench#*/}\$" -test.benchtime "${n}x" >"$dir/bench.txt" 2>"$dir/valgrind.txt"
	if ! grep "^$bench" "$dir/bench.txt"; then
		echo "instructions.sh: no benchmark $bench (see benchmarks/README.md)" >&2
		exit 2
	fi
	# turns/hunt as the benchmark reports it (0 when it does not), and
	# activations/hunt where a game's model-turn is a figure's activation
	# (skirmish: a turn is a round of every figure's activations).
	turns="$(awk '{ for (i = 2; i <= NF; i++) if ($i == "turns/hunt") print $(i - 1) }' "$dir/bench.txt" | tail -1)"
	acts="$(awk '{ for (i = 2; i <= NF; i++) if ($i == "activations/hunt") print $(i - 1) }' "$dir/bench.txt" | tail -1)"
	# The benchmark binary plays the hunts N+1 times (once with b.N = 1 first).
	cg_annotate --threshold=0 --auto=no "$dir/cg.out" 2>/dev/null |
		awk -v n="$n" -v turns="${turns:-0}" -v acts="${acts:-0}" -v per="$dir/per.txt" '
		/file:function/ { body = 1; next }
		body && /:balance\/(sim|ai|game)/ {
			c = $1; gsub(",", "", c)
			f = $NF; sub(/.*:balance\//, "", f)
			fn[f] += c / (n + 1); total += c / (n + 1)
		}
		END {
			printf "instructions/hunt %.0f (balance/sim, balance/ai and balance/game, %d hunts)\n", total, n
			if (turns > 0) printf "instructions/turn %.0f (%s turns per hunt)\n", total / turns, turns
			if (acts > 0) printf "instructions/model-turn %.0f (%s activations per hunt)\n", total / acts, acts
			for (f in fn) print fn[f], f >per
		}'
	top_functions <"$dir/per.txt"
	;;
esac
exit
}
