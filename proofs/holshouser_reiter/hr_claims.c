/*
 * hr_claims.c -- A. Holshouser and H. Reiter, "Is this Modified Nim Game a
 * Game of Chance?" (hr/...): Game 1 on the engine (chance-nim), each move a
 * matrix game played at once, values exact probabilities.
 *
 *   hr/theorem     the analysis for m = t, M = T: g, balanced positions,
 *                  the proof's moves, and no position uncertain, proved
 *                  for every position per game (hr_value_rule.h);
 *   hr/example-11  the {1,4}/{1,2} game: n = 11 is an uncertain pile;
 *   hr/fig-1       that game's single-pile outcomes (the paper's Fig. 1,
 *                  lost in extraction), regenerated, with their period
 *                  certified, left beside the results as hr-fig-1.dat;
 *   hr/multi-pile  what the balanced rule still says with several piles of
 *                  that game (the paper says nothing: OBSERVED);
 *   hr/misere      the paper's challenge, the misere game for m = t <= T = M:
 *                  the normal outcome reversed, proved for every position
 *                  per game by the same local moves (hr_value_rule.h).
 *
 * Every value comes from the game's recursion on the engine (the exact
 * matrix-game solver); g and the proof's moves are checked against them,
 * never used to compute them.
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/periodicity.h"
#include "core/engine/xalloc.h"
#include "core/games/registry.h"
#include "proofs/holshouser_reiter/hr_certificate.h"
#include "proofs/holshouser_reiter/hr_claims.h"
#include "proofs/holshouser_reiter/hr_value_rule.h"

/* The theorem's and the misere sweep's games: 1 <= m <= M <= HR_MAX_M
 * (--max-take), up to 3 piles of up to HR_BOUND counters (--to).  The
 * sweep is the engine's cross-check of the induction, which proves the
 * rule on every position of any number of piles (hr_value_rule.h): 3
 * piles of up to 60 hold every pile of the induction's window (at most
 * 2M + 2(m+M) = 48) beside two others, at a sixteenth of 4 piles' cost. */
#define HR_MAX_M 8
#define HR_MAX_M_LIMIT 16
#define HR_PILES 3
#define HR_BOUND 60

static int largest_m(const claim_ctx *ctx)
{
    return ctx && ctx->sizes.max_take > 0 ? ctx->sizes.max_take : HR_MAX_M;
}

static int largest_pile(const claim_ctx *ctx)
{
    return ctx && ctx->sizes.rows > 0 ? ctx->sizes.rows : HR_BOUND;
}
/* The {1,4}/{1,2} game: one pile to FIG_PILE for Fig. 1 (FIG_ROWS of them
 * in the data file), several piles for hr/multi-pile. */
#define FIG_PILE 2000
#define FIG_ROWS 200

/* Its choices: the mover writes 1 or 4, the opponent 1 or 2. */
static const int FOUR_OR_ONE[] = {1, 4}, TWO_OR_ONE[] = {1, 2};

/* A game of the paper, built and swept. */
typedef struct {
    const game_entry *entry;
    game_desc *game;
    value_table table;
} hr_game;

static void hr_solve(const claim_ctx *ctx, hr_game *s, const char *choices, const char *against, const char *play,
                     int piles, int bound)
{
    memset(s, 0, sizeof *s);
    s->entry = game_find("chance-nim");
    if (!s->entry)
        die("internal error: no chance-nim");
    game_params p = {.piles = piles, .bound = bound, .unit = 2, .option = {choices, against, play}};
    char err[256];
    s->game = s->entry->build(&p, err, sizeof err);
    if (!s->game)
        die("internal error: a game of the paper: %s", err);
    table_opts o = table_default_opts(s->game, (lane_window){0});
    if (table_create(&s->table, s->game, &o, err, sizeof err) != 0)
        die("a game of the paper: %s", err);
    claim_sweep(ctx, &s->table);
}

static void hr_free(hr_game *s)
{
    table_free(&s->table);
    s->entry->destroy(s->game);
}

static uint64_t hr_rank(const hr_game *s, const int *piles, int n)
{
    int64_t r = s->entry->rank_of_piles(s->game, piles, n);
    if (r < 0)
        die("internal error: a position beyond the game's table");
    return (uint64_t)r;
}

/* 0: a certain loss for the player to move, 1: a certain win, 2: uncertain. */
static int outcome(const hr_game *s, uint64_t rank)
{
    int64_t num, den;
    /* 0 and 1 fit in 64 bits: a value beyond them is uncertain. */
    if (!table_probability(&s->table, rank, &num, &den))
        return 2;
    return num == 0 ? 0 : num == den ? 1 : 2;
}

/* "{1, 4}, value 1/1": the non-empty piles, as the paper writes a
 * position (a multiset), and the exact value. */
static char *position_text(const hr_game *s, uint64_t rank)
{
    int a[16];
    int k = s->entry->piles_of(s->game, rank, a);
    char *t = claim_printf("{");
    for (int i = 0; i < k; i++) {
        if (!a[i])
            continue;
        char *next = claim_printf("%s%s%d", t, t[1] ? ", " : "", a[i]);
        free(t);
        t = next;
    }
    mpq_t q;
    mpq_init(q);
    table_probability_q(&s->table, rank, q);
    char *v = mpq_get_str(NULL, 10, q);
    char *out = claim_printf("%s}, value %s%s", t, v, mpz_cmp_ui(mpq_denref(q), 1) == 0 ? "/1" : "");
    free(v);
    mpq_clear(q);
    free(t);
    return out;
}

/* ---- the paper's g ---- */

/* g(n): 0 at 0; for n in (p(m+M), (p+1)(m+M)], 1 when p is even.  twist:
 * the blocks one counter longer. */
static int g_of(int n, int m, int M, int twist)
{
    int s = m + M + (twist ? 1 : 0);
    return n == 0 ? 0 : ((n - 1) / s) % 2 == 0;
}

