/*
 * games.c -- the game descriptions of the engine (see games.h).
 */
#include "core/games/games.h"

#include <string.h>

#include "core/games/scoring_nim/nim_rules.h"

static void nim_each_position(const void *data, void (*fn)(void *ctx, uint64_t rank, int layer), void *ctx)
{
    const ms_shape *s = ((const sn_nim_data *)data)->shape;
    int a[MS_MAX_SLOTS];
    uint64_t r = 0;
    ms_first(s, a);
    do
        fn(ctx, r++, ms_total(a, s->piles));
    while (ms_next(s, a));
}

/* The Nim moves are listed into the caller's array and converted in
 * place, element by element (the two records have the same size), so no
 * second list is needed on a worker's stack. */
_Static_assert(sizeof(sn_move) == sizeof(sn_game_move), "in-place conversion of move lists");

static int nim_game_moves(const void *data, uint64_t rank, sn_game_move *out)
{
    const sn_nim_data *d = data;
    const ms_shape *s = d->shape;
    int a[MS_MAX_SLOTS];
    ms_unrank(s, rank, a);
    int k = sn_moves(s, a, (sn_move *)(void *)out);
    for (int m = 0; m < k; m++) {
        sn_move mv;
        memcpy(&mv, &out[m], sizeof mv);
        out[m] = (sn_game_move){.child = mv.child, .points2 = d->stone2 * mv.taken, .ends = mv.child == 0};
    }
    return k;
}

/* No stone left: the opponent took the last one and got N, so -N. */
static int32_t nim_terminal(const void *data, uint64_t rank, int M)
{
    (void)data;
    (void)rank;
    return -M;
}

void sn_game_scoring_nim(const sn_nim_data *data, sn_game *out)
{
    const ms_shape *shape = data->shape;
    *out = (sn_game){.name = "scoring-nim", .data = data, .count = shape->count, .layers = shape->max_total + 1,
                     .max_moves = sn_max_moves(shape), .combine = SN_COMBINE_NEGAMAX,
                     .each_position = nim_each_position, .moves = nim_game_moves, .terminal = nim_terminal};
}
