/*
 * test_games.c -- every registered game (core/games/registry.c) against
 * a brute-force evaluation of its own rules, so that a new game cannot
 * skip the check: for each of its sample option sets and small sizes, the
 * engine's table by the plain kernel (and by the game's fast path, when it
 * has one, byte for byte) equals, at every position, what a recursion over
 * the game's moves finds (it keeps what it found in a memo of its own, an
 * array by rank, or for a keyed game a hash of the heaps, so that every
 * small position finishes; no engine table, no engine memo); for a keyed
 * game the engine's memo is what is compared.  The brute forces, one a
 * value kind:
 *   margin   v(p) = max over moves (points - v(child)), terminal(p, M) with
 *            no move, at every lane of a small window;
 *   grundy   the mex of the children's values, and the misere outcome;
 *   players  the game's own rule over the children's outcomes;
 *   choice   Huibers' Section 4.6 rule over trees written out as texts
 *            (no DAG, no codes), compared with the engine's tree;
 *   matrix   max over options of the exact value of the matrix of
 *            1 - v(child), each solved afresh (matrix_game.h);
 *   draw     a fixed point over every position (a win when some child is a
 *            loss, a loss when every child is a win, repeated until nothing
 *            changes; draws are what is left), not the retrograde queue.
 * The cross-check is shown to fail: one value changed in a table of each
 * ranked kind is reported.  Known values are checked too: Bouton's theorem for Nim, Scoring Nim with
 * S = {1..bound} for the subtraction game, the thesis' Table 8 for three
 * players, and the uncertain pile of Holshouser and Reiter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <gmp.h>

#include "core/engine/choice.h"
#include "core/engine/matrix_game.h"
#include "core/engine/memo.h"
#include "core/engine/pinning.h"
#include "core/engine/sweep.h"
#include "core/engine/table.h"
#include "core/games/registry.h"
#include "core/games/scoring_octal/octal_game.h"

/* The per-game step limit: positions (each with its bonus, for a margin
 * game) a brute force may evaluate for one table, each once (its memo
 * keeps what it found).  Every table of the test sizes needs far fewer;
 * one that needed more would leave positions uncompared, and the test
 * fails unless every position is compared. */
#define NODE_BUDGET 20000000L

/* ---- brute forces ---- */

/* A memo by key (keyed games): the heaps as written, and the value. */
typedef struct {
    uint16_t *key;   /* NULL: an empty slot */
    int len;
    int64_t value;
} key_slot;

typedef struct {
    const game_desc *g;
    long nodes;
    /* The memo of a ranked game: known[i] once slot i is found, i the
     * rank (and, for a margin game, rank * lanes + the bonus's lane). */
    uint64_t slots;
    uint8_t *known;
    int64_t mlo;
    int step, lanes;
    int64_t *margin;
    uint32_t *sg;
    bool *misere_win;
    uint8_t *outcome;
    char **tree;
    mpq_t *prob;
    key_slot *keyed;
    size_t keyed_cap, keyed_used;
} brute;

static bool over_budget(brute *b)
{
    return ++b->nodes > NODE_BUDGET;
}

/* A brute force over the `count` ranked positions of g (and the bonus
 * window w of a margin game), its memo empty. */
static void brute_open(brute *b, const game_desc *g, uint64_t count, lane_window w)
{
    memset(b, 0, sizeof *b);
    b->g = g;
    b->lanes = g->kind == VALUE_MARGIN ? w.lanes : 1;
    b->mlo = w.mlo;
    b->step = w.step > 0 ? w.step : 1;
    b->slots = count * (uint64_t)b->lanes;
    b->known = calloc(b->slots + 1, 1);
    assert_non_null(b->known);
    switch (g->kind) {
    case VALUE_MARGIN:
        b->margin = calloc(b->slots + 1, sizeof *b->margin);
        assert_non_null(b->margin);
        break;
    case VALUE_GRUNDY:
        b->sg = calloc(b->slots + 1, sizeof *b->sg);
        b->misere_win = calloc(b->slots + 1, sizeof *b->misere_win);
        assert_non_null(b->sg);
        assert_non_null(b->misere_win);
        break;
    case VALUE_PLAYERS:
        b->outcome = calloc(b->slots + 1, 1);
        assert_non_null(b->outcome);
        break;
    case VALUE_CHOICE:
        b->tree = calloc(b->slots + 1, sizeof *b->tree);
        assert_non_null(b->tree);
        break;
    case VALUE_MATRIX:
        b->prob = malloc((b->slots + 1) * sizeof *b->prob);
        assert_non_null(b->prob);
        for (uint64_t i = 0; i <= b->slots; i++)
            mpq_init(b->prob[i]);
        break;
    default:
        break;
    }
}

static void brute_close(brute *b)
{
    for (uint64_t i = 0; b->tree && i < b->slots; i++)
        free(b->tree[i]);
    for (uint64_t i = 0; b->prob && i <= b->slots; i++)
        mpq_clear(b->prob[i]);
    for (size_t i = 0; i < b->keyed_cap; i++)
        free(b->keyed[i].key);
    free(b->known);
    free(b->margin);
    free(b->sg);
    free(b->misere_win);
    free(b->outcome);
    free(b->tree);
    free(b->prob);
    free(b->keyed);
    memset(b, 0, sizeof *b);
}

/* The memo's slot of a ranked position (at bonus M for a margin game). */
static uint64_t slot_of(const brute *b, uint64_t rank, int64_t M)
{
    uint64_t lane = b->g->kind == VALUE_MARGIN ? (uint64_t)((M - b->mlo) / b->step) : 0;
    assert_true(rank * (uint64_t)b->lanes + lane < b->slots);
    return rank * (uint64_t)b->lanes + lane;
}

static bool brute_margin(brute *b, uint64_t rank, int64_t M, int64_t *out)
{
    uint64_t at = slot_of(b, rank, M);
    if (b->known[at]) {
        *out = b->margin[at];
        return true;
    }
    if (over_budget(b))
        return false;
    game_move *mv = malloc(((size_t)b->g->max_moves + 1) * sizeof *mv);
    int k = b->g->moves(b->g->data, rank, mv);
    bool ok = true;
    int64_t best = k ? 0 : b->g->terminal(b->g->data, rank, M);
    for (int m = 0; ok && m < k; m++) {
        int64_t c = 0;
        /* Over budget: the child's value was not found (nothing to use). */
        if (!(ok = brute_margin(b, mv[m].child, M, &c)))
            break;
        best = m == 0 || mv[m].points - c > best ? mv[m].points - c : best;
    }
    free(mv);
    *out = best;
    b->margin[at] = best;
    b->known[at] = ok;
    return ok;
}

static bool brute_grundy(brute *b, uint64_t rank, uint32_t *sg, bool *misere_win)
{
    uint64_t at = slot_of(b, rank, 0);
    if (b->known[at]) {
        *sg = b->sg[at];
        *misere_win = b->misere_win[at];
        return true;
    }
    if (over_budget(b))
        return false;
    game_move *mv = malloc(((size_t)b->g->max_moves + 1) * sizeof *mv);
    int k = b->g->moves(b->g->data, rank, mv);
    bool *seen = calloc((size_t)k + 2, 1), ok = true;
    *misere_win = k == 0;
    for (int m = 0; ok && m < k; m++) {
        uint32_t c = 0;
        bool cw = false;
        /* Over budget: the child's value was not found (nothing to use). */
        if (!(ok = brute_grundy(b, mv[m].child, &c, &cw)))
            break;
        if (c <= (uint32_t)k)
            seen[c] = true;
        *misere_win = *misere_win || !cw;
    }
    uint32_t mex = 0;
    while (seen[mex])
        mex++;
    *sg = mex;
    free(seen);
    free(mv);
    b->sg[at] = mex;
    b->misere_win[at] = *misere_win;
    b->known[at] = ok;
    return ok;
}

