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

#include "core/games/scoring_octal/octal_family.h"
#include "core/games/scoring_octal/octal_values.h"
#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"
#include "proofs/claim.h"
#include "proofs/stewart/st_checks.h"

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

/* ---- the families, one record each ----
 *
 * A family is never built whole: its games are generated in a fixed
 * order, a chunk at a time, so memory does not grow with the family.
 * Within one largest take k the games are numbered 0 .. count(k)-1:
 *   34: the subsets of {1..k-1}, as bits, with k added;
 *   35: a taking code of length k (with a digit 2 or 3) times the second
 *       heaps (none, then every taking code of up to KP digits);
 *   36: a taking code of length k times the POINT_VECTORS point vectors;
 *   37: d_0 in {0, 4} times the octal codes of length k with d_k != 0
 *       (those that do not break are skipped). */

static void subtraction_set(int k, uint64_t low, og_rules *g)
{
    char text[OG_NAME_MAX] = "{", err[64];
    int used = 1;
    uint64_t mask = low | 1ull << (k - 1);
    for (int s = 1; s <= k; s++)
        if (mask >> (s - 1) & 1)
            used += snprintf(text + used, sizeof text - (size_t)used, used > 1 ? ",%d" : "%d", s);
    snprintf(text + used, sizeof text - (size_t)used, "}");
    if (og_parse_subtraction(text, g, err, sizeof err) != 0)
        die("internal error: family set %s: %s", text, err);
}

/* Every family's game starts the same: its row budget, and windows one
 * row short when a test breaks certificates on purpose. */
static void job_start(const family *f, int k, og_job *j)
{
    memset(j, 0, sizeof *j);
    j->budget = f->rows;
    j->cert_window = f->break_window ? k - 1 : 0;
    j->store = f->keyed_store ? OG_STORE_KEYED : OG_STORE_AUTO;
}

/* A statement of a given period T (Conjectures 34 and 35), or the one a
 * test feeds a family. */
static int target_or(const family *f, int T)
{
    return f->fixed_T > 0 ? f->fixed_T : T;
}

static uint64_t count_34(const family *f, int k)
{
    (void)f;
    return 1ull << (k - 1);
}

static bool build_34(const family *f, int k, uint64_t idx, og_job *j)
{
    job_start(f, k, j);
    subtraction_set(k, idx, &j->O);
    j->target = target_or(f, 2 * k);
    return true;
}

/* Second heaps of Conjecture 35: none, then every taking code of up to KP
 * digits. */
static int seconds_35(const family *f)
{
    int n = 1;
    for (int kp = 1; kp <= f->KP; kp++)
        n += taking_codes_of_length(kp);
    return n;
}

static uint64_t count_35(const family *f, int k)
{
    return (uint64_t)taking_codes_of_length(k) * (uint64_t)seconds_35(f);
}

static bool build_35(const family *f, int k, uint64_t idx, og_job *j)
{
    job_start(f, k, j);
    uint64_t seconds = (uint64_t)seconds_35(f);
    taking_code(k, (int)(idx / seconds), &j->O);
    int kk = og_largest_taking_move(&j->O), second = (int)(idx % seconds);
    if (kk == 0)
        return false;
    /* second 0: no second heap; then the codes of length 1, 2, ... */
    for (int kp = 1; second > 0 && kp <= f->KP; kp++) {
        if (second <= taking_codes_of_length(kp)) {
            taking_code(kp, second - 1, &j->P);
            j->has_sum = true;
            j->M = f->M;
            break;
        }
        second -= taking_codes_of_length(kp);
    }
    j->target = target_or(f, 2 * kk);
    return true;
}

static uint64_t count_36(const family *f, int k)
{
    (void)f;
    return (uint64_t)taking_codes_of_length(k) * POINT_VECTORS;
}

static bool build_36(const family *f, int k, uint64_t idx, og_job *j)
{
    job_start(f, k, j);
    taking_code(k, (int)(idx / POINT_VECTORS), &j->O);
    set_points(&j->O, (int)(idx % POINT_VECTORS));
    j->P = j->O;
    j->has_sum = true;
    j->M = f->M;
    j->target = f->fixed_T;
    return true;
}

static uint64_t count_37(const family *f, int k)
{
    (void)f;
    uint64_t c = 14;
    for (int i = 1; i < k; i++)
        c *= 8;
    return c;
}

static bool build_37(const family *f, int k, uint64_t idx, og_job *j)
{
    job_start(f, k, j);
    j->max_positions = f->max_positions;
    uint64_t per_d0 = count_37(f, k) / 2, x = idx % per_d0;
    char text[OG_MAX_TAKE + 4], err[64], digits[OG_MAX_TAKE + 1];
    int used = snprintf(text, sizeof text, "%d.", idx < per_d0 ? 0 : 4);
    digits[k - 1] = (char)('1' + x % 7);
    x /= 7;
    for (int i = k - 2; i >= 0; i--) {
        digits[i] = (char)('0' + x % 8);
        x /= 8;
    }
    memcpy(text + used, digits, (size_t)k);
    text[used + k] = 0;
    if (og_parse_code(text, &j->O, err, sizeof err) != 0 || !og_breaks(&j->O))
        return false;
    j->P = j->O;
    j->has_sum = true;
    j->M = f->M;
    j->target = f->fixed_T;
    return true;
}

/* ---- judging ---- */

struct st_verdict {
    claim_status status;
    char note[256];   /* bounded: numbers and two values of OG_VALUE_MAX */
    int n, m;          /* counterexample, when FAILS */
};
typedef st_verdict verdict;

/* A game that could not be computed: never a verdict on the statement. */
static bool beyond_limits(const og_job *j, verdict *v)
{
    if (j->kind != OG_ERROR)
        return false;
    snprintf(v->note, sizeof v->note,
             "could not be computed: beyond the engine's limits (96 heaps, heaps up to 1023, point denominators, "
             "2^31 memoised positions, values of 64 bits)");
    return true;
}

/* "The least period divides T" (eventual reading, and Conjecture 34),
 * or "G(n + T +_l m) = G(n +_l m) for all n" (literal reading). */
