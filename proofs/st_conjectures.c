/*
 * st_conjectures.c -- Stewart's Conjectures 34-37 on the periodicity of
 * G_s, swept over whole families of games.
 *   st/conj-34                 subtraction sets, p_s = s: eventual period 2k
 *   st/conj-35/literal         taking-no-breaking, p_i = i: G(n+2k +_l m) = G(n +_l m) for all n
 *   st/conj-35/eventual        the same for all large n
 *   st/conj-36/literal|eventual  taking-no-breaking, other points: some period t
 *   st/conj-37/literal|eventual  taking-and-breaking: some period t
 * Each game is analysed by the engine (core/octal_family.h); this file
 * only builds the family and judges each result against the statement.
 * Games with no repeat in the row budget are UNDECIDED, never holding.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/octal_family.h"
#include "../core/sysmem.h"
#include "../core/xalloc.h"
#include "claim.h"
#include "st_checks.h"

typedef st_family family;

/* The taking-no-breaking code 0.d_1..d_k (digits 0..3, d_k != 0) with
 * number `index` in 0 .. 3*4^(k-1)-1: d_k = index % 3 + 1, then the other
 * digits in base 4. */
static void taking_code(int k, int index, og_rules *g)
{
    char text[OG_MAX_TAKE + 4] = "0.", err[64];
    text[1 + k] = (char)('1' + index % 3);
    index /= 3;
    for (int i = k - 1; i >= 1; i--) {
        text[1 + i] = (char)('0' + index % 4);
        index /= 4;
    }
    text[2 + k] = 0;
    og_parse_code(text, g, err, sizeof err);
}

static int taking_codes_of_length(int k)
{
    return 3 << (2 * (k - 1));
}

/* ---- the families ---- */

static og_job *new_job(og_job **jobs, int *cap, int *n)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 256;
        *jobs = sn_xrealloc(*jobs, sn_xmul((size_t)*cap, sizeof **jobs, "the games of a family"),
                            "the games of a family");
    }
    og_job *j = &(*jobs)[(*n)++];
    memset(j, 0, sizeof *j);
    return j;
}

static int build_34(const family *f, og_job **jobs)
{
    int n = 0, cap = 0;
    *jobs = NULL;
    for (int k = 1; k <= f->K; k++)
        for (int low = 0; low < 1 << (k - 1); low++) {
            og_job *j = new_job(jobs, &cap, &n);
            char text[96] = "{", err[64];
            int used = 1, mask = low | 1 << (k - 1);
            for (int s = 1; s <= k; s++)
                if (mask >> (s - 1) & 1)
                    used += snprintf(text + used, sizeof text - (size_t)used, used > 1 ? ",%d" : "%d", s);
            snprintf(text + used, sizeof text - (size_t)used, "}");
            og_parse_subtraction(text, &j->O, err, sizeof err);
            j->budget = f->rows;
            j->target = f->fixed_T > 0 ? f->fixed_T : 2 * k;
        }
    return n;
}

/* Point vectors of Conjecture 36 (documented in the claim). */
static void set_points(og_rules *g, int which)
{
    int k = g->max_take;
    for (int i = 1; i <= k; i++)
        switch (which) {
        case 0: og_set_point(g, i, i, 1); break;
        case 1: og_set_point(g, i, 1, 1); break;
        case 2: og_set_point(g, i, -i, 1); break;
        case 3: og_set_point(g, i, 2, 1); break;
        case 4: og_set_point(g, i, i % 2 ? i : -i, 1); break;
        case 5: og_set_point(g, i, 1, i); break;
        case 6: og_set_point(g, i, k + 1 - i, 1); break;
        default: og_set_point(g, i, (int64_t)i * i, 1); break;
        }
}
#define POINT_VECTORS 8