static bool unbalanced(const hr_game *s, uint64_t rank, int m, int M, int twist)
{
    int a[16];
    int k = s->entry->piles_of(s->game, rank, a), sum = 0;
    for (int i = 0; i < k; i++)
        sum += g_of(a[i], m, M, twist);
    return sum % 2 == 1;
}

/* A mismatch at a position of the game m = t, M = T (texts freed here). */
static void mismatch_at(claim_report *r, int part, int m, int M, const char *play, const hr_game *s, uint64_t rank,
                        const char *stated, const char *found)
{
    if (!claim_keeps_mismatch(r)) {
        claim_mismatch_count(r, part);
        return;
    }
    char *pos = position_text(s, rank);
    char *where = claim_printf("m = t = %d, M = T = %d%s, %s", m, M, play, pos);
    claim_mismatch_at(r, part, where, stated, found, "");
    free(where);
    free(pos);
}

/* A mismatch at a single pile of the game m = t, M = T. */
static void pile_mismatch(claim_report *r, int part, int m, int M, int n, const char *stated, char *found)
{
    if (!claim_keeps_mismatch(r)) {
        claim_mismatch_count(r, part);
        free(found);
        return;
    }
    char *where = claim_printf("m = t = %d, M = T = %d, a pile of %d", m, M, n);
    claim_mismatch_at(r, part, where, stated, found, "");
    free(where);
    free(found);
}

/* ---- the rule proved for every position (hr_value_rule.h) ---- */

typedef struct {
    int m, M, twist;
} g_args;

/* A pile's value read from an array (the {1,4}/{1,2} game's). */
static int value_of_pile(int n, const void *arg)
{
    return ((const int *)arg)[n];
}

static int g_class(int n, const void *arg)
{
    const g_args *a = arg;
    return g_of(n, a->m, a->M, a->twist);
}

/* The piles the local moves of the game m = t, M = T are checked on: past
 * 2M a pile's moves read the 2M piles below it alone, all non-empty, and g
 * repeats with period 2(m+M) from pile 1 by its definition, so piles 1 ..
 * 2M + 2(m+M) stand for every pile (hr_value_rule.h). */
static int every_pile_window(int m, int M)
{
    return 2 * M + 2 * (m + M);
}

/* The rule "the player to move wins exactly when the position is balanced
 * (wins_when_balanced) or unbalanced" of the game m = t, M = T, in normal or
 * misere play, proved for every position of any number of piles: true, or
 * false with the reason in proof->why.  twist: g's blocks one counter
 * longer. */
static bool prove_rule(int m, int M, bool misere, bool wins_when_balanced, int twist, value_rule_proof *proof,
                       char **certificate)
{
    int x[HR_MAX_M_LIMIT];
    /* M <= --max-take <= HR_MAX_M_LIMIT (the option's own limit). */
    if (m < 1 || M - m + 1 > HR_MAX_M_LIMIT)
        die("internal error: a game of chance with M - m + 1 = %d choices", M - m + 1);
    for (int i = 0; i <= M - m; i++)
        x[i] = m + i;
    value_rule_game vg = {x, M - m + 1, x, M - m + 1, misere};
    /* The induction starts at the empty position, balanced: its player to
     * move loses in normal play and wins in misere play. */
    if (wins_when_balanced != misere) {
        proof->failed_at = 0;
        proof->checked_to = 0;
        snprintf(proof->why, sizeof proof->why, "the empty position is balanced and its player to move %s, so the "
                 "rule is false there", misere ? "wins the misere game" : "loses");
        return false;
    }
    g_args a = {m, M, twist};
    int period = 2 * (m + M + (twist ? 1 : 0));
    if (!value_rule_prove(&vg, g_class, &a, 1, period, proof))
        return false;
    /* The proof written out (docs/proofs.md, value-induction): the
     * statement names the paper's g, which the checker computes itself. */
    *certificate = hr_induction_certificate(misere ? "hr-misere" : "hr-theorem", &vg, g_class, &a, 1, period,
                                            proof->checked_to);
    return true;
}

static int gcd(int a, int b)
{
    return b ? gcd(b, a % b) : a;
}

/* The engine's own single-pile values of the game m = t, M = T, certified
 * periodic and compared with the rule on every pile (the rule read on one
 * pile: the mover wins exactly when g(n) = 1 in normal play, g(n) = 0 in
 * misere play).  A pile above 2M is a function of the 2M piles below it
 * (periodicity.h), so the first repeat of 2M consecutive piles, from pile
 * a >= 1 with period t, holds forever; the rule repeats with period 2(m+M)
 * from pile 1, so agreement on piles 0 .. max(a, 1) + lcm(t, 2(m+M)) is
 * agreement everywhere.  Returns 1 when they agree on every pile, 0 with
 * the first pile where they differ in *differs, -1 when no certificate
 * was found on the piles solved. */
static int single_piles_follow_rule(const claim_ctx *ctx, int m, int M, bool misere, int *a, int *t, int *differs)
{
    int s = m + M, last = 8 * s + 4 * M;
    char interval[32];
    snprintf(interval, sizeof interval, "%d:%d", m, M);
    hr_game game;
    hr_solve(ctx, &game, interval, interval, misere ? "misere" : "normal", 1, last);
    int64_t *rows = xmalloc(xmul((size_t)last + 1, 2 * sizeof *rows, "a sequence"), "a sequence");
    for (int n = 0; n <= last; n++)
        claim_probability64(&game.table, hr_rank(&game, &n, 1), &rows[2 * n], &rows[2 * n + 1]);
    hr_free(&game);
    per_finder f;
    per_finder_init(&f, 2, 2 * M);
    bool found = per_finder_feed(&f, rows, last + 1, a, t);
    per_finder_free(&f);
    int verdict = -1;
    if (found) {
        long span = (long)(*a > 1 ? *a : 1) + (long)*t / gcd(*t, 2 * s) * (2 * s);
        if (span <= last) {
            verdict = 1;
            for (int n = 0; n <= span && verdict == 1; n++) {
                int64_t win = g_of(n, m, M, 0) ^ misere;
                if (rows[2 * n + 1] != 1 || rows[2 * n] != win) {
                    *differs = n;
                    verdict = 0;
                }
            }
        }
    }
    free(rows);
    return verdict;
}