static void judge_given_period(const family *f, const og_job *j, verdict *v)
{
    int width = j->M + 1;
    bool certified = j->kind == OG_CERTIFIED;
    if (beyond_limits(j, v))
        return;
    if (f->how == READ_EVENTUAL) {
        if (!certified) {
            snprintf(v->note, sizeof v->note, "no window repeat for n < %d", j->rows_used);
            return;
        }
        for (int m = 0; m < width; m++)
            if (j->target % j->per[m] != 0) {
                v->status = CLAIM_FAILS;
                v->m = m;
                snprintf(v->note, sizeof v->note, "m=%d: least period %d does not divide %d (from n = %d)", m,
                         j->per[m], j->target, j->pre[m]);
                return;
            }
        v->status = CLAIM_CERTIFIED;
        return;
    }
    for (int m = 0; m < width; m++)
        if (j->violation[m] >= 0 && (v->n < 0 || j->violation[m] < v->n)) {
            v->n = j->violation[m];
            v->m = m;
        }
    if (v->n >= 0) {
        char a[OG_VALUE_MAX], b[OG_VALUE_MAX];
        og_format_value(j->violation_values[v->m][1], j->scale, a, sizeof a);
        og_format_value(j->violation_values[v->m][0], j->scale, b, sizeof b);
        v->status = CLAIM_FAILS;
        snprintf(v->note, sizeof v->note, "G(%d + %d +_l %d) = %s != G(%d +_l %d) = %s", v->n, j->target, v->m, a,
                 v->n, v->m, b);
        return;
    }
    v->status = certified ? CLAIM_CERTIFIED : CLAIM_UNDECIDED;
    if (!certified)
        snprintf(v->note, sizeof v->note, "no counterexample and no window repeat for n < %d", j->rows_used);
}

/* "Some period t exists" (Conjectures 36 and 37), unless a test states
 * a period of its own. */
static void judge_some_period(const family *f, const og_job *j, verdict *v)
{
    int width = j->M + 1;
    if (f->fixed_T > 0) {
        judge_given_period(f, j, v);
        return;
    }
    if (beyond_limits(j, v))
        return;
    bool certified = j->kind == OG_CERTIFIED, observed = j->kind == OG_OBSERVED;
    if (!certified && !observed) {
        snprintf(v->note, sizeof v->note, "no %s for n < %d%s",
                 j->kind == OG_UNDECIDED && og_breaks(&j->O) ? "period seen three times" : "window repeat",
                 j->rows_used, j->capped ? " (stopped there: more positions than --positions)" : "");
        return;
    }
    claim_status yes = certified ? CLAIM_CERTIFIED : CLAIM_OBSERVED;
    if (f->how == READ_EVENTUAL) {
        v->status = yes;
        return;
    }
    for (int m = 0; m < width; m++)
        if (j->pre[m] > 0 && (v->n < 0 || j->pre[m] - 1 < v->n)) {
            v->n = j->pre[m] - 1;
            v->m = m;
        }
    if (v->n < 0) {
        v->status = yes;
        return;
    }
    /* A certified preperiod > 0 proves that no t works from n = 0; an
     * observed one proves nothing. */
    v->status = certified ? CLAIM_FAILS : CLAIM_UNDECIDED;
    snprintf(v->note, sizeof v->note, "m=%d is periodic only from n = %d (%s)", v->m, v->n + 1,
             certified ? "certified" : "observed");
}

const st_family_def st_conj34 = {.name = "Conjecture 34", .id = "conj-34", .count = count_34, .build = build_34,
                                  .judge = judge_given_period};
const st_family_def st_conj35 = {.name = "Conjecture 35", .id = "conj-35", .count = count_35, .build = build_35,
                                  .judge = judge_given_period, .second_heap = true};
const st_family_def st_conj36 = {.name = "Conjecture 36", .id = "conj-36", .count = count_36, .build = build_36,
                                  .judge = judge_some_period, .second_heap = true};
/* Half of the family is d_0 = 4: those games' values rest on a rule
 * Definition 30 does not give (og_convention). */
const st_family_def st_conj37 = {
    .name = "Conjecture 37", .id = "conj-37", .count = count_37, .build = build_37, .judge = judge_some_period, .breaking = true,
    .second_heap = true,
    .convention = "the games 4.d_1..d_k (half of the family) rest on a convention: a digit before the point (d_0) "
                  "is outside Stewart's Definition 30, which defines the codes 0.d_1d_2...; it is read by the usual "
                  "octal convention, a move that takes no bean, splits a heap into two non-empty heaps and scores 0"};

/* ---- the games of a family, one after another ---- */

typedef struct {
    const family *f;
    int k;
    uint64_t idx, count;   /* within k */
} family_iter;

static void iter_start(family_iter *it, const family *f)
{
    memset(it, 0, sizeof *it);
    it->f = f;
    it->k = 1;
    it->count = f->K >= 1 ? f->def->count(f, 1) : 0;
}

/* Whether a game is one the run asked for (conj --game: its code alone). */
static bool wanted(const family *f, const og_job *j)
{
    if (!f->only[0])
        return true;
    char name[OG_NAME_MAX];
    og_name(&j->O, name, sizeof name);
    return strcmp(name, f->only) == 0;
}

static bool iter_next(family_iter *it, og_job *j)
{
    while (it->k <= it->f->K) {
        if (it->idx < it->count) {
            uint64_t idx = it->idx++;
            if (it->f->def->build(it->f, it->k, idx, j) && wanted(it->f, j))
                return true;
            continue;
        }
        it->k++;
        it->idx = 0;
        it->count = it->k <= it->f->K ? it->f->def->count(it->f, it->k) : 0;
    }
    return false;
}

/* A game's name, points and second heap, each whole. */
typedef struct {
    char game[OG_NAME_MAX], points[OG_POINTS_MAX], sum[OG_NAME_MAX];
} game_text;

