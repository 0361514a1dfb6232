/*
 * hr_value_rule.c -- the moves a value rule needs, checked on every pile
 * (hr_value_rule.h says the argument), the single-pile outcomes from the
 * game's definition, and the values of normal play pile by pile.
 */
#include <stddef.h>
#include <stdio.h>

#include "core/engine/xalloc.h"
#include "proofs/holshouser_reiter/hr_value_rule.h"

int value_rule_after(int n, int x, int xbar)
{
    return n > x + xbar ? n - x - xbar : 0;
}

static int largest(const int *v, int n)
{
    int best = v[0];
    for (int i = 1; i < n; i++)
        best = v[i] > best ? v[i] : best;
    return best;
}

static int smallest(const int *v, int n)
{
    int best = v[0];
    for (int i = 1; i < n; i++)
        best = v[i] < best ? v[i] : best;
    return best;
}

/* Whether some x leaves, whatever x', a pile of S of value u. */
static bool mover_forces(const value_rule_game *g, pile_value_fn value, const void *arg, int n, int u)
{
    for (int i = 0; i < g->nx; i++) {
        bool all = true;
        for (int j = 0; j < g->nxbar && all; j++)
            all = value(value_rule_after(n, g->x[i], g->xbar[j]), arg) == u;
        if (all)
            return true;
    }
    return false;
}

/* Whether some x' leaves, whatever x, a pile of S of a value other than
 * u, or (u = 0: the other piles' XOR is then 0) a lone pile. */
static bool opponent_avoids(const value_rule_game *g, pile_value_fn value, const void *arg, int n, int u)
{
    for (int j = 0; j < g->nxbar; j++) {
        bool all = true;
        for (int i = 0; i < g->nx && all; i++) {
            int d = value(value_rule_after(n, g->x[i], g->xbar[j]), arg);
            all = (d >= 0 && d != u) || (u == 0 && d == VALUE_RULE_LONE);
        }
        if (all)
            return true;
    }
    return false;
}

/* Both kinds of move at n for the value u (n non-empty). */
static bool moves_hold(const value_rule_game *g, pile_value_fn value, const void *arg, int n, int u, char *why,
                       size_t whylen)
{
    int lowest = g->misere ? 1 - u : 0, highest = g->misere ? 1 - u : u - 1;
    for (int target = lowest; target <= highest; target++)
        if (!mover_forces(g, value, arg, n, target)) {
            if (why)
                snprintf(why, whylen, "from a pile of %d (value %d) no x forces, whatever x', a pile of value %d",
                         n, u, target);
            return false;
        }
    if (!opponent_avoids(g, value, arg, n, u)) {
        if (why)
            snprintf(why, whylen, "against a pile of %d (value %d) no x' forces, whatever x, a pile of another value",
                     n, u);
        return false;
    }
    return true;
}

bool value_rule_moves_at(const value_rule_game *g, pile_value_fn value, const void *arg, int n, char *why,
                         size_t whylen)
{
    int u = value(n, arg);
    if (u == VALUE_RULE_LONE) {
        if (g->misere) {
            snprintf(why, whylen, "a pile of %d is a lone pile: misere play is proved for values 0 and 1 alone", n);
            return false;
        }
        if (!mover_forces(g, value, arg, n, 0)) {
            snprintf(why, whylen, "from the lone pile of %d no x forces, whatever x', a pile of value 0", n);
            return false;
        }
        return true;
    }
    if (u < 0 || n == 0)
        return true;
    if (g->misere && u > 1) {
        snprintf(why, whylen, "a pile of %d has value %d: misere play is proved for values 0 and 1 alone", n, u);
        return false;
    }
    return moves_hold(g, value, arg, n, u, why, whylen);
}

bool value_rule_prove(const value_rule_game *g, pile_value_fn value, const void *arg, int from, int period,
                      value_rule_proof *out)
{
    int w = largest(g->x, g->nx) + largest(g->xbar, g->nxbar);
    out->failed_at = 0;
    out->why[0] = '\0';
    out->checked_to = (from > 1 ? from : 1) + w + period - 1;
    if (period < 1 || from < 0)
        die("internal error: a value rule's proof without a period");
    if (smallest(g->x, g->nx) + smallest(g->xbar, g->nxbar) < 1) {
        snprintf(out->why, sizeof out->why, "a move may remove no counter: the induction over the counters does "
                 "not run");
        return false;
    }
    if (value(0, arg) != 0) {
        snprintf(out->why, sizeof out->why, "the empty pile is not of value 0");
        return false;
    }
    for (int n = 1; n <= out->checked_to; n++) {
        /* The period the argument rests on, seen again over every pile it
         * reads: values that break it here are refused. */
        if (n >= from && value(n + period, arg) != value(n, arg)) {
            snprintf(out->why, sizeof out->why,
                     "the values do not repeat with period %d from %d: piles %d and %d differ", period, from, n,
                     n + period);
            out->failed_at = n;
            return false;
        }
        if (!value_rule_moves_at(g, value, arg, n, out->why, sizeof out->why)) {
            out->failed_at = n;
            return false;
        }
    }
    return true;
}

void value_rule_pile_outcomes(const value_rule_game *g, int last, int *out)
{
    out[0] = g->misere ? 1 : 0;
    for (int n = 1; n <= last; n++) {
        bool win = false, loss = false;
        for (int i = 0; i < g->nx && !win; i++) {
            bool all = true;
            for (int j = 0; j < g->nxbar && all; j++)
                all = out[value_rule_after(n, g->x[i], g->xbar[j])] == 0;
            win = all;
        }
        for (int j = 0; j < g->nxbar && !win && !loss; j++) {
            bool all = true;
            for (int i = 0; i < g->nx && all; i++)
                all = out[value_rule_after(n, g->x[i], g->xbar[j])] == 1;
            loss = all;
        }
        out[n] = win ? 1 : loss ? 0 : 2;
    }
}

/* The values known so far, read as a pile_value_fn. */
static int value_of_array(int n, const void *arg)
{
    return ((const int *)arg)[n];
}

void value_rule_values(const value_rule_game *g, int last, int *out)
{
    value_rule_game normal = *g;
    normal.misere = false;
    out[0] = 0;
    for (int n = 1; n <= last; n++) {
        /* Smaller piles only are read. */
        out[n] = VALUE_RULE_NONE;
        /* u distinct values forced below u take u distinct x. */
        for (int u = 0; u <= g->nx && out[n] < 0; u++)
            if (moves_hold(&normal, value_of_array, out, n, u, NULL, 0))
                out[n] = u;
        if (out[n] < 0 && mover_forces(&normal, value_of_array, out, n, 0))
            out[n] = VALUE_RULE_LONE;
    }
}
