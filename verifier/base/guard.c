/*
 * guard.c -- exit and signal handling of a run (see guard.h).
 */
#define _GNU_SOURCE
#include "verifier/base/guard.h"

#include "verifier/base/partial.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/engine/xalloc.h"

/* The entries of dir, and dir; `depth` levels of subdirectories below
 * it (a results directory has one: figures/). */
static void remove_tree(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            /* Built whole on the heap (a path is never cut) with plain malloc:
             * this runs as the process exits, where xmalloc's die on a
             * failure would exit again; a path it cannot build is left. */
            size_t len = strlen(dir) + strlen(e->d_name) + 2;
            char *path = malloc(len);
            if (!path)
                continue;
            snprintf(path, len, "%s/%s", dir, e->d_name);
            struct stat st;
            if (depth > 0 && lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
                remove_tree(path, depth - 1);
            else
                unlink(path);
            free(path);
        }
        closedir(d);
    }
    rmdir(dir);
}

void guard_remove_results_dir(const char *dir)
{
    remove_tree(dir, 2);
}

void guard_remove_tree(const char *dir, int depth)
{
    remove_tree(dir, depth);
}

/* Removes the partial directory; the caller holds the lock. */
/* Removes the partial directory, unless it holds a checkpoint: then it
 * is kept for --resume, and the message says so. */
static void drop_partial(run_guard *g)
{
    if (g->partial[0] && partial_holds_checkpoint(g->partial))
        fprintf(stderr, "verifier: the checkpoint in %s is kept: run the same command with --resume %s to go on\n",
                g->partial, g->partial);
    else if (g->partial[0])
        guard_remove_results_dir(g->partial);
    g->partial[0] = 0;
}

/* Removes the temporary files; the caller holds the lock. */
static void drop_temps(run_guard *g)
{
    for (int i = 0; i < GUARD_TEMPS; i++) {
        if (g->temps[i][0])
            unlink(g->temps[i]);
        g->temps[i][0] = 0;
    }
}

static void on_process_exit(int status, void *arg)
{
    run_guard *g = arg;
    if (g->finished)
        return;
    /* Not through guard_finish: an allocation failure, a runtime's fatal
     * exit, or a bug.  Whatever the status was, it is not a verdict. */
    pthread_mutex_lock(&g->lock);
    drop_partial(g);
    drop_temps(g);
    /* Complete results in place stand whatever fails after them: say so
     * (die has said what failed).  The status is the error's, not the
     * verdicts': the report on standard output may be cut short, and a
     * script reading the status alone must not take it as whole. */
    if (g->written[0]) {
        fprintf(stderr, "verifier: results complete in %s (their verdicts' status %d); then the failure above: "
                        "they stand, but this run's report on standard output may be cut short (exit 4)\n",
                g->written, g->written_status);
        _exit(EXIT_RUN_ERROR);
    }
    /* die has said why; a runtime's own exit (libgomp's status 1) has
     * said something in its own words, and needs ours too. */
    if (status != EXIT_RUN_ERROR)
        fprintf(stderr, "verifier: the run stopped early (exit %d); no verdict, nothing written\n", status);
    _exit(EXIT_RUN_ERROR);
}

static void *watch_signals(void *arg)
{
    run_guard *g = arg;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    int sig = 0;
    while (sigwait(&set, &sig) != 0)
        ;
    pthread_mutex_lock(&g->lock);
    const char *name = sigabbrev_np(sig) ? sigabbrev_np(sig) : "?";
    if (g->ended) {
        /* The command is over: its verdict lines go out whole (the lock
         * keeps guard_finish from closing stdout under this flush). */
        if (!g->finished)
            fflush(stdout);
        fprintf(stderr, "verifier: SIG%s came after the run had finished; what it printed and wrote stands (exit %d)\n",
                name, g->status);
        _exit(g->status);
    }
    if (g->done)
        _exit(0);
    drop_partial(g);
    drop_temps(g);
    if (g->written[0])
        fprintf(stderr,
                "verifier: interrupted by SIG%s after the results were complete in %s: they stand, but this "
                "run's report on standard output may be cut short\n",
                name, g->written);
    else
        fprintf(stderr, "verifier: interrupted by SIG%s; the run stopped with no verdict and nothing written\n", name);
    _exit(EXIT_RUN_ERROR);
}

/* A crash (in the verifier, or in a library that cannot survive a
 * failed allocation: hwloc, libgomp) is a run that stopped before its
 * verdict, never a verdict of its own: one line and status 4.  Only
 * async-signal-safe calls here; the partial directory is left for the
 * next run to clean (it is stale once this process is gone).  Not under
 * the sanitizers, which report crashes themselves. */
/* One fixed line on stderr and the error status, from a signal handler
 * (write and _exit alone: both async-signal-safe). */
static _Noreturn void say_and_stop(const char *msg, size_t len)
{
    if (write(2, msg, len) < 0) {
        /* Nothing more can be said. */
    }
    _exit(EXIT_RUN_ERROR);
}

