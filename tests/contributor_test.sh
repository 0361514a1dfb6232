#!/usr/bin/env bash
# contributor_test.sh -- a new paper is its folder and one registry line:
# in a scratch copy of the tree (the files git tracks), a test-only paper
# is added as docs/engine.md says ("Adding a paper"): proofs/newpaper/ with
# one claim, its list, its claim_paper and a data file (a printed table of
# one-heap Nim's Grundy values, tables/table-1.tsv), and in
# proofs/registry.c its include and its line in PAPERS.  Then:
#   - nothing outside that folder and proofs/registry.c changed;
#   - the verifier builds, lists the paper's claim and runs it: HOLDS, the
#     printed table read from the embedded data file;
#   - the same claim FAILS when one cell of the data file is changed (the
#     check can fail);
#   - the layout rules hold on the new tree (tests/layout_test.sh).
# Usage: contributor_test.sh (from the tree's root or anywhere)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/tests/testlib.sh"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
TREE=$WORK/tree
mkdir -p "$TREE"
# The tree's files as they are now: tracked and new ones, not the ignored
# (builds, results) nor those deleted since the last commit; from a tree
# that is no git checkout (a downloaded tarball), every file but the
# builds and the results.
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$ROOT" && git ls-files -z -c -o --exclude-standard | while IFS= read -r -d '' f; do
        [ -f "$f" ] && printf '%s\0' "$f"
    done | xargs -0 cp --parents -t "$TREE") || { echo "cannot copy the tree"; exit 1; }
else
    (cd "$ROOT" && tar -c --exclude='./build*' --exclude='./results/*' --exclude=./.git . | tar -x -C "$TREE") ||
        { echo "cannot copy the tree"; exit 1; }
fi
(cd "$TREE" && git init -q && git add -A && git -c user.email=t@t -c user.name=t commit -qm base) ||
    { echo "cannot commit the scratch tree"; exit 1; }

P=$TREE/proofs/newpaper
mkdir -p "$P/tables"
cat >"$P/tables/table-1.tsv" <<'EOF'
# Table 1: Grundy values of one heap of Nim
# text: none (a test's own table)
columns	n	G
row	0	0
row	1	1
row	2	2
row	3	3
EOF
cat >"$P/np_claim_list.h" <<'EOF'
/* np_claim_list.h -- the claims of a test-only paper. */
#ifndef NP_CLAIM_LIST_H
#define NP_CLAIM_LIST_H
#define np_claims(X) X(np_table1)
#endif
EOF
cat >"$P/np_paper.c" <<'EOF'
/* np_paper.c -- a test-only paper as the registry knows it. */
#include "proofs/claim.h"
const claim_paper paper_np = {
    .prefix = "np",
    .citation = "A test-only paper (tests/contributor_test.sh)",
    .name = "a test-only paper",
    .report = PAPER_REPORT_FINDINGS,
    .test = "tests/contributor_test.sh",
};
EOF
cat >"$P/np_claims.c" <<'EOF'
/* np_claims.c -- a test-only paper's claim: its printed Table 1 (one
 * heap of Nim) against the game's recursion, G(n) = the mex of the values
 * of the heaps 0..n-1 a move leaves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "proofs/claim.h"
#include "proofs/paper_data.h"

static void table1(const claim_ctx *ctx, claim_report *r)
{
    (void)ctx;
    const char *text = paper_data_text("newpaper", "table-1");
    if (!text) {
        claim_finding_add(r, "data", "no table-1");
        return;
    }
    for (const char *line = text; *line; line = strchr(line, '\n') + 1) {
        int n, g;
        if (sscanf(line, "row\t%d\t%d", &n, &g) == 2 && n >= 0 && n < 64) {
            /* G(0..n) by the recursion: the mex of the children's values. */
            int G[64];
            for (int h = 0; h <= n; h++) {
                unsigned long long seen = 0;
                for (int c = 0; c < h; c++)
                    seen |= 1ull << G[c];
                G[h] = 0;
                while (seen >> G[h] & 1)
                    G[h]++;
            }
            claim_cases(r, 0, 1);
            if (g != G[n]) {
                char where[32], stated[32], computed[32];
                snprintf(where, sizeof where, "n = %d", n);
                snprintf(stated, sizeof stated, "%d", g);
                snprintf(computed, sizeof computed, "%d", G[n]);
                claim_mismatch_at(r, 0, where, stated, computed, "");
            }
        }
        if (!strchr(line, '\n'))
            break;
    }
}

