/*
 * results.h -- the results directory of a `check` or `conj` run.
 *
 * Files (format documented in results/README.md):
 *   summary.json    configuration, versions, table checksum, per-claim
 *                   status, cases, findings; a "run" object with what
 *                   depends on the machine and the moment (threads,
 *                   binding, times)
 *   mismatches.csv  claim, part, position, N, expected, actual, witness
 *   games.csv       per game of a family sweep: claim, game, points, sum,
 *                   m, preperiod, period, status, note (streamed while
 *                   the families run)
 *   preperiods.csv  per family and largest take: games by status, the
 *                   worst preperiod and the game attaining it
 *   table.sha256    checksum of the whole payoff table (when one was built)
 *   report.html     the same as one page to open, with figures
 *                   (report_html.h)
 * Everything outside summary.json's "run" object is byte-identical for
 * any thread count.
 *
 * Nothing is half-written and nothing is replaced:
 *   - before any work, the place is checked (the name is free, not even a
 *     dangling symbolic link; the parent is a writable directory; the
 *     name fits) and a private temporary directory
 *     `.partial-<pid>@<host>-XXXXXX` is created beside it;
 *   - files are written there with every write checked, then fsync'ed
 *     with the directory, and the directory is renamed into place with
 *     RENAME_NOREPLACE: a directory that appeared under that name in the
 *     meantime is never replaced (the results are kept beside it and the
 *     run ends with an error);
 *   - default names are results/<UTC time>, then -2, -3, ... for runs
 *     started in the same second: each rename either takes a free name or
 *     tries the next one, so concurrent runs never collide;
 *   - results/latest is replaced through a per-run temporary link;
 *   - partial directories of processes of this host that no longer run
 *     (killed with SIGKILL, a power loss) are removed by the next run in
 *     the same place and by `verifier clean`, except those holding a
 *     checkpoint (checkpoint.h), which wait for --resume (`clean` removes
 *     them too).
 */
#ifndef RESULTS_H
#define RESULTS_H

#include <stdbool.h>
#include <stdio.h>

#include "core/engine/table.h"
#include "core/engine/pinning.h"
#include "core/games/registry.h"
#include "proofs/claim.h"
#include "verifier/base/guard.h"
#include "verifier/output/mismatch_text.h"
#include "verifier/output/run_record.h"

/* The longest path a results directory may have (NUL not counted: one
 * less).  Below PATH_MAX (4096) by room for what is added to it: the
 * partial directory's ".partial-<pid>@<host>-XXXXXX" beside it, a default
 * name's "-<counter>", ".kept-<pid>", and the files inside (figures/...).
 * Every buffer of results_place holds it whole: a longer path is refused,
 * never cut. */
#define RESULTS_PATH_MAX 3800

typedef struct {
    char final_dir[4096];   /* where the results end up (for a default
                               name: the first candidate, until written) */
    char tmp_dir[4096];     /* where they are written first            */
    char parent[4096];      /* the directory holding both              */
    char latest_link[4096]; /* results/latest, or "" for --out runs    */
    char stamp[64];         /* default names: the UTC time             */
    bool default_name;
    /* --force: final_dir holds an earlier run's results, replaced only
     * once the new ones are complete. */
    bool replace;
    FILE *games;            /* games.csv while rows stream in, or NULL */
} results_place;

/* The sink that streams a family's rows to games.csv (proofs/claim.h):
 * the runner sets claim_id before each claim. */
typedef struct {
    results_place *place;
    const char *claim_id;
} results_games_sink;



/* Finished results in dir (directories of a run's summary.json, or of a
 * nightly run's junit.xml): those older than older_than seconds (< 0: any
 * age) beyond the `keep` newest (< 0: none kept for their rank) are
 * removed, never the one dir/latest points at.  Adds to *removed and
 * *bytes; returns 0, or -1 with a reason when dir cannot be read. */
int results_clean_finished(const char *dir, double older_than, int keep, int *removed, uint64_t *bytes, char *err,
                           int errlen);

/* Checks and claims the output place: `out` when given (it must not
 * exist, in any form; with force it may be an earlier run's results
 * directory, which the new results replace once complete), else
 * results/<stamp>/ with results/latest.  Removes stale partial
 * directories beside it and creates the temporary directory.  Returns 0,
 * or -1 with a one-line reason. */
int results_prepare(results_place *place, const char *out, bool force, const char *stamp, char *err, int errlen);

/* Opens games.csv in the temporary directory for rows that stream in
 * through results_game_row (a claim_row_sink's row function, its ctx a
 * results_games_sink); resume_at > 0: a resumed run's games.csv, cut to
 * that length and continued.  Returns 0 or -1 with a reason. */
int results_stream_games(results_place *place, uint64_t resume_at, char *err, int errlen);
void results_game_row(void *sink, const claim_game_row *row);

/* Writes every file into the temporary directory and moves it into
 * place (with `guard` locked, when given, so a signal cannot cut the
 * move in half).  Returns 0, or -1 with a reason; when the results are
 * complete but could not be put in place, the reason says where they
 * were kept. */
int results_write(results_place *place, const results_run *run, run_guard *guard, char *err, int errlen);

/* The run's verdicts as one JSON document (`check --json`): the results
 * directory, the exit status, the totals and each claim as in
 * summary.json; built before the results are put in place, so that
 * nothing after them needs memory (out of memory: die).  Free it. */
char *results_verdicts_text(const char *dir, const results_run *run);
/* Prints that text on f.  Returns 0, or -1 with a reason. */
int results_print_verdicts(FILE *f, const char *text, char *err, int errlen);

/* results_prepare for a run resumed without --out: the results go where
 * the killed run was writing, beside its partial directory `partial`
 * (the checkpoint's place: a name, or a default name's UTC time). */
int results_prepare_beside(results_place *place, const char *partial, const char *name, bool default_name,
                           bool replace, char *err, int errlen);

/* Removes the temporary directory of a run that will not be written
 * (kept when it holds a checkpoint). */
void results_abandon(results_place *place);

/* Whether `dir` is the partial directory of a run of this host that no
 * longer runs (so it may be resumed).  Returns 0, or -1 with a reason
 * (room for a path of 4096 bytes). */
int results_check_resumable(const char *dir, char *err, int errlen);
/* 0 while `dir` exists; else -1 with why it is gone: another process
 * took it over (naming it, when it left its mark), or it was removed. */
int results_resume_gone(const char *dir, char *err, int errlen);

/* Takes a killed run's partial directory `dir` (beside the output place,
 * and past results_check_resumable) as this run's temporary directory.
 * Returns 0, or -1 with a reason (room for a path of 4096 bytes). */
int results_adopt(results_place *place, const char *dir, char *err, int errlen);

/* Removes the partial directories in `dir` left by processes of this
 * host that no longer run (those holding a checkpoint only when
 * resumable_too); counts them in *removed. */
void results_clean_stale(const char *dir, bool resumable_too, int *removed);



#endif
