#!/usr/bin/env bash
# contributor_test.sh -- a new game and a new paper are each a folder and
# one registry line.  In a scratch copy of the tree (the files git tracks),
# a test-only splitting game is added as docs/engine.md says ("Adding a
# game": core/games/grundys_game/, Grundy's game on the engine's heap
# space, its rules the moves of one heap) with its line in
# core/games/registry.c, and a test-only paper ("Adding a paper"):
# proofs/newpaper/ with
# one claim, its list, its claim_paper and a data file (a printed table of
# one-heap Nim's Grundy values, tables/table-1.tsv), and in
# proofs/registry.c its include and its line in PAPERS.  Then:
#   - nothing outside the two folders and the two registries changed;
#   - the game runs: `value 20` is 0 (Grundy's game), `games` lists it, and
#     tests/test_games.c, which checks every registered game against a
#     brute force of its own moves, passes with it;
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
# A test-only splitting game: Grundy's game, a heap split into two unequal
# heaps, nothing taken (so the beans never drop: the engine derives an order
# of work that fits it), and its line in the games' registry.
G=$TREE/core/games/grundys_game
mkdir -p "$G"
cat >"$G/grundy.c" <<'GAME'
/*
 * grundy.c -- Grundy's game (a test-only game of tests/contributor_test.sh):
 * a move splits one heap into two heaps of different sizes; the player who
 * cannot move loses (normal play) or wins (misere).  The engine's heap
 * space gives the positions, their order and their moves; this file gives
 * the moves of one heap.  Its sequence, one heap's values and the period
 * seen, is the engine's too (heap_grundy.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "core/engine/heap_game.h"
#include "core/engine/heap_grundy.h"
#include "core/engine/xalloc.h"
#include "core/games/registry.h"

typedef struct {
    heap_game hg; /* first: the game's data points to it and to this */
    game_heap_move *moves[GAME_MAX_SLOTS + 1];
    int n[GAME_MAX_SLOTS + 1];
} grundy_game;

static int split_moves(void *data, int side, int h, const game_heap_move **out)
{
    grundy_game *g = data;
    (void)side;
    *out = g->moves[h];
    return g->n[h];
}

static void free_moves(grundy_game *g)
{
    for (int h = 0; h <= GAME_MAX_SLOTS; h++)
        free(g->moves[h]);
    free(g);
}

static void destroy(game_desc *d)
{
    if (!d)
        return;
    grundy_game *g = d->data;
    heap_game_free(&g->hg);
    free_moves(g);
}

static game_desc *build(const game_params *p, char *err, int errlen)
{
    if (p->bound < 0 || p->bound > GAME_MAX_SLOTS) {
        snprintf(err, (size_t)errlen, "grundys-game: at most %d beans in all", GAME_MAX_SLOTS);
        return NULL;
    }
    grundy_game *g = xcalloc(1, sizeof *g, "a game");
    for (int h = 1; h <= p->bound; h++) {
        g->moves[h] = xcalloc((size_t)h + 1, sizeof **g->moves, "a game");
        for (int b = 1; 2 * b < h; b++)
            g->moves[h][g->n[h]++] = (game_heap_move){.nparts = 2, .parts = {h - b, b}};
    }
    if (heap_game_init(&g->hg, "grundys-game", p->bound, split_moves, g, err, errlen) != 0) {
        free_moves(g);
        return NULL;
    }
    g->hg.game.kind = VALUE_GRUNDY;
    return &g->hg.game;
}

static int64_t rank_of_piles(const game_desc *d, const int *piles, int n)
{
    return heap_game_rank_of(d->data, piles, n);
}

static int piles_of(const game_desc *d, uint64_t rank, int *asc)
{
    return heap_game_heaps_of(d->data, rank, asc);
}

static void size_of_position(const int *piles, int n, game_params *p)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += piles[i] > 0 ? piles[i] : 0;
    p->piles = 1;
    p->bound = total;
}

static const game_sample samples[] = {{{NULL}}};

/* The sequence: heaps of any size, their moves written when asked. */
static int split_room(const void *data, int h)
{
    (void)data;
    return h / 2 + 1;
}

static int split_write(const void *data, int h, game_heap_move *out)
{
    (void)data;
    int n = 0;
    for (int small = 1; 2 * small < h; small++)
        out[n++] = (game_heap_move){.nparts = 2, .parts = {h - small, small}};
    return n;
}

static sequence *open_sequence(const char *command, const char *const *values, char *err, int errlen)
{
    (void)command;
    (void)values;
    (void)err;
    (void)errlen;
    heap_grundy_rules rules = {.name = "grundys-game", .room = split_room, .write = split_write};
    return heap_grundy_open(&rules);
}

static const game_sequence one_heap = {
    .symbol = "G",
    .summary = "Grundy's game: G(n) of one heap of n, and the period seen",
    .usage = "",
    .about = "Prints G(n), the Sprague-Grundy value of one heap of n in Grundy's game.\n",
    .options_help = "",
    .json_help = "                   \"game\": \"grundys-game\"\n",
    .notes = "",
    .limits = "none",
    .options = {{NULL, false, false}},
    .open = open_sequence,
    HEAP_GRUNDY_FUNCTIONS,
};

