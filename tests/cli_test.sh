#!/usr/bin/env bash
# cli_test.sh -- the command line as a user meets it: exact output forms,
# exit statuses, one-line errors, nothing half-written, byte-identical
# results for any thread count.
# Usage: tests/cli_test.sh build/verifier build/tests/json_get
set -u
V=$(realpath "$1")
J=$(realpath "$2")
TESTS=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
passed=0
failed=0

ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

# expect_status NAME STATUS CMD... : exit status, and for status 2 exactly
# one line on stderr and nothing on stdout.
expect_status() {
    local name=$1 want=$2
    shift 2
    "$@" >out.txt 2>err.txt
    local got=$?
    if [ "$got" -ne "$want" ]; then
        bad "$name: exit $got, wanted $want ($(head -c 200 err.txt))"
        return
    fi
    if [ "$want" -eq 2 ] && { [ "$(wc -l <err.txt)" -ne 1 ] || [ -s out.txt ]; }; then
        bad "$name: usage errors must print one line on stderr only"
        return
    fi
    ok "$name"
}

# value: one line "N f" per integer N, two integers.
"$V" value 5,4,2 --bonus -12:12 >value.txt 2>/dev/null
if [ "$(wc -l <value.txt)" -eq 25 ] && ! grep -vqE '^-?[0-9]+ -?[0-9]+$' value.txt \
    && grep -qx '3 2' value.txt && grep -qx '0 3' value.txt && grep -qx -- '-12 9' value.txt; then
    ok "value 5,4,2 --bonus -12:12"
else
    bad "value 5,4,2 --bonus -12:12 printed: $(head -3 value.txt | tr '\n' '|')"
fi

# value at half-integer and rational N: the half-integers agree with the
# integer run where they meet, and 7/4 is computed, not interpolated (its
# own line in the output, exact).
"$V" value 5,4,2 --bonus -3/2:5/2 --step 1/2 >half.txt 2>/dev/null
if [ "$(wc -l <half.txt)" -eq 9 ] && grep -qx -- '-3/2 5/2' half.txt && grep -qx '0 3' half.txt \
    && grep -qx '2 3' half.txt && [ "$("$V" value 5,4,2 --bonus 7/4)" = "7/4 11/4" ] \
    && [ "$("$V" value 5,4 --bonus 1/3:1 --step 1/3 | tr '\n' ' ')" = "1/3 4/3 2/3 5/3 1 2 " ]; then
    ok "value at half-integer and rational N"
else
    bad "rational values: $(tr '\n' '|' <half.txt)"
fi
# --explain: the optimal first move at N = 0 is the paper's (0,4,2), and the
# line's arithmetic ends at the value printed first.
"$V" value 5,4,2 --bonus 0 --explain >explain.txt 2>&1
if head -1 explain.txt | grep -qx '0 3' && grep -q 'optimal first moves from (5,4,2) at N = 0 (1 move): (0,4,2)$' explain.txt \
    && grep -q '= (7 + 0) - 4 = 3$' explain.txt && grep -q "the table's value: 3" explain.txt; then
    ok "value --explain: first moves, a line, its arithmetic"
else
    bad "value --explain: $(tr '\n' '|' <explain.txt)"
fi
# The arithmetic of every explanation, evaluated exactly (tests/explain_check.awk):
# either player taking the last stone, at integer, half-integer and rational N,
# negative ones too; and the checker is shown to catch a wrong line.
AWK_CHECK=$TESTS/explain_check.awk
explained=0 wrong=""
for p in 2,2 9,8,1 5,4,2 7,6,1 3 1,1 4,4,4 6,4,1 5,4,3 10,3,2 8,7,1 6,6; do
    for n in -5 -3/2 0 1/2 3 7/4 -9/4 12 5/3; do
        r=$("$V" value "$p" --bonus "$n" --explain 2>&1 | awk -f "$AWK_CHECK")
        if [ "$r" = ok ]; then explained=$((explained + 1)); else wrong="$wrong [$p at $n: $r]"; fi
    done
done
if [ -z "$wrong" ] && [ "$explained" = 108 ]; then
    ok "value --explain: the arithmetic of 108 lines (both takers of the last stone) equals the value"
else
    bad "value --explain arithmetic:$wrong"
fi
printf '%s\n' "  the second player took the last stone and gets N = 3: f = (first's stones) - (second's stones + N) = 2 - 2 + 3 = -3" \
    "  (the table's value: -3)" | awk -f "$AWK_CHECK" >wrongline.txt
if grep -qv '^ok$' wrongline.txt; then ok "the arithmetic check catches a line without its brackets"; else bad "a wrong line passed"; fi

# tree: every move of (5,4,2) once at depth 1 (5 + 4 + 2 = 11), the one
# optimal move at N = 0 bold (to the paper's (0,4,2)); every edge checks
# out: +k - f(child) = f(parent) exactly on the bold ones, less on the rest.
"$V" tree 5,4,2 --bonus 0 --depth 1 >tree.dot 2>&1
declare -A fval
while read -r id f; do fval[$id]=$f; done < <(sed -n 's/^  \(p[0-9]*\) \[label="([0-9,]*)\\nf = \(-\?[0-9]*\)"\];$/\1 \2/p' tree.dot)
edges=0 wrong=0
while read -r from to k bold; do
    edges=$((edges + 1))
    v=$((k - ${fval[$to]}))
    if [ "$bold" = 1 ] && [ $v -ne "${fval[$from]}" ]; then wrong=$((wrong + 1)); fi
    if [ "$bold" = 0 ] && [ $v -ge "${fval[$from]}" ]; then wrong=$((wrong + 1)); fi
done < <(sed -n 's/^  \(p[0-9]*\) -> \(p[0-9]*\) \[label="+\([0-9]*\)".*penwidth.*/\1 \2 \3 1/p; s/^  \(p[0-9]*\) -> \(p[0-9]*\) \[label="+\([0-9]*\)".*gray55.*/\1 \2 \3 0/p' tree.dot)
if [ $edges -eq 11 ] && [ $wrong -eq 0 ] && grep -q 'label="(0,4,2)\\nf = 2"' tree.dot && [ "$(grep -c penwidth tree.dot)" -eq 1 ]; then
    ok "tree 5,4,2 at N = 0: 11 moves, the optimal one bold, every edge's arithmetic"
else
    bad "tree: $edges edges, $wrong wrong: $(head -8 tree.dot | tr '\n' '|')"
fi
"$V" tree 5,4,2 --bonus 3/2 --depth 20 --optimal-only --out line.dot >/dev/null 2>&1
if [ -s line.dot ] && grep -q -- '-> p0 \[label="+1, last stone: +N (N = 3/2)"' line.dot && ! grep -q gray55 line.dot; then
    ok "tree --optimal-only --out FILE.dot: every optimal line to the end"
else
    bad "tree --optimal-only: $(head -5 line.dot 2>&1 | tr '\n' '|')"
fi

# plot: the data of the paper's Figures 2-6 (as `make figures` draws them)
# agree with `value` at every half-integer, say f is linear between them,
# and Theorem 6.3's overlay equals the computed column at every quarter.
# value_dec: value's exact "N f" lines with f as a decimal.
value_dec() { "$V" value "$1" --bonus "$2" --step 1/2 | awk '{ split($2, q, "/"); v = (q[2] ? q[1] / q[2] : q[1]); split($1, r, "/"); n = (r[2] ? r[1] / r[2] : r[1]); printf "%g %g\n", n, v }'; }
figs_ok=1
for fig in "5,4,2 -14:14" "7,6,1 -9:9 F_3" "8,7,1 -10:10 F_3,thm-6.3" "6,4,1 -8:8 thm-6.3" "5,4,3 -15:15"; do
    set -- $fig
    rm -f fig.dat
    "$V" plot "$1" --bonus "$2" ${3:+--overlay "$3"} --out fig.dat 2>/dev/null || figs_ok=0
    grep -q '^# linear between half-integers (each quarter the mean of its neighbours): yes' fig.dat || figs_ok=0
    cmp -s <(grep -v '^#' fig.dat | awk '{ if ($1 * 2 == int($1 * 2)) printf "%g %g\n", $1, $2 }') <(value_dec "$1" "$2") || figs_ok=0
    if [ "${3:-}" = thm-6.3 ] || [ "${3:-}" = F_3,thm-6.3 ]; then
        awk '!/^#/ && $2 != $NF { bad = 1 } END { exit bad }' fig.dat || figs_ok=0
    fi
done
[ $figs_ok = 1 ] && ok "plot: Figures 2-6 data agree with value, linear, Theorem 6.3's overlay on the line" \
    || bad "plot data of Figures 2-6"
if command -v gnuplot >/dev/null; then
    "$V" plot 6,4,1 --bonus -8:8 --overlay thm-6.3 --out fig5.svg >/dev/null 2>&1
    [ -s fig5.dat ] && grep -q '<svg' fig5.svg && ok "plot --out FILE.svg draws it, data beside it" || bad "plot svg"
else
    echo "skip plot --out FILE.svg: gnuplot is not installed (make figures installs gnuplot-nox)"
