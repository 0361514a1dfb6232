/*
 * kayles.c -- Scoring Kayles, a game whose moves split heaps, as a game
 * on the engine (game.h), with a position space of its own.
 *
 * Rules.  A position is a multiset of rows of pins.  A move knocks down
 * one pin, or two adjacent pins, of one row; what is left of the row (the
 * pins on either side of the gap) stays as up to two rows.  A pin is
 * worth one point to the player who knocks it down, and the player who
 * knocks down the last pin also scores the bonus N: a position with no
 * pin is worth -N to the player to move (the opponent moved last).  So
 *     f_N(no pin) = -N,   f_N(p) = max over moves p -> p' of (pins down - f_N(p')),
 * Scoring Nim's recursion (2) with Kayles' moves, and at N = 0 Stewart's
 * scoring octal game 0.77 (taking i beans scores i) on the same heaps.
 *
 * Positions.  A move may split a row, so the count of rows grows as play
 * goes on and no fixed number of piles holds the game: the positions of
 * a size T are every multiset of rows with at most T pins in all, the
 * engine's heap space (heap_game.h): ranked by their pins, then by their
 * rows read largest first, in increasing order of the largest row, then
 * the next.  The engine derives the order of work from the moves of one
 * row, which this file gives.  The size is the registry's bound (the
 * most pins); --piles is not read (game_entry.sized_by_bound).
 *
 * The same positions and moves without points are Kayles itself, the
 * game `kayles` (normal-play Grundy values and misere outcomes).
 *
 * Moves are listed the smallest row first (the engine's order); within a
 * row, the single pins from the end inwards, then the pairs from the end
 * inwards, each once up to the row's mirror image.  No fast path: the
 * plain kernel computes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/heap_game.h"
#include "core/engine/heap_grundy.h"
#include "core/engine/xalloc.h"
#include "core/games/registry.h"

/* The most pins of a size: every position's rows fit in GAME_MAX_SLOTS
 * (a position of n pins has at most n rows). */
#define KAYLES_MAX_PINS GAME_MAX_SLOTS

typedef struct {
    heap_game hg;        /* first: game.data points to it and to this      */
    int pins;            /* T: the most pins of a position                  */
    int64_t unit;        /* table units a point is worth                    */
    /* row_moves[r][0 .. nrow[r]): the moves of one row of r pins. */
    game_heap_move *row_moves[KAYLES_MAX_PINS + 1];
    int nrow[KAYLES_MAX_PINS + 1];
} kayles;

/* The moves of one row of r pins into out (room for 2r + 2), each worth
 * `unit` a pin: knock down `down` pins with `left` standing on one side
 * and the rest on the other (the mirror image once).  Returns how many. */
static int write_row_moves(game_heap_move *out, int r, int64_t unit)
{
    int n = 0;
    for (int down = 1; down <= 2 && down <= r; down++)
        for (int left = 0; 2 * left <= r - down; left++) {
            int a = r - down - left, b = left;
            game_heap_move *mv = &out[n++];
            *mv = (game_heap_move){.points = unit * down};
            if (a > 0)
                mv->parts[mv->nparts++] = a;
            if (b > 0)
                mv->parts[mv->nparts++] = b;
        }
    return n;
}

static void list_row_moves(kayles *g, int r)
{
    g->row_moves[r] = xcalloc((size_t)(2 * r + 2), sizeof *g->row_moves[r], "a game's moves");
    g->nrow[r] = write_row_moves(g->row_moves[r], r, g->unit);
}

static int row_moves(void *data, int side, int h, const game_heap_move **out)
{
    const kayles *g = data;
    (void)side;
    *out = g->row_moves[h];
    return g->nrow[h];
}

static int64_t terminal(const void *data, uint64_t rank, int64_t M)
{
    (void)data;
    (void)rank;
    return -M;
}

/* A payoff is a difference of pins plus or minus the bonus. */
static int64_t value_bound(const void *data, int64_t max_m)
{
    const kayles *g = data; /* the heap game is its first member */
    return g->unit * g->pins + max_m;
}

static double plain_ops(const void *data)
{
    const kayles *g = data;
    /* About n moves from a position of n pins, (T/2) on average. */
    return (double)g->hg.game.count * (double)g->pins / 2;
}

static void destroy(game_desc *d)
{
    if (!d)
        return;
    kayles *g = d->data;
    heap_game_free(&g->hg);
    for (int r = 0; r <= KAYLES_MAX_PINS; r++)
        free(g->row_moves[r]);
    free(g);
}

/* Scoring Kayles (VALUE_MARGIN) or Kayles itself (VALUE_GRUNDY: the
 * same positions and moves, normal and misere play). */
static game_desc *build_kind(const game_params *p, const char *name, value_kind kind, char *err, int errlen)
{
    if (p->bound < 0 || p->bound > KAYLES_MAX_PINS) {
        snprintf(err, (size_t)errlen, "%s: at most %d pins in all (a size of %d asked for)", name, KAYLES_MAX_PINS,
                 p->bound);
        return NULL;
    }
    kayles *g = xcalloc(1, sizeof *g, "a game");
    g->pins = p->bound;
    g->unit = p->unit;
    for (int r = 1; r <= g->pins; r++)
        list_row_moves(g, r);
    if (heap_game_init(&g->hg, name, g->pins, row_moves, g, err, errlen) != 0) {
        for (int r = 0; r <= KAYLES_MAX_PINS; r++)
            free(g->row_moves[r]);
        free(g);
        return NULL;
    }
    game_desc *d = &g->hg.game;
    d->kind = kind;
    d->terminal = terminal;
    d->value_bound = value_bound;
    d->plain_ops = plain_ops;
    return d;
}