static void describe(const og_job *j, game_text *d)
{
    og_name(&j->O, d->game, sizeof d->game);
    og_points_text(&j->O, d->points, sizeof d->points);
    if (j->has_sum)
        og_name(&j->P, d->sum, sizeof d->sum);
    else
        snprintf(d->sum, sizeof d->sum, "-");
}

static verdict judge(const family *f, const og_job *j)
{
    verdict v = {.status = CLAIM_UNDECIDED, .n = -1, .m = -1};
    f->def->judge(f, j, &v);
    return v;
}

static void emit_rows(claim_report *r, const claim_ctx *ctx, const og_job *j, const game_text *d, const verdict *v)
{
    for (int m = 0; m <= j->M; m++) {
        claim_game_row row = {.game = d->game, .points = d->points, .sum = d->sum, .m = m, .preperiod = j->pre[m],
                              .period = j->per[m], .status = claim_status_name(v->status),
                              .note = (v->m < 0 || v->m == m) ? v->note : ""};
        claim_game_emit(r, ctx->sink, &row);
    }
}

/* Which certified games are checked again: every `stride`-th in the
 * family's order (stride 1: all), so the sample is the same on every run. */
static uint64_t recheck_stride(double fraction)
{
    if (fraction <= 0)
        return 0;
    if (fraction >= 1)
        return 1;
    return (uint64_t)(1.0 / fraction + 0.5);
}

/* Undecided games the summary names (the rest are counted). */
#define UNDECIDED_NAMED 64

/* The state of a family's sweep that outlives each chunk of games. */
typedef struct {
    uint64_t games, count[CLAIM_NSTATUS];
    verdict smallest;
    bool failed;
    game_text smallest_text;
    uint64_t capped;   /* undecided games stopped by --positions */
    /* The first undecided games, by their place in the family's order
     * (named at the end: generating a game costs little). */
    uint64_t undecided_at[UNDECIDED_NAMED];
    int undecided_named;
} family_tally;

/* Whether the family's games are written out as a certificate
 * (docs/proofs.md, argument row-period): a family that never breaks a
 * heap, read as stated (eventually), the statement its own. */
static bool writes_certificate(const family *f)
{
    /* (One game of a family, conj --game, is not the family's proof.) */
    return f->how == READ_EVENTUAL && !f->def->breaking && f->fixed_T == 0 && !f->break_window && !f->only[0];
}

/* The least period of the rows (every m at once): the lcm of the
 * columns' least periods; its preperiod, the largest of theirs. */
static void row_period(const og_job *j, int *pre, long long *per)
{
    *pre = 0;
    *per = 1;
    for (int m = 0; m <= j->M; m++) {
        long long a = *per, b = j->per[m];
        while (b) {
            long long t = a % b;
            a = b;
            b = t;
        }
        *per = *per / a * j->per[m];
        *pre = j->pre[m] > *pre ? j->pre[m] : *pre;
    }
}

/* One game's line of the family's certificate: its code and points, its
 * second heap's (or "- -"), M, and the rows' preperiod and period. */
static char *certificate_text(const og_job *j, int pre, long long per)
{
    char points[OG_POINTS_MAX], ppoints[OG_POINTS_MAX] = "-";
    og_points_text(&j->O, points, sizeof points);
    if (j->has_sum)
        og_points_text(&j->P, ppoints, sizeof ppoints);
    return claim_printf("game %s %s %s %s %d %d %lld\n", j->O.code, points, j->has_sum ? j->P.code : "-", ppoints,
                        j->M, pre, per);
}

static void certificate_line(claim_report *r, const og_job *j)
{
    int pre;
    long long per;
    row_period(j, &pre, &per);
    char *line = certificate_text(j, pre, per);
    claim_certificate_append(r, "family", line);
    free(line);
}

static void account(const family *f, const claim_ctx *ctx, claim_report *r, family_tally *s, const og_job *j,
                    uint64_t stride)
{
    verdict v = judge(f, j);
    game_text d;
    describe(j, &d);
    if (v.status == CLAIM_CERTIFIED && writes_certificate(f))
        certificate_line(r, j);
    /* The certificate checked a second time, without the window machinery. */
    if (j->kind == OG_CERTIFIED && stride && s->games % stride == 0) {
        char why[256];
        if (!og_recheck(j, why, sizeof why))
            die("the certificate of %s (points %s, sum %s) disagrees with a plain recomputation: %s; no verdict",
                   d.game, d.points, d.sum, why);
        r->rechecked++;
    }
    if (v.status == CLAIM_UNDECIDED && s->undecided_named < UNDECIDED_NAMED)
        s->undecided_at[s->undecided_named++] = s->games;
    s->games++;
    s->count[v.status]++;
    if (v.status == CLAIM_UNDECIDED && j->capped)
        s->capped++;
    claim_cases(r, 0, 1);
    emit_rows(r, ctx, j, &d, &v);
    if (v.status == CLAIM_FAILS) {
        char *where = claim_printf("%s (points %s, sum %s)", d.game, d.points, d.sum);
        claim_mismatch_at(r, 0, where, f->how == READ_LITERAL ? "no counterexample" : "period divides 2k", v.note, "");
        free(where);
        /* Smallest counterexample: least n, then least m, then first game. */
        if (!s->failed || v.n < s->smallest.n || (v.n == s->smallest.n && v.m < s->smallest.m)) {
            s->failed = true;
            s->smallest = v;
            s->smallest_text = d;
        }
    }
    claim_per_k *line = claim_per_k_at(r, j->O.max_take);
    line->games++;
    line->count[v.status]++;
    for (int m = 0; m <= j->M; m++)
        if (j->pre[m] > line->worst_pre)
            claim_per_k_worst(line, j->pre[m], m, j->per[m], d.game, d.points, d.sum);
}

/* Whether a checkpoint's place in the family fits it: its state has this
 * file's size and the family has at least `games` games (counted up to
 * that many: generating a game costs little beside analysing it). */
static bool family_resume_fits(const family *f, uint64_t games, size_t state_bytes)
{
    if (state_bytes != sizeof(family_tally))
        return false;
    family_iter it;
    iter_start(&it, f);
    og_job job;
    uint64_t have = 0;
    while (have < games && iter_next(&it, &job))
        have++;
    return have == games;
}

