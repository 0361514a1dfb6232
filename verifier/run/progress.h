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
} progress;

/* mode: 0 automatic (a terminal), 1 --progress, -1 --quiet. */
void progress_init(progress *p, int mode);
void progress_phase(progress *p, const char *phase);
/* done of total units of the phase (called from one thread). */
void progress_update(progress *p, uint64_t done, uint64_t total, const char *unit);
/* "claims: 3 of 18, now os/prop-4.2-strategy": shown at once (after the
 * run's first two seconds). */
void progress_step(progress *p, int done, int total, const char *what);
/* Ends the line of the phase. */
void progress_done(progress *p);

/* For the engine's callback: ctx is a progress. */
void progress_positions(void *ctx, uint64_t done, uint64_t total);

#endif
