/*
 * value.h -- the `value` command (value.c): the exact value of one
 * position of a game played on piles; for margin games f_N(p) at any
 * rational N, with --explain the optimal first moves and one optimal
 * line.  `tree` and `plot` build their tables the same way.
 */
#ifndef VALUE_H
#define VALUE_H

#include <stdbool.h>

#include "core/engine/multiset.h"
#include "core/engine/pinning.h"
#include "core/engine/table.h"
#include "core/games/registry.h"
#include "verifier/base/args.h"

typedef struct {
    const char *command;   /* for messages: "value", "tree", "plot"    */
    const game_entry *game;                /* NULL: Scoring Nim        */
    const char *option[GAME_MAX_OPTIONS];  /* the game's own options   */
    int piles[GAME_MAX_SLOTS];
    int n;
    int tag;               /* the state written after the piles ("(27,1)(1)"), -1: none */
    /* One pile given as a range lo:hi ("22,0:30"): its index (-1: none;
     * piles[range_at] holds lo) and its top.  `value` prints each position
     * of the range, and a count of their outcomes. */
    int range_at, range_hi;
    rat lo, hi, step;      /* N = lo, lo + step, ... <= hi (step > 0) */
    bool explain;          /* --explain: lines of play at N = lo       */
    bool json;             /* --json: one JSON document (not with explain) */
} value_query;

/* Prints the value (`N f_N(p)` per bonus for margin games) and the
 * explanation.  Returns an exit status (check.h). */
int run_value(const value_query *q);

/* A query's game, its table swept at the query's bonuses, and where the
 * bonuses sit in it: the k-th bonus is M = mlo + k mstep (N = M / denom2)
 * at lane k mstep. */
typedef struct {
    const game_entry *entry;
    game_desc *game;
    value_table table;
    pinning pin;
    uint64_t rank;      /* the position's rank (with its state)  */
    int tag;            /* the state asked for, -1: none (state 0) */
    long long count, mlo, mstep;
    long denom2;        /* 2b: lane M is N = M / 2b, values 2b f */
    /* The position's piles in the order the user gave them: positions
     * are shown in that order (value_order_*). */
    int given[GAME_MAX_SLOTS], ngiven;
} value_grid;

/* A position as the user sees it: its piles in the order given, each
 * move changing its pile in place. */
typedef struct {
    int p[GAME_MAX_SLOTS];
    int n;
} ordered_pos;
/* Room for any ordered position as text: "(" and up to GAME_MAX_SLOTS piles
 * of at most 6 digits and a separator, ")" and the NUL. */
#define ORDERED_TEXT_MAX (GAME_MAX_SLOTS * 7 + 3)
/* The queried position, as given. */
void value_order_start(const value_grid *g, ordered_pos *o);
/* The child `child` of the position `parent`: the pile that changed
 * changed in place (a move that changes more than one pile: the child's
 * piles largest first). */
void value_order_child(const value_grid *g, const ordered_pos *parent, uint64_t child, ordered_pos *out);
/* "(1,4,2)". */
void value_format_ordered(const ordered_pos *o, char buf[ORDERED_TEXT_MAX]);

/* Builds the game and sweeps the table of the query's position at its
 * bonuses.  Returns 0 (release it with value_release), or an exit status
 * with the message printed (nothing to release). */
int value_build(const value_query *q, value_grid *g);
/* value_build for a command that draws scores (tree, plot): a game whose
 * values are not margins is refused in one line. */
int value_build_margin(const value_query *q, value_grid *g);
void value_release(value_grid *g);

/* num/den reduced: "7/4", "-3". */
void value_format_rat(long long num, long long den, char *buf, int len);
/* The stones of a position. */
int value_stones(const value_grid *g, uint64_t rank);

#endif
