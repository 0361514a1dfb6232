/*
 * results.h -- the results directory of a `check` run.
 *
 * Files (format documented in results/README.md):
 *   summary.json    configuration, versions, table checksum, per-claim
 *                   status, cases, findings; a "run" object with what
 *                   depends on the machine and the moment (threads,
 *                   binding, times)
 *   mismatches.csv  claim, part, position, N, expected, actual, witness
 *   games.csv       per game of a family sweep: claim, game, points, sum,
 *                   m, preperiod, period, status, note
 *   table.sha256    checksum of the whole payoff table (when one was built)
 * Everything outside summary.json's "run" object is byte-identical for
 * any thread count.
 *
 * Nothing is half-written: files go to a fresh temporary directory beside
 * the target, which is renamed into place only when complete.
 */
#ifndef SN_RESULTS_H
#define SN_RESULTS_H

#include "../core/payoff.h"
#include "../core/pinning.h"
#include "../proofs/claim.h"

typedef struct {
    char final_dir[4096];   /* where the results end up                */
    char tmp_dir[4096];     /* where they are written first            */
    char latest_link[4096]; /* results/latest, or "" for --out runs    */
} results_place;

typedef struct {
    int piles, bound;
    const char *claims_pattern;
    const claim_def *const *claims;
    const claim_report *reports;
    int nclaims;
    const sn_table *table;       /* NULL when no Scoring Nim claim ran  */
    st_sizes sizes;              /* sizes given for the Stewart sweeps  */
    const sn_pinning *pin;       /* NULL: no "run" binding info         */
    double sweep_seconds, claims_seconds;
    char started_utc[32];
} results_run;

/* Chooses and claims the output place: `out` when given (it must not
 * exist yet), else results/<UTC timestamp>/ with results/latest.  Creates
 * the temporary directory.  Returns 0, or -1 with a one-line reason. */
int results_prepare(results_place *place, const char *out, const char *stamp, char *err, int errlen);

/* Writes every file into the temporary directory, then moves it into
 * place.  Returns 0, or -1 with a reason (the temporary is removed). */
int results_write(results_place *place, const results_run *run, char *err, int errlen);

/* Removes the temporary directory of a run that will not be written. */
void results_abandon(results_place *place);

/* The witness of a mismatch: an optimal line from the position at M. */
void results_witness(const sn_table *t, uint64_t rank, int M, char *buf, int len);

#endif
