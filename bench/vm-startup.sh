#!/usr/bin/env bash
# The start-up numa vm adds to a run: a trivial main, plain java against `bin/numa vm` (one JVM, the application's)
# and against `java -jar numa-agent.jar vm` (the launcher JVM first, then the application's), with no feature, with
# PerfUtil and with NUMAOpts. Runs interleaved, prints the median wall time of each in ms.
#   bench/vm-startup.sh [runs]      (default 11; needs the agent jar: mvn -B -q package -DskipTests)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-11}"
jar="${NUMA_AGENT_JAR:-$root/com.numa.vm/target/numa-agent.jar}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/Hello.java" <<'JAVA'
public class Hello { public static void main(String[] a) { System.out.println("hello"); } }
JAVA
"${JAVA_HOME:+$JAVA_HOME/bin/}javac" -d "$work" "$work/Hello.java"

variants=(plain vm-none launcher-none vm-perfutil launcher-perfutil vm-opts launcher-opts)
command_of() {
    local perf="-XX:PerfUtilOutput=$work/p.csv"
    case "$1" in
        plain) echo "$java -cp $work Hello" ;;
        vm-none) echo "$root/bin/numa vm -cp $work Hello" ;;
        launcher-none) echo "$java -jar $jar vm -cp $work Hello" ;;
        vm-perfutil) echo "$root/bin/numa vm -XX:+PerfUtil $perf -cp $work Hello" ;;
        launcher-perfutil) echo "$java -jar $jar vm -XX:+PerfUtil $perf -cp $work Hello" ;;
        vm-opts) echo "$root/bin/numa vm -XX:+NUMAOpts -XX:NUMATopology=2 -cp $work Hello" ;;
        launcher-opts) echo "$java -jar $jar vm -XX:+NUMAOpts -XX:NUMATopology=2 -cp $work Hello" ;;
    esac
}
for v in "${variants[@]}"; do : > "$work/$v.ms"; done
for ((r = 0; r < runs; r++)); do
    for v in "${variants[@]}"; do
        start=$(date +%s%N)
        $(command_of "$v") > /dev/null 2>&1
        echo $(( ($(date +%s%N) - start) / 1000000 )) >> "$work/$v.ms"
    done
done
printf '%-20s %10s\n' variant median_ms
for v in "${variants[@]}"; do
    printf '%-20s %10s\n' "$v" "$(sort -n "$work/$v.ms" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')"
done
