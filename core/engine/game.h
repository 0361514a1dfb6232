/*
 * game.h -- a game, as the engine's input.
 *
 * A game is data and a few functions; the engine computes every value
 * from them alone, whatever the game:
 *
 *   - its positions: ranks 0 .. count-1 and an order to compute them in,
 *     one of
 *       layers        every move goes to an earlier layer; the positions of
 *                     one layer are independent and are computed in
 *                     parallel (each_position gives every rank its layer);
 *       GAME_BY_RANK  every move goes to a lower rank: computed one after
 *                     another, and the space may grow (count may be
 *                     GAME_UNBOUNDED; the table holds a prefix of it);
 *       GAME_CYCLIC   positions may repeat: win, loss or draw by
 *                     retrograde analysis (VALUE_DRAW only);
 *     or, for games whose positions have no dense ranking (a multiset of
 *     heaps of any size), keys of 16-bit words that the engine's memo
 *     (memo.h) looks up, asking the game for the moves of a key;
 *   - its moves from a position: the child and what the mover scores.
 *     Whatever a later move depends on (the previous move, a ban, a
 *     restricted number) is part of the position, so a move is always a
 *     plain edge to a child;
 *   - its terminal values: what a position with no move is worth;
 *   - its value kind, which says how the children's values combine
 *     (value_kind below).
 *
 * A position as text comes from the game (format), so that the engine's
 * users can name positions without knowing the game.  A game may plug in
 * a fast path (game_fast_path): another way of computing the same values,
 * which the tests compare with the plain path through the moves.  A game
 * knows nothing of threads: the engine calls its functions from any
 * worker, so they must not write shared data (a cache the game fills is
 * per game instance, and a game instance is used by one worker at a time
 * unless its functions only read).
 */
#ifndef GAME_H
#define GAME_H

#include <stdbool.h>
#include <stdint.h>

/* How the children's values combine into a position's value. */
typedef enum {
    /* A scoring margin at every bonus lane M (table.h): the player to
     * move secures max over moves of (points - child), and a position
     * with no move is worth terminal(rank, M).  Scoring Nim (the lane is
     * the bonus for the last stone) and Stewart's G_s (one lane). */
    VALUE_MARGIN,
    /* Impartial normal play: the Sprague-Grundy value, the mex of the
     * children's; and the misere outcome: a position with no move is a
     * win for the player to move, otherwise a win exactly when some child
     * is a misere loss. */
    VALUE_GRUNDY,
    /* N >= 2 players taking turns in a fixed order: an outcome code
     * (0 .. players-1) per position, chosen by the game's rule from the
     * children's codes (choose; game_players_ranking is the ranking rule
     * of Huibers' Section 4.5); a position with no move has outcome 0. */
    VALUE_PLAYERS,
    /* Two players, each move a zero-sum matrix game played at once: the
     * mover picks an option (a pile, say), then the mover a row and the
     * opponent a column; the cell is the child.  The value is the exact
     * rational probability that the player to move wins, the mover
     * securing max over options of the matrix game's value, a cell paying
     * 1 - value(child).  A position with no option is worth 0 (normal
     * play: the opponent made the last move) or 1 (misere). */
    VALUE_MATRIX,
    /* Two players, normal or misere play, positions that may repeat: a
     * win, a loss or a draw for the player to move (value_outcome), by
     * retrograde analysis.  A position with no move is a loss (normal)
     * or a win (misere). */
    VALUE_DRAW,
    /* N >= 2 players in turn, the one who makes the last move wins and
     * the others lose alike (no ranking): who wins, as a tree of the
     * choices of players who cannot win themselves but decide who does
     * (choice.h; Huibers' Section 4.6).  A position with no move is won
     * by the player before the mover.  Computed on one worker. */
    VALUE_CHOICE,
} value_kind;

/* Outcomes of VALUE_DRAW, and of the misere half of VALUE_GRUNDY. */
typedef enum { OUTCOME_LOSS = 0, OUTCOME_WIN = 1, OUTCOME_DRAW = 2 } value_outcome;

/* The order of computation (game_desc.layers), besides a layer count. */
#define GAME_BY_RANK UINT64_MAX
#define GAME_CYCLIC 0
/* count of a GAME_BY_RANK space that grows as far as asked. */
#define GAME_UNBOUNDED UINT64_MAX

typedef struct {
    uint64_t child;   /* rank of the position after the move                  */
    int64_t points;   /* VALUE_MARGIN: what the mover scores, in table units  */
} game_move;

