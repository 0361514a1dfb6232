/*
 * ks_claims.c -- Kayles and Scoring Kayles (ks/...): the classical
 * period of Kayles' Grundy values, proved by the periodicity theorem for
 * octal games, and what the bonus for the last pin does to the scores of
 * Scoring Kayles.
 *
 *   ks/grundy-period  G(n), one row of n pins, has period 12 from n = 71
 *                     on, and from no earlier n: certified by the octal
 *                     periodicity theorem on the row values, which the
 *                     engine's values of every position of up to 30 pins
 *                     (the game `kayles`) tie to the definition;
 *   ks/sign           with a bonus N above the pins left, f_N(p) of
 *                     Scoring Kayles is positive exactly where the player
 *                     to move wins Kayles (G(p) != 0): both games' values
 *                     from the engine, swept to 30 pins.
 *
 * The row values G(n) come from Kayles' moves and the Sprague-Grundy
 * theorem (a sum's value is the XOR of its parts'):
 *     G(n) = mex { G(a) xor G(b) : a + b = n - 1 or n - 2 },
 * never from the period under test.
 */
#include "proofs/kayles/ks_claims.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "core/games/registry.h"

#define KS_SOURCE "Kayles: R. K. Guy, C. A. B. Smith (1956); Berlekamp, Conway, Guy, Winning Ways, Chapter 4"
/* The positions both tables hold: every position of at most KS_PINS pins. */
#define KS_PINS 30
/* Row values computed at least this far (beyond the certificate's reach,
 * so that the period is seen on a long stretch too). */
#define KS_ROWS 1000

/* ---- the row values ---- */

/* G(0 .. rows-1) of one row of pins into g. */
static void row_values(int *g, int rows)
{
    /* Values stay below 128 for these rows (the largest is 8 from 71 on,
     * and none before passes 8); seen[] has room for any XOR of two. */
    unsigned char seen[256];
    for (int n = 0; n < rows; n++) {
        memset(seen, 0, sizeof seen);
        for (int take = 1; take <= 2 && take <= n; take++)
            for (int a = 0; 2 * a <= n - take; a++) {
                int x = g[a] ^ g[n - take - a];
                if (x >= (int)sizeof seen)
                    die("internal error: a Kayles value of %d, beyond what the mex holds", x);
                seen[x] = 1;
            }
        int m = 0;
        while (seen[m])
            m++;
        g[n] = m;
    }
}

/* ---- the engine's games ---- */

typedef struct {
    const game_entry *entry;
    game_desc *game;
    value_table table;
} ks_game;

static void ks_solve(const claim_ctx *ctx, ks_game *s, const char *name)
{
    memset(s, 0, sizeof *s);
    s->entry = game_find(name);
    if (!s->entry)
        die("internal error: no game %s", name);
    game_params p = {.piles = 1, .bound = KS_PINS, .unit = 2};
    char err[256];
    s->game = s->entry->build(&p, err, sizeof err);
    if (!s->game)
        die("internal error: %s: %s", name, err);
    table_opts o = table_default_opts(s->game, game_bonus_window(s->entry, &p));
    if (table_create(&s->table, s->game, &o, err, sizeof err) != 0)
        die("%s: %s", name, err);
    claim_sweep(ctx, &s->table);
}

static void ks_free(ks_game *s)
{
    table_free(&s->table);
    s->entry->destroy(s->game);
}

/* The rows of a rank, ascending, and their pins. */
static int ks_rows(const ks_game *s, uint64_t rank, int *rows, int *pins)
{
    int k = s->entry->piles_of(s->game, rank, rows);
    *pins = 0;
    for (int i = 0; i < k; i++)
        *pins += rows[i];
    return k;
}

static char *ks_position(const ks_game *s, uint64_t rank)
{
    int n = s->game->format(s->game->data, rank, NULL, 0);
    char *buf = xmalloc((size_t)n + 1, "a position's text");
    s->game->format(s->game->data, rank, buf, n + 1);
    return buf;
}

/* ---- ks/grundy-period ---- */

/* Part 0: the engine's value of every position of at most KS_PINS pins is
 * the XOR of its rows' values. */
