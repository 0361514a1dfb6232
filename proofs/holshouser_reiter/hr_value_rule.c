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

/* A proof's start: nothing failed yet, and the piles that stand for every
 * pile, 1 .. max(from, 1) + w + period - 1 (w: the most a move removes). */
static void proof_begin(const value_rule_game *g, int from, int period, value_rule_proof *out)
{
    int w = largest(g->x, g->nx) + largest(g->xbar, g->nxbar);
    if (period < 1 || from < 0)
        die("internal error: a value rule's proof without a period");
    out->failed_at = 0;
    out->why[0] = '\0';
    out->checked_to = (from > 1 ? from : 1) + w + period - 1;
}

/* The period the argument rests on, seen again at pile n (every pile it
 * reads is seen so): values that break it are refused, with why. */
static bool period_holds_at(pile_value_fn value, const void *arg, int from, int period, int n, value_rule_proof *out)
{
    if (n < from || value(n + period, arg) == value(n, arg))
        return true;
    snprintf(out->why, sizeof out->why, "the values do not repeat with period %d from %d: piles %d and %d differ",
             period, from, n, n + period);
    out->failed_at = n;
    return false;
}

bool value_rule_prove(const value_rule_game *g, pile_value_fn value, const void *arg, int from, int period,
                      value_rule_proof *out)
{
    proof_begin(g, from, period, out);
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
        if (!period_holds_at(value, arg, from, period, n, out))
            return false;
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

/* ---- the positions left to chance ---- */

/* What the proof of value_rule_prove_chance knows of a position: the XOR
 * of its piles' values, its lone piles (3: three or more) and its piles
 * without a value (2: two or more).  Only whether each count is 0, 1 or
 * more decides an outcome, and a move changes one pile, so these cover
 * every position and every child. */
typedef struct {
    int x, lone, none;
} chance_sig;

enum { SIG_LOSS = 0, SIG_WIN = 1, SIG_CHANCE = 2 };

/* The outcome of a position of this signature: certain by the XOR rule
 * (no pile without a value, and no lone pile or one beside an XOR of 0),
 * else left to chance, the statement proved. */
static int sig_outcome(chance_sig s)
{
    if (s.none == 0 && s.lone == 0)
        return s.x ? SIG_WIN : SIG_LOSS;
    if (s.none == 0 && s.lone == 1 && s.x == 0)
        return SIG_WIN;
    return SIG_CHANCE;
}

/* The signature once a pile of class a (a value, VALUE_RULE_LONE or
 * VALUE_RULE_NONE) becomes one of class b.  "Three or more" less one is
 * "two or more", which decides outcomes as two does (and "two or more"
 * less one, as one does, for piles without a value): one step is all the
 * proof takes. */
static chance_sig sig_replace(chance_sig s, int a, int b)
{
    if (a >= 0)
        s.x ^= a;
    else if (a == VALUE_RULE_LONE)
        s.lone = s.lone == 3 ? 2 : s.lone - 1;
    else
        s.none = s.none == 2 ? 1 : s.none - 1;
    if (b >= 0)
        s.x ^= b;
    else if (b == VALUE_RULE_LONE)
        s.lone = s.lone < 3 ? s.lone + 1 : 3;
    else
        s.none = s.none < 2 ? s.none + 1 : 2;
    return s;
}

/* The outcome of the child after x_i, x'_j at a pile of n of class c. */
static int child_outcome(const value_rule_game *g, pile_value_fn value, const void *arg, chance_sig s, int c, int n,
                         int i, int j)
{
    return sig_outcome(sig_replace(s, c, value(value_rule_after(n, g->x[i], g->xbar[j]), arg)));
}

/* Whether the mover, taking the pile of n (class c), has a positive
 * chance whatever the opponent writes: every column (x') holds a child
 * the next player does not win for sure; then writing each x with equal
 * chance wins with positive probability. */
static bool mover_has_a_chance(const value_rule_game *g, pile_value_fn value, const void *arg, chance_sig s, int c,
                               int n)
{
    for (int j = 0; j < g->nxbar; j++) {
        bool some = false;
        for (int i = 0; i < g->nx && !some; i++)
            some = child_outcome(g, value, arg, s, c, n, i, j) != SIG_WIN;
        if (!some)
            return false;
    }
    return true;
}

/* Whether the opponent leaves the mover, taking the pile of n (class c),
 * short of a sure win: every row (x) holds a child the next player does
 * not lose for sure; then writing each x' with equal chance does it. */
static bool opponent_has_a_chance(const value_rule_game *g, pile_value_fn value, const void *arg, chance_sig s,
                                  int c, int n)
{
    for (int i = 0; i < g->nx; i++) {
        bool some = false;
        for (int j = 0; j < g->nxbar && !some; j++)
            some = child_outcome(g, value, arg, s, c, n, i, j) != SIG_LOSS;
        if (!some)
            return false;
    }
    return true;
}

/* "no lone piles", "one lone pile", "two or more piles without a value". */
static void count_text(char *out, size_t len, int c, int most, const char *what, const char *plural)
{
    static const char *const words[] = {"no", "one", "two", "three"};
    int n = snprintf(out, len, "%s%s %s", words[c], c == most ? " or more" : "", c == 1 ? what : plural);
    /* The words are fixed and short; a cut one would be a fault here. */
    if (n < 0 || (size_t)n >= len)
        die("internal error: a count in words needs more than %zu characters", len);
}

/* Whether every pile of 1..last whose class is in the group (class c
 * itself, or, for c = -3 - t, every value with bit t set) gives the mover
 * a chance. */
static bool group_has_a_chance(const value_rule_game *g, pile_value_fn value, const void *arg, chance_sig s,
                               int group, int last)
{
    for (int n = 1; n <= last; n++) {
        int c = value(n, arg);
        bool in = group <= -3 ? c > 0 && (c >> (-3 - group) & 1) : c == group;
        if (in && !mover_has_a_chance(g, value, arg, s, c, n))
            return false;
    }
    return true;
}

bool value_rule_prove_chance(const value_rule_game *g, pile_value_fn value, const void *arg, int from, int period,
                             value_rule_proof *out)
{
    int top = 0;
    proof_begin(g, from, period, out);
    if (g->misere || smallest(g->x, g->nx) + smallest(g->xbar, g->nxbar) < 1) {
        snprintf(out->why, sizeof out->why, "normal play, every move removing a counter, is what the proof covers");
        return false;
    }
    for (int n = 0; n <= out->checked_to; n++) {
        if (!period_holds_at(value, arg, from, period, n, out))
            return false;
        top = value(n, arg) > top ? value(n, arg) : top;
    }
    int xors = 1;
    while (xors <= top)
        xors *= 2;
    /* Every signature left to chance, and every pile that stands for
     * every pile (the children of n >= max(from, 1) + w are those of
     * n + period). */
    for (int x = 0; x < xors; x++)
        for (int lone = 0; lone <= 3; lone++)
            for (int none = 0; none <= 2; none++) {
                chance_sig s = {x, lone, none};
                if (sig_outcome(s) != SIG_CHANCE)
                    continue;
                /* No sure win: whatever pile the mover takes (one of a
                 * class the position may hold), the opponent has a chance. */
                for (int n = 1; n <= out->checked_to; n++) {
                    int c = value(n, arg);
                    bool may = c >= 0 || (c == VALUE_RULE_LONE && lone > 0) || (c == VALUE_RULE_NONE && none > 0);
                    if (may && !opponent_has_a_chance(g, value, arg, s, c, n)) {
                        char l[48], o[48];
                        count_text(l, sizeof l, lone, 3, "lone pile", "lone piles");
                        count_text(o, sizeof o, none, 2, "pile without a value", "piles without a value");
                        snprintf(out->why, sizeof out->why, "XOR %d, %s, %s: taking the pile of %d, the mover is sure "
                                 "to win", x, l, o, n);
                        out->failed_at = n;
                        return false;
                    }
                }
                /* No sure loss: piles of some class the position must
                 * hold (one without a value; a lone pile; a value with the
                 * top bit of the XOR) each give the mover a chance. */
                int bit = 0;
                while (x >> (bit + 1))
                    bit++;
                bool chance = (none > 0 && group_has_a_chance(g, value, arg, s, VALUE_RULE_NONE, out->checked_to)) ||
                              (lone > 0 && group_has_a_chance(g, value, arg, s, VALUE_RULE_LONE, out->checked_to)) ||
                              (x > 0 && group_has_a_chance(g, value, arg, s, -3 - bit, out->checked_to));
                if (!chance) {
                    char l[48], o[48];
                    count_text(l, sizeof l, lone, 3, "lone pile", "lone piles");
                    count_text(o, sizeof o, none, 2, "pile without a value", "piles without a value");
                    snprintf(out->why, sizeof out->why, "XOR %d, %s, %s: no pile the position must hold gives the "
                             "mover a chance", x, l, o);
                    return false;
                }
            }
    return true;
}
