/*
 * claim.h -- a claim of a paper as data, and the report it fills.
 *
 * A claim is an id, where it comes from, its statement in plain words,
 * the domain it is checked on, the names of its parts, and a check that
 * compares a finished payoff table (ground truth from the recursion)
 * against the claim's closed form.  A check reads the table only; it
 * knows nothing of threads, files or the command line.  It reports every
 * case it compared and every mismatch; the verdict is derived here:
 *
 *   HOLDS    every part had cases and no mismatch,
 *   FAILS    some part had a mismatch,
 *   EMPTY    no mismatch, but some part had no case at this bound
 *            (an empty domain never counts as holding),
 *   GARBLED  no mismatch, but some part's differences are all explained
 *            by damage to the text we read, or could not be decided
 *            (claim_not_refuted: a printed table whose extracted rows are
 *            displaced); not refuted, and never counted as holding.
 * Family sweeps (the periodicity conjectures) set their own verdict with
 * claim_set_family_status: CERTIFIED, OBSERVED or UNDECIDED; a mismatch
 * still makes the claim FAILS.
 *
 * A statement the paper lets be read two ways is one claim whose parts
 * are its readings (claim_def.readings), each checked in full: it HOLDS
 * when some reading holds (the report names which), FAILS when none
 * holds and some reading fails, and is EMPTY otherwise.  The readings'
 * own statuses and mismatches are reported as they are, part by part.
 */
#ifndef CLAIM_H
#define CLAIM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/engine/table.h"
#include "proofs/printed_table.h"

#define CLAIM_MAX_PARTS 12
/* Mismatches kept in full per claim (listed in mismatches.csv); all of
 * them are counted, and the count says how many were not listed.  A
 * Scoring Nim claim keeps the first ones by position rank, then whether
 * the mismatch names an N, then N, then part (then the order found):
 * an order that does not depend on how the lanes were split, so the
 * blocks of a split table keep theirs and the merge keeps the same ones
 * as one whole table.  A claim without a table keeps the first ones in
 * the order its check found them. */
#define CLAIM_KEEP_MISMATCHES 1000
/* claim_report_keep's "every one" (--max-mismatches all): the list grows
 * as mismatches come (and running out of memory stops the run). */
#define CLAIM_KEEP_ALL (UINT64_MAX / 4)

typedef enum {
    CLAIM_HOLDS,
    CLAIM_FAILS,
    CLAIM_EMPTY,
    CLAIM_CERTIFIED,  /* a finite argument proves it (periodicity certificate) */
    CLAIM_OBSERVED,   /* seen on all the data, not proved                        */
    CLAIM_UNDECIDED,  /* the search ran out before deciding                     */
    CLAIM_GARBLED,    /* not refuted: every difference explained by damage to the
                         text we read, or undecided                              */
    CLAIM_NSTATUS
} claim_status;

/* How far the evidence of an erratum of a paper reaches (errata.md lists
 * each with its grade and the evidence in one line; docs/claims.md,
 * "Errata and their grades"):
 *   CERTAIN   no damage of the text we read can produce it: a sentence, a
 *             printed cell whose text the extraction cannot make, a cell
 *             the table prints wrongly twice;
 *   PROBABLE  it rests on a stated assumption about the extraction (a
 *             printed symbol the extraction cannot have created);
 *   WORDING   a sentence false as printed where the paper itself (a table
 *             beside it, its proof) shows what was meant: listed with the
 *             correction.
 * NONE: not graded by the check; a statement's mismatch then takes its
 * claim's grade (claim_def.erratum). */
typedef enum { CLAIM_GRADE_NONE, CLAIM_GRADE_CERTAIN, CLAIM_GRADE_PROBABLE, CLAIM_GRADE_WORDING } claim_grade;

/* Texts are owned by the report (copied in, whole: no length limit). */
typedef struct {
    int part;
    char *where;       /* position as text (games without a Nim table), or NULL */
    char *note;        /* witness as text, when where is used, or NULL          */
    uint64_t rank;     /* position the mismatch is at                  */
    int M;             /* 2N; the bonus of the mismatch                */
    bool has_lane;     /* false for statements about no single N       */
    uint64_t seq;      /* order found, among the report's mismatches   */
    char *expected;
    char *actual;
    claim_grade grade;   /* its own grade (a printed cell's), or NONE    */
    char *evidence;      /* why that grade, one line, or NULL            */
    char *command;       /* a verifier command whose output shows the
                            computed fact (`verifier value ...`), or NULL */
    char *shows;         /* a text that command's output holds, or NULL  */
} claim_mismatch;

