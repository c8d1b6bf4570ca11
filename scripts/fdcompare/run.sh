#!/bin/bash
# Side-by-side: Fast Downward's astar(lmcut()) and goap pddl (forward
# LM-cut, its default) on the same instances, the two planners running at
# once on one core each. Both are measured in CPU time, as FD reports its
# search: goap's search line gives its search's CPU time (rusage), and a
# search over 30 s of CPU counts as not solved; the process is stopped at
# 40 s of CPU (ulimit -t: grounding included), not of wall clock, so a
# loaded machine does not make goap look slower than it is.
#
#   scripts/fdcompare/run.sh FD_DIR BENCH_DIR OUT_DIR
#
# FD_DIR: a Fast Downward checkout built with ./build.py release.
# BENCH_DIR: a checkout of github.com/aibasel/downward-benchmarks (for
# rovers); the other instances come from ../shared/pddl.
# Writes OUT_DIR/fd.tsv, OUT_DIR/goap.tsv and prints the table (table.py).
set -eu
fd=$1 bench=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
shared=${SHARED_PDDL:-$root/../shared/pddl}
mkdir -p "$out"
go build -o "$out/goap" "$root/cmd/goap"
list() {
  for d in gripper blocks logistics miconic elevators-opt08-strips; do
    for t in "$shared/$d"/*.pddl; do
      b=$(basename "$t" .pddl); [ "$b" = domain ] && continue
      echo "$d $b $shared/$d/domain.pddl $t"
    done
  done
  for i in 01 02 03 04 05 06 07 08 09 10; do
    echo "rovers p$i $bench/rovers/domain.pddl $bench/rovers/p$i.pddl"
  done
}
runfd() {
  : > "$out/fd.tsv"
  list | while read -r d b dom t; do
    log=$(cd "$out" && timeout 40 "$fd/fast-downward.py" --search-time-limit 30s "$dom" "$t" --search "astar(lmcut())" 2>&1 || true)
    cost=$(echo "$log" | grep -m1 "Plan cost:" | awk '{print $NF}')
    exp=$(echo "$log" | grep -m1 "] Expanded [0-9]* state" | sed 's/.*Expanded \([0-9]*\) state.*/\1/')
    st=$(echo "$log" | grep -m1 "Search time:" | sed 's/.*Search time: \([0-9.]*\)s.*/\1/')
    printf '%s\t%s\t%s\t%s\t%s\n' "$d" "$b" "${cost:--}" "${exp:--}" "${st:--}" >> "$out/fd.tsv"
  done
}
rungoap() {
  : > "$out/goap.tsv"
  list | while read -r d b dom t; do
    log=$( (ulimit -t 40; GOMAXPROCS=1 "$out/goap" pddl --timeout 1h "$dom" "$t") 2>&1 || true)
    cost=$(echo "$log" | grep -m1 "; cost = " | awk '{print $NF}')
    line=$(echo "$log" | grep -m1 "; search:" || true)
    exp=$(echo "$line" | sed -n 's/.*, \([0-9]*\) expanded.*/\1/p')
    st=$(echo "$line" | sed -n 's/.*, cpu \([^ ,]*\).*/\1/p')
    # Over 30 s of search CPU: not solved within FD's limit.
    if [ -n "$st" ] && python3 -c "import sys; sys.path.insert(0, '$here'); from table import dur; sys.exit(0 if dur('$st') > 30 else 1)"; then
      cost=-
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$d" "$b" "${cost:--}" "${exp:--}" "${st:--}" >> "$out/goap.tsv"
  done
}
runfd & rungoap & wait
python3 "$here/table.py" "$out/fd.tsv" "$out/goap.tsv"