fi
# gs --plot: G_s(n) drawn with its preperiod and period; the data beside it
# are gs's own values, and the period is the certificate's.
if command -v gnuplot >/dev/null; then
    "$V" gs --game 0.0303 --to 40 --plot g.svg >/dev/null 2>&1
    if grep -q '<svg' g.svg && grep -qx '# CERTIFIED: preperiod 0, period 8 (rows 0..40)' g.dat \
        && cmp -s <(grep -v '^#' g.dat | awk '{ print $1, $3 }') <("$V" gs --game 0.0303 --to 40); then
        ok "gs --plot: G_s(n) with its certified preperiod and period, gs's values beside it"
    else
        bad "gs --plot: $(head -2 g.dat 2>&1 | tr '\n' '|')"
    fi
    # No period seen: said so in the data and the title, never as -1.
    "$V" gs --game 0.4 --to 10 --plot gnone.svg >/dev/null 2>&1
    if grep -qx '# UNDECIDED: no period seen (rows 0..10)' gnone.dat && ! grep -q -- '-1' gnone.dat \
        && grep -q 'no period seen' gnone.svg; then
        ok "gs --plot with no period seen: said so, no preperiod of -1"
    else
        bad "gs --plot, no period: $(head -2 gnone.dat 2>&1 | tr '\n' '|')"
    fi
    # With a second heap: a curve a column m, the data a line a row n.
    "$V" gs --game 0.26 --to 30 --sum 0.6 --m-to 2 --plot gsum.svg >/dev/null 2>&1
    if grep -q '<svg' gsum.svg && [ "$(grep -v '^#' gsum.dat | awk '{ print NF }' | sort -u)" = 7 ] \
        && grep -q 'm = 2' gsum.svg \
        && cmp -s <(grep -v '^#' gsum.dat | awk '{ for (m = 0; m < 3; m++) print $1, m, $(3 + 2 * m) }') \
            <("$V" gs --game 0.26 --to 30 --sum 0.6 --m-to 2 2>/dev/null); then
        ok "gs --plot with --sum: a curve a column m, gs's values beside it"
    else
        bad "gs --plot --sum: $(head -3 gsum.dat 2>&1 | tr '\n' '|')"
    fi
else
    echo "skip gs --plot: gnuplot is not installed"
fi

# check writes games.csv on request only (conj always): the families' rows
# are most of a default run's bytes; the summary names the undecided games.
expect_status "check a family without --games-csv" 0 "$V" check --claims st/conj-34 --max-take 6 --out nogames
expect_status "check a family with --games-csv" 0 "$V" check --claims st/conj-34 --max-take 6 --games-csv --out withgames
if [ ! -e nogames/games.csv ] && [ "$(grep -c CERTIFIED withgames/games.csv)" -eq 63 ] && [ -s nogames/summary.json ]; then
    ok "check: games.csv only with --games-csv"
else
    bad "check --games-csv: $(ls nogames withgames | tr '\n' ' ')"
fi
expect_status "conj-37 names its undecided games" 3 "$V" conj --id st/conj-37/eventual --max-take 1 --to 20 --out c37-named
if grep -q '^  UNDECIDED st/conj-37/eventual: .*; undecided: 0.6 (points 1, sum 0.6); 4.6 (points 1, sum 4.6)$' out.txt \
    && [ "$("$J" 'claims/0/findings/undecided games' <c37-named/summary.json)" = "0.6 (points 1, sum 0.6); 4.6 (points 1, sum 4.6)" ] \
    && [ "$(grep -c UNDECIDED c37-named/games.csv)" -ge 2 ]; then
    ok "the summary names each undecided game (and games.csv has them)"
else
    bad "undecided games named: $(grep UNDECIDED out.txt | tail -1)"
fi

# conj --game CODE: the family's games of that code alone, said in a
# finding, with no family certificate; a code that does not read is one
# line, exit 2; a code the family does not hold is EMPTY.
expect_status "conj --game one game" 0 "$V" conj --id st/conj-34 --max-take 6 --game '{1,2}' --out onegame
if [ "$(grep -vc '^"claim",' onegame/games.csv)" -eq 1 ] && grep -q '"{1,2}"' onegame/games.csv \
    && [ "$("$J" 'claims/0/findings/one game' <onegame/summary.json | cut -c1-41)" = "only the family's games of code {1,2} ran" ] \
    && [ "$("$J" config/claim_sizes/game <onegame/summary.json)" = "{1,2}" ] && [ ! -e onegame/certificates ]; then
    ok "conj --game: one game of the family, said so, no family certificate"
else
    bad "conj --game: $(cat onegame/games.csv 2>&1 | head -3 | tr '\n' '|')"
fi
expect_status "conj --game that does not read" 2 "$V" conj --id st/conj-34 --game 0.9x
expect_status "conj --game the family lacks" 3 "$V" conj --id st/conj-34 --max-take 6 --game 0.77 --out nogame
grep -q '^  EMPTY st/conj-34' out.txt && ok "conj --game of a code the family lacks: EMPTY" || bad "conj --game lacking: $(tail -3 out.txt | tr '\n' '|')"
# An explicit default size keeps the measured estimate; another size is
# estimated from the family's work at it (claim_def.work).
"$V" conj --id st/conj-34 --max-take 12 --out defsize >out.txt 2>&1
"$V" conj --id st/conj-34 --max-take 11 --out othersize >out2.txt 2>&1
if grep -q '^time: about .* for the selected claims .*on 2 cores)$' out.txt \
    && grep -q '^time: about .* for the selected claims .*scaled by their work at the sizes given)$' out2.txt; then
    ok "an explicit default size keeps the estimate; another is scaled by the family's work"
else
    bad "estimate at the default size: $(grep '^time' out.txt out2.txt | tr '\n' '|')"
fi
# An UNDECIDED family's next step comes with its time and memory.
"$V" conj --id st/conj-37/eventual --max-take 1 --to 20 --out nextcost >out.txt 2>&1
if grep -q '^  UNDECIDED st/conj-37/eventual: .*next step to try: --to 40.* (that run: about [0-9.]* [a-z]* on 2 cores and \(about\|up to\) [0-9.]* [KMG]iB)' out.txt; then
    ok "a suggested next size comes with its estimated time and memory"
else
    bad "next size's cost: $(grep UNDECIDED out.txt | tr '\n' '|')"
fi

# gs says the period it found: on stderr beside the plain rows (stdout
# keeps "n G" lines), in --json as "period"; none seen is a value of its
# own.
"$V" gs --subtraction 1,2 --to 20 >gsp.out 2>gsp.err
if [ "$(cat gsp.err)" = "gs: CERTIFIED: preperiod 0, period 4 (a window of rows repeats: proved; rows 0..20)" ] \
    && [ "$(wc -l <gsp.out)" -eq 21 ] \
    && [ "$("$V" gs --subtraction 1,2 --to 20 --json | "$J" period/status period/preperiod period/period | tr '\n' ' ')" = "CERTIFIED 0 4 " ] \
    && [ "$("$V" gs --game 0.26 --to 30 --sum 0.6 --m-to 2 --json | "$J" period/status period/preperiod period/period | tr '\n' ' ')" = "OBSERVED 12 2 " ] \
    && "$V" gs --subtraction 4,5 --to 15 2>&1 >/dev/null | grep -qx 'gs: UNDECIDED: no period seen (rows 0..15)' \
    && [ "$("$V" gs --subtraction 4,5 --to 15 --json | "$J" period/status)" = UNDECIDED ] \
    && [ "$("$V" gs --game 0.26 --to 10 --sum 0.6 --m-to 40 --json | "$J" period/status)" = "NOT ANALYSED" ]; then
    ok "gs: the period found, none seen, or not analysed (--m-to 40), in text (stderr) and --json"
else
    bad "gs period: $(tr '\n' '|' <gsp.err) $("$V" gs --subtraction 1,2 --to 20 --json | tail -3 | tr '\n' ' ')"
fi

# list: every claim id with source and statement.
"$V" list >list.txt
for id in os/prop-3.1 os/cor-3.2 os/eq-1 os/prop-4.1 os/prop-4.2 os/prop-4.1-strategy os/prop-4.2-strategy \
    os/prop-5.1 os/prop-5.2 os/prop-5.3 os/prop-5.5 os/c-plus-minus os/prop-6.1 os/thm-6.3 os/cor-6.4 \
    os/breakpoints os/remark-6.5 os/examples st/thm-32 st/lemma-33 st/table-1 st/table-2 st/conj-34 \
    st/conj-35/literal st/conj-35/eventual st/conj-36/literal st/conj-36/eventual st/conj-37/literal \
    st/conj-37/eventual; do
    if grep -qx "$id" list.txt; then ok "list has $id"; else bad "list lacks $id"; fi
done
# Every claim says what kind of truth its verdict is.
if [ "$(grep -c '^[a-z]' list.txt)" -eq "$(grep -c '^    proof:     ' list.txt)" ] \
    && grep -A6 -x 'rn/prop-4.4' list.txt | grep -q '^    proof:     proved for every pile size by a certificate' \
    && grep -A6 -x 'rn/table-2' list.txt | grep -q '^    proof:     a finite statement, checked whole$' \
    && grep -A6 -x 'os/prop-3.1' list.txt | grep -q '^    proof:     swept to a bound'; then
    ok "list: every claim's proof: proved for every size, checked whole, or swept to a bound"
else
    bad "list: proof lines $(grep -c '^    proof:' list.txt) for $(grep -c '^[a-z]' list.txt) claims"
fi

# sequence GAME: every game that offers a sequence, with its own options
# only.  Kayles' G(n) (0.77): the rules' start, Guy and Smith's period 12
# from 71 CERTIFIED by the octal periodicity theorem at --to 167 and only
# OBSERVED one row short; the octal games' under `sequence scoring-octal`
# the same as gs; an option of another game refused; a game with no
# sequence refused; the top-level help lists the games from the registry.
if [ "$("$V" sequence kayles --to 20 2>/dev/null | awk '{printf "%s ", $2}')" = "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 " ] \
    && [ "$("$V" sequence kayles --to 167 2>&1 >/dev/null)" = "sequence kayles: CERTIFIED: preperiod 71, period 12 (the octal periodicity theorem: proved; rows 0..167)" ] \
    && [ "$("$V" sequence kayles --to 166 --json | "$J" period/status period/preperiod period/period | tr '\n' ' ')" = "OBSERVED 71 12 " ] \
    && ! "$V" sequence kayles --to 3 --json | grep -q '"points"' \
    && cmp -s <("$V" sequence scoring-octal --game 0.26 --to 30 2>&1) <("$V" gs --game 0.26 --to 30 2>&1 | sed 's/^gs:/sequence scoring-octal:/') \
    && "$V" --help | sed -n '/^  sequence  /,/^  gs  /p' | grep -q 'scoring-octal kayles' \
    && "$V" sequence --help | grep -q '^  kayles  ' \
    && "$V" games | grep -q '^    sequence: verifier sequence kayles --to L$'; then
    ok "sequence: Kayles' G(n) and its certified period, the octal games as gs, listed by --help and games"
