/*
 * xalloc.c -- allocation wrappers that stop the run on failure (see
 * xalloc.h).
 */
#include "core/engine/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

_Noreturn void die(const char *fmt, ...)
{
    /* Two workers may fail at once, and exit() must run only once: the
     * first one takes stderr's lock and never gives it back, so a second
     * one waits here until the first one's exit ends the process.  The
     * lock is recursive, so the exit handlers of the first may still
     * print. */
    flockfile(stderr);
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    /* Formatted on the stack first (the heap may be what failed); a longer
     * message is formatted again on the heap, whole.  Only when that
     * allocation fails too is it cut, and then it says so ([...]). */
    char line[4096], *text = line;
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof line) {
        char *whole = malloc((size_t)n + 1);
        if (whole && vsnprintf(whole, (size_t)n + 1, fmt, again) == n)
            text = whole;
    }
    va_end(again);
    /* One line whatever a path or argument in it holds: control bytes
     * written \xNN. */
    fputs("verifier: ", stderr);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            fprintf(stderr, "\\x%02x", *p);
        else
            fputc(*p, stderr);
    if (text == line && n >= (int)sizeof line)
        fputs(" [...]", stderr);
    fputc('\n', stderr);
    exit(EXIT_RUN_ERROR);
}

_Noreturn void die_oom(const char *what, size_t bytes)
{
    die("out of memory: %s needs %zu bytes more; the run stopped with no verdict", what, bytes);
}

void *xmalloc(size_t bytes, const char *what)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        die_oom(what, bytes);
    return p;
}

void *xcalloc(size_t count, size_t size, const char *what)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        die_oom(what, xmul(count, size, what));
    return p;
}

void *xrealloc(void *p, size_t bytes, const char *what)
{
    void *q = realloc(p, bytes ? bytes : 1);
    if (!q)
        die_oom(what, bytes);
    return q;
}

void *xmap(size_t bytes, const char *what)
{
    void *p = mmap(NULL, bytes ? bytes : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        die_oom(what, bytes);
    return p;
}

void xunmap(void *p, size_t bytes)
{
    if (p && munmap(p, bytes ? bytes : 1) != 0)
        die("internal error: an array of %zu bytes could not be given back", bytes);
}

char *xstrdup(const char *s, const char *what)
{
    size_t n = strlen(s) + 1;
    char *p = xmalloc(n, what);
    memcpy(p, s, n);
    return p;
}

size_t xmul(size_t count, size_t size, const char *what)
{
    size_t n;
    if (__builtin_mul_overflow(count, size, &n))
        die("out of memory: %s needs more than the address space holds; the run stopped with no verdict", what);
    return n;
}

void xvappend(char *out, size_t len, const char *what, const char *fmt, va_list ap)
{
    size_t used = strlen(out);
    int n = vsnprintf(out + used, len > used ? len - used : 0, fmt, ap);
    if (n < 0 || used + (size_t)n >= len)
        die("internal error: %s needs more than %zu characters", what, len);
}

void xappend(char *out, size_t len, const char *what, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    xvappend(out, len, what, fmt, ap);
    va_end(ap);
}
