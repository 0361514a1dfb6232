/*
 * progress.h -- progress of a long run on stderr: the phase, how much is
 * done, the rate and the time left, at most every second, on one line
 * rewritten in place when stderr is a terminal and as plain lines (every
 * ten seconds) with --progress otherwise.  --quiet silences it.  It never
 * touches standard output or the results.
 */
#ifndef PROGRESS_H
#define PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    bool on;          /* print at all                              */
    bool tty;         /* rewrite one line in place                 */
    char phase[64];
    double start, last;
    bool shown;       /* a line is on the screen, to be ended      */
    /* progress_within: the claim being counted, when it started, and
     * where its count stood then. */
    const char *within;
    double within_start;
    uint64_t within_done;
} progress;

/* mode: 0 automatic (a terminal), 1 --progress, -1 --quiet. */
void progress_init(progress *p, int mode);
void progress_phase(progress *p, const char *phase);
/* done of total units of the phase (called from one thread). */
void progress_update(progress *p, uint64_t done, uint64_t total, const char *unit);
/* "claims: 3 of 18, now os/prop-4.2-strategy": shown at once (after the
 * run's first two seconds). */
void progress_step(progress *p, int done, int total, const char *what);
/* The claims phase: claim `done` of `total` about to start (what), with
 * each claim's weight (its estimated share of the work; done_weight of
 * total_weight behind): the rate and the time left come from the weights
 * when there are any, from the count of claims otherwise. */
void progress_claims(progress *p, int done, int total, double done_weight, double total_weight, const char *what);
/* Inside one claim that reports its own units (a family's games): done of
 * total `unit` of the claim `what` (total 0: not known). */
void progress_within(progress *p, const char *what, uint64_t done, uint64_t total, const char *unit);

/* Ends the line of the phase. */
void progress_done(progress *p);

/* For the engine's callback: ctx is a progress. */
void progress_positions(void *ctx, uint64_t done, uint64_t total);

#endif