/* Games analysed at once: enough to keep every worker busy, few enough
 * that memory does not depend on the family's size. */
#define CHUNK 2048

/* A chunk of games as the runner's jobs (claim.h): the octal family's
 * analysis, scratch and results behind the generic interface. */
static void job_analyse(void *job, void *scratch)
{
    og_analyse_in(job, scratch);
}

static void *job_scratch_new(void)
{
    return og_scratch_new();
}

static void job_scratch_free(void *scratch)
{
    og_scratch_free(scratch);
}

static size_t job_result_bytes(const void *job)
{
    return og_job_result_bytes(job);
}

static void job_result_pack(const void *job, unsigned char *out)
{
    og_job_result_pack(job, out);
}

static void job_result_unpack(void *job, const unsigned char *in)
{
    og_job_result_unpack(job, in);
}

static claim_jobs chunk_of(og_job *jobs, int n)
{
    return (claim_jobs){.jobs = jobs, .n = n, .size = sizeof *jobs, .analyse = job_analyse,
                        .scratch_new = job_scratch_new, .scratch_free = job_scratch_free,
                        .result_bytes = job_result_bytes, .result_pack = job_result_pack,
                        .result_unpack = job_result_unpack};
}

/* The finding that names the undecided games: the first UNDECIDED_NAMED
 * in the family's order, found again by their places. */
static void name_undecided(const family *f, const family_tally *s, claim_report *r)
{
    uint64_t undecided = s->count[CLAIM_UNDECIDED];
    if (!undecided)
        return;
    size_t cap = 256, len = 0;
    char *names = xmalloc(cap, "the undecided games' names");
    names[0] = 0;
    family_iter it;
    iter_start(&it, f);
    og_job job;
    uint64_t g = 0;
    for (int i = 0; i < s->undecided_named; i++) {
        while (g <= s->undecided_at[i] && iter_next(&it, &job))
            g++;
        game_text d;
        describe(&job, &d);
        char one[OG_NAME_MAX * 2 + OG_POINTS_MAX + 32];
        int n = snprintf(one, sizeof one, "%s%s (points %s, sum %s)", i ? "; " : "", d.game, d.points, d.sum);
        while (len + (size_t)n + 1 > cap)
            names = xrealloc(names, cap *= 2, "the undecided games' names");
        memcpy(names + len, one, (size_t)n + 1);
        len += (size_t)n;
    }
    if (undecided > (uint64_t)s->undecided_named)
        claim_finding_add(r, "undecided games",
                          "%s; and %llu more (every game is a row of games.csv: conj writes it, check with --games-csv)",
                          names,
                          (unsigned long long)(undecided - (uint64_t)s->undecided_named));
    else
        claim_finding_add(r, "undecided games", "%s", names);
    free(names);
}

