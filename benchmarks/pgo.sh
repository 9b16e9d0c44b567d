#!/usr/bin/env bash
# pgo.sh: record the profile that profile-guided optimisation builds balance
# with, cmd/balance/default.pgo: each game's default analysis (`balance run
# -game NAME`, one worker, as a designer runs it), every game that
# `balance list games` names, each for about the same CPU time, and the
# Cazadores default analysis on each of its other bundled maps (`balance
# list scenarios`) for a shorter time each, the profiles merged into one.
#
#   benchmarks/pgo.sh                # about 60 s of play per game, 20 s per map
#   SECONDS_PER_GAME=5 SECONDS_PER_MAP=2 benchmarks/pgo.sh   # quicker, a coarser profile
#   TRIES=4 benchmarks/pgo.sh        # four profiles; keep the best (below)
#   SECONDS_OF='crims=120' benchmarks/pgo.sh   # a game played longer (or shorter) than the rest
#
# `go build`, `go install` and `go test` of cmd/balance use it by
# themselves (-pgo=auto picks a default.pgo in a main package's folder).
# Packages that are not main ones get no profile that way: the benchmarks
# in this folder are built with the same file named,
#   go test -pgo=../cmd/balance/default.pgo -bench ...
# so the figures they give are those of the binary a designer runs.
#
# Why every game, the maps and so long: the compiler inlines and lays out
# only the call sites the profile shows hot. A profile of one game leaves
# the others' hot paths as a plain build has them, and a short profile
# misses many of the one game's own: recorded from 200,000 Cazadores hunts
# only, the default hunt once counted 58,390 instructions; from 15 s of
# each game, 56,248, with crims's model-turn 5.6% cheaper, horizon's 8.1%,
# vantage's 12% and skirmish's 5.4%. Later, 60 s of each game in place of
# 15 s made the default hunt 2.8% cheaper (47,420 to 46,102) and steady
# from one recording to the next (46,061 to 46,206 in four); a map's
# routing and sight tests are hot only on a map, and 20 s of each map
# made the maps 1.9% to 3.5% cheaper again. Re-record after a change to
# a rules core or an AI that moves where time goes; an old profile only
# makes the build a little less fast, never wrong.
#
# Two recordings are never the same (the profile samples on a clock), and
# the compiler's choices follow small differences in them: with 15 s of
# each game, the default hunt built with one recording or another of the
# same code counted anywhere from 48,000 to 50,200 instructions. With
# TRIES=N the script records N profiles and keeps, of those and the
# profile already in cmd/balance/default.pgo, the one whose build plays
# the rows of benchmarks/instructions.txt named by ROWS (an awk regular
# expression; by default every game's default analysis and the maps) in
# the fewest instructions: the mean over the rows of counted / recorded
# figure. Each try costs its recording and a count of the rows under
# cachegrind (a few minutes).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
per="${SECONDS_PER_GAME:-60}"
permap="${SECONDS_PER_MAP:-20}"
tries="${TRIES:-1}"
rows="${ROWS:-^(default|game/|scenario/)}"
of="${SECONDS_OF:-}"
checks=("SECONDS_PER_GAME=$per" "SECONDS_PER_MAP=$permap" "TRIES=$tries")
for w in $of; do
	case "$w" in
	?*=*) checks+=("SECONDS_OF: $w") ;;
	*)
		echo "pgo.sh: SECONDS_OF: $w: GAME=SECONDS is needed" >&2
		exit 2
		;;
	esac
done
for v in "${checks[@]}"; do
	case "${v#*=}" in '' | *[!0-9]* | 0)
		echo "pgo.sh: $v: a whole number of at least 1 is needed" >&2
		exit 2
		;;
	esac
done
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# Built without a profile, so the profile describes the plain build.
go build -pgo=off -o "$tmp/balance" ./cmd/balance
games="$("$tmp/balance" list games | cut -f1 | tr '\n' ' ')"
for w in $of; do
	case " $games" in
	*" ${w%%=*} "*) ;;
	*)
		echo "pgo.sh: SECONDS_OF: ${w%%=*}: no such game (the games: ${games% })" >&2
		exit 2
		;;
	esac
