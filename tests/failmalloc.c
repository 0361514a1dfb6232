/*
 * failmalloc.c -- fault injection for the bad-input tests: an LD_PRELOAD
 * library that makes malloc, calloc and realloc return NULL for every
 * single request of at least FAILMALLOC_MIN_BYTES bytes (and at most
 * FAILMALLOC_MAX_BYTES, when set), as an exhausted machine would; or,
 * with FAILMALLOC_NTH=k, only the k-th request of the process, or with
 * FAILMALLOC_FROM=k, the k-th and every later one (both counted
 * from its start, the runtime libraries' own requests included; the
 * count goes to stderr as "failmalloc: N requests" at exit when
 * FAILMALLOC_COUNT is set).  The verifier must then stop with exit
 * status 4 and write nothing, or, when the failing request was not its
 * own, finish with the same results as without the fault.
 * (Sanitizer builds use ASAN_OPTIONS=max_allocation_size_mb instead.)
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);

static unsigned long requests;

/* With FAILMALLOC_ONLY=NAME, faults only in the program of that name (not
 * in the tools it runs, which inherit the preload: gnuplot hangs when its
 * own allocations fail, and that is not the verifier's doing). */
static int this_program(void)
{
    extern char *program_invocation_short_name;
    const char *only = getenv("FAILMALLOC_ONLY");
    return !only || strcmp(only, program_invocation_short_name) == 0;
}

/* Counts every request; true for the one FAILMALLOC_NTH names. */
static int nth_refused(void)
{
    if (!this_program())
        return 0;
    unsigned long k = __atomic_add_fetch(&requests, 1, __ATOMIC_RELAXED);
    const char *nth = getenv("FAILMALLOC_NTH"), *from = getenv("FAILMALLOC_FROM");
    return (nth && k == strtoul(nth, NULL, 10)) || (from && k >= strtoul(from, NULL, 10));
}

__attribute__((destructor)) static void say_count(void)
{
    if (getenv("FAILMALLOC_COUNT")) {
        char line[64];
        int n = snprintf(line, sizeof line, "failmalloc: %lu requests\n", requests);
        if (write(2, line, (size_t)n) < 0)
            return;
    }
}

static int refused(size_t bytes)
{
    if (nth_refused())
        return 1;
    if (!this_program())
        return 0;
    const char *lo = getenv("FAILMALLOC_MIN_BYTES"), *hi = getenv("FAILMALLOC_MAX_BYTES");
    if (!lo || bytes < strtoull(lo, NULL, 10))
        return 0;
    return !hi || bytes <= strtoull(hi, NULL, 10);
}

void *malloc(size_t n)
{
    if (refused(n)) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
    if (size && n > (size_t)-1 / size)
        return NULL;
    if (refused(n * size)) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
    if (refused(n)) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_realloc(p, n);
}
