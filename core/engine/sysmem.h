/*
 * sysmem.h -- how much memory a run may still allocate, known before it
 * allocates anything.
 *
 * The budget is the smallest of:
 *   - three quarters of physical memory, less what the process holds,
 *   - the memory the kernel reports available (MemAvailable): what other
 *     processes use is not ours,
 *   - the address-space limit (RLIMIT_AS, `ulimit -v`) less the address
 *     space already mapped (thread stacks and malloc arenas included, so
 *     measure after the worker team has started),
 *   - the cgroup's limit (v2 memory.max, v1 memory.limit_in_bytes) less
 *     its current use,
 * less a margin for the small allocations nobody counts one by one.  The
 * budget names the limit that decided it, for the refusal message.
 */
#ifndef SYSMEM_H
#define SYSMEM_H

#include <stdint.h>

/* Left for libraries, stdio, small per-claim buffers and mismatch lists. */
#define MEM_MARGIN (64ull << 20)

typedef struct {
    uint64_t bytes;     /* what a run may allocate                      */
    char limit[96];     /* which limit decided it, e.g. "ulimit -v"      */
} mem_budget;

/* Reads the limits of this process now. */
void mem_budget_now(mem_budget *b);

/* The most memory this process has held at once (its peak resident set,
 * getrusage), in bytes. */
uint64_t mem_peak_rss(void);

/* Room for any text mem_format_bytes writes ("more than 16 EiB" is the
 * longest, 17 bytes with its NUL). */
#define MEM_BYTES_TEXT 32

/* "1.5 GiB", "230 MiB", "12 KiB" into buf; len must be at least
 * MEM_BYTES_TEXT (a shorter buffer stops the run: an internal error). */
void mem_format_bytes(uint64_t bytes, char *buf, int len);

/* Advises the kernel to back the 2 MiB-aligned part of [p, p + bytes)
 * with huge pages (for tables probed at random).  Advice only: where it
 * is refused, or not known, nothing changes but the speed. */
void advise_huge_pages(void *p, uint64_t bytes);

/* a + b and a * b, saturating at UINT64_MAX (estimates only). */
uint64_t sat_add(uint64_t a, uint64_t b);
uint64_t sat_mul(uint64_t a, uint64_t b);

#endif
