#!/usr/bin/env bash
# render.sh: the Kubernetes manifests of a balance run split into shards,
# printed to standard output for kubectl apply -f -.
#
#   deploy/k8s/render.sh -n SHARDS -i IMAGE [-p PARALLEL] [-c CPUS] [-m NAME] [-- RUN-FLAGS...]
#
# -n SHARDS    how many shards (completion indices 0..SHARDS-1)
# -i IMAGE     the balance image (deploy/k8s/Dockerfile), the same for
#              every shard and the merge
# -p PARALLEL  how many shards run at once (default: all of them)
# -c CPUS      CPUs per shard, and its workers (default 1)
# -m NAME      the name the volume and both Jobs start with (default balance)
# RUN-FLAGS    the flags of 'balance run' (-hunts, -seed, -adversary,
#              -set, ...), the same for every shard
#
# Prints three documents: the volume (volume.yaml), the shards' Indexed Job
# (shards-job.yaml) and the merge Job (merge-job.yaml). Apply the first
# two, wait for the shards, then apply the third:
#
#   render.sh -n 16 -i REGISTRY/balance:TAG -- -hunts 10000000 > run.yaml
#   kubectl apply -f run.yaml -l balance.step=shards
#   kubectl wait --for=condition=complete --timeout=24h job/balance-shards
#   kubectl apply -f run.yaml -l balance.step=merge
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
usage() {
	sed -n '4,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

shards="" image="" parallel="" cpus=1 name=balance
while getopts "n:i:p:c:m:h" opt; do
	case "$opt" in
	n) shards="$OPTARG" ;;
	i) image="$OPTARG" ;;
	p) parallel="$OPTARG" ;;
	c) cpus="$OPTARG" ;;
	m) name="$OPTARG" ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
if [ "${1:-}" = "--" ]; then
	shift
fi
whole() { [[ "$1" =~ ^[1-9][0-9]*$ ]]; }
if ! whole "$shards"; then
	echo "render.sh: -n SHARDS must be a whole number of at least 1 (got '${shards}')" >&2
	usage
fi
if [ -z "$image" ]; then
	echo "render.sh: -i IMAGE is required" >&2
	usage
fi
parallel="${parallel:-$shards}"
if ! whole "$parallel" || ! whole "$cpus"; then
	echo "render.sh: -p and -c must be whole numbers of at least 1" >&2
	usage
fi
if ! [[ "$name" =~ ^[a-z0-9]([-a-z0-9]{0,40}[a-z0-9])?$ ]]; then
	echo "render.sh: -m NAME must be lower-case letters, digits and '-' (a Kubernetes name), at most 42 characters" >&2
	usage
fi

# quote prints its arguments as a YAML flow sequence of double-quoted
# strings (JSON strings are YAML), so that no flag is read as a number,
# a boolean or a null.
quote() {
	local out="" a
	for a in "$@"; do
		a="${a//\\/\\\\}"
		a="${a//\"/\\\"}"
		out+="${out:+, }\"$a\""
	done
	printf '[%s]' "$out"
}

shard_args=$(quote run "$@" -shards "$shards" -shard auto -tally '/tallies/shards/$(SHARD).json' -workers "$cpus" -quiet)
tallies=()
for ((k = 0; k < shards; k++)); do
	tallies+=("/tallies/shards/$k.json")
done
merge_flags=()
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
	case "${args[i]}" in
	-data | --data) merge_flags+=(-data "${args[i + 1]:-}") ;;
	-data=* | --data=*) merge_flags+=("${args[i]}") ;;
	esac
done
merge_args=$(quote merge "${tallies[@]}" "${merge_flags[@]}" -out /tallies/report -json /tallies/summary.json)

render() {
	local s
	s="$(cat "$1")"
	s="${s//'${NAME}'/$name}"
	s="${s//'${SHARDS}'/$shards}"
	s="${s//'${PARALLELISM}'/$parallel}"
	s="${s//'${CPUS}'/$cpus}"
	s="${s//'${IMAGE}'/$image}"
	s="${s//'${SHARD_ARGS}'/$shard_args}"
	s="${s//'${MERGE_ARGS}'/$merge_args}"
	printf '%s\n' "$s"
}
render "$here/volume.yaml"
echo ---
render "$here/shards-job.yaml"
echo ---
render "$here/merge-job.yaml"