/* The proofs of every game of a sweep, gathered for the findings. */
typedef struct {
    int games, proved, window;  /* games tried, proved, largest window   */
    char *first_failure;        /* the first game where one did not run  */
    int piles_certified;        /* games whose single piles are certified */
    char *piles_failure;        /* the first where they are not          */
} rule_proofs;

static void rule_proofs_free(rule_proofs *p)
{
    free(p->first_failure);
    free(p->piles_failure);
}

/* One game's proof and single-pile certificate, added to *p; the proof
 * is written out as a certificate (certificates/<claim>/m-M.cert) when it
 * went through, the engine's single piles follow it, and the game's sweep
 * found no mismatch (r->found still `found_before`): a game the sweep
 * refutes is never called proved. */
static void prove_game(const claim_ctx *ctx, claim_report *r, uint64_t found_before, rule_proofs *p, int m, int M,
                       bool misere, bool wins_when_balanced, int twist)
{
    value_rule_proof proof;
    char *certificate = NULL;
    p->games++;
    bool proved = prove_rule(m, M, misere, wins_when_balanced, twist, &proof, &certificate);
    if (proved) {
        p->proved++;
        p->window = proof.checked_to > p->window ? proof.checked_to : p->window;
    } else if (!p->first_failure) {
        p->first_failure = claim_printf("m = t = %d, M = T = %d: %s", m, M, proof.why);
    }
    int a = -1, t = -1, differs = -1;
    int v = single_piles_follow_rule(ctx, m, M, misere, &a, &t, &differs);
    if (v == 1)
        p->piles_certified++;
    else if (!p->piles_failure)
        p->piles_failure = v < 0 ? claim_printf("m = t = %d, M = T = %d: no certificate on piles to %d", m, M,
                                                8 * (m + M) + 4 * M)
                                 : claim_printf("m = t = %d, M = T = %d: the engine's value at a pile of %d", m, M,
                                                differs);
    if (proved && v == 1 && r->found == found_before) {
        char name[32];
        snprintf(name, sizeof name, "%d-%d", m, M);
        claim_certificate_add(r, name, certificate);
    }
    free(certificate);
}

/* The findings of the proofs, and the verdict they allow: CERTIFIED when
 * every game's proof ran (a mismatch of the sweep still makes it FAILS);
 * otherwise `otherwise` (OBSERVED), or nothing (the sweep's HOLDS). */
static void report_proofs(claim_report *r, const rule_proofs *p, int K, const char *rule, bool observed_otherwise)
{
    if (p->proved == p->games)
        claim_finding_add(r, "proved for every position",
                          "in each of the %d games (1 <= m <= M <= %d): %s holds on every position of any number of "
                          "piles of any size; the moves the induction needs (docs/claims.md, A game of chance) "
                          "hold on piles 1 .. 2M + 2(m+M) (at most %d), which stand for every pile since g repeats "
                          "with period 2(m+M)",
                          p->games, K, rule, p->window);
    else
        claim_finding_add(r, "not proved", "%d of %d games proved; the first that is not: %s", p->proved, p->games,
                          p->first_failure);
    if (p->piles_certified == p->games)
        claim_finding_add(r, "single piles", "in each game the engine's single-pile values, certified periodic (a "
                          "repeat of 2M consecutive piles), follow the rule on every pile");
    else
        claim_finding_add(r, "single piles", "%d of %d games certified; the first that is not: %s",
                          p->piles_certified, p->games, p->piles_failure);
    if (p->proved == p->games && p->piles_certified == p->games)
        claim_set_family_status(r, CLAIM_CERTIFIED);
    else if (observed_otherwise)
        claim_set_family_status(r, CLAIM_OBSERVED);
}

/* ---- hr/theorem ---- */

/* The proof's move from a pile of n with g(n) = 1 (Case 1): x = M when n <=
 * m+M, else with theta = n - p(m+M): x = m when theta <= 2m, x = theta - m
 * otherwise (twist: x = m always). */
static int proof_move(int n, int m, int M, int twist)
{
    int s = m + M, p = (n - 1) / s, theta = n - p * s;
    if (p == 0)
        return M;
    return theta <= 2 * m || twist ? m : theta - m;
}

/* The pile after x and x' are written. */
static int after(int n, int x, int xbar)
{
    return n > x + xbar ? n - x - xbar : 0;
}

static void check_proof_moves(claim_report *r, int m, int M, int bound, int twist)
{
    int s = m + M, last = HR_PILES * bound;
    /* Past 2M the check at n is the check at n + 2(m+M) (the recipe
     * repeats with period m+M past m+M, g with 2(m+M)): the window covers
     * every pile. */
    last = last > every_pile_window(m, M) ? last : every_pile_window(m, M);
    for (int n = 1; n <= last; n++) {
        /* Case 1: from g(n) = 1, the move balances the pile whatever x'. */
        if (g_of(n, m, M, 0)) {
            claim_cases(r, 2, 1);
            int x = proof_move(n, m, M, twist);
            for (int xbar = m; xbar <= M; xbar++)
                if (g_of(after(n, x, xbar), m, M, 0) != 0) {
                    pile_mismatch(r, 2, m, M, n, "the proof's x leaves g = 0 whatever x'",
                                  claim_printf("x = %d, x' = %d leaves %d, g = 1", x, xbar, after(n, x, xbar)));
                    break;
                }
        }
        /* Case 2: against any pile, the opponent's x' (M when n <= m+M,
         * the same recipe otherwise) flips g whatever the mover writes. */
        claim_cases(r, 3, 1);
        int xbar = n <= s ? M : proof_move(n, m, M, twist);
        for (int x = m; x <= M; x++)
            if (g_of(after(n, x, xbar), m, M, 0) == g_of(n, m, M, 0)) {
                pile_mismatch(r, 3, m, M, n, "the proof's x' flips g whatever x",
                              claim_printf("x' = %d, x = %d leaves %d, g unchanged", xbar, x, after(n, x, xbar)));
                break;
            }
    }
}

