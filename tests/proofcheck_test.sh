#!/usr/bin/env bash
# proofcheck_test.sh -- the certificates a run writes (docs/proofs.md) and
# the independent checker, build/proofcheck: a run of the certifying
# claims writes certificates that `check --check-proofs` re-proves, the
# same bytes at one thread and at two; and the checker refuses, each with
# its reason, every fault planted in a certificate: a value changed inside
# the region, a digest changed, a region one short, a period that breaks
# on the last layer of the region (one past what a region one short
# inspects), a statement that reads more than its declared period or
# start, a statement that fails, rules that are not the values' game, a
# file cut short, another format, and a statement it has no reading of.
# And a generator that is not the rules its certificates write (the
# restriction ignored from a pile size on: verifier-wrong-rules) stops the
# run as an internal error, inside the region or past it within the table
# the period was found on; never CERTIFIED.
# Usage: proofcheck_test.sh build/verifier build/proofcheck build/tests/verifier-wrong-rules
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
V=$(realpath "$1")
P=$(realpath "$2")
WRONG=$(realpath "$3")
. "$ROOT/tests/testlib.sh"

CLAIMS='rn/prop-4.2,rn/prop-4.3,rn/prop-4.3-proof,rn/prop-4.4,rn/prop-4.5,rn/prop-4.5-strategy,rn/rule-4.3,'
CLAIMS+='rn/rule-4.3.1,rn/rule-4.3.1-large,rn/rule-4.3.3-third,rn/rule-4.4,rn/rule-4.5,rn/rule-4.2,rn/prop-4.1,'
CLAIMS+='rn/rule-4.5-period,rn/rule-4.5-k3,rn/rule-6.1,ks/grundy-period,st/conj-34,st/conj-35/eventual,'
CLAIMS+='st/conj-36/eventual,hr/theorem,hr/misere,hr/multi-pile,hr/fig-1'

# --- A run writes certificates, and the checker accepts every one ---
"$V" check --claims "$CLAIMS" --max-take 5 --threads 1 --out one --quiet --check-proofs >one.out 2>&1
rc=$?
n=$(find one/certificates -name '*.cert' 2>/dev/null | wc -l)
# (Status 1: rn/rule-6.1's part 2 fails as printed; its other parts are
# proved and written.)
if [ "$rc" -eq 1 ] && [ "$n" -ge 40 ] && grep -q "proofcheck: $n accepted, 0 refused" one.out; then
    ok "a run of the certifying claims writes $n certificates, every one accepted (--check-proofs)"
else
    bad "the run with --check-proofs: status $rc, $n certificates: $(tail -n 3 one.out | tr '\n' ' ')"
fi
"$V" check --claims "$CLAIMS" --max-take 5 --threads 2 --out two --quiet >/dev/null 2>&1
if diff -r one/certificates two/certificates >/dev/null; then
    ok "the certificates are the same bytes at one thread and at two"
else
    bad "the certificates differ between one thread and two"
fi
if grep -q '"certificates"' one/summary.json && grep -q 'certificates/rn_prop-4.2/k-3.cert' one/summary.json; then
    ok "summary.json lists each claim's certificate files"
else
    bad "summary.json does not list the certificates"
fi

# refused NAME FILE TEXT: the checker refuses FILE (status 1) with TEXT in
# its reason.
refused() {
    local out rc
    out=$("$P" "$2" 2>&1)
    rc=$?
    case "$rc:$out" in
        1:*"REFUSED"*"$3"*) ok "$1: refused ($(printf '%s' "$out" | head -n 1 | sed 's/.*: //' | cut -c1-90))" ;;
        *) bad "$1: status $rc, wanted a refusal saying '$3': $out" ;;
    esac
}

