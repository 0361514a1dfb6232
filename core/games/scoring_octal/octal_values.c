/*
 * octal_values.c -- G_s rows and the keyed memo of scoring octal games on
 * the engine (see octal_values.h), and the memory they take.
 */
#include "core/games/scoring_octal/octal_values.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/heap_space.h"
#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"

/* ---- rows ---- */

static int open_table(og_rowtab *t, uint64_t keep, char *err, int errlen)
{
    table_opts o = {.win = {.mlo = 0, .step = 1, .lanes = 1}, .format = FORMAT_WIDE64, .kernel = t->kernel,
                    .keep = keep, .memory_checked = true};
    if (table_create(&t->table, &t->grid.game, &o, err, errlen) != 0)
        return -1;
    t->sweep = sweep_begin(&t->table, NULL);
    return 0;
}

int og_rowtab_init(og_rowtab *t, const og_rules *O, const og_rules *P, int M, int max_rows, table_kernel kernel,
                   char *err, int errlen)
{
    memset(t, 0, sizeof *t);
    if (octal_grid_init(&t->grid, O, P, M, max_rows, err, errlen) != 0)
        return -1;
    t->kernel = kernel;
    t->M = t->grid.M;
    t->scale = t->grid.scale;
    return open_table(t, 0, err, errlen);
}

void og_rowtab_free(og_rowtab *t)
{
    sweep_end(t->sweep);
    table_free(&t->table);
    t->sweep = NULL;
}

void og_rowtab_keep_last(og_rowtab *t, int keep)
{
    char err[256];
    sweep_end(t->sweep);
    table_free(&t->table);
    t->keep = keep;
    if (open_table(t, (uint64_t)keep * (uint64_t)(t->M + 1), err, sizeof err) != 0)
        die("internal error: %s", err);
}

void og_rowtab_extend(og_rowtab *t, int rows)
{
    if (rows <= t->rows)
        return;
    table_extend(&t->table, (uint64_t)rows * (uint64_t)(t->M + 1));
    sweep_run(t->sweep, UINT64_MAX);
    t->rows = rows;
}

uint64_t og_rowtab_bytes_bound(int rows, int M, bool keep_last, int max_take)
{
    /* Whole rows: the capacity doubles from 64, so at most twice the rows. */
    uint64_t kept = keep_last ? (uint64_t)max_take + 1 : 2 * (uint64_t)(rows > 64 ? rows : 64);
    return sat_mul(sat_mul(kept, (uint64_t)M + 1), sizeof(int64_t));
}

/* Moves of the heaps up to h_max on both sides: a bound on
 * og_heap_moves_count summed (a take i leaves h - i beans, as one heap,
 * two or three: at most 2 + (h - i) / 2 + (h - i)^2 / 12 moves). */
static uint64_t move_count_bound(int h_max)
{
    uint64_t n = 0;
    for (int h = 0; h <= h_max && h <= OCTAL_MAX_HEAP; h++)
        n = sat_add(n, (uint64_t)(4 + (h + 1) * (2 + h + h * h / 6)));
    return sat_mul(n, 2);
}

/* The keyed memo's moves cached per heap size and side. */
static uint64_t move_cache_bytes(int h_max)
{
    return sat_mul(move_count_bound(h_max), sizeof(og_heap_move));
}

/* The ranked store's: for every heap up to h_max on each side it plays,
 * exactly, the game's list for the engine and the engine's checked copy
 * of it (one side when P plays as O: one multiset).  A family declares
 * its memory for its game with the most moves (st_conjectures.c). */
static uint64_t ranked_move_bytes(const og_rules *O, const og_rules *P, int h_max)
{
    uint64_t n = 0;
    bool one = octal_heaps_one_game(O, P);
    for (int h = 0; h <= h_max && h <= OCTAL_MAX_HEAP; h++) {
        n = sat_add(n, (uint64_t)og_heap_moves_count(O, h));
        if (!one)
            n = sat_add(n, (uint64_t)og_heap_moves_count(P, h));
    }
    return sat_mul(n, sizeof(game_heap_move) + rank_memo_bytes_per_move());
}

/* ---- the memo ---- */

struct og_memo {
    octal_heaps *heaps;
    memo *memo;        /* the keyed store, or                   */
    rank_memo *ranked; /* the ranked one (exactly one is set)   */
    bool borrowed;     /* the store is the caller's             */
};

