/*
 * restricted_nim.c -- Nim whose legal moves depend on the move before it,
 * as in Huibers' thesis (Strategies for Restricted Nim, 2018), Sections
 * 4.1-4.3, 5 and 6.1: one game on the engine (VALUE_GRUNDY: the
 * Sprague-Grundy value and the misere outcome of every position).
 *
 * Rules.  Positions are a multiset of `piles` piles of at most `bound`
 * chips (empty piles allowed) and a restricted number r: the number of
 * chips the player to move may not take (0: none, as at the start).  A
 * move takes x chips, 1 <= x <= k (--max-move; any number without it),
 * x != r, and, by --takes:
 *   pile           from one pile (the Subtraction Game S(1..k) on one
 *                  pile, "Nim with a maximum move k" on several);
 *   wythoff        or x from every pile at once (two piles: Wythoff's
 *                  game; three piles: the first version of Section 5.1,
 *                  "take the same number of chips from all three piles");
 *   wythoff-pairs  or x from every pile, or x from any two piles (the
 *                  second version of Section 5.1).
 * and sets the next restricted number, by --restriction:
 *   none           never any (r stays 0): Nim, the Subtraction Game and
 *                  Wythoff's game as they are normally played;
 *   previous       x, the number just taken: "a player cannot take the
 *                  same number of chips as the other player in the
 *                  previous turn" (4.1), applied to every pile at once
 *                  ("the next player is not allowed to take 3 chips from
 *                  either pile", 4.3) and to Wythoff's moves ("cannot
 *                  take this number of chips from one pile, or from both
 *                  piles simultaneously", 5: x, not the 2x taken in all);
 *   chosen         a number c in 1..k the mover chooses (4.2: "the player
 *                  can choose the number of chips the next player is not
 *                  allowed to take during their next turn");
 *   chosen-or-none the same, or no restriction at all (c = 0).  The
 *                  thesis can be read both ways; the claim on its Table 3
 *                  says which reading reproduces the table;
 *   per-pile       every pile its own: the number last taken from that
 *                  pile, whoever took it (4.4, the sum of one-pile games:
 *                  "The restricted value will be the last move made on
 *                  that pile, without taking into consideration which of
 *                  the player made this move"); --takes pile only.
 * "If the number that is restricted is greater than the number of chips
 * left on the pile, the next player can make a move as if there is no
 * restricted value" (4.1) follows from the rule itself.  The player who
 * cannot move loses (normal play) or wins (misere play, 6.1); both are
 * computed.  Nothing here knows a claim of the thesis.
 *
 * Positions are pile_game's tagged multisets (pile_game.h), the tag the
 * restricted number: layer = the chips left, so every move goes to an
 * earlier layer; written as the thesis writes them, "5 4 (3)".  With
 * per-pile restrictions a pile and its number are one slot of the
 * multiset, a * (k+1) + r, written "5(3) 4(0)" (layer: the chips left).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/pile_game.h"
#include "core/engine/xalloc.h"
#include "core/games/game_options.h"
#include "core/games/registry.h"

typedef enum {
    RESTRICT_NONE,
    RESTRICT_PREVIOUS,
    RESTRICT_CHOSEN,
    RESTRICT_CHOSEN_OR_NONE,
    RESTRICT_PER_PILE
} restriction_rule;
typedef enum { TAKES_PILE, TAKES_WYTHOFF, TAKES_WYTHOFF_PAIRS } take_rule;

/* The chosen rule lists k children per take: a limit on k keeps the move
 * list of a position small (k = 64 gives 64 x 65 moves per take). */
#define CHOSEN_MAX_MOVE 64

typedef struct {
    pile_game base;          /* first: the description and the piles   */
    int max_move;            /* k: the most chips a move takes          */
    restriction_rule rule;
    take_rule takes;
    int piles_bound;         /* per-pile: the largest pile (the shape's
                                bound is that of the slots)            */
} restricted_nim;

