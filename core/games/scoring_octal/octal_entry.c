/*
 * octal_entry.c -- Stewart's scoring octal games in the game registry:
 * a game of one heap n under O, or (--sum) a heap n under O plus a heap m
 * under P, n and m up to the bound.  A game that never breaks a heap is
 * the grid (octal_game.h: ranked, one row after another, with its fast
 * path); one that breaks heaps is keyed (the heaps, in the engine's memo).
 * `conj` computes these games for the claims, and `gs` prints one game's
 * sequence (octal_sequence.c, through .sequence); the registry is how the
 * tests reach every game the same way.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "core/games/registry.h"
#include "core/games/scoring_octal/octal_game.h"
#include "core/games/scoring_octal/octal_sequence.h"

/* A code ("0.26") or a subtraction set ("{4,5}"), with its points. */
static int load(const char *code, const char *points, og_rules *g, char *err, int errlen)
{
    int rc = code[0] == '{' ? og_parse_subtraction(code, g, err, errlen) : og_parse_code(code, g, err, errlen);
    if (rc == 0 && points)
        rc = og_parse_points(points, g, err, errlen);
    return rc;
}

static bool breaks(const og_rules *g)
{
    return og_breaks(g) || g->digit[0];
}

/* Which description a built game is (destroy frees the right one). */
typedef struct {
    bool keyed;
    octal_grid *grid;
    octal_heaps *heaps;
} built;

static game_desc *build(const game_params *p, char *err, int errlen)
{
    og_rules O, P;
    if (!p->option[0]) {
        snprintf(err, (size_t)errlen, "scoring-octal needs --code, such as 0.26 or {4,5}");
        return NULL;
    }
    if (load(p->option[0], p->option[1], &O, err, errlen) != 0 ||
        (p->option[2] && load(p->option[2], p->option[3], &P, err, errlen) != 0))
        return NULL;
    if (!p->option[2] && p->option[3]) {
        snprintf(err, (size_t)errlen, "scoring-octal: --sum-points needs --sum");
        return NULL;
    }
    bool sum = p->option[2] != NULL;
    if (p->piles != (sum ? 2 : 1)) {
        snprintf(err, (size_t)errlen, "scoring-octal: a position is a heap n%s", sum ? " and a heap m (n,m)" : "");
        return NULL;
    }
    int64_t scale = og_common_scale(&O, sum ? &P : NULL);
    if (scale == 0) {
        snprintf(err, (size_t)errlen, "the points need a common denominator above %lld", (long long)OG_POINT_LIMIT);
        return NULL;
    }
    if (breaks(&O) || (sum && breaks(&P))) {
        octal_heaps *h = octal_heaps_new(&O, sum ? &P : NULL, scale);
        return (game_desc *)octal_heaps_game(h);
    }
    octal_grid *g = xcalloc(1, sizeof *g, "a game");
    if (octal_grid_init(g, &O, sum ? &P : NULL, sum ? p->bound : 0, p->bound + 1, err, errlen) != 0) {
        free(g);
        return NULL;
    }
    g->game.count = (uint64_t)(p->bound + 1) * (uint64_t)(g->M + 1);
    return &g->game;
}

static bool is_grid(const game_desc *d)
{
    return d->layers == GAME_BY_RANK;
}

static void destroy(game_desc *d)
{
    if (!d)
        return;
    if (is_grid(d))
        free(d->data);
    else
        octal_heaps_free(d->data);
}

/* The grid's rank of n (and m). */
static int64_t rank_of_piles(const game_desc *d, const int *piles, int n)
{
    if (!is_grid(d))
        return -1;
    const octal_grid *g = d->data;
    int h = piles[0], m = n > 1 ? piles[1] : 0;
    if (n < 1 || n > 2 || h < 0 || m < 0 || m > g->M || (uint64_t)h >= d->count / (uint64_t)(g->M + 1))
        return -1;
    return (int64_t)h * (g->M + 1) + m;
}

static int piles_of(const game_desc *d, uint64_t rank, int *asc)
{
    const octal_grid *g = d->data;
    asc[0] = (int)(rank / (uint64_t)(g->M + 1));
    asc[1] = (int)(rank % (uint64_t)(g->M + 1));
    return g->has_sum ? 2 : 1;
}

static int key_of_piles(const game_desc *d, const int *piles, int n, uint16_t *key)
{
    if (is_grid(d) || n < 1 || n > 2)
        return -1;
    return octal_heaps_key(d->data, piles, 1, piles + 1, n - 1, key);
}

static const game_sample samples[] = {
    {{"{4,5}", NULL, NULL, NULL}},    {{"0.26", NULL, NULL, NULL}},      {{"0.3333", "2,2,2,2", NULL, NULL}},
    {{"0.26", "1/2,-3", "0.13", NULL}}, {{"4.07", NULL, NULL, NULL}},    {{"0.137", NULL, "0.26", NULL}},
    {{"0.6", NULL, "0.6", NULL}},     {{"8.4", "1", NULL, NULL}},        {{"0.14", "-1,2", "0.37", "1/3,2"}},
};

const game_entry game_scoring_octal = {
    .name = "scoring-octal",
    .summary = "Stewart's scoring octal games (Definition 30): taking i beans from a heap scores p_i and must "
               "leave j non-empty heaps for a set bit j of the digit d_i; with --sum a second heap m under another "
               "game (G +_l H)",
    .ending = "the game ends when no move is left; G_s = max over moves of (points - G_s(result)), 0 with no move "
              "(Definition 31); computed by `gs` and `conj` for the claims",
    .kind = VALUE_MARGIN,
    .options = {{"code", "the game: a code such as 0.26, 4.07, 0.f, or a subtraction set such as {4,5}"},
                {"points", "its points p_1..p_k, such as 1,2, 1/2,-3 or 0.5,-3 (default p_i = i)"},
                {"sum", "the game of a second heap m (the sum G +_l H), a code or a set"},
                {"sum-points", "that game's points"}},
    .config_key = "scoring_octal",
    .layout = "G_s times the points' common denominator as int64 little-endian; positions n (M + 1) + m",
    .build = build,
    .destroy = destroy,
    .rank_of_piles = rank_of_piles,
    .piles_of = piles_of,
    .key_of_piles = key_of_piles,
    .one_lane = true,
    .sequence = &octal_sequence,
    .samples = samples,
    .nsamples = (int)(sizeof samples / sizeof *samples),
};
