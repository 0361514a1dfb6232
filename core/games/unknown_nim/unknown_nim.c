/*
 * unknown_nim.c -- Nim whose pile sizes are unknown until a move is made
 * on them, as in Huibers' thesis (Strategies for Restricted Nim, 2018),
 * Section 6.3, as a game on the engine (VALUE_MATRIX: exact probabilities).
 *
 * Rules.  "At the start of the game both players do not know how many
 * chips there are on every pile.  They do however know a certain range of
 * possible values each pile can have" (--ranges 3:5,4:6: one range a
 * pile, every size in it equally likely, the sizes independent).  A move
 * takes 1..k chips from one pile (--max-move; every range starts at k or
 * more, so any take fits: "the range of possible values for the size of
 * a pile will always be at least as high as the maximum move").  "Once a
 * move has been made on an unknown pile both players will know what the
 * new size of the pile is", and the player who cannot move loses.  "The
 * result of taking chips from the unknown pile becomes the average of the
 * results of the possible outcomes": both players know the same, so the
 * value is the exact probability that the player to move wins, each
 * player maximising his own.
 *
 * The engine's matrix games carry the chance: a take from an unknown pile
 * of n possible sizes is one option whose matrix is the n x n circulant
 * of its n outcomes (cell (i, j) the size i + j mod n).  Every row and
 * every column holds each outcome once, so the uniform strategies secure
 * the average for both players: the option's value is exactly the mean
 * of its outcomes.  A take from a known pile is a 1 x 1 option.
 *
 * Positions: each pile unknown or known with 0..hi chips (hi its range's
 * top); rank = mixed radix over the piles in --ranges order, a pile's
 * digit 0 for unknown and 1 + size when known.  The start, every pile
 * unknown, is rank 0.  Layers: the chips a pile may hold at most (hi + 1
 * for an unknown pile), summed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "core/games/game_options.h"
#include "core/games/registry.h"
#include "core/games/unknown_nim/unknown_nim.h"

#define UNKNOWN_MAX_PILES 4
#define UNKNOWN_MAX_SIZE 64
#define UNKNOWN_MAX_RANGE 16

typedef struct {
    game_desc game;
    int piles, k;
    int lo[UNKNOWN_MAX_PILES], hi[UNKNOWN_MAX_PILES];
    uint64_t radix[UNKNOWN_MAX_PILES];   /* hi + 2 digits a pile        */
} unknown_nim;

/* A pile's digit: 0 unknown, 1 + size known. */
static void digits_of(const unknown_nim *g, uint64_t rank, int *d)
{
    for (int p = g->piles - 1; p >= 0; p--) {
        d[p] = (int)(rank % g->radix[p]);
        rank /= g->radix[p];
    }
}

static uint64_t rank_of_digits(const unknown_nim *g, const int *d)
{
    uint64_t r = 0;
    for (int p = 0; p < g->piles; p++)
        r = r * g->radix[p] + (uint64_t)d[p];
    return r;
}

static int matrices(const void *data, uint64_t rank, game_matrix *out, uint64_t *cells)
{
    const unknown_nim *g = data;
    int d[UNKNOWN_MAX_PILES], n = 0, used = 0;
    digits_of(g, rank, d);
    for (int p = 0; p < g->piles; p++)
        for (int x = 1; x <= g->k; x++) {
            int child[UNKNOWN_MAX_PILES];
            memcpy(child, d, sizeof child);
            if (d[p] > 0) {
                /* A known pile of d - 1 chips. */
                if (d[p] - 1 < x)
                    continue;
                child[p] = d[p] - x;
                cells[used] = rank_of_digits(g, child);
                out[n++] = (game_matrix){.rows = 1, .cols = 1, .first = used++};
                continue;
            }
            /* An unknown pile: the circulant of the sizes lo..hi. */
            int sizes = g->hi[p] - g->lo[p] + 1;
            for (int i = 0; i < sizes; i++)
                for (int j = 0; j < sizes; j++) {
                    child[p] = 1 + g->lo[p] + (i + j) % sizes - x;
                    cells[used + i * sizes + j] = rank_of_digits(g, child);
                }
            out[n++] = (game_matrix){.rows = sizes, .cols = sizes, .first = used};
            used += sizes * sizes;
        }
    return n;
}

