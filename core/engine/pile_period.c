/*
 * pile_period.c -- periods of a pile game's values, found and certified
 * for every pile size (the argument is in pile_period.h).
 */
#include "core/engine/pile_period.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/multiset.h"
#include "core/engine/pile_game.h"
#include "core/engine/xalloc.h"

int pile_period_fold(const pile_period *c, int n)
{
    return n < c->pre + c->per ? n : c->pre + (n - c->pre) % c->per;
}

const char *pile_view_name(pile_view v)
{
    switch (v) {
    case PILE_GRUNDY:
        return "Sprague-Grundy values";
    case PILE_NORMAL_WIN:
        return "wins and losses (normal play)";
    case PILE_MISERE_WIN:
        return "wins and losses (misere play)";
    case PILE_BOTH_WIN:
        return "wins and losses (normal and misere play)";
    default:
        return "outcomes";
    }
}

/* Whether view v is one of the values a table of this kind holds. */
static bool view_fits(const value_table *t, pile_view v)
{
    value_kind k = t->game->kind;
    return v == PILE_OUTCOME ? k == VALUE_PLAYERS || k == VALUE_DRAW : k == VALUE_GRUNDY;
}

uint64_t pile_period_value(const value_table *t, pile_view v, uint64_t rank)
{
    switch (v) {
    case PILE_GRUNDY:
        return table_grundy(t, rank);
    case PILE_NORMAL_WIN:
        return table_grundy(t, rank) != 0;
    case PILE_MISERE_WIN:
        return table_misere(t, rank) == OUTCOME_WIN;
    case PILE_BOTH_WIN:
        return (uint64_t)(table_grundy(t, rank) != 0) << 1 | (table_misere(t, rank) == OUTCOME_WIN);
    default:
        return table_outcome(t, rank);
    }
}

static const pile_game *pile_game_of(const value_table *t)
{
    return t->game->data;
}

/* The rank of these piles (any order) with this tag; -1 beyond the table. */
static int64_t rank_of(const value_table *t, const int *piles, int n, int tag)
{
    int64_t r = pile_game_rank_of_piles(t->game, piles, n);
    return r < 0 ? -1 : r + tag;
}

uint64_t pile_period_value_at(const value_table *t, const pile_period *c, const int *piles, int n, int tag)
{
    int f[MS_MAX_SLOTS];
    if (n > MS_MAX_SLOTS)
        die("internal error: %d piles", n);
    for (int i = 0; i < n; i++)
        f[i] = pile_period_fold(c, piles[i]);
    int64_t r = rank_of(t, f, n, tag);
    if (r < 0)
        die("internal error: a folded position beyond the table");
    return pile_period_value(t, c->view, (uint64_t)r);
}

/* The least preperiod >= reach from which the values repeat with period
 * per in every pile of the table, or -1 when it leaves no room for the
 * checked region (A + per + reach chips must lie within the bound).  The
 * largest piles are looked at first: a wrong period shows there soonest. */
static int least_preperiod(const value_table *t, pile_view v, int bound, int reach, int per)
{
    const pile_game *pg = pile_game_of(t);
    int n = pg->shape.piles, tags = pg->tags, most = bound + 1 - per - reach;
    int pre = reach, p[MS_MAX_SLOTS], q[MS_MAX_SLOTS];
    if (most < reach)
        return -1;
    /* Multisets in colex order: the largest pile never shrinks as the
     * rank grows, so going down, the first with every pile below the
     * preperiod found ends the search. */
    for (uint64_t set = ms_count_upto(&pg->shape, bound); set-- > 0;) {
        ms_unrank(&pg->shape, set, p);
        if (p[n - 1] < pre)
            break;
        for (int i = 0; i < n; i++) {
            /* A pile below the preperiod found, or one whose shift leaves
             * the table, says nothing new. */
            if (p[i] < pre || p[i] + per > bound || (i > 0 && p[i] == p[i - 1]))
                continue;
            memcpy(q, p, sizeof *q * (size_t)n);
            q[i] += per;
            int64_t shifted = rank_of(t, q, n, 0);
            uint64_t here = set * (uint64_t)tags;
            for (int tag = 0; shifted >= 0 && tag < tags; tag++)
                if (pile_period_value(t, v, (uint64_t)shifted + (uint64_t)tag) !=
                    pile_period_value(t, v, here + (uint64_t)tag)) {
                    pre = p[i] + 1;
                    if (pre > most)
                        return -1;
                    break;
                }
        }
    }
    return pre;
}

