/*
 * rn_look.c -- statements read through recorded questions, and the check
 * that they repeat as declared (see rn_look.h).
 */
#include "proofs/huibers/rn_look.h"

#include "core/engine/xalloc.h"

static long gcd_of(long a, long b)
{
    while (b) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int rn_look_mod(rn_look *s, int i, int m)
{
    s->q = s->q / gcd_of(s->q, m) * m;
    return s->p[i] % m;
}

bool rn_look_below(rn_look *s, int i, int c)
{
    s->f = c > s->f ? c : s->f;
    return s->p[i] < c;
}

bool rn_look_is(rn_look *s, int i, int c)
{
    s->f = c + 1 > s->f ? c + 1 : s->f;
    return s->p[i] == c;
}

uint64_t rn_look_value(rn_look *s, int d0, int d1, int tag)
{
    int n = s->z->piles, q[2] = {s->p[0] + d0, s->p[1] + d1}, d[2] = {d0, d1};
    for (int i = 0; i < n; i++) {
        if (-d[i] > s->deep)
            s->deep = -d[i];
        if (q[i] < 0)
            die("internal error: a statement read a pile of %d chips", q[i]);
    }
    return rn_cert_value(s->z, q, n, tag);
}

uint64_t rn_look_wins(rn_look *s, int d0, int d1)
{
    uint64_t set = 0;
    for (int t = 0; t < rn_tags(&s->z->s); t++)
        if (rn_look_value(s, d0, d1, t) != 0)
            set |= 1ull << t;
    return set;
}

void rn_look_start(rn_look *seen, const rn_cert *z)
{
    *seen = (rn_look){.z = z, .q = 1};
}

/* The statement at one ordered position, what it read merged into seen. */
static bool look_at(const rn_cert *z, int a, int b, rn_look_fn holds, const void *ctx, rn_look *seen)
{
    rn_look s = {.z = z, .p = {a, b}, .q = 1};
    bool ok = holds(&s, ctx);
    seen->q = seen->q / gcd_of(seen->q, s.q) * s.q;
    seen->f = s.f > seen->f ? s.f : seen->f;
    seen->deep = s.deep > seen->deep ? s.deep : seen->deep;
    return ok;
}

bool rn_look_holds(const rn_cert *z, int a, int b, rn_look_fn holds, const void *ctx, rn_look *seen)
{
    bool ok = look_at(z, a, z->piles == 2 ? b : 0, holds, ctx, seen);
    /* A statement of a multiset: (b, a) says the same, and what it reads
     * there counts too (the descent shifts either pile). */
    if (z->piles == 2 && a != b && look_at(z, b, a, holds, ctx, seen) != ok)
        die("internal error: k = %d: a statement of two piles differs at (%d,%d) and (%d,%d)", z->k, a, b, b, a);
    return ok;
}

void rn_look_check(const rn_cert *z, int region, const rn_look *seen)
{
    if (region != z->stmt_region)
        die("internal error: a statement read below %d, its region %d", region, z->stmt_region);
    /* The descent of rn_look.h: a pile of at least the region, shifted
     * down by L, asks the same questions and gets the same answers. */
    long t = z->c.per, L = t / gcd_of(t, z->stmt_q) * z->stmt_q, start = region - L;
    if (L % seen->q != 0)
        die("internal error: k = %d: the statement read residues mod %ld, which its declared period (lcm %ld) does "
            "not cover",
            z->k, seen->q, L);
    if (start < seen->f)
        die("internal error: k = %d: the statement compared a pile with %ld, past the start of its declared repeat "
            "(%ld)",
            z->k, seen->f - 1, start);
    if (start < z->c.pre + seen->deep)
        die("internal error: k = %d: the statement read values %ld chips below a pile, so it repeats from %ld, past "
            "%ld",
            z->k, seen->deep, z->c.pre + seen->deep, start);
}

void rn_look_over(claim_report *r, const rn_cert *z, int region, int part, rn_look_cases cases, rn_look_fn holds,
                  rn_look_report report, const void *ctx)
{
    rn_look seen;
    rn_look_start(&seen, z);
    int n = z->piles;
    for (int a = 0; a < region; a++)
        for (int b = n == 1 ? 0 : a; b < (n == 1 ? 1 : region); b++) {
            int p[2] = {a, b};
            int counted = cases ? cases(z, p, n, ctx) : 1;
            if (counted > 0)
                claim_cases(r, part, (uint64_t)counted);
            if (rn_look_holds(z, a, b, holds, ctx, &seen))
                continue;
            uint64_t before = rn_mismatches_so_far(r);
            report(r, z, p, n, ctx);
            if (rn_mismatches_so_far(r) == before)
                die("internal error: k = %d: the statement fails at (%d%s%.0d) and its claim records no mismatch",
                    z->k, a, n == 2 ? "," : "", n == 2 ? b : 0);
        }
    rn_look_check(z, region, &seen);
}

bool rn_look_all(const rn_cert *z, int region, rn_look_fn holds, const void *ctx)
{
    rn_look seen;
    rn_look_start(&seen, z);
    bool all = true;
    int n = z->piles;
    for (int a = 0; a < region; a++)
        for (int b = n == 1 ? 0 : a; b < (n == 1 ? 1 : region); b++)
            all = rn_look_holds(z, a, b, holds, ctx, &seen) && all;
    rn_look_check(z, region, &seen);
    return all;
}

bool rn_look_lost_iff_multiple(rn_look *s, const void *ctx)
{
    int a = *(const int *)ctx;
    bool all = true;
    for (int t = 0; t < rn_tags(&s->z->s); t++)
        all = all && rn_look_value(s, 0, 0, t) == 0;
    return all == (rn_look_mod(s, 0, a) == 0);
}