# with_values FILE: FILE's region, count, digest and listing replaced by
# what its rules give (proofcheck --values), so that only the fault
# planted elsewhere is left.
with_values() {
    local f=$1
    "$P" --values "$f" >"$f.values" || return 1
    awk -v vals="$f.values" '
        BEGIN { while ((getline l < vals) > 0) { if (l ~ /^(region|values-count|values-sha256) /) { split(l, w, " "); v[w[1]] = l } else body = body l "\n" } }
        /^values$/ { skip = 1; next }
        skip && /^end-values$/ { skip = 0; next }
        skip { next }
        /^end$/ { printf "%s", body; print; next }
        ($1 in v) { print v[$1]; next }
        { print }
    ' "$f" >"$f.new" && mv "$f.new" "$f"
    rm -f "$f.values"
}

ONE=one/certificates/rn_prop-4.2/k-3.cert
TWO=one/certificates/rn_rule-4.3.1-large/k-4.cert
if "$P" "$ONE" "$TWO" >/dev/null; then
    ok "the certificates the plants start from are accepted as written"
else
    bad "$ONE or $TWO refused as written"
fi

# A value inside the region changed in the listing.
awk '/^4: / { $2 = $2 + 1 } { print }' "$ONE" >value.cert
refused "a value changed inside the region" value.cert "the values listed at '4:"
# The digest of the values changed.
awk '/^values-sha256 / { c = substr($2, 1, 1); $2 = (c == "0" ? "1" : "0") substr($2, 2) } { print }' "$ONE" >digest.cert
refused "the values' digest changed" digest.cert "SHA-256"
# The region one short of preperiod + period + max-take.
awk '/^region / { $2 = $2 - 1 } { print }' "$ONE" >short.cert
refused "a region one short" short.cert "the region must hold every position"

# A period that holds on every pile a region one short inspects and
# breaks on the region's last layer: k = 5, the previous take restricted,
# wins and losses on one pile, period 13 from 0 (region 18): piles 13..16
# repeat piles 0..3, pile 17 does not repeat pile 4.
cat >late.cert <<'EOF'
certificate 1
argument pile-period
statement rn/prop-4.3
k 5
game restricted-nim
players 2
piles 1
max-take 5
restriction previous
view normal-win
preperiod 0
period 13
region 18
statement-period 6
statement-from 0
statement-region 83
values-count 0
values-sha256 0000000000000000000000000000000000000000000000000000000000000000
end
EOF
with_values late.cert
refused "a period that breaks on the region's last layer" late.cert "no period 13 from 0: (17)"

