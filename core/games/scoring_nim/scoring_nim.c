/*
 * scoring_nim.c -- Scoring Nim's description: positions, moves, terminal
 * values (see scoring_nim.h).
 */
#include "core/games/scoring_nim/scoring_nim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "core/games/registry.h"

int scoring_nim_moves(const scoring_nim *sn, const int *a, game_move *out)
{
    const ms_shape *shape = &sn->base.shape;
    int n = shape->piles, count = 0;
    int child[MS_MAX_SLOTS];
    for (int i = 0; i < n; i++) {
        /* One pile per distinct size: equal piles give the same children. */
        if (a[i] == 0 || (i > 0 && a[i] == a[i - 1]))
            continue;
        for (int to = 0; to < a[i]; to++) {
            ms_apply(shape, a, a[i], to, child);
            out[count++] = (game_move){.child = ms_rank_sorted(shape, child), .points = sn->stone * (a[i] - to)};
        }
    }
    return count;
}

static int moves(const void *data, uint64_t rank, game_move *out)
{
    const scoring_nim *sn = data;
    int a[MS_MAX_SLOTS];
    ms_unrank(&sn->base.shape, rank, a);
    return scoring_nim_moves(sn, a, out);
}

/* No stone left: the opponent took the last one and got N, so -N. */
static int64_t terminal(const void *data, uint64_t rank, int64_t M)
{
    (void)data;
    (void)rank;
    return -M;
}

/* |f_N(p)| <= |p| + |N|: a payoff is a stone difference plus or minus the
 * bonus. */
static int64_t value_bound(const void *data, int64_t max_m)
{
    const scoring_nim *sn = data;
    return sn->stone * (int64_t)sn->base.shape.max_total + max_m;
}

/* A read of a child's row for each move. */
static double plain_ops(const void *data)
{
    const ms_shape *s = &((const scoring_nim *)data)->base.shape;
    int a[MS_MAX_SLOTS];
    double ops = 0;
    ms_first(s, a);
    do
        for (int i = 0; i < s->piles; i++)
            if (i == 0 || a[i] != a[i - 1])
                ops += a[i];
    while (ms_next(s, a));
    return ops;
}

int scoring_nim_init(scoring_nim *sn, int piles, int bound, int64_t stone, char *err, int errlen)
{
    memset(sn, 0, sizeof *sn);
    if (stone < 1 || stone > 2000000) {
        snprintf(err, (size_t)errlen, "internal error: a stone worth %lld", (long long)stone);
        return -1;
    }
    if (pile_game_init(&sn->base, "scoring-nim", VALUE_MARGIN, piles, bound, err, errlen) != 0)
        return -1;
    sn->stone = stone;
    game_desc *d = &sn->base.game;
    d->max_moves = sn->base.shape.max_total > 0 ? sn->base.shape.max_total : 1;
    d->moves = moves;
    d->terminal = terminal;
    d->value_bound = value_bound;
    d->fast = &scoring_nim_runmax;
    d->plain_ops = plain_ops;
    return 0;
}

void scoring_nim_free(scoring_nim *sn)
{
    ms_shape_free(&sn->base.shape);
    memset(sn, 0, sizeof *sn);
}

const scoring_nim *scoring_nim_of(const game_desc *g)
{
    return g && g->moves == moves ? g->data : NULL;
}

lane_window scoring_nim_window(int piles, int bound)
{
    int w = piles * bound + 3;
    lane_window win = {.mlo = -2 * (int64_t)w, .step = 1, .lanes = 4 * w + 1};
    return win;
}

/* ---- its registry entry ---- */

static game_desc *build(const game_params *p, char *err, int errlen)
{
    scoring_nim *sn = xcalloc(1, sizeof *sn, "a game");
    if (scoring_nim_init(sn, p->piles, p->bound, p->unit, err, errlen) != 0) {
        free(sn);
        return NULL;
    }
    return &sn->base.game;
}

static void destroy(game_desc *g)
{
    if (!g)
        return;
    scoring_nim *sn = g->data;
    scoring_nim_free(sn);
    free(sn);
}

static const game_sample samples[] = {{{NULL}}};

const game_entry game_scoring_nim = {
    .name = "scoring-nim",
    .summary = "a move takes any positive number of stones from one pile and scores one point a stone",
    .ending = "the game ends when no stone is left; the player who took the last stone also scores the bonus N "
              "(f_N(0) = -N: recursion (2) of Oginuma and Shinoda)",
    .title = "Scoring Nim",
    .piece = "stone",
    .ends_with_last_piece = true,
    .kind = VALUE_MARGIN,
    .config_key = "scoring_nim",
    .table_name = "payoff",
    .layout = "2*f_N(p) as int32 little-endian; positions in colex rank order of their ascending piles; N increasing",
    .build = build,
    .destroy = destroy,
    .rank_of_piles = pile_game_rank_of_piles,
    .piles_of = pile_game_piles_of,
    .unit_steps = true,
    .samples = samples,
    .nsamples = 1,
};
