/*
 * pile_game.h -- what every game played on piles shares: its positions
 * are the multisets of a shape (multiset.h), each layer the stones left,
 * written "5 4 2", reached from a list of piles.  Such a game keeps a
 * pile_game first in its data; the functions below then serve as its
 * description's each_position and format, and as its registry entry's
 * rank_of_piles, piles_of and destroy.
 *
 * A game whose moves depend on what came before (a number the player to
 * move may not take: Huibers' restricted Nim) tags every multiset with
 * one of `tags` numbers: rank = the multiset's rank * tags + tag, written
 * "5 4 (3)" as the thesis writes n(r); a list of piles names the position
 * with tag 0 (the start: nothing restricted).
 */
#ifndef PILE_GAME_H
#define PILE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/engine/game.h"
#include "core/engine/multiset.h"

typedef struct {
    game_desc game;   /* game.data points to the whole game, which begins
                         with this struct and must not move              */
    ms_shape shape;
    int tags;         /* tags a multiset carries (1: none)               */
} pile_game;

/* The shape of `piles` piles of at most `bound`, and the description's
 * name, kind, data (the game itself), count, layers (the stones),
 * each_position and format; the game fills in its moves and the rest.
 * Returns 0, or -1 with a one-line reason. */
int pile_game_init(pile_game *pg, const char *name, value_kind kind, int piles, int bound, char *err, int errlen);

/* Gives every multiset `tags` tags 0..tags-1 (count = multisets * tags).
 * Returns 0, or -1 with a one-line reason when the count overflows. */
int pile_game_set_tags(pile_game *pg, int tags, char *err, int errlen);
/* The class of a tagged position by whether the player to move wins with
 * each tag 0..tags-1 (wins[t]): "P" he loses whatever the tag, "N" he wins
 * whatever it is, "x" he wins unless the tag is x >= 1 (`one` written for
 * x = 1), "X" or "Xx" he wins only with tag 1 or x, "W{a,b}" he wins
 * exactly with those; into out (len bytes; a class that does not fit
 * stops the run). */
void pile_game_tag_class(const bool *wins, int tags, const char *one, char *out, size_t len);
/* The multiset rank and the tag of a rank. */
static inline uint64_t pile_game_multiset(const pile_game *pg, uint64_t rank)
{
    return rank / (uint64_t)pg->tags;
}
static inline int pile_game_tag(const pile_game *pg, uint64_t rank)
{
    return (int)(rank % (uint64_t)pg->tags);
}
void pile_game_each_position(const void *data, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx);
int pile_game_format(const void *data, uint64_t rank, char *buf, int len);
int64_t pile_game_rank_of_piles(const game_desc *g, const int *piles, int n);
int pile_game_piles_of(const game_desc *g, uint64_t rank, int *asc);
/* Frees a game allocated as one block that begins with its pile_game and
 * owns nothing else. */
void pile_game_destroy(game_desc *g);

#endif
