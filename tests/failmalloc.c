/*
 * failmalloc.c -- fault injection for the bad-input tests: an LD_PRELOAD
 * library that makes malloc, calloc and realloc return NULL for every
 * single request of at least FAILMALLOC_MIN_BYTES bytes (and at most
 * FAILMALLOC_MAX_BYTES, when set), as an exhausted machine would.  The
 * verifier must then stop with exit status 4 and write nothing.
 * (Sanitizer builds use ASAN_OPTIONS=max_allocation_size_mb instead.)
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);

static int refused(size_t bytes)
{
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
