/*
 * st_basics.c -- Stewart, Section 5: the statements about single games.
 *   st/thm-32    G_s is the final score of plain game-tree minimax
 *   st/lemma-33  G_s(s + 2ik) = s, G_s(s + (2i-1)k) = k - s for s in S
 *   st/table-1   the printed table of the subtraction set {4,5}
 *   st/table-2   the printed table of (3333, 2222) and its period 5
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/games/scoring_octal/octal_family.h"
#include "core/games/scoring_octal/octal_values.h"
#include "core/engine/xalloc.h"
#include "proofs/claim.h"
#include "proofs/stewart/st_checks.h"

/* ---- Theorem 32 ---- */

/* Left and Right alternate; Left maximises and Right minimises the final
 * difference of their scores.  Every line of play is walked: no memo, no
 * negamax, nothing shared with Definition 31 but the rules. */
typedef struct {
    const og_rules *rules[2];   /* rules of the O-heaps and the P-heaps */
    int64_t scale;
} tree_game;

static int64_t play_out(const tree_game *g, const int *heaps, const int *side, int n, int left_to_move)
{
    bool any = false;
    int64_t best = 0;
    og_heap_move moves[512];
    int next[64], next_side[64];
    for (int i = 0; i < n; i++) {
        const og_rules *r = g->rules[side[i]];
        int k = og_heap_moves(r, heaps[i], moves, 512);
        for (int j = 0; j < k; j++) {
            int c = 0;
            for (int q = 0; q < n; q++)
                if (q != i) {
                    next[c] = heaps[q];
                    next_side[c++] = side[q];
                }
            for (int q = 0; q < moves[j].nparts; q++) {
                next[c] = moves[j].parts[q];
                next_side[c++] = side[i];
            }
            int64_t pts = og_scaled_point(r, moves[j].take, g->scale);
            int64_t rest = play_out(g, next, next_side, c, !left_to_move);
            int64_t v = left_to_move ? rest + pts : rest - pts;
            if (!any || (left_to_move ? v > best : v < best))
                best = v;
            any = true;
        }
    }
    return best;
}

typedef struct {
    const char *code, *points, *sum;
} thm32_game;

/* A spread of rules: subtraction, taking-no-breaking with odd points,
 * breaking into two and three heaps, splitting without taking, sums. */
static const thm32_game thm32_games[] = {
    {"0.3333", "2,2,2,2", NULL}, {"0.00033", NULL, NULL}, {"0.26", NULL, NULL},     {"4.07", NULL, NULL},
    {"0.137", NULL, NULL},       {"0.6", "-1", NULL},     {"0.f", "1/2", NULL},     {"0.12", "1/2,-3", NULL},
    {"0.44", "-1,2", NULL},      {"0.33", NULL, "0.303"}, {"0.26", NULL, "0.07"},   {"0.71", "3,-2", "0.6"},
};

static bool load_game(const char *code, const char *points, og_rules *g)
{
    char err[128];
    return og_parse_code(code, g, err, sizeof err) == 0 && (!points || og_parse_points(points, g, err, sizeof err) == 0);
}