static void engine_agrees(const claim_ctx *ctx, claim_report *r, const int *g)
{
    ks_game k;
    ks_solve(ctx, &k, "kayles");
    for (uint64_t rank = 0; rank < k.table.count; rank++) {
        int rows[GAME_MAX_SLOTS], pins, n = ks_rows(&k, rank, rows, &pins), x = 0;
        for (int i = 0; i < n; i++)
            x ^= g[rows[i]];
        unsigned v = table_grundy(&k.table, rank);
        if ((int)v != x) {
            char *where = ks_position(&k, rank), *want = claim_printf("%d (the XOR of its rows')", x),
                 *got = claim_printf("%u (the engine's)", v);
            claim_mismatch_at(r, 0, where, want, got, NULL);
            free(where);
            free(want);
            free(got);
        }
    }
    claim_cases(r, 0, k.table.count);
    ks_free(&k);
}

/* The certificate of the period (docs/proofs.md, argument octal-period):
 * Kayles as an octal code, the period, and every value the theorem's
 * range reads, G(0 .. region-1), listed and by their SHA-256. */
static char *period_certificate(const claim_report *r, const ks_period_statement *s, const int *g, int region)
{
    claim_text f;
    claim_text_open(&f);
    for (int n = 0; n < region; n++)
        claim_text_add(&f, "%d: %d\n", n, g[n]);
    char *values = claim_text_close(&f), hex[65];
    claim_sha256_hex(values, hex);
    char *text = claim_printf(
        "# A proof of a period for every row, by the octal periodicity theorem: docs/proofs.md\n"
        "# says what each line means; build/proofcheck re-proves it from the code below.\n"
        "certificate 1\nargument octal-period\nstatement %s\n"
        "# The game: Kayles as an octal code (a move removes 1 or 2 pins from a row, leaving\n"
        "# none, one or two rows); G(n) the Grundy value of one row of n pins.\n"
        "game kayles\ncode 0.77\nmax-take %d\n"
        "# The argument: G(n + period) = G(n) for preperiod <= n < 2 preperiod + period +\n"
        "# max-take gives it for every n >= preperiod; the region holds every value read.\n"
        "preperiod %d\nperiod %d\nregion %d\nvalues-count %d\nvalues-sha256 %s\nvalues\n%send-values\nend\n",
        r->claim_id, s->max_take, s->start, s->period, region, region, hex, values);
    free(values);
    return text;
}

void ks_check_period(const claim_ctx *ctx, claim_report *r, const ks_period_statement *s)
{
    /* The periodicity theorem (Winning Ways, Chapter 4): for an octal
     * game whose moves take at most t beans, G(n + p) = G(n) for every n
     * with n0 <= n < 2 n0 + p + t implies it for every n >= n0. */
    int reach = 2 * s->start + s->period + s->max_take;
    int rows = reach + s->period > KS_ROWS ? reach + s->period : KS_ROWS;
    int *g = xmalloc((size_t)rows * sizeof *g, "Kayles' row values");
    row_values(g, rows);
    engine_agrees(ctx, r, g);

    uint64_t cases = 0, within = 0, bad_within = 0;
    for (int n = s->start; n + s->period < rows; n++) {
        cases++;
        within += n < reach;
        if (g[n + s->period] == g[n])
            continue;
        bad_within += n < reach;
        char *where = claim_printf("n = %d", n), *want = claim_printf("G(%d) = G(%d) = %d", n + s->period, n, g[n]),
             *got = claim_printf("G(%d) = %d", n + s->period, g[n + s->period]);
        claim_mismatch_at(r, 1, where, want, got, NULL);
        free(where);
        free(want);
        free(got);
    }
    claim_cases(r, 1, cases);

    /* No earlier start: n = start - 1 breaks the period. */
    if (s->start >= 1) {
        int n = s->start - 1;
        claim_cases(r, 2, 1);
        if (g[n + s->period] == g[n]) {
            char *where = claim_printf("n = %d", n),
                 *want = claim_printf("G(%d) != G(%d) (the period starts at %d, not before)", n + s->period, n,
                                      s->start),
                 *got = claim_printf("G(%d) = G(%d) = %d", n + s->period, n, g[n]);
            claim_mismatch_at(r, 2, where, want, got, NULL);
            free(where);
            free(want);
            free(got);
        }
    }
    if (bad_within == 0 && within > 0) {
        claim_finding_add(r, "certificate",
                          "G(n + %d) = G(n) for every n with %d <= n < %d = 2 x %d + %d + %d (the octal periodicity "
                          "theorem's range, largest take %d): period %d from %d on, for every n; seen to n = %d",
                          s->period, s->start, reach, s->start, s->period, s->max_take, s->max_take, s->period,
                          s->start, rows - 1);
        claim_set_family_status(r, CLAIM_CERTIFIED);
        /* Written out when every part holds (a FAILS writes none). */
        bool holds = true;
        for (int p = 0; p < r->nparts; p++)
            holds = holds && r->mismatches[p] == 0;
        if (holds) {
            char *text = period_certificate(r, s, g, reach + s->period);
            claim_certificate_add(r, "row", text);
            free(text);
        }
    }
    free(g);
}