static bool brute_players(brute *b, uint64_t rank, uint8_t *out)
{
    uint64_t at = slot_of(b, rank, 0);
    if (b->known[at]) {
        *out = b->outcome[at];
        return true;
    }
    if (over_budget(b))
        return false;
    game_move *mv = malloc(((size_t)b->g->max_moves + 1) * sizeof *mv);
    int k = b->g->moves(b->g->data, rank, mv);
    uint8_t *c = malloc((size_t)k + 1);
    bool ok = true;
    for (int m = 0; ok && m < k; m++)
        ok = brute_players(b, mv[m].child, &c[m]);
    *out = k == 0 ? 0 : ok ? b->g->choose(b->g, rank, c, k) : 0;
    free(c);
    free(mv);
    b->outcome[at] = *out;
    b->known[at] = ok;
    return ok;
}

/* ---- trees of choices (VALUE_CHOICE), as canonical texts ----
 *
 * Written from Huibers' Section 4.6 and apart from core/engine/choice.c:
 * a tree is the text "L<w>" (player w wins) or "C<c>[t1,t2,...]" (player c
 * chooses between trees t1 < t2 < ..., compared as texts, no two equal),
 * players counted from the player to move.  No DAG, no codes: every tree
 * is written out, and a child's tree is read from the parent by adding
 * one to every player number in its text. */

#define TREE_MAX_TEXT (1 << 20)

static char *tree_shift(const char *t, int players)
{
    size_t n = strlen(t);
    char *out = malloc(2 * n + 1), *o = out;
    for (const char *p = t; *p;) {
        if (*p == 'L' || *p == 'C') {
            *o++ = *p++;
            int v = (int)strtol(p, (char **)&p, 10);
            o += sprintf(o, "%d", v == players ? 1 : v + 1);
        } else
            *o++ = *p++;
    }
    *o = '\0';
    return out;
}

static int cmp_str(const void *a, const void *b);

/* The tree at *p written again with every node's outcomes sorted (a
 * shift changes the texts, so their order). */
static char *tree_sorted(const char **p)
{
    const char *start = *p;
    (*p)++;
    strtol(*p, (char **)p, 10);
    if (*start == 'L' || **p != '[')
        return strndup(start, (size_t)(*p - start));
    size_t head = (size_t)(*p - start) + 1;
    (*p)++;
    char *alt[64];
    int n = 0;
    size_t len = head + 2;
    for (;;) {
        assert_true(n < 64);
        alt[n] = tree_sorted(p);
        len += strlen(alt[n++]) + 1;
        if (**p == ',') {
            (*p)++;
            continue;
        }
        (*p)++;
        break;
    }
    qsort(alt, (size_t)n, sizeof *alt, cmp_str);
    char *out = malloc(len), *o = out;
    memcpy(o, start, head);
    o += head;
    for (int i = 0; i < n; i++) {
        o += sprintf(o, "%s%s", i ? "," : "", alt[i]);
        free(alt[i]);
    }
    sprintf(o, "]");
    return out;
}

/* Whether player w wins somewhere in t. */
static bool tree_has_winner(const char *t, int w)
{
    for (const char *p = strchr(t, 'L'); p; p = strchr(p + 1, 'L'))
        if (atoi(p + 1) == w)
            return true;
    return false;
}

/* The chance of player w at random choices, parsing t from *p. */
static void tree_chance(const char **p, int w, mpq_t out)
{
    if (**p == 'L') {
        (*p)++;
        mpq_set_ui(out, strtol(*p, (char **)p, 10) == w, 1);
        return;
    }
    (*p)++;
    strtol(*p, (char **)p, 10);
    assert_int_equal(**p, '[');
    (*p)++;
    mpq_t sum, one;
    mpq_inits(sum, one, NULL);
    unsigned long n = 0;
    for (;;) {
        tree_chance(p, w, one);
        mpq_add(sum, sum, one);
        n++;
        if (**p == ',') {
            (*p)++;
            continue;
        }
        assert_int_equal(**p, ']');
        (*p)++;
        break;
    }
    mpz_mul_ui(mpq_denref(sum), mpq_denref(sum), n);
    mpq_canonicalize(sum);
    mpq_set(out, sum);
    mpq_clears(sum, one, NULL);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The mover's tree from his children's (shifted, owned; freed here). */
static char *tree_combine(char **alt, int k, int rule)
{
    for (int i = 0; i < k; i++)
        if (strcmp(alt[i], "L1") == 0) {
            for (int j = 0; j < k; j++)
                free(alt[j]);
            return strdup("L1");
        }
    bool keep[64] = {false}, any = false;
    for (int i = 0; i < k; i++) {
        keep[i] = tree_has_winner(alt[i], 1);
        any = any || keep[i];
    }
    if (!any)
        for (int i = 0; i < k; i++)
            keep[i] = true;
    if (any && rule == CHOICE_BEST_CHANCE) {
        mpq_t best, q;
        mpq_inits(best, q, NULL);
        bool first = true;
        for (int i = 0; i < k; i++)
            if (keep[i]) {
                const char *p = alt[i];
                tree_chance(&p, 1, q);
                if (first || mpq_cmp(q, best) > 0)
                    mpq_set(best, q);
                first = false;
            }
        for (int i = 0; i < k; i++)
            if (keep[i]) {
                const char *p = alt[i];
                tree_chance(&p, 1, q);
                keep[i] = mpq_equal(q, best);
            }
        mpq_clears(best, q, NULL);
    }
    char *kept[64];
    int n = 0;
    for (int i = 0; i < k; i++) {
        if (keep[i])
            kept[n++] = alt[i];
        else
            free(alt[i]);
    }
    qsort(kept, (size_t)n, sizeof *kept, cmp_str);
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (m && strcmp(kept[m - 1], kept[i]) == 0)
            free(kept[i]);
        else
            kept[m++] = kept[i];
    }
    if (m == 1)
        return kept[0];
    size_t len = 8;
    for (int i = 0; i < m; i++)
        len += strlen(kept[i]) + 1;
    char *out = malloc(len), *o = out;
    o += sprintf(o, "C1[");
    for (int i = 0; i < m; i++) {
        o += sprintf(o, "%s%s", i ? "," : "", kept[i]);
        free(kept[i]);
    }
    sprintf(o, "]");
    return out;
}

static bool brute_choice_found(brute *b, uint64_t rank, char **out);

/* A copy of the tree (the memo keeps its own). */
static bool brute_choice(brute *b, uint64_t rank, char **out)
{
    uint64_t at = slot_of(b, rank, 0);
    if (!b->known[at]) {
        char *t;
        if (!brute_choice_found(b, rank, &t))
            return (*out = NULL), false;
        b->tree[at] = t;
        b->known[at] = 1;
    }
    *out = strdup(b->tree[at]);
    return true;
}

static bool brute_choice_found(brute *b, uint64_t rank, char **out)
{
    *out = NULL;
    if (over_budget(b))
        return false;
    const game_desc *g = b->g;
    game_move *mv = malloc(((size_t)g->max_moves + 1) * sizeof *mv);
    int k = g->moves(g->data, rank, mv);
    assert_true(k < 64);
    if (k == 0) {
        free(mv);
        char leaf[16];
        snprintf(leaf, sizeof leaf, "L%d", g->players);
        *out = strdup(leaf);
        return true;
    }
    char *alt[64];
    bool ok = true;
    int got = 0;
    for (int m = 0; ok && m < k; m++) {
        char *c;
        if (!(ok = brute_choice(b, mv[m].child, &c)))
            break;
        char *shifted = tree_shift(c, g->players);
        const char *p = shifted;
        alt[got++] = tree_sorted(&p);
        free(shifted);
        free(c);
        ok = strlen(alt[got - 1]) < TREE_MAX_TEXT;
    }
    free(mv);
    if (!ok) {
        for (int i = 0; i < got; i++)
            free(alt[i]);
        return false;
    }
    *out = tree_combine(alt, k, g->choice_rule);
    return true;
}