void st_run_family(const st_family *f, const claim_ctx *ctx, claim_report *r)
{
    og_job *jobs = xmalloc(CHUNK * sizeof *jobs, "a chunk of games");
    family_iter it;
    iter_start(&it, f);
    family_tally s;
    memset(&s, 0, sizeof s);
    uint64_t stride = recheck_stride(ctx->recheck);
    /* The family's size, for the progress of a long sweep: its games
     * counted once (generating a game costs little beside analysing it). */
    uint64_t total = 0;
    if (ctx->progress) {
        family_iter count;
        iter_start(&count, f);
        while (iter_next(&count, &jobs[0]))
            total++;
    }
    /* Resumed: the games done are skipped (the order is fixed) and the
     * state saved with them taken back. */
    if (ctx->resume_state) {
        if (ctx->resume_bytes != sizeof s)
            die("cannot resume: the family state in the checkpoint has %zu bytes, not %zu", ctx->resume_bytes,
                   sizeof s);
        memcpy(&s, ctx->resume_state, sizeof s);
        for (uint64_t g = 0; g < ctx->resume_games; g++)
            if (!iter_next(&it, &jobs[0]))
                die("cannot resume: the checkpoint counts more games than the family has");
    }
    for (;;) {
        /* The runner may ask for a shorter chunk (a save is due sooner). */
        uint64_t cap = ctx->chunk_games ? ctx->chunk_games(ctx->step_arg, s.games) : CHUNK;
        cap = cap < 1 ? 1 : cap > CHUNK ? CHUNK : cap;
        int n = 0;
        while ((uint64_t)n < cap && iter_next(&it, &jobs[n]))
            n++;
        if (n == 0)
            break;
        claim_progress(ctx, s.games, total, "games");
        claim_jobs chunk = chunk_of(jobs, n);
        ctx->run_jobs(ctx->run_jobs_arg, &chunk);
        for (int i = 0; i < n; i++)
            account(f, ctx, r, &s, &jobs[i], stride);
        claim_progress(ctx, s.games, total, "games");
        if (ctx->family_step)
            ctx->family_step(ctx->step_arg, r, s.games, &s, sizeof s);
    }
    free(jobs);
    if (s.games == 0)
        return;
    for (int i = 0; i < r->nper_k; i++) {
        const claim_per_k *line = &r->per_k[i];
        char key[32];
        snprintf(key, sizeof key, "largest take %d", line->k);
        if (line->worst_pre >= 0)
            claim_finding_add(r, key, "worst preperiod %d, at %s (points %s, sum %s, m = %d)", line->worst_pre,
                              line->worst_game, line->worst_points, line->worst_sum, line->worst_m);
    }
    if (f->def->convention)
        claim_finding_add(r, "convention", "%s", f->def->convention);
    if (f->only[0])
        claim_finding_add(r, "one game", "only the family's games of code %s ran (conj --game): the verdict is of "
                                         "those games, not of the family",
                          f->only);
    name_undecided(f, &s, r);
    /* The certificate stands when every game of the family is certified
     * (the claim's CERTIFIED); otherwise none is written. */
    if (writes_certificate(f)) {
        char *head = claim_printf(
            "# A proof for every game of a family and every n, a game a line: docs/proofs.md says\n"
            "# what each line means; build/proofcheck re-proves it from the codes below.\n"
            "certificate 1\nargument row-period\nstatement %s\nfamily %s\nmax-take %d\nsecond-digits %d\n"
            "m-to %d\ngames %llu\n"
            "# game: the code and points of the heap n, of the heap m (- for none), M, the preperiod\n"
            "# and the least period of the rows G_s(n +_l 0..M).\n",
            r->claim_id, f->def->id, f->K, f->KP, f->M, (unsigned long long)s.games);
        claim_certificate_finish(r, "family", s.count[CLAIM_CERTIFIED] == s.games, head, "end\n");
        free(head);
    }
    claim_finding_add(r, "games", "%llu games: %llu certified, %llu observed, %llu undecided, %llu fail",
                      (unsigned long long)s.games, (unsigned long long)s.count[CLAIM_CERTIFIED],
                      (unsigned long long)s.count[CLAIM_OBSERVED], (unsigned long long)s.count[CLAIM_UNDECIDED],
                      (unsigned long long)s.count[CLAIM_FAILS]);
    if (stride)
        claim_finding_add(r, "certificates checked twice",
                          "%llu of %llu (every %llu-th certified game in the family's order), recomputed plainly",
                          (unsigned long long)r->rechecked, (unsigned long long)s.count[CLAIM_CERTIFIED],
                          (unsigned long long)stride);
    if (s.failed) {
        claim_finding_add(r, "smallest counterexample", "%s (points %s, sum %s): %s", s.smallest_text.game,
                          s.smallest_text.points, s.smallest_text.sum, s.smallest.note);
        /* The claim's first mismatch, as every output names it, is the
         * smallest counterexample (one wording for one fact), not the
         * first in the family's order. */
        char *where = claim_printf("%s (points %s, sum %s)", s.smallest_text.game, s.smallest_text.points,
                                   s.smallest_text.sum);
        claim_mismatch_first(r, 0, where, f->how == READ_LITERAL ? "no counterexample" : "period divides 2k",
                             s.smallest.note, "");
        free(where);
    }
    /* What would decide the undecided games: more rows (--to), or more
     * positions for those stopped by --positions.  Twice is the next step
     * to try, not a promise. */
    uint64_t undecided = s.count[CLAIM_UNDECIDED];
    /* The sizes of the step suggested below, for the runner to estimate. */
    claim_sizes next = ctx->sizes;
    if (undecided > s.capped) {
        next.rows = 2 * f->rows;
        claim_suggest_next(r, &next, 0);
    } else if (s.capped) {
        next.positions = (long)(2 * f->max_positions);
        claim_suggest_next(r, &next, 0);
    }
    /* Breaking games are never certified (no finite window proves a
     * period) and cannot fail: a larger run only lets more of them show a
     * repeat, so it is never offered as deciding them. */
    if (undecided > s.capped && f->def->breaking) {
        claim_finding_add(r, CLAIM_FINDING_UNDECIDABLE,
                          "no window of rows certifies a breaking game's period, and none refutes it: its games are "
                          "OBSERVED at best");
        claim_finding_add(r, "a larger run",
                          "%llu games showed no period repeated three times up to --to %d; a larger --to (the next "
                          "step to try: --to %d) lets more of them show one (OBSERVED), none becomes CERTIFIED",
                          (unsigned long long)(undecided - s.capped), f->rows, 2 * f->rows);
    } else if (undecided > s.capped)
        claim_finding_add(r, "to decide",
                          "%llu games ran out of rows: raise --to (now %d); the next step to try is --to %d",
                          (unsigned long long)(undecided - s.capped), f->rows, 2 * f->rows);
    if (s.capped && f->def->breaking)
        claim_finding_add(r, "a larger run (2)",
                          "%llu games stopped at --positions %llu before --to: a larger --positions, where memory "
                          "allows (the next step to try: --positions %llu), lets them reach more rows",
                          (unsigned long long)s.capped, (unsigned long long)f->max_positions,
                          (unsigned long long)(2 * f->max_positions));
    else if (s.capped)
        claim_finding_add(r, "to decide (2)",
                          "%llu games stopped at --positions %llu: raise it where memory allows; the next step to "
                          "try is --positions %llu",
                          (unsigned long long)s.capped, (unsigned long long)f->max_positions,
                          (unsigned long long)(2 * f->max_positions));
    claim_set_family_status(r, s.count[CLAIM_UNDECIDED] ? CLAIM_UNDECIDED
                               : s.count[CLAIM_OBSERVED] ? CLAIM_OBSERVED
                                                         : CLAIM_CERTIFIED);
}

static int size_or(int v, int dflt)
{
    return v > 0 ? v : dflt;
}

/* The family a check sweeps, from the sizes given (0: its default). */
/* Conjecture 37: positions a breaking game may memoise before its n stops
 * growing (a few hundred MB a worker). */
#define DEFAULT_POSITIONS 2000000

/* conj --game's code, an octal code (0.26) or a subtraction set ({4,5}),
 * into g; false with a reason. */
static bool read_game_code(const char *code, og_rules *g, char *err, int errlen)
{
    return (code[0] == '{' ? og_parse_subtraction(code, g, err, errlen) : og_parse_code(code, g, err, errlen)) == 0;
}

static family family_for(const st_family_def *def, st_reading how, int k, int kp, int m, int rows,
                         const claim_sizes *s)
{
    family f = {.def = def, .how = how, .K = size_or(s->max_take, k),
                .KP = s->second_digits < 0 ? 0 : size_or(s->second_digits, kp),
                .M = s->m_to < 0 ? 0 : size_or(s->m_to, m), .rows = size_or(s->rows, rows)};
    if (!def->second_heap)
        f.M = 0;
    if (def->breaking)
        f.max_positions = s->positions > 0 ? (uint64_t)s->positions : DEFAULT_POSITIONS;
    f.keyed_store = s->keyed_store;
    /* The code as the engine names it (0.33 is {1,2}); the command line
     * refused a code that does not read. */
    if (s->game) {
        og_rules g;
        char err[128];
        if (!read_game_code(s->game, &g, err, sizeof err))
            die("internal error: conj --game %s: %s", s->game, err);
        og_name(&g, f.only, sizeof f.only);
    }
    return f;
}