void st_thm32_games(claim_report *r, int right_sign)
{
    for (size_t i = 0; i < sizeof thm32_games / sizeof thm32_games[0]; i++) {
        const thm32_game *t = &thm32_games[i];
        og_rules O, P;
        /* The spread is fixed text: a game that does not parse is a bug. */
        if (!load_game(t->code, t->points, &O) || (t->sum && !load_game(t->sum, NULL, &P)))
            die("internal error: Theorem 32 game %s does not parse", t->code);
        const og_rules *pp = t->sum ? &P : NULL;
        tree_game tg = {.rules = {&O, pp ? pp : &O}, .scale = og_common_scale(&O, pp)};
        og_memo *memo = og_memo_new(&O, pp, tg.scale);
        int nmax = t->sum ? 5 : 8, mmax = t->sum ? 4 : 0;
        for (int n = 0; n <= nmax; n++)
            for (int m = 0; m <= mmax; m++) {
                bool ok;
                int64_t g = og_memo_value(memo, &n, 1, &m, 1, &ok);
                int heaps[2] = {n, m}, side[2] = {0, 1};
                int64_t left = play_out(&tg, heaps, side, 2, 1), right = play_out(&tg, heaps, side, 2, 0);
                char where[96], e[OG_VALUE_MAX], a[OG_VALUE_MAX];
                if (t->sum)
                    snprintf(where, sizeof where, "%s%s%s + %s: n=%d m=%d", O.code, t->points ? " " : "",
                             t->points ? t->points : "", P.code, n, m);
                else
                    snprintf(where, sizeof where, "%s%s%s: n=%d", O.code, t->points ? " " : "",
                             t->points ? t->points : "", n);
                og_format_value(g, tg.scale, e, sizeof e);
                claim_cases(r, 0, 1);
                claim_cases(r, 1, 1);
                if (!ok || left != g) {
                    og_format_value(left, tg.scale, a, sizeof a);
                    claim_mismatch_at(r, 0, where, e, a, "final score with Left moving first");
                }
                if (!ok || right_sign * right != g) {
                    og_format_value(right_sign * right, tg.scale, a, sizeof a);
                    claim_mismatch_at(r, 1, where, e, a, "minus the final score with Right moving first");
                }
            }
        og_memo_free(memo);
    }
}

static void check_thm32(const claim_ctx *ctx, claim_report *r)
{
    (void)ctx;
    st_thm32_games(r, -1);
}

const claim_def claim_st_thm32 = {
    .id = "st/thm-32",
    .game = "scoring-octal",
    .source = "Stewart, Scoring play combinatorial games, Section 5.1, Theorem 32 (with Definitions 30, 31)",
    .statement = "G_s(n) = n_F^SL = -n_F^SR and G_s(n +_l m) = (n +_l m)_F^SL = -(n +_l m)_F^SR: the "
                 "recursive value is the final score under optimal play, whoever starts.",
    .domain = "12 games: 0.3333 with points 2,2,2,2; {4,5}; 0.26; 4.07; 0.137; 0.6 (-1); 0.f (1/2); 0.12 "
              "(1/2,-3); 0.44 (-1,2); and the sums 0.33 + 0.303, 0.26 + 0.07, 0.71 (3,-2) + 0.6; heaps n <= 8 "
              "(single) or n <= 5, m <= 4 (sums); final scores by walking every line of play with Left "
              "maximising and Right minimising",
    .parts = {"G_s = final score, Left first", "G_s = -(final score, Right first)"},
    .check_games = check_thm32,
    .sizes_help = "fixed",
};

/* ---- Lemma 33 ---- */

enum { L33_EVEN, L33_ODD, L33_DISPLAYED };

/* One case of the lemma: the stated value against G_s(n) of set `text`. */
static void lemma33_compare(claim_report *r, int part, const char *text, int n, int s, int i, int64_t stated,
                            int64_t exact)
{
    claim_cases(r, part, 1);
    if (exact == stated)
        return;
    char where[96], e[32], a[32];
    snprintf(where, sizeof where, "%s: n=%d (s=%d, i=%d)", text, n, s, i);
    snprintf(e, sizeof e, "%lld", (long long)stated);
    snprintf(a, sizeof a, "%lld", (long long)exact);
    claim_mismatch_at(r, part, where, e, a, "");
}

static void lemma33_set(claim_report *r, int mask, int k, int rows, st_lemma_value even, st_lemma_value odd_value)
{
    og_rules g;
    memset(&g, 0, sizeof g);
    char text[64] = "{", err[64];
    int used = 1;
    for (int s = 1; s <= k; s++)
        if (mask >> (s - 1) & 1)
            used += snprintf(text + used, sizeof text - (size_t)used, used > 1 ? ",%d" : "%d", s);
    snprintf(text + used, sizeof text - (size_t)used, "}");
    og_rowtab t;
    if (og_parse_subtraction(text, &g, err, sizeof err) != 0 ||
        og_rowtab_init(&t, &g, NULL, 0, rows + 1, KERNEL_FAST, err, sizeof err) != 0)
        die("internal error: Lemma 33 set %s: %s", text, err);
    og_rowtab_extend(&t, rows + 1);
    for (int s = 1; s <= k; s++) {
        if (!(mask >> (s - 1) & 1))
            continue;
        for (int i = 0; s + 2 * i * k <= rows; i++) {
            int n = s + 2 * i * k, odd = s + (2 * i - 1) * k;
            lemma33_compare(r, L33_EVEN, text, n, s, i, even(s, k), og_rowtab_at(&t, n, 0));
            if (i == 0)
                continue;
            lemma33_compare(r, L33_ODD, text, odd, s, i, odd_value(s, k), og_rowtab_at(&t, odd, 0));
            lemma33_compare(r, L33_DISPLAYED, text, n, s, i, k - og_rowtab_at(&t, odd, 0), og_rowtab_at(&t, n, 0));
        }
    }
    og_rowtab_free(&t);
}

