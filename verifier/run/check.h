/*
 * check.h -- the `check`, `conj` and `value` commands: size the run and
 * refuse what cannot finish in memory, claim the output place, build the
 * table, run the sweep on pinned workers, run the selected claims, write
 * the results, report.
 *
 * Exit statuses (README.md, `verifier --help`):
 *   0  every selected claim HOLDS or is CERTIFIED
 *   1  some claim FAILS
 *   2  usage or input error, or a size that cannot finish in memory:
 *      one line on stderr, nothing computed, nothing written
 *   3  nothing fails, but some claim is EMPTY, OBSERVED or UNDECIDED
 *   4  the run stopped before a verdict: out of memory, a write error, a
 *      signal, a runtime failure (EXIT_RUN_ERROR); no results written
 *      (complete results that could not be put in place are kept, and the
 *      message says where; a partial directory holding a checkpoint is
 *      kept for --resume)
 */
#ifndef CHECK_H
#define CHECK_H

#include "core/engine/table.h"
#include "core/engine/xalloc.h"
#include "core/games/registry.h"
#include "proofs/claim.h"
#include "verifier/base/guard.h"
#include "verifier/run/ranks.h"

/* EXIT_RUN_ERROR (4) is the engine's (xalloc.h). */
enum { EXIT_HOLDS = 0, EXIT_FAILS = 1, EXIT_USAGE = 2, EXIT_INCONCLUSIVE = 3 };

typedef struct {
    const char *command; /* "check" or "conj", for messages           */
    /* The game whose table is swept: --game (NULL: the game of the
     * selected claims, Scoring Nim by default) and its own options. */
    const game_entry *game;
    const char *game_option[GAME_MAX_OPTIONS];
    int piles, bound;    /* the sweep's positions; 0 when not given   */
    /* comma-separated shell patterns, "none" (the sweep alone), or NULL:
     * the claims of --game, else Scoring Nim's (os) */
    const char *claims;
    int threads;         /* 0: OMP_NUM_THREADS or one per core        */
    /* The process's peak resident bytes as the run began (run_check sets
     * it): its code and libraries, which a peak counts beside the work. */
    uint64_t rss_at_start;
    const char *out;     /* NULL: results/<timestamp>/                */
    claim_sizes sizes;      /* Stewart sweeps; 0 fields: defaults        */
    unsigned sizes_given; /* CLAIM_USES_* bits of the sizes on the command line */
    table_kernel kernel;    /* --kernel: runmax (default) or moves       */
    lane_format format;    /* --table: packed (default) or wide         */
    bool kernel_given, format_given;
    int progress;        /* 0 when stderr is a terminal, 1 --progress, -1 --quiet */
    double recheck;      /* --recheck: fraction of certificates checked twice */
    double checkpoint_every; /* --checkpoint-every, seconds; < 0: never */
    /* No --checkpoint-every: the default interval, stretched so that
     * checkpoints take at most 5% of the run (checkpoint.h). */
    bool checkpoint_stretch;
    const char *resume;  /* --resume DIR: a killed run's partial directory */
    const run_ranks *ranks; /* the run's processes (ranks.h); NULL: this one */
    /* --strict-readings: the strict and literal readings of the papers'
     * sentences (claim_def.reading_of) set the exit status like claims. */
    bool strict_readings;
    /* --force: --out may name an earlier run's results, replaced once the
     * new ones are complete. */
    bool force;
    /* --check-proofs: the independent checker (build/proofcheck) re-proves
     * every certificate the run wrote; a refusal ends the run with
     * EXIT_RUN_ERROR, its results kept. */
    bool check_proofs;
    const char *proofcheck; /* its path, found by run_check before any work */
    /* --json: the verdicts as one JSON document on standard output
     * (results_print_verdicts), the lines for people on standard error. */
    bool json;
    bool verbose;        /* each claim's parts and findings after its line */
    bool games_csv;      /* check --games-csv: a row a game of every family */
    /* --max-mismatches: the mismatches of a claim listed in full in
     * mismatches.csv (CLAIM_KEEP_ALL: every one); all are counted. */
    uint64_t max_mismatches;
    /* --expect FILE: compare the verdicts with a committed record
     * (expected.h); --write-expected FILE: write this run's as one.  The
     * record keeps the command line's words (argv[0..argc), "check"
     * first). */
    const char *expect, *write_expected;
    int argc;
    const char *const *argv;
} check_options;

/* select_claims_in (claim_select.h) over the registry of every claim. */
int select_claims(const char *patterns, const claim_def **out, char *err, int errlen);

/* Called before and after each claim with arg and the claim's index
 * (either may be NULL). */
typedef struct {
    void (*before)(void *arg, int i);
    void (*after)(void *arg, int i);
    void *arg;
    /* > 1: claims on the table that come one after another run that many
     * at a time on the run's workers (each its own report; before is
     * called as each starts, one at a time; after in claim order once
     * they are all done).  Never for a table split over ranks, whose
     * claims meet the other ranks in order. */
    int parallel;
    /* > 1: the same for claims that compute their own games and do not
     * spread them (claim_def.spreads_games false): that many at a time,
     * each on one worker, when their memory side by side fits. */
    int families;
    /* How far claim i has come (claim_progress), for claims side by side
     * (called one at a time); NULL: their progress is not shown. */
    void (*progress)(void *arg, int i, uint64_t done, uint64_t total, const char *unit);
} claim_hooks;

/* Runs the checks of claims[first .. n), in order: Scoring Nim claims on
 * the finished table t, the others with ctx (hooks may be NULL). */
void run_claims(const value_table *t, const claim_ctx *ctx, const claim_def *const *claims, int first, int n,
                claim_report *reports, const claim_hooks *hooks);

int run_check(const check_options *o, run_guard *guard);

/* Estimated seconds of `check --piles P --bound B --claims PATTERNS` on
 * `threads` workers (the rates of docs/performance.md, each claim's
 * measured seconds): the sweep, the table claims and the claims that
 * compute their own games; PATTERNS NULL: the default claims, those that
 * read the default game's table; 0 when nothing selected is estimated. */
double check_estimate_seconds(int piles, int bound, const char *patterns, int threads);

/* Estimated seconds of claim c (one that computes its own games) at
 * sizes z on 2 cores, as a run prints it before the work: its measured
 * seconds scaled by its work (claim_def.work); -1 when not estimated. */
double check_claim_estimate_seconds(const claim_def *c, const claim_sizes *z);

#endif