/* Plain moves (no matrix): every outcome of every take. */
static int moves(const void *data, uint64_t rank, game_move *out)
{
    const unknown_nim *g = data;
    game_matrix opt[UNKNOWN_MAX_PILES * UNKNOWN_MAX_SIZE];
    uint64_t *cells = xmalloc(sizeof *cells * (size_t)g->game.max_cells, "a move list");
    int n = matrices(data, rank, opt, cells), count = 0;
    /* A circulant's first row holds each outcome once. */
    for (int o = 0; o < n; o++)
        for (int j = 0; j < opt[o].cols; j++)
            out[count++] = (game_move){.child = cells[opt[o].first + j]};
    free(cells);
    return count;
}

static void each_position(const void *data, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx)
{
    const unknown_nim *g = data;
    for (uint64_t r = 0; r < g->game.count; r++) {
        int d[UNKNOWN_MAX_PILES];
        uint64_t layer = 0;
        digits_of(g, r, d);
        for (int p = 0; p < g->piles; p++)
            layer += d[p] == 0 ? (uint64_t)g->hi[p] + 1 : (uint64_t)d[p] - 1;
        fn(ctx, r, layer);
    }
}

static int format(const void *data, uint64_t rank, char *buf, int len)
{
    const unknown_nim *g = data;
    int d[UNKNOWN_MAX_PILES], used = 0;
    digits_of(g, rank, d);
    for (int p = 0; p < g->piles; p++) {
        char one[32];
        if (d[p] == 0)
            snprintf(one, sizeof one, "%d..%d?", g->lo[p], g->hi[p]);
        else
            snprintf(one, sizeof one, "%d", d[p] - 1);
        used += snprintf(used < len ? buf + used : NULL, used < len ? (size_t)(len - used) : 0, "%s%s",
                         p ? " " : "", one);
    }
    return used;
}

/* "3:5,4:6": a range a pile. */
static int read_ranges(unknown_nim *g, const char *text, char *err, int errlen)
{
    const char *t = text ? text : "3:5,3:5";
    g->piles = 0;
    for (const char *p = t; *p;) {
        const char *comma = strchr(p, ','), *end = comma ? comma : p + strlen(p), *colon = memchr(p, ':', (size_t)(end - p));
        long long lo, hi;
        if (g->piles == UNKNOWN_MAX_PILES || !colon || game_parse_whole(p, colon, 1, UNKNOWN_MAX_SIZE, &lo) != 0 ||
            game_parse_whole(colon + 1, end, lo, UNKNOWN_MAX_SIZE, &hi) != 0 || hi - lo + 1 > UNKNOWN_MAX_RANGE ||
            (comma && comma[1] == '\0')) {
            snprintf(err, (size_t)errlen,
                     "unknown-nim: --ranges must be up to %d ranges lo:hi of sizes 1..%d (at most %d sizes each), "
                     "joined by ',', got '%.40s'",
                     UNKNOWN_MAX_PILES, UNKNOWN_MAX_SIZE, UNKNOWN_MAX_RANGE, t);
            return -1;
        }
        g->lo[g->piles] = (int)lo;
        g->hi[g->piles++] = (int)hi;
        p = comma ? comma + 1 : end;
    }
    return 0;
}

static int matrix_label(const void *data, uint64_t rank, int option, int which, int index, char *buf, int len);

static game_desc *build(const game_params *prm, char *err, int errlen)
{
    unknown_nim *g = xcalloc(1, sizeof *g, "a game");
    long long k = 3;
    const char *kt = prm->option[1];
    if (read_ranges(g, prm->option[0], err, errlen) != 0) {
        free(g);
        return NULL;
    }
    if (kt && game_parse_whole(kt, kt + strlen(kt), 1, UNKNOWN_MAX_SIZE, &k) != 0) {
        snprintf(err, (size_t)errlen, "unknown-nim: --max-move must be a whole number 1..%d, got '%.40s'",
                 UNKNOWN_MAX_SIZE, kt);
        free(g);
        return NULL;
    }
    g->k = (int)k;
    uint64_t count = 1;
    int cells = 0;
    for (int p = 0; p < g->piles; p++) {
        if (g->lo[p] < g->k) {
            snprintf(err, (size_t)errlen,
                     "unknown-nim: every range must start at --max-move (%d) or more, so that any take fits; got %d:%d",
                     g->k, g->lo[p], g->hi[p]);
            free(g);
            return NULL;
        }
        g->radix[p] = (uint64_t)g->hi[p] + 2;
        count *= g->radix[p];
        int sizes = g->hi[p] - g->lo[p] + 1;
        cells += g->k * (sizes * sizes > 1 ? sizes * sizes : 1);
    }
    /* --piles and --bound do not apply: the ranges give the piles. */
    uint64_t layers = 1;
    for (int p = 0; p < g->piles; p++)
        layers += (uint64_t)g->hi[p] + 1;
    g->game = (game_desc){
        .name = "unknown-nim",
        .kind = VALUE_MATRIX,
        .data = g,
        .count = count,
        .layers = layers,
        .each_position = each_position,
        .format = format,
        .max_options = g->piles * g->k,
        .max_cells = cells,
        .matrices = matrices,
        .matrix_label = matrix_label,
        .max_moves = cells,
        .moves = moves,
    };
    return &g->game;
}

