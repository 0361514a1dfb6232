/*
 * octal_family.c -- per-game period analysis and the parallel family
 * driver (see octal_family.h).
 */
#include "core/games/scoring_octal/octal_family.h"

#include <stdlib.h>
#include <string.h>

#include "core/games/scoring_octal/octal_values.h"
#include "core/engine/memo.h"
#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"
#include "core/engine/periodicity.h"

const char *og_kind_name(og_kind k)
{
    switch (k) {
    case OG_CERTIFIED:
        return "CERTIFIED";
    case OG_OBSERVED:
        return "OBSERVED";
    case OG_UNDECIDED:
        return "UNDECIDED";
    default:
        return "ERROR";
    }
}

/* Smallest n < limit with col[n] != col[n + T] among the available rows,
 * kept with the two values in the job. */
static void find_violation(og_job *job, const int64_t *rows, int nrows, int width, int col, int limit)
{
    int T = job->target;
    job->violation[col] = -1;
    for (int n = 0; T > 0 && n < limit && n + T < nrows; n++) {
        int64_t a = rows[(int64_t)n * width + col], b = rows[(int64_t)(n + T) * width + col];
        if (a != b) {
            job->violation[col] = n;
            job->violation_values[col][0] = a;
            job->violation_values[col][1] = b;
            return;
        }
    }
}

/* Rows a taking game may reach: the budget, and once certified one more
 * period (at most the budget), T and the largest take beyond it. */
static int most_rows(const og_job *job)
{
    return 2 * job->budget + job->target + job->O.max_take + 2;
}

static void analyse_taking(og_job *job)
{
    og_rowtab t;
    char err[128];
    if (og_rowtab_init(&t, &job->O, job->has_sum ? &job->P : NULL, job->M, most_rows(job), KERNEL_FAST, err,
                       sizeof err) != 0) {
        job->kind = OG_ERROR;
        return;
    }
    job->scale = t.scale;
    int width = t.M + 1, a = 0, period = 0;
    per_finder f;
    per_finder_init(&f, width, job->cert_window > 0 ? job->cert_window : job->O.max_take);
    bool found = false;
    for (int rows = 64; !found; rows *= 2) {
        if (rows > job->budget)
            rows = job->budget;
        og_rowtab_extend(&t, rows);
        found = per_finder_feed(&f, og_rowtab_rows(&t), t.rows, &a, &period);
        if (rows == job->budget)
            break;
    }
    per_finder_free(&f);
    if (found) {
        /* One more period (and T) beyond the certificate for exact reads. */
        og_rowtab_extend(&t, a + 2 * period + job->target + job->O.max_take + 1);
        job->kind = OG_CERTIFIED;
        for (int m = 0; m < width; m++)
            per_column_exact(og_rowtab_rows(&t), width, m, a, period, &job->pre[m], &job->per[m]);
    } else
        job->kind = OG_UNDECIDED;
    job->rows_used = t.rows;
    for (int m = 0; m < width; m++) {
        /* Certified: past a + t the comparison repeats with period t. */
        find_violation(job, og_rowtab_rows(&t), t.rows, width, m, found ? a + period : t.rows);
    }
    og_rowtab_free(&t);
}

struct og_scratch {
    memo *memo;         /* NULL until the first breaking game keyed  */
    rank_memo *ranked;  /* NULL until the first breaking game ranked */
};

og_scratch *og_scratch_new(void)
{
    return xcalloc(1, sizeof(og_scratch), "a worker's scratch");
}

void og_scratch_free(og_scratch *s)
{
    if (!s)
        return;
    memo_free(s->memo);
    rank_memo_free(s->ranked);
    free(s);
}

/* The heaps' totals a breaking job reaches: n < budget under O, m <= M. */
static const og_rules *job_p(const og_job *job)
{
    return job->has_sum ? &job->P : NULL;
}

/* The keyed memo's likely bytes for the job (positions capped at twice
 * --positions: one more row at most doubles them). */
static uint64_t keyed_bytes_likely(const og_job *job)
{
    return og_memo_bytes_likely(job->budget - 1, job->M, sat_mul(job->max_positions, 2));
}

/* The ranked store serves a breaking job when asked for, or (auto) unless
 * the ranked array (every multiset of the totals the job may
 * reach, 8 bytes each) would be larger than the keyed memo likely is (a
 * job capped by --positions far below its totals' multisets). */
static bool uses_ranked(const og_job *job)
{
    if (job->store == OG_STORE_KEYED || job->budget - 1 + job->M > RANK_MEMO_MAX_TOTAL)
        return false;
    if (job->store == OG_STORE_RANKED)
        return true;
    return og_ranked_bytes_likely(&job->O, job_p(job), job->budget - 1, job->M) <= keyed_bytes_likely(job);
}