else
    bad "sequence: $("$V" sequence kayles --to 167 2>&1 >/dev/null) $("$V" --help | grep -A1 '^  sequence')"
fi
expect_status "sequence kayles refuses an octal game's option" 2 "$V" sequence kayles --to 5 --points 1,2
expect_status "sequence of a game that offers none" 2 "$V" sequence nim --to 5
expect_status "sequence of an unknown game" 2 "$V" sequence no-such-game --to 5
expect_status "sequence without a game" 2 "$V" sequence
expect_status "sequence kayles without --to" 2 "$V" sequence kayles

# gs: "n G" lines, "n m G" with a sum, rationals exact.
if [ "$("$V" gs --subtraction 4,5 --to 15 | awk '{printf "%s ", $2}')" = "0 0 0 0 4 5 5 5 5 1 0 0 0 3 4 5 " ]; then
    ok "gs --subtraction 4,5 is Table 1"
else
    bad "gs --subtraction 4,5 differs from Table 1"
fi
if [ "$("$V" gs --game 0.3333 --points 2,2,2,2 --to 10 | awk '{printf "%s ", $2}')" = "0 2 2 2 2 0 2 2 2 2 0 " ]; then
    ok "gs --game 0.3333 --points 2,2,2,2"
else
    bad "gs 0.3333 differs from the printed table"
fi
"$V" gs --game 0.26 --points 1/2,1 --to 12 --sum '{1,2}' --m-to 3 >gs.txt
if [ "$(wc -l <gs.txt)" -eq 52 ] && ! grep -vqE '^[0-9]+ [0-9]+ -?[0-9]+(/[0-9]+)?$' gs.txt; then
    ok "gs with --sum prints n m G"
else
    bad "gs with --sum: $(head -2 gs.txt | tr '\n' '|')"
fi
# A memo that grows is weighed against the memory after every row: under
# an address-space limit of 600 MB, --to 100 of 0.26 is stopped early
# (exit 2, nothing printed) with the --to that fits, not run out of memory.
# (Not under the sanitizers: AddressSanitizer reserves more address space
# than that limit before main.)
if [ "${SAN:-0}" != 1 ]; then
    out=$( (ulimit -v 600000; "$V" gs --game 0.26 --to 100) 2>&1)
    rc=$?
    case "$rc:$out" in
        2:*"would pass the"*"fits"*) ok "gs stops a memo projected past the memory, and says which --to fits" ;;
        *) bad "gs under ulimit -v 600000: exit $rc: $(printf '%s' "$out" | tail -c 300)" ;;
    esac
else
    echo "skip gs under ulimit -v: the sanitizers' shadow memory needs more address space"
fi

for sub in "" list value tree plot check conj sequence gs clean nightly; do
    expect_status "help ${sub:-main}" 0 "$V" $sub --help
done

expect_status "pile with a letter" 2 "$V" value 5,a,2
expect_status "empty pile list entry" 2 "$V" value 5,,2
expect_status "negative bound" 2 "$V" check --piles 3 --bound -1
expect_status "empty bonus range" 2 "$V" value 5,4,2 --bonus 3:1
expect_status "malformed bonus range" 2 "$V" value 5,4,2 --bonus 3:x
expect_status "unknown claim id" 2 "$V" check --piles 2 --bound 3 --claims os/nope
expect_status "unknown option" 2 "$V" check --piles 2 --bound 3 --colour
expect_status "unknown command" 2 "$V" frobnicate
expect_status "missing bound" 2 "$V" check --piles 3
expect_status "zero threads" 2 "$V" check --piles 2 --bound 3 --threads 0
expect_status "unwritable output directory" 2 "$V" check --piles 2 --bound 3 --out /proc/no/such/dir
expect_status "existing output directory" 2 "$V" check --piles 2 --bound 3 --out "$WORK"
expect_status "values beyond 32 bits" 2 "$V" value 5,4,2 --bonus -100000000:100000000
expect_status "malformed game code" 2 "$V" gs --game 0.2x --to 5
expect_status "code without a point" 2 "$V" gs --game 26 --to 5
expect_status "bad points" 2 "$V" gs --game 0.26 --points 1/0,2 --to 5
expect_status "wrong number of points" 2 "$V" gs --game 0.26 --points 1 --to 5
expect_status "malformed subtraction set" 2 "$V" gs --subtraction '{4,,5}' --to 5
expect_status "gs without --to" 2 "$V" gs --game 0.26
expect_status "unknown conjecture" 2 "$V" conj --id st/conj-99
expect_status "conj without --id" 2 "$V" conj --max-take 3
expect_status "family too large" 2 "$V" conj --id st/conj-37/eventual --max-take 9
# The memory a breaking family declares before it runs (the ranked memo's
# array from the ranks' count, the heaps' moves of its game with the most)
# is a true bound on the run's peak and within twice it (summary.json's
# peak resident size; not under the sanitizers, whose shadow memory is
# counted in the peak and not in the declaration).
if [ "${SAN:-0}" != 1 ]; then
    "$V" conj --id st/conj-37/eventual --max-take 3 --to 34 --out c37mem >c37mem.txt 2>&1
    declared=$(sed -n 's/^memory: .*\(at most\|up to\) \([0-9.]*\) \([KMG]iB\).*/\2 \3/p' c37mem.txt |
        awk '{ m = $2 == "KiB" ? 1024 : $2 == "MiB" ? 1048576 : 1073741824; printf "%.0f\n", $1 * m }')
    peak=$("$J" run/peak_rss_bytes/0 <c37mem/summary.json 2>/dev/null)
    if [ -n "$declared" ] && [ -n "$peak" ] && [ "$peak" -le "$declared" ] && [ "$declared" -le $((2 * peak)) ]; then
        ok "conj-37 --max-take 3 --to 34 declares $declared bytes for a peak of $peak: a bound, within 2x"
    else
        bad "conj-37 memory: declared '${declared}' peak '${peak}': $(grep '^memory' c37mem.txt)"
    fi
fi
expect_status "os claims need a sweep" 2 "$V" check --claims os/eq-1
if [ ! -e results ] && [ -z "$(ls -A /proc/no 2>/dev/null)" ]; then ok "nothing written on bad input"; else bad "bad input left files behind"; fi

# A sweep where every selected claim holds: exit 0, results in place.
expect_status "check holds" 0 "$V" check --piles 3 --bound 8 --claims 'os/thm-6.3,os/eq-1' --out holds
for f in summary.json mismatches.csv table.sha256; do
    if [ -s "holds/$f" ]; then ok "holds/$f written"; else bad "holds/$f missing"; fi
done
if [ -z "$(ls -A . | grep partial)" ]; then ok "no partial directory left"; else bad "partial directory left"; fi
# The CSV's header uses the README's words for a mismatch.
if [ "$(head -n 1 holds/mismatches.csv)" = '"claim","part","position","N","stated","computed","witness","grade","evidence","command"' ]; then
    ok "mismatches.csv: claim, part, position, N, stated, computed, witness, grade, evidence, command"
else
    bad "mismatches.csv header: $(head -n 1 holds/mismatches.csv)"
fi

# Proposition 5.2 for n >= 4 has no case with 3 piles: EMPTY, exit 3.
expect_status "empty domain is not holding" 3 "$V" check --piles 3 --bound 6 --claims os/prop-5.2 --out empty
if grep -q '"status": "EMPTY"' empty/summary.json; then ok "EMPTY in summary"; else bad "EMPTY missing from summary"; fi

# One wording for one fact: a family's first mismatch, wherever it is
# named, is its smallest counterexample (0.2, not 0.1 found before it).
"$V" conj --id st/conj-36/literal --max-take 3 --out c36 >c36.txt 2>&1
if [ "$("$J" claims/0/first_mismatch/where <c36/summary.json)" = "0.2 (points 1, sum 0.2)" ] \
    && "$J" 'claims/0/findings/smallest counterexample' <c36/summary.json | grep -q '^0.2 (points 1, sum 0.2): ' \
    && grep -q 'first at 0.2 (points 1, sum 0.2)' c36.txt \
    && sed -n 2p c36/mismatches.csv | grep -q '"0.2 (points 1, sum 0.2)"'; then
    ok "st/conj-36/literal: the first mismatch is the smallest counterexample, in the output, summary.json and the CSV"
else
    bad "st/conj-36/literal's first mismatch: $(grep -o 'first at [^:]*' c36.txt)"
fi

# A conjecture sweep: one row per game in games.csv.
expect_status "conj st/conj-34 certified" 0 "$V" conj --id st/conj-34 --max-take 6 --out c34
if [ "$(grep -c CERTIFIED c34/games.csv)" -eq 63 ]; then ok "63 games certified"; else bad "c34 rows: $(wc -l <c34/games.csv)"; fi
# The literal reading FAILS, as expected: reported, but it sets the exit status
# only with --strict-readings (and the summary says so).
expect_status "literal conjecture 35 fails, a reading" 0 "$V" conj --id st/conj-35/literal --max-take 2 --out c35
if grep -q '^readings that fail, as expected' out.txt && grep -q '^  FAILS st/conj-35/literal: ' out.txt \
    && grep -q 'the intended reading st/conj-35/eventual' out.txt && grep -q '^exit status 0: ' out.txt; then
    ok "the summary lists the literal reading apart, with its witness and why"
else
    bad "literal reading summary: $(tr '\n' '|' <out.txt | tail -c 600)"
fi
expect_status "literal conjecture 35 with --strict-readings" 1 "$V" conj --id st/conj-35/literal --max-take 2 \
    --strict-readings --out c35s
if grep -q '"{1,2}","1,2","-","0"' c35/games.csv; then ok "games.csv row format"; else bad "games.csv lacks {1,2}"; fi
"$V" conj --id st/conj-35/eventual --max-take 3 --threads 1 --out g1 >/dev/null
"$V" conj --id st/conj-35/eventual --max-take 3 --threads 2 --out g2 >/dev/null
if cmp -s g1/games.csv g2/games.csv; then ok "games.csv identical for 1 and 2 threads"; else bad "games.csv differs"; fi