/* The engine's tree of a code, in the brute force's canonical text. */
static char *engine_tree(const choice_dag *d, choice_code c)
{
    char head[16];
    if (choice_is_leaf(d, c)) {
        snprintf(head, sizeof head, "L%d", choice_who(d, c));
        return strdup(head);
    }
    int n = choice_count(d, c);
    char **alt = malloc((size_t)n * sizeof *alt);
    size_t len = 8;
    for (int i = 0; i < n; i++) {
        alt[i] = engine_tree(d, choice_alt(d, c, i));
        len += strlen(alt[i]) + 1;
    }
    qsort(alt, (size_t)n, sizeof *alt, cmp_str);
    char *out = malloc(len + 16), *o = out;
    o += sprintf(o, "C%d[", choice_who(d, c));
    for (int i = 0; i < n; i++) {
        o += sprintf(o, "%s%s", i ? "," : "", alt[i]);
        free(alt[i]);
    }
    sprintf(o, "]");
    free(alt);
    return out;
}

static bool brute_matrix(brute *b, uint64_t rank, mpq_t out)
{
    uint64_t at = slot_of(b, rank, 0);
    if (b->known[at]) {
        mpq_set(out, b->prob[at]);
        return true;
    }
    if (over_budget(b))
        return false;
    const game_desc *g = b->g;
    game_matrix *opt = malloc(((size_t)g->max_options + 1) * sizeof *opt);
    uint64_t *cells = malloc(((size_t)g->max_cells + 1) * sizeof *cells);
    int k = g->matrices(g->data, rank, opt, cells);
    bool ok = true;
    mpq_set_ui(out, g->misere ? 1 : 0, 1);
    for (int o = 0; ok && o < k; o++) {
        int n = opt[o].rows * opt[o].cols;
        mpq_t *a = malloc((size_t)n * sizeof *a), v;
        mpq_init(v);
        for (int c = 0; c < n; c++) {
            mpq_init(a[c]);
            if (ok && (ok = brute_matrix(b, cells[opt[o].first + c], a[c]))) {
                /* 1 - the child's value to its own mover. */
                mpq_neg(a[c], a[c]);
                mpq_t one;
                mpq_init(one);
                mpq_set_ui(one, 1, 1);
                mpq_add(a[c], a[c], one);
                mpq_clear(one);
            }
        }
        if (ok) {
            assert_int_equal(matrix_game_solve((const mpq_t *)a, opt[o].rows, opt[o].cols, v, NULL, NULL), 0);
            if (o == 0 || mpq_cmp(v, out) > 0)
                mpq_set(out, v);
        }
        for (int c = 0; c < n; c++)
            mpq_clear(a[c]);
        mpq_clear(v);
        free(a);
    }
    free(opt);
    free(cells);
    mpq_set(b->prob[at], out);
    b->known[at] = ok;
    return ok;
}

/* Win, loss, draw by a fixed point over every position. */
static uint8_t *brute_draw(const game_desc *g, uint64_t count)
{
    uint8_t *v = malloc(count);
    game_move *mv = malloc(((size_t)g->max_moves + 1) * sizeof *mv);
    for (uint64_t r = 0; r < count; r++)
        v[r] = OUTCOME_DRAW;
    bool changed = true;
    while (changed) {
        changed = false;
        for (uint64_t r = 0; r < count; r++) {
            if (v[r] != OUTCOME_DRAW)
                continue;
            int k = g->moves(g->data, r, mv);
            uint8_t now = k == 0 ? (g->misere ? OUTCOME_WIN : OUTCOME_LOSS) : OUTCOME_LOSS;
            for (int m = 0; m < k; m++) {
                if (v[mv[m].child] == OUTCOME_LOSS)
                    now = OUTCOME_WIN;
                else if (v[mv[m].child] == OUTCOME_DRAW && now == OUTCOME_LOSS)
                    now = OUTCOME_DRAW;
            }
            if (now != OUTCOME_DRAW) {
                v[r] = now;
                changed = true;
            }
        }
    }
    free(mv);
    return v;
}

/* ---- the engine's values ---- */

/* The window of a margin game's test: every half-integer N with |N| <= 3
 * (games with a bonus), M = 0 alone (without). */
static lane_window test_window(const game_entry *e)
{
    return e->one_lane ? (lane_window){0, 1, 1} : (lane_window){-6, 1, 13};
}

static void sweep_table(value_table *t, const game_desc *g, const game_entry *e, table_kernel kernel)
{
    char err[256];
    table_opts o = table_default_opts(g, test_window(e));
    o.kernel = kernel;
    /* The plain kernel in 64 bits stores anything; the fast paths their
     * own formats. */
    if (g->kind == VALUE_MARGIN)
        o.format = kernel == KERNEL_FAST && e->unit_steps ? FORMAT_PACKED : FORMAT_WIDE64;
    if (table_create(t, g, &o, err, sizeof err) != 0)
        fail_msg("%s: %s", e->name, err);
    pinning pin;
    assert_int_equal(pinning_open(&pin, 2, err, sizeof err), 0);
    table_sweep(t, &pin);
    pinning_close(&pin);
}

/* What a comparison found: the positions compared and how many of them
 * differ (the first difference printed). */
typedef struct {
    uint64_t compared, mismatches;
} comparison;

