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
#ifndef SN_SYSMEM_H
#define SN_SYSMEM_H

#include <stdint.h>

/* Left for libraries, stdio, small per-claim buffers and mismatch lists. */
#define SN_MEMORY_MARGIN (64ull << 20)

typedef struct {
    uint64_t bytes;     /* what a run may allocate                      */
    char limit[96];     /* which limit decided it, e.g. "ulimit -v"      */
} sn_memory_budget;

/* Reads the limits of this process now. */
void sn_memory_budget_now(sn_memory_budget *b);

/* The most memory this process has held at once (its peak resident set,
 * getrusage), in bytes. */
uint64_t sn_peak_rss_bytes(void);

/* "1.5 GiB", "230 MiB", "12 KiB" */
void sn_format_bytes(uint64_t bytes, char *buf, int len);

/* a + b and a * b, saturating at UINT64_MAX (estimates only). */
uint64_t sn_sat_add(uint64_t a, uint64_t b);
uint64_t sn_sat_mul(uint64_t a, uint64_t b);

#endif