# A family of more games than one chunk streams to games.csv, whole and in
# the same order for any thread count, with its per-k table.
"$V" conj --id st/conj-34 --max-take 16 --threads 1 --recheck 1 --out s1 >/dev/null
"$V" conj --id st/conj-34 --max-take 16 --threads 2 --out s2 >/dev/null
if [ "$(wc -l <s1/games.csv)" -eq 65536 ] && cmp -s s1/games.csv s2/games.csv \
    && [ "$(wc -l <s1/preperiods.csv)" -eq 17 ] && cmp -s s1/preperiods.csv s2/preperiods.csv \
    && grep -q '"{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16}"' s1/games.csv \
    && grep -q '"certificates_rechecked": 65535' s1/summary.json; then
    ok "conj-34 to 16: 65,535 games streamed, per-k table, every certificate checked twice"
else
    bad "streamed family: $(wc -l <s1/games.csv) rows, $(wc -l <s1/preperiods.csv) per-k lines"
fi

# Default place: results/<stamp>/ and results/latest.
expect_status "default output place" 0 "$V" check --piles 2 --bound 4 --claims os/prop-4.1
if [ -L results/latest ] && [ -s results/latest/summary.json ]; then ok "results/latest"; else bad "results/latest missing"; fi

# Byte-identical output for 1 and 2 threads (all but summary.json's "run").
"$V" check --piles 4 --bound 7 --threads 1 --out t1 >/dev/null
"$V" check --piles 4 --bound 7 --threads 2 --out t2 >/dev/null
if cmp -s t1/mismatches.csv t2/mismatches.csv && cmp -s t1/table.sha256 t2/table.sha256 \
    && cmp -s <(sed '/"run": {/,$d' t1/summary.json) <(sed '/"run": {/,$d' t2/summary.json); then
    ok "thread count does not change the output"
else
    bad "outputs differ between 1 and 2 threads"
fi
if grep -q '"threads": 2' t2/summary.json && grep -q '"cpuset"' t2/summary.json; then
    ok "binding recorded"
else
    bad "binding not recorded"
fi

# Both kernels and both row formats give the same table and results.
"$V" check --piles 3 --bound 9 --kernel moves --out km >/dev/null
"$V" check --piles 3 --bound 9 --table wide --out tw >/dev/null
"$V" check --piles 3 --bound 9 --out kr >/dev/null
if cmp -s km/table.sha256 kr/table.sha256 && cmp -s tw/table.sha256 kr/table.sha256 \
    && cmp -s km/mismatches.csv kr/mismatches.csv \
    && cmp -s <(sed '/"run": {/,$d' km/summary.json) <(sed '/"run": {/,$d' kr/summary.json); then
    ok "--kernel moves and --table wide give the same results"
else
    bad "kernels or formats differ"
fi
"$V" check --piles 3 --bound 4 --claims os/eq-1 --out est >est.txt
if grep -q '^memory: up to .* of the .* allowed' est.txt && grep -q '^time: about' est.txt; then
    ok "memory and time estimated before the work"
else
    bad "no estimate: $(head -2 est.txt | tr '\n' '|')"
fi

# Where the time went: the phases in summary.json, and each claim's time,
# slowest first, in report.html's last section (the one part of the page
# that changes from run to run).
if [ "$("$J" run/seconds/# <t1/summary.json)" -eq 5 ] && "$J" run/seconds/plan run/seconds/output >/dev/null <t1/summary.json \
    && [ "$(sed -n '/^<section id="run">/,/^<\/section>/p' t1/report.html | grep -c '^<tr><td><code>os/')" \
        -eq "$("$J" claims/# <t1/summary.json)" ] && grep -q '<h2>Where the time went</h2>' t1/report.html; then
    ok "the phases' times in summary.json, every claim's in report.html"
else
    bad "times: $("$J" run/seconds <t1/summary.json)"
fi

# Started bound to one CPU (taskset), the workers stay on it.
if command -v taskset >/dev/null && [ "$(nproc --all)" -ge 2 ] && taskset -c 1 true 2>/dev/null; then
    taskset -c 1 "$V" check --piles 2 --bound 3 --claims os/eq-1 --out ts >/dev/null
    if [ "$(sed -n '/"binding"/,/]/p' ts/summary.json | grep -c '"cpuset"')" -eq 1 ] \
        && grep -q '"cpuset": "1"' ts/summary.json; then
        ok "workers stay inside the process's CPUs"
    else
        bad "binding left the CPUs the process was started on: $(sed -n '/"binding"/,/]/p' ts/summary.json | tr -d ' \n')"
    fi
fi

# --force: an existing output is refused without it (one line, exit 2, the
# file untouched), replaced with it; a dangling symlink counts as existing.
"$V" tree 3,2 --bonus 0 --out t.dot 2>/dev/null
echo keep >kept.dot
ln -s "$WORK/no/such/target" dangling.dot
expect_status "tree onto an existing file" 2 "$V" tree 3,2 --bonus 0 --out kept.dot
expect_status "tree onto a dangling symlink" 2 "$V" tree 3,2 --bonus 0 --out dangling.dot
if [ "$(cat kept.dot)" = keep ] && [ -L dangling.dot ] && [ ! -e "$WORK/no" ]; then ok "refused outputs untouched"; else bad "a refused output was written"; fi
expect_status "tree --force replaces" 0 "$V" tree 3,2 --bonus 0 --out kept.dot --force
if head -2 kept.dot | grep -q '^digraph'; then ok "tree --force wrote the tree"; else bad "tree --force: $(head -c 80 kept.dot)"; fi
expect_status "--force without --out" 2 "$V" check --piles 2 --bound 3 --claims os/eq-1 --force
expect_status "check --force over a run's results" 0 "$V" check --piles 2 --bound 5 --claims os/eq-1 --out holds --force
if grep -q '"bound": 5' holds/summary.json && [ -z "$(ls -A . | grep partial)" ]; then ok "results replaced whole"; else bad "check --force: $(grep -m1 bound holds/summary.json)"; fi
mkdir notres && echo x >notres/data
expect_status "check --force over a directory that is not results" 2 "$V" check --piles 2 --bound 3 --claims os/eq-1 --out notres --force
if [ "$(cat notres/data)" = x ]; then ok "a directory that is not results is never replaced"; else bad "notres replaced"; fi

# clean: finished results older than AGE or beyond the K newest, never the
# one latest points at; a DIR that is not a directory is a usage error.
mkdir -p cl && for r in r1 r2 r3 r4; do
    mkdir "cl/$r" && echo '{}' >"cl/$r/summary.json"
done
touch -d '40 days ago' cl/r1 cl/r1/summary.json && touch -d '35 days ago' cl/r2 cl/r2/summary.json \
    && touch -d '2 days ago' cl/r3 cl/r3/summary.json
ln -s r1 cl/latest && mkdir cl/other && echo x >cl/other/file
expect_status "clean --older-than" 0 "$V" clean cl --older-than 30d
if [ -d cl/r1 ] && [ ! -e cl/r2 ] && [ -d cl/r3 ] && [ -d cl/r4 ] && [ -f cl/other/file ]; then
    ok "clean --older-than 30d removed r2 only (r1 is latest)"
else
    bad "clean --older-than: $(ls cl | tr '\n' ' ')"
fi
expect_status "clean --keep" 0 "$V" clean cl --keep 1
if [ -d cl/r1 ] && [ ! -e cl/r3 ] && [ -d cl/r4 ] && [ -f cl/other/file ]; then
    ok "clean --keep 1 kept the newest and latest"
else
    bad "clean --keep: $(ls cl | tr '\n' ' ')"
fi
expect_status "clean of a missing directory" 2 "$V" clean "$WORK/no-such-dir"
expect_status "clean --older-than of a bad age" 2 "$V" clean cl --older-than 3x
expect_status "clean --keep of a bad count" 2 "$V" clean cl --keep -1

# value keeps the piles in the order given, also in --explain; --bonus takes
# decimals exactly.
"$V" value 1,4,2 --bonus 0 --explain >order.txt 2>&1
if grep -q 'optimal first moves from (1,4,2) at N = 0 (1 move): (1,0,2)$' order.txt \
    && grep -q -- '-> (1,0,2) ' order.txt; then
    ok "value --explain keeps the order of the piles"
else
    bad "explain order: $(head -3 order.txt | tr '\n' '|')"
fi
if [ "$("$V" value 5,4 --bonus 1.5)" = "3/2 5/2" ] && [ "$("$V" value 5,4 --bonus 3/2)" = "3/2 5/2" ] \
    && [ "$("$V" value 5,4 --bonus -0.25)" = "$("$V" value 5,4 --bonus -1/4)" ]; then
    ok "--bonus 1.5 is 3/2 exactly"
else
    bad "decimal bonus: $("$V" value 5,4 --bonus 1.5)"
fi
expect_status "a decimal with no digits after the point" 2 "$V" value 5,4 --bonus 1.

# --json: one JSON document on standard output, the same values as the
# text (value, gs, list, and check's verdicts, its lines for people on
# standard error).
if [ "$("$V" value 5,4,2 --bonus 1/2:2 --step 1/2 --json | "$J" game position piles values/# values/0/N values/0/f values/3/f | tr '\n' ' ')" \
    = "scoring-nim (5,4,2) [5,4,2] 4 1/2 5/2 3 " ] \
    && [ "$("$V" value 1,4,2 --bonus 0 --json | "$J" position values/0/f | tr '\n' ' ')" = "(1,4,2) 3 " ] \
    && [ "$("$V" value 7,5,3 --game nim --json | "$J" values_are grundy normal_play misere_play | tr '\n' ' ')" = "grundy 1 win win " ] \
    && [ "$("$V" value 11 --game chance-nim --choices 1,4 --against 1,2 --json \
        | "$J" probability certainty options/0/optimal 'options/0/mover/x = 4' | tr '\n' ' ')" = "1/2 uncertain true 1/2 " ] \
    && [ "$("$V" value 7 --game nim-players --players 3 --max-move 3 --json | "$J" players outcome | tr '\n' ' ')" = "3 0 " ] \
    && [ "$("$V" value 1 --game graph --edges '0>1,1>2,2>0' --json | "$J" outcome)" = draw ]; then
    ok "value --json of every kind"
