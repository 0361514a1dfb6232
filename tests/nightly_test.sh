#!/usr/bin/env bash
# nightly_test.sh -- `verifier nightly` against a golden record made in the
# test: unchanged runs exit 0 whatever the thread count; a changed closed
# form and a changed engine value (deliberately wrong builds) exit 1 with a
# diff that names them; junit.xml is valid against tests/junit.xsd (with
# its timestamp, hostname, times, failure types and multi-line texts); a
# budget too small skips entries and never passes them; entries are chosen
# by the times measured in earlier runs, and one that no longer fits in
# what is left of the budget is skipped; an interrupted nightly run exits
# 4; bad input (options, a budget too small to bless, a golden record or
# manifest of the wrong shape) exits 2 with one line and creates nothing.
#   Usage: tests/nightly_test.sh build/verifier build/tests
set -u
V=$(realpath "$1")
WRONG_CLAIM=$(realpath "$2/verifier-wrong-claim")
WRONG_ENGINE=$(realpath "$2/verifier-wrong-engine")
MANIFEST=$(realpath "$(dirname "$0")/nightly/manifest.json")
XSD=$(realpath "$(dirname "$0")/junit.xsd")
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
    if [ "$got" -eq "$want" ]; then ok "$name"; else bad "$name: exit $got, wanted $want: $(tail -n 5 "$WORK/out" "$WORK/err" | tr '\n' '|')"; fi
}

# valid_junit NAME FILE: FILE is valid against tests/junit.xsd.  CI
# installs xmllint (Debian's libxml2-utils); without it the check is
# skipped, said once, and does not fail.
HAVE_XMLLINT=0
if command -v xmllint >/dev/null; then
    HAVE_XMLLINT=1
else
    echo "skip junit.xml schema checks: xmllint is not installed (Debian: libxml2-utils)"
fi
valid_junit() {
    [ "$HAVE_XMLLINT" -eq 1 ] || return 0
    if xmllint --noout --schema "$XSD" "$2" >"$WORK/xmllint" 2>&1; then
        ok "$1: junit.xml is valid against tests/junit.xsd"
    else
        bad "$1: junit.xml is not valid: $(head -n 5 "$WORK/xmllint" | tr '\n' '|')"
    fi
}
# xpath FILE EXPR: the string value of EXPR in FILE (xmllint only).
xpath() { xmllint --xpath "$2" "$1" 2>/dev/null; }

# refused NAME ARGS...: exit 2, one line on stderr naming the file that is
# wrong ($BADFILE), and no output directory (ref/out) created.
refused() {
    local name=$1
    shift
    rm -rf ref && mkdir ref
    "$V" nightly "$@" --out ref/out >"$WORK/out" 2>"$WORK/err"
    local got=$?
    if [ "$got" -eq 2 ] && [ "$(wc -l <"$WORK/err")" -eq 1 ] && grep -qF "$BADFILE" "$WORK/err" && [ ! -e ref/out ]; then
        ok "$name: exit 2, one line, nothing created"
    else
        bad "$name: exit $got, $(wc -l <"$WORK/err") lines, $(ls ref): $(head -n 3 "$WORK/out" "$WORK/err" | tr '\n' '|')"
    fi
}

# The golden record of this manifest, blessed from one thread (2 h budget:
# every entry must run to bless).
run "bless a first record" 0 "$V" nightly --manifest "$MANIFEST" --golden golden.json --budget 2h --threads 1 \
    --out b1 --bless --reason "test record"
if grep -q '"nim-small"' golden.json && grep -q 'test record' CHANGELOG.md; then ok "golden record and changelog written"; else bad "no golden record"; fi
valid_junit "a first record" b1/junit.xml
# The times measured by that run, beside its directory (b1's parent),
# written whole: no temporary file left.
if [ -f nightly-times.json ] && [ "$(grep -c '"seconds"' nightly-times.json)" -eq 4 ] \
    && [ -z "$(ls -A | grep 'nightly-times.json.tmp')" ]; then
    ok "the measured times are recorded beside the results"