static game_desc *build_scoring(const game_params *p, char *err, int errlen)
{
    return build_kind(p, "scoring-kayles", VALUE_MARGIN, err, errlen);
}

static game_desc *build_normal(const game_params *p, char *err, int errlen)
{
    return build_kind(p, "kayles", VALUE_GRUNDY, err, errlen);
}

/* Rows in any order, zeros left out; -1 beyond the size. */
static int64_t rank_of_piles(const game_desc *d, const int *piles, int n)
{
    return heap_game_rank_of(d->data, piles, n);
}

static int piles_of(const game_desc *d, uint64_t rank, int *asc)
{
    return heap_game_heaps_of(d->data, rank, asc);
}

/* The size that holds a position: its pins. */
static void size_of_position(const int *piles, int n, game_params *p)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += piles[i] > 0 ? piles[i] : 0;
    p->piles = 1;
    p->bound = total;
}

static const game_sample samples[] = {{{NULL}}};

/* ---- Kayles' Grundy values of one row, as a sequence (heap_grundy.h) ----
 * Rows of any length (not only a sweep's 64 pins): the moves of one row
 * are written when asked. */

static int row_room(const void *data, int h)
{
    (void)data;
    return 2 * h + 2;
}

static int row_write(const void *data, int h, game_heap_move *out)
{
    (void)data;
    return write_row_moves(out, h, 1);
}

static sequence *open_row_sequence(const char *command, const char *const *values, char *err, int errlen)
{
    (void)command;
    (void)values;
    (void)err;
    (void)errlen;
    /* Kayles is the octal game 0.77: taking one or two pins may take a
     * whole row, leave one row, or leave two. */
    heap_grundy_rules rules = {
        .name = "kayles", .room = row_room, .write = row_write, .ndigits = 2, .digits = {7, 7}};
    return heap_grundy_open(&rules);
}

static const game_sequence row_sequence = {
    .symbol = "G",
    .summary = "Kayles' Grundy values G(n) of one row of n pins, and their period",
    .usage = "",
    .about = "Prints G(n), the Sprague-Grundy value of one row of n pins in Kayles (normal\n"
             "play), for n = 0..L: `n G` lines.\n",
    .options_help = "",
    .json_help = "                   \"game\": \"kayles\"\n",
    .notes = "Kayles is the octal game 0.77: its moves are checked to be the code's on every\n"
             "row, and the period is CERTIFIED by the octal periodicity theorem once\n"
             "G(n + p) = G(n) for n0 <= n < 2 n0 + p + 2 (--to 167 certifies period 12\n"
             "from n = 71).\n",
    .limits = "none",
    .options = {{NULL, false, false}},
    .open = open_row_sequence,
    HEAP_GRUNDY_FUNCTIONS,
};

const game_entry game_scoring_kayles = {
    .name = "scoring-kayles",
    .summary = "Scoring Kayles: rows of pins; a move knocks down one pin or two adjacent pins of a row, which may "
               "split it in two, and scores a point a pin",
    .ending = "the game ends when no pin is left; the player who knocked down the last pin also scores the bonus N "
              "(f_N(no pin) = -N); at N = 0 it is Stewart's scoring octal game 0.77",
    .title = "Scoring Kayles",
    .piece = "pin",
    .ends_with_last_piece = true,
    .kind = VALUE_MARGIN,
    .config_key = "scoring_kayles",
    .layout = "2*f_N(p) as int32 little-endian (int64 when the table is 64-bit wide); positions by their pins, "
              "then by their rows read largest first, in increasing order of the largest row, then the next; N "
              "increasing",
    .build = build_scoring,
    .destroy = destroy,
    .rank_of_piles = rank_of_piles,
    .piles_of = piles_of,
    .size_of_position = size_of_position,
    .sized_by_bound = true,
    .size_help = "--bound T: every position of at most T pins in all (rows of any number; --piles is not read)",
    .unit_steps = true,
    .samples = samples,
    .nsamples = (int)(sizeof samples / sizeof *samples),
};

const game_entry game_kayles = {
    .name = "kayles",
    .summary = "Kayles: rows of pins; a move knocks down one pin or two adjacent pins of a row, which may split it in "
               "two (Scoring Kayles' positions and moves, no points)",
    .ending = "the player who cannot move loses (normal play: the Sprague-Grundy value) or wins (misere play: the "
              "misere outcome); both are computed",
    .kind = VALUE_GRUNDY,
    .config_key = "kayles",
    .layout = "the Sprague-Grundy value as uint32 little-endian with bit 31 set when the player to move wins at "
              "misere play; positions as in scoring-kayles",
    .build = build_normal,
    .sequence = &row_sequence,
    .destroy = destroy,
    .rank_of_piles = rank_of_piles,
    .piles_of = piles_of,
    .size_of_position = size_of_position,
    .sized_by_bound = true,
    .size_help = "--bound T: every position of at most T pins in all (rows of any number; --piles is not read)",
    .samples = samples,
    .nsamples = (int)(sizeof samples / sizeof *samples),
};