static void claim_grundy_period(const claim_ctx *ctx, claim_report *r)
{
    const ks_period_statement printed = {.period = 12, .start = 71, .max_take = 2};
    ks_check_period(ctx, r, &printed);
}

const claim_def claim_ks_grundy_period = {
    .id = "ks/grundy-period",
    .truth = CLAIM_EVERY_SIZE,
    .game = "kayles",
    .source = KS_SOURCE ": Kayles' nim-sequence",
    .statement = "The Grundy values G(n) of one row of n pins in Kayles are periodic with period 12 from n = 71 on, "
                 "and from no earlier n (the last exception is at n = 70).",
    .domain = "the row values G(n) = mex{G(a) xor G(b) : a + b = n - 1 or n - 2} for n < 1000, tied to the engine: "
              "its values of every position of at most 30 pins (game kayles) are the XOR of the rows'; the period "
              "certified on 71 <= n < 156 by the octal periodicity theorem",
    .parts = {"the engine's values are the XOR of the rows'", "period 12 from n = 71 on",
              "no earlier start (G(70) != G(82))"},
    .check_games = claim_grundy_period,
    .sizes_help = "fixed",
};

/* ---- ks/sign ---- */

void ks_check_sign(const claim_ctx *ctx, claim_report *r, const ks_sign_statement *s)
{
    ks_game score, normal;
    ks_solve(ctx, &score, "scoring-kayles");
    ks_solve(ctx, &normal, "kayles");
    const lane_window *w = &score.table.win;
    uint64_t cases[2] = {0, 0};
    for (uint64_t rank = 0; rank < score.table.count; rank++) {
        int rows[GAME_MAX_SLOTS], pins;
        ks_rows(&score, rank, rows, &pins);
        bool wins = table_grundy(&normal.table, rank) != 0;
        int part = wins ? 0 : 1;
        for (int lane = 0; lane < w->lanes; lane++) {
            int64_t M = w->mlo + (int64_t)lane * w->step;
            if (!s->every_bonus && M <= 2 * (int64_t)pins)
                continue;
            cases[part]++;
            int64_t v = table_value(&score.table, rank, lane);
            bool positive = wins != s->inverted;
            if (positive ? v > 0 : v < 0)
                continue;
            if (!claim_keeps_mismatch(r)) {
                claim_mismatch_count(r, part);
                continue;
            }
            char n[32], f[32];
            claim_format_half(M, n, sizeof n);
            claim_format_half(v, f, sizeof f);
            char *pos = ks_position(&score, rank), *where = claim_printf("%s at N = %s", pos, n),
                 *want = claim_printf("f_N %s 0 (G = %u)", positive ? ">" : "<", table_grundy(&normal.table, rank)),
                 *got = claim_printf("f_N = %s", f);
            claim_mismatch_at(r, part, where, want, got, NULL);
            free(pos);
            free(where);
            free(want);
            free(got);
        }
    }
    claim_cases(r, 0, cases[0]);
    claim_cases(r, 1, cases[1]);
    ks_free(&normal);
    ks_free(&score);
}

static void claim_sign(const claim_ctx *ctx, claim_report *r)
{
    const ks_sign_statement printed = {.inverted = false, .every_bonus = false};
    ks_check_sign(ctx, r, &printed);
}

const claim_def claim_ks_sign = {
    .id = "ks/sign",
    .game = "scoring-kayles",
    .source = "Scoring Kayles (one point a pin, the bonus N for the last pin; Stewart's 0.77 at N = 0) against "
              "Kayles' outcomes",
    .statement = "For a bonus N larger than the pins |p| left, f_N(p) > 0 where the player to move wins Kayles (the "
                 "XOR G(p) of its rows' Grundy values is not 0) and f_N(p) < 0 where he loses (G(p) = 0): the "
                 "winner of Kayles can always make the last move, which is worth more than every pin.",
    .domain = "every position of at most 30 pins (any number of rows), every N = k/2 with |p| < N <= 33",
    .parts = {"G(p) != 0: f_N(p) > 0", "G(p) = 0: f_N(p) < 0"},
    .check_games = claim_sign,
    .sizes_help = "fixed",
};