typedef struct {
    char *key;
    char *value;
} claim_finding;

/* One analysed game of a family sweep (a row of games.csv).  The texts
 * belong to whoever fills the row. */
typedef struct {
    const char *game, *points, *sum;
    int m;
    int preperiod, period;    /* -1: none                            */
    const char *status;
    const char *note;
} claim_game_row;

/* Where the rows of a family go: the command line streams them to
 * games.csv as they come (so memory does not grow with the family);
 * without a sink the report keeps them (tests). */
typedef struct {
    void (*row)(void *ctx, const claim_game_row *row);
    void *ctx;
} claim_row_sink;

/* One line of the per-largest-take table of a family (preperiods.csv). */
typedef struct {
    int k;
    uint64_t games;
    uint64_t count[CLAIM_NSTATUS];   /* games by their status          */
    int worst_pre;                   /* -1: no preperiod known         */
    int worst_m, worst_period;
    char *worst_game, *worst_points, *worst_sum;
} claim_per_k;

/* A data series a claim leaves beside its results (`name`.dat: its
 * title and column names as comment lines, then one row of text a line,
 * columns apart by spaces): a sequence a figure draws, say.  Texts are
 * owned by the report. */
typedef struct {
    char *name;       /* the file's stem: [a-z0-9-], unique in a run  */
    char *title;      /* what it is, one line                          */
    char *columns;    /* the columns' names, apart by spaces           */
    char **rows;
    uint64_t nrows, cap;
} claim_series;

/* A proof a claim leaves written out (docs/proofs.md): one certificate a
 * proved case (a k, a game), a text an independent checker
 * (proofcheck/) re-proves from the rules it holds as data.  `name` is the
 * file's stem under certificates/<claim id>/ ([a-z0-9-], unique in the
 * claim).  Texts are owned by the report. */
typedef struct {
    char *name;
    char *text;
    size_t len, cap;   /* the text's length and room (claim_certificate_append) */
} claim_certificate;

/* A printed table as a claim read it, for report.html to draw: each cell
 * as printed (where its place in the printed line is certain, else NULL),
 * its computed value, and how it was read (printed_table.h).  Texts are
 * owned by the report. */
typedef struct {
    int part;
    char *title;
    int rows, cols;
    char **row_label, **col_label;
    char **printed;        /* rows x cols */
    char **computed;       /* rows x cols */
    unsigned char *how;    /* rows x cols: a ptable_class */
} claim_grid;

/* The sizes of a claim that computes its own games, as the command line
 * gives them (0: the claim's default; each claim says what they mean in
 * its sizes_help, and which it reads in sizes_used). */
typedef struct {
    int max_take;   /* --max-take: the largest take (k, K, M)      */
    int rows;       /* --to: how far (rows, piles)                 */
    int m_to;       /* --m-to: a second heap m = 0..m_to           */
    int second_digits; /* --second-digits (0: default; -1: none)   */
    long positions; /* --positions: positions a game may memoise   */
    const char *game; /* conj --game: only the family's games of this
                         code (NULL: every game)                      */
    bool keyed_store; /* breaking games on the keyed memo alone, the
                         reference store (benchmarks and tests; the
                         results are the same either way)             */
} claim_sizes;

