#!/usr/bin/env bash
# report_test.sh -- report.html: one page with no network reference (its
# figures are files beside it) with the claim table (a row per claim, its
# status), every figure drawn by gnuplot into figures/ with its data
# (Figures 2-6 over the papers' windows with their overlays, for a sweep
# holding their positions; the per-k preperiods of a family), a default
# run's page under 300 KB, byte-identical for 1 and 2 threads, and
# rendered by a headless browser (Debian's chromium) with the table and
# every figure in its DOM.  Parts needing gnuplot or chromium are skipped,
# saying so, where they are not installed.
#   Usage: tests/report_test.sh build/verifier
set -u
V=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/testlib.sh"

RUN=(check --piles 3 --bound 8 --claims 'os/*,st/conj-34' --max-take 8 --quiet)
"$V" "${RUN[@]}" --threads 1 --out r1 >/dev/null
"$V" "${RUN[@]}" --threads 2 --out r2 >/dev/null
R=r1/report.html
claims=$("$V" list | grep -c -e '^os/' -e '^st/conj-34$')
rows=$(grep -c '^<tr><td><a href="#c[0-9]*"><code>' "$R")
if [ -s "$R" ] && grep -q '<table id="claims">' "$R" && [ "$rows" -eq "$claims" ] \
    && grep -q '<td class="fail">FAILS' "$R" && grep -q '<td class="ok">CERTIFIED</td>' "$R"; then
    ok "report.html: the claim table, a row for each of the $claims claims, with statuses"
else
    bad "report.html: $rows rows for $claims claims"
fi
# The story first: a paragraph a paper, before the summary, naming what
# holds by its kind of truth and the readings that fail.
first_h2=$(grep -m 1 -o '<h2>[^<]*</h2>' "$R")
os_story=$(grep '^<p class="story"><b>H. Oginuma' "$R" | sed 's/<[^>]*>//g')
if [ "$first_h2" = "<h2>What the run found, paper by paper</h2>" ] && [ "$(grep -c '^<p class="story">' "$R")" -eq 2 ] \
    && [[ $os_story == *"(os/*, 27 claims). Holds: "*"swept to a bound"* ]] \
    && grep '^<p class="story"><b>F. Stewart' "$R" | grep -q 'certified or observed per game'; then
    ok "report.html starts with the story, a paragraph a paper: what holds and how, what fails, what is open"
else
    bad "report.html's story: first section '$first_h2'; os: $os_story"
fi
if grep -q 'class="mismatches"' "$R" && grep -q '<table class="per-k">' "$R"; then
    ok "report.html: mismatches with witnesses and the per-k table"
else
    bad "report.html: no mismatch or per-k table"
fi
if grep -qiE '(src|href)="(https?:)?//' "$R"; then bad "report.html refers to the network"; else ok "report.html is self-contained"; fi
# All but its last section, the times of this run.
without_times() { sed '/^<section id="run">/,/^<\/section>/d' "$1"; }
if cmp -s <(without_times r1/report.html) <(without_times r2/report.html) && grep -q '^<section id="run">' r1/report.html; then
    ok "report.html byte-identical for 1 and 2 threads (but the section of this run's times)"
else
    bad "report.html differs by threads"
fi