else
    bad "value --json: $("$V" value 5,4,2 --bonus 1/2:2 --step 1/2 --json 2>&1 | tr -d '\n ' | head -c 300)"
fi
# --explain --json: the line of play as JSON, the same as the text's.
"$V" value 1,4,2 --bonus 3/2 --explain --json >explain.json
if [ "$("$J" explain/optimal_first_moves/0 explain/line/0/from explain/line/0/to explain/line/0/takes \
        explain/last_mover explain/arithmetic explain/f values/0/f <explain.json | tr '\n' '|')" \
        = "(1,0,2)|(1,4,2)|(1,0,2)|4|second|5 - (2 + 3/2) = 3/2|3/2|3/2|" ] \
    && "$V" value 1,4,2 --bonus 3/2 --explain | grep -q 'f = (first.s stones) - (second.s stones + N) = 5 - (2 + 3/2) = 3/2$'; then
    ok "value --explain --json: the optimal line as JSON, its arithmetic as the text's"
else
    bad "value --explain --json: $(head -c 300 explain.json)"
fi
"$V" gs --game 0.26 --points 1/2,1 --to 12 --sum '{1,2}' --m-to 3 --json >gs.json
if [ "$("$J" game points sum/game rows/# <gs.json | tr '\n' ' ')" = "0.26 1/2,1 {1,2} 52 " ] \
    && [ "$(awk '{print $3}' gs.txt | tr '\n' ' ')" \
        = "$(for i in $(seq 0 51); do "$J" rows/$i/G <gs.json; done | tr '\n' ' ')" ]; then
    ok "gs --json: the same 52 rows as the text"
else
    bad "gs --json: $(head -c 200 gs.json)"
fi
# Every range `verifier games` states is the one enforced: the largest
# value it names is read, the next one refused, and the refusal names the
# same range.
"$V" games >games.txt
ranges_ok=1
while read -r game opt most value; do
    grep -A12 "^$game\$" games.txt | grep -q -- "--$opt: .*$most" || { ranges_ok=0; echo "    games does not say $game --$opt ..$most"; }
    "$V" value 3 --game "$game" "--$opt" "$value" >/dev/null 2>err.txt && { ranges_ok=0; echo "    $game --$opt $value read"; }
    grep -q -- "$most" err.txt || { ranges_ok=0; echo "    $game --$opt $value: $(cat err.txt)"; }
done <<'RANGES'
restricted-nim max-move 65536 65537
nim-players max-move 65536 65537
nim-players players 16 17
unknown-nim max-move 64 65
banned-nim-simultaneous bans 6 7
chance-nim choices 65536 65537
scoring-nim-subtraction subtraction 65536 65537
RANGES
if [ "$ranges_ok" = 1 ] && "$V" value 3 --game restricted-nim --max-move 65536 >/dev/null \
    && "$V" value 3 --game nim-players --players 16 >/dev/null; then
    ok "every range verifier games states is the one enforced, and the refusal names it"
else
    bad "ranges: verifier games and the limits disagree"
fi

# An empty pile never changes a game's value (Wythoff's takes excepted, as
# its rule text says): every game's value at (5,5) and (0,5,5) alike, the
# trees of choices of the unranked game named alike too.
empty_ok=1
for g in "--game nim" "--game nim-players" "--game nim-players-unranked" "--game restricted-nim" \
    "--game restricted-nim --restriction per-pile" "--game restricted-nim --max-move 3" "--subtraction 1,3,4" \
    "--bonus 1" "--game chance-nim" "--game graph --edges 0>1,1>2"; do
    # shellcheck disable=SC2086
    a=$("$V" value 5,5 $g 2>&1 | sed 's/(0,5,5)\|(5,5)//g')
    # shellcheck disable=SC2086
    b=$("$V" value 0,5,5 $g 2>&1 | sed 's/(0,5,5)\|(5,5)//g')
    [ "$a" = "$b" ] || { empty_ok=0; echo "    $g: (5,5) and (0,5,5) differ"; }
done
if [ "$empty_ok" = 1 ] && "$V" games | grep -q '(0,5,5) is not (5,5)'; then
    ok "an empty pile changes no game's value (Wythoff's rule text says why it does there)"
else
    bad "an empty pile changes a value"
fi

# A game is named as written, with the engine's name beside it.
if [ "$("$V" gs --game 0.33 --to 2 --json | "$J" game as | tr '\n' ' ')" = "0.33 {1,2} " ]; then
    ok "gs --json: the game as written (0.33), and as the engine names it ({1,2})"
else
    bad "gs --json: $("$V" gs --game 0.33 --to 2 --json 2>&1 | head -c 200)"
fi
# --points reads what --bonus reads: decimals too.
if [ "$("$V" gs --game 0.26 --points 0.5,-3 --to 12)" = "$("$V" gs --game 0.26 --points 1/2,-3 --to 12)" ]; then
    ok "gs --points 0.5,-3 is --points 1/2,-3"
else
    bad "gs --points 0.5,-3: $("$V" gs --game 0.26 --points 0.5,-3 --to 3 2>&1 | head -c 200)"
fi
# A bonus is held to its value and its denominator, each named.
if [ "$("$V" value 3,2 --bonus 1000001/2 | head -1)" = "$("$V" value 3,2 --bonus 500000.5 | head -1)" ]; then
    ok "value --bonus 1000001/2 (within +-1000000 as a value) is read, as 500000.5 is"
else
    bad "value --bonus 1000001/2: $("$V" value 3,2 --bonus 1000001/2 2>&1 | head -c 200)"
fi
expect_status "a bonus beyond +-1000000" 2 "$V" value 3,2 --bonus 2000001/2
grep -q "beyond +-1000000" err.txt || bad "a bonus beyond +-1000000: the message does not say so: $(cat err.txt)"
expect_status "a bonus with a denominator above 1000000" 2 "$V" value 3,2 --bonus 1/1000001
grep -q "denominator 1000001" err.txt || bad "a bonus's denominator: the message does not say so: $(cat err.txt)"
expect_status "gs --json of a game too large refuses before printing" 2 "$V" gs --game 0.26 --to 400 --json
grep -q 'nothing printed; about --to [0-9]* fits (estimated from the rows so far)$' err.txt \
    || bad "gs --to 400: the refusal does not say which --to fits: $(cat err.txt)"
# What a game that breaks heaps reaches decides, not the worst case (which
# refused 0.26 beyond --to 72): --to 76 runs, every row printed.
if [ "$("$V" gs --game 0.26 --to 76 | wc -l)" -eq 77 ]; then
    ok "gs --game 0.26 --to 76: the memo grows as the rows need it"
else
    bad "gs --game 0.26 --to 76: $("$V" gs --game 0.26 --to 76 2>&1 | tail -n 1)"
fi
expect_status "gs --json with --plot" 2 "$V" gs --game 0.26 --to 4 --json --plot g.svg
if [ "$("$V" list --json | "$J" '#')" -eq "$("$V" list | grep -c '^[a-z]')" ] \
    && [ "$("$V" list --json | "$J" 0/id)" = "$("$V" list | head -1)" ] \
    && "$V" list --json | grep -q '"of": "os/prop-4.2-strategy"'; then
    ok "list --json: every claim, with its reading"
else
    bad "list --json"
fi
"$V" check --piles 3 --bound 6 --claims 'os/thm-6.3,os/prop-5.2,os/prop-4.2-strategy/strict' --out js --json \
    >check.json 2>check.err
rc=$?
if [ $rc -eq 3 ] && [ "$("$J" results exit/status totals/EMPTY claims/# claims/0/id claims/0/status \
        claims/0/first_mismatch/where <check.json | tr '\n' ' ')" = "js 3 1 3 os/prop-4.2-strategy/strict FAILS (2,2) " ] \
    && grep -q '^summary: ' check.err && grep -q '^results: js' check.err \
    && [ "$("$J" claims <check.json)" = "$("$J" claims <js/summary.json)" ]; then
    ok "check --json: the verdicts on stdout as in summary.json, the lines for people on stderr"
else
    bad "check --json: exit $rc, $(head -c 300 check.json)"
fi

# --max-mismatches: how many rows a claim gets in mismatches.csv (the first
# ones, the same on any thread count); every mismatch is counted.
strict=os/prop-4.2-strategy/strict
"$V" check --piles 4 --bound 16 --claims $strict --max-mismatches all --threads 2 --quiet --out mm-all >/dev/null
"$V" check --piles 4 --bound 16 --claims $strict --max-mismatches 7 --threads 1 --quiet --out mm-7 >/dev/null
"$V" check --piles 4 --bound 16 --claims $strict --max-mismatches 0 --quiet --out mm-0 >/dev/null
"$V" check --piles 4 --bound 16 --claims $strict --quiet --out mm-default >/dev/null
all=$("$J" claims/0/mismatches <mm-all/summary.json)
if [ "$all" -gt 2000 ] && [ "$(grep -c "^\"$strict\"" mm-all/mismatches.csv)" -eq "$all" ] \
    && [ "$("$J" claims/0/mismatches_listed <mm-all/summary.json)" -eq "$all" ] \
    && [ "$(grep -c "^\"$strict\"" mm-7/mismatches.csv)" -eq 7 ] \
    && cmp -s <(sed -n 2,8p mm-all/mismatches.csv) <(sed -n 2,8p mm-7/mismatches.csv) \
    && [ "$("$J" claims/0/mismatches claims/0/mismatches_listed <mm-7/summary.json | tr '\n' ' ')" = "$all 7 " ] \
    && [ "$(wc -l <mm-0/mismatches.csv)" -eq 1 ] && [ "$("$J" claims/0/mismatches <mm-0/summary.json)" -eq "$all" ] \
    && [ "$(grep -c "^\"$strict\"" mm-default/mismatches.csv)" -eq 1000 ]; then
    ok "--max-mismatches all, 7, 0 and the default 1000: the first rows, every one counted ($all)"