void st_lemma33_sets(claim_report *r, int K, int rows, st_lemma_value even, st_lemma_value odd)
{
    for (int k = 1; k <= K; k++)
        for (int low = 0; low < 1 << (k - 1); low++)
            lemma33_set(r, low | 1 << (k - 1), k, rows, even, odd);
}

/* The lemma's values: G(s + 2ik) = s and G(s + (2i-1)k) = k - s. */
static int lemma_even(int s, int k)
{
    (void)k;
    return s;
}
static int lemma_odd(int s, int k)
{
    return k - s;
}

static int lemma33_rows(const claim_sizes *s)
{
    return s->rows > 0 ? s->rows : 400;
}

static void check_lemma33(const claim_ctx *ctx, claim_report *r)
{
    int K = ctx->sizes.max_take > 0 ? ctx->sizes.max_take : 10;
    st_lemma33_sets(r, K, lemma33_rows(&ctx->sizes), lemma_even, lemma_odd);
}

/* One set's rows at a time. */
static uint64_t lemma33_bytes(const claim_sizes *s, int threads)
{
    (void)threads;
    return og_rowtab_bytes_bound(lemma33_rows(s) + 1, 0, false, 0);
}

const claim_def claim_st_lemma33 = {
    .id = "st/lemma-33",
    .game = "scoring-octal",
    .source = "Stewart, Scoring play combinatorial games, Section 5.1.1, Lemma 33 (statement and Part 3 of the proof)",
    .statement = "For a finite subtraction set S with k = max S (taking i beans scores i) and every s in S: "
                 "G_s(s + 2ik) = s for i >= 0, G_s(s + (2i-1)k) = k - s for i >= 1, and so G_s(s + 2ik) = "
                 "k - G_s(s + (2i-1)k).",
    .domain = "every subtraction set S of {1..K} with max S = K, for K up to --max-take (default 10), every "
              "s in S and every i with s + 2ik <= --to (default 400)",
    .parts = {"G(s+2ik) = s", "G(s+(2i-1)k) = k-s", "G(s+2ik) = k - G(s+(2i-1)k)"},
    .check_games = check_lemma33,
    .games_bytes = lemma33_bytes,
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 20,
    .sizes_help = "--max-take K (default 10), --to L (default 400)",
};

/* ---- the printed tables ---- */

void st_expect_values(claim_report *r, int part, const og_rules *g, const char *name, const int *printed, int n)
{
    og_rowtab t;
    char err[128];
    if (og_rowtab_init(&t, g, NULL, 0, n, KERNEL_FAST, err, sizeof err) != 0)
        die("internal error: %s: %s", name, err);
    og_rowtab_extend(&t, n);
    for (int i = 0; i < n; i++) {
        claim_cases(r, part, 1);
        if (og_rowtab_at(&t, i, 0) != printed[i] * t.scale) {
            char where[64], e[32], a[OG_VALUE_MAX];
            snprintf(where, sizeof where, "%s: n=%d", name, i);
            snprintf(e, sizeof e, "%d", printed[i]);
            og_format_value(og_rowtab_at(&t, i, 0), t.scale, a, sizeof a);
            claim_mismatch_at(r, part, where, e, a, "");
        }
    }
    og_rowtab_free(&t);
}

bool st_table1_take4_wins(int64_t take4, int64_t take5, int64_t g13)
{
    return take4 == 3 && take5 < take4 && g13 == 3;
}

