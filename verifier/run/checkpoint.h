/*
 * checkpoint.h -- saving a run between steps so that a killed run can be
 * resumed (`--resume DIR`) to results byte-identical to an uninterrupted
 * run.
 *
 * A checkpoint lives in the run's partial results directory (results.h),
 * which a run keeps whenever it holds one (SIGKILL, SIGINT, SIGTERM, out
 * of memory, a write error).  Two kinds of file:
 *   table-<gen>.bin   the sweep's state between layers (sweep.h,
 *                     sweep_state) as a chain of segments, the first
 *                     whole, each later one what changed since the one
 *                     before (table_chain.h);
 *                     a sweep split over R ranks by lanes (lanes.h) has
 *                     one a rank, table-<gen>.r<rank>.bin, each written
 *                     by its rank into the same (shared) directory, and
 *                     resumes under R ranks only;
 *   checkpoint.json   what the run is (its identity: command, claims,
 *                     sizes, table options, verifier version), how far it
 *                     got (layers of the sweep; claims finished, with
 *                     their reports; the family in progress: games done,
 *                     its state, the length of games.csv at that point),
 *                     and the name, size and SHA-256 of each segment of
 *                     the table's chain.
 * Every file is written under a temporary name, synced and renamed into
 * place; checkpoint.json goes last and the table file it replaces is
 * removed after it, so a kill at any moment (inside a write included)
 * leaves the previous checkpoint whole.  A checkpoint whose identity,
 * format, sizes or checksum disagree is refused with one line.
 */
#ifndef CHECKPOINT_H
#define CHECKPOINT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/engine/sweep.h"
#include "core/engine/table.h"
#include "proofs/claim.h"
#include "verifier/run/table_chain.h"

/* Between checkpoints by default (a minute of work is what a kill may
 * lose), stretched so that checkpoints take at most 5% of the run: after
 * a save of t seconds, the next waits for at least CKPT_STRETCH t
 * (docs/checkpoints.md measures what a save costs). */
#define CKPT_DEFAULT_EVERY 60.0
#define CKPT_STRETCH 19.0

typedef struct {
    char dir[4096];        /* the partial results directory            */
    double every;          /* seconds between saves; < 0: never        */
    double last;           /* monotonic time of the last save (or start) */
    json_t *identity;      /* owned                                    */
    table_chain chain;     /* the sweep's state saved so far           */
    uint64_t table_layers; /* the layers it holds                      */
    uint64_t table_bytes;  /* the state's size                         */
    unsigned saves;        /* checkpoints written by this process      */
    bool stretch;          /* the default interval: stretched (ckpt_due) */
    double last_cost;      /* seconds the last save took                */
    double cost_so_far;    /* of the save under way (its table apart)   */
    int threads;           /* for hashing and compressing the table    */
    unsigned resumes;      /* times the run was resumed before now     */
    int part, parts;       /* this rank's table of a split sweep, of how
                              many (1: the table is whole)              */
    /* Where the results go (ckpt_set_place): the final directory's name
     * beside the partial one, whether it is a default name (results/
     * <UTC time>, with latest), and whether it replaces an earlier run's
     * results (--force).  NULL: not said. */
    char *place_name;
    bool place_default, place_replace;
} ckpt;

/* Where a run stands when it is saved. */
typedef struct {
    sweep *sweep;                 /* NULL: no Scoring Nim table     */
    int claims_done;                 /* reports[0 .. claims_done) final */
    const claim_report *reports;
    /* The family in progress (claim index claims_done), if any. */
    bool in_family;
    uint64_t family_games;
    const void *family_state;
    size_t family_state_bytes;
    FILE *games;                     /* games.csv, flushed and synced  */
    /* A split sweep: every rank's table file (ckpt_table_entry), in rank
     * order, each already written by its rank (NULL: the table is whole). */
    json_t *parts;
} ckpt_point;

/* What a checkpoint gave back on resume. */
typedef struct {
    json_t *header;                  /* owned                          */
    uint64_t layers;
    int claims_done;
    bool in_family;
    uint64_t family_games;
    void *family_state;              /* owned                          */
    size_t family_state_bytes;
    uint64_t games_bytes;            /* games.csv's length             */
    unsigned resumes;                /* times this run was resumed before */
    /* Where the run was writing (ckpt_set_place; place_name points into
     * the header, NULL when the checkpoint does not say). */
    const char *place_name;
    bool place_default, place_replace;
    /* The directory held no checkpoint (its run was stopped before the
     * first was whole): the run starts again from the beginning. */
    bool from_start;
} ckpt_loaded;

