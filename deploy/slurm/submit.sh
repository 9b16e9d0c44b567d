#!/usr/bin/env bash
# submit.sh: a balance run split into shards as a Slurm job array, and the
# merge of its tally files as a job that starts once every shard succeeded.
#
#   deploy/slurm/submit.sh -n SHARDS -o DIR [-b BALANCE] [-- RUN-FLAGS...]
#
# -n SHARDS   how many shards (array tasks 0..SHARDS-1)
# -o DIR      where the shards' tally files (DIR/shards), the job logs
#             (DIR/logs) and the merged report (DIR/report, DIR/summary.json)
#             go; it must be on a file system every node sees
# -b BALANCE  the balance binary the nodes run (default: balance on PATH);
#             every shard and the merge must run the same build
# RUN-FLAGS   the flags of 'balance run' (-hunts, -seed, -adversary, -set,
#             -data, ...), the same for every shard; -data is passed on to
#             the merge as well
#
# Other sbatch options (partition, account, time limit) come from the
# environment sbatch reads (SBATCH_PARTITION, SBATCH_ACCOUNT,
# SBATCH_TIMELIMIT, ...) or from #SBATCH lines added to the two job scripts.
# Prints the two job ids: the array's, then the merge's.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
usage() {
	sed -n '4,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

shards="" out="" balance="balance"
while getopts "n:o:b:h" opt; do
	case "$opt" in
	n) shards="$OPTARG" ;;
	o) out="$OPTARG" ;;
	b) balance="$OPTARG" ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
if [ "${1:-}" = "--" ]; then
	shift
fi
if ! [[ "$shards" =~ ^[1-9][0-9]*$ ]]; then
	echo "submit.sh: -n SHARDS must be a whole number of at least 1 (got '${shards}')" >&2
	usage
fi
if [ -z "$out" ]; then
	echo "submit.sh: -o DIR is required" >&2
	usage
fi

# The binary and the output directory as absolute paths: the jobs start in
# the directory sbatch was called from, which need not be this one.
if [[ "$balance" == */* ]]; then
	balance="$(cd "$(dirname "$balance")" && pwd)/$(basename "$balance")"
fi
mkdir -p "$out/shards" "$out/logs"
out="$(cd "$out" && pwd)"

# -data DIR of the run is the merge's too (its data hash is checked).
merge_flags=()
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
	case "${args[i]}" in
	-data | --data) merge_flags+=(-data "${args[i + 1]:-}") ;;
	-data=* | --data=*) merge_flags+=("${args[i]}") ;;
	esac
done

array=$(sbatch --parsable --array="0-$((shards - 1))" \
	--output="$out/logs/shard-%a.out" \
	--export="ALL,BALANCE=$balance,BALANCE_OUT=$out" \
	"$here/shards.sbatch" "$@")
array="${array%%;*}"
merge=$(sbatch --parsable --dependency="afterok:$array" \
	--output="$out/logs/merge.out" \
	--export="ALL,BALANCE=$balance,BALANCE_OUT=$out" \
	"$here/merge.sbatch" "${merge_flags[@]}")
merge="${merge%%;*}"
echo "$array"
echo "$merge"