else
    bad "--max-mismatches: all $all, listed $(grep -c "^\"$strict\"" mm-all/mismatches.csv)"
fi
# The same for a claim without a table (a thesis table's errata): 2 rows of
# its 4, the first 2 of the default run's.
"$V" check --claims rn/table-26 --quiet --out mm-rn >/dev/null
"$V" check --claims rn/table-26 --max-mismatches 2 --quiet --out mm-rn2 >/dev/null
if [ "$("$J" claims/0/mismatches_listed <mm-rn2/summary.json)" = 2 ] \
    && [ "$("$J" claims/0/mismatches <mm-rn2/summary.json)" = "$("$J" claims/0/mismatches <mm-rn/summary.json)" ] \
    && [ "$("$J" claims/0/mismatches <mm-rn/summary.json)" = 4 ] \
    && [ "$(grep -c '^"rn/table-26"' mm-rn2/mismatches.csv)" -eq 2 ] \
    && cmp -s <(sed -n 2,3p mm-rn/mismatches.csv) <(sed -n 2,3p mm-rn2/mismatches.csv); then
    ok "--max-mismatches 2 on a claim without a table: its first 2 rows, every one counted"
else
    bad "--max-mismatches 2 on rn/table-26: listed $("$J" claims/0/mismatches_listed <mm-rn2/summary.json)"
fi
expect_status "--max-mismatches of a bad count" 2 "$V" check --piles 2 --bound 3 --max-mismatches some

# Games outside a paper's definitions say so: an octal code with a digit
# before the point rests on a convention (gs on stderr and in --json;
# Conjecture 37's family, half of which are such codes, in its findings).
"$V" gs --game 4.07 --to 5 >conv.txt 2>conv.err
if [ "$(wc -l <conv.txt)" -eq 6 ] && grep -q "^verifier: gs: note: a digit before the point (d_0) is outside Stewart's Definition 30" conv.err \
    && "$V" gs --game 4.07 --to 2 --json | "$J" convention | grep -q 'usual octal convention' \
    && ! "$V" gs --game 0.07 --to 2 2>&1 >/dev/null | grep -q note \
    && { "$V" conj --id st/conj-37/eventual --max-take 1 --quiet --out c37 >/dev/null; [ $? -eq 3 ]; } \
    && "$J" claims/0/findings/convention <c37/summary.json | grep -q '^the games 4.d_1..d_k (half of the family) rest on a convention'; then
    ok "a convention outside the paper is said (gs, gs --json, Conjecture 37's findings)"
else
    bad "convention note: $(head -c 200 conv.err)"
fi
# Messages quote what was typed whole: a wide character, never one byte of
# it; a bonus too fine says which limit it meets.
"$V" gs --game 0.２6 --to 3 >/dev/null 2>wide.err
if grep -q "'２' is not a digit" wide.err && iconv -f UTF-8 -t UTF-8 wide.err >/dev/null 2>&1 \
    && "$V" gs --game $'0.2\xff6' --to 3 2>&1 | grep -q 'byte 0xff is not a digit' \
    && "$V" value 5,4,2 --bonus 999999/1000000 2>&1 | grep -q 'computed times 1000000'; then
    ok "messages: a wide character whole, a lone byte by its code, the limit a bonus meets"
else
    bad "messages: $(cat wide.err)"
fi

# ---- games other than Scoring Nim (verifier games; core/games/) ----

# The subtraction game with every take is Scoring Nim, value for value;
# with S = {1,3,4} it prints its own values in the same form.
if [ "$("$V" value 5,4,2 --subtraction 1,2,3,4,5 --bonus -3:3)" = "$("$V" value 5,4,2 --bonus -3:3)" ] \
    && [ "$("$V" value 5,4,2 --game scoring-nim-subtraction --subtraction '{1,2,3,4,5}' --bonus 1/2)" = "1/2 5/2" ] \
    && "$V" value 5,4,2 --subtraction 1,3,4 --bonus -3:3 >sub.txt && [ "$(wc -l <sub.txt)" -eq 7 ] \
    && ! grep -vqE '^-?[0-9]+ -?[0-9]+$' sub.txt; then
    ok "value --subtraction: Scoring Nim with S = {1..5}, and S = {1,3,4} in the same form"
else
    bad "value --subtraction: $(tr '\n' '|' <sub.txt)"
fi
# Stones left with no legal move: (5,1) with S = {2,3} ends at (0,1) (the piles
# in the order given).
"$V" value 5,1 --subtraction 2,3 --bonus 1 --explain >subx.txt 2>&1
if grep -q 'made the last move and gets N = 1' subx.txt && grep -q -- "-> (0,1) " subx.txt; then
    ok "value --explain of a subtraction game: the last move, not the last stone"
else
    bad "subtraction --explain: $(tr '\n' '|' <subx.txt)"
fi
# Each value kind prints its value: Bouton's Nim-sum, the misere outcome,
# N-player outcomes, an exact probability, a draw.
if "$V" value 7,5,3 --game nim | grep -qx '(7,5,3): Sprague-Grundy value 1 (normal play: the player to move wins); misere play: the player to move wins' \
    && "$V" value 1,1 --game nim | grep -q 'value 0 (normal play: the player to move loses); misere play: the player to move wins' \
    && "$V" value 7 --game nim-players --players 3 --max-move 3 | grep -q 'outcome 0 of 3 players' \
    && "$V" value 11 --game chance-nim --choices 1,4 --against 1,2 | grep -q 'with probability 1/2 (uncertain)' \
    && "$V" value 1 --game graph --edges '0>1,1>2,2>0,2>3' | grep -qx '(1): the player to move loses' \
    && "$V" value 1 --game graph --edges '0>1,1>2,2>0' | grep -q 'a draw'; then
    ok "value of every kind: Sprague-Grundy, N players, a probability, win/loss/draw"
else
    bad "values of the other kinds"
fi
# A chance-Nim value shows the first move's payoff matrix beside the
# strategies: matching pennies at 11 chips, whose value is 1/2.
"$V" value 11 --game chance-nim --choices 1,4 --against 1,2 >payoff.txt
if [ "$(sed -n 's/^      x = \([14]\)  *\([01]\)  *\([01]\)$/\1:\2\3/p' payoff.txt | tr '\n' ' ')" = "1:01 4:10 " ] \
    && grep -q "columns: the opponent's" payoff.txt && grep -q "^             x' = 1 x' = 2$" payoff.txt; then
    ok "value of chance Nim: the payoff matrix of the first move, with the strategies"
else
    bad "chance-Nim payoff matrix: $(tr '\n' '|' <payoff.txt)"
fi
# A chance-Nim value beyond 64 bits is exact (GMP), never refused: pile 47
# of {1,2,6}/{1,4} needs 81 bits; pile 48 is worth 45/136 (issue 30).
big47='1815452428281778815058762/2713202482181343766330039'
if "$V" value 48 --game chance-nim --choices 1,2,6 --against 1,4 | grep -qx '(48): the player to move wins with probability 45/136 (uncertain)' \
    && "$V" value 47 --game chance-nim --choices 1,2,6 --against 1,4 | grep -qx "(47): the player to move wins with probability $big47 (uncertain)" \
    && [ "$("$V" value 47 --game chance-nim --choices 1,2,6 --against 1,4 --json | "$J" probability)" = "$big47" ]; then
    ok "value of chance Nim beyond 64 bits: exact"
else
    bad "chance-Nim value beyond 64 bits"
fi
# A sweep of any game through the same driver: summary, checksum, and the
# same bytes for any thread count.
for g in "scoring-nim-subtraction --subtraction 1,3,4 --piles 3 --bound 10" "nim --piles 3 --bound 9" \
    "nim-players --players 4 --max-move 3 --piles 2 --bound 12" "chance-nim --choices 1,4 --against 1,2 --piles 2 --bound 10" \
    "graph --edges 0>1,1>2,2>0,2>3,4>4 --piles 1 --bound 6" "scoring-kayles --bound 16" "kayles --bound 16"; do
    name=${g%% *}
    read -ra args <<<"$g"
    "$V" check --game "${args[@]}" --threads 1 --quiet --out "sw-$name-1" >/dev/null 2>&1
    rc1=$?
    "$V" check --game "${args[@]}" --threads 2 --quiet --out "sw-$name-2" >/dev/null 2>&1
    rc2=$?
    if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && grep -q "^[0-9a-f]\{64\}  $name-table \(piles=[0-9]* \)\?bound=" "sw-$name-1/table.sha256" \
        && grep -q '"claims": "none"' "sw-$name-1/summary.json" \
        && cmp -s "sw-$name-1/table.sha256" "sw-$name-2/table.sha256" \
        && cmp -s <(sed '/"run": {/,$d' "sw-$name-1/summary.json") <(sed '/"run": {/,$d' "sw-$name-2/summary.json"); then
        ok "check --game $name: the sweep alone, summary and checksum, the same on 1 and 2 threads"
    else
        bad "check --game $name: exit $rc1 / $rc2"
    fi
done
expect_status "unknown game" 2 "$V" value 3 --game chess
# A game sized by its bound alone (its moves add rows): --piles refused in
# one line saying its sizes, --bound alone taken; a position given to
# value sized by its pins.
expect_status "--piles for a game sized by --bound" 2 "$V" check --game scoring-kayles --piles 2 --bound 8 --claims none
if grep -q "sized by --bound T" err.txt; then ok "the refusal says the game's sizes"; else bad "refusal: $(cat err.txt)"; fi
# A keyed game (heaps that split: Stewart's 0.77 on the engine's memo)
# and a ranked one with no bonus, from value: the same values as Scoring
# Kayles at N = 0 on one heap, and a bonus refused in one line.
ok_keyed=true
for n in 5 9 12; do
    k=$("$V" value $n --game scoring-kayles --bonus 0 | cut -d' ' -f2)
    o=$("$V" value $n --game scoring-octal --code 0.77 | sed 's/^([0-9]*): \([-0-9/]*\) .*/\1/')
    [ -n "$k" ] && [ "$k" = "$o" ] || ok_keyed=false