/* The job's memo, on the worker's scratch when there is one. */
static og_memo *open_memo(og_job *job, og_scratch *scratch)
{
    if (!uses_ranked(job)) {
        if (scratch && !scratch->memo)
            scratch->memo = memo_new(NULL);
        return og_memo_new_on(&job->O, job_p(job), job->scale, scratch ? scratch->memo : NULL);
    }
    char err[160];
    if (scratch && !scratch->ranked && !(scratch->ranked = rank_memo_new(NULL, 0, 0, err, sizeof err)))
        die("internal error: %s", err);
    og_memo *memo = og_memo_new_ranked(&job->O, job_p(job), job->scale, job->budget - 1, job->M,
                                       scratch ? scratch->ranked : NULL, err, sizeof err);
    /* uses_ranked checked the totals against the ranks' range. */
    if (!memo)
        die("internal error: %s", err);
    return memo;
}

static void analyse_breaking(og_job *job, og_scratch *scratch)
{
    int width = job->M + 1, nrows = job->budget;
    job->scale = og_common_scale(&job->O, job->has_sum ? &job->P : NULL);
    if (job->scale == 0) {
        job->kind = OG_ERROR;
        return;
    }
    int64_t *rows = xmalloc(xmul((size_t)nrows * (size_t)width, sizeof *rows, "breaking-game rows"),
                               "breaking-game rows");
    og_memo *memo = open_memo(job, scratch);
    int done = 0;
    for (int n = 0; n < nrows; n++) {
        for (int m = 0; m < width; m++) {
            bool ok;
            rows[(int64_t)n * width + m] = og_memo_value(memo, &n, 1, &m, 1, &ok);
            if (!ok) {
                job->kind = OG_ERROR;
                free(rows);
                og_memo_free(memo);
                return;
            }
        }
        done = n + 1;
        /* The positions a game reaches grow like the partitions of n:
         * past the limit, the rows so far are all there is (a size cut,
         * reported as such, never as a verdict). */
        if (job->max_positions && og_memo_size(memo) > job->max_positions && done < nrows) {
            job->capped = true;
            break;
        }
    }
    og_memo_free(memo);
    nrows = done;
    job->rows_used = nrows;
    job->kind = OG_OBSERVED;
    for (int m = 0; m < width; m++) {
        if (!per_column_observed(rows, nrows, width, m, &job->pre[m], &job->per[m])) {
            job->kind = OG_UNDECIDED;
            job->pre[m] = job->per[m] = -1;
        }
        find_violation(job, rows, nrows, width, m, nrows);
    }
    free(rows);
}

static bool job_breaks(const og_job *job)
{
    return og_breaks(&job->O) || job->O.digit[0] || (job->has_sum && (og_breaks(&job->P) || job->P.digit[0]));
}

uint64_t og_job_bytes_bound(const og_job *job)
{
    int width = job->M + 1;
    if (job_breaks(job) && uses_ranked(job))
        return sat_add(og_ranked_bytes_bound(&job->O, job_p(job), job->budget - 1, job->M),
                       sat_mul(sat_mul((uint64_t)job->budget, (uint64_t)width), sizeof(int64_t)));
    if (job_breaks(job)) {
        uint64_t memo = og_memo_bytes_bound(job->budget - 1, job->M);
        /* With a limit, the memo stops growing within one row of it: the
         * positions of one more row at most double them. */
        if (job->max_positions) {
            uint64_t capped = og_memo_bytes_for(sat_mul(job->max_positions, 2), job->budget - 1 + job->M);
            memo = capped < memo ? capped : memo;
        }
        return sat_add(memo, sat_mul(sat_mul((uint64_t)job->budget, (uint64_t)width), sizeof(int64_t)));
    }
    /* The rows grow to the budget and, once certified, to at most
     * a + 2t + T + w + 1 <= 2 * budget + T + w + 1; the window finder keeps
     * a chain entry a row and at most as many buckets. */
    int most = 2 * job->budget + job->target + job->O.max_take + 1;
    uint64_t finder = sat_mul(4 * sizeof(int), (uint64_t)most);
    return sat_add(og_rowtab_bytes_bound(most, width - 1, false, 0), finder);
}

uint64_t og_job_bytes_likely(const og_job *job)
{
    if (!job_breaks(job))
        return og_job_bytes_bound(job);
    uint64_t memo = uses_ranked(job) ? og_ranked_bytes_likely(&job->O, job_p(job), job->budget - 1, job->M)
                                     : keyed_bytes_likely(job);
    return sat_add(memo, sat_mul(sat_mul((uint64_t)job->budget, (uint64_t)(job->M + 1)), sizeof(int64_t)));
}

/* Column m of rows [0, n) is periodic with period t from `from` on. */
static bool column_periodic(const og_rowtab *t, int n, int m, int from, int per)
{
    for (int i = from; i + per < n; i++)
        if (og_rowtab_at(t, i, m) != og_rowtab_at(t, i + per, m))
            return false;
    return true;
}

