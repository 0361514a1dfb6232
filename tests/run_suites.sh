#!/bin/bash
# run_suites.sh -- make check's runner: each suite's output goes to its own
# log, and the terminal gets one line per suite (its tests and its time),
# then one final line: all passed, or which suites failed.  A suite's
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
    (eval "$cmd") >"$log" 2>&1 </dev/null
    rc=$?
    ms=$(($(now_ms) - t0))
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
if [ ${#failed[@]} -eq 0 ]; then
    echo "all passed: $total tests in $suites suites, $secs s (logs in $logs)"
    exit 0
fi
echo "FAILED: ${failed[*]} (${#failed[@]} of $suites suites; $secs s; logs in $logs)"
exit 1