static void theorem(const claim_ctx *ctx, claim_report *r, int twist)
{
    uint64_t positions = 0;
    rule_proofs proofs = {0};
    int K = largest_m(ctx), L = largest_pile(ctx), done = 0;
    for (int m = 1; m <= K; m++)
        for (int M = m; M <= K; M++) {
            char interval[32];
            snprintf(interval, sizeof interval, "%d:%d", m, M);
            hr_game s;
            uint64_t found_before = r->found;
            hr_solve(ctx, &s, interval, interval, "normal", HR_PILES, L);
            for (uint64_t rank = 0; rank < s.table.count; rank++) {
                int o = outcome(&s, rank);
                /* twist: a certain win counted as uncertain. */
                bool uncertain = o == 2 || (twist && o == 1);
                claim_cases(r, 0, 1);
                if (uncertain)
                    mismatch_at(r, 0, m, M, "", &s, rank, "certain (value 0 or 1)", "uncertain");
                if (o == 2)
                    continue;
                claim_cases(r, 1, 1);
                bool stated = unbalanced(&s, rank, m, M, twist);
                if ((o == 1) != stated)
                    mismatch_at(r, 1, m, M, "", &s, rank,
                                stated ? "unbalanced: the player to move wins" : "balanced: he loses",
                                o == 1 ? "he wins" : "he loses");
            }
            positions += s.table.count;
            hr_free(&s);
            check_proof_moves(r, m, M, L, twist);
            prove_game(ctx, r, found_before, &proofs, m, M, false, false, twist);
            claim_progress(ctx, (uint64_t)++done, (uint64_t)(K * (K + 1) / 2), "games");
        }
    if (!twist)
        claim_finding_add(r, "swept", "%d games (1 <= m <= M <= %d), every position of up to %d piles of up to %d: "
                          "%llu positions in all",
                          K * (K + 1) / 2, K, HR_PILES, L, (unsigned long long)positions);
    report_proofs(r, &proofs, K, "the rule (the player to move wins exactly when unbalanced, no position "
                  "uncertain)", false);
    rule_proofs_free(&proofs);
}

/* ---- hr/example-11 ---- */

/* The value and both players' optimal mixed strategies at one pile
 * (finding), through the game's own matrix and the exact solver. */
static void example(const claim_ctx *ctx, claim_report *r, int twist)
{
    hr_game s;
    hr_solve(ctx, &s, "1,4", "1,2", "normal", 1, 20);
    int n = twist ? 10 : 11;
    uint64_t rank = hr_rank(&s, &n, 1);
    claim_cases(r, 0, 1);
    int64_t num, den;
    claim_probability64(&s.table, rank, &num, &den);
    if (outcome(&s, rank) != 2) {
        char where[64], got[64];
        snprintf(where, sizeof where, "the {1,4}/{1,2} game, a pile of %d", n);
        snprintf(got, sizeof got, "value %lld/%lld", (long long)num, (long long)den);
        claim_mismatch_at(r, 0, where, "uncertain (0 < value < 1)", got, "");
    }
    if (!twist)
        claim_finding_add(r, "value", "a pile of 11: the player to move wins with probability %lld/%lld", (long long)num,
                          (long long)den);
    /* The first uncertain pile, for the record. */
    for (int k = 0; k <= 20 && !twist; k++)
        if (outcome(&s, hr_rank(&s, &k, 1)) == 2) {
            claim_finding_add(r, "first uncertain pile", "%d", k);
            break;
        }
    hr_free(&s);
}

/* ---- hr/fig-1 ---- */

/* An exact rational as a decimal of 6 places (for plotting; the exact
 * value is written beside it). */
static char *decimal6(int64_t num, int64_t den)
{
    __int128 scaled = ((__int128)num * 1000000 * 2 + den) / (2 * (__int128)den);
    return claim_printf("%lld.%06lld", (long long)(scaled / 1000000), (long long)(scaled % 1000000));
}

static const char *outcome_name(int o)
{
    return o == 0 ? "loss" : o == 1 ? "win" : "uncertain";
}