/* claim_def.reads_game_code (read_game_code's rules left aside). */
static bool reads_code(const char *code, char *err, int errlen)
{
    og_rules g;
    return read_game_code(code, &g, err, errlen);
}

/* Whether two families are the same sweep (every size alike). */
static bool same_family(const family *a, const family *b)
{
    return a->K == b->K && a->KP == b->KP && a->M == b->M && a->rows == b->rows &&
           a->max_positions == b->max_positions && strcmp(a->only, b->only) == 0;
}

/* The family's certificate, a line a game, is held in memory until the
 * run writes it: its games times the line of a game of the largest take
 * picked two thirds into their order (in the codes' digits, about every
 * other move allowed: an average line, not the longest), with four-digit
 * periods.  A million games of Conjecture 34 at --max-take 20 hold about
 * 80 MB of it.  As a bound (likely false): twice that and 16 bytes more a
 * line, for the longest lines and a text whose room doubles as it grows. */
static uint64_t certificate_bytes(const family *f, bool likely)
{
    if (!writes_certificate(f))
        return 0;
    uint64_t games = 0;
    for (int k = 1; k <= f->K; k++)
        games = sat_add(games, f->def->count(f, k));
    og_job j;
    uint64_t count = f->def->count(f, f->K);
    /* (An index that is no game of the family: the next that is.) */
    uint64_t idx = count / 3 * 2;
    while (idx < count && !f->def->build(f, f->K, idx, &j))
        idx++;
    if (idx == count)
        die("internal error: %s has no game of largest take %d to size its certificate by", f->def->id, f->K);
    char *line = certificate_text(&j, 1000, 1000);
    uint64_t bytes = likely ? sat_mul(games, strlen(line)) : sat_mul(games, 2 * (strlen(line) + 16));
    free(line);
    return bytes;
}

/* The game of the family that takes the most memory: the largest take K;
 * for Conjecture 37, 4.77..7, every digit the most moves (its memo's
 * array is any game's of the sizes, and it lists the most heap moves),
 * else 0.00..3. */
static og_job largest_game(const family *f)
{
    og_job largest = {.budget = f->rows, .M = f->M, .has_sum = f->M > 0, .target = 2 * f->K,
                      .max_positions = f->max_positions};
    char code[OG_MAX_TAKE + 4] = "0.", err[64];
    if (f->def->breaking)
        code[0] = '4';
    memset(code + 2, f->def->breaking ? '7' : '0', (size_t)f->K - 1);
    code[1 + f->K] = f->def->breaking ? '7' : '3';
    code[2 + f->K] = 0;
    if (og_parse_code(code, &largest.O, err, sizeof err) != 0)
        die("internal error: family bound for %s: %s", code, err);
    largest.P = largest.O;
    return largest;
}

/* Most bytes st_run_family allocates: a chunk of games, the certificate
 * and one game's working memory per worker (likely: what that working
 * memory usually is, og_job_bytes_likely, for the estimate printed). */
static uint64_t family_bytes(const family *f, int threads, bool likely)
{
    og_job largest = largest_game(f);
    /* One chunk of jobs; rows stream to games.csv (kept only in tests). */
    uint64_t fixed = CHUNK * sizeof(og_job), game = likely ? og_job_bytes_likely(&largest) : og_job_bytes_bound(&largest);
    return sat_add(sat_add(fixed, certificate_bytes(f, likely)), sat_mul((uint64_t)threads, game));
}

/* ---- a family's work, for the runner's time estimate ---- */

/* What one game of largest take k costs, in units of the family's work:
 * a taking game's rows grow with k (its windows are about 2k rows long;
 * k + 3 fits the times of docs/performance.md) and its columns m =
 * 0..M; a breaking game works through its memo, the multisets of heaps
 * of at most --to + M beans (at most --positions of them), each position
 * at a cost that grows with its beans. */
static double game_work(const family *f, int k)
{
    if (!f->def->breaking)
        return (k + 3.0) * (f->M + 1);
    int beans = f->rows + f->M;
    double positions = (double)og_multisets_up_to(beans);
    if (f->max_positions && positions > (double)f->max_positions)
        positions = (double)f->max_positions;
    return positions * beans;
}

/* The family's work: each game's (game_work); with conj --game, the
 * games of one code, counted as an average code's. */
static double family_work(const family *f)
{
    double work = 0, games = 0;
    for (int k = 1; k <= f->K; k++) {
        double n = (double)f->def->count(f, k);
        work += n * game_work(f, k);
        games += n;
    }
    if (!f->only[0] || games <= 0)
        return work;
    double per_code = f->def == &st_conj35 ? seconds_35(f) : f->def == &st_conj36 ? POINT_VECTORS : 1;
    return work / games * per_code;
}

#define FAMILY_CHECK(name, def_, how_, k_, kp_, m_, rows_)                                                        \
    static family name##_family(const claim_sizes *s)                                                               \
    {                                                                                                              \
        return family_for(&def_, how_, k_, kp_, m_, rows_, s);                                                     \
    }                                                                                                              \
    static void name(const claim_ctx *ctx, claim_report *r)                                                        \
    {                                                                                                              \
        family f = name##_family(&ctx->sizes);                                                                     \
        st_run_family(&f, ctx, r);                                                                                 \
    }                                                                                                              \
    static uint64_t name##_bytes(const claim_sizes *s, int threads)                                                   \
    {                                                                                                              \
        family f = name##_family(s);                                                                               \
        return family_bytes(&f, threads, false);                                                                   \
    }                                                                                                              \
    static uint64_t name##_bytes_likely(const claim_sizes *s, int threads)                                            \
    {                                                                                                              \
        family f = name##_family(s);                                                                               \
        return family_bytes(&f, threads, true);                                                                    \
    }                                                                                                              \
    static bool name##_resume_fits(const claim_sizes *s, uint64_t games, size_t state_bytes)                          \
    {                                                                                                              \
        family f = name##_family(s);                                                                               \
        return family_resume_fits(&f, games, state_bytes);                                                         \
    }                                                                                                              \
    static double name##_work(const claim_sizes *s)                                                                \
    {                                                                                                              \
        family f = name##_family(s);                                                                               \
        return family_work(&f);                                                                                    \
    }                                                                                                              \
    static bool name##_at_default(const claim_sizes *s)                                                            \
    {                                                                                                              \
        family f = name##_family(s), d = name##_family(&(claim_sizes){0});                                        \
        return same_family(&f, &d);                                                                                \
    }

