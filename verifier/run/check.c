/*
 * check.c -- drives a `check` or `conj` run (select claims, refuse what
 * cannot finish, claim the output place, sweep, check, write, report) and
 * a `value` query.
 */
#define _GNU_SOURCE /* qsort_r */
#include "verifier/run/check.h"

#include <errno.h>
#include <stdarg.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/engine/pinning.h"
#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"
#include "verifier/output/errata.h"
#include "verifier/output/mismatch_text.h"
#include "verifier/run/checkpoint.h"
#include "verifier/run/table_chain.h"
#include "verifier/run/claim_select.h"
#include "verifier/run/expected.h"
#include "verifier/run/lanes.h"
#include "verifier/run/progress.h"
#include "verifier/run/proofcheck_run.h"
#include "proofs/claim_seconds.h"
#include "verifier/output/report_html.h"
#include "verifier/output/results.h"
#include "verifier/base/json_checked.h"
#include "verifier/base/args.h"

int select_claims(const char *patterns, const claim_def **out, char *err, int errlen)
{
    return select_claims_in(claim_registry, patterns, out, err, errlen);
}

/* Whether claim c reads the table of game e. */
static bool reads_table_of(const claim_def *c, const game_entry *e)
{
    return c->check && strcmp(c->game, e->name) == 0;
}

/* The claims of a run: --claims, "none", or by default the claims that
 * read the table of --game (of the default game, the registry's first,
 * when no game is named; a claim that computes its own games, as
 * Huibers' do, is run by --claims). */
static int select_run_claims(const check_options *o, const claim_def **out, char *err, int errlen)
{
    if (o->claims && strcmp(o->claims, "none") == 0)
        return 0;
    if (o->claims)
        return select_claims(o->claims, out, err, errlen);
    const game_entry *e = o->game ? o->game : game_default();
    int n = 0;
    for (int i = 0; claim_registry[i]; i++) {
        if (i == CLAIMS_MAX)
            die("internal error: more than %d claims registered (raise CLAIMS_MAX)", CLAIMS_MAX);
        if (reads_table_of(claim_registry[i], e))
            out[n++] = claim_registry[i];
    }
    return n;
}

/* What the results call the claims that read the table of e: the
 * paper's pattern ("os/" then "*") when they are exactly the claims of
 * one paper, else "the claims of <game>" (into buf). */