/* One option of a VALUE_MATRIX position: rows x cols cells (the mover's
 * choices by the opponent's), children cells[first + i * cols + j]. */
typedef struct {
    int rows, cols;
    int first;
} game_matrix;

/* A move of one heap of a heap game (rank_memo.h, heap_game.h): what the
 * mover scores and the heaps it leaves in its place, largest first, each
 * positive (none: the heap is gone).  The beans it takes are the heap
 * less its parts. */
#define GAME_HEAP_MAX_PARTS 3
typedef struct {
    int64_t points;
    int nparts;
    int parts[GAME_HEAP_MAX_PARTS];
} game_heap_move;

/* A keyed move (memo.h): fn(ctx, points, child key, its length). */
typedef void (*game_key_fn)(void *ctx, int64_t points, const uint16_t *key, int len);

/* d[0..n) = s[0..n) for the short runs of words keys are made of (the
 * two do not overlap): four words a move, the last four of a run of four
 * or more copied as one move that may cover words already copied, and a
 * shorter run in one or two moves; no loop a word at a time and no call
 * to memcpy (a call for each run cost more than the copy, and keys are a
 * few words: a breaking game copies a few runs of them for each of its
 * hundreds of millions of children). */
static inline void key_copy(uint16_t *d, const uint16_t *s, int n)
{
    if (n >= 4) {
        int i = 0;
        for (; i + 4 < n; i += 4) {
            uint64_t w;
            __builtin_memcpy(&w, s + i, sizeof w);
            /* Keeps the compiler from turning the loop into a memmove. */
            __asm__("" : "+r"(w));
            __builtin_memcpy(d + i, &w, sizeof w);
        }
        uint64_t last;
        __builtin_memcpy(&last, s + n - 4, sizeof last);
        __builtin_memcpy(d + n - 4, &last, sizeof last);
    } else if (n >= 2) {
        uint32_t a, b;
        __builtin_memcpy(&a, s, sizeof a);
        __builtin_memcpy(&b, s + n - 2, sizeof b);
        __builtin_memcpy(d, &a, sizeof a);
        __builtin_memcpy(d + n - 2, &b, sizeof b);
    } else if (n == 1)
        d[0] = s[0];
}

struct value_table;
struct table_opts;
struct state_blob;
typedef struct game_desc game_desc;

/* Another way to compute a game's values (VALUE_MARGIN tables), chosen
 * with KERNEL_FAST; its working state lives from begin to end. */
typedef struct {
    const char *name;                   /* "runmax", "rows"             */
    /* Bytes of its working state for a table with these options (so that
     * a run that cannot finish is refused before any work). */
    uint64_t (*bytes)(const game_desc *g, const struct table_opts *o);
    void *(*begin)(struct value_table *t, int threads);
    /* Optional: a worker's own scratch, made and freed by the worker
     * itself around each run of layers (so that it lies in the worker's
     * own memory and apart from the other workers' lines). */
    void (*worker_begin)(void *state, int tid);
    void (*worker_end)(void *state, int tid);
    /* Computes and stores `rank`, whose children are all done (a worker
     * of number tid; positions of one layer run at once). */
    void (*position)(void *state, struct value_table *t, int tid, uint64_t rank);
    /* GAME_BY_RANK tables: computes ranks [lo, hi) in order, in one call
     * (NULL: position by position). */
    void (*range)(void *state, struct value_table *t, uint64_t lo, uint64_t hi);
    /* The byte ranges of its state between layers, for checkpoints. */
    int (*state)(void *state, struct state_blob *out, int max);
    void (*end)(void *state);
    /* Row operations of a whole sweep, for the time estimate. */
    double (*ops)(const game_desc *g);
} game_fast_path;

struct game_desc {
    const char *name;          /* the registry's name ("scoring-nim")      */
    value_kind kind;
    void *data;                /* the game's own: rules, position space    */

    /* ---- positions ---- */
    uint64_t count;            /* ranks 0 .. count-1 (or GAME_UNBOUNDED)   */
    uint64_t layers;           /* a count of layers, GAME_BY_RANK or GAME_CYCLIC */
    /* Layered games: fn(ctx, rank, layer) for every rank, in rank order. */
    void (*each_position)(const void *data, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx);
    /* Writes the position as text ("(5,4,2)"); returns its length, as
     * snprintf does (a longer text is cut and its length returned). */
    int (*format)(const void *data, uint64_t rank, char *buf, int len);