typedef struct {
    const char *claim_id;   /* the claim's id (claim_def.id)              */
    const value_table *table;
    char **row_text;        /* kept rows' texts (no sink), 4 a row      */
    claim_game_row *rows;   /* kept rows (no sink)                      */
    int nrows, rows_cap;
    uint64_t rows_streamed; /* rows that went to the sink               */
    int nparts;
    uint64_t cases[CLAIM_MAX_PARTS];
    uint64_t mismatches[CLAIM_MAX_PARTS];
    /* Cases that neither hold nor fail (claim_not_refuted): differences
     * that damage to the text we read explains, and cases that could not
     * be decided.  Either makes a part GARBLED when it has no mismatch. */
    uint64_t explained[CLAIM_MAX_PARTS];
    uint64_t undecided[CLAIM_MAX_PARTS];
    claim_mismatch *kept;   /* the first `keep` (see CLAIM_KEEP_MISMATCHES) */
    int nkept, kept_cap;
    int last;               /* the mismatch just recorded in kept, or -1 (only counted) */
    uint64_t keep;          /* how many are kept in full (claim_report_keep) */
    /* A table claim that has settled on `keep` mismatches: the last one
     * kept (its key: rank, has_lane, M, part).  A mismatch found later
     * that does not come before it can never be kept, so it is only
     * counted, and its texts need not be built. */
    bool horizon_set;
    claim_mismatch horizon;
    uint64_t found;         /* mismatches found so far (their seq)      */
    claim_finding *findings; /* every one, in order                     */
    int nfindings, findings_cap;
    claim_per_k *per_k;     /* family sweeps: one line per largest take */
    int nper_k;
    uint64_t rechecked;     /* certificates checked again (families)    */
    bool has_family_status;
    claim_status family_status;
    bool readings;    /* the parts are readings (claim_def.readings) */
    claim_series *series;   /* data series, in the order made           */
    int nseries;
    claim_grid *grids;      /* printed tables as read, in the order made */
    int ngrids;
    claim_certificate *certificates;  /* the proofs written out, in order   */
    int ncertificates;
    double seconds;   /* time the check took (filled by the runner) */
    /* The sizes a larger run would take (the next step a finding
     * suggests), so that the runner can say what it would cost in time
     * and memory (claim_suggest_next); has_next false: none suggested. */
    bool has_next;
    claim_sizes next;
    /* How many times this run's time the next step takes at most, where
     * the claim knows how its work grows (0: not known; the runner then
     * scales by claim_def.work, or does not estimate it). */
    double next_factor;
} claim_report;

/* A chunk of independent jobs (the games of a family) that a claim hands
 * to the runner, which spreads them over its workers and, under MPI, its
 * ranks: n jobs of `size` bytes each from `jobs`.  analyse computes one
 * job in place, from any worker, with that worker's own scratch (made by
 * scratch_new on its first job, freed by scratch_free at the end; both
 * may be NULL: no scratch).  Afterwards every job's results are on every
 * rank: result_bytes (known from a job's input alone, the same on every
 * rank), result_pack and result_unpack move them. */
typedef struct {
    void *jobs;
    int n;
    size_t size;
    void (*analyse)(void *job, void *scratch);
    void *(*scratch_new)(void);
    void (*scratch_free)(void *scratch);
    size_t (*result_bytes)(const void *job);
    void (*result_pack)(const void *job, unsigned char *out);
    void (*result_unpack)(void *job, const unsigned char *in);
} claim_jobs;


/* What a check that computes its own games gets: sizes, where its rows
 * go, the fraction of certificates to check again, and who analyses its
 * games (the claim itself knows nothing of threads or processes). */
typedef struct {
    claim_sizes sizes;
    const claim_row_sink *sink;   /* NULL: rows kept in the report */
    double recheck;               /* 0..1                          */
    /* Analyses a chunk of a family's games, every job back analysed in
     * place (the runner's: over the pinned workers, and over processes
     * under MPI). */
    void (*run_jobs)(void *arg, const claim_jobs *jobs);
    void *run_jobs_arg;
    /* Saving a family between chunks of games (NULL: never): called after
     * each chunk with the games done so far and the family's own state
     * (opaque bytes); the report holds the rest. */
    void (*family_step)(void *arg, const claim_report *r, uint64_t games, const void *state, size_t bytes);
    void *step_arg;
    /* How many games the next chunk may hold, with `games` done (NULL:
     * the claim's own chunk): the runner keeps chunks short enough that a
     * save between them comes when it promised (step_arg). */
    uint64_t (*chunk_games)(void *arg, uint64_t games);
    /* Resuming a family: the games done and the state saved with them
     * (resume_state NULL: from the first game). */
    uint64_t resume_games;
    const void *resume_state;
    size_t resume_bytes;
    /* Sweeps a table a claim built (the runner's: on its pinned workers);
     * NULL: the claim sweeps it on the calling thread (claim_sweep). */
    void (*sweep)(void *arg, value_table *t);
    void *sweep_arg;
    /* How far a long claim has come: done of total `unit` (total 0: not
     * known); NULL: nobody asks (claim_progress). */
    void (*progress)(void *arg, uint64_t done, uint64_t total, const char *unit);
    void *progress_arg;
} claim_ctx;

/* What kind of truth a claim's verdict is, which `verifier list`,
 * report.html and errata.md say of every claim. */