static void figure1(const claim_ctx *ctx, claim_report *r, int twist)
{
    hr_game s;
    hr_solve(ctx, &s, "1,4", "1,2", "normal", 1, FIG_PILE);
    /* Rows (num, den) a pile.  A pile of n > 6 (the largest x + x') is a
     * function of piles n-6 .. n-2 alone, so a repeat of 6 consecutive
     * rows, from n >= 1, repeats forever (periodicity.h). */
    const int w = 6;
    int64_t *rows = xmalloc(xmul((size_t)FIG_PILE + 1, 2 * sizeof *rows, "a sequence"), "a sequence");
    for (int n = 0; n <= FIG_PILE; n++)
        claim_probability64(&s.table, hr_rank(&s, &n, 1), &rows[2 * n], &rows[2 * n + 1]);
    int series = claim_series_new(r, "hr-fig-1",
                                  "Fig. 1: the single-pile outcomes of the {1,4}/{1,2} game (the mover writes 1 or 4, "
                                  "the opponent 1 or 2)",
                                  "n value exact outcome");
    for (int n = 0; n <= FIG_ROWS && !twist; n++) {
        int o = rows[2 * n] == 0 ? 0 : rows[2 * n] == rows[2 * n + 1] ? 1 : 2;
        char *d = decimal6(rows[2 * n], rows[2 * n + 1]);
        claim_series_row(r, series, "%d %s %lld/%lld %s", n, d, (long long)rows[2 * n], (long long)rows[2 * n + 1],
                         outcome_name(o));
        free(d);
    }
    per_finder f;
    per_finder_init(&f, 2, w);
    int a = -1, t = -1;
    bool found = per_finder_feed(&f, rows, FIG_PILE + 1, &a, &t);
    per_finder_free(&f);
    claim_cases(r, 0, 1);
    /* twist: a period of at most 4 asked for. */
    if (!found || (twist && t > 4)) {
        char *got = found ? claim_printf("period %d from %d", t, a) : claim_printf("no repeat up to %d", FIG_PILE);
        claim_mismatch_at(r, 0, "the {1,4}/{1,2} game, one pile", twist ? "a period of at most 4" : "eventually periodic",
                          got, "");
        free(got);
    } else if (!twist) {
        /* The pattern over one period, from a on. */
        char *wins = claim_printf("%s", ""), *losses = claim_printf("%s", ""), *unsure = claim_printf("%s", "");
        /* Residue by residue: the pile of each residue at or after a. */
        for (int res = 0; res < t; res++) {
            int n = a + ((res - a % t) % t + t) % t;
            int o = rows[2 * n] == 0 ? 0 : rows[2 * n] == rows[2 * n + 1] ? 1 : 2;
            char **list = o == 0 ? &losses : o == 1 ? &wins : &unsure;
            char *next = o == 2 ? claim_printf("%s%s%d (value %lld/%lld)", *list, **list ? ", " : "", res,
                                               (long long)rows[2 * n], (long long)rows[2 * n + 1])
                                : claim_printf("%s%s%d", *list, **list ? ", " : "", res);
            free(*list);
            *list = next;
        }
        claim_finding_add(r, "pattern",
                          "from a pile of %d on, period %d (certified: 6 consecutive piles repeat, and a pile above 6 "
                          "depends on the 6 below it alone): mod %d, wins at %s; losses at %s; uncertain at %s",
                          a, t, t, wins, losses, *unsure ? unsure : "none");
        char *first = claim_printf("%s", "");
        for (int n = 0; n < a + t && n <= FIG_PILE; n++) {
            int o = rows[2 * n] == 0 ? 0 : rows[2 * n] == rows[2 * n + 1] ? 1 : 2;
            char *next = claim_printf("%s%s%d:%s", first, n ? " " : "", n, o == 0 ? "L" : o == 1 ? "W" : "U");
            free(first);
            first = next;
        }
        claim_finding_add(r, "piles 0.. (W a certain win, L a certain loss, U uncertain)", "%s", first);
        free(first);
        /* The period written out (docs/proofs.md, chance-period). */
        if (a + t + w - 1 > FIG_PILE)
            die("internal error: the {1,4}/{1,2} game's period read past pile %d", FIG_PILE);
        value_rule_game vg = {FOUR_OR_ONE, 2, TWO_OR_ONE, 2, false};
        char *text = hr_period_certificate("hr-fig-1", &vg, rows, a, t, w);
        claim_certificate_add(r, "one-pile", text);
        free(text);
        free(wins);
        free(losses);
        free(unsure);
        claim_set_family_status(r, CLAIM_CERTIFIED);
    }
    free(rows);
    hr_free(&s);
}

/* ---- hr/multi-pile ---- */

static const struct {
    int piles, bound;
} MULTI[] = {{2, 100}, {3, 40}, {4, 20}};

/* Values of the {1,4}/{1,2} game's piles for the XOR rule (hr_value_rule.h),
 * from the game's definition, with their period and the rule's proof. */

typedef struct {
    int *outcome;     /* a pile alone: 1 win, 0 loss, 2 uncertain       */
    int *value;       /* its value, or -1 when it has none              */
    int a, t;         /* (outcome, value) repeat with period t from a   */
    bool proved;      /* the XOR rule proved for every position         */
    value_rule_proof proof;
    bool chance_proved; /* and the positions left to chance             */
    value_rule_proof chance;
} pile_values;

static void pile_values_make(pile_values *pv)
{
    value_rule_game vg = {FOUR_OR_ONE, 2, TWO_OR_ONE, 2, false};
    pv->outcome = xmalloc(sizeof *pv->outcome * ((size_t)FIG_PILE + 1), "a sequence");
    pv->value = xmalloc(sizeof *pv->value * ((size_t)FIG_PILE + 1), "a sequence");
    value_rule_pile_outcomes(&vg, FIG_PILE, pv->outcome);
    value_rule_values(&vg, FIG_PILE, pv->value);
    /* A pile's (outcome, value) reads the 6 piles below it alone
     * (periodicity.h). */
    int64_t *rows = xmalloc(xmul((size_t)FIG_PILE + 1, 2 * sizeof *rows, "a sequence"), "a sequence");
    for (int n = 0; n <= FIG_PILE; n++) {
        rows[2 * n] = pv->outcome[n];
        rows[2 * n + 1] = pv->value[n];
    }
    per_finder f;
    per_finder_init(&f, 2, 6);
    pv->a = pv->t = -1;
    bool found = per_finder_feed(&f, rows, FIG_PILE + 1, &pv->a, &pv->t);
    per_finder_free(&f);
    free(rows);
    pv->proved = found && (pv->a > 1 ? pv->a : 1) + 6 + 2 * pv->t < FIG_PILE &&
                 value_rule_prove(&vg, value_of_pile, pv->value, pv->a, pv->t, &pv->proof);
    /* The rest rests on the XOR rule. */
    pv->chance_proved = pv->proved && value_rule_prove_chance(&vg, value_of_pile, pv->value, pv->a, pv->t, &pv->chance);
}

static void pile_values_free(pile_values *pv)
{
    free(pv->outcome);
    free(pv->value);
}

/* "0, 6, 7, 8 and from 16 on 0, 6, 7 mod 8": the piles whose value is u
 * (VALUE_RULE_LONE: the lone piles; VALUE_RULE_NONE: the others without
 * a value), from the period. */
static char *piles_of_value(const pile_values *pv, int u)
{
    char *below = claim_printf("%s", ""), *residues = claim_printf("%s", "");
    for (int n = 0; n < pv->a + pv->t; n++) {
        if (pv->value[n] != u)
            continue;
        char **list = n < pv->a ? &below : &residues;
        char *next = claim_printf("%s%s%d", *list, **list ? ", " : "", n < pv->a ? n : n % pv->t);
        free(*list);
        *list = next;
    }
    char *out = !*residues ? claim_printf("%s", *below ? below : "none")
                           : claim_printf("%s%sfrom %d on %s mod %d", below, *below ? " and " : "", pv->a, residues,
                                          pv->t);
    free(below);
    free(residues);
    return out;
}