static void mismatch(comparison *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void mismatch(comparison *c, const char *fmt, ...)
{
    if (c->mismatches++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        char line[512];
        vsnprintf(line, sizeof line, fmt, ap);
        va_end(ap);
        print_message("first mismatch: %s\n", line);
    }
}

/* Compares the engine's table with the brute force at every position
 * the budget allows. */
static comparison compare_ranked(const game_entry *e, const game_desc *g, const value_table *t, const char *what)
{
    comparison c = {0, 0};
    if (g->kind == VALUE_DRAW) {
        uint8_t *v = brute_draw(g, t->count);
        for (uint64_t r = 0; r < t->count; r++)
            if (table_outcome(t, r) != v[r])
                mismatch(&c, "%s (%s): position %llu: engine %d, fixed point %d", e->name, what,
                         (unsigned long long)r, table_outcome(t, r), v[r]);
        free(v);
        c.compared = t->count;
        return c;
    }
    brute b;
    brute_open(&b, g, t->count, t->win);
    for (uint64_t r = 0; r < t->count; r++) {
        bool ok = true;
        switch (g->kind) {
        case VALUE_MARGIN:
            for (int l = 0; ok && l < t->win.lanes; l++) {
                int64_t v;
                if ((ok = brute_margin(&b, r, table_lane_M(t, l), &v)) && v != table_value(t, r, l))
                    mismatch(&c, "%s (%s): position %llu, M = %lld: engine %lld, brute force %lld", e->name, what,
                             (unsigned long long)r, (long long)table_lane_M(t, l), (long long)table_value(t, r, l),
                             (long long)v);
            }
            break;
        case VALUE_GRUNDY: {
            uint32_t sg;
            bool mw;
            if ((ok = brute_grundy(&b, r, &sg, &mw)) &&
                (sg != table_grundy(t, r) || mw != (table_misere(t, r) == OUTCOME_WIN)))
                mismatch(&c, "%s: position %llu: engine %u/%d, brute force %u/%d", e->name, (unsigned long long)r,
                         table_grundy(t, r), table_misere(t, r), sg, mw);
            break;
        }
        case VALUE_PLAYERS: {
            uint8_t o;
            if ((ok = brute_players(&b, r, &o)) && o != table_outcome(t, r))
                mismatch(&c, "%s: position %llu: engine %d, brute force %d", e->name, (unsigned long long)r,
                         table_outcome(t, r), o);
            break;
        }
        case VALUE_MATRIX: {
            mpq_t v;
            mpq_init(v);
            int64_t num, den;
            assert_true(table_probability(t, r, &num, &den));
            if ((ok = brute_matrix(&b, r, v)) &&
                (mpz_cmp_si(mpq_numref(v), num) != 0 || mpz_cmp_si(mpq_denref(v), den) != 0)) {
                char *want = mpq_get_str(NULL, 10, v);
                mismatch(&c, "%s: position %llu: engine %lld/%lld, brute force %s", e->name, (unsigned long long)r,
                         (long long)num, (long long)den, want);
                free(want);
            }
            mpq_clear(v);
            break;
        }
        case VALUE_CHOICE: {
            char *want;
            if ((ok = brute_choice(&b, r, &want) && choice_leaves(t->dag, table_choice(t, r)) < 100000)) {
                char *got = engine_tree(t->dag, table_choice(t, r));
                if (strcmp(got, want) != 0)
                    mismatch(&c, "%s: position %llu: engine %.200s, brute force %.200s", e->name,
                             (unsigned long long)r, got, want);
                free(got);
            }
            free(want);
            break;
        }
        default:
            break;
        }
        c.compared += ok;
    }
    brute_close(&b);
    return c;
}

/* The fast path stores what the plain kernel stores. */
static void compare_fast(const game_entry *e, const game_desc *g, const value_table *plain)
{
    value_table fast;
    sweep_table(&fast, g, e, KERNEL_FAST);
    assert_int_equal(fast.count, plain->count);
    for (uint64_t r = 0; r < plain->count; r++)
        for (int l = 0; l < plain->win.lanes; l++)
            if (table_value(&fast, r, l) != table_value(plain, r, l))
                fail_msg("%s: fast path %s: position %llu lane %d: %lld, plain %lld", e->name, g->fast->name,
                         (unsigned long long)r, l, (long long)table_value(&fast, r, l),
                         (long long)table_value(plain, r, l));
    table_free(&fast);
}

/* ---- keyed games ---- */

static bool brute_key(brute *b, const uint16_t *key, int len, int64_t *out);

typedef struct {
    brute *b;
    bool ok, any;
    int64_t best;
} key_best;

static void key_child(void *ctx, int64_t points, const uint16_t *key, int len)
{
    key_best *kb = ctx;
    int64_t c;
    if (!kb->ok)
        return;
    if (!(kb->ok = brute_key(kb->b, key, len, &c)))
        return;
    kb->best = !kb->any || points - c > kb->best ? points - c : kb->best;
    kb->any = true;
}

/* FNV-1a over the heaps as written. */
static size_t key_hash(const uint16_t *key, int len)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < len; i++)
        h = (h ^ key[i]) * 1099511628211ull;
    return (size_t)h;
}

/* The memo's slot of a key: where it is, or the empty slot it would go in. */
static key_slot *key_slot_of(brute *b, const uint16_t *key, int len)
{
    size_t mask = b->keyed_cap - 1, i = key_hash(key, len) & mask;
    while (b->keyed[i].key &&
           (b->keyed[i].len != len || memcmp(b->keyed[i].key, key, (size_t)len * sizeof *key) != 0))
        i = (i + 1) & mask;
    return &b->keyed[i];
}

static void key_remember(brute *b, const uint16_t *key, int len, int64_t value)
{
    /* Half full at most: the table doubles first. */
    if (2 * (b->keyed_used + 1) > b->keyed_cap) {
        key_slot *old = b->keyed;
        size_t cap = b->keyed_cap;
        b->keyed_cap = cap ? 2 * cap : 1024;
        b->keyed = calloc(b->keyed_cap, sizeof *b->keyed);
        assert_non_null(b->keyed);
        for (size_t i = 0; i < cap; i++)
            if (old[i].key)
                *key_slot_of(b, old[i].key, old[i].len) = old[i];
        free(old);
    }
    key_slot *s = key_slot_of(b, key, len);
    s->key = malloc((size_t)len * sizeof *key + 1);
    assert_non_null(s->key);
    memcpy(s->key, key, (size_t)len * sizeof *key);
    s->len = len;
    s->value = value;
    b->keyed_used++;
}

static bool brute_key(brute *b, const uint16_t *key, int len, int64_t *out)
{
    if (b->keyed_cap) {
        key_slot *s = key_slot_of(b, key, len);
        if (s->key) {
            *out = s->value;
            return true;
        }
    }
    if (over_budget(b))
        return false;
    key_best kb = {.b = b, .ok = true};
    assert_true(b->g->key_moves(b->g->data, key, len, key_child, &kb));
    *out = kb.any ? kb.best : b->g->terminal(b->g->data, MEMO_NO_RANK, 0);
    if (kb.ok)
        key_remember(b, key, len, *out);
    return kb.ok;
}

static uint64_t compare_keyed(const game_entry *e, const game_desc *g, int piles, int bound)
{
    memo *m = memo_new(g);
    uint64_t compared = 0;
    brute b;
    brute_open(&b, g, 0, (lane_window){0});
    for (int n = 0; n <= bound; n++)
        for (int h = 0; h <= (piles > 1 ? bound : 0); h++) {
            int heaps[2] = {n, h};
            uint16_t key[GAME_MAX_KEY];
            int len = e->key_of_piles(g, heaps, piles, key);
            assert_true(len > 0);
            bool ok;
            int64_t v = memo_value(m, key, len, &ok), w;
            assert_true(ok);
            if (brute_key(&b, key, len, &w)) {
                if (v != w)
                    fail_msg("%s: heaps %d,%d: memo %lld, brute force %lld", e->name, n, h, (long long)v,
                             (long long)w);
                compared++;
            }
        }
    brute_close(&b);
    memo_free(m);
    return compared;
}

/* ---- every game ---- */

static const int sizes[][2] = {{1, 14}, {2, 8}, {3, 5}, {4, 3}};

static void test_every_game_matches_brute_force(void **state)
{
    (void)state;
    for (int i = 0; game_registry[i]; i++) {
        const game_entry *e = game_registry[i];
        /* A game with no sample would escape this test. */
        if (e->nsamples < 1)
            fail_msg("%s has no sample option set to test", e->name);
        for (int s = 0; s < e->nsamples; s++) {
            uint64_t built = 0, compared = 0, positions = 0;
            for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
                char err[256];
                game_params p = {.piles = sizes[z][0], .bound = sizes[z][1], .unit = 2};
                memcpy(p.option, e->samples[s].option, sizeof p.option);
                game_desc *g = e->build(&p, err, sizeof err);
                if (!g)
                    continue; /* a size the game does not take (graph: one vertex) */
                built++;
                if (!g->moves) {
                    compared += compare_keyed(e, g, p.piles, p.bound);
                    positions += (uint64_t)(p.bound + 1) * (p.piles > 1 ? (uint64_t)p.bound + 1 : 1);
                } else {
                    value_table t;
                    sweep_table(&t, g, e, KERNEL_PLAIN);
                    comparison c = compare_ranked(e, g, &t, "plain");
                    if (c.mismatches)
                        fail_msg("%s, sample %d, %d piles of at most %d: %llu positions differ from the brute force",
                                 e->name, s, p.piles, p.bound, (unsigned long long)c.mismatches);
                    compared += c.compared;
                    positions += t.count;
                    if (g->fast)
                        compare_fast(e, g, &t);
                    table_free(&t);
                }
                e->destroy(g);
            }
            if (built == 0)
                fail_msg("%s, sample %d: no test size builds", e->name, s);
            print_message("%-24s sample %d: %llu of %llu positions against brute force\n", e->name, s,
                          (unsigned long long)compared, (unsigned long long)positions);
            /* Every position, within the step limit (NODE_BUDGET). */
            if (compared < positions)
                fail_msg("%s, sample %d: only %llu of %llu positions compared (the brute force's step limit is "
                         "%ld positions a table)",
                         e->name, s, (unsigned long long)compared, (unsigned long long)positions, NODE_BUDGET);
        }
    }
}

