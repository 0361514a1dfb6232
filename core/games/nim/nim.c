/*
 * nim.c -- Nim, normal and misere play, as a game on the engine
 * (VALUE_GRUNDY): the base game of the Nim variants of Huibers' thesis.
 *
 * Rules.  Positions are the multisets of `piles` piles of at most `bound`
 * chips (multiset.h; empty piles allowed).  A move takes any positive
 * number of chips from one pile.  The player who cannot move loses
 * (normal play) or wins (misere play).  The engine computes the
 * Sprague-Grundy value by the mex of the children's and the misere outcome
 * from the children's; nothing here knows Bouton's theorem (the Nim-sum),
 * which tests/test_games.c checks against the engine's values.
 * Moves are listed like Scoring Nim's: the smallest pile first, and for
 * each pile the new size from 0 upwards.  Layer = the chips left.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/pile_game.h"
#include "core/engine/xalloc.h"
#include "core/games/registry.h"

static int moves(const void *data, uint64_t rank, game_move *out)
{
    const ms_shape *shape = &((const pile_game *)data)->shape;
    int a[MS_MAX_SLOTS], child[MS_MAX_SLOTS], count = 0;
    ms_unrank(shape, rank, a);
    for (int i = 0; i < shape->piles; i++) {
        /* One pile per distinct size: equal piles give the same children. */
        if (a[i] == 0 || (i > 0 && a[i] == a[i - 1]))
            continue;
        for (int to = 0; to < a[i]; to++) {
            ms_apply(shape, a, a[i], to, child);
            out[count++] = (game_move){.child = ms_rank_sorted(shape, child)};
        }
    }
    return count;
}

static game_desc *build(const game_params *p, char *err, int errlen)
{
    pile_game *g = xcalloc(1, sizeof *g, "a game");
    if (pile_game_init(g, "nim", VALUE_GRUNDY, p->piles, p->bound, err, errlen) != 0) {
        free(g);
        return NULL;
    }
    g->game.max_moves = g->shape.max_total > 0 ? g->shape.max_total : 1;
    g->game.moves = moves;
    return &g->game;
}

static const game_sample samples[] = {{{NULL}}};

const game_entry game_nim = {
    .name = "nim",
    .summary = "a move takes any positive number of chips from one pile",
    .ending = "the player who cannot move loses (normal play: the Sprague-Grundy value) or wins (misere play: "
              "the misere outcome); both are computed",
    .kind = VALUE_GRUNDY,
    .config_key = "nim",
    .layout = "the Sprague-Grundy value as uint32 little-endian with bit 31 set when the player to move wins at "
              "misere play; positions in colex rank order of their ascending piles",
    .build = build,
    .destroy = pile_game_destroy,
    .rank_of_piles = pile_game_rank_of_piles,
    .piles_of = pile_game_piles_of,
    .samples = samples,
    .nsamples = (int)(sizeof samples / sizeof *samples),
};
