#!/usr/bin/env bash
# records_test.sh -- the committed records of the default run agree with
# each other: docs/errata.md (written by `make verify`), nightly/verify.json
# (the verdicts `make verify` expects) and the nightly golden record's
# entry default-verify (the same sweep) must all come from one run of the
# same command, so that a changed errata list or verdict cannot be
# committed in one place and missed in another.
#   - the three command lines are the Makefile's VERIFY_* sweep;
#   - docs/errata.md's SHA-256 is the golden entry's errata_sha256;
#   - every verdict of verify.json is the golden entry's, claim by claim.
# Shown to fail: the same comparisons run on a copy of each record with
# one thing changed (a byte of the errata, one verdict, one argument).
# Usage: records_test.sh JSON_GET
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
J=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
. "$ROOT/tests/testlib.sh"

ENTRY=default-verify

# The Makefile's sweep as the words after "check", one a line.
make_args() {
    local piles bound claims
    piles=$(sed -n 's/^VERIFY_PILES ?= *//p' "$ROOT/Makefile")
    bound=$(sed -n 's/^VERIFY_BOUND ?= *//p' "$ROOT/Makefile")
    claims=$(sed -n 's/^VERIFY_CLAIMS ?= *//p' "$ROOT/Makefile")
    printf '%s\n' check --piles "$piles" --bound "$bound" --claims "$claims"
}

# json_args FILE PATH: the list at PATH, one word a line.
json_args() {
    local n i
    n=$("$J" "$2/#" <"$1") || return 1
    for ((i = 0; i < n; i++)); do "$J" "$2/$i" <"$1"; done
}

# same_args NAME GOLDEN VERIFY: the two records' command lines are the
# Makefile's.
same_args() {
    local want
    want=$(make_args)
    if [ "$(json_args "$2" "entries/$ENTRY/args")" = "$want" ] && [ "$(json_args "$3" args)" = "$want" ]; then
        ok "$1"
    else
        bad "$1: golden $(json_args "$2" "entries/$ENTRY/args" | tr '\n' ' '), verify.json $(json_args "$3" args | tr '\n' ' '), Makefile $(echo "$want" | tr '\n' ' ')"
    fi
}

# same_errata NAME GOLDEN ERRATA: the list's checksum is the record's.
same_errata() {
    local want got
    want=$("$J" "entries/$ENTRY/errata_sha256" <"$2")
    got=$(sha256sum "$3" | cut -d' ' -f1)
    if [ -n "$want" ] && [ "$want" = "$got" ]; then ok "$1"; else bad "$1: $3 has $got, the golden record $want"; fi
}

# same_verdicts NAME GOLDEN VERIFY: claim by claim, both directions.
same_verdicts() {
    local ids n i id a b differ=""
    n=$("$J" "verdicts/#" <"$3")
    ids=$("$J" "verdicts/*" <"$3")
    for id in $ids; do
        a=$("$J" "verdicts/${id//\//~1}" <"$3")
        b=$("$J" "entries/$ENTRY/claims/${id//\//~1}/status" <"$2" 2>/dev/null)
        [ "$a" = "$b" ] || differ="$differ $id ($a in verify.json, ${b:-none} in the golden record)"
    done
    [ "$("$J" "entries/$ENTRY/claims/#" <"$2")" = "$n" ] || differ="$differ (the golden entry has $("$J" "entries/$ENTRY/claims/#" <"$2") claims, verify.json $n)"
    if [ -z "$differ" ] && [ "$n" -gt 0 ]; then ok "$1"; else bad "$1:$differ"; fi
}

G=$ROOT/nightly/golden.json
E=$ROOT/nightly/verify.json
D=$ROOT/docs/errata.md
same_args "the golden entry, verify.json and the Makefile run the same sweep" "$G" "$E"
same_errata "docs/errata.md is the golden record's" "$G" "$D"
same_verdicts "verify.json's verdicts are the golden record's" "$G" "$E"

# Shown to fail on copies with one thing changed.
sed '$ s/$/ /' "$D" >errata.md
cp "$G" golden.json
sed 's/"rn\/table-26": "FAILS"/"rn\/table-26": "HOLDS"/' "$E" >verify.json
grep -q '"rn/table-26": "HOLDS"' verify.json || bad "the planted verdict was not planted"
sed 's/"32"/"31"/' "$E" >verify-args.json
# planted NAME CHECK ARGS...: the check, run on a changed copy, reports it.
planted() {
    local name=$1 out
    shift
    out=$("$@")
    case $out in
    FAIL*) ok "planted: $name is reported" ;;
    *) bad "planted: $name went unreported ($out)" ;;
    esac
}
planted "a changed errata list" same_errata x golden.json errata.md
planted "a changed verdict" same_verdicts x golden.json verify.json
planted "another bound" same_args x golden.json verify-args.json

finish records_test
