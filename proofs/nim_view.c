/*
 * nim_view.c -- position views, move sets and generic checks for the
 * Scoring Nim claims (see nim_view.h).
 */
#include "nim_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xalloc.h"

static void fill_view(const sn_table *t, nim_pos *pos)
{
    int piles = t->shape.piles;
    pos->n = 0;
    pos->total = 0;
    for (int i = piles - 1; i >= 0; i--) {
        pos->total += pos->asc[i];
        if (pos->asc[i] > 0)
            pos->p[pos->n++] = pos->asc[i];
    }
}

void nim_pos_first(const sn_table *t, nim_pos *pos)
{
    pos->rank = 0;
    sn_first(&t->shape, pos->asc);
    fill_view(t, pos);
}

bool nim_pos_next(const sn_table *t, nim_pos *pos)
{
    if (!sn_next(&t->shape, pos->asc))
        return false;
    pos->rank++;
    fill_view(t, pos);
    return true;
}

void nim_pos_at(const sn_table *t, uint64_t rank, nim_pos *pos)
{
    pos->rank = rank;
    sn_unrank(&t->shape, rank, pos->asc);
    fill_view(t, pos);
}

int64_t nim_rank(const sn_table *t, const int *piles, int len)
{
    return sn_rank_of(&t->shape, piles, len);
}

void nim_format_pos(const sn_table *t, uint64_t rank, char *buf, int len)
{
    nim_pos pos;
    nim_pos_at(t, rank, &pos);
    if (pos.n == 0) {
        snprintf(buf, (size_t)len, "0");
        return;
    }
    int used = 0;
    for (int i = 0; i < pos.n && used < len; i++)
        used += snprintf(buf + used, (size_t)(len - used), i ? " %d" : "%d", pos.p[i]);
}

void nim_format_set(const sn_table *t, const uint64_t *ranks, int k, char *buf, int len)
{
    int used = snprintf(buf, (size_t)len, "{");
    for (int i = 0; i < k && used < len; i++) {
        char one[96];
        nim_format_pos(t, ranks[i], one, sizeof one);
        used += snprintf(buf + used, (size_t)(len - used), i ? "; %s" : "%s", one);
    }
    if (used < len)
        snprintf(buf + used, (size_t)(len - used), "}");
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int nim_optimal_children(const sn_table *t, uint64_t rank, int lane, uint64_t *out)
{
    sn_move *moves = sn_xmalloc((size_t)sn_max_moves(&t->shape) * sizeof *moves, "a move list");
    int k = sn_optimal_moves(t, rank, lane, moves);
    for (int i = 0; i < k; i++)
        out[i] = moves[i].child;
    free(moves);
    qsort(out, (size_t)k, sizeof *out, cmp_u64);
    return k;
}

int32_t *nim_row_buffer(const sn_table *t)
{
    return sn_xmalloc((size_t)t->win.lanes * sizeof(int32_t), "a decoded row");
}

int nim_mmin(const sn_table *t)
{
    return t->win.mlo;
}

int nim_mmax(const sn_table *t)
{
    return sn_lane_M(t, t->win.lanes - 1);
}

void nim_check_formula(const sn_table *t, claim_report *r, int part, nim_in_fn in,
                       nim_expect_fn expect, const void *ctx, int mmin, int mmax,
                       bool integers_only)
{
    int32_t *buf = nim_row_buffer(t);
    nim_pos pos;
    nim_pos_first(t, &pos);
    do {
        if (!in(&pos, ctx))
            continue;
        const int32_t *row = sn_row_get(t, pos.rank, buf);
        uint64_t cases = 0;
        for (int l = 0; l < t->win.lanes; l++) {
            int M = sn_lane_M(t, l);
            if (M < mmin || M > mmax || (integers_only && (M & 1)))
                continue;
            cases++;
            int64_t want = expect(&pos, M, ctx);
            if (want != row[l])
                claim_mismatch_values(r, part, pos.rank, M, want, row[l]);
        }
        claim_cases(r, part, cases);
    } while (nim_pos_next(t, &pos));
    free(buf);
}

static bool contains(const uint64_t *set, int k, uint64_t x)
{
    for (int i = 0; i < k; i++)
        if (set[i] == x)
            return true;
    return false;
}

uint64_t nim_check_moves(const sn_table *t, claim_report *r, int part, uint64_t rank,
                         const uint64_t *stated, int nstated, int mlo, int mhi, bool exact)
{
    uint64_t *opt = sn_xmalloc((size_t)sn_max_moves(&t->shape) * sizeof *opt, "a move list");
    uint64_t cases = 0;
    for (int l = 0; l < t->win.lanes; l++) {
        int M = sn_lane_M(t, l);
        if (M < mlo || M > mhi)
            continue;
        cases++;
        int k = nim_optimal_children(t, rank, l, opt);
        bool ok = true;
        for (int i = 0; i < nstated; i++)
            ok = ok && contains(opt, k, stated[i]);
        if (exact && M > mlo && M < mhi)
            for (int i = 0; i < k; i++)
                ok = ok && contains(stated, nstated, opt[i]);
        if (!ok) {
            char e[96], a[96], s[80];
            nim_format_set(t, stated, nstated, s, sizeof s);
            snprintf(e, sizeof e, "%s %s", exact && M > mlo && M < mhi ? "optimal =" : "optimal >=", s);
            nim_format_set(t, opt, k, a, sizeof a);
            claim_mismatch_text(r, part, rank, M, true, e, a);
        }
    }
    claim_cases(r, part, cases);
    free(opt);
    return cases;
}