typedef enum {
    CLAIM_SWEPT,               /* checked on a bounded domain: true there, nothing more */
    CLAIM_WHOLE,               /* a finite statement (a printed table), checked whole    */
    CLAIM_WHOLE_PER_K,         /* finite for each k (named positions below k+3 chips),
                                * checked whole for each k of the domain, no larger k   */
    CLAIM_EVERY_SIZE,          /* proved for every pile size, per k, by a certificate    */
    CLAIM_PARTLY_EVERY_SIZE,   /* some parts or k proved for every size, the rest swept  */
    CLAIM_PER_GAME,            /* a family: each game's period certified, or observed    */
    CLAIM_EVERY_SIZE_BY_SHIFT, /* proved for every pile size: the sizes beyond those
                                * checked play as one checked (compared), by the
                                * move bound (argument in docs/claims.md)            */
    CLAIM_EVERY_POSITION,      /* proved for every position of any number of piles, per
                                * game, by flips checked on every pile and an induction  */
    CLAIM_BY_THEOREM,          /* proved for every size by a theorem its finding names
                                * (and why it applies), checked on a bounded domain too */
} claim_truth;

/* The kind in words, one line ("proved for every pile size, per k, ..."). */
const char *claim_truth_text(claim_truth t);
/* The same in a few words ("proved for every size"). */
const char *claim_truth_short(claim_truth t);

typedef struct claim_def {
    const char *id;
    const char *game;       /* the game it speaks of (core/games/registry.h) */
    const char *source;     /* paper, section and item                */
    const char *statement;  /* the claim in plain words               */
    const char *domain;     /* where it is checked                    */
    claim_truth truth;      /* what kind of truth its verdict is (default: swept) */
    const char *parts[CLAIM_MAX_PARTS + 1];  /* NULL-terminated names  */
    /* The parts are readings of one statement (see above), not parts of
     * it: the claim holds when one of them does. */
    bool readings;
    /* A reading of a sentence that is not the paper's intent (a strict or
     * literal reading, kept because a reader may take the sentence that
     * way): reading_of names the claim of the intended reading, and
     * reading_why says why this one is expected to fail.  Its verdict is
     * reported with its witnesses, but sets the exit status only with
     * --strict-readings (claim_counts). */
    const char *reading_of;
    const char *reading_why;
    /* What an erratum of this claim is, when it FAILS (claim_erratum): its
     * grade (NONE: CERTAIN for a statement; a printed table grades each
     * cell), the evidence for a WORDING grade and the correction; `same_as`
     * names the claim whose oversight this one repeats for other cases
     * (listed under it, "also for"); `argument` marks a step of a proof or
     * a strategy's rules whose result holds (the erratum says so). */
    struct {
        claim_grade grade;
        const char *evidence;
        const char *correction;
        const char *same_as;
        const char *argument;   /* the result that holds, in words, or NULL */
    } erratum;
    /* Exactly one of these: a check on the table of its game, swept by
     * the runner, or a check that computes its own games (Stewart's
     * families). */
    void (*check)(const value_table *t, claim_report *r);
    void (*check_games)(const claim_ctx *ctx, claim_report *r);
    const char *sizes_help;  /* check_games: what the sizes mean, defaults */
    /* Optional: whether sizes given on the command line are the claim's
     * defaults all the same (its time measured at its defaults then
     * estimates the run). */
    bool (*sizes_are_default)(const claim_sizes *s);
    /* Optional: the claim's work at sizes s, in units of its own (a
     * family: its games, each weighted by what its analysis costs), so
     * that its seconds measured at its defaults estimate a run at any
     * sizes: seconds(s) = seconds(defaults) * work(s) / work(defaults)
     * (docs/performance.md says how close that comes). */
    double (*work)(const claim_sizes *s);
    /* Optional: a family that can run the games of one code alone (conj
     * --game): whether `code` reads as one; false with a reason. */
    bool (*reads_game_code)(const char *code, char *err, int errlen);
    int max_take_limit;      /* largest --max-take accepted (0: sizes unused) */
    int to_limit;            /* largest --to accepted (0: the option's own) */
    unsigned sizes_used;     /* CLAIM_USES_*: the sizes the check reads        */
    bool needs_takers;       /* reads who takes the last stone (table.h) */
    /* Scoring Nim checks: time a (position, lane) on one core, in ns, as
     * measured at 3 piles and bound 300 (summary.json's per-claim
     * seconds over the cells; 0: under 0.01), for the time estimate
     * printed before a run and to start the costliest claims first. */
    double cost_ns;
    /* Most bytes the check allocates, so that a run that cannot finish in
     * memory is refused before any work: beyond the table for a Scoring
     * Nim check (NULL: nothing worth counting), in all for the others
     * (NULL: a fixed, small computation, counted as CLAIM_FIXED_BYTES).
     * `bound` is the largest pile of the sweep. */
    uint64_t (*scratch_bytes)(uint64_t positions, int lanes, int bound);
    uint64_t (*games_bytes)(const claim_sizes *sizes, int threads);
    /* Optional, beside games_bytes: the bytes a run usually takes, where
     * the bound counts far more than the games reach (a breaking family's
     * memo counts every multiset of heaps); printed as the estimate, while
     * the bound still refuses a run that might not fit. */
    uint64_t (*games_bytes_likely)(const claim_sizes *sizes, int threads);
    /* A check that saves its place in a family of games (a checkpoint in
     * the middle of it): whether a checkpoint's count of games done and
     * the size of its saved state fit the family at these sizes, asked
     * before a killed run's directory is taken over.  NULL: the check
     * never saves its place. */
    bool (*resume_fits)(const claim_sizes *sizes, uint64_t games, size_t state_bytes);
    /* A check that computes its own games and hands them to ctx->run_jobs
     * (spread over the runner's workers and ranks), saving its place with
     * ctx->family_step and streaming rows to ctx->sink: it runs alone, on
     * every worker.  The other checks that compute their own games run
     * one a worker, several side by side (ctx->sweep then NULL: their
     * tables are swept on the worker's own thread). */
    bool spreads_games;
} claim_def;

