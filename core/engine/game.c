/*
 * game.c -- what game.h gives every game: the names of the value kinds,
 * and the ranking rule of N-player games.
 */
#include "core/engine/game.h"

const char *value_kind_name(value_kind k)
{
    switch (k) {
    case VALUE_MARGIN:
        return "margin";
    case VALUE_GRUNDY:
        return "grundy";
    case VALUE_PLAYERS:
        return "players";
    case VALUE_MATRIX:
        return "matrix";
    case VALUE_CHOICE:
        return "choice";
    default:
        return "draw";
    }
}

uint8_t game_players_ranking(const game_desc *g, uint64_t rank, const uint8_t *children, int k)
{
    (void)rank;
    uint8_t least = children[0];
    for (int m = 1; m < k; m++)
        least = children[m] < least ? children[m] : least;
    return (uint8_t)((least + 1) % g->players);
}