else
    bad "measured times: $(ls -A | tr '\n' ' ')"
fi

t0=$(date -u +%s)
run "unchanged, two threads: exit 0" 0 "$V" nightly --manifest "$MANIFEST" --golden golden.json --budget 2h --threads 2 --out r2
t1=$(date -u +%s)
grep -q '^0 changes' "$WORK/out" && ok "says nothing changed" || bad "summary: $(cat "$WORK/out")"
[ "$(grep -c 'running (about .* s, measured)' "$WORK/out")" -eq 4 ] && ok "the next run reads the measured times" \
    || bad "measured times not used: $(grep running "$WORK/out" | tr '\n' '|')"
if grep -q '<testcase classname="nightly.conj-35-literal" name="st/conj-35/literal" time="[0-9.]*"><system-out>FAILS, as the golden record expects' r2/junit.xml; then
    ok "an expected FAILS passes in junit.xml and says so"
else
    bad "junit.xml: $(grep -c testcase r2/junit.xml) cases"
fi
valid_junit "unchanged" r2/junit.xml
# The suite's timestamp is the run's start in UTC (no zone, as the schema
# wants), its hostname this machine's.
ts=$(sed -n 's/.*<testsuite [^>]*timestamp="\([^"]*\)".*/\1/p' r2/junit.xml)
tsec=$(date -u -d "${ts}Z" +%s 2>/dev/null || echo 0)
if [ "$tsec" -ge "$t0" ] && [ "$tsec" -le "$t1" ] && grep -q "<testsuite [^>]*hostname=\"$(uname -n)\"" r2/junit.xml; then
    ok "junit.xml: the run's UTC timestamp ($ts) and hostname"
else
    bad "junit.xml: timestamp '$ts' not within $t0..$t1, or no hostname $(uname -n)"
fi
# Each case's time: a sweep's measured seconds, a claim's own seconds
# from the sweep's summary.json.
claim_s=$(sed -n '/"per_claim"/,/}/s/.*"st\/conj-34": \([0-9.eE+-]*\).*/\1/p' r2/conj-34-big/summary.json)
want=$(awk -v s="$claim_s" 'BEGIN { printf "%.3f", s }')
if [ -n "$claim_s" ] && grep -q "name=\"st/conj-34\" time=\"$want\"" r2/junit.xml \
    && grep -q '<testcase classname="nightly" name="conj-34-big" time="[0-9]*\.[0-9]*"' r2/junit.xml \
    && ! grep -q '<testcase classname="nightly" name="conj-34-big" time="0.000"' r2/junit.xml; then
    ok "junit.xml: a sweep's measured time, a claim's own time ($want s)"
else
    bad "junit.xml times: per_claim '$claim_s', $(grep 'conj-34' r2/junit.xml | head -2 | tr '\n' '|')"
fi

run "a changed closed form: exit 1" 1 "$WRONG_CLAIM" nightly --manifest "$MANIFEST" --golden golden.json --budget 2h --out wc
if grep -q 'nim-small: os/eq-1: status "HOLDS" -> "FAILS"' "$WORK/out" && grep -q 'nim-small: os/eq-1: first mismatch at (7)' "$WORK/out" \
    && grep -q '<failure message="nim-small: os/eq-1: status[^"]*" type="changed">' wc/junit.xml \
    && ! grep -q 'failures="0"' wc/junit.xml; then
    ok "the diff names os/eq-1, its new status and its first mismatch"
else
    bad "diff: $(grep eq-1 "$WORK/out" | head -3 | tr '\n' '|')"
fi
valid_junit "a changed closed form" wc/junit.xml
# The failure's whole text (status, count, first mismatch with its
# witness: three lines) is the element's text; its message is one line.
if [ "$HAVE_XMLLINT" -eq 1 ]; then
    text=$(xpath wc/junit.xml 'string(//testcase[@name="os/eq-1"]/failure)')
    msg=$(xpath wc/junit.xml 'string(//testcase[@name="os/eq-1"]/failure/@message)')