# A statement that reads residues its declared period does not divide:
# rn/prop-4.3 reads the pile mod k + 1; declared period 1 (its region
# recomputed so that only the declaration is wrong).
PROP43=$(grep -l '^period ' one/certificates/rn_prop-4.3/*.cert | while read -r f; do
    awk '/^k /{k=$2} /^period /{t=$2} END { exit !(t % (k + 1) != 0) }' "$f" && echo "$f"; done | head -n 1)
if [ -n "$PROP43" ]; then
    awk '/^k /{k=$2} /^preperiod /{a=$2} /^period /{t=$2} /^max-take /{m=$2}
         /^statement-period /{ $2 = 1 } /^statement-region /{ $2 = a + m + t } { print }' "$PROP43" >residue.cert
    refused "a statement reading residues its declared period does not cover" residue.cert "read residues mod"
else
    bad "no certificate of rn/prop-4.3 whose period is not a multiple of k+1"
fi
# A statement that compares piles past its declared start: rn/rule-4.3.3-
# third compares the piles with its third losing pile and reads values up
# to k + 1 chips below; declared to start at 0 (region recomputed).
awk '/^preperiod /{a=$2} /^period /{t=$2} /^max-take /{m=$2} /^statement-period /{q=$2}
     /^statement-from /{ $2 = 0 } /^statement-region /{ l = t; while (l % q) l += t; $2 = a + m + l } { print }' \
    one/certificates/rn_rule-4.3.3-third/k-5.cert >start.cert
refused "a statement read past its declared start" start.cert ", past "
# A statement that fails: the values of rn/rule-4.5 (N players) read as
# the literal reading's multiples of 2k.
RULE45=$(ls one/certificates/rn_rule-4.5/*-4-players.cert | head -n 1)
sed 's|^statement rn/rule-4.5$|statement rn/rule-4.5/literal|' "$RULE45" >false.cert
refused "a statement false on the window" false.cert "the statement fails at"
# Rules that are not the values' game: nothing restricted, the previous
# take's values kept.
sed 's/^restriction previous$/restriction none/' "$ONE" >rules.cert
refused "rules other than the values' game" rules.cert "values"
# A statement the checker has no reading of.
sed 's|^statement .*|statement rn/no-such-statement|' "$ONE" >unknown.cert
refused "a statement it has no reading of" unknown.cert "no reading of"
# A file cut short, and another format.
head -n 20 "$ONE" >cut.cert
refused "a certificate cut short" cut.cert "no 'end' line"
sed 's/^certificate 1$/certificate 2/' "$ONE" >format.cert
refused "a certificate of another format" format.cert "format"

# Misere play: the values of S(1,2,3) in misere play read as normal
# play's are refused.
sed 's/^view misere-win$/view normal-win/' one/certificates/rn_rule-6.1/k-3-s-1-2-3-misere-play.cert >misere.cert
refused "misere values read as normal play" misere.cert "values"
# Both plays at once (rn/rule-6.1's "misere differs where both piles are
# 0 or 1 mod 4"): read as one play, or with one position's plays swapped.
BOTH=one/certificates/rn_rule-6.1/k-3-s-1-2-3-both-plays.cert
sed 's/^view both-win$/view normal-win/' "$BOTH" >both-one.cert
refused "both plays' values read as one play" both-one.cert "values"
awk '/^1 1: / { $3 = 3 - $3 } { print }' "$BOTH" >both-value.cert
refused "both plays: one position's plays swapped" both-value.cert "the values listed at '1 1:"

# 6.1.3 by what a restriction does: accepted as written; refused for k =
# 1 (no take of 2: the argument needs one) and for another restriction.
XCERT=one/certificates/rn_rule-6.1/k-2-x-only-in-misere.cert
if "$P" "$XCERT" >/dev/null; then ok "6.1.3 for k = 2 is accepted"; else bad "6.1.3 for k = 2: $("$P" "$XCERT")"; fi
sed 's/^k 2$/k 1/; s/^max-take 2$/max-take 1/' "$XCERT" >x1.cert
refused "6.1.3 for k = 1" x1.cert "max-take k >= 2"
sed 's/^restriction previous$/restriction chosen/' "$XCERT" >xchosen.cert
refused "6.1.3 for another restriction" xchosen.cert "the previous take restricted"

# Kayles' period by the octal periodicity theorem: a value changed, and a
# period declared one row earlier than it starts (its region and values
# those the theorem then reads, so that only the period is wrong).
KAYLES=one/certificates/ks_grundy-period/row.cert
awk '/^100: / { $2 = $2 + 1 } { print }' "$KAYLES" >kvalue.cert
refused "Kayles: a value changed" kvalue.cert "the values listed at '100:"
sed -n '/^values$/,/^end-values$/p' "$KAYLES" | sed '1d;$d' | head -n 166 >k166.txt
awk -v sha="$(sha256sum k166.txt | cut -c1-64)" '
    /^preperiod / { $2 = 70 } /^region / { $2 = 166 } /^values-count / { $2 = 166 } /^values-sha256 / { $2 = sha }
    /^values$/ { print; while ((getline l < "k166.txt") > 0) print l; skip = 1; next }
    /^end-values$/ { skip = 0 } skip { next } { print }' "$KAYLES" >kearly.cert
refused "Kayles: a period declared from a row before it starts" kearly.cert "no period 12 from 70"

# The complement strategy of Proposition 4.4: accepted for an even k;
# refused for an odd k (a take of (k+1)/2 cannot be answered), for another
# modulus, and for other rules.
strategy() {
    printf 'certificate 1\nargument complement-strategy\nstatement rn/prop-4.4/literal\nk %d\n' "$1"
    printf 'game restricted-nim\nplayers 2\npiles 2\nmax-take %d\nrestriction %s\nmodulus %d\nend\n' "$1" "$3" "$2"
}
strategy 22 23 previous >even.cert
if "$P" even.cert >/dev/null; then ok "the strategy for k = 22 is accepted"; else bad "the strategy for k = 22: $("$P" even.cert)"; fi
strategy 5 6 previous >odd.cert
refused "the strategy for an odd k" odd.cert "cannot be answered by taking 3"
strategy 22 24 previous >modulus.cert
refused "the strategy with another modulus" modulus.cert "the modulus is 24"
strategy 22 23 none >free.cert
refused "the strategy for other rules" free.cert "the previous take restricted"

# The move bound of rn/rule-4.5-k3: accepted as written; refused with
# another modulus (from 7 the third player cannot always reach 0).
BOUND=one/certificates/rn_rule-4.5-k3/k-3.cert
if "$P" "$BOUND" >/dev/null; then ok "the move bound is accepted as written"; else bad "the move bound: $("$P" "$BOUND")"; fi
sed 's/^modulus 6$/modulus 7/' "$BOUND" >bound7.cert
refused "the move bound with another modulus" bound7.cert "the third player cannot reach"

# Stewart's families, every game a line: a game left out, a period that
# is not one, a preperiod one row early, and a period that does not
# divide 2k (twice the game's own, for {1}: 4, k = 1).
FAM=one/certificates/st_conj-34/family.cert
sed '/^game 0.03 /d' "$FAM" | awk '/^games / { $2 = $2 - 1 } { print }' >fam-gone.cert
refused "a family with a game left out" fam-gone.cert "is not the next line"
awk '/^game 0.3 1 - - 0 0 2$/ { $8 = 3 } { print }' "$FAM" >fam-period.cert
refused "a family game with a wrong period" fam-period.cert "no period 3 from 0"
EARLY=$(awk '/^game / && $7 > 0 { print; exit }' one/certificates/st_conj-35_eventual/family.cert)
if [ -n "$EARLY" ]; then
    awk -v line="$EARLY" '$0 == line { $7 = $7 - 1 } { print }' one/certificates/st_conj-35_eventual/family.cert >fam-early.cert
    refused "a family game with a preperiod one row early" fam-early.cert "no period"
else
    bad "no game of Conjecture 35 with a preperiod above 0 to plant"
fi
awk '/^game 0.3 1 - - 0 0 2$/ { $8 = 4 } { print }' "$FAM" >fam-divide.cert
refused "a family game whose period does not divide 2k" fam-divide.cert "does not divide 2k = 2"

# The game of chance (value-induction, chance-period).  relist FILE
# FIELD=VALUE...: FILE's listing cut to its piles 0 .. the new region's
# last (an induction's region + period, a period's region), its count and
# digest recomputed, and the fields set, so that only the planted fault is
# left.
relist() {
    local f=$1 out=$2
    shift 2
    awk -v sets="$*" 'BEGIN { n = split(sets, a, " "); for (i = 1; i <= n; i++) { split(a[i], kv, "="); set[kv[1]] = kv[2] } }
        ($1 in set) { $2 = set[$1] } { print }' "$f" >"$out.tmp"
    local region period last
    region=$(awk '/^region / { print $2 }' "$out.tmp")
    period=$(awk '/^period / { print $2 }' "$out.tmp")
    last=$region
    grep -q '^argument value-induction$' "$out.tmp" && last=$((region + period))
    sed -n '/^values$/,/^end-values$/p' "$out.tmp" | sed '1d;$d' | head -n $((last + 1)) >"$out.list"
    awk -v sha="$(sha256sum "$out.list" | cut -c1-64)" -v count="$((last + 1))" -v list="$out.list" '
        /^values-count / { $2 = count } /^values-sha256 / { $2 = sha }
        /^values$/ { print; while ((getline l < list) > 0) print l; skip = 1; next }
        /^end-values$/ { skip = 0 } skip { next } { print }' "$out.tmp" >"$out"
    rm -f "$out.tmp" "$out.list"
}
THEOREM=one/certificates/hr_theorem/2-3.cert
MULTI=one/certificates/hr_multi-pile/1-4-against-1-2.cert
FIG=one/certificates/hr_fig-1/one-pile.cert
awk '/^5: / { $2 = 1 - $2 } { print }' "$THEOREM" >hr-value.cert
refused "the chance game: a value of g changed" hr-value.cert "the values listed at '5:"
sed 's/^play misere$/play normal/' one/certificates/hr_misere/2-3.cert >hr-play.cert
refused "the chance game: the misere proof read as normal play" hr-play.cert "in misere play"
relist "$MULTI" hr-short.cert region=18
refused "the chance game: a region one short" hr-short.cert "the region must be"
relist "$MULTI" hr-period.cert period=7 region=18
refused "the chance game: a period that is not one" hr-period.cert "no period 7 from 6"
sed 's/^choices 1 4$/choices 2 4/' "$MULTI" >hr-rules.cert
refused "the chance game: other rules" hr-rules.cert "the values listed at"
refused "the chance game: positions with a valueless pile not all left to chance" \
    "$ROOT/tests/certificates/chance-not-left-to-chance.cert" "taking pile 7 the mover surely wins"
awk '/^11: / { $2 = "1/3" } { print }' "$FIG" >fig-value.cert
refused "Fig. 1: a value changed" fig-value.cert "the values listed at '11:"
relist "$FIG" fig-early.cert preperiod=3 region=16
refused "Fig. 1: a period declared from a pile before it starts" fig-early.cert "no period 8 from 3"

# The engine tied to the rules: the restriction ignored from piles of 5
# (inside the region of k = 3) or of 100 (past it, within the table the
# period is sought on: the finder's preperiod moves there, and the region
# with it).  Beyond every table nothing the proof reads is the engine's
# (docs/proofs.md): CERTIFIED, and the checker accepts, from the rules.
for from in 5 100; do
    out=$(PATH="$(dirname "$P"):$PATH" VERIFIER_WRONG_RULES_FROM=$from "$WRONG" check --claims rn/prop-4.2 \
        --max-take 3 --out "wrong$from" --quiet --check-proofs 2>&1)
    rc=$?
    if [ "$rc" -eq 4 ] && printf '%s' "$out" | grep -q "differ from the rules the certificate writes" \
        && ! printf '%s' "$out" | grep -q CERTIFIED; then
        ok "a generator ignoring the restriction from piles of $from: an internal error, never CERTIFIED"
    else
        bad "a generator ignoring the restriction from piles of $from: status $rc: $out"
    fi
done

# A results directory with one refused certificate: status 1, the others
# still checked and counted.
cp -r one planted && cp value.cert planted/certificates/rn_prop-4.2/k-3.cert
out=$("$P" --quiet planted 2>&1)
rc=$?
if [ "$rc" -eq 1 ] && printf '%s' "$out" | grep -q "^proofcheck: $((n - 1)) accepted, 1 refused"; then
    ok "a results directory with one planted certificate: status 1, $((n - 1)) accepted, 1 refused"
else
    bad "a planted results directory: status $rc: $out"
fi
# Bad arguments: status 2, one line.
"$P" >/dev/null 2>&1; rc1=$?
"$P" no-such-file >/dev/null 2>&1; rc2=$?
if [ "$rc1" -eq 2 ] && [ "$rc2" -eq 2 ]; then
    ok "no argument, or one that cannot be read: status 2"
else
    bad "bad arguments: statuses $rc1 and $rc2"
fi

finish proofcheck