static void report_pile_values(claim_report *r, const pile_values *pv)
{
    if (!pv->proved) {
        claim_finding_add(r, "the XOR rule", "not proved: %s", pv->a < 0 ? "the values have no period within "
                          "2000 piles" : pv->proof.why);
        return;
    }
    char *zero = piles_of_value(pv, 0), *one = piles_of_value(pv, 1), *two = piles_of_value(pv, 2),
         *lone = piles_of_value(pv, VALUE_RULE_LONE), *none = piles_of_value(pv, VALUE_RULE_NONE);
    claim_finding_add(r, "pile values",
                      "from the game's definition (a pile's value u: the mover can force, whatever the opponent "
                      "writes, each smaller value, and the opponent can force another value; a lone pile has none, "
                      "but the mover can force value 0 from it): value 0 on piles %s; value 1 on %s; value 2 on "
                      "%s; lone piles %s; no value (uncertain alone) %s",
                      zero, one, two, lone, none);
    claim_finding_add(r, "the XOR rule, proved",
                      "on every position of any number of piles whose piles all have a value, no outcome is left "
                      "to chance and the player to move wins exactly when the XOR of the values is not 0; with one "
                      "lone pile beside piles whose values have XOR 0, he wins.  The moves its induction needs "
                      "(docs/claims.md, A game of chance) hold on piles 1 .. %d, which stand for every pile "
                      "(period %d from %d).  The balanced rule reads only a pile's single outcome, a win for "
                      "values 1 and 2 and lone piles alike: that is why it misses",
                      pv->proof.checked_to, pv->t, pv->a);
    if (pv->chance_proved)
        claim_finding_add(r, "left to chance, proved",
                          "every other position of any number of piles is left to chance (the player to move wins "
                          "with a probability strictly between 0 and 1): one with a pile that has no value (a pile "
                          "uncertain alone), two or more lone piles, or one lone pile beside values of XOR not 0.  "
                          "By induction over the counters (docs/claims.md): there the mover has no sure win, whatever "
                          "pile he takes, and no sure loss, a pile the position must hold giving him a chance; "
                          "checked for every XOR and every count of lone piles and piles without a value (none, one, "
                          "more), on piles 1 .. %d, which stand for every pile",
                          pv->chance.checked_to);
    else
        claim_finding_add(r, "left to chance", "not proved: %s", pv->chance.why);
    free(zero);
    free(one);
    free(two);
    free(lone);
    free(none);
}

/* The XOR rule at a position of the {1,4}/{1,2} game: when its piles all
 * have a value, the player to move wins exactly when their XOR is not 0;
 * with one lone pile beside them, he wins when it is 0 (twist: when the
 * number of piles of a non-zero value or lone is odd, the balanced rule).
 * Returns false, checking nothing, where the rule says nothing (a pile
 * without a value, two lone piles, a lone pile beside an XOR not 0). */
static bool check_xor_rule(claim_report *r, const hr_game *s, uint64_t rank, const int *a, int k,
                           const pile_values *pv, int o, int twist)
{
    int x = 0, nonzero = 0, lone = 0;
    for (int i = 0; i < k; i++) {
        int v = pv->value[a[i]];
        if (v == VALUE_RULE_NONE)
            return false;
        lone += v == VALUE_RULE_LONE;
        x ^= v > 0 ? v : 0;
        nonzero += v != 0;
    }
    if (lone > 1 || (lone && x))
        return false;
    int stated = twist ? nonzero % 2 : lone || x != 0;
    claim_cases(r, 1, 1);
    if (o == stated)
        return true;
    char *where = position_text(s, rank);
    claim_mismatch_at(r, 1, where, stated ? "the player to move wins" : "he loses",
                      o == 2 ? "uncertain" : o == 1 ? "he wins" : "he loses",
                      twist ? "the parity of the piles of a non-zero value" : "the XOR of the piles' values");
    free(where);
    return true;
}

