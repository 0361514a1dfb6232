/*
 * nim_rules.c -- move generation for Scoring Nim over sorted multisets.
 */
#include "core/games/scoring_nim/nim_rules.h"

int sn_max_moves(const ms_shape *shape)
{
    return shape->max_total > 0 ? shape->max_total : 1;
}

void sn_apply(const ms_shape *shape, const int *a, int from, int to, int *out)
{
    int n = shape->piles, k = 0, replaced = 0;
    /* Copy a[] without one `from`, inserting `to` at its sorted place. */
    int inserted = 0;
    for (int i = 0; i < n; i++) {
        if (!replaced && a[i] == from) {
            replaced = 1;
            continue;
        }
        if (!inserted && to <= a[i]) {
            out[k++] = to;
            inserted = 1;
        }
        out[k++] = a[i];
    }
    if (!inserted)
        out[k++] = to;
}

int sn_moves(const ms_shape *shape, const int *a, sn_move *out)
{
    int n = shape->piles, count = 0;
    int child[MS_MAX_SLOTS];
    for (int i = 0; i < n; i++) {
        /* One pile per distinct size: equal piles give the same children. */
        if (a[i] == 0 || (i > 0 && a[i] == a[i - 1]))
            continue;
        for (int to = 0; to < a[i]; to++) {
            sn_apply(shape, a, a[i], to, child);
            out[count].child = ms_rank_sorted(shape, child);
            out[count].taken = a[i] - to;
            count++;
        }
    }
    return count;
}