/* "0" (at every step), "90" or "90s", "10m", "2h", "never". */
int ckpt_parse_duration(const char *s, double *seconds, char *err, int errlen);

/* Starts checkpointing into `dir` (takes the identity). */
void ckpt_init(ckpt *c, const char *dir, double every, json_t *identity);
void ckpt_free(ckpt *c);
/* Records where the results go, for a resume without --out. */
void ckpt_set_place(ckpt *c, const char *name, bool default_name, bool replace);
bool ckpt_due(const ckpt *c);
/* Stretches the interval so that checkpoints take at most 5% of the run
 * (the default interval; one given on the command line is kept). */
void ckpt_set_stretch(ckpt *c, bool stretch);
/* The threads a save may use (the run's workers, idle meanwhile). */
void ckpt_set_threads(ckpt *c, int threads);

/* Writes a checkpoint of `p` (the table file only when the sweep moved
 * since the last one).  Returns 0, or -1 with a reason. */
int ckpt_save(ckpt *c, const ckpt_point *p, char *err, int errlen);

/* A split sweep's checkpoint: each rank writes its table file (when the
 * sweep moved since its last one) and describes it; rank 0 then saves the
 * header with every rank's description (ckpt_point.parts). */
void ckpt_split(ckpt *c, int part, int parts);
int ckpt_save_table(ckpt *c, sweep *sweep, char *err, int errlen);
json_t *ckpt_table_entry(const ckpt *c);
/* How many table files a loaded checkpoint holds: 0 (no table), 1, or
 * the ranks of a split sweep. */
int ckpt_loaded_parts(const ckpt_loaded *l);

/* Reads the checkpoint of `dir` and checks it against `identity`.
 * Returns 0; CKPT_NONE when the directory holds none (a run stopped before
 * its first checkpoint was whole: the header is written last), with the
 * reason in err; or -1 with a one-line reason (corrupt, another run's,
 * another version's). */
#define CKPT_NONE 1
int ckpt_load(const char *dir, const json_t *identity, ckpt_loaded *out, char *err, int errlen);
/* Loads the sweep's state saved with `loaded` into `sweep` (same table;
 * part: the rank of a split sweep, else 0). */
int ckpt_load_table(const char *dir, const ckpt_loaded *loaded, int part, sweep *sweep, char *err, int errlen);
/* Range-checks the checkpoint's reports against this run's claims (each
 * parsed into a trial report, as many as the run has, a mismatch counted
 * only with one kept) and a family's place against that family, before
 * the directory is taken over.  Returns 0, or -1 with a reason. */
int ckpt_check_reports(const ckpt_loaded *loaded, const claim_def *const *claims, int n, const claim_sizes *sizes,
                       uint64_t keep, char *err, int errlen);
/* Fills reports[0 .. claims_done] (the last one: the family in progress,
 * when there is one) from the checkpoint; the reports are initialised. */
int ckpt_load_reports(const ckpt_loaded *loaded, claim_report *reports, int n, char *err, int errlen);
void ckpt_loaded_free(ckpt_loaded *l);
/* The loaded header as text, and back (how rank 0 hands a checkpoint to
 * the other ranks of an MPI run). */
char *ckpt_loaded_text(const ckpt_loaded *l);
int ckpt_load_text(const char *text, ckpt_loaded *out, char *err, int errlen);
/* Carries the table's chain of a loaded checkpoint over to `c` (its
 * part's, ckpt_split first), with the hashes of `sweep`'s state as loaded
 * (ckpt_load_table), so that the next save appends only what changed. */
void ckpt_adopt(ckpt *c, const ckpt_loaded *l, sweep *sweep);

/* A claim's report as JSON, and back into an initialised report (-1 when
 * the JSON does not have its shape); also how the ranks of a split
 * sweep send their reports to rank 0. */
json_t *ckpt_report_json(const claim_report *r);
int ckpt_report_from_json(claim_report *r, const json_t *j);

#endif