done
# cpu CMD...: runs CMD (its output dropped) and sets took to the CPU time
# it used, user and system, in nanoseconds. CPU time, not the clock's:
# on a busy machine a run waits for a core, and the clock would count the
# wait as play.
cpu() {
	local TIMEFORMAT='%3U %3S' t
	if ! t=$({ time "$@" >/dev/null 2>"$tmp/cpu.err"; } 2>&1); then
		cat "$tmp/cpu.err" >&2
		echo "pgo.sh: failed: $*" >&2
		exit 1
	fi
	took=$(awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.0f", (a[1] + a[2]) * 1e9 }')
}

# play SECONDS NAME RUN-OPTIONS...: one profile, in $tmp/NAME.pprof, of
# `balance run` with the options for about SECONDS of play (CPU time). A
# hunt's time is found by doubling the hunts from 2,000 until a run takes
# 2 s: the last two runs' difference, over the hunts it adds, leaves the
# start-up (loading the data, building a map's routes) out.
play() {
	local secs="$1" name="$2" n=1000 prev=0 took=0 hunts
	shift 2
	while [ "$took" -lt 2000000000 ]; do
		n=$((n * 2))
		prev=$took
		cpu "$tmp/balance" run "$@" -hunts "$n" -workers 1 -card-hunts 0 -quiet
	done
	if [ "$prev" = 0 ]; then # the first run took 2 s: its hunts, start-up and all
		hunts=$((n * secs * 1000000000 / took))
	else
		hunts=$((n / 2 * secs * 1000000000 / (took - prev > 1 ? took - prev : 1)))
	fi
	hunts=$((hunts < n ? n : hunts))
	"$tmp/balance" run "$@" -hunts "$hunts" -workers 1 -quiet -cpuprofile "$tmp/$name.pprof" >/dev/null
	profiles+=("$tmp/$name.pprof")
	echo "pgo.sh: $name: $hunts hunts"
}

# secondsOf GAME: the seconds of play of GAME, SECONDS_OF's or
# SECONDS_PER_GAME.
secondsOf() {
	local w
	for w in $of; do
		if [ "${w%%=*}" = "$1" ]; then
			echo "${w#*=}"
			return
		fi
	done
	echo "$per"
}

# record OUT: one profile of every game's default analysis and of the
# Cazadores maps, merged, in OUT.
record() {
	local game sc def
	profiles=()
	for game in $games; do
		play "$(secondsOf "$game")" "$game" -game "$game"
	done
	# The maps: every bundled scenario but the one the default hunt is
	# played on, already in the profile of its game.
	def="$(awk '$1 == "default" { for (i = 4; i < NF; i++) if ($i == "-scenario") print $(i + 1) }' benchmarks/instructions.txt)"
	for sc in $("$tmp/balance" list scenarios); do
		[ "$sc" = "$def" ] || play "$permap" "map-$sc" -scenario "$sc"
	done
	go tool pprof -proto "${profiles[@]}" >"$1" 2>/dev/null
}

# score PROFILE: the mean over the rows of counted / recorded instructions,
# built with PROFILE.
score() {
	benchmarks/instructions.sh -pgo "$1" -table -rows "$rows" | awk '
	NR > 1 && $4 > 0 { s += $3 / $4; n++ }
	END {
		if (n == 0) { print "pgo.sh: no row of instructions.txt matches ROWS" > "/dev/stderr"; exit 1 }
		printf "%.5f\n", s / n
	}'
}

if [ "$tries" = 1 ]; then
	record "$tmp/merged.pgo"
	mv "$tmp/merged.pgo" cmd/balance/default.pgo
	echo "pgo.sh: cmd/balance/default.pgo from every game, about $per s each, and each map, about $permap s"
	exit
fi
best="" bestScore=""
if [ -f cmd/balance/default.pgo ]; then
	cp cmd/balance/default.pgo "$tmp/try0.pgo"
	best="$tmp/try0.pgo" bestScore="$(score "$best")"
	echo "pgo.sh: the profile in cmd/balance/default.pgo: $bestScore of the recorded figures"
fi
for k in $(seq 1 "$tries"); do
	record "$tmp/try$k.pgo"
	s="$(score "$tmp/try$k.pgo")"
	echo "pgo.sh: try $k: $s of the recorded figures"
	if [ -z "$bestScore" ] || awk -v a="$s" -v b="$bestScore" 'BEGIN { exit !(a < b) }'; then
		best="$tmp/try$k.pgo" bestScore="$s"
	fi
done
cp "$best" cmd/balance/default.pgo.tmp
mv cmd/balance/default.pgo.tmp cmd/balance/default.pgo
echo "pgo.sh: cmd/balance/default.pgo is $(basename "$best" .pgo | sed 's/try0/the profile it had/'): $bestScore of the recorded figures"
