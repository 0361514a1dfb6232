/*
 * octal_family.h -- the period of one scoring octal game, and many games
 * analysed at once on the pinned workers.
 *
 * A job names O (the heap n), optionally P (the heap m, m = 0..M; without
 * P, m is always 0), a row budget and an optional target period T.  For a
 * game that never breaks a heap the rows are grown until a window repeat
 * certifies periodicity (CERTIFIED, exact preperiod and least period per
 * m) or the budget runs out (UNDECIDED).  For a breaking game P is played
 * under O's rules (the position is the multiset {n, m}) and the period is
 * read off rows 0..budget-1 (OBSERVED, or UNDECIDED).  With T > 0 the job
 * also finds, per m, the smallest n with G_s(n + T +_l m) != G_s(n +_l m):
 * exact for all n when certified, within the rows otherwise.
 *
 * Jobs are independent: whoever runs a family spreads them over workers
 * (a game knows nothing of threads), and the results do not depend on
 * the thread count.
 */
#ifndef OCTAL_FAMILY_H
#define OCTAL_FAMILY_H

#include <stddef.h>

#include "core/games/scoring_octal/octal.h"

#define OG_MAX_M 32

typedef enum { OG_CERTIFIED, OG_OBSERVED, OG_UNDECIDED, OG_ERROR } og_kind;

/* Where a breaking game's values are kept: OG_STORE_AUTO, the ranked
 * store (rank_memo.h) whenever its array is no larger than the keyed memo
 * likely is, else the keyed memo (memo.h); or either one always (the
 * keyed memo is the reference tests and benchmarks compare with). */
typedef enum { OG_STORE_AUTO, OG_STORE_KEYED, OG_STORE_RANKED } og_store;

typedef struct {
    /* input */
    og_rules O, P;
    bool has_sum;
    int M;            /* 0..OG_MAX_M                                  */
    int budget;       /* rows at most                                 */
    int target;       /* T for the violation search, 0 for none       */
    uint64_t max_positions; /* breaking games: stop growing n once the memo
                               holds more positions (0: no limit)       */
    og_store store;   /* breaking games' memo (same results either way) */
    int cert_window;  /* rows of a certificate window; 0: the largest take
                         (anything less is wrong: tests use it to break
                         certificates on purpose)                      */
    /* output */
    og_kind kind;
    int rows_used;
    bool capped;      /* stopped by max_positions before the budget    */
    int64_t scale;
    int pre[OG_MAX_M + 1], per[OG_MAX_M + 1];
    int violation[OG_MAX_M + 1];   /* -1: none                         */
    int64_t violation_values[OG_MAX_M + 1][2]; /* G(n +_l m), G(n+T +_l m) */
} og_job;

/* Most bytes og_analyse allocates for this job (a bound, before running it). */
uint64_t og_job_bytes_bound(const og_job *job);
/* The bytes it usually takes (og_memo_bytes_likely for a breaking game's
 * memo; the bound for the others, which is close): an estimate. */
uint64_t og_job_bytes_likely(const og_job *job);

/* Checks a CERTIFIED job's preperiods and least periods a second time,
 * without the window machinery: the rows are recomputed plainly well past
 * every preperiod plus two periods, and for each column the stated period
 * must hold on all of them, start no earlier than stated, and no shorter
 * period may hold.  Returns true, or false with the first disagreement. */
bool og_recheck(const og_job *job, char *why, int whylen);

/* What a worker keeps from one job to the next: the memory of the
 * breaking games' memo, which a job every few milliseconds would
 * otherwise give back and fault in again.  Results never depend on it. */
typedef struct og_scratch og_scratch;
og_scratch *og_scratch_new(void);
void og_scratch_free(og_scratch *s);

/* Analyses one job (see above). */
void og_analyse(og_job *job);
/* The same with a worker's scratch (NULL: none), used by one worker at a
 * time. */
void og_analyse_in(og_job *job, og_scratch *scratch);

/* A finished job's outputs as bytes (kind, rows, scale and the columns
 * m = 0..M), so that jobs analysed elsewhere (another process) can be
 * put back: og_job_result_bytes for the size, pack, then unpack into the
 * same job's input. */
size_t og_job_result_bytes(const og_job *job);
void og_job_result_pack(const og_job *job, unsigned char *out);
void og_job_result_unpack(og_job *job, const unsigned char *in);

const char *og_kind_name(og_kind k);

#endif