/* What a fixed computation (a claim that computes its own games, of
 * fixed sizes, with no games_bytes) is counted as before a run: every
 * such claim of the registry stays well below it (the whole Huibers
 * suite, 53 claims, peaks at 22 MB resident, measured). */
#define CLAIM_FIXED_BYTES ((uint64_t)64 << 20)

/* Which sizes a claim reads (claim_def.sizes_used); the others are
 * refused when given. */
enum { CLAIM_USES_MAX_TAKE = 1, CLAIM_USES_TO = 2, CLAIM_USES_M_TO = 4, CLAIM_USES_SECOND_DIGITS = 8, CLAIM_USES_POSITIONS = 16 };

/* Whether a claim's verdict sets the run's exit status: always, but for a
 * reading (claim_def.reading_of) only when strict readings count. */
static inline bool claim_counts(const claim_def *c, bool strict_readings)
{
    return !c->reading_of || strict_readings;
}

/* Report life cycle. */
int claim_report_init(claim_report *r, const claim_def *c, const value_table *t);
/* Keeps the first `keep` mismatches in full (CLAIM_KEEP_MISMATCHES when
 * not called; CLAIM_KEEP_ALL: every one), before any is found. */
void claim_report_keep(claim_report *r, uint64_t keep);
/* Room for n kept mismatches (a report read back from a checkpoint). */
void claim_report_reserve(claim_report *r, int n);
void claim_report_free(claim_report *r);
claim_status claim_part_status(const claim_report *r, int part);
claim_status claim_verdict(const claim_report *r);
/* The first reading that holds (a claim of readings), or -1. */
int claim_reading_that_holds(const claim_report *r);
/* The finding of an UNDECIDED claim that no finite run can decide (its
 * games are never certified and cannot fail): a larger run adds repeats
 * seen, never a decision; and whether a report has it. */
#define CLAIM_FINDING_UNDECIDABLE "no finite run decides"
bool claim_undecidable(const claim_report *r);
const char *claim_status_name(claim_status s);

/* Called by checks. */
void claim_cases(claim_report *r, int part, uint64_t n);
void claim_mismatch_values(claim_report *r, int part, uint64_t rank, int M, int64_t expected2,
                           int64_t actual2);
void claim_mismatch_text(claim_report *r, int part, uint64_t rank, int M, bool has_lane,
                         const char *expected, const char *actual);
void claim_set_family_status(claim_report *r, claim_status s);
/* Cases of a part that are not refuted: `explained` differences that
 * damage to the text we read explains (a displaced row of a printed
 * table), `undecided` ones that could not be decided.  They count among
 * the part's cases (claim_cases) too. */
