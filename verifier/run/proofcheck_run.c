/*
 * proofcheck_run.c -- finding and running the independent checker of
 * certificates for `check --check-proofs` (see proofcheck_run.h).
 */
#include "verifier/run/proofcheck_run.h"

#include <errno.h>
#include <limits.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/engine/xalloc.h"

extern char **environ;

/* `proofcheck` in the directory of this executable, when it is there. */
static char *beside_self(void)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return NULL;
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (!slash)
        return NULL;
    slash[1] = '\0';
    char *path = xmalloc(strlen(self) + sizeof "proofcheck", "a path");
    strcpy(path, self);
    strcat(path, "proofcheck");
    if (access(path, X_OK) == 0)
        return path;
    free(path);
    return NULL;
}

/* `proofcheck` in a directory of PATH. */
static char *on_path(void)
{
    const char *path = getenv("PATH");
    while (path && *path) {
        size_t n = strcspn(path, ":");
        char *file = xmalloc(n + sizeof "/proofcheck", "a path");
        memcpy(file, path, n);
        strcpy(file + n, "/proofcheck");
        if (n > 0 && access(file, X_OK) == 0)
            return file;
        free(file);
        path += n + (path[n] == ':');
    }
    return NULL;
}

int proofcheck_find(char *path, char *err, int errlen)
{
    char *found = beside_self();
    if (!found)
        found = on_path();
    if (!found || strlen(found) >= PROOFCHECK_PATH_MAX) {
        snprintf(err, (size_t)errlen,
                 "--check-proofs: no proofcheck beside this verifier or on PATH (make builds build/proofcheck)");
        free(found);
        return -1;
    }
    strcpy(path, found);
    free(found);
    return 0;
}

int proofcheck_run(const char *path, const char *dir, FILE *out, char *err, int errlen)
{
    fflush(out);
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa) != 0 ||
        posix_spawn_file_actions_adddup2(&fa, fileno(out), STDOUT_FILENO) != 0) {
        snprintf(err, (size_t)errlen, "--check-proofs: cannot prepare %s", path);
        return -1;
    }
    char *argv[] = {(char *)path, "--quiet", (char *)dir, NULL};
    pid_t pid;
    int rc = posix_spawn(&pid, path, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        snprintf(err, (size_t)errlen, "--check-proofs: cannot run %s: %s", path, strerror(rc));
        return -1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            snprintf(err, (size_t)errlen, "--check-proofs: lost %s: %s", path, strerror(errno));
            return -1;
        }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 1)
        snprintf(err, (size_t)errlen,
                 "--check-proofs: proofcheck refused a certificate of this run (above): a fault of the "
                 "verifier's proof, not a verdict; the results stay in %s", dir);
    else
        snprintf(err, (size_t)errlen, "--check-proofs: %s on %s ended with status %d", path, dir,
                 WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    return -1;
}
