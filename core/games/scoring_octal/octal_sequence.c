/*
 * octal_sequence.c -- Stewart's G_s of one scoring octal game as a
 * sequence (core/engine/sequence.h): G_s(n), or G_s(n +_l m) with a
 * second heap, row by row, and its preperiod and period.  A game that
 * never breaks a heap streams its rows from a ring of the last k + 1 (its
 * memory does not grow with n); one that breaks heaps memoises the
 * positions it reaches, which the caller weighs after every row.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/sequence.h"
#include "core/engine/xalloc.h"
#include "core/games/game_options.h"
#include "core/games/scoring_octal/octal.h"
#include "core/games/scoring_octal/octal_family.h"
#include "core/games/scoring_octal/octal_sequence.h"
#include "core/games/scoring_octal/octal_values.h"

struct sequence {
    const char *written, *sum_written;  /* the rules as given (argv's) */
    og_rules O, P;
    bool has_sum, grows;
    int M;           /* columns m = 0..M (0 without a second heap) */
    int64_t scale;
    og_rowtab rows;  /* games that never break a heap, once begun  */
    bool rows_begun;
    og_memo *memo;   /* games that break heaps, once begun         */
};

/* A code ("0.26") or a subtraction set ("{4,5}"; with subtraction, the
 * set's braces may be left out), then its points. */
static int read_rules(const char *text, bool subtraction, const char *points, og_rules *g, char *err, int errlen)
{
    int rc = subtraction || text[0] == '{' ? og_parse_subtraction(text, g, err, errlen)
                                           : og_parse_code(text, g, err, errlen);
    if (rc == 0 && points)
        rc = og_parse_points(points, g, err, errlen);
    return rc;
}

/* A digit before the point splits a heap without taking: a breaking game. */
static bool breaks_heaps(const og_rules *g)
{
    return og_breaks(g) || g->digit[0];
}

/* The options, in the order of octal_sequence.options. */
enum { OPT_GAME, OPT_POINTS, OPT_SUBTRACTION, OPT_SUM, OPT_SUM_POINTS, OPT_M_TO };

/* The options that go together, checked before the rules are read; the
 * last column M from --m-to (0 without --sum).  0, or -1 with the reason. */
static int check_sequence_options(const char *cmd, const char *const *v, int *M, char *err, int errlen)
{
    const char *wrong = NULL;
    long long m = 0;
    if (v[OPT_M_TO] && game_parse_whole(v[OPT_M_TO], v[OPT_M_TO] + strlen(v[OPT_M_TO]), 0, 1000, &m) != 0) {
        snprintf(err, (size_t)errlen, "%s: --m-to must be an integer from 0 to 1000, got '%.40s'", cmd, v[OPT_M_TO]);
        return -1;
    }
    if (!v[OPT_GAME] == !v[OPT_SUBTRACTION])
        wrong = "%s needs exactly one of --game and --subtraction";
    else if (!v[OPT_SUM] != !v[OPT_M_TO])
        wrong = "%s: --sum and --m-to go together";
    else if (v[OPT_SUBTRACTION] && v[OPT_POINTS])
        wrong = "%s: --points goes with --game (a subtraction set scores s for taking s)";
    else if (v[OPT_SUM_POINTS] && !v[OPT_SUM])
        wrong = "%s: --sum-points goes with --sum";
    if (wrong) {
        snprintf(err, (size_t)errlen, wrong, cmd);
        return -1;
    }
    *M = (int)m;
    return 0;
}

static sequence *open_sequence(const char *cmd, const char *const *v, char *err, int errlen)
{
    int M;
    if (check_sequence_options(cmd, v, &M, err, errlen) != 0)
        return NULL;
    const char *rules = v[OPT_GAME] ? v[OPT_GAME] : v[OPT_SUBTRACTION], *sum = v[OPT_SUM];
    sequence *s = xcalloc(1, sizeof *s, "a sequence");
    if (read_rules(rules, v[OPT_SUBTRACTION] != NULL, v[OPT_POINTS], &s->O, err, errlen) != 0 ||
        (sum && read_rules(sum, false, v[OPT_SUM_POINTS], &s->P, err, errlen) != 0)) {
        free(s);
        return NULL;
    }
    s->written = rules;
    s->sum_written = sum;
    s->has_sum = sum != NULL;
    s->M = sum ? M : 0;
    s->scale = og_common_scale(&s->O, s->has_sum ? &s->P : NULL);
    if (s->scale == 0) {
        snprintf(err, (size_t)errlen, "%s: the points' common denominator is too large", cmd);
        free(s);
        return NULL;
    }
    s->grows = breaks_heaps(&s->O) || (s->has_sum && breaks_heaps(&s->P));
    return s;
}

static void describe_sequence(const sequence *s, sequence_info *out)
{
    *out = (sequence_info){.written = s->written,
                           .sum_written = s->sum_written,
                           .columns = s->M,
                           .scale = s->scale,
                           .grows = s->grows};
    og_name(&s->O, out->name, sizeof out->name);
    og_points_text(&s->O, out->points, sizeof out->points);
    if (s->has_sum) {
        og_name(&s->P, out->sum_name, sizeof out->sum_name);
        og_points_text(&s->P, out->sum_points, sizeof out->sum_points);
    }
    out->convention = og_convention(&s->O) ? og_convention(&s->O) : s->has_sum ? og_convention(&s->P) : NULL;
}

