/*
 * subtraction.c -- Scoring Nim with a subtraction set S, as a game on the
 * engine (game.h): the third game of the engine, written from its rules
 * alone in this one file.
 *
 * Rules.  Positions are the multisets of `piles` piles of at most `bound`
 * stones (multiset.h; empty piles allowed).  A move takes s stones from
 * one pile for some s in S with s <= the pile, and scores s points (one a
 * stone).  The game ends when no move is legal: every pile is smaller than
 * the least member of S, so stones may remain; they score nothing.  The
 * player who made the last move also scores the bonus N, as in Scoring
 * Nim: a position with no legal move is worth -N to the player to move
 * (the opponent moved last), and the start position with no legal move
 * keeps recursion (2)'s convention f_N = -N.  With S = {1, 2, ..., bound}
 * this is Scoring Nim itself (tested).
 *
 * In the engine's units (a point worth `unit`, the lane M = unit N):
 *     v(p) = max over moves p -> p' of (unit s - v(p')),  v = -M with no move.
 * Moves are listed like Scoring Nim's: the smallest pile first, and for
 * each pile the new size from the smallest up.  Layer = the stones |p|.
 * No fast path: the engine's plain kernel computes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/pile_game.h"
#include "core/engine/xalloc.h"
#include "core/games/game_options.h"
#include "core/games/registry.h"

#define MAX_TAKES 64

typedef struct {
    pile_game base;     /* first: the description and the positions */
    int64_t unit;
    int takes[MAX_TAKES];   /* S, ascending */
    int ntakes;
} subtraction_nim;

/* "1,3,4" or "{1,3,4}": distinct whole numbers 1..MS_MAX_BOUND in any
 * order; S ascending into g.  0, or -1 with a one-line reason. */
/* The option's help names the limit: keep the two together. */
_Static_assert(MS_MAX_BOUND == 65536, "the --subtraction help says 1..65536");
static int parse_set(const char *text, subtraction_nim *g, char *err, int errlen)
{
    char why[GAME_WHY_MAX];
    g->ntakes = game_parse_set(text, 1, MS_MAX_BOUND, MAX_TAKES, g->takes, why, sizeof why);
    if (g->ntakes < 0) {
        snprintf(err, (size_t)errlen, "bad subtraction set '%.40s': %s", text, why);
        return -1;
    }
    return 0;
}

static int moves(const void *data, uint64_t rank, game_move *out)
{
    const subtraction_nim *g = data;
    const ms_shape *shape = &g->base.shape;
    int a[MS_MAX_SLOTS], child[MS_MAX_SLOTS], count = 0;
    ms_unrank(shape, rank, a);
    for (int i = 0; i < shape->piles; i++) {
        /* One pile per distinct size: equal piles give the same children. */
        if (a[i] == 0 || (i > 0 && a[i] == a[i - 1]))
            continue;
        /* The new size from the smallest up: the largest take first. */
        for (int k = g->ntakes - 1; k >= 0; k--) {
            int s = g->takes[k];
            if (s > a[i])
                continue;
            ms_apply(shape, a, a[i], a[i] - s, child);
            out[count++] = (game_move){.child = ms_rank_sorted(shape, child), .points = g->unit * s};
        }
    }
    return count;
}

/* No legal move: the opponent moved last and got N, so -N. */
static int64_t terminal(const void *data, uint64_t rank, int64_t M)
{
    (void)data;
    (void)rank;
    return -M;
}

/* A payoff is a difference of stones taken plus or minus the bonus. */
static int64_t value_bound(const void *data, int64_t max_m)
{
    const subtraction_nim *g = data;
    return g->unit * (int64_t)g->base.shape.max_total + max_m;
}

static game_desc *build(const game_params *p, char *err, int errlen)
{
    subtraction_nim *g = xcalloc(1, sizeof *g, "a game");
    if (!p->option[0]) {
        snprintf(err, (size_t)errlen, "scoring-nim-subtraction needs --subtraction S (such as 1,3,4)");
        free(g);
        return NULL;
    }
    if (parse_set(p->option[0], g, err, errlen) != 0 ||
        pile_game_init(&g->base, "scoring-nim-subtraction", VALUE_MARGIN, p->piles, p->bound, err, errlen) != 0) {
        free(g);
        return NULL;
    }
    g->unit = p->unit;
    /* Moves from one position: at most one a member of S a distinct pile. */
    int most = g->base.shape.piles * g->ntakes;
    game_desc *d = &g->base.game;
    d->max_moves = most > 0 ? most : 1;
    d->moves = moves;
    d->terminal = terminal;
    d->value_bound = value_bound;
    return d;
}

static const game_sample samples[] = {{{"1,3,4"}}, {{"2,3"}}, {{"1"}}, {{"{7,2,5}"}}, {{"3"}}};

const game_entry game_scoring_nim_subtraction = {
    .name = "scoring-nim-subtraction",
    .summary = "Scoring Nim with a subtraction set S: a move takes s stones from one pile for some s in S, and "
               "scores s points (one a stone)",
    .ending = "the game ends when no move is legal (every pile is smaller than the least member of S; the stones "
              "left score nothing); the player who made the last move also scores the bonus N (a position with no "
              "legal move is worth -N to the player to move, as f_N(0) = -N in Scoring Nim)",
    .kind = VALUE_MARGIN,
    .options = {{"subtraction", "the set S, such as 1,3,4 or {1,3,4}: distinct whole numbers 1..65536"}},
    .config_key = "scoring_nim_subtraction",
    .layout = "2*f_N(p) as int32 little-endian (int64 when the table is 64-bit wide, values beyond 16 bits); "
              "positions in colex rank order of their ascending piles; N increasing",
    .build = build,
    .destroy = pile_game_destroy,
    .rank_of_piles = pile_game_rank_of_piles,
    .piles_of = pile_game_piles_of,
    .samples = samples,
    .nsamples = (int)(sizeof samples / sizeof *samples),
};