FAMILY_CHECK(check_conj34, st_conj34, READ_EVENTUAL, 12, 0, 0, 20000)
FAMILY_CHECK(check_conj35_literal, st_conj35, READ_LITERAL, 6, 2, 6, 20000)
FAMILY_CHECK(check_conj35_eventual, st_conj35, READ_EVENTUAL, 6, 2, 6, 20000)
FAMILY_CHECK(check_conj36_literal, st_conj36, READ_LITERAL, 5, 0, 4, 20000)
FAMILY_CHECK(check_conj36_eventual, st_conj36, READ_EVENTUAL, 5, 0, 4, 20000)
FAMILY_CHECK(check_conj37_literal, st_conj37, READ_LITERAL, 2, 0, 2, 28)
FAMILY_CHECK(check_conj37_eventual, st_conj37, READ_EVENTUAL, 2, 0, 2, 28)

#define SRC "Stewart, Scoring play combinatorial games, "

const claim_def claim_st_conj34 = {
    .id = "st/conj-34",
    .truth = CLAIM_PER_GAME,
    .game = "scoring-octal",
    .source = SRC "Section 5.1.1, Conjecture 34",
    .statement = "For a finite subtraction set S with k = max S (taking s beans scores s) there is an N with "
                 "G_s(n + 2k) = G_s(n) for all n >= N.  Proved since (Cohensius, Larsson, Meir, Wahlstedt 2019), "
                 "so a failure here is a bug.",
    .domain = "every S of {1..K} with max S = K for K = 1..--max-take (default 12); n grown until a window of k "
              "rows repeats (CERTIFIED: exact preperiod and least period, which must divide 2k) or --to rows "
              "(default 20000, UNDECIDED)",
    .parts = {"games"},
    .spreads_games = true,
    .check_games = check_conj34,
    .resume_fits = check_conj34_resume_fits,
    .sizes_are_default = check_conj34_at_default,
    .work = check_conj34_work,
    .reads_game_code = reads_code,
    .games_bytes = check_conj34_bytes,
    .games_bytes_likely = check_conj34_bytes_likely,
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 24,
    .sizes_help = "--max-take K (default 12, at most 24), --to L (default 20000)",
};

/* Why the literal readings are expected to fail (claim_def.reading_why). */
#define LITERAL_WHY                                                                                                      \
    "the conjecture as printed has no lower bound on n, while the surrounding text and Stewart's own Table 1 speak "  \
    "of periodicity after a preperiod; a game periodic only from some n > 0 breaks the literal wording, not the "    \
    "intended one"

#define TNB_35 "taking-no-breaking codes 0.d_1..d_k (digits 0-3, d_k != 0) for k = 1..--max-take (default 6) " \
               "with a digit 2 or 3, p_i = i; the second heap under no game or every such code of up to " \
               "--second-digits D digits (default 2; 0: no second heap) " \
               "(q_j = j), m = 0..--m-to (default 6); n grown until a window repeats (certificate) or --to " \
               "rows (default 20000)"

const claim_def claim_st_conj35_literal = {
    .id = "st/conj-35/literal",
    .truth = CLAIM_PER_GAME,
    .reading_of = "st/conj-35/eventual",
    .reading_why = LITERAL_WHY,
    .game = "scoring-octal",
    .source = SRC "Section 5.2, Conjecture 35, as printed (no lower bound on n)",
    .statement = "For finite taking-no-breaking O (a digit 2 or 3; p_i = i) and P (q_j = j), with k the largest "
                 "i whose digit is 2 or 3: G_s(n + 2k +_l m) = G_s(n +_l m) for all n >= 0.",
    .domain = TNB_35 "; a counterexample (smallest n, then m) is exact wherever found",
    .parts = {"games"},
    .spreads_games = true,
    .check_games = check_conj35_literal,
    .resume_fits = check_conj35_literal_resume_fits,
    .sizes_are_default = check_conj35_literal_at_default,
    .work = check_conj35_literal_work,
    .reads_game_code = reads_code,
    .games_bytes = check_conj35_literal_bytes,
    .games_bytes_likely = check_conj35_literal_bytes_likely,
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO | CLAIM_USES_M_TO | CLAIM_USES_SECOND_DIGITS,
    .max_take_limit = 8,
    .sizes_help = "--max-take K (default 6, at most 8), --second-digits D (default 2; 0: none), --m-to M (default 6), --to L (default 20000)",
};

const claim_def claim_st_conj35_eventual = {
    .id = "st/conj-35/eventual",
    .truth = CLAIM_PER_GAME,
    .game = "scoring-octal",
    .source = SRC "Section 5.2, Conjecture 35, read as the surrounding text does (n large enough)",
    .statement = "As Conjecture 35, for all n beyond some preperiod: for every m the least period of "
                 "G_s(. +_l m) divides 2k.",
    .domain = TNB_35 "; per m the exact preperiod and least period",
    .parts = {"games"},
    .spreads_games = true,
    .check_games = check_conj35_eventual,
    .resume_fits = check_conj35_eventual_resume_fits,
    .sizes_are_default = check_conj35_eventual_at_default,
    .work = check_conj35_eventual_work,
    .reads_game_code = reads_code,
    .games_bytes = check_conj35_eventual_bytes,
    .games_bytes_likely = check_conj35_eventual_bytes_likely,
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO | CLAIM_USES_M_TO | CLAIM_USES_SECOND_DIGITS,
    .max_take_limit = 8,
    .sizes_help = "--max-take K (default 6, at most 8), --second-digits D (default 2; 0: none), --m-to M (default 6), --to L (default 20000)",
};