else
    text=$(sed -n '/name="os\/eq-1"/,/<\/failure>/p' wc/junit.xml | sed '1s/.*type="changed">//; s/<\/failure>.*//')
    msg=$(sed -n 's/.*name="os\/eq-1".*<failure message="\([^"]*\)".*/\1/p' wc/junit.xml)
fi
if [ "$(printf '%s\n' "$text" | grep -c '^nim-small: os/eq-1: ')" -eq 3 ] \
    && printf '%s\n' "$text" | grep -q '^nim-small: os/eq-1: first mismatch at (7).*witness' \
    && [ -n "$msg" ] && ! printf '%s' "$msg" | grep -q 'first mismatch'; then
    ok "a multi-line failure text is the element's text, its message one line"
else
    bad "failure text: '$(printf '%s' "$text" | tr '\n' '|')', message '$msg'"
fi

run "a changed engine value: exit 1" 1 "$WRONG_ENGINE" nightly --manifest "$MANIFEST" --golden golden.json --budget 2h --out we
grep -q 'nim-small: table_sha256 moved' "$WORK/out" && ok "the diff names the moved table checksum" || bad "no checksum in the diff"
grep -q '<testcase classname="nightly" name="nim-small" time="[0-9.]*"><failure message="nim-small: table_sha256 moved[^"]*" type="changed">' we/junit.xml \
    && ok "the moved checksum fails the sweep's test case" || bad "we/junit.xml: $(grep 'name="nim-small"' we/junit.xml)"
valid_junit "a changed engine value" we/junit.xml

# Without measured times (a results place of its own), the manifest's 600 s
# for conj-34-big does not fit in 60 s.
mkdir fresh
run "a budget too small skips entries: exit 3" 3 "$V" nightly --manifest "$MANIFEST" --golden golden.json --budget 60 --out fresh/sk
if grep -q '^conj-34-big *SKIPPED (budget)' "$WORK/out" && grep -q '<skipped' fresh/sk/junit.xml \
    && grep -q 'failures="0" errors="0" skipped="1"' fresh/sk/junit.xml; then
    ok "skipped entries are listed as skipped, never passed"
else
    bad "skip: $(cat "$WORK/out" | tr '\n' '|')"
fi
valid_junit "skipped entries" fresh/sk/junit.xml

# Entries chosen by the times measured in an earlier run: nim-small took
# 100 s last time (the manifest says 1 s), conj-34-big 0.5 s (the manifest
# says 600 s); a time measured for another command line (tables) is not
# used.
mkdir timed
cat >timed/nightly-times.json <<'EOF'
{"format": 1, "entries": {
  "nim-small": {"args": ["check", "--piles", "3", "--bound", "11", "--claims", "os/*"], "seconds": 100},
  "conj-34-big": {"args": ["conj", "--id", "st/conj-34", "--max-take", "12"], "seconds": 0.5},
  "conj-35-literal": {"args": ["conj", "--id", "st/conj-35/literal", "--max-take", "2"], "seconds": 0.5},
  "tables": {"args": ["check", "--claims", "st/table-1"], "seconds": 100}
}}
EOF
run "a small budget after a recorded run: exit 3" 3 "$V" nightly --manifest "$MANIFEST" --golden golden.json --budget 5 --out timed/t1
if grep -q '^nightly: nim-small  *skipped (about 100 s, measured' "$WORK/out" \
    && grep -q '^nightly: conj-34-big  *running (about 0.5 s, measured)' "$WORK/out" \
    && grep -q '^nightly: tables  *running (about 1.0 s, manifest)' "$WORK/out" \
    && grep -q '^nim-small *SKIPPED (budget)' "$WORK/out" && grep -q '^conj-34-big *ran' "$WORK/out"; then
    ok "entries are chosen by the recorded times (a record of another command line is not used)"
else
    bad "recorded times: $(grep '^nightly:' "$WORK/out" | tr '\n' '|')"
