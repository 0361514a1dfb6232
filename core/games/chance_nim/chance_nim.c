/*
 * chance_nim.c -- Holshouser and Reiter's Game 1 ("Is this Modified Nim
 * Game a Game of Chance?") as a game on the engine (VALUE_MATRIX): each
 * move a zero-sum matrix game played at once, values exact probabilities.
 *
 * Rules, as the paper's Game 1 states them: "Art chooses any non-empty
 * pile ... Art writes down on a card any x in [m, M], while Beth writes
 * down any x' in [t, T] ... If n > x + x' then Art removes exactly x + x'
 * counters from the chosen pile ... If 1 <= n <= x + x', Art removes all of
 * the counters in the chosen pile"; the players alternate, the one to move
 * choosing the pile and writing x, and "the winner is the player who
 * removes the last counter" (normal play; --play misere: that player
 * loses).  Here the mover's choices X (--choices, [m, M] as m:M or any set
 * such as 1,4) and the opponent's X' (--against) may be any finite sets of
 * integers (negative ones too, as Game 1 allows) with min X + min X' >= 1
 * (the paper's 1 <= m + t), so every move removes a counter.  Positions are the multisets of `piles`
 * piles of at most `bound` counters (empty piles allowed).
 *
 * On the engine: a position's options are its distinct non-empty piles
 * (equal piles give equal children); each is the |X| x |X'| matrix whose
 * cell (x, x') is the position with that pile down by min(n, x + x').  The
 * engine solves each exactly (matrix_game.h) and the mover takes the best
 * pile.  Layer = the counters left.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/pile_game.h"
#include "core/engine/xalloc.h"
#include "core/games/game_options.h"
#include "core/games/registry.h"

#define MAX_CHOICES 64

typedef struct {
    int v[MAX_CHOICES];   /* ascending */
    int n;
} choice_set;

typedef struct {
    pile_game base;     /* first: the description and the positions */
    choice_set mover, opponent;
    /* The distinct sums x + x' (a move removes min(n, sum)), and the sum
     * of each cell (r, c) at r * |X'| + c. */
    int sum[MAX_CHOICES * MAX_CHOICES], nsums;
    uint16_t sum_of_cell[MAX_CHOICES * MAX_CHOICES];
} chance_nim;

/* "m:M" or "1,4" (distinct integers -MS_MAX_BOUND..MS_MAX_BOUND, any order: the paper's
 * Game 1 takes any integers m <= M, t <= T with 1 <= m + t); NULL: dflt. */
static int parse_choices(const char *text, const char *dflt, const char *name, choice_set *s, char *err, int errlen)
{
    const char *t = text ? text : dflt;
    s->n = 0;
    const char *colon = strchr(t, ':');
    if (colon) {
        long long lo, hi;
        if (game_parse_integer(t, colon, -MS_MAX_BOUND, MS_MAX_BOUND, &lo) != 0 ||
            game_parse_integer(colon + 1, t + strlen(t), lo, MS_MAX_BOUND, &hi) != 0 || hi - lo >= MAX_CHOICES) {
            snprintf(err, (size_t)errlen,
                     "chance-nim: --%s must be m:M with -%d <= m <= M <= %d (at most %d choices) or a set such as "
                     "1,4; got '%.40s'",
                     name, MS_MAX_BOUND, MS_MAX_BOUND, MAX_CHOICES, t);
            return -1;
        }
        for (long long v = lo; v <= hi; v++)
            s->v[s->n++] = (int)v;
        return 0;
    }
    char why[GAME_WHY_MAX];
    s->n = game_parse_set(t, -MS_MAX_BOUND, MS_MAX_BOUND, MAX_CHOICES, s->v, why, sizeof why);
    if (s->n < 0) {
        snprintf(err, (size_t)errlen, "chance-nim: --%s must be m:M or a set such as 1,4: %s; got '%.40s'", name,
                 why, t);
        return -1;
    }
    return 0;
}

/* Plain moves (no matrix): every pile and every pair of choices, each
 * child once a pair; what the retrograde and visiting passes read. */
static int moves(const void *data, uint64_t rank, game_move *out)
{
    const chance_nim *g = data;
    const ms_shape *shape = &g->base.shape;
    int a[MS_MAX_SLOTS], child[MS_MAX_SLOTS], count = 0;
    ms_unrank(shape, rank, a);
    for (int i = 0; i < shape->piles; i++) {
        if (a[i] == 0 || (i > 0 && a[i] == a[i - 1]))
            continue;
        for (int r = 0; r < g->mover.n; r++)
            for (int c = 0; c < g->opponent.n; c++) {
                int gone = g->mover.v[r] + g->opponent.v[c];
                ms_apply(shape, a, a[i], gone >= a[i] ? 0 : a[i] - gone, child);
                out[count++] = (game_move){.child = ms_rank_sorted(shape, child)};
            }
    }
    return count;
}

