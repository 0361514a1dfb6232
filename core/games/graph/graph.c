/*
 * graph.c -- a game on a directed graph given on the command line, as a
 * game on the engine whose positions may repeat (GAME_CYCLIC,
 * VALUE_DRAW): the engine's retrograde analysis says, of every vertex,
 * whether the player to move there wins, loses or can only draw.
 *
 * Rules.  The positions are the vertices 0 .. V-1 of the graph of --edges
 * ("0>1,1>2,2>0,2>3": a move from 0 to 1, ...), V - 1 the largest vertex
 * named there or --bound, whichever is larger (a vertex with no edge out
 * has no move).  A move follows an edge.  The player who cannot move
 * loses (normal play) or wins (--play misere).  Cycles are allowed: a
 * position from which neither player can force a win, because play can
 * go on for ever, is a draw.  Positions are single vertices (--piles 1).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/multiset.h"
#include "core/engine/xalloc.h"
#include "core/games/game_options.h"
#include "core/games/registry.h"

#define GRAPH_MAX_EDGES 100000

typedef struct {
    game_desc game;     /* game.data points here: the struct must not move */
    uint64_t vertices;
    uint64_t *start;    /* vertex v's moves: to[start[v] .. start[v+1])  */
    uint64_t *to;
} graph;

static int format_position(const void *data, uint64_t rank, char *buf, int len)
{
    (void)data;
    return snprintf(buf, (size_t)len, "%llu", (unsigned long long)rank);
}

static int moves(const void *data, uint64_t rank, game_move *out)
{
    const graph *g = data;
    int k = 0;
    for (uint64_t e = g->start[rank]; e < g->start[rank + 1]; e++)
        out[k++] = (game_move){.child = g->to[e]};
    return k;
}

typedef struct {
    long from, to;
} edge;

/* "0>1,1>2": edges of vertices 0..MS_MAX_BOUND into *out (allocated);
 * returns their number, or -1 with a reason. */
static long parse_edges(const char *text, edge **out, char *err, int errlen)
{
    long n = 0, cap = 16;
    edge *e = xmalloc((size_t)cap * sizeof *e, "a graph");
    const char *stop = text + strlen(text);
    for (const char *p = text; p < stop;) {
        const char *end = memchr(p, ',', (size_t)(stop - p)), *arrow;
        if (!end)
            end = stop;
        long long a, b;
        /* Whole numbers either side of one '>'; no comma at the end. */
        if (!(arrow = memchr(p, '>', (size_t)(end - p))) || game_parse_whole(p, arrow, 0, LLONG_MAX, &a) != 0 ||
            game_parse_whole(arrow + 1, end, 0, LLONG_MAX, &b) != 0 || (end < stop && end + 1 == stop))
            goto bad;
        if (a > MS_MAX_BOUND || b > MS_MAX_BOUND) {
            snprintf(err, (size_t)errlen, "graph: --edges: vertices are 0..%d", MS_MAX_BOUND);
            free(e);
            return -1;
        }
        if (n == GRAPH_MAX_EDGES) {
            snprintf(err, (size_t)errlen, "graph: --edges: at most %d edges", GRAPH_MAX_EDGES);
            free(e);
            return -1;
        }
        if (n == cap) {
            cap *= 2;
            e = xrealloc(e, (size_t)cap * sizeof *e, "a graph");
        }
        e[n++] = (edge){(long)a, (long)b};
        p = end < stop ? end + 1 : end;
    }
    if (n == 0)
        goto bad;
    *out = e;
    return n;
bad:
    snprintf(err, (size_t)errlen, "graph: --edges must be moves such as 0>1,1>2,2>0 (whole numbers), got '%.40s'",
             text);
    free(e);
    return -1;
}

static game_desc *build(const game_params *p, char *err, int errlen)
{
    int misere = game_parse_play(p->option[1]);
    if (!p->option[0]) {
        snprintf(err, (size_t)errlen, "graph needs --edges, such as 0>1,1>2,2>0");
        return NULL;
    }
    if (p->piles != 1) {
        snprintf(err, (size_t)errlen, "graph: a position is one vertex (--piles 1, or one number)");
        return NULL;
    }
    if (misere < 0) {
        snprintf(err, (size_t)errlen, "graph: --play must be normal or misere, got '%.40s'", p->option[1]);
        return NULL;
    }
    edge *e;
    long n = parse_edges(p->option[0], &e, err, errlen);
    if (n < 0)
        return NULL;
    graph *g = xcalloc(1, sizeof *g, "a game");
    long top = p->bound;
    for (long i = 0; i < n; i++) {
        top = e[i].from > top ? e[i].from : top;
        top = e[i].to > top ? e[i].to : top;
    }
    g->vertices = (uint64_t)top + 1;
    /* The edges grouped by their vertex, in the order given. */
    g->start = xcalloc(g->vertices + 1, sizeof *g->start, "a graph");
    g->to = xmalloc((size_t)n * sizeof *g->to, "a graph");
    for (long i = 0; i < n; i++)
        g->start[e[i].from + 1]++;
    int most = 1;
    for (uint64_t v = 0; v < g->vertices; v++) {
        most = (int)g->start[v + 1] > most ? (int)g->start[v + 1] : most;
        g->start[v + 1] += g->start[v];
    }
    uint64_t *fill = xmalloc(g->vertices * sizeof *fill, "a graph");
    memcpy(fill, g->start, g->vertices * sizeof *fill);
    for (long i = 0; i < n; i++)
        g->to[fill[e[i].from]++] = (uint64_t)e[i].to;
    free(fill);
    free(e);
    g->game = (game_desc){.name = "graph", .kind = VALUE_DRAW, .data = g, .count = g->vertices,
                          .layers = GAME_CYCLIC, .format = format_position, .max_moves = most, .moves = moves,
                          .misere = misere == 1};
    return &g->game;
}

static void destroy(game_desc *d)
{
    if (!d)
        return;
    graph *g = d->data;
    free(g->start);
    free(g->to);
    free(g);
}

static int64_t rank_of_piles(const game_desc *d, const int *piles, int n)
{
    const graph *g = d->data;
    return n == 1 && piles[0] >= 0 && (uint64_t)piles[0] < g->vertices ? piles[0] : -1;
}

static int piles_of(const game_desc *d, uint64_t rank, int *asc)
{
    (void)d;
    asc[0] = (int)rank;
    return 1;
}

static const game_sample samples[] = {{{"0>1,1>2,2>0,2>3", NULL}},
                                      {{"0>1,1>0,1>2,3>1,3>4,4>3,4>5,5>5", NULL}},
                                      {{"0>1,1>2,2>0,2>3", "misere"}},
                                      {{"1>0,2>1,3>2,4>3,4>0,2>0", NULL}}};

const game_entry game_graph = {
    .name = "graph",
    .summary = "a move follows an edge of the directed graph of --edges; positions are its vertices, and cycles "
               "are allowed",
    .ending = "the player who cannot move loses (--play misere: wins); where neither player can force a win, "
              "because play can go on for ever, the position is a draw",
    .kind = VALUE_DRAW,
    .options = {{"edges", "the moves, such as 0>1,1>2,2>0 (quote it in a shell)"},
                {"play", "normal (the player who cannot move loses, the default) or misere"}},
    .config_key = "graph",
    .layout = "the outcome for the player to move (0 loss, 1 win, 2 draw) as one byte; positions the vertices in "
              "order",
    .build = build,
    .destroy = destroy,
    .rank_of_piles = rank_of_piles,
    .piles_of = piles_of,
    .samples = samples,
    .nsamples = (int)(sizeof samples / sizeof *samples),
};