done
if $ok_keyed && "$V" value 9 --game scoring-octal --code 0.77 --json | grep -q '"value": "' \
    && "$V" value 9 --game scoring-octal --code 0.26 | grep -q '^(9): '; then
    ok "value on a keyed game (scoring-octal 0.77) agrees with Scoring Kayles at N = 0"
else
    bad "value on a keyed game: $("$V" value 9 --game scoring-octal --code 0.77 2>&1)"
fi
expect_status "a bonus for a game without one" 2 "$V" value 7 --game scoring-octal --code 0.77 --bonus 2
expect_status "--bound without --piles for a game on piles" 2 "$V" check --game nim --bound 8 --claims none
if [ "$("$V" value 7,3 --game scoring-kayles --bonus 0:1)" = "$(printf '0 0\n1 1')" ] \
    && "$V" value 7 --game kayles | grep -q "Sprague-Grundy value 2" \
    && "$V" value 7 --game scoring-kayles --bonus 3 --explain | grep -q "(7) -> (3,3)"; then
    ok "value on Scoring Kayles and Kayles: rows split by a move, sized by their pins"
else
    bad "value on scoring-kayles: $("$V" value 7,3 --game scoring-kayles --bonus 0:1 2>&1 | tr '\n' '|')"
fi
expect_status "an option of another game" 2 "$V" value 5,4 --game nim --subtraction 1,2
expect_status "a bad subtraction set" 2 "$V" value 5,4 --subtraction 1,0
expect_status "a subtraction set with a member twice" 2 "$V" value 5,4 --subtraction 1,3,1
# A set one member longer than its room (64 members) is refused, never
# written past its end.
expect_status "a subtraction set of 65 members" 2 "$V" value 5,4 --subtraction "$(seq -s, 1 65)"
grep -q "at most 64 members" err.txt && ok "the refusal names the room (64 members)" || bad "65 members: $(cat err.txt)"
"$V" value 70 --subtraction "$(seq -s, 1 64)" --bonus 0 >/dev/null 2>&1 && ok "a subtraction set of 64 members is taken" \
    || bad "a subtraction set of 64 members refused"
expect_status "a subtraction game without its set" 2 "$V" value 5,4 --game scoring-nim-subtraction
expect_status "choices that remove nothing" 2 "$V" value 5 --game chance-nim --choices 0:1 --against 0,2
expect_status "a graph position of two vertices" 2 "$V" value 1,2 --game graph --edges '0>1'
# Every game's own options are read strictly: one line and exit 2.
for bad_set in "1,,2" "{1,2" "1,2," "a" "99999" "0" "{}" " 1"; do
    expect_status "a bad subtraction set '$bad_set'" 2 "$V" value 5,4 --subtraction "$bad_set"
done
for bad_choice in "3:1" "1,1" "-1" "1:100" "1:" ":2" "1,,2" "x"; do
    expect_status "bad choices '$bad_choice'" 2 "$V" value 5 --game chance-nim --choices "$bad_choice"
done
expect_status "a bad way of play" 2 "$V" value 5 --game chance-nim --play loser
for bad_edges in "0>" ">1" "0>1," "0>1>2" "0-1" "70000>1" "" "0>1,,1>2"; do
    expect_status "bad edges '$bad_edges'" 2 "$V" value 1 --game graph --edges "$bad_edges"
done
for bad_n in "1" "17" "x" "3.5"; do
    expect_status "bad players '$bad_n'" 2 "$V" value 5 --game nim-players --players "$bad_n"
done
expect_status "a move of no chip" 2 "$V" value 5 --game nim-players --max-move 0
expect_status "a fast path the game does not have" 2 "$V" check --game nim --piles 2 --bound 3 --kernel runmax
expect_status "claims of one game on another's table" 2 "$V" check --game nim --piles 2 --bound 3 --claims os/eq-1
expect_status "tree of a game without scores" 2 "$V" tree 3,2 --game nim --bonus 0
expect_status "a bonus for a game without scores" 2 "$V" value 3,2 --game nim --bonus 0
expect_status "a step for a game without scores" 2 "$V" value 3 --game chance-nim --step 2
expect_status "an explanation for a game without scores" 2 "$V" value 1 --game graph --edges '0>1' --explain
expect_status "overlays of Scoring Nim on another game" 2 "$V" plot 3,2 --subtraction 1,2 --overlay F_1
if "$V" games | grep -qx 'scoring-nim-subtraction' && "$V" games | grep -q '^    --subtraction: ' \
    && [ "$("$V" games | grep -c '^    values: ')" -ge 7 ]; then
    ok "games lists every game with its kind, rules, ending and options"
else
    bad "verifier games"
fi

# The errata list: a run with an erratum table, a garbled one, a literal
# reading, statements that fail and one that repeats another's oversight
# writes errata.md with each in its section (the repeat under the first,
# "Also for"), graded and counted by grade, and summary.json the same under
# "errata"; the totals count as the printed summary does, readings apart.
"$V" check --claims 'rn/table-26,rn/table-12,rn/prop-4.4,rn/prop-4.4/literal,rn/rule-5,rn/rule-4.3.1-next,rn/rule-4.3.2-same' \
    --quiet --out errata-run >errata-run.txt 2>&1