static void destroy(game_desc *d)
{
    free(d ? d->data : NULL);
}

/* Known sizes for the first n piles (in --ranges order), or
 * GAME_PILE_UNKNOWN for a pile not known yet; the piles not given are
 * unknown: "?,?" (or no pile at all) is the start. */
static int64_t rank_of_piles(const game_desc *d, const int *piles, int n)
{
    const unknown_nim *g = d->data;
    int digit[UNKNOWN_MAX_PILES] = {0};
    if (n > g->piles)
        return -1;
    for (int p = 0; p < n; p++) {
        if (piles[p] == GAME_PILE_UNKNOWN)
            continue;
        if (piles[p] < 0 || piles[p] > g->hi[p])
            return -1;
        digit[p] = piles[p] + 1;
    }
    return (int64_t)rank_of_digits(g, digit);
}

static int piles_of(const game_desc *d, uint64_t rank, int *asc)
{
    const unknown_nim *g = d->data;
    int dg[UNKNOWN_MAX_PILES];
    digits_of(g, rank, dg);
    /* An unknown pile is given as its range's top. */
    for (int p = 0; p < g->piles; p++)
        asc[p] = dg[p] ? dg[p] - 1 : g->hi[p];
    return g->piles;
}

/* ---- the takes and their chances (unknown_nim.h) ---- */

unknown_take *unknown_takes(const value_table *t, uint64_t rank, int *n)
{
    const game_desc *d = t->game;
    *n = 0;
    if (strcmp(d->name, "unknown-nim") != 0)
        return NULL;
    const unknown_nim *g = d->data;
    game_matrix *opt = xmalloc(sizeof *opt * (size_t)d->max_options, "a matrix");
    uint64_t *cells = xmalloc(sizeof *cells * (size_t)d->max_cells, "a matrix");
    int count = matrices(g, rank, opt, cells);
    unknown_take *takes = count ? xcalloc((size_t)count, sizeof *takes, "the takes of a position") : NULL;
    int d0[UNKNOWN_MAX_PILES], o = 0;
    digits_of(g, rank, d0);
    mpq_t cell;
    mpq_init(cell);
    /* The options in matrices()' order: a pile's takes 1..k that fit. */
    for (int p = 0; p < g->piles; p++)
        for (int x = 1; x <= g->k; x++) {
            if (d0[p] > 0 && d0[p] - 1 < x)
                continue;
            unknown_take *k = &takes[o];
            k->pile = p;
            k->take = x;
            /* A circulant's first row holds each outcome once: the mean of
             * 1 - v(child) over it (a 1 x 1 option: its one child). */
            mpq_init(k->chance);
            mpq_set_ui(k->chance, (unsigned long)opt[o].cols, 1);
            for (int j = 0; j < opt[o].cols; j++) {
                table_probability_q(t, cells[opt[o].first + j], cell);
                mpq_sub(k->chance, k->chance, cell);
            }
            mpq_set_ui(cell, (unsigned long)opt[o].cols, 1);
            mpq_div(k->chance, k->chance, cell);
            o++;
        }
    if (o != count)
        die("internal error: unknown-nim: %d takes for %d options", o, count);
    mpq_clear(cell);
    free(opt);
    free(cells);
    *n = count;
    return takes;
}

void unknown_takes_free(unknown_take *takes, int n)
{
    for (int o = 0; o < n; o++)
        mpq_clear(takes[o].chance);
    free(takes);
}

