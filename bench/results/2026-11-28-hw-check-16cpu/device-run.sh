#!/usr/bin/env bash
# One device command: unpack the carried JDK, tools/hw-check, then the validation corpus and six applications
# characterized on this machine's CPUs, each under a timeout so that the whole ends inside LIMIT seconds.
# Usage: .hwc/run.sh COMMIT [LIMIT] [small]   (small: a mechanics check with the smallest subsets)
set -u
start=$(date +%s)
commit=${1:-unknown}; limit=${2:-530}; small=${3:-}
root=$(pwd)
out=${OUT:-/tmp/devout}; mkdir -p "$out"
log() { echo "[$(( $(date +%s) - start )) s] $*" | tee -a "$out/run.log"; }
left() { local l=$(( limit - ($(date +%s) - start) )); (( l > $1 )) && echo "$1" || echo $(( l > 5 ? l : 5 )); }
jdk=/tmp/hwc-jdk; rm -rf "$jdk"; mkdir -p "$jdk"
tar -xJf .hwc/jdk17.tar.xz -C "$jdk" || { log "JDK unpack failed"; exit 3; }
export JAVA_HOME=$jdk/jl17 PATH=$jdk/jl17/bin:$PATH NUMA_APPS_DIR=$root/.hwc/apps NUMA_COMMIT=$commit
log "java: $(java -version 2>&1 | head -1)"
{ echo "== nproc"; nproc; echo "== lscpu"; lscpu; echo "== numactl -H"; numactl -H; echo "== nodes";
  ls /sys/devices/system/node; echo "== event sources"; ls /sys/bus/event_source/devices;
  echo "== perf_event_paranoid / numa_balancing"; cat /proc/sys/kernel/perf_event_paranoid /proc/sys/kernel/numa_balancing;
  echo "== uname"; uname -a; echo "== memory"; free -g; cat /sys/kernel/mm/transparent_hugepage/enabled;
  echo "== cgroup"; cat /sys/fs/cgroup/cpu.max /proc/self/cgroup; echo "== load"; cat /proc/loadavg; } > "$out/machine.txt" 2>&1
only=(); [[ -n "$small" ]] && only=(--only gc-replay)
log "hw-check"
timeout "$(left 480)" tools/hw-check --out /tmp/hwc "${only[@]}" > "$out/hw-check.log" 2>&1; log "hw-check rc $?"
tar -czf "$out/hw-check.tar.gz" -C /tmp hwc
vbench=(); [[ -n "$small" ]] && vbench=(--bench invoke-all)
log "validation"
timeout "$(left 200)" bin/numa characterize --suite validation --quick --configs single --out /tmp/val "${vbench[@]}" \
    > /tmp/val.log 2>&1; log "validation rc $?"
mkdir -p /tmp/valk; cp /tmp/val.log /tmp/val/*.csv /tmp/val/characterization.json /tmp/valk/ 2>/dev/null
tar -czf "$out/validation.tar.gz" -C /tmp valk
apps=h2,luindex,lusearch,xalan,rx-scrabble,future-genetic; [[ -n "$small" ]] && apps=h2
log "apps $apps"
timeout "$(left 130)" bin/numa characterize -XX:NUMATopology=2 --suite apps --quick --bench "$apps" --out /tmp/apps \
    > /tmp/apps.log 2>&1; log "apps rc $?"
mkdir -p /tmp/appsk; cp /tmp/apps.log /tmp/apps/*.csv /tmp/apps/characterization.json /tmp/appsk/ 2>/dev/null
tar -czf "$out/apps.tar.gz" -C /tmp appsk
# with the time left: the profiler's slowdown and the optimizer's ratio again, with 3 runs each (issue 11's targets)
mkdir -p /tmp/extra; cd /tmp/extra
extra_apps=h2,luindex,lusearch,xalan; [[ -n "$small" ]] && extra_apps=h2
log "profiler x3 $extra_apps"
timeout "$(left 150)" java -Dnuma.agent.jar="$root/com.numa.vm/target/numa-agent.jar" -Dnuma.apps.dir="$NUMA_APPS_DIR" \
    -cp "$root/apps/target/test-classes:$root/apps/target/classes:$root/com.numa.vm/target/numa-agent.jar" \
    com.numa.apps.AppsProfilerSlowdown 3 small "$extra_apps" > profiler3.csv 2> profiler3.log; log "profiler x3 rc $?"
log "optimizer x3"
timeout "$(left 150)" java -Dnuma.apps.dir="$NUMA_APPS_DIR" -cp "$root/bench/target/benchmarks.jar" \
    com.numa.bench.opt.OptDoNoHarm --runs 3 --scale 0.5 --size small --warmup 1 --iterations 2 --suites bench,apps \
    --only "balanced-workers,hashmap,matrix,$extra_apps" --agent-jar "$root/com.numa.vm/target/numa-agent.jar" \
    --csv /tmp/extra/opt3.csv > opt3.log 2>&1; log "optimizer x3 rc $?"
cd "$root"; tar -czf "$out/extra.tar.gz" -C /tmp extra
log "done; load $(cat /proc/loadavg)"