static int build_taking(const family *f, og_job **jobs)
{
    int n = 0, cap = 0;
    *jobs = NULL;
    for (int k = 1; k <= f->K; k++)
        for (int idx = 0; idx < taking_codes_of_length(k); idx++) {
            og_rules O;
            taking_code(k, idx, &O);
            if (f->conj == 35) {
                int kk = og_largest_taking_move(&O);
                if (kk == 0)
                    continue;
                /* The second heap: none, or every taking-no-breaking game up to KP. */
                for (int kp = 0; kp <= f->KP; kp++)
                    for (int pidx = 0; pidx < (kp ? taking_codes_of_length(kp) : 1); pidx++) {
                        og_job *j = new_job(jobs, &cap, &n);
                        j->O = O;
                        if (kp) {
                            taking_code(kp, pidx, &j->P);
                            j->has_sum = true;
                            j->M = f->M;
                        }
                        j->budget = f->rows;
                        j->target = f->fixed_T > 0 ? f->fixed_T : 2 * kk;
                    }
            } else {
                for (int v = 0; v < POINT_VECTORS; v++) {
                    og_job *j = new_job(jobs, &cap, &n);
                    j->O = O;
                    set_points(&j->O, v);
                    j->P = j->O;
                    j->has_sum = true;
                    j->M = f->M;
                    j->budget = f->rows;
                    j->target = f->fixed_T;
                }
            }
        }
    return n;
}

/* Conjecture 37: codes d_0 . d_1 .. d_k with d_0 in {0, 4}, octal digits,
 * d_k != 0, that break (some digit has bit 2); p_i = i; P = O. */
static int build_37(const family *f, og_job **jobs)
{
    int n = 0, cap = 0;
    *jobs = NULL;
    for (int k = 1; k <= f->K; k++) {
        int count = 7;
        for (int i = 1; i < k; i++)
            count *= 8;
        for (int d0 = 0; d0 <= 4; d0 += 4)
            for (int idx = 0; idx < count; idx++) {
                char text[OG_MAX_TAKE + 4], err[64];
                int x = idx, used = snprintf(text, sizeof text, "%d.", d0);
                char digits[OG_MAX_TAKE + 1];
                digits[k - 1] = (char)('1' + x % 7);
                x /= 7;
                for (int i = k - 2; i >= 0; i--) {
                    digits[i] = (char)('0' + x % 8);
                    x /= 8;
                }
                memcpy(text + used, digits, (size_t)k);
                text[used + k] = 0;
                og_rules O;
                if (og_parse_code(text, &O, err, sizeof err) != 0 || !og_breaks(&O))
                    continue;
                og_job *j = new_job(jobs, &cap, &n);
                j->O = O;
                j->P = O;
                j->has_sum = true;
                j->M = f->M;
                j->budget = f->rows;
                j->target = f->fixed_T;
            }
    }
    return n;
}

/* ---- judging ---- */

typedef struct {
    claim_status status;
    char note[128];
    int n, m;          /* counterexample, when FAILS */
} verdict;

static void describe(const og_job *j, char *game, int glen, char *points, int plen, char *sum, int slen)
{
    og_name(&j->O, game, glen);
    og_points_text(&j->O, points, plen);
    if (j->has_sum)
        og_name(&j->P, sum, slen);
    else
        snprintf(sum, (size_t)slen, "-");
}

static verdict judge(const family *f, const og_job *j)
{
    verdict v = {.status = CLAIM_UNDECIDED, .n = -1, .m = -1};
    int width = j->M + 1;
    if (j->kind == OG_ERROR) {
        snprintf(v.note, sizeof v.note, "could not be computed (beyond the heap limits of the engine)");
        return v;
    }
    bool certified = j->kind == OG_CERTIFIED, observed = j->kind == OG_OBSERVED;
    /* A statement with a given period T: 34, 35, or any family fed a T. */
    bool has_T = f->conj == 34 || f->conj == 35 || f->fixed_T > 0;
    if (has_T && (f->conj == 34 || f->how == READ_EVENTUAL)) {
        if (!certified) {
            snprintf(v.note, sizeof v.note, "no window repeat for n < %d", j->rows_used);
            return v;
        }
        for (int m = 0; m < width; m++)
            if (j->target % j->per[m] != 0) {
                v.status = CLAIM_FAILS;
                v.m = m;
                snprintf(v.note, sizeof v.note, "m=%d: least period %d does not divide %d (from n = %d)", m,
                         j->per[m], j->target, j->pre[m]);
                return v;
            }
        v.status = CLAIM_CERTIFIED;
        return v;
    }
    if (has_T) {
        for (int m = 0; m < width; m++)
            if (j->violation[m] >= 0 && (v.n < 0 || j->violation[m] < v.n)) {
                v.n = j->violation[m];
                v.m = m;
            }
        if (v.n >= 0) {
            char a[32], b[32];
            og_format_value(j->violation_values[v.m][1], j->scale, a, sizeof a);
            og_format_value(j->violation_values[v.m][0], j->scale, b, sizeof b);
            v.status = CLAIM_FAILS;
            snprintf(v.note, sizeof v.note, "G(%d + %d +_l %d) = %s != G(%d +_l %d) = %s", v.n, j->target, v.m, a, v.n,
                     v.m, b);
            return v;
        }
        v.status = certified ? CLAIM_CERTIFIED : CLAIM_UNDECIDED;
        if (!certified)
            snprintf(v.note, sizeof v.note, "no counterexample and no window repeat for n < %d", j->rows_used);
        return v;
    }
    /* 36 and 37: some period t exists. */
    if (!certified && !observed) {
        snprintf(v.note, sizeof v.note, "no %s for n < %d", j->kind == OG_UNDECIDED && og_breaks(&j->O) ? "period seen three times" : "window repeat", j->rows_used);
        return v;
    }
    claim_status yes = certified ? CLAIM_CERTIFIED : CLAIM_OBSERVED;
    if (f->how == READ_EVENTUAL) {
        v.status = yes;
        return v;
    }
    for (int m = 0; m < width; m++)
        if (j->pre[m] > 0 && (v.n < 0 || j->pre[m] - 1 < v.n)) {
            v.n = j->pre[m] - 1;
            v.m = m;
        }
    if (v.n < 0) {
        v.status = yes;
        return v;
    }
    /* A certified preperiod > 0 proves that no t works from n = 0; an
     * observed one proves nothing. */
    v.status = certified ? CLAIM_FAILS : CLAIM_UNDECIDED;
    snprintf(v.note, sizeof v.note, "m=%d is periodic only from n = %d (%s)", v.m, v.n + 1,
             certified ? "certified" : "observed");
    return v;
}