const game_entry game_grundys_game = {
    .name = "grundys-game",
    .summary = "Grundy's game: heaps; a move splits one heap into two heaps of different sizes",
    .ending = "the player who cannot move loses (normal play) or wins (misere play)",
    .kind = VALUE_GRUNDY,
    .config_key = "grundys_game",
    .layout = "the Sprague-Grundy value as uint32 little-endian with bit 31 set when the player to move wins at "
              "misere play; positions by their beans, then their heaps largest first",
    .build = build,
    .destroy = destroy,
    .sequence = &one_heap,
    .rank_of_piles = rank_of_piles,
    .piles_of = piles_of,
    .size_of_position = size_of_position,
    .sized_by_bound = true,
    .size_help = "--bound T: every position of at most T beans in all",
    .samples = samples,
    .nsamples = 1,
};
GAME
sed -i -e 's|^    X(graph)$|    X(graph)                  \\\n    X(grundys_game)|' "$TREE/core/games/registry.c"

# The registry: its include and its line in PAPERS.
sed -i -e 's|^#include "proofs/stewart/st_claim_list.h"|&\n#include "proofs/newpaper/np_claim_list.h"|' \
    -e 's|^    P(ks)         \\$|&\n    P(np)         \\|' "$TREE/proofs/registry.c"

changed=$(cd "$TREE" && git add -A && git diff --cached --name-only | grep -v '^proofs/newpaper/' |
    grep -v '^core/games/grundys_game/' | tr '\n' ' ')
games_lines=$(cd "$TREE" && git diff --cached --numstat core/games/registry.c | cut -f1,2)
if [ "$changed" = "core/games/registry.c proofs/registry.c " ] &&
    [ "$(cd "$TREE" && git diff --cached --numstat proofs/registry.c | cut -f1,2)" = "2	0" ] &&
    [ "$games_lines" = "2	1" ]; then
    ok "a new game and a new paper: their folders, one line of core/games/registry.c (and the backslash the line before it gains) and two of proofs/registry.c (the include, the line in PAPERS)"
else
    bad "files changed outside the two folders: $changed$(cd "$TREE" && git diff --cached --numstat core/games/registry.c proofs/registry.c)"
fi

if (cd "$TREE" && make -j2 build/verifier >"$WORK/build.log" 2>&1); then
    ok "the tree with the new game and paper builds"
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

# The new game: its value, its line in `games`, and the brute-force check
# every registered game gets.
"$V" value 20 --game grundys-game >"$WORK/value.txt" 2>&1
if grep -q 'Sprague-Grundy value 0' "$WORK/value.txt"; then
    ok "value 20 --game grundys-game: Sprague-Grundy value 0 (a heap of 20 is a loss)"
else
    bad "value 20 --game grundys-game: $(tr '\n' '|' <"$WORK/value.txt" | cut -c1-300)"
fi
if "$V" games | grep -q 'grundys-game'; then
    ok "games lists the new game"
else
    bad "games: $("$V" games 2>&1 | tail -3 | tr '\n' '|')"
fi
# Its sequence, offered by its entry alone: `sequence grundys-game` prints
# the known start (a heap of 20 is a loss), takes no option another game
# takes, says "no period seen" as a verdict (null, never -1) with no empty
# points field in --json, and the top-level help lists it.
seq20=$("$V" sequence grundys-game --to 20 2>"$WORK/seq.err" | awk '{ printf "%s ", $2 }')
"$V" sequence grundys-game --to 200 --json >"$WORK/seq.json" 2>&1
"$V" sequence grundys-game --to 5 --points 1,2 >/dev/null 2>"$WORK/seqbad.err"
st=$?
if [ "$seq20" = "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 " ] &&
    grep -qx 'sequence grundys-game: UNDECIDED: no period seen (rows 0..20)' "$WORK/seq.err" &&
    grep -q '"game": "grundys-game",' "$WORK/seq.json" && ! grep -q '"points"' "$WORK/seq.json" &&
    grep -q '"period": {"status": "UNDECIDED", "preperiod": null, "period": null' "$WORK/seq.json" &&
    [ $st = 2 ] && grep -q "unknown option '--points'" "$WORK/seqbad.err" &&
    "$V" --help | sed -n '/^  sequence/,/^  gs/p' | grep -q 'grundys-game' &&
    ! "$V" sequence grundys-game --help | grep -q -- '--points'; then
    ok "sequence grundys-game: the known values, no period seen as a verdict, its own options only, listed by --help"
else
    bad "sequence grundys-game: '$seq20' $(tr '\n' '|' <"$WORK/seq.err") $(tail -c 200 "$WORK/seq.json" | tr '\n' ' ') $(cat "$WORK/seqbad.err")"
fi
if (cd "$TREE" && make -j2 build/tests/test_games >"$WORK/tg.log" 2>&1 && build/tests/test_games >"$WORK/tg.out" 2>&1); then
    ok "test_games (every registered game against a brute force of its own moves) passes with the new game"
else
    bad "test_games: $(grep -E 'FAIL|ERROR|error' "$WORK/tg.out" "$WORK/tg.log" 2>/dev/null | head -5 | tr '\n' '|')"
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