og_memo *og_memo_new_on(const og_rules *O, const og_rules *P, int64_t scale, memo *keep)
{
    og_memo *m = xcalloc(1, sizeof *m, "a memo of multisets");
    m->heaps = octal_heaps_new(O, P, scale);
    m->borrowed = keep != NULL;
    if (keep)
        memo_reset(keep, octal_heaps_game(m->heaps));
    m->memo = keep ? keep : memo_new(octal_heaps_game(m->heaps));
    return m;
}

og_memo *og_memo_new(const og_rules *O, const og_rules *P, int64_t scale)
{
    return og_memo_new_on(O, P, scale, NULL);
}

/* The totals of a ranked key's two parts: one multiset of every heap when
 * P plays as O (octal_heaps_key), else the O-heaps and the P-heaps. */
static void ranked_totals(const og_rules *O, const og_rules *P, int o_total, int p_total, int *max1, int *max2)
{
    bool one = octal_heaps_one_game(O, P);
    *max1 = one ? o_total + p_total : o_total;
    *max2 = one ? 0 : p_total;
}

og_memo *og_memo_new_ranked(const og_rules *O, const og_rules *P, int64_t scale, int o_total, int p_total,
                            rank_memo *keep, char *err, int errlen)
{
    int max1, max2;
    ranked_totals(O, P, o_total, p_total, &max1, &max2);
    og_memo *m = xcalloc(1, sizeof *m, "a memo of multisets");
    m->heaps = octal_heaps_new(O, P, scale);
    m->borrowed = keep != NULL;
    m->ranked = keep;
    if (keep ? rank_memo_reset(keep, octal_heaps_game(m->heaps), max1, max2, err, errlen) != 0
             : !(m->ranked = rank_memo_new(octal_heaps_game(m->heaps), max1, max2, err, errlen))) {
        octal_heaps_free(m->heaps);
        free(m);
        return NULL;
    }
    return m;
}

uint64_t og_ranked_bytes_bound(const og_rules *O, const og_rules *P, int o_total, int p_total)
{
    int max1, max2;
    ranked_totals(O, P, o_total, p_total, &max1, &max2);
    return sat_add(rank_memo_bytes_bound(max1, max2), ranked_move_bytes(O, P, o_total > p_total ? o_total : p_total));
}

uint64_t og_ranked_bytes_likely(const og_rules *O, const og_rules *P, int o_total, int p_total)
{
    int max1, max2;
    ranked_totals(O, P, o_total, p_total, &max1, &max2);
    return sat_add(rank_memo_bytes_at(max1, max2), ranked_move_bytes(O, P, o_total > p_total ? o_total : p_total));
}

void og_memo_free(og_memo *m)
{
    if (!m)
        return;
    if (!m->borrowed) {
        memo_free(m->memo);
        rank_memo_free(m->ranked);
    }
    octal_heaps_free(m->heaps);
    free(m);
}

uint64_t og_memo_size(const og_memo *m)
{
    return m->ranked ? rank_memo_size(m->ranked) : memo_size(m->memo);
}

int64_t og_memo_value(og_memo *m, const int *ho, int no, const int *hp, int np, bool *ok)
{
    uint16_t key[OCTAL_KEY_MAX];
    int len = octal_heaps_key(m->heaps, ho, no, hp, np, key);
    if (len < 0) {
        *ok = false;
        return 0;
    }
    return m->ranked ? rank_memo_value(m->ranked, key, len, ok) : memo_value(m->memo, key, len, ok);
}

/* ---- memory bounds, for refusing a run before it starts ---- */

uint64_t og_memo_bytes_for(uint64_t entries, int total)
{
    /* A key: one 16-bit word a heap and the separator. */
    return memo_bytes_for(entries, total + 2);
}

uint64_t og_multisets_up_to(int t)
{
    return hs_multisets_up_to(t);
}

uint64_t og_memo_bytes_likely(int o_total, int p_total, uint64_t cap)
{
    uint64_t entries = og_multisets_up_to(o_total + p_total);
    if (cap && entries > cap)
        entries = cap;
    return sat_add(memo_bytes_likely(entries), move_cache_bytes(o_total > p_total ? o_total : p_total));
}

uint64_t og_memo_bytes_bound(int o_total, int p_total)
{
    /* Every reachable position is an O-multiset of total <= o_total and a
     * P-multiset of total <= p_total. */
    uint64_t entries = sat_mul(og_multisets_up_to(o_total), og_multisets_up_to(p_total));
    return sat_add(og_memo_bytes_for(entries, o_total + p_total), move_cache_bytes(o_total > p_total ? o_total : p_total));
}