static void record_rows(claim_report *r, const og_job *j, const verdict *v)
{
    char game[48], points[96], sum[48];
    describe(j, game, sizeof game, points, sizeof points, sum, sizeof sum);
    for (int m = 0; m <= j->M; m++) {
        claim_game_row *row = claim_game_add(r);
        snprintf(row->game, sizeof row->game, "%s", game);
        snprintf(row->points, sizeof row->points, "%s", points);
        snprintf(row->sum, sizeof row->sum, "%s", sum);
        row->m = m;
        row->preperiod = j->pre[m];
        row->period = j->per[m];
        snprintf(row->status, sizeof row->status, "%s", claim_status_name(v->status));
        snprintf(row->note, sizeof row->note, "%s", (v->m < 0 || v->m == m) ? v->note : "");
    }
}

void st_run_family(const st_family *f, const claim_ctx *ctx, claim_report *r)
{
    og_job *jobs = NULL;
    int n = f->conj == 34 ? build_34(f, &jobs) : f->conj == 37 ? build_37(f, &jobs) : build_taking(f, &jobs);
    if (n <= 0) {
        free(jobs);
        return;
    }
    og_run_jobs(jobs, n, ctx->exec);
    int worst_pre[OG_MAX_TAKE + 1], worst_at[OG_MAX_TAKE + 1], worst_m[OG_MAX_TAKE + 1];
    int count[CLAIM_NSTATUS] = {0};
    for (int k = 0; k <= OG_MAX_TAKE; k++)
        worst_pre[k] = -1, worst_at[k] = -1, worst_m[k] = 0;
    int first_fail = -1;
    verdict smallest = {.n = -1, .m = -1};
    for (int i = 0; i < n; i++) {
        verdict v = judge(f, &jobs[i]);
        count[v.status]++;
        claim_cases(r, 0, 1);
        record_rows(r, &jobs[i], &v);
        if (v.status == CLAIM_FAILS) {
            char where[224], game[48], points[96], sum[48];
            describe(&jobs[i], game, sizeof game, points, sizeof points, sum, sizeof sum);
            snprintf(where, sizeof where, "%s (points %s, sum %s)", game, points, sum);
            claim_mismatch_at(r, 0, where, f->how == READ_LITERAL ? "no counterexample" : "period divides 2k", v.note, "");
            /* Smallest counterexample: least n, then least m, then first game. */
            if (first_fail < 0 || v.n < smallest.n || (v.n == smallest.n && v.m < smallest.m)) {
                first_fail = i;
                smallest = v;
            }
        }
        int k = jobs[i].O.max_take;
        for (int m = 0; m <= jobs[i].M; m++)
            if (jobs[i].pre[m] > worst_pre[k]) {
                worst_pre[k] = jobs[i].pre[m];
                worst_at[k] = i;
                worst_m[k] = m;
            }
    }
    for (int k = 1; k <= f->K; k++) {
        if (worst_at[k] < 0)
            continue;
        char key[32], game[48], points[96], sum[48];
        snprintf(key, sizeof key, "largest take %d", k);
        describe(&jobs[worst_at[k]], game, sizeof game, points, sizeof points, sum, sizeof sum);
        claim_finding_add(r, key, "worst preperiod %d, at %s (points %s, sum %s, m = %d)", worst_pre[k], game, points,
                          sum, worst_m[k]);
    }
    claim_finding_add(r, "games", "%d games: %d certified, %d observed, %d undecided, %d fail", n, count[CLAIM_CERTIFIED],
                      count[CLAIM_OBSERVED], count[CLAIM_UNDECIDED], count[CLAIM_FAILS]);
    if (first_fail >= 0) {
        const verdict *v = &smallest;
        char game[48], points[96], sum[48];
        describe(&jobs[first_fail], game, sizeof game, points, sizeof points, sum, sizeof sum);
        claim_finding_add(r, "smallest counterexample", "%s (points %s, sum %s): %s", game, points, sum, v->note);
    }
    claim_set_family_status(r, count[CLAIM_UNDECIDED] ? CLAIM_UNDECIDED
                               : count[CLAIM_OBSERVED] ? CLAIM_OBSERVED
                                                       : CLAIM_CERTIFIED);
    free(jobs);
}

