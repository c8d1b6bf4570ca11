#!/bin/bash
# Side-by-side: Fast Downward's astar(lmcut()) and goap pddl (forward
# LM-cut, its default) on the same instances, the two planners running at
# once on one core each, measured in CPU time and peak memory.
#
#   scripts/fdcompare/run.sh FD_DIR BENCH_DIR OUT_DIR
#
# FD_DIR: a Fast Downward checkout built with ./build.py release.
# BENCH_DIR: a checkout of github.com/aibasel/downward-benchmarks (for
# rovers); the other instances come from ../shared/pddl.
# Writes OUT_DIR/fd.tsv, OUT_DIR/goap.tsv, OUT_DIR/settings.txt and prints
# the table (table.py).
#
# Time: both sides in CPU time. FD's is its "Search time" (process CPU
# time); goap's is its search line's cpu (rusage, grounding excluded). A
# search over 30 s of CPU counts as not solved. FD's search process gets
# the limits its driver's --search-time-limit 30s sets (RLIMIT_CPU 30 s
# soft, 31 s hard); goap's process is stopped at 40 s of CPU (ulimit -t,
# grounding included). The wall-clock timeouts are only a safety net, so a
# loaded machine does not cut either side short.
#
# Memory, in KB: FD's own "Peak memory" line (VmPeak: the search
# process's peak virtual size, pages never touched included) and the max
# RSS of its search process (/usr/bin/time -f %M, the same search run;
# the translator runs first as a separate process, its max RSS is kept in
# fd.tsv too); goap's max RSS the same way, one process grounding and
# searching, at GOMAXPROCS=1 with GOGC and GOMEMLIMIT unset (the runtime's
# defaults). If MEMLIMIT is set and not empty (say MEMLIMIT=64MiB), each
# instance goap solved is run again under GOMEMLIMIT=$MEMLIMIT for
# three more columns (cost, search cpu, max RSS).
#
# GOAP_FLAGS adds flags to goap pddl (say GOAP_FLAGS=--no-symmetry, to
# search as FD's astar(lmcut()) does, without symmetry).
# ONLY=goap runs goap alone against the fd.tsv already in OUT_DIR (FD's
# figures do not change when goap does); ONLY=fd runs FD alone.
set -eu
fd=$1 bench=$2 out=$3
only=${ONLY:-}
memlimit=${MEMLIMIT:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
shared=${SHARED_PDDL:-$root/../shared/pddl}
case "$only" in
  ''|fd|goap) ;;
  *) echo "ONLY: got '$only': want fd, goap or empty" >&2; exit 2 ;;
esac
if [ "$only" = goap ] && [ ! -s "$out/fd.tsv" ]; then
  echo "ONLY=goap needs $out/fd.tsv from an earlier run" >&2; exit 2