#define TNB_36 "taking-no-breaking codes 0.d_1..d_k (digits 0-3, d_k != 0), k = 1..--max-take (default 5), each " \
               "with 8 point vectors p_i = i, 1, -i, 2, (-1)^(i+1) i, 1/i, k+1-i, i^2; the second heap under the " \
               "same game, m = 0..--m-to (default 4); n grown until a window repeats or --to rows (default 20000)"

const claim_def claim_st_conj36_literal = {
    .id = "st/conj-36/literal",
    .truth = CLAIM_PER_GAME,
    .reading_of = "st/conj-36/eventual",
    .reading_why = LITERAL_WHY,
    .game = "scoring-octal",
    .source = SRC "Section 5.2, Conjecture 36, as printed (no lower bound on n)",
    .statement = "For finite taking-no-breaking O and P with any points there is a t with G_s(n + t +_l m) = "
                 "G_s(n +_l m) for all n >= 0.",
    .domain = TNB_36 "; FAILS when a certified preperiod is positive (then no t works from n = 0)",
    .parts = {"games"},
    .spreads_games = true,
    .check_games = check_conj36_literal,
    .resume_fits = check_conj36_literal_resume_fits,
    .sizes_are_default = check_conj36_literal_at_default,
    .work = check_conj36_literal_work,
    .reads_game_code = reads_code,
    .games_bytes = check_conj36_literal_bytes,
    .games_bytes_likely = check_conj36_literal_bytes_likely,
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO | CLAIM_USES_M_TO,
    .max_take_limit = 8,
    .sizes_help = "--max-take K (default 5, at most 8), --m-to M (default 4), --to L (default 20000)",
};

const claim_def claim_st_conj36_eventual = {
    .id = "st/conj-36/eventual",
    .truth = CLAIM_PER_GAME,
    .game = "scoring-octal",
    .source = SRC "Section 5.2, Conjecture 36, for n large enough",
    .statement = "For finite taking-no-breaking O and P with any points, G_s(. +_l m) is eventually periodic.",
    .domain = TNB_36 "; per m the exact preperiod and least period.  Cannot FAIL: no finite computation "
                     "refutes 'some period exists'; a game with no repeat within --to is UNDECIDED",
    .parts = {"games"},
    .spreads_games = true,
    .check_games = check_conj36_eventual,
    .resume_fits = check_conj36_eventual_resume_fits,
    .sizes_are_default = check_conj36_eventual_at_default,
    .work = check_conj36_eventual_work,
    .reads_game_code = reads_code,
    .games_bytes = check_conj36_eventual_bytes,
    .games_bytes_likely = check_conj36_eventual_bytes_likely,
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO | CLAIM_USES_M_TO,
    .max_take_limit = 8,
    .sizes_help = "--max-take K (default 5, at most 8), --m-to M (default 4), --to L (default 20000)",
};

#define TB_37 "breaking codes d_0.d_1..d_k (d_0 in {0,4}, octal digits, d_k != 0, some digit with bit 2) for " \
              "k = 1..--max-take (default 2), p_i = i, the second heap under the same game (the position is " \
              "the multiset {n, m}), m = 0..--m-to (default 2), n < --to (default 28).  No finite window decides " \
              "these games: a period is OBSERVED when it repeats at least three times up to n, never CERTIFIED"

const claim_def claim_st_conj37_literal = {
    .id = "st/conj-37/literal",
    .truth = CLAIM_PER_GAME,
    .reading_of = "st/conj-37/eventual",
    .reading_why = LITERAL_WHY,
    .game = "scoring-octal",
    .source = SRC "Section 5.3, Conjecture 37, as printed (no lower bound on n)",
    .statement = "For finite octal games O and P there is a t with G_s(n + t +_l m) = G_s(n +_l m) for all n >= 0.",
    .domain = TB_37 ".  Cannot FAIL: a positive preperiod refutes it only when certified, and these games "
                    "are never certified; an observed positive preperiod makes the game UNDECIDED",
    .parts = {"games"},
    .spreads_games = true,
    .check_games = check_conj37_literal,
    .resume_fits = check_conj37_literal_resume_fits,
    .sizes_are_default = check_conj37_literal_at_default,
    .work = check_conj37_literal_work,
    .reads_game_code = reads_code,
    .games_bytes = check_conj37_literal_bytes,
    .games_bytes_likely = check_conj37_literal_bytes_likely,
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO | CLAIM_USES_M_TO | CLAIM_USES_POSITIONS,
    .max_take_limit = 4,
    .sizes_help = "--max-take K (default 2, at most 4), --m-to M (default 2), --to L (default 28), --positions P (default 2000000)",
};

const claim_def claim_st_conj37_eventual = {
    .id = "st/conj-37/eventual",
    .truth = CLAIM_PER_GAME,
    .game = "scoring-octal",
    .source = SRC "Section 5.3, Conjecture 37, for n large enough",
    .statement = "For finite octal games O and P, G_s(. +_l m) is eventually periodic.",
    .domain = TB_37 ".  Cannot FAIL: no finite computation refutes 'some period exists'",
    .parts = {"games"},
    .spreads_games = true,
    .check_games = check_conj37_eventual,
    .resume_fits = check_conj37_eventual_resume_fits,
    .sizes_are_default = check_conj37_eventual_at_default,
    .work = check_conj37_eventual_work,
    .reads_game_code = reads_code,
    .games_bytes = check_conj37_eventual_bytes,
    .games_bytes_likely = check_conj37_eventual_bytes_likely,
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO | CLAIM_USES_M_TO | CLAIM_USES_POSITIONS,
    .max_take_limit = 4,
    .sizes_help = "--max-take K (default 2, at most 4), --m-to M (default 2), --to L (default 28), --positions P (default 2000000)",
};