static int begin_sequence_rows(sequence *s, int last, char *err, int errlen)
{
    const og_rules *P = s->has_sum ? &s->P : NULL;
    if (s->grows) {
        s->memo = og_memo_new(&s->O, P, s->scale);
        return 0;
    }
    if (og_rowtab_init(&s->rows, &s->O, P, s->M, last + 1, KERNEL_FAST, err, errlen) != 0)
        return -1;
    og_rowtab_keep_last(&s->rows, s->O.max_take + 1);
    s->rows_begun = true;
    return 0;
}

static int sequence_row(sequence *s, int n, int64_t *values)
{
    if (!s->grows) {
        og_rowtab_extend(&s->rows, n + 1);
        for (int m = 0; m <= s->M; m++)
            values[m] = og_rowtab_at(&s->rows, n, m);
        return 0;
    }
    for (int m = 0; m <= s->M; m++) {
        bool ok;
        values[m] = og_memo_value(s->memo, &n, 1, &m, 1, &ok);
        if (!ok)
            return -1;
    }
    return 0;
}

static uint64_t bytes_held(const sequence *s, int n)
{
    return s->memo ? og_memo_bytes_for(og_memo_size(s->memo), n + s->M) : 0;
}

/* The analysis the conjecture families use, on the rows (every m at
 * once, with a second heap): a certificate, or for a breaking game a
 * period seen three times.  The rows' least period is the lcm of the
 * columns' (every eventual period of a column is a multiple of its least
 * one), their preperiod the largest. */
static void find_period(const sequence *s, int last, uint64_t max_bytes, sequence_period *out)
{
    if (s->M > OG_MAX_M) {
        *out = (sequence_period){.verdict = SEQUENCE_ERROR, .verdict_name = "ERROR"};
        return;
    }
    og_job job = {.O = s->O, .P = s->P, .has_sum = s->has_sum, .M = s->M, .budget = last + 1};
    if (breaks_heaps(&s->O)) {
        uint64_t per = og_memo_bytes_for(1024, last + s->M) / 1024;
        job.max_positions = max_bytes / (per ? per : 1);
    }
    og_analyse(&job);
    static const sequence_verdict verdicts[] = {
        [OG_CERTIFIED] = SEQUENCE_CERTIFIED, [OG_OBSERVED] = SEQUENCE_OBSERVED,
        [OG_UNDECIDED] = SEQUENCE_UNDECIDED, [OG_ERROR] = SEQUENCE_ERROR};
    int64_t pre = 0, per = 1;
    for (int m = 0; m <= s->M && per <= INT_MAX; m++) {
        int64_t a = per, b = job.per[m] > 0 ? job.per[m] : 1;
        while (b) {
            int64_t r = a % b;
            a = b;
            b = r;
        }
        per = per / a * (job.per[m] > 0 ? job.per[m] : 1);
        pre = job.pre[m] > pre ? job.pre[m] : pre;
    }
    sequence_verdict v = verdicts[job.kind];
    if (per > INT_MAX && (v == SEQUENCE_CERTIFIED || v == SEQUENCE_OBSERVED))
        v = SEQUENCE_ERROR;
    *out = (sequence_period){.verdict = v, .verdict_name = v == SEQUENCE_ERROR ? "ERROR" : og_kind_name(job.kind),
                             .pre = (int)pre, .per = (int)(per > INT_MAX ? 0 : per), .rows_used = job.rows_used,
                             .capped = job.capped,
                             .argument = "a window of rows repeats"};
}

static void close_sequence(sequence *s)
{
    if (!s)
        return;
    if (s->rows_begun)
        og_rowtab_free(&s->rows);
    og_memo_free(s->memo);
    free(s);
}

const game_sequence octal_sequence = {
    .command = "gs",
    .symbol = "G_s",
    .summary = "print G_s values of one scoring octal game, and their period",
    .usage = "(--game CODE [--points P] | --subtraction S) [--sum GAME [--sum-points Q] --m-to M]",
    .about = "Prints G_s (Stewart, Definition 31) exactly: `n G` for n = 0..L, or with\n"
             "--sum, `n m G` for the heap n under the game plus the heap m under GAME.\n",
    .options_help = "  --game CODE      octal code: 0.26, 4.07, 0.3333 (hex digits leave three heaps)\n"
                    "  --points P       points p_1,...,p_k, as --bonus reads them: 1,2 or 1/2,-3\n"
                    "                   or 0.5,-3 (default p_i = i)\n"
                    "  --subtraction S  subtraction set, {4,5} or 4,5 (taking s scores s)\n"
                    "  --sum GAME       the second heap's game: a code or a subtraction set {..}\n"
                    "  --sum-points Q   its points (default q_j = j)\n"
                    "  --m-to M         largest second heap m, 0..1000\n",
    .json_help = "                   \"game\" as written (and \"as\": the engine's name, where it\n"
                 "                   differs), its \"points\", with --sum \"sum\" {game, (as,) points},\n"
                 "                   and \"convention\" where a rule outside the paper applies\n",
    .notes = "A code with a digit before the point (4.07) is outside Stewart's Definition 30\n"
             "and is read by the usual octal convention (that digit splits a heap without\n"
             "taking a bean, scoring 0); gs says so on stderr (and in --json).\n",
    .options = {{"game", true, false},
                {"points", true, true},
                {"subtraction", true, false},
                {"sum", true, false},
                {"sum-points", true, true},
                {"m-to", true, false},
                {NULL, false, false}},
    .limits = "96 heaps, heaps up to 1023",
    .open = open_sequence,
    .info = describe_sequence,
    .begin = begin_sequence_rows,
    .row = sequence_row,
    .bytes = bytes_held,
    .period = find_period,
    .format_value = og_format_value,
    .close = close_sequence,
};