void claim_not_refuted(claim_report *r, int part, uint64_t explained, uint64_t undecided);

/* Puts the kept mismatches in their order and drops those beyond
 * r->keep (counted all the same); the runner calls it when
 * a check is done, before anything reads `kept`. */
void claim_report_settle(claim_report *r);
/* Adds src's counts to dst and moves its kept mismatches (in src's
 * order, after dst's) and findings (after dst's) over; src keeps its
 * counts.  How the reports of the blocks of a split table become one. */
void claim_report_absorb(claim_report *dst, claim_report *src);
/* Whether a kept mismatch comes before another (the order above). */
bool claim_mismatch_before(const claim_mismatch *a, const claim_mismatch *b);

/* Whether a mismatch found now would be kept in full: a check that builds
 * texts for its mismatches builds them only then, and counts the others
 * with claim_mismatch_count (so a wrong statement with millions of
 * mismatches costs no more than a right one). */
bool claim_keeps_mismatch(const claim_report *r);
/* The same for a table claim's mismatch at (part, rank, M): false when it
 * comes after every one of the `keep` already kept. */
bool claim_keeps_mismatch_at(const claim_report *r, int part, uint64_t rank, int M, bool has_lane);
void claim_mismatch_count(claim_report *r, int part);

/* Gives the mismatch just recorded its own grade and evidence (a printed
 * cell's), or the command that shows its computed fact and a text that
 * command's output holds; nothing when it was only counted. */
void claim_mismatch_grade(claim_report *r, claim_grade grade, const char *evidence);
void claim_mismatch_replay(claim_report *r, const char *command, const char *shows);
/* The grade of a kept mismatch of claim c: its own, else its claim's. */
claim_grade claim_mismatch_grade_of(const claim_def *c, const claim_mismatch *m);
const char *claim_grade_name(claim_grade g);

/* A mismatch at a position named in text (no Nim table). */
void claim_mismatch_at(claim_report *r, int part, const char *where, const char *expected, const char *actual,
                       const char *note);
/* Makes an already counted mismatch at a position named in text (no Nim
 * table) the claim's first, where every output reads "the first
 * mismatch" (a family's smallest counterexample, found after others):
 * moved to the front when kept, else put there in place of the last
 * kept (the list keeps its length, the count is unchanged). */
void claim_mismatch_first(claim_report *r, int part, const char *where, const char *expected, const char *actual,
                          const char *note);
/* One game row: to the sink when there is one, else kept (copied). */
void claim_game_emit(claim_report *r, const claim_row_sink *sink, const claim_game_row *row);

/* A new data series of the report (name and texts copied); returns its
 * index for claim_series_row. */
