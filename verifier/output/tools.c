/*
 * tools.c -- fork and exec of gnuplot and dot (see tools.h).
 */
#include "verifier/output/tools.h"

#include "verifier/base/args.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <sys/stat.h>
#include <unistd.h>

/* Waits for the child, at most TOOL_TIMEOUT_SECONDS: one that does not
 * finish by then (a tool that hangs) is killed and counts as failed, so
 * that a run never waits for ever on a figure. */
static int wait_for(pid_t pid, int *status)
{
    struct timespec step = {0, 10 * 1000 * 1000};
    for (long waited = 0; waited < TOOL_TIMEOUT_SECONDS * 100L; waited++) {
        pid_t r = waitpid(pid, status, WNOHANG);
        if (r == pid)
            return 0;
        if (r < 0 && errno != EINTR)
            return -1;
        nanosleep(&step, NULL);
    }
    kill(pid, SIGKILL);
    while (waitpid(pid, status, 0) < 0 && errno == EINTR)
        ;
    return -1;
}

/* The program's path on PATH into buf (a directory name too long to join
 * is skipped, never cut); false when it is not there. */
static bool tool_path(const char *prog, char *buf, size_t len)
{
    /* A name with a slash is a path already, as execvp reads it. */
    if (strchr(prog, '/')) {
        if (strlen(prog) >= len)
            return false;
        snprintf(buf, len, "%s", prog);
        return access(buf, X_OK) == 0;
    }
    const char *path = getenv("PATH");
    if (!path)
        return false;
    for (const char *p = path; *p;) {
        const char *colon = strchr(p, ':');
        size_t n = colon ? (size_t)(colon - p) : strlen(p);
        if (n + strlen(prog) + 2 <= len) {
            snprintf(buf, len, "%.*s/%s", (int)n, p, prog);
            if (access(buf, X_OK) == 0)
                return true;
        }
        p += n + (colon ? 1 : 0);
    }
    return false;
}

int tool_run(const char *const argv[], bool quiet)
{
    /* The path is found before the fork: between fork and exec the child
     * of a process with threads may only call what is async-signal-safe,
     * and execvp's search may allocate (an allocation there could hang on
     * a lock another thread held, or fail and pass for a missing tool). */
    char path[4096];
    if (!tool_path(argv[0], path, sizeof path))
        return 127;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        /* No tool reads the terminal: a tool that would wait for input
         * reads end of file instead. */
        int in = open("/dev/null", O_RDONLY);
        if (in >= 0)
            dup2(in, 0);
        if (quiet) {
            int fd = open("/dev/null", O_WRONLY);
            if (fd >= 0) {
                dup2(fd, 1);
                dup2(fd, 2);
            }
        }
        execv(path, (char *const *)argv);
        _exit(127);
    }
    int st;
    if (wait_for(pid, &st) != 0 || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st) == 0 ? 0 : WEXITSTATUS(st) == 127 ? 127 : -1;
}

bool tool_installed(const char *prog)
{
    char buf[4096];
    return tool_path(prog, buf, sizeof buf);
}

const char *tool_suffix(const char *path)
{
    const char *dot = strrchr(path, '.');
    return dot && !strchr(dot, '/') ? dot + 1 : "";
}

int tool_check_out(const char *cmd, const char *path, bool force, char *err, int errlen)
{
    if (strlen(path) > TOOL_MAX_OUT) {
        snprintf(err, (size_t)errlen, "%s: --out is longer than %d bytes", cmd, TOOL_MAX_OUT);
        return -1;
    }
    /* The name goes into gnuplot's script, one command a line: a newline
     * in it would end the line and start a command of the name's. */
    for (const unsigned char *c = (const unsigned char *)path; *c; c++)
        if (*c < 0x20 || *c == 0x7f) {
            snprintf(err, (size_t)errlen,
                     "%s: the figure's name '%.300s' holds a control character; name a file without one", cmd, path);
            return -1;
        }
    /* lstat, not access: a dangling symbolic link is a name in use too
     * (the rename at the end would replace the link). */
    struct stat st;
    if (lstat(path, &st) != 0)
        return 0;
    if (S_ISDIR(st.st_mode)) {
        snprintf(err, (size_t)errlen, "%s: %.300s is a directory; name a file", cmd, path);
        return -1;
    }
    if (!force) {
        snprintf(err, (size_t)errlen, "%s: %.300s exists; choose a new name (or --force to replace it)", cmd, path);
        return -1;
    }
    return 0;
}

void tool_beside(const char *path, const char *suffix, char *buf, size_t len)
{
    const char *s = tool_suffix(path);
    int stem = *s ? (int)(s - 1 - path) : (int)strlen(path);
    snprintf(buf, len, "%.*s%s", stem, path, suffix);
}

const char *tool_out_format(const char *who, const char *path, const char *const *allowed)
{
    const char *fmt = tool_suffix(path);
    int n = 0;
    for (; allowed[n]; n++)
        if (strcmp(fmt, allowed[n]) == 0)
            return fmt;
    char msg[512] = "";
    for (int i = 0; i < n; i++)
        snprintf(msg + strlen(msg), sizeof msg - strlen(msg), "%s.%s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
                 allowed[i]);
    say_error("%s must end in %s, got '%.200s'", who, msg, path);
    return NULL;
}

int tool_failed(const char *cmd, int r, const char *prog, const char *package, const char *instead,
                const char *what)
{
    if (r == 127) {
        fprintf(stderr, "verifier: %s: %s is not installed (Debian: %s)%s%s\n", cmd, prog, package,
                instead ? "; " : "", instead ? instead : "");
        return 2;
    }
    fprintf(stderr, "verifier: %s: %s could not %s\n", cmd, prog, what);
    return 4;
}

int tool_output_whole(const char *path, const char *fmt, char *err, int errlen)
{
    static const unsigned char png_end[] = {'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    /* open, lseek and read allocate nothing (fopen does): a run short of
     * memory must not take a whole figure for a cut one. */
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, (size_t)errlen, "cannot read back %s: %s", path, strerror(errno));
        return -1;
    }
    /* The last bytes, past trailing white space for the text formats. */
    unsigned char tail[64];
    size_t n = 0;
    off_t size = lseek(fd, 0, SEEK_END);
    bool read_ok = size >= 0;
    if (size > 0) {
        off_t from = size > (off_t)sizeof tail ? size - (off_t)sizeof tail : 0;
        ssize_t got = pread(fd, tail, (size_t)(size - from), from);
        read_ok = got == size - from;
        n = read_ok ? (size_t)got : 0;
    }
    close(fd);
    bool whole = false;
    if (read_ok && strcmp(fmt, "png") == 0) {
        whole = n >= sizeof png_end && memcmp(tail + n - sizeof png_end, png_end, sizeof png_end) == 0;
    } else if (read_ok) {
        while (n > 0 && (tail[n - 1] == '\n' || tail[n - 1] == ' ' || tail[n - 1] == '\r' || tail[n - 1] == '\t'))
            n--;
        const char *end = strcmp(fmt, "svg") == 0 ? "</svg>" : "}";
        size_t len = strlen(end);
        whole = n >= len && memcmp(tail + n - len, end, len) == 0;
    }
    if (!whole) {
        snprintf(err, (size_t)errlen, "%s is cut short or empty (a %s file must end as one does): a full disk?",
                 path, fmt);
        return -1;
    }
    return 0;
}
