/*
 * registry.h -- every game the verifier knows, by name: how to build its
 * description (game.h) for a size and its own options, and what the
 * results say of it.  Adding a game: its folder under core/games/ and one
 * line in registry.c; tests/test_games.c then compares its values with a
 * brute-force evaluation on small positions, for every registered game.
 */
#ifndef REGISTRY_H
#define REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/engine/game.h"
#include "core/engine/sequence.h"
#include "core/engine/table.h"

#define GAME_MAX_OPTIONS 4
/* The most piles (rows, heaps) of one position that piles_of writes and
 * a position given on the command line may have. */
#define GAME_MAX_SLOTS 64
/* A pile whose size is not known yet, in a list of piles ("?" in a
 * position given to `value`; entry.unknown_piles). */
#define GAME_PILE_UNKNOWN (-1)
/* Room for any key of a keyed game (memo.h MEMO_MAX_KEY). */
#define GAME_MAX_KEY 255

/* One of a game's own command-line options (`--subtraction 1,3,4`). */
typedef struct {
    const char *name;   /* without the dashes; NULL ends the list */
    const char *help;   /* what it means, for --help and `verifier games` */
} game_option;

typedef struct {
    /* The position space, for games played on piles: every multiset of
     * `piles` piles of at most `bound` (empty piles allowed). */
    int piles, bound;
    /* VALUE_MARGIN: table units a point is worth (2: the doubled units of
     * every sweep; 2b for bonuses of denominator b). */
    int64_t unit;
    /* The game's options as given, in the order of its entry's options
     * (NULL: the option's default). */
    const char *option[GAME_MAX_OPTIONS];
} game_params;

/* Values of a game's options, in the order of its entry's options (NULL:
 * the default). */
typedef struct game_sample {
    const char *option[GAME_MAX_OPTIONS];
} game_sample;

typedef struct game_entry {
    const char *name;
    const char *summary;        /* one line: the rules                     */
    const char *ending;         /* what ends the game and who gets what    */
    /* Margin games, for the words of `value --explain` and `tree`: the
     * game's name in a sentence ("Scoring Nim"; NULL: its registry name),
     * what a point is scored for ("stone", "pin"; NULL: "stone"), and
     * whether the game ends exactly when none is left (then "took the last
     * stone", else "made the last move"). */
    const char *title, *piece;
    bool ends_with_last_piece;
    value_kind kind;
    game_option options[GAME_MAX_OPTIONS + 1];
    /* summary.json: the key of its configuration, the table's layout;
     * table.sha256: the table's name ("payoff": payoff-table; NULL: the
     * game's name). */
    const char *config_key, *layout, *table_name;
    /* Builds the description (owned by the caller: destroy it).  NULL with
     * a one-line reason in err (bad options, a size out of range). */
    game_desc *(*build)(const game_params *p, char *err, int errlen);
    void (*destroy)(game_desc *g);
    /* Games played on piles: the rank of a list of piles (any order,
     * zeros allowed; GAME_PILE_UNKNOWN for a pile of unknown size in a game
     * with unknown_piles, refused by the others), -1 when it is not a
     * position of g. */
    int64_t (*rank_of_piles)(const game_desc *g, const int *piles, int n);
    /* ... and back: the ascending piles of every slot of `rank`; returns
     * the number of slots (at most GAME_MAX_SLOTS). */
    int (*piles_of)(const game_desc *g, uint64_t rank, int *asc);
    /* The size that holds a position given as a list of piles (`value`,
     * `tree`, `plot`); NULL: as many piles as given, the bound the
     * largest.  Sets piles and bound only. */
    void (*size_of_position)(const int *piles, int n, game_params *p);
    /* Games sized by one number, the bound (their positions are not a
     * fixed number of piles: moves that split a heap add one): the sweep
     * takes --bound alone and refuses --piles; piles is 1 in their params.
     * size_help says what the sizes mean, for `verifier games` and the
     * messages (NULL: "--piles P --bound B: every multiset of P piles of
     * at most B"). */
    bool sized_by_bound;
    const char *size_help;
    /* Keyed games (game.h key_moves, no ranks): the key of a list of heaps
     * into key (room for GAME_MAX_KEY words); returns its length, -1 when
     * it is not a position of g. */
    int (*key_of_piles)(const game_desc *g, const int *piles, int n, uint16_t *key);
    /* Margin games whose values move by exactly one unit between
     * neighbouring bonus lanes (Proposition 3.1 for Scoring Nim), so that
     * the packed table format holds them; others get a wide format. */
    bool unit_steps;
    /* Margin games with no bonus (their terminal value does not read the
     * lane, Stewart's G_s): one lane, M = 0. */
    bool one_lane;
    /* What wins from a position, in the words of the paper that studies the
     * game, as lines of text for `value` (the bans that win, for Huibers'
     * ban games; the caller frees it): NULL, or a NULL return, where there
     * is nothing more to say.  The table is swept. */
    char *(*what_wins)(const value_table *t, uint64_t rank);
    /* Games with piles whose size is not known yet (Huibers' unknown piles):
     * a position may name such a pile, written "?" (GAME_PILE_UNKNOWN). */
    bool unknown_piles;
    /* Games whose one-heap values form a sequence worth printing whole
     * (`verifier sequence GAME`, and a command of the game's own such as
     * `verifier gs`): its options, how to read its rules, stream its rows
     * and find its period (sequence.h); NULL for the others. */
    const game_sequence *sequence;
    /* Option sets the tests try on small positions (tests/test_games.c
     * compares every one with a brute-force evaluation). */
    const struct game_sample *samples;
    int nsamples;
} game_entry;

extern const game_entry *const game_registry[];
/* The bonus window of a sweep of e at size p: for a margin game with a
 * bonus, every N = k/2 with |N| <= S + 3, S the most points of a position
 * (piles x bound stones, or the bound of a game sized by it); one lane
 * for the other games. */
lane_window game_bonus_window(const game_entry *e, const game_params *p);
/* A sweep's size in words: "6 piles, bound 32", or "bound 30" for a
 * game sized by its bound (into buf). */
const char *game_sizes_text(const game_entry *e, int piles, int bound, char *buf, size_t len);
/* e->title, else e->name; e->piece, else "stone". */
const char *game_title(const game_entry *e);
const char *game_piece(const game_entry *e);
const game_entry *game_find(const char *name);
/* The game of a command that names none: the registry's first. */
const game_entry *game_default(void);
/* The game that names `command` for its sequence (game_sequence.command),
 * or NULL. */
const game_entry *game_with_sequence(const char *command);
/* The index of option `name` in e's options, or -1. */
int game_option_index(const game_entry *e, const char *name);

#endif
