/*
 * report.c -- the report a claim's check fills, and the verdict rules.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xalloc.h"
#include "claim.h"

int claim_report_init(claim_report *r, const claim_def *c, const sn_table *t)
{
    memset(r, 0, sizeof *r);
    r->table = t;
    while (r->nparts < CLAIM_MAX_PARTS && c->parts[r->nparts])
        r->nparts++;
    r->kept = sn_xcalloc(CLAIM_KEEP_MISMATCHES, sizeof *r->kept, "the mismatch list of a claim");
    return 0;
}

void claim_report_free(claim_report *r)
{
    free(r->kept);
    free(r->rows);
    r->kept = NULL;
    r->rows = NULL;
}

claim_game_row *claim_game_add(claim_report *r)
{
    if (r->nrows == r->rows_cap) {
        int cap = r->rows_cap ? 2 * r->rows_cap : 256;
        r->rows = sn_xrealloc(r->rows, sn_xmul((size_t)cap, sizeof *r->rows, "the rows of games.csv"),
                              "the rows of games.csv");
        r->rows_cap = cap;
    }
    claim_game_row *row = &r->rows[r->nrows++];
    memset(row, 0, sizeof *row);
    return row;
}

void claim_mismatch_at(claim_report *r, int part, const char *where, const char *expected, const char *actual,
                       const char *note)
{
    int before = r->nkept;
    claim_mismatch_text(r, part, 0, 0, false, expected, actual);
    if (r->nkept == before)
        return;
    claim_mismatch *m = &r->kept[r->nkept - 1];
    snprintf(m->where, sizeof m->where, "%s", where);
    snprintf(m->note, sizeof m->note, "%s", note ? note : "");
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
    if (empty)
        return CLAIM_EMPTY;
    return r->has_family_status ? r->family_status : CLAIM_HOLDS;
}

void claim_set_family_status(claim_report *r, claim_status s)
{
    r->has_family_status = true;
    r->family_status = s;
}

const char *claim_status_name(claim_status s)
{
    switch (s) {
    case CLAIM_HOLDS:
        return "HOLDS";
    case CLAIM_FAILS:
        return "FAILS";
    case CLAIM_CERTIFIED:
        return "CERTIFIED";
    case CLAIM_OBSERVED:
        return "OBSERVED";
    case CLAIM_UNDECIDED:
        return "UNDECIDED";
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
    m->where[0] = m->note[0] = 0;
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