/* ---- known values ---- */

static game_desc *build(const char *name, int piles, int bound, const char *o0, const char *o1, const char *o2)
{
    char err[256];
    const game_entry *e = game_find(name);
    assert_non_null(e);
    game_params p = {.piles = piles, .bound = bound, .unit = 2, .option = {o0, o1, o2}};
    game_desc *g = e->build(&p, err, sizeof err);
    if (!g)
        fail_msg("%s: %s", name, err);
    return g;
}

static int64_t rank_of(const char *name, const game_desc *g, const int *piles, int n)
{
    int64_t r = game_find(name)->rank_of_piles(g, piles, n);
    assert_true(r >= 0);
    return r;
}

/* Changes the stored value of one position (whatever its kind) to
 * another legal value. */
static void change_value(value_table *t, uint64_t r)
{
    switch (t->kind) {
    case VALUE_MARGIN:
        t->wide64[r * (uint64_t)t->store.lanes] += 2;
        break;
    case VALUE_GRUNDY:
        t->grundy[r] ^= 1;
        break;
    case VALUE_PLAYERS:
        t->outcome[r] = (uint8_t)((t->outcome[r] + 1) % t->game->players);
        break;
    case VALUE_MATRIX:
        t->wide64[2 * r] = t->wide64[2 * r] == 0 ? 1 : 0;
        t->wide64[2 * r + 1] = 1;
        break;
    case VALUE_CHOICE:
        /* Another leaf: the next player wins. */
        t->choice[r] = choice_leaf(t->dag, choice_is_leaf(t->dag, t->choice[r]) && choice_who(t->dag, t->choice[r]) == 1
                                              ? 2
                                              : 1);
        break;
    default:
        t->outcome[r] = (uint8_t)((t->outcome[r] + 1) % 3);
        break;
    }
}

/* The cross-check of every game can fail: in a table of each kind that
 * agrees with the brute force everywhere, one changed value is reported,
 * and only it. */
static void test_cross_check_reports_a_changed_value(void **state)
{
    (void)state;
    static const struct {
        const char *game, *o0, *o1;
        int piles, bound;
    } cases[] = {{"scoring-nim-subtraction", "1,3,4", NULL, 2, 5},
                 {"nim", NULL, NULL, 2, 5},
                 {"nim-players", "3", "2", 2, 5},
                 {"nim-players-unranked", "3", "3", 1, 10},
                 {"chance-nim", "1,4", "1,2", 2, 5},
                 {"graph", "0>1,1>2,2>0,2>3", NULL, 1, 3}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const game_entry *e = game_find(cases[i].game);
        game_desc *g = build(cases[i].game, cases[i].piles, cases[i].bound, cases[i].o0, cases[i].o1, NULL);
        value_table t;
        sweep_table(&t, g, e, KERNEL_PLAIN);
        comparison before = compare_ranked(e, g, &t, "plain");
        assert_int_equal(before.mismatches, 0);
        assert_int_equal(before.compared, t.count);
        change_value(&t, t.count - 1);
        comparison after = compare_ranked(e, g, &t, "changed");
        if (after.mismatches != 1)
            fail_msg("%s: a changed value gave %llu mismatches, not 1", e->name,
                     (unsigned long long)after.mismatches);
        table_free(&t);
        e->destroy(g);
    }
}

/* Bouton: the Sprague-Grundy value of Nim is the Nim-sum; misere Nim is
 * won by the mover exactly when the Nim-sum is not 0, except when every
 * pile is 0 or 1, where it is won when their count is even. */
static void test_nim_is_bouton(void **state)
{
    (void)state;
    game_desc *g = build("nim", 3, 7, NULL, NULL, NULL);
    value_table t;
    sweep_table(&t, g, game_find("nim"), KERNEL_PLAIN);
    for (int a = 0; a <= 7; a++)
        for (int b = 0; b <= a; b++)
            for (int c = 0; c <= b; c++) {
                uint64_t r = (uint64_t)rank_of("nim", g, (int[]){a, b, c}, 3);
                assert_int_equal(table_grundy(&t, r), (unsigned)(a ^ b ^ c));
                bool small = a <= 1, win = small ? ((a + b + c) % 2 == 0) : (a ^ b ^ c) != 0;
                assert_int_equal(table_misere(&t, r) == OUTCOME_WIN, win);
            }
    table_free(&t);
    game_find("nim")->destroy(g);
}

/* With S = {1..bound} the subtraction game is Scoring Nim itself. */
static void test_subtraction_with_every_take_is_scoring_nim(void **state)
{
    (void)state;
    game_desc *a = build("scoring-nim", 3, 5, NULL, NULL, NULL), *b = build("scoring-nim-subtraction", 3, 5, "1,2,3,4,5",
                                                                             NULL, NULL);
    value_table ta, tb;
    sweep_table(&ta, a, game_find("scoring-nim"), KERNEL_PLAIN);
    sweep_table(&tb, b, game_find("scoring-nim-subtraction"), KERNEL_PLAIN);
    char x[TABLE_SHA256_HEX], y[TABLE_SHA256_HEX];
    table_sha256(&ta, x);
    table_sha256(&tb, y);
    assert_string_equal(x, y);
    table_free(&ta);
    table_free(&tb);
    game_find("scoring-nim")->destroy(a);
    game_find("scoring-nim-subtraction")->destroy(b);
}

/* Stones left where no move is legal score nothing: with S = {2}, the pile
 * (3) allows one move, to (1), where no move is left: 2 + N for the
 * mover (the last move's bonus is his). */
static void test_subtraction_ends_with_stones_left(void **state)
{
    (void)state;
    game_desc *g = build("scoring-nim-subtraction", 1, 3, "2", NULL, NULL);
    value_table t;
    sweep_table(&t, g, game_find("scoring-nim-subtraction"), KERNEL_PLAIN);
    uint64_t r3 = (uint64_t)rank_of("scoring-nim-subtraction", g, (int[]){3}, 1),
             r1 = (uint64_t)rank_of("scoring-nim-subtraction", g, (int[]){1}, 1);
    for (int l = 0; l < t.win.lanes; l++) {
        int64_t M = table_lane_M(&t, l);
        assert_int_equal(table_value(&t, r1, l), -M);
        assert_int_equal(table_value(&t, r3, l), 4 + M);
    }
    table_free(&t);
    game_find("scoring-nim-subtraction")->destroy(g);
}

/* Three players taking 1..3 chips from one pile, worked by hand (Huibers'
 * Table 8 has the restriction on the previous move too; this is the game
 * without it): the mover moves to the child of least outcome and his
 * outcome is that plus one, mod 3.  Pile 0: 0 (no move); 1, 2, 3: a child
 * is 0 (empty it), so 1; 4: children 3, 2, 1 all 1, so 2; 5, 6: least
 * child 1 (pile 3, 2), so 2; 7: children 6, 5, 4 all 2, so 0; 8: child 7
 * is 0, so 1; 9: child 7 is 0, so 1. */
static void test_three_players_by_hand(void **state)
{
    (void)state;
    static const int want[10] = {0, 1, 1, 1, 2, 2, 2, 0, 1, 1};
    game_desc *g = build("nim-players", 1, 9, "3", "3", NULL);
    value_table t;
    sweep_table(&t, g, game_find("nim-players"), KERNEL_PLAIN);
    for (int n = 0; n <= 9; n++)
        assert_int_equal(table_outcome(&t, (uint64_t)rank_of("nim-players", g, &n, 1)), want[n]);
    table_free(&t);
    game_find("nim-players")->destroy(g);
}

/* Holshouser and Reiter: in the {1,4}/{1,2} game the pile n = 11 is
 * uncertain (strictly between a sure loss and a sure win); and with
 * m = t, M = T a pile wins exactly when g(n) = 1, n in (p(m+M), (p+1)(m+M)]
 * with p even. */