    /* A position may carry one of `tags` states (0 or 1: none): a number
     * the player to move may not take, say.  The states of one position
     * have consecutive ranks, state 0 (the start: nothing carried)
     * first; tag_name says what a state is ("restricted number"). */
    int tags;
    const char *tag_name;

    /* ---- moves ---- */
    int max_moves;             /* most moves from one position            */
    /* The moves from `rank`, in a fixed order; returns how many. */
    int (*moves)(const void *data, uint64_t rank, game_move *out);

    /* ---- terminal values, by kind ---- */
    /* VALUE_MARGIN: a position with no move, at bonus lane M. */
    int64_t (*terminal)(const void *data, uint64_t rank, int64_t M);
    /* VALUE_MARGIN: the largest |value| at bonuses |M| <= max_m (the
     * table refuses a window whose values its format cannot hold). */
    int64_t (*value_bound)(const void *data, int64_t max_m);
    /* VALUE_MATRIX, VALUE_DRAW: the player who cannot move wins. */
    bool misere;
    /* VALUE_MARGIN: a value is a multiple of 1/scale of a point, for the
     * games that choose their own units (Stewart's rational points); 0:
     * a point is worth the unit the game was built with. */
    int64_t scale;

    /* ---- VALUE_PLAYERS (and VALUE_CHOICE: players) ---- */
    int players;
    /* The mover's outcome from the children's (each seen from its own
     * mover); k >= 1. */
    uint8_t (*choose)(const game_desc *g, uint64_t rank, const uint8_t *children, int k);

    /* ---- VALUE_CHOICE: `players`, and how a player who cannot win
     * weighs the outcomes in which he may (choice.h) ---- */
    int choice_rule;

    /* ---- VALUE_MATRIX ---- */
    int max_options, max_cells;
    /* The options of `rank` into out[], their cells' children into
     * cells[]; returns the number of options (0: no move). */
    int (*matrices)(const void *data, uint64_t rank, game_matrix *out, uint64_t *cells);
    /* Optional: names for the explanation of a position's strategies:
     * of option `option` (which 0: "pile 11"), of its row `index` (which
     * 1: the mover's "x = 4") or column (which 2: the opponent's "x' =
     * 2"); returns the length, as snprintf does (NULL: "option 1", "row
     * 2", ...). */
    int (*matrix_label)(const void *data, uint64_t rank, int option, int which, int index, char *buf, int len);

    /* ---- keyed positions (memo.h), VALUE_MARGIN ---- */
    /* Calls fn for every move from the position `key` (canonical, as the
     * game writes keys); false when the key is beyond the game's limits
     * (then no value is made up). */
    bool (*key_moves)(void *data, const uint16_t *key, int len, game_key_fn fn, void *ctx);

    /* ---- heap games (rank_memo.h, heap_game.h) ---- */
    /* A position is one multiset of heaps or, the sum of two games, two
     * (side 0 and side 1), and a move replaces one heap by the heaps of a
     * move of that heap alone: *out = the moves of a heap of h beans on
     * that side, in a list the game keeps while it lives; returns their
     * number (0: the heap never moves, and never changes play).  The
     * engine checks every move: it takes a bean or splits a heap, so
     * twice the beans less the heaps drops (the order of work). */
    int (*heap_moves)(void *data, int side, int h, const game_heap_move **out);

    /* ---- what the values rest on ---- */
    /* NULL, or a rule the game's values rest on that its paper does not
     * define (an octal code with a digit before the point): the results
     * say so wherever the game's values appear. */
    const char *convention;

    /* ---- speed ---- */
    const game_fast_path *fast;  /* NULL: the plain path only             */
    /* Row operations of a plain sweep, for the time estimate (NULL: count
     * times max_moves / 2). */
    double (*plain_ops)(const void *data);
};

/* The ranking rule of VALUE_PLAYERS (Huibers, Section 4.5): the player
 * who makes the last move ranks first, the one before him second, and so
 * on, the first who cannot move last; each player plays for the best
 * rank.  An outcome v says who makes the last move, counted from the
 * player to move: v = 1 the mover, v = 2 the next player, ..., v = 0 the
 * player before the mover (so 0 at a position with no move).  The mover
 * ranks (v - 1) mod players, so he moves to the child whose outcome (seen
 * from the next player) is least, and his outcome is that one plus one,
 * mod players. */
uint8_t game_players_ranking(const game_desc *g, uint64_t rank, const uint8_t *children, int k);

const char *value_kind_name(value_kind k);

#endif
