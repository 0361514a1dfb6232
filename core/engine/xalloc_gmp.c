/*
 * xalloc_gmp.c -- GMP allocating through xalloc.h's wrappers (its own
 * file, so that what links xalloc.c alone, the fuzzer, needs no GMP).
 */
#include <gmp.h>
#include <stdlib.h>

#include "core/engine/xalloc.h"

/* GMP's allocations, which abort the process with GNU MP's own line when
 * they fail: through the wrappers above, so that a failure stops the run
 * with one line and the error status like any other. */
static void *gmp_alloc(size_t n)
{
    return xmalloc(n, "an exact number");
}

static void *gmp_realloc(void *p, size_t old, size_t n)
{
    (void)old;
    return xrealloc(p, n, "an exact number");
}

static void gmp_free(void *p, size_t n)
{
    (void)n;
    free(p);
}

void xalloc_for_gmp(void)
{
    mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
}
