/*
 * run_record.h -- what a `check` or `conj` run produced, as the writers
 * of its results read it (results.h, report_html.h): the configuration,
 * the claims and their reports, the table, and the run's machine facts.
 */
#ifndef RUN_RECORD_H
#define RUN_RECORD_H

#include <stdint.h>

#include "core/engine/pinning.h"
#include "core/engine/table.h"
#include "core/games/registry.h"
#include "proofs/claim.h"

typedef struct {
    int piles, bound;
    const game_entry *game;      /* the table's game (NULL: no table)   */
    const char *const *game_option; /* its options, as given          */
    const char *claims_pattern;
    const claim_def *const *claims;
    const claim_report *reports;
    int nclaims;
    const value_table *table;       /* NULL when no Scoring Nim claim ran  */
    claim_sizes sizes;              /* sizes given for the Stewart sweeps  */
    const pinning *pin;       /* NULL: no "run" binding info         */
    /* Where the time went: planning (memory, the output place, the
     * table), the sweep, the claims, and writing every file but
     * summary.json (measured by results_write). */
    double plan_seconds, sweep_seconds, claims_seconds, output_seconds;
    double recheck;              /* fraction of certificates checked twice */
    unsigned resumes;            /* times resumed from a checkpoint        */
    unsigned checkpoints;        /* checkpoints this process wrote         */
    int ranks;                   /* processes of the run (MPI), 1 alone    */
    /* A table split over the ranks by blocks of lanes: the whole table's
     * checksum, and the whole rows the report draws (report_html.h), as
     * rank 0 gathered them (NULL: read from `table`). */
    const char *table_sha;
    /* Each rank's peak resident memory, in bytes, in rank order (one
     * entry alone); NULL: not measured. */
    const uint64_t *peak_rss;
    const uint64_t *row_ranks;
    const int32_t *rows;         /* nrows rows of table->win.lanes      */
    int nrows;
    char started_utc[32];
    /* --strict-readings, and the exit status the run ends with. */
    bool strict_readings;
    int exit_status;
    /* games.csv written (conj always; check with --games-csv). */
    bool games_csv;
} results_run;

#endif
