#!/usr/bin/env bash
# What `numa diagnose` costs: each program alone, under the default diagnosis and under --exact; prints the wall times,
# the ratios to the program alone and each mode's first sharing issue (kind and site), so that the two can be compared.
#
#   bench/diagnose-cost.sh [--no-exact] [--counters N,N,...] [--builtin threads=2,size=small,...]
#                          [--workloads SerialWalk,...|none]
#
# Programs: com.numa.profiler.groundtruth.CountingThreadsProgram (a long[4] field, four threads each incrementing its own
# element: false sharing; and one AtomicLong all four increment: true sharing) at each --counters size (increments per
# thread), and the built-in suite's seven workloads (com.numa.characterize.builtin, from the agent jar) with the
# --builtin arguments (--workloads: which of them). Needs the agent jar and the profiler's test classes:
#   mvn -B -q -o package -DskipTests -pl com.numa.vm -am && mvn -B -q -o test-compile -pl com.numa.profiler -am
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
numa="$root/bin/numa"
agent="${NUMA_AGENT_JAR:-$root/com.numa.vm/target/numa-agent.jar}"
programs="$root/com.numa.profiler/target/test-classes"
exact=1
counters="10000000,50000000"
builtin="threads=2,size=small,warmup=0,iterations=1"
workloads="SerialWalk,HalfCoresWalk,DominantWorker,UnevenKMeans,ParallelWalk,SharedDictionary,DiningPhilosophers"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-exact) exact=0; shift ;;
        --counters) counters="$2"; shift 2 ;;
        --builtin) builtin="$2"; shift 2 ;;
        --workloads) workloads="$2"; shift 2 ;;
        *) echo "diagnose-cost: unknown option $1 (see the comment at the top)" >&2; exit 2 ;;
    esac
done
[[ -f "$agent" ]] || { echo "diagnose-cost: no agent jar at $agent: build it first" >&2; exit 2; }
[[ -d "$programs/com/numa/profiler/groundtruth" ]] || { echo "diagnose-cost: no $programs: mvn -B -q -o test-compile -pl com.numa.profiler -am" >&2; exit 2; }
export NUMA_AGENT_JAR="$agent"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

# The first false- or true-sharing row of issues.csv in $1: kind and site.
first_sharing() {
    awk -F, 'NR > 1 && ($2 == "false-sharing" || $2 == "true-sharing") { print $2 " at " $6; exit }' "$1/issues.csv" \
        2>/dev/null || true
}

# name, then the java arguments
measure() {
    local name="$1"; shift
    local t0 alone sampled full="" top_sampled top_full="-"
    t0=$(date +%s%N); "$java" "$@" >/dev/null 2>&1; alone=$(ms "$t0")
    t0=$(date +%s%N); "$numa" diagnose --out "$work/sampled" -- "$@" >/dev/null 2>&1; sampled=$(ms "$t0")
    top_sampled="$(first_sharing "$work/sampled")"
    if [[ $exact -eq 1 ]]; then
        t0=$(date +%s%N); "$numa" diagnose --exact --out "$work/exact" -- "$@" >/dev/null 2>&1; full=$(ms "$t0")
        top_full="$(first_sharing "$work/exact")"
    fi
    awk -v n="$name" -v a="$alone" -v s="$sampled" -v f="$full" -v ts="${top_sampled:-none}" -v tf="${top_full:-none}" \
        'BEGIN { printf "| %s | %d | %d | %.1fx | %s | %s | %s | %s |\n", n, a, s, s / a, (f == "" ? "-" : f),
                 (f == "" ? "-" : sprintf("%.1fx", f / a)), ts, tf }'
}

echo "| program | alone ms | default ms | default / alone | --exact ms | --exact / alone | default's first sharing issue | --exact's |"
echo "|---|---|---|---|---|---|---|---|"
IFS=, read -ra sizes <<< "$counters"
for n in "${sizes[@]}"; do
    for mode in slots shared; do
        measure "counters $mode $n" -cp "$programs" com.numa.profiler.groundtruth.CountingThreadsProgram "$mode" "$n"
    done
done
IFS=, read -ra args <<< "$builtin"
IFS=, read -ra mains <<< "$workloads"
for main in "${mains[@]}"; do
    [[ "$main" == none ]] && continue
    measure "builtin $main" -cp "$agent" "com.numa.characterize.builtin.$main" "${args[@]}"
done