static int size_or(int v, int dflt)
{
    return v > 0 ? v : dflt;
}

/* The family a check sweeps, from the sizes given (0: its default). */
static family family_for(int conj, st_reading how, int k, int kp, int m, int rows, const st_sizes *s)
{
    family f = {.conj = conj, .how = how, .K = size_or(s->max_take, k), .KP = kp,
                .M = s->m_to < 0 ? 0 : size_or(s->m_to, m), .rows = size_or(s->rows, rows)};
    /* Conjecture 34 has no second heap. */
    if (conj == 34)
        f.M = 0;
    return f;
}

static uint64_t pow_u64(uint64_t b, int e)
{
    uint64_t r = 1;
    while (e-- > 0)
        r = sn_sat_mul(r, b);
    return r;
}

/* Games of the family (an upper bound for 37, whose codes are filtered)
 * and rows of games.csv, computed without building the family. */
static void family_counts(const family *f, uint64_t *games, uint64_t *rows)
{
    uint64_t g = 0, seconds = 1;
    for (int kp = 1; kp <= f->KP; kp++)
        seconds = sn_sat_add(seconds, 3 * pow_u64(4, kp - 1));
    for (int k = 1; k <= f->K; k++) {
        if (f->conj == 34)
            g = sn_sat_add(g, pow_u64(2, k - 1));
        else if (f->conj == 35) /* codes with a digit 2 or 3, times the second heaps */
            g = sn_sat_add(g, sn_sat_mul(3 * pow_u64(4, k - 1) - pow_u64(2, k - 1), seconds));
        else if (f->conj == 36)
            g = sn_sat_add(g, sn_sat_mul(3 * pow_u64(4, k - 1), POINT_VECTORS));
        else
            g = sn_sat_add(g, sn_sat_mul(14, pow_u64(8, k - 1)));
    }
    *games = g;
    *rows = sn_sat_mul(g, (uint64_t)f->M + 1);
}

/* Most bytes st_run_family allocates: every job and games.csv row, and
 * one game's working memory per worker. */
static uint64_t family_bytes(const family *f, int threads)
{
    uint64_t games, rows;
    family_counts(f, &games, &rows);
    og_job largest = {.budget = f->rows, .M = f->M, .has_sum = f->M > 0, .target = 2 * f->K};
    char code[OG_MAX_TAKE + 4] = "0.", err[64];
    /* Largest take K; a breaking digit for Conjecture 37. */
    memset(code + 2, '0', (size_t)f->K - 1);
    code[1 + f->K] = f->conj == 37 ? '4' : '3';
    code[2 + f->K] = 0;
    if (og_parse_code(code, &largest.O, err, sizeof err) != 0)
        sn_die("internal error: family bound for %s: %s", code, err);
    largest.P = largest.O;
    uint64_t fixed = sn_sat_add(sn_sat_mul(games, sizeof(og_job)), sn_sat_mul(rows, sizeof(claim_game_row)));
    return sn_sat_add(fixed, sn_sat_mul((uint64_t)threads, og_job_bytes_bound(&largest)));
}

