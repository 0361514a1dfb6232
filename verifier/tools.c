/*
 * tools.c -- fork and exec of gnuplot and dot (see tools.h).
 */
#include "tools.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int tool_run(const char *const argv[], bool quiet)
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (quiet) {
            int fd = open("/dev/null", O_WRONLY);
            if (fd >= 0) {
                dup2(fd, 1);
                dup2(fd, 2);
            }
        }
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    if (!WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st) == 0 ? 0 : WEXITSTATUS(st) == 127 ? 127 : -1;
}

bool tool_installed(const char *prog)
{
    const char *path = getenv("PATH");
    if (!path)
        return false;
    char buf[4096];
    for (const char *p = path; *p;) {
        const char *colon = strchr(p, ':');
        size_t len = colon ? (size_t)(colon - p) : strlen(p);
        snprintf(buf, sizeof buf, "%.*s/%s", (int)len, p, prog);
        if (access(buf, X_OK) == 0)
            return true;
        p += len + (colon ? 1 : 0);
    }
    return false;
}