fi
# The file now has this run's times, and keeps the skipped entry's.
if grep -A12 '"nim-small"' timed/nightly-times.json | grep -q '"seconds": 100,\?$' \
    && grep -A12 '"conj-34-big"' timed/nightly-times.json | grep '"seconds"' | grep -vq '"seconds": 0.5,\?$' \
    && grep -A6 '"tables"' timed/nightly-times.json | grep -q '"st/table-\*"'; then
    ok "the times file keeps a skipped entry's time and records the others'"
else
    bad "times file: $(tr -d ' \n' <timed/nightly-times.json | head -c 600)"
fi

# An entry that ran longer than measured uses up the budget: the next one
# no longer fits in what is left and is skipped, not started ("longer"
# takes about 2 s here, 40 times what its record says; it is not in the
# golden record, hence exit 1).
LONGER='["check", "--piles", "3", "--bound", "60", "--claims", "os/*"]'
cat >late.json <<EOF
{"entries": [{"name": "longer", "args": $LONGER, "seconds": 1},
             {"name": "tables", "args": ["check", "--claims", "st/table-*"], "seconds": 0}]}
EOF
mkdir late
cat >late/nightly-times.json <<EOF
{"entries": {"longer": {"args": $LONGER, "seconds": 0.05},
             "tables": {"args": ["check", "--claims", "st/table-*"], "seconds": 0.04}}}
EOF
run "a budget used up by a longer entry: exit 1" 1 "$V" nightly --manifest late.json --golden golden.json --budget 0.1 --out late/l1
if grep -q '^nightly: longer  *running' "$WORK/out" \
    && grep -q '^nightly: tables  *skipped (about 0.0 s, measured; 0.0 s of the budget left)' "$WORK/out" \
    && grep -q '^tables  *SKIPPED (budget)' "$WORK/out" \
    && grep -q '<skipped message="not run: about 0.0 s (measured), more than was left of the 0.1 s budget' late/l1/junit.xml; then
    ok "an entry that no longer fits in what is left of the budget is skipped"
else
    bad "late: $(grep '^nightly:' "$WORK/out" | tr '\n' '|')"
fi

# The times cannot be recorded (a directory in the way): a warning, and
# the verdict is the run's.
echo '{"entries": [{"name": "tables", "args": ["check", "--claims", "st/table-*"], "seconds": 1}]}' >tables.json
mkdir -p tw/nightly-times.json
run "times that cannot be recorded: the verdict stands (exit 0)" 0 "$V" nightly --manifest tables.json --golden golden.json --out tw/r
grep -q 'warning: cannot record the measured times in tw/nightly-times.json' "$WORK/err" && [ -f tw/r/junit.xml ] \
    && ok "a times file that cannot be written is a warning" || bad "no warning: $(cat "$WORK/err")"

# A sweep that stops before its verdict: an <error> of type "stopped"
# whose text is the end of its log.
echo '{"entries": [{"name": "broken", "args": ["check", "--claims", "zz/nothing"], "seconds": 1}]}' >broken.json
run "a sweep that stops before its verdict: exit 4" 4 "$V" nightly --manifest broken.json --golden golden.json --out st
valid_junit "a stopped sweep" st/junit.xml
if grep -q '<testcase classname="nightly" name="broken" time="[0-9.]*"><error message="broken: the sweep stopped before its verdict (exit 2[^"]*" type="stopped">' st/junit.xml \
    && grep -qF "$(head -1 st/broken.log | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/"/\&quot;/g')" st/junit.xml; then
    ok "a stopped sweep is an error of type stopped, with its log"
else
    bad "stopped: $(grep 'name="broken"' st/junit.xml)"
fi

# A manifest whose sweep takes seconds, killed while it runs.
# The sweep is large enough (tens of seconds) that it is still running
# when the signal comes, however fast the machine; the signal is sent
# once the sweep's process is seen, never after a fixed sleep alone.
echo '{"entries": [{"name": "slow", "args": ["check", "--piles", "3", "--bound", "250"], "seconds": 60}]}' >slow.json
"$V" nightly --manifest slow.json --golden golden.json --budget 2h --out int >/dev/null 2>&1 &
pid=$!
for _ in $(seq 50); do
    grep -lq 'int/slo[w]' /proc/[0-9]*/cmdline 2>/dev/null && break
    sleep 0.1