static const char *const rule_names[] = {"none", "previous", "chosen", "chosen-or-none", "per-pile"};
static const char *const take_names[] = {"pile", "wythoff", "wythoff-pairs"};

/* The children of one take: the piles after it (ascending), x taken. */
typedef struct {
    const restricted_nim *g;
    game_move *out;
    int count;
} move_list;

/* The children of one take to the piles of multiset rank `piles`. */
static void add_children_at(move_list *m, uint64_t piles, int x)
{
    const restricted_nim *g = m->g;
    uint64_t base = piles * (uint64_t)g->base.tags;
    switch (g->rule) {
    case RESTRICT_NONE:
        m->out[m->count++] = (game_move){.child = base};
        break;
    case RESTRICT_PREVIOUS:
        m->out[m->count++] = (game_move){.child = base + (uint64_t)x};
        break;
    case RESTRICT_CHOSEN:
    case RESTRICT_CHOSEN_OR_NONE:
        for (int c = g->rule == RESTRICT_CHOSEN ? 1 : 0; c <= g->max_move; c++)
            m->out[m->count++] = (game_move){.child = base + (uint64_t)c};
        break;
    case RESTRICT_PER_PILE:
        break; /* per_pile_moves */
    }
}

static void add_children(move_list *m, const int *after, int x)
{
    add_children_at(m, ms_rank_sorted(&m->g->base.shape, after), x);
}

/* x taken from each pile whose bit is set in `which` (piles a, ascending). */
static void take_from(move_list *m, const int *a, unsigned which, int x)
{
    int n = m->g->base.shape.piles, after[MS_MAX_SLOTS];
    for (int i = 0; i < n; i++)
        after[i] = (which >> i) & 1u ? a[i] - x : a[i];
    ms_sort_ascending(after, n);
    add_children(m, after, x);
}

/* Every set of piles a move may take from at once, beyond one pile:
 * all of them, and (wythoff-pairs) every two.  Equal piles give equal
 * children; the engine's values do not depend on repeated moves. */
static void diagonal_moves(move_list *m, const int *a, int r)
{
    const restricted_nim *g = m->g;
    int n = g->base.shape.piles;
    unsigned all = (1u << n) - 1u;
    for (unsigned which = 1; which <= all; which++) {
        int members = __builtin_popcount(which);
        bool allowed = which == all ? n >= 2 : members == 2 && g->takes == TAKES_WYTHOFF_PAIRS;
        if (!allowed)
            continue;
        int least = -1;
        for (int i = 0; i < n; i++)
            if ((which >> i) & 1u)
                least = least < 0 || a[i] < least ? a[i] : least;
        for (int x = 1; x <= least && x <= g->max_move; x++)
            if (x != r)
                take_from(m, a, which, x);
    }
}

/* ---- per-pile restrictions: slots a * (k+1) + r ---- */

static int slot_of(const restricted_nim *g, int chips, int r)
{
    return chips * (g->max_move + 1) + r;
}

static int per_pile_moves(const restricted_nim *g, uint64_t rank, game_move *out)
{
    const ms_shape *shape = &g->base.shape;
    int v[MS_MAX_SLOTS], child[MS_MAX_SLOTS], count = 0, k1 = g->max_move + 1;
    ms_unrank(shape, rank, v);
    for (int i = 0; i < shape->piles; i++) {
        if (i > 0 && v[i] == v[i - 1])
            continue;
        int a = v[i] / k1, r = v[i] % k1;
        for (int x = 1; x <= a && x <= g->max_move; x++)
            if (x != r) {
                ms_apply(shape, v, v[i], slot_of(g, a - x, x), child);
                out[count++] = (game_move){.child = ms_rank_sorted(shape, child)};
            }
    }
    return count;
}

/* Every slot multiset in rank order, its layer the chips it holds. */
static void per_pile_positions(const void *data, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx)
{
    const restricted_nim *g = data;
    const ms_shape *shape = &g->base.shape;
    int v[MS_MAX_SLOTS];
    uint64_t rank = 0;
    ms_first(shape, v);
    do {
        int chips = 0;
        for (int i = 0; i < shape->piles; i++)
            chips += v[i] / (g->max_move + 1);
        fn(ctx, rank++, (uint64_t)chips);
    } while (ms_next(shape, v));
}

