/*
 * progress.c -- progress lines on stderr (see progress.h).
 */
#include "verifier/run/progress.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void progress_init(progress *p, int mode)
{
    memset(p, 0, sizeof *p);
    p->tty = isatty(STDERR_FILENO);
    p->on = mode > 0 || (mode == 0 && p->tty);
}

void progress_phase(progress *p, const char *phase)
{
    progress_done(p);
    snprintf(p->phase, sizeof p->phase, "%s", phase);
    p->start = p->last = now();
}

void progress_update(progress *p, uint64_t done, uint64_t total, const char *unit)
{
    if (!p->on)
        return;
    double t = now(), every = p->tty ? 1.0 : 10.0;
    /* Nothing for runs shorter than a couple of seconds. */
    if (t - p->start < 2.0 || t - p->last < every)
        return;
    p->last = t;
    double rate = (double)done / (t - p->start), left = rate > 0 ? (double)(total - done) / rate : 0;
    fprintf(stderr, "%s%s: %llu of %llu %s (%.0f%%), %.3g %s/s, about %.0f s left%s", p->tty ? "\r" : "", p->phase,
            (unsigned long long)done, (unsigned long long)total, unit, total ? 100.0 * (double)done / (double)total : 0,
            rate, unit, left, p->tty ? "\033[K" : "\n");
    fflush(stderr);
    p->shown = p->tty;
}

void progress_step(progress *p, int done, int total, const char *what)
{
    if (!p->on || now() - p->start < 2.0)
        return;
    fprintf(stderr, "%s%s: %d of %d, now %s%s", p->tty ? "\r" : "", p->phase, done, total, what,
            p->tty ? "\033[K" : "\n");
    fflush(stderr);
    p->shown = p->tty;
}

void progress_done(progress *p)
{
    if (p->shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    p->shown = false;
}

void progress_positions(void *ctx, uint64_t done, uint64_t total)
{
    progress_update(ctx, done, total, "positions");
}
