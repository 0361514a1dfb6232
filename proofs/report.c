/*
 * report.c -- the report a claim's check fills, and the verdict rules.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claim.h"

int claim_report_init(claim_report *r, const claim_def *c, const sn_table *t)
{
    memset(r, 0, sizeof *r);
    r->table = t;
    while (r->nparts < CLAIM_MAX_PARTS && c->parts[r->nparts])
        r->nparts++;
    r->kept = calloc(CLAIM_KEEP_MISMATCHES, sizeof *r->kept);
    return r->kept ? 0 : -1;
}

void claim_report_free(claim_report *r)
{
    free(r->kept);
    r->kept = NULL;
}

claim_status claim_part_status(const claim_report *r, int part)
{
    if (r->mismatches[part] > 0)
        return CLAIM_FAILS;
    return r->cases[part] > 0 ? CLAIM_HOLDS : CLAIM_EMPTY;
}

claim_status claim_verdict(const claim_report *r)
{
    bool empty = r->nparts == 0;
    for (int p = 0; p < r->nparts; p++) {
        claim_status s = claim_part_status(r, p);
        if (s == CLAIM_FAILS)
            return CLAIM_FAILS;
        if (s == CLAIM_EMPTY)
            empty = true;
    }
    return empty ? CLAIM_EMPTY : CLAIM_HOLDS;
}

const char *claim_status_name(claim_status s)
{
    switch (s) {
    case CLAIM_HOLDS:
        return "HOLDS";
    case CLAIM_FAILS:
        return "FAILS";
    default:
        return "EMPTY";
    }
}

void claim_cases(claim_report *r, int part, uint64_t n)
{
    r->cases[part] += n;
}

void claim_format_half(int64_t twice, char *buf, int len)
{
    int64_t whole = twice / 2;
    if (twice % 2 == 0)
        snprintf(buf, (size_t)len, "%lld", (long long)whole);
    else if (twice < 0)
        snprintf(buf, (size_t)len, "-%lld.5", (long long)(-twice / 2));
    else
        snprintf(buf, (size_t)len, "%lld.5", (long long)whole);
}

void claim_mismatch_text(claim_report *r, int part, uint64_t rank, int M, bool has_lane,
                         const char *expected, const char *actual)
{
    r->mismatches[part]++;
    if (r->nkept >= CLAIM_KEEP_MISMATCHES)
        return;
    claim_mismatch *m = &r->kept[r->nkept++];
    m->part = part;
    m->rank = rank;
    m->M = M;
    m->has_lane = has_lane;
    snprintf(m->expected, sizeof m->expected, "%s", expected);
    snprintf(m->actual, sizeof m->actual, "%s", actual);
}

void claim_mismatch_values(claim_report *r, int part, uint64_t rank, int M, int64_t expected2,
                           int64_t actual2)
{
    char e[32], a[32];
    claim_format_half(expected2, e, sizeof e);
    claim_format_half(actual2, a, sizeof a);
    claim_mismatch_text(r, part, rank, M, true, e, a);
}

void claim_finding_add(claim_report *r, const char *key, const char *fmt, ...)
{
    if (r->nfindings >= CLAIM_MAX_FINDINGS)
        return;
    claim_finding *f = &r->findings[r->nfindings++];
    snprintf(f->key, sizeof f->key, "%s", key);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->value, sizeof f->value, fmt, ap);
    va_end(ap);
}