static int per_pile_format(const void *data, uint64_t rank, char *buf, int len)
{
    const restricted_nim *g = data;
    int v[MS_MAX_SLOTS], used = 0, k1 = g->max_move + 1;
    ms_unrank(&g->base.shape, rank, v);
    if (len > 0)
        buf[0] = '\0';
    for (int i = g->base.shape.piles - 1; i >= 0; i--)
        if (v[i] > 0)
            used += snprintf(used < len ? buf + used : NULL, used < len ? (size_t)(len - used) : 0, "%s%d(%d)",
                             used ? " " : "", v[i] / k1, v[i] % k1);
    if (!used)
        used = snprintf(buf, (size_t)(len > 0 ? len : 0), "0");
    return used;
}

/* A list of piles: the position with nothing restricted. */
static int64_t rank_of_piles(const game_desc *d, const int *piles, int n)
{
    const restricted_nim *g = d->data;
    if (g->rule != RESTRICT_PER_PILE)
        return pile_game_rank_of_piles(d, piles, n);
    int v[MS_MAX_SLOTS];
    if (n > MS_MAX_SLOTS)
        return -1;
    for (int i = 0; i < n; i++) {
        if (piles[i] < 0 || piles[i] > g->piles_bound)
            return -1;
        v[i] = slot_of(g, piles[i], 0);
    }
    return ms_rank_of(&g->base.shape, v, n);
}

static int piles_of(const game_desc *d, uint64_t rank, int *asc)
{
    const restricted_nim *g = d->data;
    if (g->rule != RESTRICT_PER_PILE)
        return pile_game_piles_of(d, rank, asc);
    int n = pile_game_piles_of(d, rank, asc);
    for (int i = 0; i < n; i++)
        asc[i] /= g->max_move + 1;
    ms_sort_ascending(asc, n);
    return n;
}

static int moves(const void *data, uint64_t rank, game_move *out)
{
    const restricted_nim *g = data;
    if (g->rule == RESTRICT_PER_PILE)
        return per_pile_moves(g, rank, out);
    const ms_shape *shape = &g->base.shape;
    int a[MS_MAX_SLOTS], r = pile_game_tag(&g->base, rank);
    ms_unrank(shape, pile_game_multiset(&g->base, rank), a);
    move_list m = {.g = g, .out = out};
    /* The ranks after a pile's takes, LOWERED_AT_ONCE at a time
     * (ms_ranks_lowered). */
    enum { LOWERED_AT_ONCE = 256 };
    uint64_t lowered[LOWERED_AT_ONCE];
    for (int i = 0; i < shape->piles; i++) {
        /* One pile per distinct size: equal piles give the same children. */
        if (a[i] == 0 || (i > 0 && a[i] == a[i - 1]))
            continue;
        int most = a[i] < g->max_move ? a[i] : g->max_move;
        for (int first = 1; first <= most; first += LOWERED_AT_ONCE) {
            int last = most - first < LOWERED_AT_ONCE ? most : first + LOWERED_AT_ONCE - 1;
            ms_ranks_lowered(shape, a, i, first, last, lowered);
            for (int x = first; x <= last; x++)
                if (x != r)
                    add_children_at(&m, lowered[x - first], x);
        }
#ifdef TEST_WRONG_RULES
        /* Only in the proof test's build (tests/proofcheck_test.sh): from
         * piles of at least VERIFIER_WRONG_RULES_FROM chips the restriction
         * is ignored (the previous rule, one pile at a time): a generator
         * that is not the rules it is certified by. */
        const char *from = getenv("VERIFIER_WRONG_RULES_FROM");
        if (from && g->rule == RESTRICT_PREVIOUS && r >= 1 && r <= most && a[i] >= atoi(from)) {
            ms_ranks_lowered(shape, a, i, r, r, lowered);
            add_children_at(&m, lowered[0], r);
        }
#endif
    }
    if (g->takes != TAKES_PILE)
        diagonal_moves(&m, a, r);
    return m.count;
}

