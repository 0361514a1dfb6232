#!/usr/bin/env bash
# report_test.sh -- report.html: one self-contained page (no network
# reference) with the claim table (a row per claim, its status), every
# figure drawn inline (Figures 2-6 for a sweep holding their positions, the
# per-k preperiods of a family), byte-identical for 1 and 2 threads, and
# rendered by a headless browser (Debian's chromium) with the table and
# every figure in its DOM.  Parts needing gnuplot or chromium are skipped,
# saying so, where they are not installed.
#   Usage: tests/report_test.sh build/verifier
set -u
V=$(realpath "$1")
source "$(dirname "$0")/testlib.sh"

RUN=(check --piles 3 --bound 8 --claims 'os/*,st/conj-34' --max-take 8 --quiet)
"$V" "${RUN[@]}" --threads 1 --out r1 >/dev/null
"$V" "${RUN[@]}" --threads 2 --out r2 >/dev/null
R=r1/report.html
claims=$("$V" list | grep -c -e '^os/' -e '^st/conj-34$')
rows=$(grep -c '^<tr><td><a href="#c[0-9]*"><code>' "$R")
if [ -s "$R" ] && grep -q '<table id="claims">' "$R" && [ "$rows" -eq "$claims" ] \
    && grep -q '<td class="fail">FAILS</td>' "$R" && grep -q '<td class="ok">CERTIFIED</td>' "$R"; then
    ok "report.html: the claim table, a row for each of the $claims claims, with statuses"
else
    bad "report.html: $rows rows for $claims claims"
fi
if grep -q 'class="mismatches"' "$R" && grep -q '<table class="per-k">' "$R"; then
    ok "report.html: mismatches with witnesses and the per-k table"
else
    bad "report.html: no mismatch or per-k table"
fi
if grep -qiE '(src|href)="(https?:)?//' "$R"; then bad "report.html refers to the network"; else ok "report.html is self-contained"; fi
cmp -s r1/report.html r2/report.html && ok "report.html byte-identical for 1 and 2 threads" || bad "report.html differs by threads"

figures=$(grep -c '<figure id=' "$R")
if command -v gnuplot >/dev/null; then
    svgs=$(awk '/<figure id=/ { inside = 1 } inside && /<svg/ { n++; inside = 0 } END { print n + 0 }' "$R")
    if [ "$figures" -eq 6 ] && [ "$svgs" -eq 6 ]; then
        ok "report.html: Figures 2-6 and the family's preperiods, each drawn inline"
    else
        bad "report.html: $figures figures, $svgs drawn"
    fi
else
    echo "skip the figures of report.html: gnuplot is not installed (make figures installs gnuplot-nox)"
fi

BROWSER=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$BROWSER" ]; then
    timeout 120 "$BROWSER" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --dump-dom \
        "file://$WORK/$R" >dom.html 2>browser.log
    dom_rows=$(grep -o '<a href="#c[0-9]*"><code>' dom.html | wc -l)
    dom_svgs=$(grep -o '<svg' dom.html | wc -l)
    if grep -q '<table id="claims">' dom.html && [ "$dom_rows" -eq "$claims" ] \
        && { ! command -v gnuplot >/dev/null || [ "$dom_svgs" -ge 6 ]; }; then
        ok "headless chromium renders it: the claim table ($dom_rows rows) and $dom_svgs figures in the DOM"
    else
        bad "headless chromium: $dom_rows rows, $dom_svgs svg: $(tail -3 browser.log | tr '\n' '|')"
    fi
else
    echo "skip the headless-browser rendering of report.html: chromium is not installed"
fi

finish report
