#!/usr/bin/env bash
# What program coverage's start-up costs `numa diagnose`: each program alone and under `numa diagnose`, with each
# agent jar given, in rounds (one run of every cell per round, so that a burst of load hits all cells alike); prints
# the median wall time of each cell and every run's time.
#
#   bench/profiler-startup.sh [--runs N] [--agents A.jar,B.jar] [--workloads SharedDictionary,...]
#
# Programs: com.numa.profiler.groundtruth.CountingThreadsProgram slots 1 (four threads, one increment each: a trivial
# main) and the built-in suite's workloads (com.numa.characterize.builtin, threads=2 size=small warmup=0 iterations=1,
# from the agent jar). Needs the agent jar and the profiler's test classes:
#   mvn -B -q -o package -DskipTests -pl com.numa.vm -am && mvn -B -q -o test-compile -pl com.numa.profiler -am
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
programs="$root/com.numa.profiler/target/test-classes"
runs=5
agents="${NUMA_AGENT_JAR:-$root/com.numa.vm/target/numa-agent.jar}"
workloads="SharedDictionary,DiningPhilosophers"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --agents) agents="$2"; shift 2 ;;
        --workloads) workloads="$2"; shift 2 ;;
        *) echo "profiler-startup: unknown option $1 (see the comment at the top)" >&2; exit 2 ;;
    esac
done
[[ -d "$programs/com/numa/profiler/groundtruth" ]] || { echo "profiler-startup: no $programs: mvn -B -q -o test-compile -pl com.numa.profiler -am" >&2; exit 2; }
IFS=, read -ra jars <<< "$agents"
IFS=, read -ra mains <<< "$workloads"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
declare -A times

ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

# cell name, then the command
run() {
    local cell="$1" t0; shift
    t0=$(date +%s%N); "$@" >/dev/null 2>&1 || echo "profiler-startup: $cell exited $?" >&2; times[$cell]+="$(ms "$t0") "
}

# program name, then the java arguments; @AGENT@ among them is each cell's agent jar (the built-in workloads' classes
# come from it, and so then do the agent's own: a class on -cp is found there before the -javaagent jar)
cells() {
    local name="$1"; shift
    run "$name|alone" "$java" "${@//@AGENT@/${jars[0]}}"
    for jar in "${jars[@]}"; do
        run "$name|$(basename "$jar")" env NUMA_AGENT_JAR="$jar" "$root/bin/numa" diagnose --out "$work/d" -- "${@//@AGENT@/$jar}"
    done
}

for ((r = 1; r <= runs; r++)); do
    cells "trivial main" -cp "$programs" com.numa.profiler.groundtruth.CountingThreadsProgram slots 1
    for main in "${mains[@]}"; do
        cells "builtin $main" -cp @AGENT@ "com.numa.characterize.builtin.$main" threads=2 size=small warmup=0 iterations=1
    done
done

median() { tr ' ' '\n' | grep . | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2)) }'; }
echo "| program | cell | median ms | runs ms |"
echo "|---|---|---|---|"
for cell in $(printf '%s\n' "${!times[@]}" | tr ' ' '_' | sort); do
    key="${cell//_/ }"
    echo "| ${key%%|*} | ${key#*|} | $(echo "${times[$key]}" | median) | ${times[$key]}|"
done