bool og_recheck(const og_job *job, char *why, int whylen)
{
    og_rowtab t;
    char err[128];
    if (job->kind != OG_CERTIFIED)
        return true;
    int most_pre = 0, most_per = 1;
    for (int m = 0; m <= job->M; m++) {
        most_pre = job->pre[m] > most_pre ? job->pre[m] : most_pre;
        most_per = job->per[m] > most_per ? job->per[m] : most_per;
    }
    /* Well past: every preperiod plus three periods and the largest take. */
    int n = most_pre + 3 * most_per + job->O.max_take + 8;
    /* The plain path: the engine's kernel through the moves, not the fast
     * path that found the certificate. */
    if (og_rowtab_init(&t, &job->O, job->has_sum ? &job->P : NULL, job->M, n, KERNEL_PLAIN, err, sizeof err) != 0) {
        snprintf(why, (size_t)whylen, "%s", err);
        return false;
    }
    og_rowtab_extend(&t, n);
    bool ok = true;
    for (int m = 0; ok && m <= job->M; m++) {
        int pre = job->pre[m], per = job->per[m];
        if (per < 1 || pre < 0 || !column_periodic(&t, n, m, pre, per)) {
            snprintf(why, (size_t)whylen, "m=%d: period %d does not hold from n = %d", m, per, pre);
            ok = false;
        } else if (pre > 0 && og_rowtab_at(&t, pre - 1, m) == og_rowtab_at(&t, pre - 1 + per, m)) {
            snprintf(why, (size_t)whylen, "m=%d: periodic already from n = %d, not %d", m, pre - 1, pre);
            ok = false;
        }
        for (int d = 1; ok && d < per; d++)
            if (column_periodic(&t, n, m, pre, d)) {
                snprintf(why, (size_t)whylen, "m=%d: period %d holds from n = %d, shorter than %d", m, d, pre, per);
                ok = false;
            }
    }
    og_rowtab_free(&t);
    return ok;
}

void og_analyse(og_job *job)
{
    og_analyse_in(job, NULL);
}

void og_analyse_in(og_job *job, og_scratch *scratch)
{
    job->kind = OG_UNDECIDED;
    for (int m = 0; m <= OG_MAX_M; m++) {
        job->pre[m] = job->per[m] = -1;
        job->violation[m] = -1;
    }
    if (job->M < 0 || job->M > OG_MAX_M || job->budget < 1 || (!job->has_sum && job->M != 0)) {
        job->kind = OG_ERROR;
        return;
    }
    if (job_breaks(job))
        analyse_breaking(job, scratch);
    else
        analyse_taking(job);
}

/* The outputs, field by field in a fixed order (no padding bytes). */
size_t og_job_result_bytes(const og_job *job)
{
    size_t cols = (size_t)job->M + 1;
    return 3 * sizeof(int32_t) + sizeof(int64_t) + cols * (3 * sizeof(int32_t) + 2 * sizeof(int64_t));
}

#define PUT(p, v)                                                                                                  \
    do {                                                                                                           \
        memcpy((p), &(v), sizeof(v));                                                                              \
        (p) += sizeof(v);                                                                                          \
    } while (0)
#define GET(p, v)                                                                                                  \
    do {                                                                                                           \
        memcpy(&(v), (p), sizeof(v));                                                                              \
        (p) += sizeof(v);                                                                                          \
    } while (0)

void og_job_result_pack(const og_job *job, unsigned char *out)
{
    int32_t kind = (int32_t)job->kind, rows = job->rows_used, capped = job->capped;
    int64_t scale = job->scale;
    PUT(out, kind);
    PUT(out, rows);
    PUT(out, capped);
    PUT(out, scale);
    for (int m = 0; m <= job->M; m++) {
        int32_t pre = job->pre[m], per = job->per[m], vio = job->violation[m];
        int64_t a = job->violation_values[m][0], b = job->violation_values[m][1];
        PUT(out, pre);
        PUT(out, per);
        PUT(out, vio);
        PUT(out, a);
        PUT(out, b);
    }
}

void og_job_result_unpack(og_job *job, const unsigned char *in)
{
    int32_t kind, rows, capped;
    int64_t scale;
    GET(in, kind);
    GET(in, rows);
    GET(in, capped);
    GET(in, scale);
    job->kind = (og_kind)kind;
    job->rows_used = rows;
    job->capped = capped != 0;
    job->scale = scale;
    for (int m = 0; m <= job->M; m++) {
        int32_t pre, per, vio;
        int64_t a, b;
        GET(in, pre);
        GET(in, per);
        GET(in, vio);
        GET(in, a);
        GET(in, b);
        job->pre[m] = pre;
        job->per[m] = per;
        job->violation[m] = vio;
        job->violation_values[m][0] = a;
        job->violation_values[m][1] = b;
    }
}