done
sleep 1
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
[ ! -e mg ] && ok "a missing golden record creates nothing" || bad "mg was created"
run "--bless without --reason" 2 "$V" nightly --manifest "$MANIFEST" --golden golden.json --bless
echo '{"entries": [{"name": "x", "args": ["check", "--out", "y"], "seconds": 1}]}' >badman.json
run "a manifest that chooses --out" 2 "$V" nightly --manifest badman.json --golden golden.json
grep -q 'badman.json: entry x: --out is the nightly run' "$WORK/err" && ok "the message names --out" || bad "message: $(cat "$WORK/err")"
echo '{"entries": [{"name": "x", "args": ["conj", "--id", "st/conj-34", "--checkpoint-every", "0"], "seconds": 1}]}' >badman2.json
run "a manifest that asks for checkpoints" 2 "$V" nightly --manifest badman2.json --golden golden.json

# D10: a refusal leaves nothing behind: --bless with a budget that cannot
# run every entry (conj-34-big: 600 s by the manifest) creates neither
# --out nor, by default, results/.
mkdir d10
golden_sum=$(cat golden.json CHANGELOG.md | cksum)
run "--bless with a budget too small: exit 2" 2 "$V" nightly --manifest "$MANIFEST" --golden golden.json --budget 1s \
    --bless --reason x --out d10/D
if [ ! -e d10/D ] && [ "$(wc -l <"$WORK/err")" -eq 1 ] && grep -q 'needs every entry to run' "$WORK/err"; then
    ok "a refused --bless leaves no directory behind"
else
    bad "d10: $(ls -A d10) $(cat "$WORK/err")"
fi
mkdir d10b
(cd d10b && "$V" nightly --manifest "$MANIFEST" --golden ../golden.json --budget 1s --bless --reason x >/dev/null 2>&1)
got=$?
[ "$got" -eq 2 ] && [ -z "$(ls -A d10b)" ] && ok "a refused --bless creates no results/ either" || bad "d10b: exit $got, $(ls -A d10b)"
[ "$(cat golden.json CHANGELOG.md | cksum)" = "$golden_sum" ] && ok "the golden record and its changelog are untouched" || bad "golden.json changed"