/* ---- options ---- */

static int named(const char *text, const char *const *names, int n, int dflt)
{
    if (!text)
        return dflt;
    for (int i = 0; i < n; i++)
        if (strcmp(text, names[i]) == 0)
            return i;
    return -1;
}

static int read_options(restricted_nim *g, const game_params *p, char *err, int errlen)
{
    long long k = p->bound > 0 ? p->bound : 1;
    if (p->option[0] && game_parse_whole(p->option[0], p->option[0] + strlen(p->option[0]), 1, MS_MAX_BOUND, &k) != 0) {
        snprintf(err, (size_t)errlen, "restricted-nim: --max-move must be a whole number 1..%d, got '%.40s'",
                 MS_MAX_BOUND, p->option[0]);
        return -1;
    }
    int rule = named(p->option[1], rule_names, 5, RESTRICT_PREVIOUS);
    if (rule < 0) {
        snprintf(err, (size_t)errlen,
                 "restricted-nim: --restriction must be none, previous, chosen, chosen-or-none or per-pile, got "
                 "'%.40s'",
                 p->option[1]);
        return -1;
    }
    int takes = named(p->option[2], take_names, 3, TAKES_PILE);
    if (takes < 0) {
        snprintf(err, (size_t)errlen, "restricted-nim: --takes must be pile, wythoff or wythoff-pairs, got '%.40s'",
                 p->option[2]);
        return -1;
    }
    if ((takes == TAKES_WYTHOFF && p->piles < 2) || (takes == TAKES_WYTHOFF_PAIRS && p->piles < 3)) {
        snprintf(err, (size_t)errlen, "restricted-nim: --takes %s needs at least %d piles", take_names[takes],
                 takes == TAKES_WYTHOFF ? 2 : 3);
        return -1;
    }
    if (rule == RESTRICT_PER_PILE && takes != TAKES_PILE) {
        snprintf(err, (size_t)errlen, "restricted-nim: --restriction per-pile takes from one pile only (--takes pile)");
        return -1;
    }
    /* A slot a * (k+1) + r must stay within the shape's bound. */
    if (rule == RESTRICT_PER_PILE && ((long long)p->bound + 1) * (k + 1) - 1 > MS_MAX_BOUND) {
        snprintf(err, (size_t)errlen, "restricted-nim: --restriction per-pile needs (bound + 1) * (k + 1) <= %d",
                 MS_MAX_BOUND + 1);
        return -1;
    }
    bool chosen = rule == RESTRICT_CHOSEN || rule == RESTRICT_CHOSEN_OR_NONE;
    if (chosen && (!p->option[0] || k > CHOSEN_MAX_MOVE)) {
        snprintf(err, (size_t)errlen, "restricted-nim: --restriction %s needs --max-move k with k <= %d",
                 rule_names[rule], CHOSEN_MAX_MOVE);
        return -1;
    }
    g->max_move = (int)k;
    g->rule = (restriction_rule)rule;
    g->takes = (take_rule)takes;
    return 0;
}

/* The most moves of one position: every take from one pile, from all
 * piles and from every two, times the numbers a mover may choose. */
static int most_moves(const restricted_nim *g, char *err, int errlen)
{
    uint64_t piles = (uint64_t)g->base.shape.piles, k = (uint64_t)g->max_move;
    uint64_t takes = piles * k;
    if (g->takes != TAKES_PILE)
        takes += k;
    if (g->takes == TAKES_WYTHOFF_PAIRS)
        takes += piles * (piles - 1) / 2 * k;
    uint64_t per_take = g->rule == RESTRICT_CHOSEN ? k : g->rule == RESTRICT_CHOSEN_OR_NONE ? k + 1 : 1;
    uint64_t most = takes * per_take;
    if (most > (1u << 24)) {
        snprintf(err, (size_t)errlen, "restricted-nim: %llu moves from one position is too many (at most %u)",
                 (unsigned long long)most, 1u << 24);
        return -1;
    }
    return most > 0 ? (int)most : 1;
}

