/*
 * guard.h -- a run that does not finish leaves no verdict and no
 * half-written results.
 *
 * The guard is installed first thing in main.  From then on every way a
 * run can end early ends with EXIT_RUN_ERROR (4) and removes the
 * partial results directory it has registered:
 *   - exit() from anywhere before guard_finish: out of memory (xalloc.h),
 *     and libgomp's own fatal exit, which uses status 1 and would
 *     otherwise read as "some claim FAILS";
 *   - SIGINT, SIGTERM, SIGHUP: blocked in every thread (OpenMP workers
 *     inherit the mask) and taken by one watcher thread with sigwait, so
 *     the clean-up runs as ordinary code, not in a signal handler.
 * Only guard_finish, called with the status main is about to return,
 * lets a status through.  No global state: the handlers get the guard by
 * pointer (on_exit's argument, the watcher's argument).
 */
#ifndef GUARD_H
#define GUARD_H

#include <pthread.h>
#include <stdbool.h>

#include "core/engine/pinning.h"

/* The temporary files one command writes beside its output at once (a
 * figure's data, image and script). */
#define GUARD_TEMPS 4

typedef struct {
    pthread_mutex_t lock;
    char partial[4096];   /* directory to remove if the run stops, "" none */
    char temps[GUARD_TEMPS][4200]; /* files to remove if it stops, "" none */
    char written[4096];   /* the results are complete here, "" none  */
    int written_status;   /* and their verdicts' exit status         */
    bool finished;
    bool done;            /* guard_done: a signal now ends quietly      */
    bool ended;           /* guard_ended: the status below is decided   */
    int status;
} run_guard;

/* Installs the exit handler and the signal watcher.  Returns 0, or -1
 * (then the caller stops: nothing has run yet). */
int guard_install(run_guard *g);

/* The partial directory to remove if the run stops now ("" or NULL: none). */
void guard_set_partial(run_guard *g, const char *dir);

/* A temporary file to remove if the run stops now (an allocation
 * failure, a signal) before guard_forget_temps; at most GUARD_TEMPS at
 * once (more is a bug: die). */
void guard_add_temp(run_guard *g, const char *path);
/* The temporary files are renamed into place or removed: forget them. */
void guard_forget_temps(run_guard *g);

/* This process's work is over and nothing is left to clean up (an MPI
 * rank other than 0, about to leave): a signal from now on ends it
 * quietly with status 0 (mpirun ending the job after rank 0 returned its
 * status), instead of saying the run stopped. */
void guard_done(run_guard *g);

/* This process's command has finished with `status` (its verdict, or
 * the error it has reported): a signal from now on (mpirun ending the
 * job because another rank died after the verdict, a Ctrl-C while
 * standard output drains) says that what was printed and written
 * stands, and exits with `status`, never "no verdict". */
void guard_ended(run_guard *g, int status);

/* Called with the guard locked, as the complete results take their
 * name `dir`, with their verdicts' exit status: a signal or a failure
 * (out of memory) from now on says they stand, with that status, and
 * that the run's report on standard output may be cut short: status 4. */
void guard_note_written_locked(run_guard *g, const char *dir, int status);

/* Runs `fn(arg)` with the guard locked, so that a signal cannot remove
 * the partial directory half-way through (the final rename). */
int guard_locked(run_guard *g, int (*fn)(void *), void *arg);

/* The run is over and main returns `status`: checks that standard output
 * was written completely (a full disk or closed pipe is a run error) and
 * returns the status to return from main. */
int guard_finish(run_guard *g, int status);

/* Removes a results directory (or a partial one): its files, those of
 * its subdirectories (figures/), and the directories; symbolic links are
 * removed, never followed. */
void guard_remove_results_dir(const char *dir);
/* The same for a tree of `depth` levels of subdirectories (a nightly
 * run's directory holds one results directory a sweep). */
void guard_remove_tree(const char *dir, int depth);

/* pinning_open (core/engine/pinning.h) under a watchdog: a topology
 * load that hangs (hwloc, when an allocation inside it fails) ends the
 * process with one line and status 4 instead of never returning. */
int guard_pinning_open(pinning *pin, int requested, char *err, int errlen);

/* fsync of a directory, so that renames in it reach the disk.  0 or -1. */
int guard_sync_dir(const char *dir);

#endif
