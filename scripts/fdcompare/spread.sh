#!/bin/bash
# How much Fast Downward's own expansion count moves when only the objects'
# names change, against goap's: both planners on every instance that
# OUT_DIR/fd.tsv (run.sh) has FD solve, under renamings 0, 1 and 2
# (rename.py), one planner per core.
#
#   scripts/fdcompare/spread.sh FD_DIR BENCH_DIR OUT_DIR
#
# OUT_DIR must hold run.sh's fd.tsv and goap.tsv (the original names).
# Writes OUT_DIR/{fd,goap}.vN.tsv and prints the comparison (spread.py).
set -eu
fd=$1 bench=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
shared=${SHARED_PDDL:-$root/../shared/pddl}
go build -o "$out/goap" "$root/cmd/goap"
domain() { if [ "$1" = rovers ]; then echo "$bench/rovers/domain.pddl"; else echo "$shared/$1/domain.pddl"; fi; }
problem() { if [ "$1" = rovers ]; then echo "$bench/rovers/$2.pddl"; else echo "$shared/$1/$2.pddl"; fi; }
awk -F'\t' '$3 != "-" {print $1, $2}' "$out/fd.tsv" > "$out/solved.txt"
for s in 0 1 2; do
  while read -r d b; do
    mkdir -p "$out/v$s/$d"
    python3 "$here/rename.py" "$(problem "$d" "$b")" "$out/v$s/$d/$b.pddl" "$s"
  done < "$out/solved.txt"
done
runfd() {
  for s in 0 1 2; do
    : > "$out/fd.v$s.tsv"
    while read -r d b; do
      log=$(cd "$out" && timeout 100 "$fd/fast-downward.py" --search-time-limit 60s "$(domain "$d")" "$out/v$s/$d/$b.pddl" --search "astar(lmcut())" 2>&1 || true)
      cost=$(echo "$log" | grep -m1 "Plan cost:" | awk '{print $NF}')
      exp=$(echo "$log" | grep -m1 "] Expanded [0-9]* state" | sed 's/.*Expanded \([0-9]*\) state.*/\1/')
      printf '%s\t%s\t%s\t%s\n' "$d" "$b" "${cost:--}" "${exp:--}" >> "$out/fd.v$s.tsv"
    done < "$out/solved.txt"
  done
}
rungoap() {
  for s in 0 1 2; do
    : > "$out/goap.v$s.tsv"
    while read -r d b; do
      log=$(GOMAXPROCS=1 timeout 100 "$out/goap" pddl --timeout 60s "$(domain "$d")" "$out/v$s/$d/$b.pddl" 2>&1 || true)
      cost=$(echo "$log" | grep -m1 "; cost = " | awk '{print $NF}')
      exp=$(echo "$log" | grep -m1 "; search:" | sed -n 's/.*, \([0-9]*\) expanded.*/\1/p')
      printf '%s\t%s\t%s\t%s\n' "$d" "$b" "${cost:--}" "${exp:--}" >> "$out/goap.v$s.tsv"
    done < "$out/solved.txt"
  done
}
runfd & rungoap & wait
python3 "$here/spread.py" "$out"
