/*
 * reference.c -- the plain reference solvers (see reference.h).
 */
#include "tests/reference.h"

#include <stdio.h>
#include <stdlib.h>

static long tuple_index(const ref_solver *s, const int *p)
{
    long i = 0;
    for (int k = 0; k < s->piles; k++)
        i = i * (s->bound + 1) + p[k];
    return i;
}

int ref_init(ref_solver *s, int piles, int bound, int M)
{
    long size = 1;
    for (int k = 0; k < piles; k++)
        size *= bound + 1;
    s->piles = piles;
    s->bound = bound;
    s->M = M;
    s->memo = malloc((size_t)size * sizeof *s->memo);
    s->known = calloc((size_t)size, 1);
    return s->memo && s->known ? 0 : -1;
}

void ref_free(ref_solver *s)
{
    free(s->memo);
    free(s->known);
}

long ref_value2(ref_solver *s, const int *p)
{
    long i = tuple_index(s, p);
    if (s->known[i])
        return s->memo[i];
    /* f(0) = -N: the opponent just took the last stone. */
    long best = -(long)s->M;
    int any = 0;
    int q[16];
    for (int k = 0; k < s->piles; k++)
        q[k] = p[k];
    for (int k = 0; k < s->piles; k++) {
        for (int take = 1; take <= p[k]; take++) {
            q[k] = p[k] - take;
            long v = 2L * take - ref_value2(s, q);
            if (!any || v > best)
                best = v;
            any = 1;
        }
        q[k] = p[k];
    }
    s->memo[i] = best;
    s->known[i] = 1;
    return best;
}

long brute_value_scaled(const int *p, int piles, long stone, long last)
{
    int q[16], any = 0;
    if (piles > 16) {
        fprintf(stderr, "brute_value_scaled: %d piles, at most 16\n", piles);
        abort();
    }
    long best = -last;
    for (int k = 0; k < piles; k++)
        q[k] = p[k];
    for (int k = 0; k < piles; k++) {
        for (int take = 1; take <= p[k]; take++) {
            q[k] = p[k] - take;
            long v = stone * take - brute_value_scaled(q, piles, stone, last);
            if (!any || v > best)
                best = v;
            any = 1;
        }
        q[k] = p[k];
    }
    return best;
}

long brute_value2(const int *p, int piles, int M)
{
    /* A stone is worth 2 and the last stone M = 2N: the doubled payoff. */
    return brute_value_scaled(p, piles, 2, M);
}