# D11: a golden record or manifest of the wrong shape is refused whole,
# before anything runs, never reported as changes.
HEX=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
claim='"os/eq-1": {"status": "HOLDS", "cases": 7, "mismatches": 0, "findings": {}}'
good_entry="{\"args\": [\"check\"], \"claims\": {$claim}, \"table_sha256\": null, \"games_sha256\": \"$HEX\", \"errata_sha256\": \"$HEX\"}"
BADFILE=g-bad.json
bad_golden() { # bad_golden NAME JSON
    printf '%s\n' "$2" >g-bad.json
    refused "golden record: $1" --manifest "$MANIFEST" --golden g-bad.json --budget 2h
}
bad_golden '"entries": []' '{"entries": []}'
bad_golden 'no entries' '{"format": 1, "entries": {}}'
bad_golden 'a null entry' '{"entries": {"nim-small": null}}'
bad_golden 'an entry that is a list' '{"entries": {"nim-small": []}}'
bad_golden 'an entry without claims' "{\"entries\": {\"nim-small\": {\"args\": [\"check\"], \"table_sha256\": null, \"games_sha256\": \"$HEX\", \"errata_sha256\": \"$HEX\"}}}"
bad_golden 'a count that is a string' "{\"entries\": {\"nim-small\": {\"args\": [\"check\"], \"claims\": {\"os/eq-1\": {\"status\": \"HOLDS\", \"cases\": \"7\", \"mismatches\": 0, \"findings\": {}}}, \"table_sha256\": null, \"games_sha256\": \"$HEX\", \"errata_sha256\": \"$HEX\"}}}"
bad_golden 'an unknown status' "{\"entries\": {\"nim-small\": {\"args\": [\"check\"], \"claims\": {\"os/eq-1\": {\"status\": \"PASSES\", \"cases\": 7, \"mismatches\": 0, \"findings\": {}}}, \"table_sha256\": null, \"games_sha256\": \"$HEX\", \"errata_sha256\": \"$HEX\"}}}"
bad_golden 'a null claim' "{\"entries\": {\"nim-small\": {\"args\": [\"check\"], \"claims\": {\"os/eq-1\": null}, \"table_sha256\": null, \"games_sha256\": \"$HEX\", \"errata_sha256\": \"$HEX\"}}}"
bad_golden 'a checksum that is not one' "{\"entries\": {\"nim-small\": {\"args\": [\"check\"], \"claims\": {$claim}, \"table_sha256\": 5, \"games_sha256\": \"$HEX\", \"errata_sha256\": \"$HEX\"}}}"
bad_golden 'an unknown field' "{\"entries\": {\"nim-small\": {\"args\": [\"check\"], \"claims\": {$claim}, \"table_sha256\": null, \"games_sha256\": \"$HEX\", \"errata_sha256\": \"$HEX\", \"extra\": 1}}}"
bad_golden 'an entry named twice' "{\"entries\": {\"nim-small\": $good_entry, \"nim-small\": $good_entry}}"
bad_golden 'not an object' '[1, 2]'
# A well-formed record of other entries is not bad input: it is changes.
printf '%s\n' "{\"format\": 1, \"entries\": {\"other\": $good_entry}}" >g-other.json
run "a good record of other entries: changes, exit 1" 1 "$V" nightly --manifest tables.json --golden g-other.json --out go
grep -q 'tables: not in the golden record' "$WORK/out" && ok "an entry missing from the record is a change" || bad "go: $(cat "$WORK/out")"
# --bless refuses a golden record it cannot read too (it would be lost).
run "--bless over a broken golden record: exit 2" 2 "$V" nightly --manifest tables.json --golden g-bad.json --bless --reason x --out gb
[ ! -e gb ] && grep -q '^\[1, 2\]$' g-bad.json && ok "the broken record is left as it was, nothing created" || bad "gb created or g-bad.json changed"

BADFILE=m-bad.json
bad_manifest() { # bad_manifest NAME JSON
    printf '%s\n' "$2" >m-bad.json
    refused "manifest: $1" --manifest m-bad.json --golden golden.json --budget 2h
}
bad_manifest 'a null entry' '{"entries": [null]}'
bad_manifest 'an empty list' '{"entries": []}'
bad_manifest 'entries that are not a list' '{"entries": {"tables": {"args": ["check"], "seconds": 1}}}'
bad_manifest 'an entry without seconds' '{"entries": [{"name": "tables", "args": ["check", "--claims", "st/table-*"]}]}'
bad_manifest 'seconds that are a string' '{"entries": [{"name": "tables", "args": ["check", "--claims", "st/table-*"], "seconds": "1"}]}'
bad_manifest 'args that are not strings' '{"entries": [{"name": "tables", "args": ["check", 5], "seconds": 1}]}'
bad_manifest 'an unknown field' '{"entries": [{"name": "tables", "args": ["check", "--claims", "st/table-*"], "second": 1}]}'
bad_manifest 'a field given twice' '{"entries": [{"name": "tables", "name": "t2", "args": ["check"], "seconds": 1}]}'
bad_manifest 'a name given twice' '{"entries": [{"name": "t", "args": ["check"], "seconds": 1}, {"name": "t", "args": ["check"], "seconds": 2}]}'
bad_manifest 'an option the nightly run sets' '{"entries": [{"name": "t", "args": ["check", "--threads", "2"], "seconds": 1}]}'
bad_manifest 'a format this verifier does not read' '{"format": 2, "entries": [{"name": "t", "args": ["check"], "seconds": 1}]}'

echo "nightly: $passed passed, $failed failed"
# A test in which no check ran proved nothing.
[ $((passed + failed)) -gt 0 ] && [ "$failed" -eq 0 ]
