/*
 * pile_game.c -- the parts of a game on piles that every such game shares
 * (see pile_game.h).
 */
#include "core/engine/pile_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"

int pile_game_init(pile_game *pg, const char *name, value_kind kind, int piles, int bound, char *err, int errlen)
{
    if (ms_shape_init(&pg->shape, piles, bound, err, errlen) != 0)
        return -1;
    pg->tags = 1;
    pg->game = (game_desc){.name = name, .kind = kind, .data = pg, .count = pg->shape.count,
                           .layers = (uint64_t)pg->shape.max_total + 1, .each_position = pile_game_each_position,
                           .format = pile_game_format};
    return 0;
}

int pile_game_set_tags(pile_game *pg, int tags, char *err, int errlen)
{
    if (tags < 1 || pg->shape.count > UINT64_MAX / (uint64_t)tags) {
        snprintf(err, (size_t)errlen, "%s: %d piles of up to %d, each with %d restricted numbers: too many positions",
                 pg->game.name, pg->shape.piles, pg->shape.bound, tags);
        return -1;
    }
    pg->tags = tags;
    pg->game.count = pg->shape.count * (uint64_t)tags;
    pg->game.tags = tags;
    pg->game.tag_name = "restricted number";
    return 0;
}

void pile_game_tag_class(const bool *wins, int tags, const char *one, char *out, size_t len)
{
    int nwins = 0, last_win = -1, last_loss = -1;
    for (int t = 0; t < tags; t++) {
        nwins += wins[t];
        if (wins[t])
            last_win = t;
        else
            last_loss = t;
    }
    if (nwins == tags)
        snprintf(out, len, "N");
    else if (nwins == 0)
        snprintf(out, len, "P");
    else if (nwins == tags - 1 && last_loss == 1)
        snprintf(out, len, "%s", one);
    else if (nwins == tags - 1 && last_loss > 1)
        snprintf(out, len, "%d", last_loss);
    else if (nwins == 1 && last_win == 1)
        snprintf(out, len, "X");
    else if (nwins == 1 && last_win > 1)
        snprintf(out, len, "X%d", last_win);
    else {
        /* Any other pattern, written out: "W{0,2}". */
        size_t used = (size_t)snprintf(out, len, "W{");
        for (int t = 0; t < tags && used < len; t++)
            if (wins[t])
                used += (size_t)snprintf(out + used, len - used, "%s%d", used > 2 ? "," : "", t);
        if (used < len)
            used += (size_t)snprintf(out + used, len - used, "}");
        if (used >= len)
            die("internal error: the class of %d tags needs more than %zu characters", tags, len);
    }
}

/* Each multiset of a layer with its tags, in rank order. */
typedef struct {
    int tags;
    void (*fn)(void *ctx, uint64_t rank, uint64_t layer);
    void *ctx;
} tag_walk;

static void each_tag(void *ctx, uint64_t multiset, uint64_t layer)
{
    tag_walk *w = ctx;
    for (int t = 0; t < w->tags; t++)
        w->fn(w->ctx, multiset * (uint64_t)w->tags + (uint64_t)t, layer);
}

void pile_game_each_position(const void *data, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx)
{
    const pile_game *pg = data;
    if (pg->tags == 1) {
        ms_each_by_total(&pg->shape, fn, ctx);
        return;
    }
    tag_walk w = {.tags = pg->tags, .fn = fn, .ctx = ctx};
    ms_each_by_total(&pg->shape, each_tag, &w);
}

int pile_game_format(const void *data, uint64_t rank, char *buf, int len)
{
    const pile_game *pg = data;
    int n = ms_format(&pg->shape, pile_game_multiset(pg, rank), buf, len);
    if (pg->tags == 1)
        return n;
    /* The restricted number as the thesis writes n(r): "(5,4)(3)". */
    char tail[24];
    int t = snprintf(tail, sizeof tail, "(%d)", pile_game_tag(pg, rank));
    if (n < len)
        snprintf(buf + n, (size_t)(len - n), "%s", tail);
    return n + t;
}

int64_t pile_game_rank_of_piles(const game_desc *g, const int *piles, int n)
{
    const pile_game *pg = g->data;
    int64_t r = ms_rank_of(&pg->shape, piles, n);
    return r < 0 ? -1 : r * (int64_t)pg->tags;
}

int pile_game_piles_of(const game_desc *g, uint64_t rank, int *asc)
{
    const pile_game *pg = g->data;
    ms_unrank(&pg->shape, pile_game_multiset(pg, rank), asc);
    return pg->shape.piles;
}

void pile_game_destroy(game_desc *g)
{
    if (!g)
        return;
    pile_game *pg = g->data;
    ms_shape_free(&pg->shape);
    free(pg);
}