/* A pile's name: X, Y, Z, W (the thesis names two, X and Y). */
static char pile_name(int p)
{
    return "XYZW"[p];
}

/* `value`: every take with its chance, and the best takes as Table 29
 * writes them ("X: 1,3 Y: 1,2,3"). */
static char *what_wins(const value_table *t, uint64_t rank)
{
    int n;
    unknown_take *takes = unknown_takes(t, rank, &n);
    if (!takes)
        return NULL;
    mpq_t best;
    mpq_init(best);
    table_probability_q(t, rank, best);
    size_t len = 64;
    for (int o = 0; o < n; o++)
        len += 40 + mpz_sizeinbase(mpq_numref(takes[o].chance), 10) + mpz_sizeinbase(mpq_denref(takes[o].chance), 10);
    char *out = xmalloc(len, "the takes of a position");
    size_t used = (size_t)snprintf(out, len, "the takes and the mover's chance after each:");
    for (int o = 0; o < n; o++) {
        char *q = mpq_get_str(NULL, 10, takes[o].chance);
        used += (size_t)snprintf(out + used, len - used, " %c%d %s", pile_name(takes[o].pile), takes[o].take, q);
        free(q);
    }
    used += (size_t)snprintf(out + used, len - used, "\nthe best takes (Huibers' Table 29 notation):");
    for (int p = 0, last = -1; p < UNKNOWN_MAX_PILES; p++)
        for (int o = 0; o < n; o++)
            if (takes[o].pile == p && mpq_equal(takes[o].chance, best)) {
                if (last == p)
                    used += (size_t)snprintf(out + used, len - used, ",%d", takes[o].take);
                else
                    used += (size_t)snprintf(out + used, len - used, " %c: %d", pile_name(p), takes[o].take);
                last = p;
            }
    if (used >= len)
        die("internal error: unknown-nim: the text of the takes overflows");
    mpq_clear(best);
    unknown_takes_free(takes, n);
    return out;
}

/* `value`'s names of an option: "X1" (take 1 from pile X). */
static int matrix_label(const void *data, uint64_t rank, int option, int which, int index, char *buf, int len)
{
    const unknown_nim *g = data;
    int d[UNKNOWN_MAX_PILES], o = 0;
    digits_of(g, rank, d);
    if (which == 0)
        for (int p = 0; p < g->piles; p++)
            for (int x = 1; x <= g->k; x++) {
                if (d[p] > 0 && d[p] - 1 < x)
                    continue;
                if (o++ == option)
                    return snprintf(buf, (size_t)(len > 0 ? len : 0), "take %d from %c", x, pile_name(p));
            }
    /* A circulant's rows and columns: nature's draw split in two. */
    return snprintf(buf, (size_t)(len > 0 ? len : 0), "%s %d", which == 1 ? "row" : which == 2 ? "column" : "option",
                    (which == 0 ? option : index) + 1);
}

static const game_sample samples[] = {{{"3:5,3:5", "3"}}, {{"2:3,4:6", "2"}}, {{"1:4", "1"}}, {{"1:2,1:1,2:2", "1"}}};

const game_entry game_unknown_nim = {
    .name = "unknown-nim",
    .summary = "Nim with moves of 1..k chips (--max-move, default 3) on piles whose sizes are unknown, each "
               "equally likely in its range (--ranges 3:5,4:6), until a move is made on them (Huibers 6.3); the "
               "ranges give the piles (--piles and --bound do not apply)",
    .ending = "the player who cannot move loses; the exact probability that the player to move wins, taking the "
              "average over a revealed pile's possible sizes",
    .kind = VALUE_MATRIX,
    .unknown_piles = true,
    .what_wins = what_wins,
    .options = {{"ranges", "the possible sizes of each pile, lo:hi joined by ',' (up to 4 piles, sizes 1..64, at most 16 a "
                           "pile; default 3:5,3:5; lo >= k)"},
                {"max-move", "the most chips a move takes, k, 1..64 (default 3)"}},
    .config_key = "unknown_nim",
    .layout = "the probability as two int64 (numerator, denominator); ranks mixed radix over the piles in "
              "--ranges order, a pile's digit 0 unknown or 1 + its size; rank 0 the start",
    .build = build,
    .destroy = destroy,
    .rank_of_piles = rank_of_piles,
    .piles_of = piles_of,
    .samples = samples,
    .nsamples = (int)(sizeof samples / sizeof *samples),
};
