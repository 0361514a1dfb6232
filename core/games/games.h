/*
 * games.h -- the games the engine knows, each described by an sn_game
 * (game.h).  Scoring Nim is the first; Nim variants whose moves depend on
 * the previous move, and a Nim whose players choose at once, are to come.
 */
#ifndef GAMES_H
#define GAMES_H

#include "core/engine/game.h"
#include "core/engine/multiset.h"

/* Scoring Nim over the multisets of `shape` (multiset.h): a move takes
 * stones from one pile and scores `stone2` (doubled) a stone, 2 for the
 * paper's game; the last stone's bonus is the lane (f(no stone left) =
 * -N).  `data` must outlive the game. */
typedef struct {
    const ms_shape *shape;
    int stone2;
} sn_nim_data;
void sn_game_scoring_nim(const sn_nim_data *data, sn_game *out);

#endif
