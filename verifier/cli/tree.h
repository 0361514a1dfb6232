/*
 * tree.h -- the `tree` command (tree.c): a position's game tree at one
 * bonus as Graphviz DOT, rendered when dot is installed.
 */
#ifndef TREE_H
#define TREE_H

#include <stdbool.h>

#include "verifier/base/guard.h"
#include "verifier/cli/value.h"

typedef struct {
    value_query value;  /* the position and its one bonus           */
    run_guard *guard;   /* removes the temporary files if the run stops */
    int depth;          /* moves below the position                  */
    bool optimal_only;  /* only the optimal moves, to the depth      */
    const char *out;    /* .dot, .svg or .png; NULL: DOT on stdout   */
    bool force;         /* --force: replace an existing file at out  */
} tree_query;

int run_tree(const tree_query *q);

#endif
