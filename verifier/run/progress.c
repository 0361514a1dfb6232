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

/* "about 3 min left" style, for a number of seconds. */
static void left_text(double left, char *buf, size_t len)
{
    if (left < 90)
        snprintf(buf, len, "about %.0f s left", left);
    else if (left < 5400)
        snprintf(buf, len, "about %.0f min left", left / 60);
    else
        snprintf(buf, len, "about %.1f h left", left / 3600);
}

void progress_claims(progress *p, int done, int total, double done_weight, double total_weight, const char *what)
{
    if (!p->on)
        return;
    double t = now(), elapsed = t - p->start;
    if (elapsed < 2.0)
        return;
    p->last = t;
    char left[48] = "";
    /* Time left: the elapsed time scaled by the work still to do, as the
     * weights (or, without them, the count) measure it. */
    double part = total_weight > 0 ? done_weight / total_weight : total ? (double)done / total : 0;
    if (part > 0 && part < 1)
        left_text(elapsed * (1 - part) / part, left, sizeof left);
    fprintf(stderr, "%s%s: %d of %d done in %.0f s, %.2g claims/s%s%s, now %s%s", p->tty ? "\r" : "", p->phase, done,
            total, elapsed, elapsed > 0 ? done / elapsed : 0, left[0] ? ", " : "", left, what,
            p->tty ? "\033[K" : "\n");
    fflush(stderr);
    p->shown = p->tty;
}

void progress_within(progress *p, const char *what, uint64_t done, uint64_t total, const char *unit)
{
    if (!p->on)
        return;
    double t = now(), every = p->tty ? 1.0 : 10.0;
    if (t - p->start < 2.0 || t - p->last < every)
        return;
    p->last = t;
    /* The rate of this claim since it started (p->within_start; what is
 * the claim's id, the same pointer for every call of one claim). */
    if (p->within_done > done || p->within != what) {
        p->within = what;
        p->within_start = t;
        p->within_done = done;
    }
    double span = t - p->within_start, rate = span > 0 ? (double)(done - p->within_done) / span : 0;
    char left[48] = "";
    if (total && rate > 0 && done < total)
        left_text((double)(total - done) / rate, left, sizeof left);
    char speed[64] = "";
    if (rate > 0)
        snprintf(speed, sizeof speed, ", %.3g %s/s", rate, unit);
    if (total)
        fprintf(stderr, "%s%s: %s: %llu of %llu %s (%.0f%%)%s%s%s%s", p->tty ? "\r" : "", p->phase, what,
                (unsigned long long)done, (unsigned long long)total, unit, 100.0 * (double)done / (double)total,
                speed, left[0] ? ", " : "", left, p->tty ? "\033[K" : "\n");
    else
        fprintf(stderr, "%s%s: %s: %llu %s%s%s", p->tty ? "\r" : "", p->phase, what, (unsigned long long)done, unit,
                speed, p->tty ? "\033[K" : "\n");
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