static void multi_pile(const claim_ctx *ctx, claim_report *r, int twist)
{
    pile_values pv;
    uint64_t found_before = r->found;
    pile_values_make(&pv);
    for (size_t c = 0; c < sizeof MULTI / sizeof *MULTI; c++) {
        hr_game s;
        hr_solve(ctx, &s, "1,4", "1,2", "normal", MULTI[c].piles, MULTI[c].bound);
        /* The outcomes from the definition are the engine's exact values
         * read as outcomes: two code paths, one answer. */
        for (int n = 0; n <= MULTI[c].bound; n++)
            if (outcome(&s, hr_rank(&s, &n, 1)) != pv.outcome[n])
                die("internal error: the {1,4}/{1,2} game's pile of %d: outcome %d from the definition, %d from "
                    "the engine", n, pv.outcome[n], outcome(&s, hr_rank(&s, &n, 1)));
        uint64_t certain = 0, predicted = 0, with_uncertain = 0, uncertain = 0, valued = 0, silent = 0,
                 silent_uncertain = 0;
        char *exception = NULL;
        for (uint64_t rank = 0; rank < s.table.count; rank++) {
            int a[16], k = s.entry->piles_of(s.game, rank, a), parity = 0, unsure = 0, lone = 0;
            for (int i = 0; i < k; i++) {
                unsure += pv.outcome[a[i]] == 2;
                lone += pv.value[a[i]] == VALUE_RULE_LONE;
                parity ^= pv.outcome[a[i]] == 1;
            }
            int o = outcome(&s, rank);
            if (check_xor_rule(r, &s, rank, a, k, &pv, o, twist)) {
                valued++;
            } else if (!unsure) {
                /* Two lone piles or more, or one beside an XOR not 0:
                 * left to chance (twist: certain). */
                silent += lone == 1;
                silent_uncertain += lone == 1 && o == 2;
                claim_cases(r, 2, 1);
                if ((o == 2) == (twist != 0)) {
                    char *where = position_text(&s, rank);
                    claim_mismatch_at(r, 2, where, twist ? "certain" : "uncertain", o == 2 ? "uncertain" : "certain",
                                      lone > 1 ? "two lone piles or more" : "a lone pile beside an XOR not 0");
                    free(where);
                }
            }
            if (!unsure) {
                certain++;
                if (o == parity)
                    predicted++;
                else if (!exception)
                    exception = position_text(&s, rank);
                continue;
            }
            with_uncertain++;
            uncertain += o == 2;
            claim_cases(r, 0, 1);
            /* twist: a position with an uncertain pile is certain. */
            if ((o == 2) == (twist != 0)) {
                char *where = position_text(&s, rank);
                claim_mismatch_at(r, 0, where, twist ? "certain" : "uncertain", o == 2 ? "uncertain" : "certain",
                                  "a pile of it is uncertain alone");
                free(where);
            }
        }
        if (!twist)
            claim_finding_add(r, "swept",
                              "%d piles of up to %d: the XOR rule checked on the %llu positions it speaks of (of the "
                              "%llu with one lone pile beside an XOR that is not 0, %llu are uncertain); of %llu "
                              "positions whose every pile is certain alone, the balanced rule (the parity of the "
                              "piles won alone) predicts %llu%s%s; of the %llu with an uncertain pile, %llu are "
                              "uncertain",
                              MULTI[c].piles, MULTI[c].bound, (unsigned long long)valued,
                              (unsigned long long)silent, (unsigned long long)silent_uncertain,
                              (unsigned long long)certain, (unsigned long long)predicted,
                              exception ? "; the first it misses: " : "", exception ? exception : "",
                              (unsigned long long)with_uncertain, (unsigned long long)uncertain);
        free(exception);
        hr_free(&s);
    }
    if (!twist)
        report_pile_values(r, &pv);
    /* Proved for every position when both inductions go through; a
     * mismatch still makes the claim FAILS. */
    claim_set_family_status(r, pv.proved && pv.chance_proved ? CLAIM_CERTIFIED : CLAIM_OBSERVED);
    /* Both inductions written out (docs/proofs.md, value-induction) when
     * they went through and the sweep refuted nothing. */
    if (pv.proved && pv.chance_proved && r->found == found_before) {
        value_rule_game vg = {FOUR_OR_ONE, 2, TWO_OR_ONE, 2, false};
        char *text = hr_induction_certificate("hr-multi-pile", &vg, value_of_pile, pv.value, pv.a, pv.t,
                                              pv.proof.checked_to);
        claim_certificate_add(r, "1-4-against-1-2", text);
        free(text);
    }
    pile_values_free(&pv);
}

/* ---- hr/misere ---- */

static void misere(const claim_ctx *ctx, claim_report *r, int twist)
{
    uint64_t positions = 0;
    rule_proofs proofs = {0};
    int K = largest_m(ctx), L = largest_pile(ctx), done = 0;
    for (int m = 1; m <= K; m++)
        for (int M = m; M <= K; M++) {
            char interval[32];
            snprintf(interval, sizeof interval, "%d:%d", m, M);
            hr_game s;
            uint64_t found_before = r->found;
            hr_solve(ctx, &s, interval, interval, "misere", HR_PILES, L);
            for (uint64_t rank = 0; rank < s.table.count; rank++) {
                int o = outcome(&s, rank);
                claim_cases(r, 0, 1);
                /* twist: a certain win counted as uncertain. */
                if (o == 2 || (twist && o == 1))
                    mismatch_at(r, 0, m, M, ", misere", &s, rank, "certain (value 0 or 1)", "uncertain");
                if (o == 2)
                    continue;
                claim_cases(r, 1, 1);
                /* The normal outcome reversed: the mover wins when balanced
                 * (twist: when unbalanced, the normal rule). */
                bool stated = unbalanced(&s, rank, m, M, 0) == (twist != 0);
                if ((o == 1) != stated)
                    mismatch_at(r, 1, m, M, ", misere", &s, rank, stated ? "the player to move wins" : "he loses",
                                o == 1 ? "he wins" : "he loses");
            }
            positions += s.table.count;
            hr_free(&s);
            /* twist: the normal rule stated, which the empty position
             * already refutes. */
            prove_game(ctx, r, found_before, &proofs, m, M, true, !twist, 0);
            claim_progress(ctx, (uint64_t)++done, (uint64_t)(K * (K + 1) / 2), "games");
        }
    if (!twist)
        claim_finding_add(r, "swept",
                          "every game with 1 <= m = t <= T = M <= %d, every position of up to %d piles of up to %d "
                          "counters (%llu in all): %s",
                          K, HR_PILES, L, (unsigned long long)positions,
                          r->mismatches[0] || r->mismatches[1]
                              ? "the rule does not hold everywhere: see the mismatches"
                              : "no position is uncertain, and the player to move wins the misere game exactly when "
                                "the position is balanced (the sum of g(n_i) even, g as in the paper)");
    report_proofs(r, &proofs, K, "the rule (the player to move wins the misere game exactly when balanced, no "
                  "position uncertain)", true);
    rule_proofs_free(&proofs);
}

/* ---- the claims ---- */

/* The largest table of the sweep (HR_PILES piles of up to --to:
 * C(L + HR_PILES, HR_PILES) positions of 16 bytes and a layer index of 8)
 * and its worker's matrices. */
static uint64_t sweep_bytes(const claim_sizes *sizes, int threads)
{
    (void)threads;
    uint64_t L = sizes->rows > 0 ? (uint64_t)sizes->rows : HR_BOUND, count = 1;
    for (uint64_t i = 1; i <= HR_PILES; i++)
        count = count * (L + i) / i;
    return count * 24 + ((uint64_t)16 << 20);
}

#define HR_CLAIM(fn)                                             \
    static void claim_##fn(const claim_ctx *ctx, claim_report *r) \
    {                                                            \
        fn(ctx, r, 0);                                           \
    }
HR_CLAIM(theorem)
HR_CLAIM(example)
HR_CLAIM(figure1)
HR_CLAIM(multi_pile)
HR_CLAIM(misere)