rc=$?
E=errata-run/errata.md
if [ $rc -eq 1 ] && [ -s "$E" ] \
    && awk '/^### Errata/{s=1} /^### Literal/{s=2} /^### Not refuted/{s=3} /^### Open/{s=4} /^### What holds/{s=5}
            s==1 && /rn\/table-26/ {a=1} s==1 && /rn\/rule-5/ {b=1} s==2 && /rn\/prop-4.4\/literal/ {c=1}
            s==3 && /rn\/table-12.*GARBLED/ {d=1} s==1 && /rn\/table-12|rn\/prop-4.4\`/ {x=1}
            s==1 && /^  - Also for `rn\/rule-4.3.2-same`/ {f=1} s==1 && /^[0-9]+\. .*`rn\/rule-4.3.2-same`/ {y=1}
            s==5 && /^- Proved for every pile size.*`rn\/prop-4.4`/ {e=1}
            END {exit !(a && b && c && d && e && f && !x && !y)}' "$E" \
    && grep -q 'Table 26, row 11, column 6\*\* (`rn/table-26`): certain' "$E" \
    && grep -q '^  - Printed: 1+5; correct: 1+6\.$' "$E" \
    && grep -q '^6 errata: 3 certain, 2 probable, 1 wording\.' "$E" \
    && [ "$("$J" errata/0/counts/errata errata/0/counts/certain errata/0/counts/wording <errata-run/summary.json | tr '\n' '|')" = "6|3|1|" ] \
    && [ "$("$J" errata/0/paper errata/0/errata/# errata/0/readings/# errata/0/not_refuted/# <errata-run/summary.json | tr '\n' ' ')" = "rn 3 1 1 " ] \
    && [ "$("$J" errata/0/errata/0/also/0/claim errata/0/errata/2/listed/2/command <errata-run/summary.json | tr '\n' '|')" = "rn/rule-4.3.2-same|verifier value 11 --game banned-nim --max-move 6 --order 1-2-1-2 --restriction previous|" ] \
    && [ "$("$J" errata/0/holds/0/claim errata/0/holds/0/proof <errata-run/summary.json | tr '\n' ' ')" = "rn/prop-4.4 proved for every size " ] \
    && [ "$("$J" totals/FAILS totals/GARBLED totals/CERTIFIED totals/readings/FAILS <errata-run/summary.json | tr '\n' ' ')" = "4 1 1 1 " ] \
    && grep -q '^summary: 6 claims: 4 FAILS, 1 CERTIFIED, 1 GARBLED$' errata-run.txt \
    && grep -q '^  FAILS rn/table-26: 4 errata (2 certain, 2 probable); first at ' errata-run.txt \
    && grep -q '^  FAILS rn/rule-4.3.1-next: 10 counterexamples, one erratum (wording); first at ' errata-run.txt; then
    ok "errata.md and summary.json's errata: graded errata (a repeat under the first), readings, not refuted, what holds and how, each in its place; one count everywhere"
else
    bad "errata list (exit $rc): $(grep -n '^###\|^[0-9]*\. \|^- \|errata:' "$E" 2>/dev/null | cut -c1-80 | tr '\n' '|')"
fi

# --write-expected records the verdicts; --expect with the record says they
# are the expected ones; a record with one verdict changed names that claim
# (the exit status stays the verdicts' own).
"$V" check --claims 'rn/table-26,rn/prop-4.4' --quiet --out rec1 --write-expected rec.json >rec1.txt 2>&1
rc1=$?
"$V" check --claims 'rn/table-26,rn/prop-4.4' --quiet --out rec2 --expect rec.json >rec2.txt 2>&1
rc2=$?
sed 's/"rn\/prop-4.4": "CERTIFIED"/"rn\/prop-4.4": "FAILS"/' rec.json >rec-changed.json
"$V" check --claims 'rn/table-26,rn/prop-4.4' --quiet --out rec3 --expect rec-changed.json >rec3.txt 2>&1
rc3=$?
if [ $rc1 -eq 1 ] && [ $rc2 -eq 1 ] && [ $rc3 -eq 1 ] \
    && [ "$("$J" verdicts/rn~1table-26 verdicts/rn~1prop-4.4 args/# <rec.json | tr '\n' ' ')" = "FAILS CERTIFIED 3 " ] \
    && grep -q '^expected: the verdicts written to rec.json$' rec1.txt \
    && grep -q "^expected: every verdict is the committed record's (rec.json, 2 claims)$" rec2.txt \
    && grep -q '^expected: 1 verdict differs from the committed record rec-changed.json:$' rec3.txt \
    && grep -q '^  CERTIFIED rn/prop-4.4: the record says FAILS$' rec3.txt; then
    ok "--write-expected and --expect: the same verdicts, then a changed one named"
else
    bad "--expect: exits $rc1 $rc2 $rc3: $(grep '^expected\|^  ' rec3.txt | tr '\n' '|')"
fi

# value in the thesis' notation: a position with its restricted number, and
# the class over every restricted number (the thesis' + for 1).
"$V" value '(27,1)(1)' --game restricted-nim --max-move 8 >rn-one.txt 2>&1
"$V" value 27,1 --game restricted-nim --max-move 8 --json >rn-all.json 2>&1
if grep -q '^(27,1)(1): Sprague-Grundy value 0 with restricted number 1 (normal play: the player to move loses)' rn-one.txt \
    && [ "$("$V" value '27,1(1)' --game restricted-nim --max-move 8)" = "$(cat rn-one.txt)" ] \
    && [ "$("$J" state_is by_state/# by_state/1/grundy by_state/8/misere_play class/normal_play class/misere_play <rn-all.json | tr '\n' ' ')" = "restricted number 9 0 loss 1 8 " ] \
    && "$V" value 27,1 --game restricted-nim --max-move 8 | grep -q '^  (27,1)(8): 1 (normal play: wins; misere play: loses)$'; then
    ok "value (27,1)(1): the thesis' notation, each restricted number and the class"
else
    bad "value in the thesis' notation: $(tr '\n' '|' <rn-one.txt)"
fi

# check estimates the claims that compute their own games from their
# measured seconds, paper by paper; at sizes of the user's choosing it says
# they are not estimated.
"$V" check --claims 'rn/table-2,hr/fig-1' --out est1 >est1.txt 2>&1
"$V" check --claims 'rn/prop-4.6' --max-take 4 --out est2 >est2.txt 2>&1
if grep -q '^time: about 1 s for the selected claims that compute their own games (rn/\* 1 s, hr/\* 1 s; measured at their default sizes on 2 cores)$' est1.txt \
    && grep -q '^time: 1 claim at sizes of your choosing not estimated$' est2.txt; then
    ok "check: an estimate of the claims that compute their own games, per paper; none at chosen sizes"
else
    bad "check's estimate: $(grep '^time' est1.txt est2.txt | tr '\n' '|')"
fi

# An rn claim at sizes of the user's choosing: the finding says them.  A
# proof for every pile size, per k, whose certificate needs more chips
# than --to allows leaves that k UNDECIDED, and says why (k = 6 needs piles
# up to 41: period 28 from 8 chips, and 6 more).
"$V" check --claims rn/rule-4.3.1 --max-take 6 --to 60 --quiet --out rn-sized >/dev/null 2>&1
"$V" check --claims rn/rule-4.3.1 --max-take 6 --to 40 --quiet --out rn-short >/dev/null 2>&1
if [ "$("$J" claims/0/status claims/0/findings/sizes <rn-sized/summary.json | tr '\n' ' ')" = "CERTIFIED k up to 6 (--max-take), piles up to 60 (--to) " ] \
    && [ "$("$J" claims/0/status 'claims/0/findings/no proof' <rn-short/summary.json | tr '\n' ' ')" = "UNDECIDED k = 6: no period of the wins and losses (normal play) proved with piles up to 40 chips " ] \
    && [ "$("$J" 'claims/0/findings/to decide' <rn-short/summary.json)" = "k = 6: raise --to, the piles a certificate may use (now 40); the next step to try is --to 80" ]; then
    ok "check --claims rn/rule-4.3.1 --max-take 6 --to 60 proves k up to 6; --to 40 leaves k = 6 UNDECIDED"
else
    bad "rn sizes: $("$J" claims/0/findings <rn-sized/summary.json) $("$J" claims/0/findings <rn-short/summary.json)"
fi
# Its next step comes with its time (this run's, times how the search
# grows with its piles) and its memory.
"$V" check --claims rn/rule-4.3.1 --max-take 6 --to 40 --out rn-short-cost >rn-cost.txt 2>&1
if grep -q "^  UNDECIDED rn/rule-4.3.1: .*next step to try is --to 80 (that run: about [0-9.]* [a-z]*, [0-9]*x this run's time, and memory up to [0-9.]* [KMG]iB)" rn-cost.txt; then
    ok "an rn claim's next step comes with its time and memory"
else
    bad "rn next step's cost: $(grep UNDECIDED rn-cost.txt | tr '\n' '|')"
fi
# Proposition 4.4 needs no certificate: the thesis' strategy proves k = 6
# at --to 40 all the same, and the finding says so.
"$V" check --claims rn/prop-4.4 --max-take 6 --to 40 --quiet --out rn-strategy >/dev/null 2>&1
if [ "$("$J" claims/0/status 'claims/0/findings/no period' <rn-strategy/summary.json | tr '\n' ' ')" = "CERTIFIED k = 6: no period of the wins and losses (normal play) proved with piles up to 40 chips (proved by the thesis' strategy) " ]; then
    ok "check --claims rn/prop-4.4 --max-take 6 --to 40: k = 6 proved by the thesis' strategy, no certificate"
else
    bad "rn strategy: $("$J" claims/0/status claims/0/findings <rn-strategy/summary.json)"
fi

# docs/engine.md's table of games is the registry's, as `verifier games
# --markdown` writes it (so it cannot go stale); and the check can fail.
# doc_table COMMAND FILE: the lines of FILE between "<!-- COMMAND -->" and
# "<!-- end of COMMAND -->".
doc_table() {
    sed -n "/^<!-- $1 -->\$/,/^<!-- end of $1 -->\$/p" "$2" | sed '1d;$d'
}
doc_games() { doc_table "verifier games --markdown" "$1"; }
"$V" games --markdown >games.md
if [ -s games.md ] && cmp -s games.md <(doc_games "$TESTS/../docs/engine.md"); then
    ok "docs/engine.md's table of games is verifier games --markdown"
else
    bad "docs/engine.md's table of games differs from verifier games --markdown (paste its output between the markers)"
fi
sed 's/| `nim` |/| `nim-renamed` |/' "$TESTS/../docs/engine.md" >engine-stale.md
cmp -s games.md <(doc_games engine-stale.md) && bad "a stale table of games passes" || ok "a stale table of games is seen"

# docs/claims.md's index of papers and claims likewise (verifier list
# --markdown).
doc_claims() { doc_table "verifier list --markdown" "$1"; }
"$V" list --markdown >claims.md
if [ -s claims.md ] && cmp -s claims.md <(doc_claims "$TESTS/../docs/claims.md"); then
    ok "docs/claims.md's index of claims is verifier list --markdown"
else
    bad "docs/claims.md's index of claims differs from verifier list --markdown (paste its output between the markers)"
fi
sed 's/| `os\/eq-1` |/| `os\/eq-one` |/' "$TESTS/../docs/claims.md" >claims-stale.md
cmp -s claims.md <(doc_claims claims-stale.md) && bad "a stale index of claims passes" || ok "a stale index of claims is seen"
expect_status "list --json with --markdown" 2 "$V" list --json --markdown

# list ID|PATTERN: those claims only, in registry order; a pattern that
# matches nothing is one line, exit 2.
expect_status "list two ids and a pattern" 0 "$V" list 'st/conj-37/*' rn/table-4
if [ "$(grep -E '^[a-z]+/' out.txt | tr '\n' ' ')" = "st/conj-37/literal st/conj-37/eventual rn/table-4 " ]; then
    ok "list ID PATTERN: those claims only"
else
    bad "list ID PATTERN: $(grep -E '^[a-z]+/' out.txt | tr '\n' ' ')"
fi
expect_status "list one id --json" 0 "$V" list os/prop-5.1 --json
[ "$(grep -c '"id"' out.txt)" -eq 1 ] && ok "list ID --json: one entry" || bad "list ID --json: $(grep -c '"id"' out.txt) entries"
expect_status "list an id that is none" 2 "$V" list no/such-claim
expect_status "list an id with --markdown" 2 "$V" list os/prop-5.1 --markdown

# The summary groups what does not hold by kind (FAILS before EMPTY, though
# the registry lists rn/table-5 first), and a reading that holds is never
# said to fail: it is listed apart, and report.html says it does not fail.
expect_status "a FAILS and an EMPTY" 1 "$V" check --claims rn/table-5,rn/rule-5 --out grouped
if [ "$(sed -n '/^summary:/,/^exit status/p' out.txt | grep -oE '^  (FAILS|EMPTY) ' | tr -d ' \n')" = FAILSEMPTY ]; then
    ok "the summary groups verdicts by kind: FAILS first"
else
    bad "summary order: $(sed -n '/^summary:/,/^exit status/p' out.txt | tr '\n' '|')"
fi
expect_status "a reading that holds" 0 "$V" check --piles 3 --bound 8 --claims 'os/one-pile-strategy*' --out holding
if ! grep -q 'readings that fail' out.txt \
    && grep -q '^readings that do not fail here (.*): os/one-pile-strategy/strict HOLDS$' out.txt \
    && grep -q 'and does not fail here' holding/report.html && ! grep -q 'fails, as expected' holding/report.html \
    && ! grep -q 'expected to fail' holding/report.html; then
    ok "a reading that holds is listed apart, never as expected to fail (summary and report.html)"
else
    bad "a reading that holds: $(sed -n '/^summary:/,/^exit status/p' out.txt | tr '\n' '|')"
fi
# Breaking games: no finite run decides them, and the summary never says
# "to decide".
expect_status "conj-37 undecided" 3 "$V" conj --id st/conj-37/eventual --max-take 1 --to 20 --out c37-undecided
if grep -q '^  UNDECIDED st/conj-37/eventual: no finite run decides it; a larger run: ' out.txt \
    && ! grep -q 'to decide' out.txt && grep -q "no finite run decides it" c37-undecided/errata.md; then
    ok "conj-37: no finite run decides it, and a larger run adds repeats seen (summary, errata.md)"
else
    bad "conj-37 summary: $(grep UNDECIDED out.txt | tail -1)"
fi

echo "cli: $passed passed, $failed failed"
# A test in which no check ran proved nothing.
[ $((passed + failed)) -gt 0 ] && [ "$failed" -eq 0 ]
