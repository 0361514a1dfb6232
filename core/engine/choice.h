/*
 * choice.h -- the value of VALUE_CHOICE games: N players in turn, the
 * player who makes the last move wins and every other player loses alike
 * (Huibers' Section 4.6, "without ranking").  A player who cannot win may
 * still decide who does, so a position's value is not one winner but a
 * tree of choices: a leaf names the winner, a node names the player who
 * chooses and the outcomes he chooses between.
 *
 * Players are counted from the player to move: 1 the mover, 2 the next,
 * ..., N the player before the mover (who made the last move, at a
 * position with no move).  A child's tree is seen from its own mover, the
 * next player, so the parent reads it with every player shifted by one
 * (choice_shift).  The mover's value from his children's (choice_combine):
 *   - a child where he wins outright: he wins (a leaf, 1);
 *   - otherwise the children in which he may still win (he appears in
 *     them as a possible winner), or, if there are none, all of them:
 *     he chooses between those (a node of chooser 1; one outcome alone is
 *     that outcome).
 * This is the thesis' "players will be able to choose which player will
 * win, even though they themselves are unable to win in any case".
 * Where a player keeps several outcomes in which he may win, the thesis
 * does not say whether he weighs his chances; a second reading keeps only
 * those where his chance is greatest when every later choice is made at
 * random (CHOICE_BEST_CHANCE), the first keeps them all.
 *
 * Trees are hash-consed into a DAG owned by the table (every distinct
 * tree once, a code each), so that a value is one 32-bit code and equal
 * trees have equal codes; a node's outcomes always have smaller codes
 * than the node, so every pass over the DAG runs in code order without
 * recursion.  Codes depend on the order trees are first made: the sweep
 * of a VALUE_CHOICE table runs on one worker (sweep.c), so they do not
 * depend on the thread count.  A DAG that outgrows 2^32 codes stops the
 * run.  A DAG is used by one thread at a time.
 */
#ifndef CHOICE_H
#define CHOICE_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>

#define CHOICE_MAX_PLAYERS 16

typedef uint32_t choice_code;
typedef struct choice_dag choice_dag;

typedef enum {
    CHOICE_KEEP_CHANCES,  /* keep every outcome in which the chooser may win   */
    CHOICE_BEST_CHANCE,   /* ... only those with his greatest chance at random */
} choice_rule;

choice_dag *choice_dag_new(int players);
void choice_dag_free(choice_dag *d);
int choice_dag_players(const choice_dag *d);
/* Distinct trees made so far, and the bytes they take. */
uint64_t choice_dag_size(const choice_dag *d);
uint64_t choice_dag_bytes(const choice_dag *d);

/* The leaf "player w wins" (1..players). */
choice_code choice_leaf(choice_dag *d, int w);
/* "player `chooser` chooses between alts": duplicates dropped; a single
 * outcome is that outcome. */
choice_code choice_node(choice_dag *d, int chooser, const choice_code *alts, int n);
/* A child's tree seen from its parent: player i becomes i + 1 (N: 1). */
choice_code choice_shift(choice_dag *d, choice_code c);
/* The mover's value from his children's trees, each already shifted
 * (k >= 1; the order does not matter). */
choice_code choice_combine(choice_dag *d, choice_rule rule, const choice_code *shifted, int k);

/* Reading a tree. */
bool choice_is_leaf(const choice_dag *d, choice_code c);
/* The winner of a leaf, the chooser of a node. */
int choice_who(const choice_dag *d, choice_code c);
/* A node's outcomes (none for a leaf), in code order. */
int choice_count(const choice_dag *d, choice_code c);
choice_code choice_alt(const choice_dag *d, choice_code c, int i);
/* The players who win in some outcome of c (bit i - 1: player i). */
uint32_t choice_winners(const choice_dag *d, choice_code c);
/* How deep choices nest (a leaf: 0). */
int choice_depth(const choice_dag *d, choice_code c);
/* Leaves of the tree written out in full, UINT64_MAX past 2^64 - 1. */
uint64_t choice_leaves(const choice_dag *d, choice_code c);
/* The chance that player p wins when every choice in c is made at random
 * (each outcome of a node equally likely), exactly. */
void choice_chance(choice_dag *d, choice_code c, int p, mpq_t out);

/* The tree as text, written out in full: "3", "P1: 2/3", "P2: (P1: 2/3) /
 * (P3: 1/2)" (a node's outcomes in the order of their texts).  NULL when
 * it has more than max_leaves leaves (choice_dag_text then); free it. */
char *choice_text(const choice_dag *d, choice_code c, uint64_t max_leaves);
/* Any tree, its shared parts named once: "T5 = P1: 2/3; T9 = P2: T5 / 1;
 * value T9" (every node below c in code order).  Free it. */
char *choice_dag_text(const choice_dag *d, choice_code c);

#endif