static game_desc *build(const game_params *p, char *err, int errlen)
{
    restricted_nim *g = xcalloc(1, sizeof *g, "a game");
    if (read_options(g, p, err, errlen) != 0) {
        free(g);
        return NULL;
    }
    bool per_pile = g->rule == RESTRICT_PER_PILE;
    int slots_bound = per_pile ? slot_of(g, p->bound, g->max_move) : p->bound;
    if (pile_game_init(&g->base, "restricted-nim", VALUE_GRUNDY, p->piles, slots_bound, err, errlen) != 0) {
        free(g);
        return NULL;
    }
    g->piles_bound = p->bound;
    /* The restricted numbers a position can hold: 0 and every take. */
    int most = most_moves(g, err, errlen);
    int tags = g->rule == RESTRICT_NONE || per_pile ? 1 : g->max_move + 1;
    if (most < 0 || pile_game_set_tags(&g->base, tags, err, errlen) != 0) {
        pile_game_destroy(&g->base.game);
        return NULL;
    }
    game_desc *d = &g->base.game;
#ifdef TEST_WRONG_RULES
    most += p->piles; /* room for the planted takes (moves above) */
#endif
    d->max_moves = most;
    d->moves = moves;
    if (per_pile) {
        d->each_position = per_pile_positions;
        d->format = per_pile_format;
        d->layers = (uint64_t)p->piles * (uint64_t)p->bound + 1;
    }
    return d;
}

/* Options in the entry's order: max-move, restriction, takes. */
static const game_sample samples[] = {
    {{"3", NULL, NULL}},           {{"2", "previous", NULL}},        {{"3", "chosen", NULL}},
    {{"2", "chosen-or-none", NULL}}, {{NULL, "previous", "wythoff"}}, {{NULL, "none", "wythoff"}},
    {{"4", "previous", "wythoff"}},  {{NULL, "none", NULL}},        {{"3", "per-pile", NULL}},
};

const game_entry game_restricted_nim = {
    .name = "restricted-nim",
    .summary = "a move takes 1..k chips from one pile (or, --takes, the same number from every pile or from two), "
               "never the restricted number; the next restricted number is the number just taken (previous) or "
               "one the mover chooses (chosen) (Huibers, Sections 4-6.1)",
    .ending = "the player who cannot move loses (normal play: the Sprague-Grundy value) or wins (misere play: the "
              "misere outcome); both are computed, for every restricted number",
    .kind = VALUE_GRUNDY,
    .options = {{"max-move", "the most chips a move takes from a pile, k, 1..65536 (default: any number)"},
                {"restriction", "none, previous (default), chosen (the mover restricts one of 1..k), "
                                "chosen-or-none (... or nothing; chosen needs --max-move <= 64) or per-pile (each "
                                "pile the number last taken from it: sums of one-pile games)"},
                {"takes", "pile (default), wythoff (also the same number from every pile) or wythoff-pairs (also "
                          "from every pile or any two; 3+ piles); under both an empty pile is a pile the same "
                          "number cannot be taken from, so it rules out taking from every pile: (0,5,5) is not "
                          "(5,5)"}},
    .config_key = "restricted_nim",
    .layout = "the Sprague-Grundy value as uint32 little-endian with bit 31 set when the player to move wins at "
              "misere play; positions in colex rank order of their ascending piles, each followed by its "
              "restricted numbers 0..k (none: 0 only); per-pile: colex rank order of the ascending slots "
              "chips * (k+1) + restricted number",
    .build = build,
    .destroy = pile_game_destroy,
    .rank_of_piles = rank_of_piles,
    .piles_of = piles_of,
    .samples = samples,
    .nsamples = (int)(sizeof samples / sizeof *samples),
};
