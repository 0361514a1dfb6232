#!/usr/bin/env bash
# run.sh -- the mutation run: plants one small change at a time in the
# sources (a mutant of tests/mutation/mutants.txt), rebuilds, and runs the
# kill suite cheapest first until something notices; prints one line per
# mutant (docs/mutation.md):
#   KILLED by WHAT     a test, a claim run or the nightly record noticed it
#   SURVIVED           nothing did
#   DOES-NOT-COMPILE   the build refused the mutant
#   BAD-MUTANT         the list's line is wrong (no such file; FROM not
#                      exactly once on any line within 60 of LINE, or on two
#                      lines equally near it)
# LINE is a hint: the mutant goes on the nearest line to it where FROM
# occurs exactly once, and its label names that line.
# The kill suite, each step under a time limit (a step that runs out of
# time kills the mutant: "KILLED by timeout in STEP"):
#   - the cmocka binaries build/tests/test_*;
#   - the claim runs os/* (4 piles bound 12, 3 piles bound 80, 5 piles
#     bound 14), st/*, rn/*, hr/*: each claim's and each part's status and
#     mismatch count, and the exit status, against the same runs on the
#     unmutated code;
#   - tests/cli_test.sh;
#   - last, `verifier nightly` against the golden record (nightly/golden.json,
#     blessed beforehand on the unmutated code: docs/mutation.md).
# Cheapest first: the steps most related to the mutated file that take
# seconds, then every other such step, then the slow ones (test_chance,
# test_huibers, test_games, the hr/* claims: each only for the files whose
# code it runs, related_steps), then the nightly.
# The mutated file is a copy made with sed; the original is put back after
# each mutant and on any exit (Ctrl-C included).  Run it in a clone of its
# own: it rebuilds build/ in place.
#
# Usage: tests/mutation/run.sh [--list FILE] [--only N[,N...]] [--no-nightly]
#                              [--no-baseline-check] [--results FILE] [--check-list]
#   --list FILE           the mutants (default tests/mutation/mutants.txt)
#   --only N,...          only these mutants (numbered from 1 by their line
#                         among the list's mutants, comments and blanks not
#                         counted)
#   --no-nightly          stop before the nightly step (a mutant nothing
#                         cheaper kills is reported "SURVIVED (nightly not
#                         run)")
#   --no-baseline-check   do not run the kill suite (without the nightly)
#                         on the unmutated code first
#   --results FILE        also write the result lines to FILE
#   --check-list          only check that every mutant plants (no build, no
#                         run): "M<n> FILE:LINE ok" or BAD-MUTANT (a line
#                         other than the list's is named with "listed at")
# Exit status: 0 every mutant killed or refused by the compiler; 1 some
# survived; 2 bad usage, a BAD-MUTANT line, or an unmutated code that does
# not pass the kill suite.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 2

LIST=tests/mutation/mutants.txt
ONLY=""
NIGHTLY=1
BASELINE_CHECK=1
RESULTS=""
CHECK_LIST=0
usage() {
    echo "usage: tests/mutation/run.sh [--list FILE] [--only N[,N...]] [--no-nightly] [--no-baseline-check] [--results FILE] [--check-list]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --list) [ $# -ge 2 ] || usage; LIST=$2; shift 2 ;;
    --only) [ $# -ge 2 ] || usage; ONLY=",$2,"; shift 2 ;;
    --no-nightly) NIGHTLY=0; shift ;;
    --no-baseline-check) BASELINE_CHECK=0; shift ;;
    --results) [ $# -ge 2 ] || usage; RESULTS=$2; shift 2 ;;
    --check-list) CHECK_LIST=1; shift ;;
    *) usage ;;
    esac
done
[ -r "$LIST" ] || { echo "run.sh: cannot read $LIST" >&2; exit 2; }
[ -z "$RESULTS" ] || : >"$RESULTS" || exit 2

