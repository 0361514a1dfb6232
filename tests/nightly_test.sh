#!/usr/bin/env bash
# nightly_test.sh -- `verifier nightly` against a golden record made in the
# test: unchanged runs exit 0 whatever the thread count; a changed closed
# form and a changed engine value (deliberately wrong builds) exit 1 with a
# diff that names them; a budget too small skips entries and never passes
# them; an interrupted nightly run exits 4; bad input exits 2.
#   Usage: tests/nightly_test.sh build/verifier build/tests
set -u
V=$(realpath "$1")
WRONG_CLAIM=$(realpath "$2/verifier-wrong-claim")
WRONG_ENGINE=$(realpath "$2/verifier-wrong-engine")
MANIFEST=$(realpath "$(dirname "$0")/nightly/manifest.json")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

run() { # run NAME WANT CMD...: the exit status must be WANT
    local name=$1 want=$2
    shift 2
    "$@" >"$WORK/out" 2>"$WORK/err"
    local got=$?
    if [ "$got" -eq "$want" ]; then ok "$name"; else bad "$name: exit $got, wanted $want: $(tail -5 "$WORK/out" "$WORK/err" | tr '\n' '|')"; fi
}

# The golden record of this manifest, blessed from one thread (2 h budget:
# every entry must run to bless).
run "bless a first record" 0 "$V" nightly --manifest "$MANIFEST" --golden golden.json --budget 2h --threads 1 \
    --out b1 --bless --reason "test record"
if grep -q '"nim-small"' golden.json && grep -q 'test record' CHANGELOG.md; then ok "golden record and changelog written"; else bad "no golden record"; fi

run "unchanged, two threads: exit 0" 0 "$V" nightly --manifest "$MANIFEST" --golden golden.json --budget 2h --threads 2 --out r2
grep -q '^0 changes' "$WORK/out" && ok "says nothing changed" || bad "summary: $(cat "$WORK/out")"
if grep -q '<testcase classname="nightly.conj-35-literal" name="st/conj-35/literal"><system-out>FAILS, as the golden record expects' r2/junit.xml; then
    ok "an expected FAILS passes in junit.xml and says so"
else
    bad "junit.xml: $(grep -c testcase r2/junit.xml) cases"
fi

run "a changed closed form: exit 1" 1 "$WRONG_CLAIM" nightly --manifest "$MANIFEST" --golden golden.json --budget 2h --out wc
if grep -q 'nim-small: os/eq-1: status "HOLDS" -> "FAILS"' "$WORK/out" && grep -q 'nim-small: os/eq-1: first mismatch at 7' "$WORK/out" \
    && grep -q '<failure message="nim-small: os/eq-1: status' wc/junit.xml \
    && ! grep -q 'failures="0"' wc/junit.xml; then
    ok "the diff names os/eq-1, its new status and its first mismatch"
else
    bad "diff: $(grep eq-1 "$WORK/out" | head -3 | tr '\n' '|')"
fi

run "a changed engine value: exit 1" 1 "$WRONG_ENGINE" nightly --manifest "$MANIFEST" --golden golden.json --budget 2h --out we
grep -q 'nim-small: table_sha256 moved' "$WORK/out" && ok "the diff names the moved table checksum" || bad "no checksum in the diff"

run "a budget too small skips entries: exit 3" 3 "$V" nightly --manifest "$MANIFEST" --golden golden.json --budget 60 --out sk
if grep -q '^conj-34-big *SKIPPED (budget)' "$WORK/out" && grep -q '<skipped' sk/junit.xml \
    && grep -q 'failures="0" errors="0" skipped="1"' sk/junit.xml; then
    ok "skipped entries are listed as skipped, never passed"
else
    bad "skip: $(cat "$WORK/out" | tr '\n' '|')"
fi

# A manifest whose sweep takes seconds, killed while it runs.
echo '{"entries": [{"name": "slow", "args": ["check", "--piles", "3", "--bound", "100"], "seconds": 10}]}' >slow.json
"$V" nightly --manifest slow.json --golden golden.json --budget 2h --out int >/dev/null 2>&1 &
pid=$!
sleep 2
kill -TERM "$pid"
wait "$pid"
got=$?
sleep 1
# No process of the sweep is left (read from /proc: procps is not in a
# minimal Debian).
left=$(grep -l 'int/slo[w]' /proc/[0-9]*/cmdline 2>/dev/null | wc -l)
if [ "$got" -eq 4 ] && [ "$left" -eq 0 ]; then
    ok "an interrupted nightly run exits 4, and its sweep stops with it"
else
    bad "interrupted nightly: exit $got"
fi

run "unknown budget" 2 "$V" nightly --budget soon
run "missing golden record" 2 "$V" nightly --manifest "$MANIFEST" --golden nothing.json --out mg
run "--bless without --reason" 2 "$V" nightly --manifest "$MANIFEST" --golden golden.json --bless
echo '{"entries": [{"name": "x", "args": ["check", "--out", "y"]}]}' >badman.json
run "a manifest that chooses --out" 2 "$V" nightly --manifest badman.json --golden golden.json
echo '{"entries": [{"name": "x", "args": ["conj", "--id", "st/conj-34", "--checkpoint-every", "0"]}]}' >badman2.json
run "a manifest that asks for checkpoints" 2 "$V" nightly --manifest badman2.json --golden golden.json

echo "nightly: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
