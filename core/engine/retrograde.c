/*
 * retrograde.c -- the retrograde analysis of games whose positions may
 * repeat (see retrograde.h).
 *
 * Every position's moves are listed once (the children, as an array per
 * position), then reversed (the parents of each position).  The positions
 * with no move are settled first: a loss for the player to move (normal
 * play) or a win (misere).  Each settled position settles its parents: a
 * parent with a child that is a loss is a win; a parent all of whose
 * children are wins is a loss, which a count of the children not yet
 * known to be wins tells.  A move listed twice counts twice on both sides,
 * so the counts stay right.  What is never settled is a draw: from there
 * neither player can force a win, and play can go on for ever.
 */
#include "core/engine/retrograde.h"

#include <stdlib.h>
#include <string.h>

#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"


typedef struct {
    uint64_t *start;      /* position r's entries: list[start[r] .. start[r+1]) */
    uint64_t *list;
} adjacency;

/* Every position's children, one pass over the moves. */
static void list_children(const game_desc *g, uint64_t count, adjacency *a)
{
    game_move *moves = xmalloc(xmul((size_t)g->max_moves + 1, sizeof *moves, "a move list"), "a move list");
    uint64_t cap = count > 16 ? count : 16, used = 0;
    a->start = xmalloc(xmul(count + 1, sizeof *a->start, "the moves of every position"), "the moves of every position");
    a->list = xmalloc(xmul(cap, sizeof *a->list, "the moves of every position"), "the moves of every position");
    for (uint64_t r = 0; r < count; r++) {
        a->start[r] = used;
        int k = g->moves(g->data, r, moves);
        /* More than max_moves: the game wrote past the list. */
        if (k < 0 || k > (g->max_moves > 0 ? g->max_moves : 1))
            die("internal error: %s lists %d moves from a position, at most %d declared", g->name, k, g->max_moves);
        if (used + (uint64_t)k > cap) {
            while (used + (uint64_t)k > cap)
                cap *= 2;
            a->list = xrealloc(a->list, xmul(cap, sizeof *a->list, "the moves of every position"),
                               "the moves of every position");
        }
        for (int m = 0; m < k; m++) {
            if (moves[m].child >= count)
                die("internal error: %s moves to position %llu of %llu", g->name,
                    (unsigned long long)moves[m].child, (unsigned long long)count);
            a->list[used++] = moves[m].child;
        }
    }
    a->start[count] = used;
    free(moves);
}

/* The parents of every position: the children's lists reversed. */
static void reverse(const adjacency *children, uint64_t count, adjacency *parents)
{
    uint64_t edges = children->start[count];
    parents->start = xcalloc(count + 1, sizeof *parents->start, "the moves reversed");
    parents->list = xmalloc(xmul(edges ? edges : 1, sizeof *parents->list, "the moves reversed"), "the moves reversed");
    for (uint64_t e = 0; e < edges; e++)
        parents->start[children->list[e] + 1]++;
    for (uint64_t r = 0; r < count; r++)
        parents->start[r + 1] += parents->start[r];
    uint64_t *fill = xmalloc(xmul(count ? count : 1, sizeof *fill, "the moves reversed"), "the moves reversed");
    memcpy(fill, parents->start, count * sizeof *fill);
    for (uint64_t r = 0; r < count; r++)
        for (uint64_t e = children->start[r]; e < children->start[r + 1]; e++)
            parents->list[fill[children->list[e]]++] = r;
    free(fill);
}

void retrograde_run(value_table *t)
{
    const game_desc *g = t->game;
    uint64_t count = t->count;
    adjacency children, parents;
    list_children(g, count, &children);
    reverse(&children, count, &parents);
    /* Children not yet known to be wins for the player who moves there. */
    uint32_t *open = xmalloc(xmul(count ? count : 1, sizeof *open, "the retrograde counts"), "the retrograde counts");
    uint64_t *queue = xmalloc(xmul(count ? count : 1, sizeof *queue, "the retrograde queue"), "the retrograde queue");
    uint64_t head = 0, tail = 0;
    for (uint64_t r = 0; r < count; r++) {
        uint64_t k = children.start[r + 1] - children.start[r];
        if (k > UINT32_MAX)
            die("internal error: %llu moves from one position", (unsigned long long)k);
        open[r] = (uint32_t)k;
        t->outcome[r] = OUTCOME_DRAW;
        if (k == 0) {
            t->outcome[r] = (uint8_t)(g->misere ? OUTCOME_WIN : OUTCOME_LOSS);
            queue[tail++] = r;
        }
    }
    while (head < tail) {
        uint64_t c = queue[head++];
        bool loss = t->outcome[c] == OUTCOME_LOSS;
        for (uint64_t e = parents.start[c]; e < parents.start[c + 1]; e++) {
            uint64_t p = parents.list[e];
            if (t->outcome[p] != OUTCOME_DRAW)
                continue;
            /* A move to a loss wins; a parent whose every move goes to a
             * win loses. */
            if (loss || --open[p] == 0) {
                t->outcome[p] = (uint8_t)(loss ? OUTCOME_WIN : OUTCOME_LOSS);
                queue[tail++] = p;
            }
        }
    }
    free(open);
    free(queue);
    free(children.start);
    free(children.list);
    free(parents.start);
    free(parents.list);
}
