#!/bin/bash
# run_suites.sh -- make check's runner: each suite's output goes to its own
# log, and the terminal gets first how long the run should take (the last
# run's times, kept in LOGDIR/suite-seconds.tsv, else the committed
# tests/suite_seconds.tsv), then each suite's name as it starts, a line
# every 30 s while a long one runs, its result (its tests and its time),
# and one final line: all passed, or which suites failed.  A suite's
# deliberate kills (bash's "Killed" lines), its sanitizer notes and its
# progress stay in the log; a failed suite's FAIL lines and last lines are
# shown below its line, with the log's path.
#
#   bash tests/run_suites.sh LOGDIR 'NAME::COMMAND' ... 'NAME::SKIP:why'
#
# COMMAND runs in a subshell (eval), from the current directory.  Exit
# status 0 when every suite passed, else 1.
set -u
logs=$1
shift
mkdir -p "$logs" || exit 1

# How many tests a suite's log reports: cmocka's "[==========] N test(s)
# run." lines summed, a shell test's closing "NAME: P passed, F failed",
# or libFuzzer's "Done N runs" (inputs).  Empty when the log says none.
count_tests() {
    local log=$1 n
    n=$(sed -n 's/^\[==========\] \([0-9]*\) test(s) run\.$/\1/p' "$log" | awk '{s += $1} END {if (NR) print s}')
    if [ -n "$n" ]; then
        echo "$n tests"
        return
    fi
    n=$(sed -n 's/^[A-Za-z_ -]*: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$log" | tail -n 1 |
        awk '{print $1 + $2}')
    if [ -n "$n" ]; then
        echo "$n tests"
        return
    fi
    n=$(sed -n 's/^Done \([0-9]*\) runs in .*/\1/p' "$log" | tail -n 1)
    [ -n "$n" ] && echo "$n inputs"
}

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# Seconds a suite took last (this directory's last run, else the committed
# table); empty when neither knows it.
here=$(cd "$(dirname "$0")" && pwd)
seconds_of() {
    local f
    for f in "$logs/suite-seconds.tsv" "$here/suite_seconds.tsv"; do
        [ -r "$f" ] || continue
        awk -F '\t' -v n="$1" '$1 == n { print $2; found = 1; exit } END { exit !found }' "$f" && return
    done
}

# The estimate, before any suite runs.
expected=0
from="the committed times in tests/suite_seconds.tsv: a plain build, 2 cores"
[ -r "$logs/suite-seconds.tsv" ] && from="the last run's times in $logs/suite-seconds.tsv"
nsuites=0
for spec in "$@"; do
    name=${spec%%::*}
    cmd=${spec#*::}
    [ "${cmd#SKIP:}" != "$cmd" ] && continue
    nsuites=$((nsuites + 1))
    expected=$(awk -v a="$expected" -v b="$(seconds_of "$name")" 'BEGIN { print a + (b == "" ? 0 : b) }')
done
echo "$nsuites suite$([ "$nsuites" -eq 1 ] || echo s), about $(awk -v s="$expected" \
    'BEGIN { if (s < 120) printf "%.0f s", s; else printf "%.0f min", s / 60 }') (from $from)"
: >"$logs/suite-seconds.tsv.new"

start=$(now_ms)
total=0
suites=0
failed=()
for spec in "$@"; do
    name=${spec%%::*}
    cmd=${spec#*::}
    if [ "${cmd#SKIP:}" != "$cmd" ]; then
        printf '%-18s skipped: %s\n' "$name" "${cmd#SKIP:}"
        continue
    fi
    log="$logs/$name.log"
    printf '%-18s ' "$name"
    t0=$(now_ms)
    # The suite in the background, so that a long one says every 30 s
    # that it is still running (its result then comes on a line of its
    # own, named again).
    (eval "$cmd") >"$log" 2>&1 </dev/null &
    pid=$!
    next=30
    broken=false
    while kill -0 "$pid" 2>/dev/null; do
        # Often at first (most suites take under a second), then seldom.
        if [ $(($(now_ms) - t0)) -lt 2000 ]; then sleep 0.02; else sleep 0.5; fi
        el=$((($(now_ms) - t0) / 1000))
        if [ "$el" -ge "$next" ] && kill -0 "$pid" 2>/dev/null; then
            last=$(seconds_of "$name")
            $broken || echo
            printf '%-18s ... running, %d s%s\n' "$name" "$el" "${last:+ (about $last s in all)}"
            broken=true
            next=$((next + 30))
        fi
    done
    wait "$pid"
    rc=$?
    $broken && printf '%-18s ' "$name"
    ms=$(($(now_ms) - t0))
    printf '%s\t%s\n' "$name" "$(awk -v ms="$ms" 'BEGIN {printf "%.1f", ms / 1000}')" >>"$logs/suite-seconds.tsv.new"
    count=$(count_tests "$log")
    n=${count%% *}
    secs=$(awk -v ms="$ms" 'BEGIN {printf "%.1f", ms / 1000}')
    suites=$((suites + 1))
    if [ "$rc" -eq 0 ]; then
        # A suite that reports no test proved nothing: it fails.
        if [ -z "$count" ]; then
            echo "FAIL: no test reported (log: $log)"
            failed+=("$name")
            continue
        fi
        [ "${count#* }" = tests ] && total=$((total + n))
        printf 'ok   %-16s %7s s\n' "$count" "$secs"
    else
        printf 'FAIL exit %d after %s s (log: %s)\n' "$rc" "$secs" "$log"
        grep -E '^(FAIL|\[  FAILED  \]|\[  ERROR   \])|ERROR: |runtime error' "$log" | head -n 20 | sed 's/^/    /'
        echo "    -- the log's last lines:"
        tail -n 15 "$log" | sed 's/^/    /'
        failed+=("$name")
    fi
done
secs=$(awk -v ms="$(($(now_ms) - start))" 'BEGIN {printf "%.0f", ms / 1000}')
# This run's times for the next estimate (a suite that did not run keeps
# its old time).
if [ -r "$logs/suite-seconds.tsv" ]; then
    awk -F '\t' 'NR == FNR { seen[$1] = 1 } NR != FNR && !($1 in seen)' "$logs/suite-seconds.tsv.new" \
        "$logs/suite-seconds.tsv" >>"$logs/suite-seconds.tsv.new"
fi
mv "$logs/suite-seconds.tsv.new" "$logs/suite-seconds.tsv"
if [ ${#failed[@]} -eq 0 ]; then
    echo "all passed: $total tests in $suites suites, $secs s (logs in $logs)"
    exit 0
fi
echo "FAILED: ${failed[*]} (${#failed[@]} of $suites suites; $secs s; logs in $logs)"
exit 1