static void on_crash(int sig)
{
    static const char msg[] = "verifier: the run crashed (a fatal signal: SIGSEGV, SIGBUS, SIGFPE, SIGILL or "
                              "SIGABRT); no verdict, nothing written\n";
    (void)sig;
    say_and_stop(msg, sizeof msg - 1);
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_UNDEFINED__)
#define GUARD_CATCH_CRASHES 0
#else
#define GUARD_CATCH_CRASHES 1
#endif

static int catch_crashes(void)
{
    if (!GUARD_CATCH_CRASHES)
        return 0;
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_crash;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++)
        if (sigaction(fatal[i], &sa, NULL) != 0)
            return -1;
    return 0;
}

/* The machine's topology read under a watchdog: hwloc loops forever
 * when an allocation inside it fails (it retries sched_getaffinity with
 * a set it could not allocate), so a load that takes longer than
 * GUARD_TOPOLOGY_SECONDS (it takes milliseconds) ends the process with
 * one line and status 4.  Only async-signal-safe calls in the handler. */
#define GUARD_TOPOLOGY_SECONDS 5

static void on_topology_timeout(int sig)
{
    static const char msg[] = "verifier: hwloc did not read the machine's topology within 5 s (it loops when an "
                              "allocation inside it fails); no verdict, nothing written\n";
    (void)sig;
    say_and_stop(msg, sizeof msg - 1);
}

int guard_pinning_open(pinning *pin, int requested, char *err, int errlen)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_topology_timeout;
    sigemptyset(&sa.sa_mask);
    bool watched = sigaction(SIGALRM, &sa, &old) == 0;
    if (watched)
        alarm(GUARD_TOPOLOGY_SECONDS);
    int rc = pinning_open(pin, requested, err, errlen);
    if (watched) {
        alarm(0);
        sigaction(SIGALRM, &old, NULL);
    }
    return rc;
}

int guard_install(run_guard *g)
{
    memset(g, 0, sizeof *g);
    pthread_mutex_init(&g->lock, NULL);
    if (on_exit(on_process_exit, g) != 0 || catch_crashes() != 0)
        return -1;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    /* Blocked before any other thread exists, so every thread inherits it. */
    if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0)
        return -1;
    pthread_t watcher;
    if (pthread_create(&watcher, NULL, watch_signals, g) != 0)
        return -1;
    pthread_detach(watcher);
    return 0;
}

void guard_add_temp(run_guard *g, const char *path)
{
    pthread_mutex_lock(&g->lock);
    int i = 0;
    while (i < GUARD_TEMPS && g->temps[i][0])
        i++;
    if (i == GUARD_TEMPS || strlen(path) >= sizeof g->temps[i]) {
        pthread_mutex_unlock(&g->lock);
        die("internal error: more temporary files at once than the guard keeps (%d), or a name too long",
            GUARD_TEMPS);
    }
    snprintf(g->temps[i], sizeof g->temps[i], "%s", path);
    pthread_mutex_unlock(&g->lock);
}

void guard_forget_temps(run_guard *g)
{
    pthread_mutex_lock(&g->lock);
    for (int i = 0; i < GUARD_TEMPS; i++)
        g->temps[i][0] = 0;
    pthread_mutex_unlock(&g->lock);
}

void guard_done(run_guard *g)
{
    pthread_mutex_lock(&g->lock);
    g->done = true;
    pthread_mutex_unlock(&g->lock);
}

void guard_ended(run_guard *g, int status)
{
    pthread_mutex_lock(&g->lock);
    if (!g->done) {
        g->ended = true;
        g->status = status;
    }
    pthread_mutex_unlock(&g->lock);
}

void guard_note_written_locked(run_guard *g, const char *dir, int status)
{
    g->written_status = status;
    /* Copied into the guard: no allocation, which could fail now and
     * leave the results unnamed in the messages. */
    snprintf(g->written, sizeof g->written, "%s", dir);
}

void guard_set_partial(run_guard *g, const char *dir)
{
    pthread_mutex_lock(&g->lock);
    snprintf(g->partial, sizeof g->partial, "%s", dir ? dir : "");
    pthread_mutex_unlock(&g->lock);
}

int guard_locked(run_guard *g, int (*fn)(void *), void *arg)
{
    pthread_mutex_lock(&g->lock);
    int rc = fn(arg);
    pthread_mutex_unlock(&g->lock);
    return rc;
}

int guard_finish(run_guard *g, int status)
{
    /* Every byte of the report must have reached its destination: a full
     * disk or a closed pipe is an error, never a silent success. */
    guard_ended(g, status);
    pthread_mutex_lock(&g->lock);
    int failed = fflush(stdout) != 0 || ferror(stdout);
    int saved = errno;
    if (fclose(stdout) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    g->finished = true;
    pthread_mutex_unlock(&g->lock);
    /* A run error has been reported already, in its own words. */
    if (failed && status != EXIT_RUN_ERROR) {
        fprintf(stderr, "verifier: cannot write to standard output: %s\n", strerror(saved));
        status = EXIT_RUN_ERROR;
    }
    pthread_mutex_lock(&g->lock);
    drop_partial(g);
    g->status = status;
    /* A signal from now on says the run had finished, never where. */
    g->written[0] = '\0';
    pthread_mutex_unlock(&g->lock);
    return status;
}

int guard_sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}