bool pile_period_find(const value_table *t, pile_view v, int bound, int reach, int step, pile_period *out)
{
    if (!view_fits(t, v))
        die("internal error: %s: no %s in its table", t->game->name, pile_view_name(v));
    if (step < 1)
        die("internal error: periods in steps of %d", step);
    for (int per = step; 2 * reach + per <= bound + 1; per += step) {
        int pre = least_preperiod(t, v, bound, reach, per);
        if (pre >= 0) {
            *out = (pile_period){.view = v, .pre = pre, .per = per, .reach = reach};
            return true;
        }
    }
    return false;
}

uint64_t pile_period_mex(const uint64_t *child, int n)
{
    /* Repeat the pass until no child has the candidate. */
    uint64_t mex = 0;
    for (bool again = true; again;) {
        again = false;
        for (int m = 0; m < n; m++)
            if (child[m] == mex) {
                mex++;
                again = true;
            }
    }
    return mex;
}

/* The value the game's own rule gives a position from its children's
 * values (each at its folded position): the mex and the misere outcome,
 * or the N-player rule; none of the engine's kernels. */
static uint64_t recombine(const value_table *t, pile_view v, uint64_t rank, const uint64_t *child, int k,
                          uint8_t *codes)
{
    const game_desc *g = t->game;
    if (v == PILE_GRUNDY)
        return pile_period_mex(child, k);
    if (v == PILE_NORMAL_WIN || v == PILE_MISERE_WIN) {
        /* No move: a loss in normal play, a win in misere play; else a
         * win exactly when some child is a loss. */
        bool win = k == 0 && v == PILE_MISERE_WIN;
        for (int m = 0; m < k; m++)
            win = win || child[m] == 0;
        return win;
    }
    if (v == PILE_BOTH_WIN) {
        /* Each play's bit by its own rule (normal: bit 1, misere: bit 0). */
        bool normal = false, misere = k == 0;
        for (int m = 0; m < k; m++) {
            normal = normal || !(child[m] >> 1 & 1);
            misere = misere || !(child[m] & 1);
        }
        return (uint64_t)normal << 1 | misere;
    }
    if (g->kind == VALUE_DRAW) {
        bool win = k == 0 ? g->misere : false;
        for (int m = 0; m < k; m++)
            win = win || child[m] == OUTCOME_LOSS;
        return win ? OUTCOME_WIN : OUTCOME_LOSS;
    }
    if (k == 0)
        return 0;
    for (int m = 0; m < k; m++)
        codes[m] = (uint8_t)child[m];
    return g->choose(g, rank, codes, k);
}

/* Appends to the reason in why (len bytes in all); a reason that does not
 * fit stops the run (an internal error: PILE_PERIOD_WHY_MAX holds any). */
static void say(char *why, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *why, size_t len, const char *fmt, ...)
{
    size_t used = strlen(why);
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(why + used, len - used, fmt, ap);
    va_end(ap);
    if (n < 0 || used + (size_t)n >= len)
        die("internal error: a certificate's reason needs more than %zu bytes", len);
}

/* "(3,17)(2)": the piles and the tag, appended to why. */
static void say_position(char *why, size_t len, const int *p, int n, int tag)
{
    for (int i = 0; i < n; i++)
        say(why, len, "%s%d", i ? "," : "(", p[i]);
    say(why, len, ")(%d)", tag);
}