static void test_chance_nim_known_values(void **state)
{
    (void)state;
    game_desc *g = build("chance-nim", 1, 11, "1,4", "1,2", NULL);
    value_table t;
    sweep_table(&t, g, game_find("chance-nim"), KERNEL_PLAIN);
    int64_t num, den;
    assert_true(table_probability(&t, (uint64_t)rank_of("chance-nim", g, (int[]){11}, 1), &num, &den));
    assert_true(num > 0 && num < den);
    table_free(&t);
    game_find("chance-nim")->destroy(g);
    g = build("chance-nim", 2, 14, "2:3", "2:3", NULL);
    sweep_table(&t, g, game_find("chance-nim"), KERNEL_PLAIN);
    for (int a = 0; a <= 14; a++)
        for (int b = 0; b <= a; b++) {
            int ga = a > 0 && ((a - 1) / 5) % 2 == 0, gb = b > 0 && ((b - 1) / 5) % 2 == 0;
            assert_true(table_probability(&t, (uint64_t)rank_of("chance-nim", g, (int[]){a, b}, 2), &num, &den));
            assert_int_equal(den, 1);
            assert_int_equal(num, (ga + gb) % 2);
        }
    table_free(&t);
    game_find("chance-nim")->destroy(g);
}

/* A graph with a cycle: 0 > 1 > 2 > 0 and 2 > 3 (3 has no move).  The
 * mover at 2 moves to 3 and wins; 1 must move to 2: a loss; 0 moves to 1:
 * a win.  Without the edge 2 > 3 every vertex of the cycle is a draw. */
static void test_graph_draws(void **state)
{
    (void)state;
    game_desc *g = build("graph", 1, 0, "0>1,1>2,2>0,2>3", NULL, NULL);
    value_table t;
    sweep_table(&t, g, game_find("graph"), KERNEL_PLAIN);
    assert_int_equal(t.count, 4);
    static const int want[4] = {OUTCOME_WIN, OUTCOME_LOSS, OUTCOME_WIN, OUTCOME_LOSS};
    for (uint64_t v = 0; v < 4; v++)
        assert_int_equal(table_outcome(&t, v), want[v]);
    table_free(&t);
    game_find("graph")->destroy(g);
    g = build("graph", 1, 0, "0>1,1>2,2>0", NULL, NULL);
    sweep_table(&t, g, game_find("graph"), KERNEL_PLAIN);
    for (uint64_t v = 0; v < 3; v++)
        assert_int_equal(table_outcome(&t, v), OUTCOME_DRAW);
    table_free(&t);
    game_find("graph")->destroy(g);
}

/* The win/loss kernel of a game whose positions do not repeat (VALUE_DRAW
 * with layers, no retrograde analysis): Nim's moves read as win or loss
 * win exactly where the Sprague-Grundy value is not 0, and at misere play
 * exactly where the misere outcome of the same sweep says so; no draw. */
/* ---- the memo's key forms ----
 * A keyed game whose only move drops the key's last word and scores it:
 * G(k_0..k_{n-1}) = k_{n-1} - k_{n-2} + ... (the first word stays, a key
 * of one word has no move).  Its value is known for any key, so the memo
 * can be fed keys of every form: short ones with every word under 256
 * (kept in a slot), long ones or ones with a larger word anywhere (kept
 * in the arena), and pairs that differ only in a word's high byte. */
static bool drop_last_moves(void *data, const uint16_t *key, int len, game_key_fn fn, void *ctx)
{
    (void)data;
    if (len > 1)
        fn(ctx, key[len - 1], key, len - 1);
    return true;
}

static int64_t alternating_sum(const uint16_t *key, int len)
{
    int64_t v = 0;
    for (int i = len - 1, sign = 1; i >= 1; i--, sign = -sign)
        v += sign * key[i];
    return v;
}

static int64_t no_move_zero(const void *data, uint64_t rank, int64_t M)
{
    (void)data;
    (void)rank;
    (void)M;
    return 0;
}

static void test_memo_keys_of_every_form(void **state)
{
    (void)state;
    game_desc g = {.name = "drop-last", .kind = VALUE_MARGIN, .key_moves = drop_last_moves,
                   .terminal = no_move_zero};
    memo *m = memo_new(&g);
    static const uint16_t words[] = {0, 1, 2, 7, 200, 255, 256, 257, 300, 511, 512, 1023, 65535};
    uint32_t x = 12345;
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 40000; i++) {
            uint16_t key[48];
            x = x * 1103515245u + 12345u;
            int len = 1 + (int)(x >> 8) % 40;
            for (int j = 0; j < len; j++) {
                x = x * 1103515245u + 12345u;
                key[j] = words[(x >> 8) % (sizeof words / sizeof *words)];
            }
            /* Its twin, one word's high byte away (the second round asks
             * the twins first). */
            uint16_t twin[48];
            memcpy(twin, key, sizeof key);
            twin[(x >> 20) % (uint32_t)len] ^= 0x100;
            const uint16_t *order[2] = {round ? twin : key, round ? key : twin};
            for (int t = 0; t < 2; t++) {
                bool ok;
                int64_t got = memo_value(m, order[t], len, &ok);
                assert_true(ok);
                if (got != alternating_sum(order[t], len))
                    fail_msg("a key of %d words: memo %lld, known %lld", len, (long long)got,
                             (long long)alternating_sum(order[t], len));
            }
        }
    /* A reset memo forgets every value, and serves the game again. */
    memo_reset(m, &g);
    assert_int_equal(memo_size(m), 0);
    uint16_t key[3] = {5, 300, 2};
    bool ok;
    assert_int_equal(memo_value(m, key, 3, &ok), 2 - 300);
    assert_int_equal(memo_size(m), 3);
    memo_free(m);
}

static void test_layered_win_loss_is_nim(void **state)
{
    (void)state;
    game_desc *g = build("nim", 3, 6, NULL, NULL, NULL);
    value_table sg;
    sweep_table(&sg, g, game_find("nim"), KERNEL_PLAIN);
    for (int misere = 0; misere <= 1; misere++) {
        game_desc d = *g;
        d.kind = VALUE_DRAW;
        d.misere = misere;
        char err[256];
        table_opts o = table_default_opts(&d, (lane_window){0, 1, 1});
        value_table t;
        assert_int_equal(table_create(&t, &d, &o, err, sizeof err), 0);
        table_sweep(&t, NULL);
        for (uint64_t r = 0; r < t.count; r++) {
            bool win = misere ? table_misere(&sg, r) == OUTCOME_WIN : table_grundy(&sg, r) != 0;
            assert_int_equal(table_outcome(&t, r), win ? OUTCOME_WIN : OUTCOME_LOSS);
        }
        table_free(&t);
    }
    table_free(&sg);
    game_find("nim")->destroy(g);
}

/* The cross-checks from the rules below run in the plain build; the
 * sanitizer build's test_games is long already (they were added for the
 * mutation run, docs/mutation.md).  cmocka's skip() leaves the test. */
static void skip_under_sanitizer(void)
{
    if (getenv("SAN"))
        skip();
}

/* ---- from the rules, where the brute force above follows the game's own
 * moves (and so cannot see a wrong move list) ---- */

/* Putback Nim (Huibers 6.4) from its rules, memoised on the sorted piles
 * (each of at most `cap` chips, cap the table's total): take t >= 1 chips
 * from one pile, put back m, 0 <= m <= t - 1, on one other pile that has
 * chips.  The Sprague-Grundy value, and whether the mover wins at misere
 * play. */
typedef struct {
    int piles, cap;
    int *sg;         /* -1: not yet known */
    bool *mwin;
} putback_rules;

static int putback_key(const putback_rules *p, const int *a)
{
    int k = 0;
    for (int i = 0; i < p->piles; i++)
        k = k * (p->cap + 1) + a[i];
    return k;
}