#define FAMILY_CHECK(name, conj_, how_, k_, kp_, m_, rows_)                                                       \
    static family name##_family(const st_sizes *s)                                                               \
    {                                                                                                              \
        return family_for(conj_, how_, k_, kp_, m_, rows_, s);                                                     \
    }                                                                                                              \
    static void name(const claim_ctx *ctx, claim_report *r)                                                        \
    {                                                                                                              \
        family f = name##_family(&ctx->sizes);                                                                     \
        st_run_family(&f, ctx, r);                                                                                 \
    }                                                                                                              \
    static uint64_t name##_bytes(const st_sizes *s, int threads)                                                   \
    {                                                                                                              \
        family f = name##_family(s);                                                                               \
        return family_bytes(&f, threads);                                                                          \
    }

FAMILY_CHECK(check_conj34, 34, READ_EVENTUAL, 12, 0, 0, 20000)
FAMILY_CHECK(check_conj35_literal, 35, READ_LITERAL, 6, 2, 6, 20000)
FAMILY_CHECK(check_conj35_eventual, 35, READ_EVENTUAL, 6, 2, 6, 20000)
FAMILY_CHECK(check_conj36_literal, 36, READ_LITERAL, 5, 0, 4, 20000)
FAMILY_CHECK(check_conj36_eventual, 36, READ_EVENTUAL, 5, 0, 4, 20000)
FAMILY_CHECK(check_conj37_literal, 37, READ_LITERAL, 2, 0, 2, 28)
FAMILY_CHECK(check_conj37_eventual, 37, READ_EVENTUAL, 2, 0, 2, 28)

#define SRC "Stewart, Scoring play combinatorial games, "

const claim_def claim_st_conj34 = {
    .id = "st/conj-34",
    .source = SRC "Section 5.1.1, Conjecture 34",
    .statement = "For a finite subtraction set S with k = max S (taking s beans scores s) there is an N with "
                 "G_s(n + 2k) = G_s(n) for all n >= N.  Proved since (Cohensius, Larsson, Meir, Wahlstedt 2019), "
                 "so a failure here is a bug.",
    .domain = "every S of {1..K} with max S = K for K = 1..--max-take (default 12); n grown until a window of k "
              "rows repeats (CERTIFIED: exact preperiod and least period, which must divide 2k) or --to rows "
              "(default 20000, UNDECIDED)",
    .parts = {"games"},
    .check_games = check_conj34,
    .games_bytes = check_conj34_bytes,
    .sizes_used = ST_USES_MAX_TAKE | ST_USES_TO,
    .max_take_limit = 20,
    .sizes_help = "--max-take K (default 12), --to L (default 20000)",
};

#define TNB_35 "taking-no-breaking codes 0.d_1..d_k (digits 0-3, d_k != 0) for k = 1..--max-take (default 6) " \
               "with a digit 2 or 3, p_i = i; the second heap under no game or every such code with k <= 2 " \
               "(q_j = j), m = 0..--m-to (default 6); n grown until a window repeats (certificate) or --to " \
               "rows (default 20000)"

const claim_def claim_st_conj35_literal = {
    .id = "st/conj-35/literal",
    .source = SRC "Section 5.2, Conjecture 35, as printed (no lower bound on n)",
    .statement = "For finite taking-no-breaking O (a digit 2 or 3; p_i = i) and P (q_j = j), with k the largest "
                 "i whose digit is 2 or 3: G_s(n + 2k +_l m) = G_s(n +_l m) for all n >= 0.",
    .domain = TNB_35 "; a counterexample (smallest n, then m) is exact wherever found",
    .parts = {"games"},
    .check_games = check_conj35_literal,
    .games_bytes = check_conj35_literal_bytes,
    .sizes_used = ST_USES_MAX_TAKE | ST_USES_TO | ST_USES_M_TO,
    .max_take_limit = 8,
    .sizes_help = "--max-take K (default 6), --m-to M (default 6), --to L (default 20000)",
};

const claim_def claim_st_conj35_eventual = {
    .id = "st/conj-35/eventual",
    .source = SRC "Section 5.2, Conjecture 35, read as the surrounding text does (n large enough)",
    .statement = "As Conjecture 35, for all n beyond some preperiod: for every m the least period of "
                 "G_s(. +_l m) divides 2k.",
    .domain = TNB_35 "; per m the exact preperiod and least period",
    .parts = {"games"},
    .check_games = check_conj35_eventual,
    .games_bytes = check_conj35_eventual_bytes,
    .sizes_used = ST_USES_MAX_TAKE | ST_USES_TO | ST_USES_M_TO,
    .max_take_limit = 8,
    .sizes_help = "--max-take K (default 6), --m-to M (default 6), --to L (default 20000)",
};

