#!/bin/bash
# Side-by-side: Fast Downward's astar(lmcut()) and goap pddl (forward
# LM-cut, its default) on the same instances, 30 s of search each, the two
# planners running at once on one core each.
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
    log=$(GOMAXPROCS=1 timeout 60 "$out/goap" pddl --timeout 30s "$dom" "$t" 2>&1 || true)
    cost=$(echo "$log" | grep -m1 "; cost = " | awk '{print $NF}')
    line=$(echo "$log" | grep -m1 "; search:" || true)
    exp=$(echo "$line" | sed -n 's/.*, \([0-9]*\) expanded.*/\1/p')
    st=$(echo "$line" | awk '{print $NF}')
    printf '%s\t%s\t%s\t%s\t%s\n' "$d" "$b" "${cost:--}" "${exp:--}" "${st:--}" >> "$out/goap.tsv"
  done
}
runfd & rungoap & wait
python3 "$here/table.py" "$out/fd.tsv" "$out/goap.tsv"
