/*
 * sysmem.c -- the memory budget of a run (see sysmem.h): physical memory,
 * MemAvailable, RLIMIT_AS and the cgroup limit, each less what is in use; and the advice
 * that a table be backed by huge pages.
 */
#define _GNU_SOURCE
#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

uint64_t sat_mul(uint64_t a, uint64_t b)
{
    uint64_t r;
    return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

static uint64_t sat_sub(uint64_t a, uint64_t b)
{
    return a > b ? a - b : 0;
}

/* A "Key:   123 kB" line of a /proc file, in bytes; 0 when absent.  Lines
 * are read whole (getline), however long: a cut line could be misread. */
static uint64_t proc_kb(const char *path, const char *key)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char *line = NULL;
    size_t cap = 0;
    uint64_t v = 0;
    size_t klen = strlen(key);
    while (getline(&line, &cap, f) > 0)
        if (strncmp(line, key, klen) == 0 && line[klen] == ':') {
            v = strtoull(line + klen + 1, NULL, 10) * 1024;
            break;
        }
    free(line);
    fclose(f);
    return v;
}

/* One number from a cgroup file; UINT64_MAX for "max", absent or huge. */
static uint64_t read_limit(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return UINT64_MAX;
    char *line = NULL;
    size_t cap = 0;
    ssize_t got = getline(&line, &cap, f);
    fclose(f);
    uint64_t v = UINT64_MAX;
    if (got > 0 && strncmp(line, "max", 3) != 0) {
        v = strtoull(line, NULL, 10);
        /* cgroup v1 writes "no limit" as a page-rounded 2^63. */
        if (v >= (1ull << 62))
            v = UINT64_MAX;
    }
    free(line);
    return v;
}

/* The room a cgroup directory leaves: its limit less its use, or
 * UINT64_MAX when it sets none. */
static uint64_t room_in(const char *base, const char *sub, const char *limit_file, const char *usage_file)
{
    char *path = NULL;
    if (asprintf(&path, "%s%s/%s", base, sub, limit_file) < 0)
        return UINT64_MAX;
    uint64_t limit = read_limit(path);
    free(path);
    if (limit == UINT64_MAX || asprintf(&path, "%s%s/%s", base, sub, usage_file) < 0)
        return UINT64_MAX;
    uint64_t used = read_limit(path);
    free(path);
    return sat_sub(limit, used == UINT64_MAX ? 0 : used);
}

/* The cgroup's limit less its use: v2 ("0::/path") or v1's memory
 * controller ("N:memory:/path"); the mount may show the path or only
 * its root (inside a container), so both are tried. */
static uint64_t cgroup_room(void)
{
    FILE *f = fopen("/proc/self/cgroup", "r");
    if (!f)
        return UINT64_MAX;
    char *line = NULL;
    size_t cap = 0;
    uint64_t room = UINT64_MAX;
    while (getline(&line, &cap, f) > 0) {
        line[strcspn(line, "\n")] = 0;
        const char *limit_file, *usage_file, *base;
        char *rest;
        if (strncmp(line, "0::", 3) == 0) {
            rest = line + 3;
            base = "/sys/fs/cgroup";
            limit_file = "memory.max";
            usage_file = "memory.current";
        } else if ((rest = strstr(line, ":memory:")) != NULL) {
            rest += 8;
            base = "/sys/fs/cgroup/memory";
            limit_file = "memory.limit_in_bytes";
            usage_file = "memory.usage_in_bytes";
        } else
            continue;
        uint64_t r = room_in(base, rest, limit_file, usage_file);
        if (r == UINT64_MAX)
            r = room_in(base, "", limit_file, usage_file);
        room = r < room ? r : room;
    }
    free(line);
    fclose(f);
    return room;
}

static void take(mem_budget *b, uint64_t room, const char *why)
{
    if (room < b->bytes) {
        b->bytes = room;
        snprintf(b->limit, sizeof b->limit, "%s", why);
    }
}

void mem_budget_now(mem_budget *b)
{
    b->bytes = UINT64_MAX;
    b->limit[0] = 0;
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
    uint64_t rss = proc_kb("/proc/self/status", "VmRSS"), vsize = proc_kb("/proc/self/status", "VmSize");
    if (pages > 0 && size > 0)
        take(b, sat_sub((uint64_t)pages * (uint64_t)size / 4 * 3, rss), "three quarters of physical memory");
    uint64_t avail = proc_kb("/proc/meminfo", "MemAvailable");
    if (avail)
        take(b, avail, "the memory this machine has available now (MemAvailable)");
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        take(b, sat_sub((uint64_t)rl.rlim_cur, vsize), "the address-space limit (ulimit -v)");
    take(b, cgroup_room(), "the cgroup's memory limit");
    b->bytes = sat_sub(b->bytes, MEM_MARGIN);
}

void mem_format_bytes(uint64_t bytes, char *buf, int len)
{
    if (len < MEM_BYTES_TEXT)
        die("internal error: %d bytes is too little room for a size (%d needed)", len, MEM_BYTES_TEXT);
    if (bytes == UINT64_MAX) {
        snprintf(buf, (size_t)len, "more than 16 EiB");
        return;
    }
    static const char *const unit[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = (double)bytes;
    int u = 0;
    while (v >= 1024 && u < 6) {
        v /= 1024;
        u++;
    }
    if (u == 0)
        snprintf(buf, (size_t)len, "%llu bytes", (unsigned long long)bytes);
    else
        snprintf(buf, (size_t)len, "%.*f %s", v < 10 ? 1 : 0, v, unit[u]);
}

uint64_t mem_peak_rss(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    /* Linux counts ru_maxrss in KiB. */
    return (uint64_t)ru.ru_maxrss * 1024;
}

void advise_huge_pages(void *p, uint64_t bytes)
{
#ifdef MADV_HUGEPAGE
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t from = ((uintptr_t)p + huge - 1) & ~(huge - 1), to = ((uintptr_t)p + bytes) & ~(huge - 1);
    if (to > from)
        (void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
    (void)p;
    (void)bytes;
#endif
}