#define TNB_36 "taking-no-breaking codes 0.d_1..d_k (digits 0-3, d_k != 0), k = 1..--max-take (default 5), each " \
               "with 8 point vectors p_i = i, 1, -i, 2, (-1)^(i+1) i, 1/i, k+1-i, i^2; the second heap under the " \
               "same game, m = 0..--m-to (default 4); n grown until a window repeats or --to rows (default 20000)"

const claim_def claim_st_conj36_literal = {
    .id = "st/conj-36/literal",
    .source = SRC "Section 5.2, Conjecture 36, as printed (no lower bound on n)",
    .statement = "For finite taking-no-breaking O and P with any points there is a t with G_s(n + t +_l m) = "
                 "G_s(n +_l m) for all n >= 0.",
    .domain = TNB_36 "; FAILS when a certified preperiod is positive (then no t works from n = 0)",
    .parts = {"games"},
    .check_games = check_conj36_literal,
    .games_bytes = check_conj36_literal_bytes,
    .sizes_used = ST_USES_MAX_TAKE | ST_USES_TO | ST_USES_M_TO,
    .max_take_limit = 8,
    .sizes_help = "--max-take K (default 5), --m-to M (default 4), --to L (default 20000)",
};

const claim_def claim_st_conj36_eventual = {
    .id = "st/conj-36/eventual",
    .source = SRC "Section 5.2, Conjecture 36, for n large enough",
    .statement = "For finite taking-no-breaking O and P with any points, G_s(. +_l m) is eventually periodic.",
    .domain = TNB_36 "; per m the exact preperiod and least period.  Cannot FAIL: no finite computation "
                     "refutes 'some period exists'; a game with no repeat within --to is UNDECIDED",
    .parts = {"games"},
    .check_games = check_conj36_eventual,
    .games_bytes = check_conj36_eventual_bytes,
    .sizes_used = ST_USES_MAX_TAKE | ST_USES_TO | ST_USES_M_TO,
    .max_take_limit = 8,
    .sizes_help = "--max-take K (default 5), --m-to M (default 4), --to L (default 20000)",
};

#define TB_37 "breaking codes d_0.d_1..d_k (d_0 in {0,4}, octal digits, d_k != 0, some digit with bit 2) for " \
              "k = 1..--max-take (default 2), p_i = i, the second heap under the same game (the position is " \
              "the multiset {n, m}), m = 0..--m-to (default 2), n < --to (default 28).  No finite window decides " \
              "these games: a period is OBSERVED when it repeats at least three times up to n, never CERTIFIED"

const claim_def claim_st_conj37_literal = {
    .id = "st/conj-37/literal",
    .source = SRC "Section 5.3, Conjecture 37, as printed (no lower bound on n)",
    .statement = "For finite octal games O and P there is a t with G_s(n + t +_l m) = G_s(n +_l m) for all n >= 0.",
    .domain = TB_37 ".  Cannot FAIL: a positive preperiod refutes it only when certified, and these games "
                    "are never certified; an observed positive preperiod makes the game UNDECIDED",
    .parts = {"games"},
    .check_games = check_conj37_literal,
    .games_bytes = check_conj37_literal_bytes,
    .sizes_used = ST_USES_MAX_TAKE | ST_USES_TO | ST_USES_M_TO,
    .max_take_limit = 4,
    .sizes_help = "--max-take K (default 2, at most 4), --m-to M (default 2), --to L (default 28)",
};

const claim_def claim_st_conj37_eventual = {
    .id = "st/conj-37/eventual",
    .source = SRC "Section 5.3, Conjecture 37, for n large enough",
    .statement = "For finite octal games O and P, G_s(. +_l m) is eventually periodic.",
    .domain = TB_37 ".  Cannot FAIL: no finite computation refutes 'some period exists'",
    .parts = {"games"},
    .check_games = check_conj37_eventual,
    .games_bytes = check_conj37_eventual_bytes,
    .sizes_used = ST_USES_MAX_TAKE | ST_USES_TO | ST_USES_M_TO,
    .max_take_limit = 4,
    .sizes_help = "--max-take K (default 2, at most 4), --m-to M (default 2), --to L (default 28)",
};