static int cmp_asc(const void *x, const void *y)
{
    return *(const int *)x - *(const int *)y;
}

static int putback_value(putback_rules *p, const int *a, bool *misere_win)
{
    int k = putback_key(p, a);
    if (p->sg[k] >= 0) {
        *misere_win = p->mwin[k];
        return p->sg[k];
    }
    bool seen[512] = {false}, any = false, mw = false;
    for (int i = 0; i < p->piles; i++)
        for (int t = 1; t <= a[i]; t++)
            for (int j = -1; j < p->piles; j++) {
                /* j = -1: nothing put back; else onto pile j, which has chips. */
                if (j == i || (j >= 0 && a[j] == 0))
                    continue;
                for (int m = j < 0 ? 0 : 1; m <= (j < 0 ? 0 : t - 1); m++) {
                    int b[8];
                    memcpy(b, a, sizeof *b * (size_t)p->piles);
                    b[i] -= t;
                    if (j >= 0)
                        b[j] += m;
                    qsort(b, (size_t)p->piles, sizeof *b, cmp_asc);
                    bool cw;
                    int c = putback_value(p, b, &cw);
                    assert_true(c < 512);
                    seen[c] = true;
                    any = true;
                    mw = mw || !cw;
                }
            }
    int mex = 0;
    while (mex < 512 && seen[mex])
        mex++;
    assert_true(mex < 512);
    p->sg[k] = mex;
    p->mwin[k] = *misere_win = any ? mw : true;
    return mex;
}

/* Scoring Kayles from its rules, on a line of pins: rows one empty slot
 * apart (bit i of `line` a pin standing at slot i), so that a pin and
 * its neighbours are plain bits and nothing of the engine's position
 * space (partitions, ranks) is used.  2 f_N in units of a half point (a
 * pin worth 2, the bonus M = 2N), memoised on the line per lane. */
typedef struct {
    int64_t *seen;      /* 2^slots entries, INT64_MIN: not yet known */
    int64_t M;
} kayles_line;

static int64_t kayles_line_value(kayles_line *k, uint32_t line)
{
    if (line == 0)
        return -k->M;
    if (k->seen[line] != INT64_MIN)
        return k->seen[line];
    int64_t best = INT64_MIN;
    for (int i = 0; i < 32; i++) {
        if (!(line >> i & 1))
            continue;
        /* One pin down, then it and its right neighbour. */
        int64_t v = 2 - kayles_line_value(k, line & ~(1u << i));
        best = v > best ? v : best;
        if (i + 1 < 32 && (line >> (i + 1) & 1)) {
            v = 4 - kayles_line_value(k, line & ~(3u << i));
            best = v > best ? v : best;
        }
    }
    return k->seen[line] = best;
}

/* Every position of at most 10 pins (139 of them), at every bonus of the
 * sweep's window, against the line of pins; and at N = 0 against
 * Stewart's scoring octal game 0.77 (taking i beans scores i) on the same
 * heaps, computed by the memo of scoring-octal. */
static void test_scoring_kayles_from_its_rules(void **state)
{
    (void)state;
    const game_entry *e = game_find("scoring-kayles");
    assert_non_null(e);
    char err[256];
    game_params p = {.piles = 1, .bound = 10, .unit = 2};
    game_desc *g = e->build(&p, err, sizeof err);
    assert_non_null(g);
    assert_int_equal(g->count, 139);
    table_opts o = table_default_opts(g, game_bonus_window(e, &p));
    o.format = FORMAT_WIDE64;
    value_table t;
    assert_int_equal(table_create(&t, g, &o, err, sizeof err), 0);
    pinning pin;
    assert_int_equal(pinning_open(&pin, 2, err, sizeof err), 0);
    table_sweep(&t, &pin);
    pinning_close(&pin);

    og_rules O;
    assert_int_equal(og_parse_code("0.77", &O, err, sizeof err), 0);
    octal_heaps *oh = octal_heaps_new(&O, NULL, 1);
    memo *m = memo_new(octal_heaps_game(oh));
    kayles_line k = {.seen = malloc(sizeof(int64_t) << 20)};
    assert_non_null(k.seen);
    uint64_t compared = 0;
    for (int lane = 0; lane < t.win.lanes; lane++) {
        k.M = t.win.mlo + lane;
        for (size_t i = 0; i < (size_t)1 << 20; i++)
            k.seen[i] = INT64_MIN;
        for (uint64_t r = 0; r < t.count; r++) {
            int rows[GAME_MAX_SLOTS], n = e->piles_of(g, r, rows), at = 0;
            assert_int_equal(e->rank_of_piles(g, rows, n), (int64_t)r);
            uint32_t line = 0;
            for (int j = 0; j < n; j++) {
                line |= ((1u << rows[j]) - 1) << at;
                at += rows[j] + 1;
            }
            assert_true(at <= 21);
            int64_t want = kayles_line_value(&k, line), got = table_value(&t, r, lane);
            if (got != want) {
                char pos[64];
                g->format(g->data, r, pos, sizeof pos);
                fail_msg("scoring-kayles %s at M = %lld: engine %lld, from the rules %lld", pos, (long long)k.M,
                         (long long)got, (long long)want);
            }
            compared++;
            if (k.M != 0)
                continue;
            uint16_t key[OCTAL_KEY_MAX];
            int len = octal_heaps_key(oh, rows, n, NULL, 0, key);
            bool ok;
            int64_t gs = len >= 0 ? memo_value(m, key, len, &ok) : 0;
            assert_true(len >= 0 && ok);
            if (2 * gs != got)
                fail_msg("scoring-kayles at N = 0, rank %llu: 2f = %lld, Stewart's 0.77 gives G_s = %lld",
                         (unsigned long long)r, (long long)got, (long long)gs);
        }
    }
    assert_int_equal(compared, 139 * (uint64_t)t.win.lanes);
    free(k.seen);
    memo_free(m);
    octal_heaps_free(oh);
    table_free(&t);
    e->destroy(g);
}

/* Every position of putback-nim on 2 piles of at most 4, 3 of at most 2,
 * 1 of at most 6 and 4 of at most 3 (and all that moves reach: up to 8, 6,
 * 6 and 12 chips in all), against the rules; and two by hand: (1,1) moves
 * only to (1) (a take of 1 puts nothing back), whose value is 1, so it is
 * 0; (2) moves to (1) and (0) (no other pile takes chips back), so it is 2.
 * Four piles: chips put back onto an empty pile first change a value at
 * (4,4,4) (2 by the rules; 5 were the empty pile allowed). */
static void test_putback_nim_from_its_rules(void **state)
{
    (void)state;
    skip_under_sanitizer();
    static const int sizes_pb[][2] = {{2, 4}, {3, 2}, {1, 6}, {4, 3}};
    const game_entry *e = game_find("putback-nim");
    for (size_t z = 0; z < sizeof sizes_pb / sizeof *sizes_pb; z++) {
        int piles = sizes_pb[z][0], bound = sizes_pb[z][1], cap = piles * bound;
        game_desc *g = build("putback-nim", piles, bound, NULL, NULL, NULL);
        value_table t;
        sweep_table(&t, g, e, KERNEL_PLAIN);
        putback_rules p = {.piles = piles, .cap = cap};
        int keys = 1;
        for (int i = 0; i < piles; i++)
            keys *= cap + 1;
        p.sg = malloc(sizeof *p.sg * (size_t)keys);
        p.mwin = calloc((size_t)keys, sizeof *p.mwin);
        for (int i = 0; i < keys; i++)
            p.sg[i] = -1;
        uint64_t compared = 0;
        for (uint64_t r = 0; r < t.count; r++) {
            int a[8] = {0};
            int n = e->piles_of(g, r, a);
            assert_int_equal(n, piles);
            qsort(a, (size_t)piles, sizeof *a, cmp_asc);
            bool mw;
            int sg = putback_value(&p, a, &mw);
            if ((int)table_grundy(&t, r) != sg || (table_misere(&t, r) == OUTCOME_WIN) != mw)
                fail_msg("putback-nim %d piles of %d, position %llu: engine %u%s, from the rules %d%s", piles, bound,
                         (unsigned long long)r, table_grundy(&t, r),
                         table_misere(&t, r) == OUTCOME_WIN ? " (misere win)" : "", sg, mw ? " (misere win)" : "");
            compared++;
        }
        assert_true(compared > 0);
        if (piles == 2) {
            /* By hand: (1,1) moves only to (1): a loss, 0; (2) to (1), (0): 2. */
            assert_int_equal(table_grundy(&t, (uint64_t)rank_of("putback-nim", g, (int[]){1, 1}, 2)), 0);
            assert_int_equal(table_grundy(&t, (uint64_t)rank_of("putback-nim", g, (int[]){2}, 1)), 2);
        }
        free(p.sg);
        free(p.mwin);
        table_free(&t);
        e->destroy(g);
    }
}