static void check_table1(const claim_ctx *ctx, claim_report *r)
{
    (void)ctx;
    static const int printed[16] = {0, 0, 0, 0, 4, 5, 5, 5, 5, 1, 0, 0, 0, 3, 4, 5};
    og_rules g;
    og_rowtab t;
    char err[128];
    if (og_parse_subtraction("{4,5}", &g, err, sizeof err) != 0 ||
        og_rowtab_init(&t, &g, NULL, 0, 16, KERNEL_FAST, err, sizeof err) != 0)
        die("internal error: Table 1's game: %s", err);
    st_expect_values(r, 0, &g, "{4,5}", printed, 16);
    og_rowtab_extend(&t, 16);
    /* G(13) = max{4 - G(9), 5 - G(8)} = 4 - G(9) = 3: taking 4 beats taking 5. */
    int64_t take4 = 4 - og_rowtab_at(&t, 9, 0), take5 = 5 - og_rowtab_at(&t, 8, 0);
    claim_cases(r, 1, 1);
    if (!st_table1_take4_wins(take4, take5, og_rowtab_at(&t, 13, 0))) {
        char a[64];
        snprintf(a, sizeof a, "4-G(9) = %lld, 5-G(8) = %lld", (long long)take4, (long long)take5);
        claim_mismatch_at(r, 1, "{4,5}: n=13", "4-G(9) = 3 > 5-G(8)", a, "");
    }
    og_rowtab_free(&t);
}

const claim_def claim_st_table1 = {
    .id = "st/table-1",
    .truth = CLAIM_WHOLE,
    .game = "scoring-octal",
    .source = "Stewart, Scoring play combinatorial games, Section 5.1.1, Table 1 and the text after it",
    .statement = "For the subtraction set {4,5}, G_s(n) for n = 0..15 is 0 0 0 0 4 5 5 5 5 1 0 0 0 3 4 5, and "
                 "G_s(13) = 4 - G_s(9) = 3 > 5 - G_s(8): taking fewer beans can be better.",
    .domain = "n = 0..15 as printed",
    .parts = {"Table 1 as printed", "G(13): taking 4 beats taking 5"},
    .check_games = check_table1,
    .sizes_help = "fixed",
};

/* Rows the period search of Table 2 may use.  The claim is about one
 * fixed game, so --to does not apply to it (a size given on the command
 * line must never turn a fixed statement into FAILS). */
#define TABLE2_ROWS 1000

static void check_table2(const claim_ctx *ctx, claim_report *r)
{
    (void)ctx;
    static const int printed[11] = {0, 2, 2, 2, 2, 0, 2, 2, 2, 2, 0};
    og_rules g;
    char err[128];
    if (og_parse_code("0.3333", &g, err, sizeof err) != 0 || og_parse_points("2,2,2,2", &g, err, sizeof err) != 0)
        die("internal error: Table 2's game: %s", err);
    st_expect_values(r, 0, &g, "0.3333 (2,2,2,2)", printed, 11);
    og_job job = {.O = g, .budget = TABLE2_ROWS};
    og_analyse(&job);
    claim_cases(r, 1, 1);
    if (job.kind == OG_UNDECIDED)
        claim_set_family_status(r, CLAIM_UNDECIDED); /* ran out of rows: no verdict on the period */
    else if (job.kind != OG_CERTIFIED || job.pre[0] != 0 || job.per[0] != 5) {
        char a[96];
        snprintf(a, sizeof a, "%s, preperiod %d, period %d", og_kind_name(job.kind), job.pre[0], job.per[0]);
        claim_mismatch_at(r, 1, "0.3333 (2,2,2,2)", "certified: preperiod 0, least period 5", a, "");
    }
}

const claim_def claim_st_table2 = {
    .id = "st/table-2",
    .truth = CLAIM_WHOLE,
    .game = "scoring-octal",
    .source = "Stewart, Scoring play combinatorial games, Section 5.2, the table of O = (3333, 2222)",
    .statement = "For O = (3333, 2222), G_s(n) for n = 0..10 is 0 2 2 2 2 0 2 2 2 2 0, and the game has period 5.",
    .domain = "n = 0..10 as printed; the period certified by a window repeat (preperiod 0, least period 5)",
    .parts = {"table as printed", "certified period 5 from n = 0"},
    .check_games = check_table2,
    .sizes_help = "fixed",
};