fi
[ -x /usr/bin/time ] || { echo "needs GNU time at /usr/bin/time (apt package time)" >&2; exit 2; }
mkdir -p "$out"
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
# rss FILE: the %M /usr/bin/time wrote last in FILE (it writes "Command
# exited with non-zero status N" or "Command terminated by signal N" first
# when the process did not end well), or - if there is none.
rss() { r=$(tail -n 1 "$1" 2>/dev/null || true); case "$r" in ''|*[!0-9]*) echo -;; *) echo "$r";; esac; }
# fd.tsv: domain, instance, cost, expanded, search s (CPU), Peak memory KB
# (VmPeak), search max RSS KB, translator max RSS KB.
runfd() {
  w=$out/fdwork
  mkdir -p "$w"
  : > "$out/fd.tsv"
  list | while read -r d b dom t; do
    rm -f "$w/task.sas" "$w/sas_plan" "$w/translate.rss" "$w/search.rss"
    (cd "$w" && timeout 300 /usr/bin/time -f %M -o translate.rss "$fd/fast-downward.py" --translate --sas-file task.sas "$dom" "$t" > translate.log 2>&1 || true)
    log=
    if [ -s "$w/task.sas" ]; then
      log=$(cd "$w" && ulimit -S -t 30 && ulimit -H -t 31 && timeout 300 /usr/bin/time -f %M -o search.rss "$fd/builds/release/bin/downward" --search "astar(lmcut())" --internal-plan-file sas_plan < task.sas 2>&1 || true)
    fi
    cost=$(echo "$log" | grep -m1 "Plan cost:" | awk '{print $NF}')
    exp=$(echo "$log" | grep -m1 "] Expanded [0-9]* state" | sed 's/.*Expanded \([0-9]*\) state.*/\1/')
    st=$(echo "$log" | grep -m1 "Search time:" | sed 's/.*Search time: \([0-9.]*\)s.*/\1/')
    peak=$(echo "$log" | grep -m1 "Peak memory:" | sed -n 's/.*Peak memory: \([0-9]*\) KB.*/\1/p')
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$d" "$b" "${cost:--}" "${exp:--}" "${st:--}" "${peak:--}" \
      "$(rss "$w/search.rss")" "$(rss "$w/translate.rss")" >> "$out/fd.tsv"
  done
}
# goap1 RSSFILE DOMAIN PROBLEM [ENV...]: one goap run; prints cost,
# expanded and search cpu, tab-separated, the cost - when not solved
# within 30 s of search CPU.
goap1() {
  local f=$1 dom=$2 t=$3 log cost line exp st; shift 3
  log=$( (ulimit -t 40; env -u GOGC -u GOMEMLIMIT GOMAXPROCS=1 "$@" /usr/bin/time -f %M -o "$f" "$out/goap" pddl --timeout 1h ${GOAP_FLAGS:-} "$dom" "$t") 2>&1 || true)
  cost=$(echo "$log" | grep -m1 "; cost = " | awk '{print $NF}')
  line=$(echo "$log" | grep -m1 "; search:" || true)
  exp=$(echo "$line" | sed -n 's/.*, \([0-9]*\) expanded.*/\1/p')
  st=$(echo "$line" | sed -n 's/.*, cpu \([^ ,]*\).*/\1/p')
  # Over 30 s of search CPU: not solved within FD's limit.
  if [ -n "$st" ] && python3 -c "import sys; sys.path.insert(0, '$here'); from table import dur; sys.exit(0 if dur('$st') > 30 else 1)"; then
    cost=-
  fi
  printf '%s\t%s\t%s' "${cost:--}" "${exp:--}" "${st:--}"
}
# goap.tsv: domain, instance, cost, expanded, search cpu, max RSS KB; with
# MEMLIMIT, then cost, search cpu and max RSS KB under GOMEMLIMIT.
rungoap() {
  : > "$out/goap.tsv"
  list | while read -r d b dom t; do
    rm -f "$out/goap.rss" "$out/goap.ml.rss"
    row="$d	$b	$(goap1 "$out/goap.rss" "$dom" "$t")	$(rss "$out/goap.rss")"
    if [ -n "$memlimit" ]; then
      if [ "$(echo "$row" | cut -f3)" != - ]; then
        ml=$(goap1 "$out/goap.ml.rss" "$dom" "$t" GOMEMLIMIT="$memlimit")
        row="$row	$(echo "$ml" | cut -f1)	$(echo "$ml" | cut -f3)	$(rss "$out/goap.ml.rss")"
      else
        row="$row	-	-	-"
      fi
    fi
    printf '%s\n' "$row" >> "$out/goap.tsv"
  done
}
if [ "$only" != fd ]; then
  go build -o "$out/goap" "$root/cmd/goap"
  {
    echo "goap: $(git -C "$root" describe --always --dirty) $(go version | awk '{print $3}'), GOMAXPROCS=1, GOGC and GOMEMLIMIT unset${GOAP_FLAGS:+, flags $GOAP_FLAGS}${memlimit:+; second run at GOMEMLIMIT=$memlimit}"
    echo "machine: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    date -u +%Y-%m-%dT%H:%MZ
  } > "$out/settings.goap.txt"
fi
if [ "$only" != goap ]; then
  echo "fd: $(git -C "$fd" describe --always --dirty 2>/dev/null || echo unknown), astar(lmcut()), RLIMIT_CPU 30/31 s" > "$out/settings.fd.txt"
fi
case "$only" in
  fd) runfd ;;
  goap) rungoap ;;
  *) runfd & rungoap & wait ;;
esac
if [ -s "$out/fd.tsv" ] && [ -s "$out/goap.tsv" ]; then
  python3 "$here/table.py" "$out/fd.tsv" "$out/goap.tsv" "$shared/optimal.tsv"
fi