const claim_def claim_np_table1 = {
    .id = "np/table-1",
    .game = "nim",
    .source = "a test-only paper, Table 1",
    .statement = "G(n) as Table 1 prints it",
    .domain = "the rows of Table 1",
    .parts = {"cells"},
    .check_games = table1,
    .sizes_help = "fixed",
};
EOF
# The registry: its include and its line in PAPERS.
sed -i -e 's|^#include "proofs/stewart/st_claim_list.h"|&\n#include "proofs/newpaper/np_claim_list.h"|' \
    -e 's|^    P(ks)         \\$|&\n    P(np)         \\|' "$TREE/proofs/registry.c"

changed=$(cd "$TREE" && git add -A && git diff --cached --name-only | grep -v '^proofs/newpaper/' | tr '\n' ' ')
if [ "$changed" = "proofs/registry.c " ] && [ "$(cd "$TREE" && git diff --cached --numstat proofs/registry.c | cut -f1,2)" = "2	0" ]; then
    ok "a new paper: its folder, and two added lines of proofs/registry.c (its include, its line in PAPERS)"
else
    bad "files changed outside the paper's folder: $changed$(cd "$TREE" && git diff --cached --numstat proofs/registry.c)"
fi

if (cd "$TREE" && make -j2 build/verifier >"$WORK/build.log" 2>&1); then
    ok "the tree with the new paper builds"
else
    bad "build: $(tail -n 5 "$WORK/build.log" | tr '\n' '|')"
fi
V=$TREE/build/verifier
if [ -x "$V" ] && "$V" list 'np/*' | grep -q '^np/table-1$'; then
    ok "list names the new paper's claim"
else
    bad "list np/*: $("$V" list 'np/*' 2>&1 | head -3 | tr '\n' '|')"
fi
"$V" check --claims 'np/*' --out "$WORK/run" >"$WORK/run.txt" 2>&1
st=$?
if [ $st = 0 ] && grep -q '^HOLDS  np/table-1 .* 4 cases' "$WORK/run.txt"; then
    ok "check runs it: HOLDS on the 4 cells of its embedded data file"
else
    bad "check np/* (exit $st): $(tr '\n' '|' <"$WORK/run.txt" | cut -c1-400)"
fi

# One cell changed: the claim must fail there.
sed -i 's/^row	2	2$/row	2	5/' "$P/tables/table-1.tsv"
if (cd "$TREE" && make -j2 build/verifier >"$WORK/build2.log" 2>&1); then
    "$V" check --claims 'np/*' --out "$WORK/run2" >"$WORK/run2.txt" 2>&1
    st=$?
    if [ $st = 1 ] && grep -q '^FAILS  np/table-1 .* 1 mismatches' "$WORK/run2.txt"; then
        ok "a changed cell of the data file: FAILS, the data file rebuilt in"
    else
        bad "changed cell (exit $st): $(tr '\n' '|' <"$WORK/run2.txt" | cut -c1-400)"
    fi
else
    bad "rebuild: $(tail -n 5 "$WORK/build2.log" | tr '\n' '|')"
fi

if (cd "$TREE" && bash tests/layout_test.sh >"$WORK/layout.log" 2>&1); then
    ok "the layout rules hold with the new paper"
else
    bad "layout: $(grep FAIL "$WORK/layout.log" | tr '\n' '|')"
fi
finish contributor