int claim_series_new(claim_report *r, const char *name, const char *title, const char *columns);
/* Appends a row (a formatted line, whole). */
void claim_series_row(claim_report *r, int series, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Adds a certificate to the report (texts copied; a name of another
 * shape, or one the report has already, stops the run). */
void claim_certificate_add(claim_report *r, const char *name, const char *text);
/* Appends text to the certificate `name`, made empty first if the report
 * has none (a certificate written a line at a time, as a family's games
 * are judged). */
void claim_certificate_append(claim_report *r, const char *name, const char *text);
/* Replaces the text of certificate `name` by head, its text, then tail
 * (when keep), or removes it (when not): a certificate written a line at
 * a time gets its header once the verdict is known, or goes. */
void claim_certificate_finish(claim_report *r, const char *name, bool keep, const char *head, const char *tail);

/* A new printed-table grid of the report (texts copied; cells empty
 * until claim_grid_cell); returns its index. */
int claim_grid_new(claim_report *r, int part, const char *title, int rows, int cols, char *const *row_label,
                   char *const *col_label);
/* Sets cell (i, j) of grid g: printed may be NULL (no certain place). */
void claim_grid_cell(claim_report *r, int g, int i, int j, const char *printed, const char *computed,
                     ptable_class how);

/* Tells the runner how far the claim has come (nothing without ctx). */
void claim_progress(const claim_ctx *ctx, uint64_t done, uint64_t total, const char *unit);

/* Sweeps t as ctx says (the runner's workers), or on this thread. */
void claim_sweep(const claim_ctx *ctx, value_table *t);

/* The per-k line of largest take k (added, in increasing k, when new). */
claim_per_k *claim_per_k_at(claim_report *r, int k);
/* Sets the game attaining a line's worst preperiod (texts copied). */
void claim_per_k_worst(claim_per_k *line, int pre, int m, int period, const char *game, const char *points,
                       const char *sum);

void claim_finding_add(claim_report *r, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Records the sizes of the next step a finding suggests (the runner
 * estimates its time and memory; claim_report.next), and how many times
 * this run's time it takes at most (0: not known). */
void claim_suggest_next(claim_report *r, const claim_sizes *next, double factor);

/* A formatted text of any length (free it with free()). */
char *claim_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *claim_vprintf(const char *fmt, va_list ap);

/* A text built a piece at a time (a certificate, its listing of values):
 * memory running out stops the run, so the text is never cut short.
 * claim_text_close returns it (to free). */
typedef struct {
    FILE *f;
    char *text;
    size_t len;
} claim_text;
void claim_text_open(claim_text *t);
void claim_text_add(claim_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *claim_text_close(claim_text *t);
/* The SHA-256 of a text: 64 lower-case hexadecimal digits and a nul. */
void claim_sha256_hex(const char *text, char hex[65]);

/* VALUE_MATRIX: a probability num/den read as 64-bit integers, for a
 * check whose games are of fixed sizes (every value fits; a value that
 * does not stops the run with its position, never a verdict). */
void claim_probability64(const value_table *t, uint64_t rank, int64_t *num, int64_t *den);

/* A doubled value 2v written exactly, as every output writes N and f:
 * 7 -> "7/2", -4 -> "-2". */
void claim_format_half(int64_t twice, char *buf, int len);
/* The same as an exact decimal ("3.5"), for data files a plotting
 * program reads as numbers. */
void claim_format_half_decimal(int64_t twice, char *buf, int len);

/* The registry (registry.c). */
extern const claim_def *const claim_registry[];
int claim_registry_count(void);
const claim_def *claim_find(const char *id);

/* A closed form a paper states, drawn beside computed values (`plot
 * --overlay`, the paper's figures in report.html): den times its value
 * at N = M/den for the position piles[0..n), k its parameter (F_k; 0 for
 * a form without one); false where it says nothing of the position (the
 * very functions its claims check, not copies of them). */
typedef struct {
    const char *name;     /* --overlay: "thm-6.3", or "F" written F_k   */
    bool takes_k;         /* a parameter k >= 1, written name_k         */
    const char *legend;   /* plot's column and legend ("%d": k)         */
    const char *column;   /* a figure's data column ("%d": k)           */
    const char *key;      /* a figure's legend ("%d": k)                */
    bool bold;            /* the paper's own line, drawn bold; else dashed */
    const char *where;    /* the positions it speaks of (plot refuses others), NULL: all */
    bool (*value)(int k, const int *piles, int n, int64_t M, int64_t den, int64_t *out);
} paper_form;

/* A figure of a paper: one position of its game over the paper's window
 * of N, with forms drawn beside it (forms[form] at parameter k). */
typedef struct {
    int piles[4];
    int n;
    const char *id, *title;
    int lo, hi;
    struct {
        int form, k;
    } overlay[2];
    int noverlays;
} paper_figure;

/* What report.html shows of a paper's claims besides each claim: nothing
 * more, a summary table (each claim's first mismatch or what its table
 * differs in), or a table of everything each claim found. */
typedef enum { PAPER_REPORT_CLAIMS, PAPER_REPORT_SUMMARY, PAPER_REPORT_FINDINGS } paper_report;

/* A paper whose claims the registry holds: the prefix of their ids
 * ("rn" for rn/...), how to cite it, its name in a sentence, the
 * notation its witnesses use where the paper's own needs a key (NULL
 * where none does), its section of report.html, and the test that feeds
 * each of its claims that compute their own games a wrong statement (a
 * claim that reads a table is fed one by tests/test_claims.c). */
typedef struct {
    const char *prefix;
    const char *citation;
    const char *name;
    const char *notation;
    paper_report report;
    const char *test;
    /* The game its figures and forms speak of, its closed forms (ending
     * with name NULL) and its figures (ending with id NULL); NULL: none. */
    const char *game;
    const paper_form *forms;
    const paper_figure *figures;
} claim_paper;
/* The papers, in the registry's order; NULL-terminated. */
extern const claim_paper *const claim_papers[];
/* The paper of a claim id, or NULL. */
const claim_paper *claim_paper_of(const char *id);

#endif