static const char *table_claims_text(const game_entry *e, char *buf, size_t len)
{
    const claim_paper *paper = NULL;
    for (int i = 0; claim_registry[i] && !paper; i++)
        if (reads_table_of(claim_registry[i], e))
            paper = claim_paper_of(claim_registry[i]->id);
    bool whole_paper = paper != NULL;
    for (int i = 0; whole_paper && claim_registry[i]; i++)
        if ((claim_paper_of(claim_registry[i]->id) == paper) != reads_table_of(claim_registry[i], e))
            whole_paper = false;
    if (whole_paper)
        snprintf(buf, len, "%s/*", paper->prefix);
    else
        snprintf(buf, len, "the claims of %s", e->name);
    return buf;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void run_one_claim(const value_table *t, const claim_ctx *ctx, const claim_def *c, claim_report *r)
{
    /* A claim reads the table of its own game only (its checks rely on
     * the game's data). */
    if (c->check && (!t || strcmp(t->game->name, c->game) != 0))
        die("internal error: %s speaks of %s and was given %s", c->id, c->game, t ? t->game->name : "no table");
    double t0 = now_seconds();
    if (c->check)
        c->check(t, r);
    else
        c->check_games(ctx, r);
    claim_report_settle(r);
    r->seconds = now_seconds() - t0;
}

static int costlier_first(const void *a, const void *b, void *arg)
{
    const claim_def *const *claims = arg;
    double x = claims[*(const int *)a]->cost_ns, y = claims[*(const int *)b]->cost_ns;
    return x < y ? 1 : x > y ? -1 : *(const int *)a - *(const int *)b;
}

/* Claims [lo, hi) side by side on `workers` workers (OpenMP's team, the
 * threads the sweep pinned), in the order `first` puts them (the longest
 * first, so that the last to finish is a short one): table claims on t
 * (own NULL), or claims that compute their own games, each with its own
 * context own[i - lo].  Each fills its own report, so the results are
 * those of running them in order; `after` is called in claim order once
 * they are all done. */
static void run_side_by_side(const value_table *t, const claim_ctx *own, const claim_def *const *claims, int lo,
                             int hi, claim_report *reports, const claim_hooks *hooks, int workers,
                             int (*first)(const void *, const void *, void *))
{
    int count = hi - lo;
    int *order = xmalloc(xmul((size_t)count, sizeof *order, "the claims' order"), "the claims' order");
    for (int k = 0; k < count; k++)
        order[k] = lo + k;
    qsort_r(order, (size_t)count, sizeof *order, first, (void *)claims);
#pragma omp parallel for schedule(dynamic, 1) num_threads(workers)
    for (int k = 0; k < count; k++) {
        int i = order[k];
        if (hooks->before) {
#pragma omp critical(claim_hooks)
            hooks->before(hooks->arg, i);
        }
        run_one_claim(t, own ? &own[i - lo] : NULL, claims[i], &reports[i]);
    }
    free(order);
    for (int i = lo; i < hi && hooks->after; i++)
        hooks->after(hooks->arg, i);
}

/* A claim side by side with others: its index, for its progress. */
typedef struct {
    const claim_hooks *hooks;
    int i;
} side_claim;

static void side_progress(void *arg, uint64_t done, uint64_t total, const char *unit)
{
    const side_claim *c = arg;
#pragma omp critical(claim_hooks)
    c->hooks->progress(c->hooks->arg, c->i, done, total, unit);
}

static double default_seconds_or_zero(const claim_def *c)
{
    double s = claim_default_seconds(c->id);
    return s > 0 ? s : 0;
}

static int longer_first(const void *a, const void *b, void *arg)
{
    const claim_def *const *claims = arg;
    double x = default_seconds_or_zero(claims[*(const int *)a]), y = default_seconds_or_zero(claims[*(const int *)b]);
    return x < y ? 1 : x > y ? -1 : *(const int *)a - *(const int *)b;
}

/* Claims [lo, hi) that compute their own games and do not spread them,
 * `hooks->families` at a time, each on one worker, the longest (by their
 * measured seconds) first, each with its own context (no sweep on the
 * workers: its tables are swept on its own thread). */
static void run_families_at_once(const claim_ctx *ctx, const claim_def *const *claims, int lo, int hi,
                                 claim_report *reports, const claim_hooks *hooks)
{
    int count = hi - lo;
    side_claim *side = xmalloc(xmul((size_t)count, sizeof *side, "the claims' order"), "the claims' order");
    claim_ctx *own = xmalloc(xmul((size_t)count, sizeof *own, "the claims' contexts"), "the claims' contexts");
    for (int k = 0; k < count; k++) {
        side[k] = (side_claim){hooks, lo + k};
        own[k] = *ctx;
        own[k].sweep = NULL;
        own[k].progress = hooks->progress ? side_progress : NULL;
        own[k].progress_arg = &side[k];
    }
    run_side_by_side(NULL, own, claims, lo, hi, reports, hooks, hooks->families, longer_first);
    free(side);
    free(own);
}

static bool runs_beside_others(const claim_def *c)
{
    return c->check_games && !c->spreads_games;
}

void run_claims(const value_table *t, const claim_ctx *ctx, const claim_def *const *claims, int first, int n,
                claim_report *reports, const claim_hooks *hooks)
{
    /* In registry order; the heavy families spread their own work over
     * the workers through the engine (layers.h); claims on the table that
     * come in a row may run side by side (claim_hooks.parallel), and so
     * may the claims that compute small games of their own
     * (claim_hooks.families). */
    for (int i = first; i < n;) {
        int j = i;
        while (j < n && claims[j]->check)
            j++;
        if (hooks && hooks->parallel > 1 && j - i > 1) {
            run_side_by_side(t, NULL, claims, i, j, reports, hooks, hooks->parallel, costlier_first);
            i = j;
            continue;
        }
        j = i;
        while (j < n && runs_beside_others(claims[j]))
            j++;
        if (hooks && hooks->families > 1 && ctx && j - i > 1) {
            run_families_at_once(ctx, claims, i, j, reports, hooks);
            i = j;
            continue;
        }
        if (hooks && hooks->before)
            hooks->before(hooks->arg, i);
        run_one_claim(t, ctx, claims[i], &reports[i]);
        if (hooks && hooks->after)
            hooks->after(hooks->arg, i);
        i++;
    }
}

static void print_report(FILE *human, const claim_def *c, const claim_report *r, bool verbose)
{
    /* A claim of readings that holds counts the reading that holds on
     * its line, and the others' cases and mismatches apart, so that no
     * number seems to belong to the verdict it does not belong to. */
    int holding = claim_reading_that_holds(r);
    uint64_t cases = 0, mism = 0, other_cases = 0, other_mism = 0;
    for (int p = 0; p < r->nparts; p++) {
        bool own = holding < 0 || p == holding;
        (own ? &cases : &other_cases)[0] += r->cases[p];
        (own ? &mism : &other_mism)[0] += r->mismatches[p];
    }
    fprintf(human, "%-6s %-29s %12llu cases", claim_status_name(claim_verdict(r)), c->id, (unsigned long long)cases);
    if (mism)
        fprintf(human, ", %llu mismatches", (unsigned long long)mism);
    uint64_t explained = 0, undecided = 0;
    for (int p = 0; p < r->nparts; p++) {
        explained += holding < 0 || p == holding ? r->explained[p] : 0;
        undecided += holding < 0 || p == holding ? r->undecided[p] : 0;
    }
    if (explained + undecided)
        fprintf(human, ", %llu not refuted", (unsigned long long)(explained + undecided));
    if (holding >= 0 && r->nparts > 1)
        fprintf(human, " (the reading that holds; the other%s: %llu cases, %llu mismatches)", r->nparts > 2 ? "s" : "",
                (unsigned long long)other_cases, (unsigned long long)other_mism);
    fprintf(human, "\n");
    /* One line a claim; its parts and findings are in the results (and
     * here with --verbose). */
    if (!verbose)
        return;
    /* A claim of readings names the one that holds, and shows them all. */
    int holds = claim_reading_that_holds(r);
    if (holds >= 0)
        fprintf(human, "         holds under the reading: %s\n", c->parts[holds]);
    for (int p = 0; p < r->nparts; p++) {
        claim_status s = claim_part_status(r, p);
        if (s != CLAIM_HOLDS || (r->readings && p != holds))
            fprintf(human, "         %s%s%s: %s (%llu cases, %llu mismatches)\n", r->readings ? "reading \"" : "", c->parts[p],
                   r->readings ? "\"" : "", claim_status_name(s), (unsigned long long)r->cases[p],
                   (unsigned long long)r->mismatches[p]);
    }
    for (int i = 0; i < r->nfindings; i++)
        fprintf(human, "         finding: %s: %s\n", r->findings[i].key, r->findings[i].value);
}

/* The run's status from the claims that count (claim_counts: the strict
 * and literal readings only with --strict-readings). */
static int exit_status(const claim_def *const *claims, const claim_report *reports, int n, bool strict)
{
    int status = EXIT_HOLDS;
    for (int i = 0; i < n; i++) {
        if (!claim_counts(claims[i], strict))
            continue;
        claim_status s = claim_verdict(&reports[i]);
        if (s == CLAIM_FAILS)
            return EXIT_FAILS;
        if (s != CLAIM_HOLDS && s != CLAIM_CERTIFIED)
            status = EXIT_INCONCLUSIVE;
    }
    return status;
}

/* What a GARBLED claim found, in one line: the cases that agree, the
 * differences the damaged text explains, the undecided. */
static void print_not_refuted(FILE *human, const claim_report *r)
{
    uint64_t cases = 0, explained = 0, undecided = 0;
    for (int p = 0; p < r->nparts; p++) {
        cases += r->cases[p];
        explained += r->explained[p];
        undecided += r->undecided[p];
    }
    fprintf(human, ": not refuted: %llu agree, %llu differ where the text we read is damaged (displaced cells), %llu "
                   "undecided or not convicted",
            (unsigned long long)(cases - explained - undecided), (unsigned long long)explained,
            (unsigned long long)undecided);
}

/* A claim's first kept mismatch in one line: where (and N), stated and
 * computed. */
static void print_first_mismatch(FILE *human, const value_table *t, const claim_report *r)
{
    if (r->nkept == 0)
        return;
    results_mismatch_text mt;
    results_mismatch_text_init(&mt, t);
    results_mismatch_fill(&mt, t, &r->kept[0]);
    fprintf(human, "; first at %s%s%s: stated %s, computed %s", mt.where, mt.n[0] ? ", N = " : "", mt.n,
           r->kept[0].expected ? r->kept[0].expected : "", r->kept[0].actual ? r->kept[0].actual : "");
    results_mismatch_text_free(&mt);
}

static const claim_report *report_of(const claim_def *const *claims, const claim_report *reports, int n,
                                     const char *id)
{
    for (int i = 0; i < n; i++)
        if (strcmp(claims[i]->id, id) == 0)
            return &reports[i];
    return NULL;
}

static void print_next_cost(FILE *human, const check_options *o, int threads, const claim_def *c,
                            const claim_report *r);

/* One claim that does not hold, in the summary: its verdict and what it
 * rests on (the first mismatch, the empty part, what a larger run would
 * add, and what that run would cost). */
static void print_verdict_line(FILE *human, const check_options *o, int threads, const value_table *t,
                               const claim_def *c, const claim_report *r)
{
    claim_status s = claim_verdict(r);
    fprintf(human, "  %s %s", claim_status_name(s), c->id);
    if (s == CLAIM_FAILS) {
        char words[256];
        errata_verdict_text(c, r, words, sizeof words);
        fprintf(human, ": %s", words);
        print_first_mismatch(human, t, r);
    } else if (s == CLAIM_EMPTY)
        fprintf(human, ": some part had no case at this size (an empty domain never counts as holding)");
    else if (s == CLAIM_OBSERVED)
        fprintf(human, ": seen on all the data, not proved");
    else if (s == CLAIM_UNDECIDED) {
        fprintf(human, claim_undecidable(r) ? ": no finite run decides it" : ": the search ran out before deciding");
        /* The option to raise, where the claim says it. */
        for (int f = 0; f < r->nfindings; f++)
            if (strncmp(r->findings[f].key, "to decide", 9) == 0)
                fprintf(human, "; to decide: %s", r->findings[f].value);
            else if (strncmp(r->findings[f].key, "a larger run", 12) == 0)
                fprintf(human, "; a larger run: %s", r->findings[f].value);
        print_next_cost(human, o, threads, c, r);
        /* Each undecided game by name (a family's first 64). */
        for (int f = 0; f < r->nfindings; f++)
            if (strcmp(r->findings[f].key, "undecided games") == 0)
                fprintf(human, "; undecided: %s", r->findings[f].value);
    } else if (s == CLAIM_GARBLED)
        print_not_refuted(human, r);
    fprintf(human, "\n");
}

/* The order the summary and the report group verdicts in: what fails,
 * what could not be read, then what is inconclusive. */
static const claim_status VERDICT_ORDER[] = {CLAIM_FAILS, CLAIM_GARBLED, CLAIM_EMPTY, CLAIM_OBSERVED,
                                             CLAIM_UNDECIDED};

/* The end of a run in words: what holds, what fails and is a finding,
 * what is inconclusive, and apart the readings that fail as expected (the
 * strict and literal readings of sentences the papers qualify), each with
 * its count, one witness and why it is expected; then what the exit
 * status says. */
static void print_summary(FILE *human, const check_options *o, int threads, const value_table *t,
                          const claim_def *const *claims, const claim_report *reports, int n, int status)
{
    int count[CLAIM_NSTATUS] = {0}, counted = 0, readings = 0, readings_failing = 0;
    for (int i = 0; i < n; i++) {
        if (!claim_counts(claims[i], o->strict_readings)) {
            readings++;
            readings_failing += claim_verdict(&reports[i]) == CLAIM_FAILS;
            continue;
        }
        counted++;
        count[claim_verdict(&reports[i])]++;
    }
    if (n == 0)
        return;
    /* Only readings ran (conj --id st/conj-35/literal): "0 claims" read as
     * if nothing had run. */
    if (counted == 0)
        fprintf(human, "\nsummary: no claim that counts, only %d reading%s (below)", readings,
                readings == 1 ? "" : "s");
    else
        fprintf(human, "\nsummary: %d claim%s", counted, counted == 1 ? "" : "s");
    const char *sep = ": ";
    for (int s = 0; s < CLAIM_NSTATUS; s++)
        if (count[s]) {
            fprintf(human, "%s%d %s", sep, count[s], claim_status_name((claim_status)s));
            sep = ", ";
        }
    fprintf(human, "\n");
    if (counted && count[CLAIM_HOLDS] + count[CLAIM_CERTIFIED] == counted)
        fprintf(human, "  every claim of the papers selected holds (or is certified) on the domain swept\n");
    /* Grouped by kind: what fails, then what could not be read, then what
     * is inconclusive, each in claim order. */
    for (size_t g = 0; g < sizeof VERDICT_ORDER / sizeof *VERDICT_ORDER; g++)
        for (int i = 0; i < n; i++)
            if (claim_counts(claims[i], o->strict_readings) && claim_verdict(&reports[i]) == VERDICT_ORDER[g])
                print_verdict_line(human, o, threads, t, claims[i], &reports[i]);
    /* The readings that fail, as expected, each with why; then apart
     * those that do not fail at this size (never "expected to fail"). */
    if (readings_failing) {
        fprintf(human, "readings that fail, as expected (a strict or literal reading of a sentence the paper "
                       "qualifies; they set the exit status only with --strict-readings):\n");
        for (int i = 0; i < n; i++) {
            if (claim_counts(claims[i], o->strict_readings) || claim_verdict(&reports[i]) != CLAIM_FAILS)
                continue;
            const claim_report *r = &reports[i];
            uint64_t mism = 0;
            for (int p = 0; p < r->nparts; p++)
                mism += r->mismatches[p];
            fprintf(human, "  %s %s: %llu mismatch%s", claim_status_name(CLAIM_FAILS), claims[i]->id,
                    (unsigned long long)mism, mism == 1 ? "" : "es");
            print_first_mismatch(human, t, r);
            const claim_report *intended = report_of(claims, reports, n, claims[i]->reading_of);
            fprintf(human, "; the intended reading %s", claims[i]->reading_of);
            if (intended)
                fprintf(human, " %s", claim_status_name(claim_verdict(intended)));
            /* Each reason once: later readings with the same one refer to it. */
            bool said = false;
            for (int j = 0; j < i && !said; j++)
                said = !claim_counts(claims[j], o->strict_readings) && claim_verdict(&reports[j]) == CLAIM_FAILS &&
                       strcmp(claims[j]->reading_why, claims[i]->reading_why) == 0;
            if (said)
                fprintf(human, "; expected, as above\n");
            else
                fprintf(human, "; expected, because %s\n", claims[i]->reading_why);
        }
    }
    if (readings > readings_failing) {
        fprintf(human, "readings that do not fail here (strict or literal readings; they set the exit status only "
                       "with --strict-readings):");
        const char *sep = " ";
        for (int i = 0; i < n; i++) {
            claim_status s = claim_verdict(&reports[i]);
            if (claim_counts(claims[i], o->strict_readings) || s == CLAIM_FAILS)
                continue;
            fprintf(human, "%s%s %s", sep, claims[i]->id, claim_status_name(s));
            sep = ", ";
        }
        fprintf(human, "\n");
    }
    fprintf(human, "exit status %d: %s\n", status,
           status == EXIT_HOLDS     ? "every claim that counts holds or is certified"
           : status == EXIT_FAILS   ? "some claim of the papers FAILS (see above and mismatches.csv)"
                                    : "nothing that counts fails, but some claim is EMPTY, OBSERVED, UNDECIDED or "
                                      "GARBLED");
}

static bool needs_table(const claim_def *const *claims, int n)
{
    for (int i = 0; i < n; i++)
        if (claims[i]->check)
            return true;
    return false;
}

/* Whether the run sweeps a table: a selected claim reads one, or a game
 * is named and no claim is (the sweep alone: its summary and checksum). */
static bool sweeps_table(const check_options *o, const claim_def *const *claims, int n)
{
    return needs_table(claims, n) || (o->game && n == 0);
}

/* The game of the run's table: the one the selected table claims speak of
 * (they must agree, and agree with --game), or --game.  Returns NULL
 * with a reason when they disagree. */
static const game_entry *table_game(const check_options *o, const claim_def *const *claims, int n, char *err,
                                    int errlen)
{
    const game_entry *e = o->game;
    for (int i = 0; i < n; i++) {
        if (!claims[i]->check)
            continue;
        const game_entry *c = game_find(claims[i]->game);
        if (!c)
            die("internal error: %s speaks of an unregistered game '%s'", claims[i]->id, claims[i]->game);
        if (e && e != c) {
            snprintf(err, (size_t)errlen, "%s: %s speaks of %s, not of %s: select the claims of one game", o->command,
                     claims[i]->id, c->name, e->name);
            return NULL;
        }
        e = c;
    }
    return e ? e : game_default();
}

static bool is_default_game(const check_options *o)
{
    return !o->game || o->game == game_default();
}

/* The description of the run's game at `bound` (destroy it with its
 * entry); NULL with a reason. */
static game_desc *build_game(const check_options *o, int bound, char *err, int errlen)
{
    game_params p = {.piles = o->piles, .bound = bound, .unit = 2};
    memcpy(p.option, o->game_option, sizeof p.option);
    return o->game->build(&p, err, errlen);
}

/* The bonus window of a sweep: every N = k/2 with |N| <= S + 3 for margin
 * games (one lane for the other kinds). */
static lane_window sweep_window(const check_options *o, int bound)
{
    game_params p = {.piles = o->piles, .bound = bound};
    return game_bonus_window(o->game, &p);
}

/* ---- what the options may say for the selected claims ---- */

/* The sweep's sizes as the game takes them: both --piles and --bound, or
 * (a game sized by its bound, whose moves may add a pile) --bound alone,
 * piles then 1.  0, or -1 with a one-line reason. */
static int size_the_game(check_options *o, char *err, int errlen)
{
    if (!o->game->sized_by_bound) {
        if ((o->piles == 0) != (o->bound == 0)) {
            snprintf(err, (size_t)errlen, "%s needs both --piles and --bound", o->command);
            return -1;
        }
        return 0;
    }
    if (o->piles) {
        snprintf(err, (size_t)errlen, "%s: %s is sized by %s", o->command, o->game->name, o->game->size_help);
        return -1;
    }
    if (o->bound)
        o->piles = 1;
    return 0;
}

static const char *size_option(unsigned bit)
{
    return bit == CLAIM_USES_MAX_TAKE ? "--max-take"
           : bit == CLAIM_USES_TO     ? "--to"
           : bit == CLAIM_USES_M_TO   ? "--m-to"
           : bit == CLAIM_USES_SECOND_DIGITS ? "--second-digits"
                                   : "--positions";
}

/* Sizes no selected claim reads are refused (a fixed claim never reads
 * one: a size must not turn a fixed statement into FAILS), and so are
 * sizes beyond a claim's limit, which would run for days. */
static int check_options_fit(const check_options *o, const claim_def *const *claims, int n, char *err, int errlen)
{
    unsigned used = 0;
    bool any_table = sweeps_table(o, claims, n);
    for (int i = 0; i < n; i++)
        if (claims[i]->check_games)
            used |= claims[i]->sizes_used;
    for (unsigned bit = 1; bit <= CLAIM_USES_POSITIONS; bit <<= 1)
        if ((o->sizes_given & bit) && !(used & bit)) {
            /* One claim alone: say the sizes it takes. */
            if (n == 1)
                snprintf(err, (size_t)errlen, "%s: %s takes no %s: its sizes are %s", o->command, claims[0]->id,
                         size_option(bit), claims[0]->sizes_help ? claims[0]->sizes_help : "fixed");
            else
                snprintf(err, (size_t)errlen,
                         "%s: %s applies to none of the selected claims (verifier list gives each claim's sizes)",
                         o->command, size_option(bit));
            return -1;
        }
    /* conj --game: a code every selected family reads. */
    for (int i = 0; o->sizes.game && i < n; i++) {
        char why[192];
        if (!claims[i]->reads_game_code) {
            snprintf(err, (size_t)errlen, "%s: --game runs one code of a family, and %s is none", o->command,
                     claims[i]->id);
            return -1;
        }
        if (!claims[i]->reads_game_code(o->sizes.game, why, sizeof why)) {
            snprintf(err, (size_t)errlen, "%s: --game: %s", o->command, why);
            return -1;
        }
    }
    if (o->piles && !any_table) {
        snprintf(err, (size_t)errlen,
                 "%s: --piles and --bound size the table of a game, and no selected claim reads one (--claims none "
                 "sweeps the table alone)",
                 o->command);
        return -1;
    }
    if (any_table && (o->piles == 0 || o->bound == 0)) {
        if (is_default_game(o)) {
            char which[128];
            snprintf(err, (size_t)errlen, "the %s claims (%s) need --piles and --bound", game_title(o->game),
                     table_claims_text(o->game, which, sizeof which));
        }
        else
            snprintf(err, (size_t)errlen, "%s: the sweep of %s needs --piles and --bound", o->command, o->game->name);
        return -1;
    }

    for (int i = 0; i < n; i++) {
        const claim_def *c = claims[i];
        if (!c->check_games)
            continue;
        if (c->max_take_limit && (c->sizes_used & CLAIM_USES_MAX_TAKE) && o->sizes.max_take > c->max_take_limit) {
            snprintf(err, (size_t)errlen, "--max-take %d is beyond %d, the limit of %s (%s)", o->sizes.max_take,
                     c->max_take_limit, c->id, c->sizes_help);
            return -1;
        }
        if (c->to_limit && (c->sizes_used & CLAIM_USES_TO) && o->sizes.rows > c->to_limit) {
            snprintf(err, (size_t)errlen, "--to %d is beyond %d, the limit of %s (%s)", o->sizes.rows, c->to_limit,
                     c->id, c->sizes_help);
            return -1;
        }
    }
    return 0;
}

/* ---- memory, before any work ---- */

/* The table the selected claims need: the window of the sweep at
 * `bound`, the kernel and format asked for (a game whose values need not
 * step by one between lanes is stored wide, 64-bit when 16 bits cannot
 * hold it), and the last-move flags when a claim reads them. */
static table_opts run_table_opts(const check_options *o, const claim_def *const *claims, int n, const game_desc *g,
                                 int bound)
{
    table_opts opts = {.win = sweep_window(o, bound), .format = o->format, .kernel = o->kernel};
    /* A margin game with no bonus (Stewart's G_s) holds 64-bit values. */
    if (g->kind == VALUE_MARGIN && o->game->one_lane)
        opts.format = FORMAT_WIDE64;
    else if (g->kind == VALUE_MARGIN && !o->game->unit_steps && !o->format_given) {
        int64_t m = -opts.win.mlo;
        opts.format = g->value_bound(g->data, m) <= INT16_MAX ? FORMAT_WIDE : FORMAT_WIDE64;
    }
    for (int i = 0; i < n; i++)
        opts.last_mover = opts.last_mover || (claims[i]->check && claims[i]->needs_takers);
    return opts;
}

/* Whether the sweep is split over the ranks by blocks of lanes: a margin
 * game's (lanes.h), each rank holding its block. */
static bool split_by_lanes(const check_options *o)
{
    return o->ranks && o->ranks->size > 1 && o->game->kind == VALUE_MARGIN;
}

/* Whether the sweep is shared by the ranks layer by layer: any other
 * game's (sweep_share_layers), each rank holding the whole table. */
static bool split_by_layers(const check_options *o)
{
    return o->ranks && o->ranks->size > 1 && o->game->kind != VALUE_MARGIN;
}

/* This process's lanes of the sweep at `bound`: every lane, or its block
 * (lanes.h) when the sweep is split; the window it holds adds the halo. */
static void own_lanes(const check_options *o, int bound, int *lo, int *hi)
{
    lane_window win = sweep_window(o, bound);
    *lo = 0;
    *hi = win.lanes;
    if (split_by_lanes(o))
        lanes_block(o->ranks, win.lanes, lo, hi);
}

/* The table of this process at `bound`: the whole window, or its block
 * of lanes with the halo when the sweep is split. */
static table_opts held_opts(const check_options *o, const claim_def *const *claims, int n, const game_desc *g,
                            int bound)
{
    table_opts opts = run_table_opts(o, claims, n, g, bound);
    if (split_by_lanes(o)) {
        own_lanes(o, bound, &opts.own_lo, &opts.own_hi);
        opts.halo = LANES_HALO;
    }
    return opts;
}

/* Bytes of the table and of the largest claim's scratch (the claims run
 * in turn, each freeing what it took); UINT64_MAX when the size itself is
 * refused. */
static uint64_t table_need(const check_options *o, int bound, const claim_def *const *claims, int n,
                           uint64_t *table_bytes)
{
    char err[256];
    game_desc *g = build_game(o, bound, err, sizeof err);
    if (!g)
        return UINT64_MAX;
    table_opts opts = held_opts(o, claims, n, g, bound);
    uint64_t scratch = 0, count = g->count;
    int rc = table_estimate(g, &opts, table_bytes, err, sizeof err);
    o->game->destroy(g);
    if (rc != 0)
        return UINT64_MAX;
    /* Summed: claims on the table run side by side (check_claims), so
     * their working memory can be live at once. */
    for (int i = 0; i < n; i++)
        if (claims[i]->check && claims[i]->scratch_bytes)
            scratch = sat_add(scratch, claims[i]->scratch_bytes(count, opts.win.lanes, bound));
    /* A run that checkpoints its table: what a save holds besides it. */
    if (o->checkpoint_every >= 0)
        scratch = sat_add(scratch, table_chain_bytes_bound(*table_bytes, o->threads > 0 ? o->threads : omp_get_num_procs()));
    return sat_add(*table_bytes, scratch);
}

static uint64_t games_need(const claim_def *c, const claim_sizes *s, int threads)
{
    if (!c->check_games)
        return 0;
    return c->games_bytes ? c->games_bytes(s, threads) : CLAIM_FIXED_BYTES;
}

/* A claim's bytes as a run usually takes them (claim_def.games_bytes_likely),
 * else its bound. */
static uint64_t games_likely(const claim_def *c, const claim_sizes *s, int threads)
{
    return c->check_games && c->games_bytes_likely ? c->games_bytes_likely(s, threads) : games_need(c, s, threads);
}

/* The run's need (check_memory_fits: the table and the costliest claim)
 * as a run usually takes it: the costliest claim's bound replaced by the
 * costliest claim's likely bytes.  `need` itself when no claim estimates
 * below its bound. */
static uint64_t likely_need(const check_options *o, const claim_def *const *claims, int n, int threads, uint64_t need)
{
    uint64_t bound = 0, likely = 0;
    for (int i = 0; i < n; i++) {
        uint64_t b = games_need(claims[i], &o->sizes, threads), l = games_likely(claims[i], &o->sizes, threads);
        bound = b > bound ? b : bound;
        likely = l > likely ? l : likely;
    }
    return likely < bound && need >= bound ? need - bound + likely : need;
}

/* ---- time, estimated before the work ---- */

/* Rates measured on the development machine (2 cores, docs/performance.md): the
 * running-maximum sweep takes about 0.33 ns a (row operation, lane) on
 * two threads once its maxima leave the caches (3 piles, bound 300: 27 s
 * and 39 s in two runs of 2026-11-25), the plain kernel about 1 ns a
 * (child, lane) on two threads. */
#define SWEEP_NS_RUNMAX 0.65
#define SWEEP_NS_MOVES 1.0
/* The last-stone flags (a claim that reads who took the last stone) cost
 * the sweep about 2.1 times its time: 6 piles, bound 32: 16.9 s with them,
 * 8.2 s without; 3 piles, bound 150: 3.3 s and 1.6 s (2026-11-27, 2
 * threads, once the flags' read was vectorized; it was 3.7 before).
 * Without this the estimate of make verify's sweep was 7 s for 24 s. */
#define SWEEP_TAKERS_FACTOR 2.1
#define CLAIM_NS_DEFAULT 0.01
/* The other kinds a move at a time (one lane), rough rates of the same
 * machine: a child's value read and combined (Sprague-Grundy, N-player
 * outcomes), a move listed twice and a queue step (retrograde), and a cell
 * of an exact matrix game (GMP rationals, simplex). */
#define SWEEP_NS_OUTCOME 15.0
#define SWEEP_NS_RETROGRADE 60.0
#define SWEEP_NS_MATRIX_CELL 3000.0

/* Row operations of the sweep, as the game counts them: its fast path's
 * (Scoring Nim's running maximum: a read for each distinct non-empty pile
 * and a fold for each distinct pile), or a child row for each move of the
 * plain kernel (about max_moves / 2 a position when the game does not
 * say). */
static double sweep_row_ops(const game_desc *g, table_kernel kernel)
{
    if (kernel == KERNEL_FAST && g->fast && g->fast->ops)
        return g->fast->ops(g);
    if (g->plain_ops)
        return g->plain_ops(g->data);
    return (double)g->count * (g->max_moves > 1 ? g->max_moves / 2.0 : 1);
}

static void format_seconds(double s, char *buf, int len)
{
    /* Seconds up to two minutes: "1 min" for 87 s said too little.  Past
     * a billion hours the figure says only that (so that no estimate,
     * however wild its rates, is cut by the buffer). */
    if (s >= 3.6e12)
        snprintf(buf, (size_t)len, "over 10^9 h");
    else if (s < 120)
        snprintf(buf, (size_t)len, "%.0f s", s < 1 ? 1 : s);
    else if (s < 3600)
        snprintf(buf, (size_t)len, "%.0f min", s / 60);
    else
        snprintf(buf, (size_t)len, "%.1f h", s / 3600);
}

/* Seconds table claim c takes on a table of `cells` (position, N)
 * values: on the default game, from its measured seconds
 * (claim_table_seconds: exact on a sweep measured, scaled by the cells
 * elsewhere); else, or when never measured, its cost_ns a cell. */
static double table_claim_seconds(const check_options *o, const claim_def *c, int bound, double cells)
{
    double s = is_default_game(o) ? claim_table_seconds(c->id, o->piles, bound, cells) : -1;
    return s >= 0 ? s : (c->cost_ns > 0 ? c->cost_ns : CLAIM_NS_DEFAULT) * cells * 1e-9;
}

/* Seconds of the sweep and of the table claims, from the rates. */
static void estimate_times(const check_options *o, int bound, table_kernel kernel, const claim_def *const *claims,
                           int n, int threads, int claim_workers, double *sweep, double *checks)
{
    char err[256];
    *sweep = *checks = 0;
    game_desc *g = build_game(o, bound, err, sizeof err);
    if (!g)
        return;
    double lanes = sweep_window(o, bound).lanes, ns = kernel == KERNEL_FAST && g->fast ? SWEEP_NS_RUNMAX : SWEEP_NS_MOVES;
    if (g->kind == VALUE_MATRIX)
        ns = SWEEP_NS_MATRIX_CELL;
    else if (g->kind != VALUE_MARGIN)
        ns = g->layers == GAME_CYCLIC ? SWEEP_NS_RETROGRADE : SWEEP_NS_OUTCOME;
    *sweep = sweep_row_ops(g, kernel) * lanes * ns / (threads > 0 ? threads : 1) * 1e-9;
    bool takers = false;
    for (int i = 0; i < n; i++)
        takers = takers || (claims[i]->check && claims[i]->needs_takers);
    if (takers && g->kind == VALUE_MARGIN)
        *sweep *= SWEEP_TAKERS_FACTOR;
    double cells = (double)g->count * lanes, claim_s = 0, longest = 0;
    o->game->destroy(g);
    for (int i = 0; i < n; i++)
        if (claims[i]->check) {
            double c = table_claim_seconds(o, claims[i], bound, cells);
            claim_s += c;
            longest = c > longest ? c : longest;
        }
    /* The claims run side by side, one a worker (check_claims; one at a
     * time on a table split over ranks): the phase lasts their sum shared
     * over the workers, and at least the longest claim. */
    claim_s /= claim_workers > 0 ? claim_workers : 1;
    *checks = claim_s > longest ? claim_s : longest;
}


/* The sizes given (CLAIM_USES_* bits): a claim that reads one runs at a
 * size of the user's choosing, which no measurement covers. */
static unsigned sizes_given(const claim_sizes *z)
{
    return (z->max_take > 0 ? CLAIM_USES_MAX_TAKE : 0u) | (z->rows > 0 ? CLAIM_USES_TO : 0u) |
           (z->m_to != 0 ? CLAIM_USES_M_TO : 0u) | (z->second_digits != 0 ? CLAIM_USES_SECOND_DIGITS : 0u) |
           (z->positions > 0 ? CLAIM_USES_POSITIONS : 0u);
}

/* Whether a claim that computes its own games runs at sizes z other than
 * the ones it was measured at (its defaults, every game). */
static bool beyond_measured(const claim_def *c, const claim_sizes *z)
{
    if (z->game && c->check_games)
        return true;
    /* Sizes given that are the claim's defaults all the same (conj --id
     * st/conj-34 --max-take 12) keep its measured time. */
    return (c->sizes_used & sizes_given(z)) && !(c->sizes_are_default && c->sizes_are_default(z));
}

/* Seconds of a claim that computes its own games at sizes z: as measured
 * at its defaults (proofs/claim_seconds.h), scaled by its work at z
 * against its work at the defaults (claim_def.work); -1 when it runs at
 * other sizes and declares no work.  A claim added since the last
 * measurement counts as its paper's median, flagged in the estimate
 * (print_own_estimate). */
static double own_seconds_at(const claim_def *c, const claim_sizes *z)
{
    if (c->check)
        return -1;
    double s = claim_default_seconds(c->id);
    s = s >= 0 ? s : claim_fallback_seconds(c->id);
    if (!beyond_measured(c, z))
        return s;
    double at_default = c->work ? c->work(&(claim_sizes){0}) : 0;
    return at_default > 0 ? s * c->work(z) / at_default : -1;
}

double check_claim_estimate_seconds(const claim_def *c, const claim_sizes *z)
{
    return own_seconds_at(c, z);
}

static double own_claim_seconds(const check_options *o, const claim_def *c)
{
    return own_seconds_at(c, &o->sizes);
}

/* "(that run: about 6 min and 430 MiB)": the next step a claim
 * suggested (claim_report.next), estimated as a run is before it starts,
 * on this run's threads. */
static void print_next_cost(FILE *human, const check_options *o, int threads, const claim_def *c,
                            const claim_report *r)
{
    if (!r->has_next || !c->check_games)
        return;
    claim_sizes next = r->next;
    next.game = o->sizes.game;
    double s = own_seconds_at(c, &next);
    /* A claim that knows how its work grows: this run's time times that. */
    bool scaled_here = s < 0 && r->next_factor > 0;
    if (scaled_here)
        s = r->seconds * r->next_factor;
    char t[32], m[MEM_BYTES_TEXT];
    uint64_t bound = games_need(c, &next, threads), likely = games_likely(c, &next, threads);
    mem_format_bytes(sat_add(likely, o->rss_at_start), m, sizeof m);
    const char *how = likely < bound ? "about" : "up to";
    if (s < 0) {
        fprintf(human, " (that run: time not estimated, memory %s %s)", how, m);
        return;
    }
    format_seconds(s, t, sizeof t);
    if (scaled_here)
        fprintf(human, " (that run: about %s, %gx this run's time, and memory %s %s)", t, r->next_factor, how,
                m);
    else
        fprintf(human, " (that run: about %s on 2 cores and %s %s)", t, how, m);
}

/* Whether claims a and b are of one paper (the id before its '/'). */
static bool same_paper(const char *a, const char *b)
{
    size_t n = strcspn(a, "/");
    return n == strcspn(b, "/") && strncmp(a, b, n) == 0;
}

/* Seconds the claims that compute their own games take (those of paper
 * `paper` alone when not NULL), from their measured seconds: the ones that
 * spread their games one after another, the others side by side on
 * `workers` workers (their sum shared, and at least the longest). */
static double own_claims_wall(const check_options *o, const claim_def *const *claims, int n, int workers,
                              const char *paper)
{
    double alone = 0, side = 0, longest = 0;
    for (int i = 0; i < n; i++) {
        double s = own_claim_seconds(o, claims[i]);
        if (s < 0 || (paper && !same_paper(paper, claims[i]->id)))
            continue;
        if (claims[i]->spreads_games) {
            alone += s;
        } else {
            side += s;
            longest = s > longest ? s : longest;
        }
    }
    side /= workers > 0 ? workers : 1;
    return alone + (side > longest ? side : longest);
}

/* "and 80 s for the other claims (rn/... 40 s, hr/... 34 s)": the claims
 * that compute their own games, paper by paper (in the order of their
 * first claim), from their measured seconds; printed whether or not a
 * table is swept. */
static void print_own_estimate(FILE *human, const check_options *o, const claim_def *const *claims, int n, int workers,
                               bool after_table)
{
    int unknown = 0, own = 0;
    char *each = xstrdup("", "an estimate");
    for (int i = 0; i < n; i++) {
        if (claims[i]->check)
            continue;
        own++;
        double s = own_claim_seconds(o, claims[i]);
        if (s < 0) {
            unknown++;
            continue;
        }
        /* A paper's time once, at its first estimated claim. */
        bool first = true;
        for (int j = 0; j < i && first; j++)
            first = claims[j]->check || own_claim_seconds(o, claims[j]) < 0 || !same_paper(claims[i]->id, claims[j]->id);
        if (!first)
            continue;
        char t[32];
        format_seconds(own_claims_wall(o, claims, n, workers, claims[i]->id), t, sizeof t);
        char *next = claim_printf("%s%s%.*s/* %s", each, *each ? ", " : "", (int)strcspn(claims[i]->id, "/"),
                                  claims[i]->id, t);
        free(each);
        each = next;
    }
    /* Whether some claim's time is its measured one scaled to other sizes. */
    bool scaled = false;
    for (int i = 0; i < n; i++)
        scaled = scaled || (!claims[i]->check && beyond_measured(claims[i], &o->sizes) && claims[i]->work);
    if (own > unknown) {
        char t[32];
        format_seconds(own_claims_wall(o, claims, n, workers, NULL), t, sizeof t);
        fprintf(human, "%sabout %s for the %s claims that compute their own games (%s; measured at their default "
                       "sizes on 2 cores%s)%s",
                after_table ? "time: and " : "time: ", t, after_table ? "other" : "selected", each,
                scaled ? ", scaled by their work at the sizes given" : "", unknown ? "" : "\n");
    }
    if (unknown)
        fprintf(human, "%s%d claim%s at sizes of your choosing not estimated\n",
                own > unknown ? "; " : "time: ", unknown, unknown == 1 ? "" : "s");
    /* Claims not measured yet count as their paper's median: said. */
    int unmeasured = 0;
    for (int i = 0; i < n; i++)
        unmeasured += !claims[i]->check && claim_default_seconds(claims[i]->id) < 0 &&
                      own_claim_seconds(o, claims[i]) >= 0;
    if (unmeasured)
        fprintf(human, "time: %d claim%s not measured yet, each counted as its paper's median (make records "
                       "measures them)\n",
                unmeasured, unmeasured == 1 ? "" : "s");
    free(each);
}

double check_estimate_seconds(int piles, int bound, const char *patterns, int threads)
{
    const claim_def *claims[CLAIMS_MAX];
    char err[256];
    check_options o = {.command = "check", .piles = piles, .bound = bound, .claims = patterns};
    int n = select_run_claims(&o, claims, err, sizeof err);
    if (n <= 0)
        return 0;
    /* The claims that compute their own games, after the table's. */
    double own = own_claims_wall(&o, claims, n, threads, NULL);
    if (!needs_table(claims, n))
        return own;
    if (!(o.game = table_game(&o, claims, n, err, sizeof err)))
        return own;
    double sweep, checks;
    estimate_times(&o, bound, KERNEL_FAST, claims, n, threads, threads, &sweep, &checks);
    return sweep + checks + own;
}

/* On a busy machine (a 1-minute load average that leaves the run's
 * threads less than the cores they would have): how much longer the
 * estimate will take, as the threads' share of the cores, (load +
 * threads) / cores; said when it is at least 1.75 (the average lags by a
 * minute: a run that just ended still counts in it).  The estimates
 * themselves are of an idle machine. */
static void print_busy_machine(FILE *human, int threads, int cores)
{
    double load[1];
    if (cores < 1 || getloadavg(load, 1) != 1)
        return;
    double stretch = (load[0] + threads) / cores;
    if (threads > cores)
        stretch = (load[0] + threads) / threads;
    if (stretch >= 1.75)
        fprintf(human, "time: the machine is busy (load average %.1f on %d core%s): expect about %.1fx the time "
                       "above, which is an idle machine's\n",
                load[0], cores, cores == 1 ? "" : "s", stretch);
}

/* "time: about 55 s for the sweep and 7 min for the claims": an estimate
 * from this machine's rates, printed before the work. */
static void print_time_estimate(FILE *human, const check_options *o, const claim_def *const *claims, int n, int threads,
                                int families)
{
    if (!sweeps_table(o, claims, n)) {
        print_own_estimate(human, o, claims, n, families, false);
        return;
    }
    double sweep, checks;
    /* A split sweep: each rank does its block (rank 0's, the largest),
     * and its claims one at a time. */
    int lo, hi;
    own_lanes(o, o->bound, &lo, &hi);
    double share = (double)(hi - lo) / sweep_window(o, o->bound).lanes;
    estimate_times(o, o->bound, o->kernel, claims, n, threads, share < 1 ? 1 : threads, &sweep, &checks);
    sweep *= share;
    checks *= share;
    char a[32], b[32];
    format_seconds(sweep, a, sizeof a);
    format_seconds(checks, b, sizeof b);
    if (!needs_table(claims, n))
        fprintf(human, "time: about %s for the sweep (no claim reads it: the table alone; estimated from the rates of a "
               "2-core machine; docs/performance.md)\n",
               a);
    else
        fprintf(human, "time: about %s for the sweep and %s for the %s claims (estimated from the rates of a 2-core "
               "machine; docs/performance.md)\n",
               a, b, game_title(o->game));
    print_own_estimate(human, o, claims, n, families, true);
}

/* Largest --to (rows) at which claim c fits in `room`, 0 if none. */
static int largest_rows(const claim_def *c, claim_sizes s, int threads, uint64_t room)
{
    int lo = 0, hi = s.rows > 0 ? s.rows : 10000000;
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        s.rows = mid;
        if (games_need(c, &s, threads) <= room)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* The claims that compute games of their own, side by side: the memory
 * of the `workers` largest beside the table. */
static uint64_t families_side_by_side_need(const check_options *o, const claim_def *const *claims, int n,
                                           int workers, uint64_t table_bytes)
{
    uint64_t *largest = xcalloc((size_t)(workers > 0 ? workers : 1), sizeof *largest, "the claims' memory");
    for (int i = 0; i < n; i++) {
        if (!runs_beside_others(claims[i]))
            continue;
        /* Each on one worker. */
        uint64_t g = games_need(claims[i], &o->sizes, 1);
        for (int k = 0; k < workers; k++)
            if (g > largest[k]) {
                uint64_t was = largest[k];
                largest[k] = g;
                g = was;
            }
    }
    uint64_t sum = table_bytes;
    for (int k = 0; k < workers; k++)
        sum = sat_add(sum, largest[k]);
    free(largest);
    return sum;
}

/* Refuses, with the estimate and the largest size that would fit, a run
 * that cannot finish in memory.  Returns 0 or -1 with a message; sets
 * *families to how many claims computing their own games may run side by
 * side (the workers, when their memory fits together; else 1). */
static int check_memory_fits(const check_options *o, const claim_def *const *claims, int n, int threads,
                             uint64_t *need_out, int *families, mem_budget *budget, char *err, int errlen)
{
    mem_budget_now(budget);
    char have[MEM_BYTES_TEXT], need[MEM_BYTES_TEXT];
    mem_format_bytes(budget->bytes, have, sizeof have);
    uint64_t table_bytes = 0, base = 0;
    if (sweeps_table(o, claims, n)) {
        base = table_need(o, o->bound, claims, n, &table_bytes);
        if (base > budget->bytes) {
            /* The need grows with the bound: the largest that fits by
             * bisection, in a few dozen steps whatever bound was asked. */
            int b = 1, hi = o->bound;
            uint64_t tb;
            while (b < hi) {
                int mid = b + (hi - b + 1) / 2;
                if (table_need(o, mid, claims, n, &tb) <= budget->bytes)
                    b = mid;
                else
                    hi = mid - 1;
            }
            mem_format_bytes(base, need, sizeof need);
            char who[64] = "";
            if (split_by_lanes(o))
                snprintf(who, sizeof who, " (rank %d's block of lanes)", o->ranks->rank);
            snprintf(err, (size_t)errlen,
                     "%d piles, bound %d: the table and the claims need about %s%s, more than the %s allowed by %s; "
                     "the largest bound that fits is %d",
                     o->piles, o->bound, need, who, have, budget->limit, b);
            return -1;
        }
    }
    uint64_t most = base;
    for (int i = 0; i < n; i++) {
        uint64_t g = sat_add(table_bytes, games_need(claims[i], &o->sizes, threads));
        if (g > budget->bytes) {
            mem_format_bytes(g, need, sizeof need);
            int rows = (claims[i]->sizes_used & CLAIM_USES_TO)
                           ? largest_rows(claims[i], o->sizes, threads, budget->bytes - table_bytes)
                           : 0;
            char tail[96] = "";
            if (rows > 0)
                snprintf(tail, sizeof tail, "; the largest --to that fits is %d", rows);
            else
                snprintf(tail, sizeof tail, "; lower --max-take or --m-to");
            snprintf(err, (size_t)errlen, "%s at these sizes needs up to %s, more than the %s allowed by %s%s",
                     claims[i]->id, need, have, budget->limit, tail);
            return -1;
        }
        most = g > most ? g : most;
    }
    *families = 1;
    uint64_t side = families_side_by_side_need(o, claims, n, threads, table_bytes);
    if (threads > 1 && side <= budget->bytes) {
        *families = threads;
        most = side > most ? side : most;
    }
    *need_out = most;
    return 0;
}

/* ---- checkpoints ---- */

/* What a run is, for telling its checkpoint from another run's: the
 * command, the claims, the sizes and the table's options (never the
 * threads, the output place or the progress, which change no result). */
static json_t *run_identity(const check_options *o, const claim_def *const *claims, int n, table_opts opts)
{
    json_t *ids = json_array();
    for (int i = 0; ids && i < n; i++)
        jx_append(ids, json_string(claims[i]->id));
    json_t *id = json_pack("{s:s, s:o, s:i, s:i, s:s, s:s, s:b, s:{s:i, s:i, s:i, s:i, s:I}, s:f}", "command",
                           o->command, "claims", ids, "piles", o->piles, "bound", o->bound, "kernel",
                           opts.kernel == KERNEL_FAST ? "runmax" : "moves", "table",
                           opts.format == FORMAT_PACKED ? "packed" : opts.format == FORMAT_WIDE ? "wide" : "wide64",
                           "takers", opts.last_mover, "sizes",
                           "max_take", o->sizes.max_take, "to", o->sizes.rows, "m_to", o->sizes.m_to,
                           "second_digits", o->sizes.second_digits, "positions", (json_int_t)o->sizes.positions,
                           "recheck", o->recheck);
    if (!id)
        die("out of memory describing the run");
    if (o->sizes.game)
        jx_set(id, "game_code", json_string(o->sizes.game));
    /* The rows of mismatches.csv depend on it. */
    jx_set(id, "max_mismatches", json_integer((json_int_t)(o->max_mismatches == CLAIM_KEEP_ALL ? -1
                                                                                              : (int64_t)o->max_mismatches)));
    /* A check without games.csv resumes without it, and one with it with
     * it (its rows so far are in the file); conj always writes it. */
    if (strcmp(o->command, "check") == 0 && o->games_csv)
        jx_set(id, "games_csv", json_true());
    /* The game and its options (Scoring Nim's checkpoints say nothing
     * more than they always did). */
    if (!is_default_game(o)) {
        json_t *options = jx_must(json_array());
        for (int i = 0; i < GAME_MAX_OPTIONS && o->game->options[i].name; i++)
            jx_append(options, o->game_option[i] ? json_string(o->game_option[i]) : json_null());
        jx_set(id, "game", json_string(o->game->name));
        jx_set(id, "game_options", options);
    }
    return id;
}

/* The run's state for the checkpoints and the claim hooks. */
typedef struct {
    const claim_def *const *claims;
    int n;
    progress *prog;
    results_games_sink *games;
    ckpt *ck;
    sweep *sweep;
    claim_report *reports;
    results_place *place;
    const value_table *table;   /* NULL: no table                       */
    const run_ranks *ranks;   /* NULL: this process alone             */
    bool split;              /* the sweep is split over the ranks    */
    FILE *human;             /* where the run's lines go             */
    /* Progress of the claims phase: each claim's weight (its estimated
     * cost; 0 unknown), and inside a claim that counts its own units (a
     * family's games) where the last chunk began and the total. */
    double *weight;
    int current;
    uint64_t within_base, within_total;
    const char *within_unit;
    /* The family whose chunks are being sized: the claim, when and at how
     * many games it began (family_chunk_games); the workers of all ranks. */
    int chunk_claim;
    double chunk_t0;
    uint64_t chunk_games0;
    int workers;
} run_state;

/* A claim's weight in the claims phase's progress, in seconds: a table
 * claim its estimate on the table (table_claim_seconds), a claim computing its own
 * games what it took at its default sizes (0 when unknown: the time left
 * then comes from the count of claims). */
static double claim_weight(const check_options *o, const claim_def *c, double cells)
{
    if (c->check)
        return table_claim_seconds(o, c, o->bound, cells);
    double s = own_claim_seconds(o, c);
    return s > 0 ? s : 0;
}

/* claim_ctx.progress: a claim says how far it has come. */
static void claim_moved(void *arg, uint64_t done, uint64_t total, const char *unit)
{
    run_state *rs = arg;
    rs->within_base = done;
    rs->within_total = total;
    rs->within_unit = unit;
    progress_within(rs->prog, rs->claims[rs->current]->id, done, total, unit);
}

/* claim_hooks.progress: claim i's own progress, side by side with others. */
static void claim_moved_at(void *arg, int i, uint64_t done, uint64_t total, const char *unit)
{
    run_state *rs = arg;
    progress_within(rs->prog, rs->claims[i]->id, done, total, unit);
}

/* jobs_runner.tick: games of the chunk done, from the primary thread. */
static void jobs_moved(void *arg, uint64_t done)
{
    run_state *rs = arg;
    if (rs->within_unit)
        progress_within(rs->prog, rs->claims[rs->current]->id, rs->within_base + done, rs->within_total,
                        rs->within_unit);
}

/* Messages that name a directory (up to 4096 bytes) whole. */
#define PATH_MESSAGE 8704

/* Whether a checkpoint is due: rank 0's clock decides, for every rank of
 * a split sweep (each writes its part). */
static bool checkpoint_due(run_state *rs)
{
    if (!rs->split)
        return ckpt_due(rs->ck);
    return ranks_agree(rs->ranks, ckpt_due(rs->ck)) != 0;
}

static void save_or_die(run_state *rs, ckpt_point *p)
{
    char err[PATH_MESSAGE];
    json_t *parts = NULL;
    if (rs->split) {
        /* Every rank's table file is on the disk before rank 0 writes the
         * header that names them all (the gather waits for them). */
        if (ckpt_save_table(rs->ck, p->sweep, err, sizeof err) != 0)
            die("%s; the run stopped with no verdict", err);
        parts = lanes_gather_json(rs->ranks, ckpt_table_entry(rs->ck));
        if (rs->ranks->rank != 0) {
            rs->ck->saves++;
            return;
        }
        p->parts = parts;
    }
    if (ckpt_save(rs->ck, p, err, sizeof err) != 0)
        die("%s; the run stopped with no verdict", err);
    json_decref(parts);
}

/* Before each claim: its progress line, and its id on the rows it streams. */
static void next_claim(void *arg, int i)
{
    run_state *rs = arg;
    double done = 0, total = 0;
    for (int k = 0; k < rs->n; k++) {
        total += rs->weight[k];
        done += k < i ? rs->weight[k] : 0;
    }
    /* Weights only when every claim has one; else the count of claims. */
    bool weighed = true;
    for (int k = 0; k < rs->n; k++)
        weighed = weighed && rs->weight[k] > 0;
    progress_claims(rs->prog, i, rs->n, weighed ? done : 0, weighed ? total : 0, rs->claims[i]->id);
    rs->current = i;
    rs->within_unit = NULL;
    rs->games->claim_id = rs->claims[i]->id;
}

/* After each claim: the ranks' reports of a split table merged on rank
 * 0, then a checkpoint when one is due. */
static void claim_finished(void *arg, int i)
{
    run_state *rs = arg;
    if (rs->table && rs->table->split.parts > 1 && rs->claims[i]->check)
        lanes_merge_report(rs->ranks, rs->table, rs->claims[i], &rs->reports[i]);
    if (!checkpoint_due(rs))
        return;
    ckpt_point p = {.sweep = rs->sweep, .claims_done = i + 1, .reports = rs->reports, .games = rs->place->games};
    save_or_die(rs, &p);
}

/* claim_ctx.chunk_games: chunks of a family short enough that a save
 * comes when the checkpoint line promised.  With checkpoints every T > 0
 * seconds a chunk lasts about T/2 at the rate of the family's games so far
 * (the first, one game a worker, measures it); without (or at every step,
 * T = 0) the claim's own chunk.  Under MPI rank 0's size is every rank's. */
static uint64_t family_chunk_games(void *arg, uint64_t games)
{
    run_state *rs = arg;
    double now = now_seconds(), every = rs->ck->every;
    if (rs->chunk_claim != rs->current || games < rs->chunk_games0) {
        rs->chunk_claim = rs->current;
        rs->chunk_t0 = now;
        rs->chunk_games0 = games;
    }
    uint64_t cap = UINT64_MAX;
    if (every > 0) {
        uint64_t done = games - rs->chunk_games0;
        double per = done ? (now - rs->chunk_t0) / (double)done : 0;
        double fit = per > 0 ? every / 2 / per : 0;
        cap = done == 0 || fit < rs->workers ? (uint64_t)rs->workers : fit > 1e9 ? 1000000000u : (uint64_t)fit;
    }
    if (rs->ranks && rs->ranks->size > 1)
        cap = (uint64_t)ranks_agree(rs->ranks, cap > INT_MAX ? INT_MAX : (int)cap);
    return cap;
}

/* After each chunk of a family's games: a checkpoint when one is due. */
static void family_chunk_done(void *arg, const claim_report *r, uint64_t games, const void *state, size_t bytes)
{
    run_state *rs = arg;
    if (!checkpoint_due(rs))
        return;
    int i = (int)(r - rs->reports);
    ckpt_point p = {.sweep = rs->sweep, .claims_done = i, .reports = rs->reports, .in_family = true,
                    .family_games = games, .family_state = state, .family_state_bytes = bytes,
                    .games = rs->place->games};
    save_or_die(rs, &p);
}

/* The sweep, layer by layer, with a checkpoint whenever one is due (in
 * one go when the run takes none). */
static void sweep_with_checkpoints(run_state *rs)
{
    if (rs->ck->every < 0) {
        sweep_run(rs->sweep, sweep_steps(rs->sweep));
        return;
    }
    while (sweep_done(rs->sweep) < sweep_steps(rs->sweep)) {
        sweep_run(rs->sweep, 1);
        if (sweep_done(rs->sweep) < sweep_steps(rs->sweep) && checkpoint_due(rs)) {
            ckpt_point p = {.sweep = rs->sweep, .reports = rs->reports, .games = rs->place->games};
            save_or_die(rs, &p);
        }
    }
}

/* The tables a claim builds, swept on the run's pinned workers. */
static void sweep_on_workers(void *arg, value_table *t)
{
    table_sweep(t, arg);
}

/* A status every rank reached together (a verdict, a refusal of the
 * command line): rank 0 reports it, and its exit status is the run's; the
 * other ranks end quietly, so that mpirun does not take their status for
 * a failure of their own and signal rank 0 before it has spoken.  A
 * rank's own failure is returned as it is, and mpirun stops the others. */
static int together(const check_options *o, int status)
{
    return !o->ranks || o->ranks->rank == 0 ? status : 0;
}

/* Rank 0 tells the other ranks of an MPI run how claiming the place went:
 * its status, the directory (where a split sweep's ranks write their
 * checkpoints) and the checkpoint it resumes. */
static void share_place(const run_ranks *r, int status, const char *dir, const ckpt_loaded *loaded)
{
    char *ck = loaded ? ckpt_loaded_text(loaded) : NULL;
    json_t *j = json_pack("{s:i, s:s, s:s?}", "status", status, "dir", dir, "checkpoint", ck);
    free(ck);
    char *text = j ? jx_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    if (!text)
        die("out of memory sharing the output place");
    size_t len = strlen(text);
    ranks_share(r, &text, &len);
    free(text);
}

static int receive_place(const run_ranks *r, ckpt_loaded *loaded, char *dir, size_t dirlen)
{
    char err[PATH_MESSAGE], *text = NULL;
    size_t len = 0;
    ranks_share(r, &text, &len);
    json_error_t je;
    json_t *j = json_loadb(text, len, 0, &je);
    free(text);
    if (!j)
        die("internal error: rank 0 shared an output place that does not read");
    int status = (int)json_integer_value(json_object_get(j, "status"));
    const char *d = json_string_value(json_object_get(j, "dir")), *ck = json_string_value(json_object_get(j, "checkpoint"));
    snprintf(dir, dirlen, "%s", d ? d : "");
    /* (Rank 0 said why it stopped.) */
    if (status == 0 && ck && ckpt_load_text(ck, loaded, err, sizeof err) != 0)
        die("%s", err);
    /* Rank 0 found no checkpoint to go on from. */
    loaded->from_start = ck == NULL;
    json_decref(j);
    return status;
}

/* Rank 0's part of claim_place. */
/* The last component of a path ("results/run1" -> "run1"). */
static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static int claim_place_lead(const check_options *o, const json_t *identity, int table_parts, results_place *place,
                            ckpt_loaded *loaded, time_t t0, const claim_def *const *claims, int n)
{
    char err[PATH_MESSAGE], stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", gmtime(&t0));
    int got = o->resume ? results_check_resumable(o->resume, err, sizeof err) : 0;
    if (o->resume && got == 0)
        got = ckpt_load(o->resume, identity, loaded, err, sizeof err);
    if (got != 0 && got != CKPT_NONE) {
        /* A directory that went away meanwhile: a concurrent --resume. */
        results_resume_gone(o->resume, err, sizeof err);
        print_error_line(stderr, err);
        return EXIT_USAGE;
    }
    /* Stopped before its first checkpoint was whole: nothing to go on
     * from, so the run starts again from the beginning in a new place
     * (that directory's leftovers removed below), rather than being
     * refused. */
    loaded->from_start = got == CKPT_NONE;
    bool restores = o->resume && !loaded->from_start;
    /* Every count of the reports range-checked before anything is taken. */
    if (restores && ckpt_check_reports(loaded, claims, n, &o->sizes, o->max_mismatches, err, sizeof err) != 0) {
        print_error_line(stderr, err);
        ckpt_loaded_free(loaded);
        return EXIT_USAGE;
    }
    /* A split sweep's table files are one a rank's block of lanes. */
    if (restores && ckpt_loaded_parts(loaded) != table_parts) {
        int had = ckpt_loaded_parts(loaded);
        char how[64] = "in one process (without mpirun, or mpirun -n 1)";
        if (had > 1)
            snprintf(how, sizeof how, "under mpirun -n %d", had);
        fprintf(stderr,
                "verifier: cannot resume from %s: its table was swept by %d process%s (a block of lanes each) and "
                "this run has %d; resume it %s\n",
                o->resume, had, had == 1 ? "" : "es", table_parts, how);
        ckpt_loaded_free(loaded);
        return EXIT_USAGE;
    }
    /* Resumed without --out: where the killed run was writing. */
    bool beside = o->resume && !o->out && loaded->place_name;
    if ((beside ? results_prepare_beside(place, o->resume, loaded->place_name, loaded->place_default,
                                         loaded->place_replace, err, sizeof err)
                : results_prepare(place, o->out, o->force, stamp, err, sizeof err)) != 0) {
        print_error_line(stderr, err);
        ckpt_loaded_free(loaded);
        return EXIT_USAGE;
    }
    /* Nothing in a directory without a checkpoint is worth keeping (a
     * header half written, rows of games not yet saved): it goes (unless
     * the cleaning of stale directories beside the new place took it). */
    if (o->resume && loaded->from_start) {
        guard_remove_results_dir(o->resume);
        return 0;
    }
    if (o->resume && results_adopt(place, o->resume, err, sizeof err) != 0) {
        print_error_line(stderr, err);
        results_abandon(place);
        ckpt_loaded_free(loaded);
        return EXIT_USAGE;
    }
    return 0;
}

/* Claims the output place; with --resume, takes over the killed run's
 * directory and its checkpoint (whose table must be in table_parts
 * files).  Under MPI the other ranks write nothing: they learn from rank
 * 0 the status, the directory (into dir) and the checkpoint.  Returns 0,
 * or an exit status. */
static int claim_place(const check_options *o, const json_t *identity, int table_parts, results_place *place,
                       ckpt_loaded *loaded, time_t t0, char *dir, size_t dirlen, const claim_def *const *claims,
                       int n)
{
    if (o->ranks && o->ranks->rank != 0)
        return receive_place(o->ranks, loaded, dir, dirlen);
    int rc = claim_place_lead(o, identity, table_parts, place, loaded, t0, claims, n);
    if (o->ranks && o->ranks->size > 1)
        share_place(o->ranks, rc, rc == 0 ? place->tmp_dir : "",
                    rc == 0 && o->resume && !loaded->from_start ? loaded : NULL);
    snprintf(dir, dirlen, "%s", rc == 0 ? place->tmp_dir : "");
    return rc;
}

/* Rows of the other ranks of an MPI run: rank 0 writes games.csv. */
static void drop_row(void *ctx, const claim_game_row *row)
{
    (void)ctx;
    (void)row;
}

static int execute_run(const check_options *o, run_guard *guard, const claim_def **claims, int n, bool with_table,
                       const game_desc *game, const char *claims_pattern, const expected_verdicts *expected);

/* Refuses a run in one line (said by rank 0), after its game is built. */
static int refuse_game(const check_options *o, game_desc *game, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int refuse_game(const check_options *o, game_desc *game, const char *fmt, ...)
{
    if (!o->ranks || o->ranks->rank == 0) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "verifier: ");
        vfprintf(stderr, fmt, ap);
        fprintf(stderr, "\n");
        va_end(ap);
    }
    o->game->destroy(game);
    return together(o, EXIT_USAGE);
}

/* Whether a file may be written at path: its directory is there and
 * writable.  0, or -1 with a reason. */
static int writable_beside(const char *path, char *err, int errlen)
{
    char *dir = xstrdup(path, "a path");
    char *slash = strrchr(dir, '/');
    const char *d = slash ? (slash == dir ? "/" : (*slash = '\0', dir)) : ".";
    int rc = access(d, W_OK | X_OK);
    if (rc != 0)
        snprintf(err, (size_t)errlen, "--write-expected %s: its directory %s cannot be written: %s", path, d,
                 strerror(errno));
    free(dir);
    return rc == 0 ? 0 : -1;
}

static int run_check_loaded(const check_options *given, const claim_def **claims, int n,
                            const expected_verdicts *expected, run_guard *guard);

int run_check(const check_options *given, run_guard *guard)
{
    char err[PATH_MESSAGE];
    const claim_def *claims[CLAIMS_MAX] = {0};
    check_options opt = *given;
    opt.rss_at_start = mem_peak_rss();
    const check_options *o = &opt;
    bool lead = !o->ranks || o->ranks->rank == 0;
    int n = select_run_claims(o, claims, err, sizeof err);
    /* (Every rank refuses the same command line; rank 0 says so.) */
    if (n >= 0 && !(opt.game = table_game(o, claims, n, err, sizeof err)))
        n = -1;
    if (n >= 0 && size_the_game(&opt, err, sizeof err) != 0)
        n = -1;
    if (n < 0 || check_options_fit(o, claims, n, err, sizeof err) != 0) {
        if (lead)
            print_error_line(stderr, err);
        return together(o, EXIT_USAGE);
    }
    /* The record to compare with is read, and the place of one to write
     * checked, before any work. */
    expected_verdicts expected = {0};
    /* --check-proofs: the checker is found before any work too. */
    char proofcheck[PROOFCHECK_PATH_MAX] = "";
    if ((o->expect && expected_load(&expected, o->expect, err, sizeof err) != 0) ||
        (o->write_expected && writable_beside(o->write_expected, err, sizeof err) != 0) ||
        (o->check_proofs && proofcheck_find(proofcheck, err, sizeof err) != 0)) {
        if (lead)
            say_error("%s: %s", o->command, err);
        return together(o, EXIT_USAGE);
    }
    opt.proofcheck = proofcheck;
    int rc = run_check_loaded(o, claims, n, o->expect ? &expected : NULL, guard);
    expected_free(&expected);
    return rc;
}

static int run_check_loaded(const check_options *given, const claim_def **claims, int n,
                            const expected_verdicts *expected, run_guard *guard)
{
    char err[PATH_MESSAGE];
    check_options opt = *given;
    const check_options *o = &opt;
    bool lead = !o->ranks || o->ranks->rank == 0;
    bool with_table = sweeps_table(o, claims, n);
    int nranks = o->ranks ? o->ranks->size : 1;
    /* The run's game, built once for the table (its description must
     * outlive the table); its options are refused here, before any work. */
    game_desc *game = with_table ? build_game(o, o->bound, err, sizeof err) : NULL;
    if (with_table && !game) {
        if (lead)
            say_error("%s: %s", o->command, err);
        return together(o, EXIT_USAGE);
    }
    if (with_table && !game->moves)
        return refuse_game(o, game,
                           "%s: this %s game has no ranked positions to sweep (its positions are keyed heaps, "
                           "computed on demand: gs and conj compute it)",
                           o->command, o->game->name);
    if (with_table && o->format_given && (game->kind != VALUE_MARGIN || o->game->one_lane))
        return refuse_game(o, game, "%s: --table chooses how bonus lanes are stored, and %s has none", o->command,
                           o->game->name);
    if (with_table && o->kernel_given && o->kernel == KERNEL_FAST && !game->fast)
        return refuse_game(o, game,
                           "%s: %s has no fast path (--kernel runmax is Scoring Nim's running maxima): it is "
                           "computed by the plain kernel",
                           o->command, o->game->name);
    if (with_table && split_by_layers(o)) {
        table_opts held = held_opts(o, claims, n, game, o->bound);
        const char *why = sweep_share_refusal(game, &held);
        if (why)
            return refuse_game(o, game, "%s cannot be swept by %d processes (%s): run it in one process",
                               o->game->name, nranks, why);
    }
    if (with_table && split_by_lanes(o) && nranks > sweep_window(o, o->bound).lanes)
        return refuse_game(o, game, "%d processes for %d bonus values: run at most one process a bonus value", nranks,
                           sweep_window(o, o->bound).lanes);
    /* What the results say was asked for: the --claims list, or the
     * game's own claims (every claim of Scoring Nim's paper, as it always has). */
    char of_game[128];
    table_claims_text(o->game, of_game, sizeof of_game);
    const char *pattern = n == 0 ? "none" : o->claims ? o->claims : of_game;
    int status = execute_run(o, guard, claims, n, with_table, game, pattern, expected);
    if (game)
        o->game->destroy(game);
    return status;
}

/* The run proper, once its claims and its game are settled. */
static int execute_run(const check_options *o, run_guard *guard, const claim_def **claims, int n, bool with_table,
                       const game_desc *game, const char *claims_pattern, const expected_verdicts *expected)
{
    double planned_from = now_seconds();
    /* With --json standard output holds one JSON document only: the
     * lines for people go to standard error. */
    FILE *human = o->json ? stderr : stdout;
    char err[PATH_MESSAGE];
    bool lead = !o->ranks || o->ranks->rank == 0;
    int nranks = o->ranks ? o->ranks->size : 1;
    pinning pin;
    if (guard_pinning_open(&pin, o->threads, err, sizeof err) != 0) {
        print_error_line(stderr, err);
        return EXIT_RUN_ERROR;
    }
    /* The team first: a runtime that cannot start its threads fails now,
     * and the budget below sees their stacks and arenas. */
    pinning_start(&pin);
    uint64_t need = 0;
    mem_budget budget;
    int families = 1;
    int fits = check_memory_fits(o, claims, n, pin.threads, &need, &families, &budget, err, sizeof err);
    if (fits != 0)
        print_error_line(stderr, err);
    /* Every rank checks its own memory; one that cannot hold its share
     * stops them all. */
    if ((o->ranks ? ranks_max(o->ranks, fits != 0) : fits != 0) != 0) {
        pinning_close(&pin);
        return together(o, EXIT_USAGE);
    }
    time_t t0 = time(NULL);
    results_run run = {.piles = o->piles, .bound = o->bound, .game = o->game,
                       .game_option = o->game_option,
                       .claims_pattern = claims_pattern,
                       .claims = claims, .nclaims = n, .sizes = o->sizes};
    strftime(run.started_utc, sizeof run.started_utc, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t0));
    table_opts topts = with_table ? held_opts(o, claims, n, game, o->bound) : (table_opts){0};
    json_t *identity = run_identity(o, claims, n, topts);
    results_place place;
    ckpt_loaded loaded;
    memset(&place, 0, sizeof place);
    memset(&loaded, 0, sizeof loaded);
    /* The directory every rank of a split sweep checkpoints into. */
    char dir[4096];
    int rc = claim_place(o, identity, with_table ? (split_by_lanes(o) ? nranks : 1) : 0, &place, &loaded, t0, dir,
                         sizeof dir, claims, n);
    if (rc != 0) {
        json_decref(identity);
        ckpt_loaded_free(&loaded);
        pinning_close(&pin);
        return together(o, rc);
    }
    if (lead)
        guard_set_partial(guard, place.tmp_dir);
    /* Family rows stream to games.csv as they come (after the rows a
     * resumed run had already written). */
    if (lead && o->games_csv &&
        results_stream_games(&place, o->resume && !loaded.from_start ? loaded.games_bytes : 0, err, sizeof err) != 0) {
        print_error_line(stderr, err);
        results_abandon(&place);
        guard_set_partial(guard, NULL);
        json_decref(identity);
        ckpt_loaded_free(&loaded);
        pinning_close(&pin);
        return EXIT_RUN_ERROR;
    }
    results_games_sink games = {.place = &place};
    /* Without games.csv (check without --games-csv) the rows go nowhere:
     * the summary names the undecided games. */
    claim_row_sink sink = {.row = lead && o->games_csv ? results_game_row : drop_row, .ctx = &games};
    value_table table;
    memset(&table, 0, sizeof table);
    int own_lo, own_hi;
    own_lanes(o, o->bound, &own_lo, &own_hi);
    int refused = with_table && table_create(&table, game, &topts, err, sizeof err) != 0;
    /* The whole window's limits refuse on every rank alike (rank 0 says
     * so); a rank's own memory refuses on that rank (it says so). */
    int anyone = o->ranks ? ranks_max(o->ranks, refused) : refused;
    int rank0 = o->ranks ? ranks_agree(o->ranks, refused) : refused;
    if (anyone) {
        if (refused && (lead || !rank0))
            print_error_line(stderr, err);
        results_abandon(&place);
        guard_set_partial(guard, NULL);
        json_decref(identity);
        ckpt_loaded_free(&loaded);
        pinning_close(&pin);
        table_free(&table);
        return together(o, EXIT_USAGE);
    }
    run.table = with_table ? &table : NULL;
    if (with_table && split_by_lanes(o))
        lanes_join(&table, o->ranks);
    /* Rank 0 checkpoints; under a split sweep every rank writes its own
     * table file beside rank 0's header. */
    bool split = with_table && split_by_lanes(o);
    ckpt ck;
    sweep *sweep = with_table ? sweep_begin(&table, &pin) : NULL;
    /* Every rank computes its part of each layer and holds the whole
     * table (rank 0 alone checkpoints it, as one process would). */
    if (with_table && split_by_layers(o))
        sweep_share_layers(sweep, &(sweep_share){.part = o->ranks->rank, .parts = nranks,
                                                 .gather = ranks_gather_all, .arg = (void *)o->ranks});
    /* A table whose values a checkpoint cannot hold (trees of choices)
     * takes none: said below, never saved half. */
    bool savable = !sweep || sweep_can_save(sweep);
    ckpt_init(&ck, lead || split ? dir : "", (lead || split) && savable ? o->checkpoint_every : -1, identity);
    if (lead)
        ckpt_set_place(&ck, place.default_name ? place.stamp : base_name(place.final_dir), place.default_name,
                       place.replace);
    if (split)
        ckpt_split(&ck, o->ranks->rank, nranks);
    ckpt_set_threads(&ck, pin.threads);
    ckpt_set_stretch(&ck, o->checkpoint_stretch);
    claim_report *reports = xcalloc((size_t)n, sizeof *reports, "the claim reports");
    for (int i = 0; i < n; i++) {
        claim_report_init(&reports[i], claims[i], run.table);
        claim_report_keep(&reports[i], o->max_mismatches);
    }
    if (o->resume && loaded.from_start)
        fprintf(human, "resumed: %s held no checkpoint (the run was stopped before its first was whole): started "
                       "again from the beginning, results into %s\n",
                o->resume, lead ? place.final_dir : dir);
    if (o->resume && !loaded.from_start) {
        if ((sweep && ckpt_load_table(dir, &loaded, split ? o->ranks->rank : 0, sweep, err, sizeof err) != 0) ||
            ckpt_load_reports(&loaded, reports, n, err, sizeof err) != 0)
            die("%s", err);
        ckpt_adopt(&ck, &loaded, sweep);
        /* Every rank has read rank 0's table before rank 0 may save over
         * it. */
        if (with_table && split_by_layers(o))
            ranks_max(o->ranks, 0);
        run.resumes = ck.resumes;
        fprintf(human, "resumed: %s, results into %s (", o->resume, lead ? place.final_dir : dir);
        if (sweep)
            fprintf(human, "%llu of %llu layers of the sweep, ", (unsigned long long)loaded.layers,
                   (unsigned long long)sweep_steps(sweep));
        fprintf(human, "%d of %d claims done", loaded.claims_done, n);
        if (loaded.in_family)
            fprintf(human, ", %llu games of %s", (unsigned long long)loaded.family_games, claims[loaded.claims_done]->id);
        fprintf(human, ")\n");
    }
    char need_text[MEM_BYTES_TEXT], have_text[MEM_BYTES_TEXT];
    /* The process itself (its code, libraries, the workers' stacks) beside
     * the work: what a peak resident size is measured against.  Where a
     * bound counts far more than a run usually takes, the estimate first. */
    char held_text[MEM_BYTES_TEXT], whole_text[MEM_BYTES_TEXT], likely_text[MEM_BYTES_TEXT];
    uint64_t held = o->rss_at_start, likely = likely_need(o, claims, n, pin.threads, need);
    mem_format_bytes(need, need_text, sizeof need_text);
    mem_format_bytes(held, held_text, sizeof held_text);
    mem_format_bytes(sat_add(need, held), whole_text, sizeof whole_text);
    mem_format_bytes(sat_add(likely, held), likely_text, sizeof likely_text);
    mem_format_bytes(budget.bytes, have_text, sizeof have_text);
    if (likely < need)
        fprintf(human, "memory: about %s (at most %s) of the %s allowed (%s), the process's %s included",
                likely_text, whole_text, have_text, budget.limit, held_text);
    else
        fprintf(human, "memory: up to %s of the %s allowed (%s): %s for the work beside the %s the process holds",
                whole_text, have_text, budget.limit, need_text, held_text);
    if (with_table && table.kind == VALUE_MARGIN)
        fprintf(human, "; %llu bytes a position%s", (unsigned long long)table_bytes_per_position(&table),
                table.opts.last_mover ? " with its last-stone flags" : "");
    fprintf(human, "\n");
    /* The claims computing their own games share the workers when they
     * run side by side (hooks.families below), else one after another. */
    print_time_estimate(human, o, claims, n, pin.threads, nranks > 1 ? 1 : families);
    print_busy_machine(human, pin.threads, pin.cores);
    if (with_table && split_by_lanes(o))
        fprintf(human, "ranks: %d processes, each with a block of about %d of the %d bonus values (MPI)\n", nranks,
               own_hi - own_lo, table.win.lanes);
    else if (with_table && split_by_layers(o))
        fprintf(human, "ranks: %d processes share each layer of the sweep, each holding the whole table (MPI)\n",
                nranks);
    bool any_family = false;
    for (int i = 0; i < n; i++)
        any_family = any_family || claims[i]->check_games;
    if (nranks > 1 && any_family)
        fprintf(human, "ranks: %d processes share each chunk of games (MPI)\n", nranks);
    if (ck.every >= 0) {
        fprintf(human, "checkpoints: every %.0f s%s into %s (a killed run resumes with --resume and that directory)\n",
               o->checkpoint_every, o->checkpoint_stretch ? " (or longer: saves take at most 5% of the run)" : "", place.tmp_dir);
        /* Where a save can come, and what the first one costs: it is
         * whole only once written. */
        char when[160] = "";
        if (sweep) {
            state_blob b[SWEEP_MAX_BLOBS];
            uint64_t bytes = 0;
            for (int k = 0, nb = sweep_state(sweep, b, SWEEP_MAX_BLOBS); k < nb; k++)
                bytes += b[k].bytes;
            char size[MEM_BYTES_TEXT];
            mem_format_bytes(bytes, size, sizeof size);
            snprintf(when, sizeof when, "between layers of the sweep (the first save writes the table, %s; later ones "
                                        "what changed), ", size);
        }
        fprintf(human, "checkpoints: saved %sbetween claims%s; a claim that is not a family saves only when it ends\n",
                when, any_family ? ", and between games of a family (its chunks sized to last about half that)" : "");
    }
    else if (!savable && lead)
        fprintf(human, "checkpoints: none (%s of %s grows as the sweep goes; a checkpoint cannot hold it)\n",
               table_noun(&table), o->game->name);
    /* A report that cannot be written is known now, not after the work. */
    if (fflush(stdout) != 0 || ferror(stdout) || fflush(human) != 0 || ferror(human)) {
        fprintf(stderr, "verifier: cannot write to standard output: %s\n", strerror(errno));
        die("the run stopped with no verdict");
    }
    progress prog;
    progress_init(&prog, o->progress);
    table.progress = progress_positions;
    table.progress_ctx = &prog;
    progress_phase(&prog, "sweep");
    run_state rs = {.claims = claims, .n = n, .prog = &prog, .games = &games, .ck = &ck, .sweep = sweep,
                    .chunk_claim = -1, .workers = pin.threads * nranks,
                    .reports = reports, .place = &place, .table = run.table, .ranks = o->ranks, .split = split,
                    .human = human};
    rs.weight = xcalloc((size_t)(n ? n : 1), sizeof *rs.weight, "the claims' weights");
    for (int i = 0; i < n; i++)
        rs.weight[i] = claim_weight(o, claims[i], (double)table.count * (table.win.lanes > 0 ? table.win.lanes : 1));
    double s0 = now_seconds();
    char sizes[64];
    if (with_table && table.kind == VALUE_MARGIN && !o->game->one_lane)
        fprintf(human, "sweep: %s%s%s: %llu positions x %d bonus values (|N| <= %lld, step 1/2), %d thread%s%s\n",
               is_default_game(o) ? "" : o->game->name, is_default_game(o) ? "" : ", ", game_sizes_text(o->game, o->piles, o->bound, sizes, sizeof sizes),
               (unsigned long long)table.count, table.win.lanes, (long long)(-table.win.mlo / 2), pin.threads,
               pin.threads == 1 ? "" : "s", split ? " a rank" : "");
    else if (with_table) {
        /* Positions that go one after another (by rank, or the retrograde
         * queue) run on one worker. */
        char workers[64] = "one worker (its positions go one after another)";
        if (game->layers != GAME_CYCLIC && game->layers != GAME_BY_RANK)
            snprintf(workers, sizeof workers, "%d thread%s", pin.threads, pin.threads == 1 ? "" : "s");
        fprintf(human, "sweep: %s, %s: %llu positions (%s values%s), %s\n", o->game->name,
               game_sizes_text(o->game, o->piles, o->bound, sizes, sizeof sizes), (unsigned long long)table.count, value_kind_name(table.kind),
               game->layers == GAME_CYCLIC ? ", by retrograde analysis" : "", workers);
    }
    if (with_table) {
        fflush(human);
        sweep_with_checkpoints(&rs);
    }
    double s1 = now_seconds();
    if (pin.warning[0])
        fprintf(stderr, "verifier: %s\n", pin.warning);
    jobs_runner jobs = {.ranks = nranks > 1 ? o->ranks : NULL, .pin = &pin, .tick = jobs_moved, .tick_arg = &rs};
    claim_ctx ctx = {.sizes = o->sizes, .sink = &sink, .recheck = o->recheck, .run_jobs = ranks_run_jobs,
                     .run_jobs_arg = &jobs, .family_step = family_chunk_done, .step_arg = &rs,
                     .chunk_games = family_chunk_games,
                     .sweep = sweep_on_workers, .sweep_arg = &pin, .progress = claim_moved, .progress_arg = &rs};
    int first = loaded.claims_done;
    if (loaded.in_family) {
        ctx.resume_games = loaded.family_games;
        ctx.resume_state = loaded.family_state;
        ctx.resume_bytes = loaded.family_state_bytes;
    }
    run.recheck = o->recheck;
    progress_phase(&prog, "claims");
    prog.start -= now_seconds() - s0; /* the run's time, for the 2-second rule */
    /* Table claims side by side on the workers, unless the table is split
     * over ranks (its claims meet the other ranks in claim order). */
    claim_hooks hooks = {.before = next_claim, .after = claim_finished, .arg = &rs,
                         .parallel = with_table && !split ? pin.threads : 1,
                         .families = nranks > 1 ? 1 : families, .progress = claim_moved_at};
    if (first < n && ctx.resume_state) {
        /* Only the family that was interrupted resumes mid-way. */
        run_claims(run.table, &ctx, claims, first, first + 1, reports, &hooks);
        ctx.resume_state = NULL;
        ctx.resume_games = 0;
        run_claims(run.table, &ctx, claims, first + 1, n, reports, &hooks);
    } else if (first < n) {
        /* The first claim with the others: run alone, it kept the claims
         * that compute small games of their own from running side by side
         * whenever it was one of them (the hr claims took the sum of their
         * times, not the longest). */
        run_claims(run.table, &ctx, claims, first, n, reports, &hooks);
    }
    progress_done(&prog);
    run.reports = reports;
    run.pin = &pin;
    run.plan_seconds = s0 - planned_from;
    run.sweep_seconds = s1 - s0;
    run.claims_seconds = now_seconds() - s1;
    run.checkpoints = ck.saves;
    /* Verdicts are printed only once the results directory is complete,
     * so a verdict status always comes with its results. */
    int status = exit_status(claims, reports, n, o->strict_readings);
    run.exit_status = status;
    run.strict_readings = o->strict_readings;
    run.games_csv = o->games_csv;
    run.ranks = nranks;
    /* What rank 0 writes that needs every lane (every rank takes part). */
    char table_sha[TABLE_SHA256_HEX];
    uint64_t row_ranks[REPORT_HTML_MAX_ROWS];
    int32_t *rows = NULL;
    if (with_table && split_by_lanes(o)) {
        lanes_table_sha256(o->ranks, &table, table_sha);
        run.table_sha = table_sha;
        run.nrows = report_html_row_ranks(o->game, &table, row_ranks, REPORT_HTML_MAX_ROWS);
        rows = xmalloc(xmul((size_t)(run.nrows ? run.nrows : 1), (size_t)table.win.lanes * sizeof *rows,
                                  "the report's rows"),
                          "the report's rows");
        table_rows_whole(&table, row_ranks, run.nrows, rows);
        run.row_ranks = row_ranks;
        run.rows = rows;
    }
    /* Each rank's peak memory so far (the writing adds little). */
    json_t *rss = o->ranks ? lanes_gather_json(o->ranks, json_integer((json_int_t)mem_peak_rss()))
                           : json_pack("[I]", (json_int_t)mem_peak_rss());
    uint64_t *peak = xcalloc((size_t)nranks, sizeof *peak, "the ranks' memory");
    for (int q = 0; rss && q < nranks; q++)
        peak[q] = (uint64_t)json_integer_value(json_array_get(rss, (size_t)q));
    json_decref(rss);
    run.peak_rss = peak;
    /* The --json document is built before the results take their name:
     * a failure after that can only be a write error. */
    char *verdicts = lead && o->json ? results_verdicts_text(place.final_dir, &run) : NULL;
    if (!lead) {
        /* Rank 0 writes and says what happened; its status is the run's. */
    } else if (results_write(&place, &run, guard, err, sizeof err) != 0) {
        print_error_line(stderr, err);
        status = EXIT_RUN_ERROR;
    } else {
        for (int i = 0; i < n; i++)
            print_report(human, claims[i], &reports[i], o->verbose);
        if (n == 0)
            fprintf(human, "no claim: the table of %s alone (its checksum in table.sha256)\n", o->game->name);
        print_summary(human, o, pin.threads, run.table, claims, reports, n, status);
        if (expected)
            expected_compare(human, expected, claims, reports, n);
        if (o->write_expected &&
            expected_write(o->write_expected, o->argv, o->argc, claims, reports, n, err, sizeof err) != 0) {
            fprintf(stderr, "verifier: results complete in %s; then: %s\n", place.final_dir, err);
            status = EXIT_RUN_ERROR;
        } else if (o->write_expected)
            fprintf(human, "expected: the verdicts written to %s\n", o->write_expected);
        if (with_table)
            fprintf(human, "results: %s (sweep %.1f s, claims %.1f s)\n", place.final_dir, run.sweep_seconds,
                   run.claims_seconds);
        else
            fprintf(human, "results: %s (claims %.1f s)\n", place.final_dir, run.claims_seconds);
        if (o->check_proofs && status != EXIT_RUN_ERROR) {
            if (proofcheck_run(o->proofcheck, place.final_dir, human, err, sizeof err) != 0) {
                print_error_line(stderr, err);
                status = EXIT_RUN_ERROR;
            }
        }
        if (verdicts && results_print_verdicts(stdout, verdicts, err, sizeof err) != 0) {
            fprintf(stderr, "verifier: results complete in %s; then: %s\n", place.final_dir, err);
            status = EXIT_RUN_ERROR;
        }
    }
    free(verdicts);
    for (int i = 0; i < n; i++)
        claim_report_free(&reports[i]);
    free(reports);
    free(rs.weight);
    free(rows);
    free(peak);
    sweep_end(sweep);
    ckpt_free(&ck);
    ckpt_loaded_free(&loaded);
    pinning_close(&pin);
    table_free(&table);
    return together(o, o->ranks ? ranks_agree(o->ranks, status) : status);
}