figures=$(grep -c '<figure id=' "$R")
datas=$(ls r1/figures/*.dat 2>/dev/null | wc -l)
if [ "$figures" -eq 6 ] && [ "$datas" -eq 6 ] && grep -q '^# N f_N(8,7,1) F_3(N) Theorem-6.3$' r1/figures/f-8-7-1.dat \
    && grep -q '^-10 6 -4 6$' r1/figures/f-8-7-1.dat; then
    ok "report.html: Figures 2-6 (the papers' windows, with their overlays) and the family's preperiods, data beside"
else
    bad "report.html: $figures figures, $datas data files"
fi
if command -v gnuplot >/dev/null; then
    # Drawn by one gnuplot process into figures/, each referenced by the page.
    svgs=0
    for img in $(grep -o '<img src="figures/[^"]*\.svg"' "$R" | sed 's/.*src="//; s/"$//'); do
        grep -q '<svg' "r1/$img" && svgs=$((svgs + 1))
    done
    if [ "$svgs" -eq 6 ]; then ok "report.html: every figure drawn (figures/*.svg, referenced)"; else bad "$svgs of 6 figures drawn"; fi
    cmp -s r1/figures/f-5-4-2.svg r2/figures/f-5-4-2.svg && ok "a figure byte-identical for 1 and 2 threads" \
        || bad "a figure differs by threads"
    # The layout rule (docs/commands.md, Figures): no text inside a plot
    # area, so no key or label sits on the data; for the report's figures,
    # gs --plot (its preperiod and period marks) and plot (its overlays).
    "$V" gs --game 0.26 --to 60 --plot gs026.svg >/dev/null 2>&1
    "$V" plot 8,7,1 --bonus -10:10 --overlay F_3,thm-6.3 --out fig4.svg >/dev/null 2>&1
    "$V" plot 40 --game chance-nim --choices 1,4 --against 1,2 --out chance.svg >/dev/null 2>&1
    if layout=$(bash "$HERE/svg_layout.sh" r1/figures/*.svg gs026.svg fig4.svg chance.svg 2>&1); then
        ok "every figure keeps its text out of the plot area: keys below, labels beside ($(ls r1/figures/*.svg | wc -l) report figures, gs, plot)"
    else
        bad "figure layout: $(echo "$layout" | head -5 | tr '\n' '|')"
    fi
    # Shown to fail: a key planted inside the plot area is found.
    awk '{print} /<g id="gnuplot_plot_1"/ && !done {print "<g transform=\"translate(300.00,100.00)\" stroke=\"none\" fill=\"black\">"; print "<text>planted</text>"; print "</g>"; done = 1}' \
        r1/figures/f-5-4-2.svg >planted.svg
    bash "$HERE/svg_layout.sh" planted.svg >planted.txt 2>&1
    if grep -q 'text "planted" at (300,100) inside the plot area' planted.txt; then
        ok "planted: a text inside the plot area is reported"
    else
        bad "planted: a text inside the plot area passes the layout check"
    fi
    # Figures that read: an overlay the key names is drawn on top of the
    # computed curve (its path after the curve's, dashed, a colour of its
    # own); the y axis reaches past the data (-3 at the window's ends: a
    # tick at -4); the preperiods' axes have whole ticks only (yrange from
    # 0); fewer than five points are a table; a reading whose preperiods
    # are its intended claim's is not drawn twice.
    F3=r1/figures/f-7-6-1.svg
    curve_at=$(grep -n "stroke='rgb( 59, 130, 246)'" "$F3" | head -1 | cut -d: -f1)
    form_at=$(grep -n "stroke='rgb(230, 126,  34)'" "$F3" | head -1 | cut -d: -f1)
    if [ -n "$curve_at" ] && [ -n "$form_at" ] && [ "$form_at" -gt "$curve_at" ] && grep -q '>-4</tspan>' "$F3"; then
        ok "Figure 3: F_3 drawn on top of the computed curve, the y axis past the data"
    else
        bad "Figure 3: curve at line '$curve_at', F_3 at '$form_at'"
    fi
    "$V" check --claims 'st/conj-35/*' --max-take 5 --quiet --out r3 >/dev/null
    "$V" check --claims 'st/conj-37/*' --quiet --out r4 >/dev/null
    pre=r3/figures/preperiods-st-conj-35-eventual.svg
    ticks=$(grep -o '<tspan[^>]*>[^<]*</tspan>' "$pre" | sed 's/<[^>]*>//g; s/ //g' | grep -E '^-?[0-9.]+$')
    if [ -s "$pre" ] && ! echo "$ticks" | grep -q '[.]' && ! echo "$ticks" | grep -q '^-' \
        && [ ! -e r3/figures/preperiods-st-conj-35-literal.svg ] && ! grep -q 'preperiods-st-conj-35-literal' r3/report.html \
        && grep -q 'worst preperiod by largest take k (and st/conj-35/literal, the same)' r3/report.html \
        && [ ! -e r4/figures/preperiods-st-conj-37-eventual.svg ] \
        && grep -q 'st/conj-37/eventual</code>: worst preperiod by largest take k (a table' r4/report.html; then
        ok "preperiod figures: whole ticks from 0, the literal reading not drawn twice, two points a table"
    else
        bad "preperiod figures: ticks '$(echo $ticks)'; $(ls r3/figures r4/figures 2>&1 | tr '\n' ' ')"
    fi
else
    echo "skip the drawing of the figures: gnuplot is not installed (make figures installs gnuplot-nox)"
fi

BROWSER=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$BROWSER" ]; then
    timeout 120 "$BROWSER" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --dump-dom \
        "file://$WORK/$R" >dom.html 2>browser.log
    dom_rows=$(grep -o '<tr><td><a href="#c[0-9]*"><code>' dom.html | wc -l)
    dom_svgs=$(grep -o '<img src="figures/' dom.html | wc -l)
    if grep -q '<table id="claims">' dom.html && [ "$dom_rows" -eq "$claims" ] \
        && { ! command -v gnuplot >/dev/null || [ "$dom_svgs" -ge 6 ]; }; then
        ok "headless chromium renders it: the claim table ($dom_rows rows) and $dom_svgs figures in the DOM"
    else
        bad "headless chromium: $dom_rows rows, $dom_svgs figures: $(tail -3 browser.log | tr '\n' '|')"
    fi
    # The page fits a window of 1,280 pixels without scrolling sideways
    # (the printed-table grids scroll in their own boxes): the page's
    # scroll width, read in the browser, against its client width; shown
    # to fail on a copy with a planted 2,000-pixel block.
    "$V" check --claims 'rn/table-12,rn/table-26' --quiet --out r5 >/dev/null
    width_of() {
        sed 's|</body>|<script>document.title = "W=" + document.documentElement.scrollWidth + " C=" + document.documentElement.clientWidth;</script></body>|' "$1" >"$1.measure.html"
        timeout 120 "$BROWSER" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --window-size=1280,900 \
            --dump-dom "file://$WORK/$1.measure.html" 2>/dev/null | grep -o '<title>W=[0-9]* C=[0-9]*</title>' | sed 's/<[^>]*>//g'
    }
    fits() { local w c; read -r w c <<<"$(echo "$1" | sed 's/W=\([0-9]*\) C=\([0-9]*\)/\1 \2/')"; [ -n "$w" ] && [ "$w" -le "$c" ]; }
    wide=$(width_of r5/report.html)
    sed 's|<body>|<body><div style="width:2000px">planted</div>|' r5/report.html >r5/planted.html
    planted=$(width_of r5/planted.html)
    if grep -q 'class="wide"' r5/report.html && fits "$wide" && ! fits "$planted"; then
        ok "report.html fits 1,280 pixels ($wide; a planted wide block: $planted)"
    else
        bad "report.html width at 1,280 pixels: $wide (planted: $planted)"
    fi
else
    echo "skip the headless-browser rendering of report.html: chromium is not installed"
fi

finish report