# (Threads: the verifier's default, one per allowed core.  cli_test.sh
# expects that default: OMP_NUM_THREADS must not be forced here.)
V=build/verifier
J=build/tests/json_get
TESTS="test_results test_claims test_printed_table test_engine test_pile_period test_stewart test_restricted test_matrix_game test_chance test_huibers test_games test_kayles test_any_game test_table_chain"
K=build/tests/verifier-kill-in-checkpoint
TEST_BINS=()
for t in $TESTS; do TEST_BINS+=("build/tests/$t"); done
CLAIM_RUNS="os os3 os5 st rn hr ks"
# The steps that take more than a few seconds each (about 25 s to a
# minute on two cores): run after every cheap one.
SLOW_STEPS="test_chance test_huibers test_games claims-hr"

WORK=$(mktemp -d)
MUTATED=""   # the file a mutant is planted in, while it is
restore() {
    if [ -n "$MUTATED" ]; then
        cp "$WORK/original" "$MUTATED"
        MUTATED=""
    fi
}
trap 'restore; rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM HUP

# ---- time limits (seconds): about ten times the step's time on two cores ----
limit_of() {
    case $1 in
    test_games) echo 900 ;;
    test_huibers) echo 400 ;;
    test_chance) echo 300 ;;
    test_*) echo 120 ;;
    claims-hr) echo 300 ;;
    claims-*) echo 150 ;;
    cli) echo 300 ;;
    resume) echo 400 ;;
    nightly) echo 1200 ;;
    build) echo 900 ;;
    *) echo 300 ;;
    esac
}

# ---- the steps: each exits 0 when the mutant went unnoticed ----