static int matrices(const void *data, uint64_t rank, game_matrix *out, uint64_t *cells)
{
    const chance_nim *g = data;
    const ms_shape *shape = &g->base.shape;
    int a[MS_MAX_SLOTS], child[MS_MAX_SLOTS], k = 0, used = 0;
    /* The child of each distinct removal, ranked once (many cells share
     * a sum x + x'). */
    uint64_t of_sum[MAX_CHOICES * MAX_CHOICES];
    ms_unrank(shape, rank, a);
    for (int i = 0; i < shape->piles; i++) {
        /* One option a distinct non-empty pile. */
        if (a[i] == 0 || (i > 0 && a[i] == a[i - 1]))
            continue;
        out[k++] = (game_matrix){.rows = g->mover.n, .cols = g->opponent.n, .first = used};
        for (int s = 0; s < g->nsums; s++) {
            int gone = g->sum[s];
            ms_apply(shape, a, a[i], gone >= a[i] ? 0 : a[i] - gone, child);
            of_sum[s] = ms_rank_sorted(shape, child);
        }
        for (int c = 0; c < g->mover.n * g->opponent.n; c++)
            cells[used++] = of_sum[g->sum_of_cell[c]];
    }
    return k;
}

/* Option o: the o-th distinct non-empty pile; rows the mover's x, columns
 * the opponent's x'. */
static int matrix_label(const void *data, uint64_t rank, int option, int which, int index, char *buf, int len)
{
    const chance_nim *g = data;
    const ms_shape *shape = &g->base.shape;
    size_t room = (size_t)(len > 0 ? len : 0);
    if (which == 1)
        return snprintf(buf, room, "x = %d", g->mover.v[index]);
    if (which == 2)
        return snprintf(buf, room, "x' = %d", g->opponent.v[index]);
    int a[MS_MAX_SLOTS], k = 0;
    ms_unrank(shape, rank, a);
    for (int i = 0; i < shape->piles; i++) {
        if (a[i] == 0 || (i > 0 && a[i] == a[i - 1]))
            continue;
        if (k++ == option)
            return snprintf(buf, room, "the pile of %d", a[i]);
    }
    return snprintf(buf, room, "option %d", option + 1);
}

/* The distinct sums x + x' and each cell's (row-major). */
static void index_sums(chance_nim *g)
{
    g->nsums = 0;
    for (int r = 0; r < g->mover.n; r++)
        for (int c = 0; c < g->opponent.n; c++) {
            int sum = g->mover.v[r] + g->opponent.v[c], s = 0;
            while (s < g->nsums && g->sum[s] != sum)
                s++;
            if (s == g->nsums)
                g->sum[g->nsums++] = sum;
            g->sum_of_cell[r * g->opponent.n + c] = (uint16_t)s;
        }
}

static game_desc *build(const game_params *p, char *err, int errlen)
{
    chance_nim *g = xcalloc(1, sizeof *g, "a game");
    int misere = game_parse_play(p->option[2]);
    if (parse_choices(p->option[0], "1:2", "choices", &g->mover, err, errlen) != 0 ||
        parse_choices(p->option[1], "1:2", "against", &g->opponent, err, errlen) != 0)
        goto refuse;
    if (g->mover.v[0] + g->opponent.v[0] < 1) {
        snprintf(err, (size_t)errlen, "chance-nim: the least choices add up to 0, so a move could remove nothing "
                                      "(the paper asks 1 <= m + t)");
        goto refuse;
    }
    if (misere < 0) {
        snprintf(err, (size_t)errlen, "chance-nim: --play must be normal or misere, got '%.40s'", p->option[2]);
        goto refuse;
    }
    if (pile_game_init(&g->base, "chance-nim", VALUE_MATRIX, p->piles, p->bound, err, errlen) != 0)
        goto refuse;
    index_sums(g);
    int cells = g->mover.n * g->opponent.n, piles = g->base.shape.piles;
    game_desc *d = &g->base.game;
    d->max_moves = piles * cells;
    d->moves = moves;
    d->misere = misere == 1;
    d->max_options = piles;
    d->max_cells = piles * cells;
    d->matrices = matrices;
    d->matrix_label = matrix_label;
    return d;
refuse:
    free(g);
    return NULL;
}

static const game_sample samples[] = {{{"1:2", "1:2", NULL}}, {{"1,4", "1,2", NULL}}, {{"2:3", "2:3", "misere"}},
                                      {{"0,2", "1", NULL}},   {{"1,4", "1,2", "misere"}}, {{"-1:1", "2:3", NULL}}};

const game_entry game_chance_nim = {
    .name = "chance-nim",
    .summary = "Holshouser and Reiter's Game 1: the mover picks a non-empty pile, then the mover writes x in X "
               "and the opponent x' in X' at once, and min(n, x + x') counters leave the pile",
    .ending = "the player who removes the last counter wins (--play misere: loses); a position's value is the "
              "exact probability that the player to move wins when both play optimal mixed strategies",
    .kind = VALUE_MATRIX,
    .options = {{"choices", "the mover's choices X: m:M or a set such as 1,4, at most 64 integers -65536..65536 (default "
                            "1:2)"},
                {"against", "the opponent's choices X': t:T or a set such as 1,2, as for --choices, with min X + min X' "
                            ">= 1 (default 1:2)"},
                {"play", "normal (the last counter wins, the default) or misere"}},
    .config_key = "chance_nim",
    .layout = "the probability that the player to move wins as num, den int64 little-endian (reduced); positions "
              "in colex rank order of their ascending piles",
    .build = build,
    .destroy = pile_game_destroy,
    .rank_of_piles = pile_game_rank_of_piles,
    .piles_of = pile_game_piles_of,
    .samples = samples,
    .nsamples = (int)(sizeof samples / sizeof *samples),
};