#define HR_SOURCE "Holshouser and Reiter, Is this Modified Nim Game a Game of Chance?"

const claim_def claim_hr_theorem = {
    .id = "hr/theorem",
    .truth = CLAIM_EVERY_POSITION,
    .game = "chance-nim",
    .source = HR_SOURCE ", Game 1 with m = t, M = T: the Analysis",
    .statement = "With 1 <= m = t <= T = M, let g(0) = 0 and g(n) = 1 for n in (p(m+M), (p+1)(m+M)] with p even, 0 "
                 "with p odd; a position is balanced when the sum of g over its piles is even.  The player who "
                 "moves first wins (with perfect play) exactly when the position is unbalanced, so no position is "
                 "uncertain; from a pile with g = 1 the proof's x (M on a pile of at most m+M, m when theta <= 2m, "
                 "theta - m otherwise) leaves g = 0 whatever the opponent writes, and against any pile the "
                 "opponent's x' (M, or the same recipe) changes g whatever the mover writes.",
    .domain = "1 <= m <= M <= --max-take (default 8); every position of up to 3 piles of up to --to counters "
              "(default 60), exact values; the proof's moves on single piles up to max(3 x --to, 2M + 2(m+M)), "
              "which stand for every pile; the rule proved for every position of any number of piles, per game "
              "(docs/claims.md)",
    .parts = {"no position is uncertain", "the player to move wins exactly when unbalanced",
              "the proof's move balances a pile with g = 1", "the proof's reply changes g"},
    .check_games = claim_theorem,
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = HR_MAX_M_LIMIT,
    .sizes_help = "--max-take M: the largest M (default 8, at most 16), --to L: the largest pile (default 60)",
    .games_bytes = sweep_bytes,
};

const claim_def claim_hr_example = {
    .id = "hr/example-11",
    .game = "chance-nim",
    .source = HR_SOURCE ", Modifying the parameters",
    .statement = "When the mover writes x in {1, 4} and the opponent x' in {1, 2}, a single pile of n = 11 is an "
                 "uncertain position (the outcome depends on chance: the probability that the player to move wins "
                 "is strictly between 0 and 1).",
    .domain = "one pile of 11 counters (the value and both players' optimal mixed strategies: verifier value 11 "
              "--game chance-nim --choices 1,4 --against 1,2)",
    .parts = {"a pile of 11 is uncertain"},
    .check_games = claim_example,
    .sizes_help = "fixed",
};

const claim_def claim_hr_fig1 = {
    .id = "hr/fig-1",
    .truth = CLAIM_EVERY_SIZE,
    .game = "chance-nim",
    .source = HR_SOURCE ", Fig. 1 (its picture did not survive extraction)",
    .statement = "Fig. 1, regenerated: the single-pile outcomes of the {1,4}/{1,2} game (certain wins, certain losses, "
                 "uncertain piles with their values) follow an eventual period, certified by the first repeat of 6 "
                 "consecutive piles.",
    .domain = "one pile of 0..2000 counters; piles 0..200 written to hr-fig-1.dat (n, value, exact value, outcome)",
    .parts = {"eventually periodic"},
    .check_games = claim_figure1,
    .sizes_help = "fixed",
};

const claim_def claim_hr_multi = {
    .id = "hr/multi-pile",
    .truth = CLAIM_EVERY_POSITION,
    .game = "chance-nim",
    .source = HR_SOURCE ", Modifying the parameters (several piles: the paper says nothing)",
    .statement = "With several piles of the {1,4}/{1,2} game, each pile has a value (0, 1 or 2), is a lone pile or "
                 "has none (uncertain alone), computed from the game's definition, and every position's outcome "
                 "follows: where every pile has a value the player to move wins exactly when their XOR is not 0, "
                 "and with one lone pile beside values of XOR 0 he wins, no outcome left to chance; a position with "
                 "a pile uncertain alone is uncertain; and so is one with two or more lone piles, or one lone pile "
                 "beside values of XOR not 0.  How far the balanced rule (the parity of the piles won alone) "
                 "predicts is counted.  Not statements of the paper, which says nothing of several piles.",
    .domain = "2 piles of up to 100, 3 of up to 40, 4 of up to 20; every position of any number of piles by the "
              "values and two inductions, checked on every pile",
    .parts = {"a position with an uncertain pile is uncertain", "where every pile has a value, their XOR decides",
              "two lone piles, or one beside an XOR not 0: uncertain"},
    .check_games = claim_multi_pile,
    .sizes_help = "fixed",
};

const claim_def claim_hr_misere = {
    .id = "hr/misere",
    .truth = CLAIM_EVERY_POSITION,
    .game = "chance-nim",
    .source = HR_SOURCE ", Misere Game (the challenge: solve it for 1 <= m = t <= T = M)",
    .statement = "The misere game (the player who removes the last counter loses) with 1 <= m = t <= T = M: no "
                 "position is uncertain, and the player to move wins exactly when the position is balanced (g as "
                 "in the Analysis), the normal outcome reversed.  The verifier's answer to the challenge: proved "
                 "for every position of any number of piles, per game, by the paper's own kind of induction "
                 "(docs/claims.md).",
    .domain = "1 <= m <= M <= --max-take (default 8); every position of up to 3 piles of up to --to counters "
              "(default 60) swept; the rule proved for every position of any number of piles, per game",
    .parts = {"no position is uncertain", "the player to move wins exactly when balanced"},
    .check_games = claim_misere,
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = HR_MAX_M_LIMIT,
    .sizes_help = "--max-take M: the largest M (default 8, at most 16), --to L: the largest pile (default 60)",
    .games_bytes = sweep_bytes,
};

/* Every check here with its twist (hr_claims.h). */
const hr_check_entry hr_checks[] = {
    {"hr/theorem", theorem}, {"hr/example-11", example}, {"hr/fig-1", figure1},
    {"hr/multi-pile", multi_pile}, {"hr/misere", misere}, {NULL, NULL},
};