# The steps most related to FILE (cmocka binaries, claims-RUN), most
# related first.  The slow steps (SLOW_STEPS) run only when named here:
# the others do not run FILE's code (the os and st claims are not run by
# test_chance, test_huibers, test_games or the hr claims; test_games
# plays no claim), so they cannot notice its mutants.
related_steps() {
    case $1 in
    proofs/oginuma_shinoda/*) echo test_claims claims-os claims-os3 claims-os5 ;;
    proofs/stewart/*) echo test_stewart claims-st ;;
    proofs/huibers/*) echo test_restricted claims-rn test_huibers ;;
    proofs/holshouser_reiter/*) echo claims-hr test_chance ;;
    proofs/kayles/*) echo test_kayles claims-ks ;;
    proofs/printed_table.c) echo test_printed_table claims-rn test_huibers ;;
    proofs/*) echo test_claims test_results claims-os claims-st test_huibers test_chance claims-hr ;;
    core/engine/kernels.c) echo test_engine test_games test_chance claims-hr ;;
    core/engine/pile_period.c) echo test_pile_period test_engine claims-rn test_huibers ;;
    core/games/scoring_nim/*) echo test_engine test_claims claims-os claims-os3 test_games ;;
    core/games/scoring_kayles/*) echo test_kayles claims-ks test_games ;;
    core/games/registry.c) echo test_any_game test_kayles claims-ks test_games ;;
    verifier/run/ranks.c) echo test_stewart claims-st ;;
    core/engine/memo.c) echo test_any_game test_stewart claims-st test_games ;;
    core/engine/retrograde.c) echo test_restricted test_games test_huibers ;;
    core/engine/periodicity.c) echo test_stewart claims-st test_engine ;;
    core/engine/choice.c) echo test_restricted claims-rn test_huibers test_games ;;
    core/engine/pile_game.c) echo test_restricted test_engine claims-rn test_huibers ;;
    core/games/game_options.c) echo test_games test_chance ;;
    core/engine/matrix_game.c) echo test_matrix_game test_chance claims-hr ;;
    verifier/run/checkpoint.c | verifier/run/table_chain.c) echo test_table_chain test_results resume ;;
    core/engine/table.c) echo test_engine test_any_game claims-os test_games test_chance claims-hr resume ;;
    core/engine/rational_map.c) echo test_chance claims-hr ;;
    # (test_chance shares a sweep by layers between threads.)
    core/engine/layers.c) echo test_engine test_chance test_any_game claims-os test_games ;;
    core/engine/multiset.c) echo test_engine test_any_game claims-os test_games ;;
    # The sweep's state is what a checkpoint saves (values beyond 64 bits
    # included: test_chance reads them back, resume kills a chance run).
    core/engine/sweep.c) echo test_engine test_any_game claims-os test_games test_chance resume ;;
    *) echo "$SLOW_STEPS" ;;
    esac
}

# steps_for FILE: the kill suite's steps in order: the related ones that
# are cheap, the other cheap ones (cmocka binaries, then claim runs, then
# the CLI test), the related slow ones.
steps_for() {
    local related all step
    related=$(related_steps "$1")
    all="$TESTS"
    for run in $CLAIM_RUNS; do all="$all claims-$run"; done
    all="$all cli"
    {
        for step in $related; do case " $SLOW_STEPS " in *" $step "*) ;; *) echo "$step" ;; esac; done
        for step in $all; do case " $SLOW_STEPS " in *" $step "*) ;; *) echo "$step" ;; esac; done
        for step in $related; do case " $SLOW_STEPS " in *" $step "*) echo "$step" ;; esac; done
    } | awk '!seen[$0]++'
}

# claim_args RUN: the command line of a claim run.
claim_args() {
    case $1 in
    os) echo "--piles 4 --bound 12 --claims os/*" ;;
    os3) echo "--piles 3 --bound 80 --claims os/*" ;;
    os5) echo "--piles 5 --bound 14 --claims os/*" ;;
    *) echo "--claims $1/*" ;;
    esac
}

# verdicts SUMMARY: one line per claim and per part, "id status mismatches"
# and "id #part status mismatches", read with the tests' JSON reader.
verdicts() {
    local s=$1 n i p paths parts
    n=$("$J" 'claims/#' <"$s") || return 1
    paths=()
    for ((i = 0; i < n; i++)); do paths+=("claims/$i/id" "claims/$i/status" "claims/$i/mismatches" "claims/$i/parts/#"); done
    [ "$n" -gt 0 ] || return 0
    "$J" "${paths[@]}" <"$s" | paste - - - - >"$WORK/claims.tsv" || return 1
    i=0
    while IFS=$'\t' read -r id status mism parts; do
        echo "$id $status $mism"
        paths=()
        for ((p = 0; p < parts; p++)); do paths+=("claims/$i/parts/$p/status" "claims/$i/parts/$p/mismatches"); done
        [ "$parts" -eq 0 ] || "$J" "${paths[@]}" <"$s" | paste - - | awk -v id="$id" '{ print id, "#" NR - 1, $1, $2 }'
        i=$((i + 1))
    done <"$WORK/claims.tsv"
}

# claim_run RUN DIR: runs RUN into DIR; prints its exit status, then its
# verdicts.
claim_run() {
    local run=$1 dir=$2 rc
    rm -rf "$dir"
    # shellcheck disable=SC2046 # the arguments split on purpose
    timeout "$(limit_of "claims-$run")" "$V" check $(claim_args "$run") --quiet --out "$dir" >/dev/null 2>&1
    rc=$?
    echo "exit $rc"
    [ -f "$dir/summary.json" ] && verdicts "$dir/summary.json"
    return 0
}

# The first line where two verdict listings differ, as "was -> now".
first_difference() {
    diff "$1" "$2" | awk '/^</ { sub(/^< /, ""); was = was ? was : $0 } /^>/ { sub(/^> /, ""); now = now ? now : $0 }
                           END { print (was ? was : "(nothing)") " -> " (now ? now : "(nothing)") }'
}

# run_step NAME CMD...: 0 when CMD exits 0 within NAME's time limit; else
# says why on stdout.
run_step() {
    local name=$1 rc
    shift
    timeout "$(limit_of "$name")" "$@" >"$WORK/step.log" 2>&1
    rc=$?
    if [ "$rc" -eq 124 ]; then
        echo "timeout in $name"
        return 1
    fi
    if [ "$rc" -gt 128 ]; then
        echo "$name (signal $((rc - 128)))"
        return 1
    fi
    if [ "$rc" -ne 0 ]; then
        echo "$name"
        return 1
    fi
    return 0
}

# kill_suite FILE: prints what killed the mutant and exits 1, or exits 0.
kill_suite() {
    local file=$1 step run why
    for step in $(steps_for "$file"); do
        case $step in
        test_*)
            why=$(run_step "$step" "build/tests/$step") || { echo "$why"; return 1; } ;;
        claims-*)
            run=${step#claims-}
            claim_run "$run" "$WORK/run-$run" >"$WORK/now-$run.txt"
            if ! cmp -s "$WORK/base-$run.txt" "$WORK/now-$run.txt"; then
                if grep -qx 'exit 124' "$WORK/now-$run.txt"; then
                    echo "timeout in claims $run"
                else
                    echo "claims $run ($(first_difference "$WORK/base-$run.txt" "$WORK/now-$run.txt"))"
                fi
                return 1
            fi ;;
        cli)
            why=$(run_step cli bash tests/cli_test.sh "$V" "$J") || { echo "$why ($(grep -m1 '^FAIL' "$WORK/step.log"))"; return 1; } ;;
        resume)
            why=$(run_step resume bash tests/resume_test.sh "$V" "$K") || { echo "$why ($(grep -m1 '^FAIL' "$WORK/step.log"))"; return 1; } ;;
        esac
    done
    [ "$NIGHTLY" -eq 1 ] || return 0
    rm -rf "$WORK/nightly"
    timeout "$(limit_of nightly)" "$V" nightly --budget 10m --out "$WORK/nightly" >"$WORK/step.log" 2>&1
    local rc=$?
    case $rc in
    0 | 3) return 0 ;;
    124) echo "timeout in nightly"; return 1 ;;
    1) echo "nightly ($(grep -m1 -E '^  [a-z0-9_-]+: ' "$WORK/step.log" | sed 's/^  //' | cut -c1-160))"; return 1 ;;
    *) echo "nightly (status $rc)"; return 1 ;;
    esac
}

build() {
    timeout "$(limit_of build)" make -j2 all "${TEST_BINS[@]}" "$J" "$K" >"$WORK/build.log" 2>&1
}

# sed_escape_pattern / sed_escape_text: FROM and TO as sed reads them
# literally.
sed_escape_pattern() {
    printf '%s' "$1" | sed -e 's/[]\/$*.^[]/\\&/g'
}
sed_escape_text() {
    printf '%s' "$1" | sed -e 's/[\/&]/\\&/g'
}

# locate FILE HINT FROM: the line nearest to HINT (at most NEAR lines
# away) on which FROM occurs exactly once, or a reason there is none on
# stdout.  Line numbers go stale as the code moves: HINT is where the
# mutant was, FROM says what it is.  Two such lines equally near are
# ambiguous: the list's line must then be brought up to date.
NEAR=60
locate() {
    FROM=$3 awk -v hint="$2" -v near="$NEAR" '
        BEGIN { from = ENVIRON["FROM"] }
        function count(text, part,    n, i) {
            n = 0
            while ((i = index(text, part)) > 0) { n++; text = substr(text, i + length(part)) }
            return n
        }
        { d = NR - hint; if (d < 0) d = -d
          if (d <= near && count($0, from) == 1) {
              if (best == "" || d < bestd) { best = NR; bestd = d; tie = 0 }
              else if (d == bestd) { tie = NR }
          }
          if (NR == hint) here = count($0, from) }
        END {
            if (best == "") { printf "\x27%s\x27 not once on any line within %d of line %d\n", from, near, hint; exit 1 }
            if (tie) { printf "\x27%s\x27 on lines %d and %d, equally near line %d\n", from, best, tie, hint; exit 1 }
            print best
        }' "$1"
}

# plant FILE LINE FROM TO: the mutant in place (the original kept in
# $WORK/original, MUTATED set before the file is touched; PLANTED the line
# it went on, LINE or the nearest to it: locate), or a reason it is a
# BAD-MUTANT on stdout.  Not to be run in a subshell: restore() must see
# MUTATED.
PLANTED=""
plant() {
    local file=$1 line=$2 from=$3 to=$4
    PLANTED=""
    [ -f "$file" ] || { echo "no file $file"; return 1; }
    [[ $line =~ ^[1-9][0-9]*$ ]] || { echo "line '$line' is not a number"; return 1; }
    [ "$from" != "$to" ] || { echo "FROM and TO are the same"; return 1; }
    line=$(locate "$file" "$line" "$from") || { echo "$line"; return 1; }
    cp "$file" "$WORK/original"
    sed "${line}s/$(sed_escape_pattern "$from")/$(sed_escape_text "$to")/" "$WORK/original" >"$WORK/mutated"
    if cmp -s "$WORK/original" "$WORK/mutated" || [ "$(diff "$WORK/original" "$WORK/mutated" | grep -c '^[<>]')" -ne 2 ]; then
        echo "sed did not change exactly line $line"
        return 1
    fi
    PLANTED=$line
    MUTATED=$file
    cp "$WORK/mutated" "$file"
    return 0
}

say() {
    printf '%s\n' "$1"
    [ -z "$RESULTS" ] || printf '%s\n' "$1" >>"$RESULTS"
}

# ---- the baseline: the unmutated code, built, its claim runs recorded ----
[ "$CHECK_LIST" -eq 0 ] || BASELINE_CHECK=-1
[ "$BASELINE_CHECK" -lt 0 ] || echo "run.sh: building the unmutated code" >&2
[ "$BASELINE_CHECK" -lt 0 ] || build || { echo "run.sh: the unmutated code does not build (see make -j2 all)" >&2; exit 2; }
[ "$BASELINE_CHECK" -lt 0 ] || for run in $CLAIM_RUNS; do
    claim_run "$run" "$WORK/run-$run" >"$WORK/base-$run.txt"
    case $(head -1 "$WORK/base-$run.txt") in
    "exit 0" | "exit 1" | "exit 3") ;;
    *) echo "run.sh: the claim run $run of the unmutated code ended with $(head -1 "$WORK/base-$run.txt")" >&2; exit 2 ;;
    esac
done
if [ "$BASELINE_CHECK" -eq 1 ]; then
    echo "run.sh: the kill suite on the unmutated code (without the nightly)" >&2
    saved=$NIGHTLY
    NIGHTLY=0
    if ! why=$(kill_suite none); then
        echo "run.sh: the unmutated code fails the kill suite: $why" >&2
        exit 2
    fi
    NIGHTLY=$saved
fi

# ---- the mutants ----
index=0
survived=0
bad=0
while IFS= read -r entry || [ -n "$entry" ]; do
    case $entry in '' | '#'*) continue ;; esac
    index=$((index + 1))
    case $ONLY in '' | *",$index,"*) ;; *) continue ;; esac
    IFS=$'\t' read -r file line from to note <<<"$entry"
    label="M$index $file:$line"
    if [ -z "${from:-}" ] || [ -z "${to:-}" ] || [ -z "${note:-}" ]; then
        say "$label BAD-MUTANT (a line needs FILE, LINE, FROM, TO and NOTE separated by tabs)"
        bad=$((bad + 1))
        continue
    fi
    plant "$file" "$line" "$from" "$to" >"$WORK/why"
    if [ -z "$PLANTED" ]; then
        say "$label BAD-MUTANT ($(cat "$WORK/why"))"
        bad=$((bad + 1))
        continue
    fi
    [ "$PLANTED" = "$line" ] || label="M$index $file:$PLANTED (listed at $line)"
    if [ "$CHECK_LIST" -eq 1 ]; then
        restore
        say "$label ok"
        continue
    fi
    if ! build; then
        restore
        say "$label DOES-NOT-COMPILE"
        continue
    fi
    if why=$(kill_suite "$file"); then
        survived=$((survived + 1))
        if [ "$NIGHTLY" -eq 1 ]; then say "$label SURVIVED"; else say "$label SURVIVED (nightly not run)"; fi
    else
        say "$label KILLED by $why"
    fi
    restore
done <"$LIST"

# Leave build/ as the unmutated code builds it.
[ "$CHECK_LIST" -eq 1 ] || build || echo "run.sh: the rebuild of the unmutated code failed (make -j2 all)" >&2
[ "$bad" -eq 0 ] || exit 2
[ "$survived" -eq 0 ] || exit 1
exit 0