bool pile_period_check(const value_table *t, int bound, const pile_period *c, char *why, int whylen)
{
    const game_desc *g = t->game;
    if (whylen < PILE_PERIOD_WHY_MAX)
        die("internal error: %d bytes for a certificate's reason", whylen);
    size_t len = (size_t)whylen;
    why[0] = '\0';
    if (!view_fits(t, c->view)) {
        say(why, len, "%s: its table holds no %s", g->name, pile_view_name(c->view));
        return false;
    }
    const pile_game *pg = pile_game_of(t);
    int n = pg->shape.piles, x = c->pre + c->per + c->reach;
    if (c->per < 1 || c->pre < c->reach || c->reach < 1) {
        say(why, len,
            "preperiod %d, period %d: the argument needs a period of at least 1 and a preperiod of at least the "
            "largest take, %d",
            c->pre, c->per, c->reach);
        return false;
    }
    if (x - 1 > bound || x - 1 > pg->shape.bound) {
        say(why, len, "the checked region (piles below %d) lies beyond the table's %d chips", x, bound);
        return false;
    }
    game_move *moves = xmalloc(sizeof *moves * (size_t)(g->max_moves + 1), "a move list");
    uint64_t *child = xmalloc(sizeof *child * (size_t)(g->max_moves + 1), "children's values");
    uint8_t *codes = xmalloc((size_t)g->max_moves + 1, "children's outcomes");
    /* Every multiset of the region, folded, and its chips: the children of
     * a position of the region lie in it too. */
    uint64_t sets = ms_count_upto(&pg->shape, x - 1);
    uint64_t *folded = xmalloc(xmul(sets, sizeof *folded, "the folded positions"), "the folded positions");
    int *chips = xmalloc(xmul(sets, sizeof *chips, "the positions' chips"), "the positions' chips");
    int p[MS_MAX_SLOTS], f[MS_MAX_SLOTS];
    for (uint64_t m = 0; m < sets; m++) {
        ms_unrank(&pg->shape, m, p);
        chips[m] = ms_total(p, n);
        for (int i = 0; i < n; i++)
            f[i] = pile_period_fold(c, p[i]);
        folded[m] = (uint64_t)ms_rank_of(&pg->shape, f, n);
    }
    bool ok = true;
    /* The positions with every pile below x are the first ranks. */
    for (uint64_t rank = 0; ok && rank < sets * (uint64_t)pg->tags; rank++) {
        uint64_t set = pile_game_multiset(pg, rank);
        int k = g->moves(g->data, rank, moves);
        for (int m = 0; m < k && ok; m++) {
            uint64_t to = moves[m].child, to_set = pile_game_multiset(pg, to);
            /* A move that takes more than the reach breaks the argument
             * (the total of the piles drops by what it takes). */
            if (chips[set] - chips[to_set] > c->reach) {
                ms_unrank(&pg->shape, set, p);
                say_position(why, len, p, n, pile_game_tag(pg, rank));
                say(why, len, ": a move takes more than %d chips", c->reach);
                ok = false;
            } else
                child[m] = pile_period_value(t, c->view, folded[to_set] * (uint64_t)pg->tags + pile_game_tag(pg, to));
        }
        if (!ok)
            break;
        uint64_t want = recombine(t, c->view, rank, child, k, codes);
        uint64_t have = pile_period_value(t, c->view, folded[set] * (uint64_t)pg->tags + pile_game_tag(pg, rank));
        if (want != have) {
            ms_unrank(&pg->shape, set, p);
            say_position(why, len, p, n, pile_game_tag(pg, rank));
            say(why, len, ": the folded values give %llu by the rule, the folded position holds %llu",
                (unsigned long long)want, (unsigned long long)have);
            ok = false;
        }
    }
    free(chips);
    free(folded);
    free(codes);
    free(child);
    free(moves);
    return ok;
}