/* The largest table putback-nim takes: 255 chips in all (1 pile of 255, or
 * 3 of 85); one chip more is refused. */
static void test_putback_nim_largest_total(void **state)
{
    (void)state;
    skip_under_sanitizer();
    const game_entry *e = game_find("putback-nim");
    static const int ok[][2] = {{1, 255}, {3, 85}}, refused[][2] = {{1, 256}, {2, 128}, {3, 86}};
    char err[256];
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        game_params p = {.piles = ok[i][0], .bound = ok[i][1], .unit = 2};
        game_desc *g = e->build(&p, err, sizeof err);
        if (!g)
            fail_msg("putback-nim %d piles of %d refused: %s", ok[i][0], ok[i][1], err);
        assert_true(e->rank_of_piles(g, (int[]){255}, 1) >= 0);
        assert_true(e->rank_of_piles(g, (int[]){256}, 1) < 0);
        e->destroy(g);
    }
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        game_params p = {.piles = refused[i][0], .bound = refused[i][1], .unit = 2};
        assert_null(e->build(&p, err, sizeof err));
    }
}

/* Two-player nim-players from the rules: the mover makes the last move
 * (outcome 1) exactly when some move goes to a position whose mover does
 * not (outcome 0); no move: 0.  A move takes x = 1..min(pile, k) chips
 * (k = the pile without --max-move), never (--restriction previous) the
 * number just taken.  Positions: one pile of at most 12, or two of at most
 * 6, each with its forbidden number f (0: none). */
static int np2_rules(const int *a, int piles, int k, int f, bool previous)
{
    for (int i = 0; i < piles; i++)
        for (int x = 1; x <= a[i] && (k == 0 || x <= k); x++) {
            if (previous && x == f)
                continue;
            int b[2] = {a[0], piles > 1 ? a[1] : 0};
            b[i] -= x;
            if (np2_rules(b, piles, k, previous ? x : 0, previous) == 0)
                return 1;
        }
    return 0;
}

static void test_two_players_from_the_rules(void **state)
{
    (void)state;
    skip_under_sanitizer();
    static const struct {
        const char *max_move, *restriction;
        int piles, bound;
    } cases[] = {{NULL, "previous", 1, 12}, {"3", "previous", 1, 12}, {"4", NULL, 1, 12},
                 {NULL, "previous", 2, 6},  {"2", "previous", 2, 6},  {"3", NULL, 2, 6}};
    const game_entry *e = game_find("nim-players");
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        bool previous = cases[c].restriction != NULL;
        int k = cases[c].max_move ? atoi(cases[c].max_move) : 0;
        int takes = k ? k : cases[c].bound;
        game_desc *g = build("nim-players", cases[c].piles, cases[c].bound, "2", cases[c].max_move,
                             cases[c].restriction);
        value_table t;
        sweep_table(&t, g, e, KERNEL_PLAIN);
        for (int x = 0; x <= cases[c].bound; x++)
            for (int y = 0; y <= (cases[c].piles > 1 ? x : 0); y++)
                for (int f = 0; f <= (previous ? takes : 0); f++) {
                    int a[2] = {x, y};
                    uint64_t r = (uint64_t)rank_of("nim-players", g, a, cases[c].piles) + (uint64_t)f;
                    int want = np2_rules(a, cases[c].piles, k, f, previous);
                    if (table_outcome(&t, r) != want)
                        fail_msg("nim-players 2 players, max-move %s, %s, piles (%d,%d) forbidden %d: engine %d, "
                                 "from the rules %d",
                                 cases[c].max_move ? cases[c].max_move : "any",
                                 previous ? "previous" : "no restriction", x, y, f, table_outcome(&t, r), want);
                }
        table_free(&t);
        e->destroy(g);
    }
}

/* --edges as the rules read it: whole numbers either side of '>', joined
 * by commas, vertices 0..65536; a position is one vertex 0..V-1. */
static void test_graph_edges_and_vertices(void **state)
{
    (void)state;
    skip_under_sanitizer();
    const game_entry *e = game_find("graph");
    char err[256];
    static const char *refused[] = {"0>1,", "0>1,1>2,", "0>65537", "65537>0", ",0>1", "0>1,,1>2"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        game_params p = {.piles = 1, .bound = 0, .unit = 2, .option = {refused[i], NULL}};
        game_desc *g = e->build(&p, err, sizeof err);
        if (g)
            fail_msg("graph: --edges '%s' accepted", refused[i]);
    }
    /* The largest vertex, 65536 (MS_MAX_BOUND), either end of an edge. */
    static const char *ok[] = {"0>65536", "65536>0", "65536>65536"};
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        game_params p = {.piles = 1, .bound = 0, .unit = 2, .option = {ok[i], NULL}};
        game_desc *g = e->build(&p, err, sizeof err);
        if (!g)
            fail_msg("graph: --edges '%s' refused: %s", ok[i], err);
        assert_int_equal(g->count, 65537);
        e->destroy(g);
    }
    /* Vertices 0..3 (and --bound 5: 0..5); none beyond. */
    game_desc *g = build("graph", 1, 0, "0>1,1>2,2>3", NULL, NULL);
    assert_int_equal(g->count, 4);
    for (int v = 0; v < 4; v++)
        assert_int_equal(e->rank_of_piles(g, &v, 1), v);
    assert_true(e->rank_of_piles(g, (int[]){4}, 1) < 0);
    assert_true(e->rank_of_piles(g, (int[]){-1}, 1) < 0);
    e->destroy(g);
    g = build("graph", 1, 5, "0>1", NULL, NULL);
    assert_int_equal(g->count, 6);
    assert_int_equal(e->rank_of_piles(g, (int[]){5}, 1), 5);
    assert_true(e->rank_of_piles(g, (int[]){6}, 1) < 0);
    e->destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_game_matches_brute_force),
        cmocka_unit_test(test_cross_check_reports_a_changed_value),
        cmocka_unit_test(test_nim_is_bouton),
        cmocka_unit_test(test_scoring_kayles_from_its_rules),
        cmocka_unit_test(test_subtraction_with_every_take_is_scoring_nim),
        cmocka_unit_test(test_subtraction_ends_with_stones_left),
        cmocka_unit_test(test_three_players_by_hand),
        cmocka_unit_test(test_chance_nim_known_values),
        cmocka_unit_test(test_graph_draws),
        cmocka_unit_test(test_layered_win_loss_is_nim),
        cmocka_unit_test(test_memo_keys_of_every_form),
        cmocka_unit_test(test_putback_nim_from_its_rules),
        cmocka_unit_test(test_putback_nim_largest_total),
        cmocka_unit_test(test_two_players_from_the_rules),
        cmocka_unit_test(test_graph_edges_and_vertices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
