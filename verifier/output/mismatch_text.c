/*
 * mismatch_text.c -- kept mismatches as text, with their witnesses (see
 * mismatch_text.h).
 */
#include "verifier/output/mismatch_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"

void results_mismatch_text_init(results_mismatch_text *mt, const value_table *t)
{
    (void)t;
    memset(mt, 0, sizeof *mt);
}

void results_mismatch_fill(results_mismatch_text *mt, const value_table *t, const claim_mismatch *m)
{
    free(mt->pos);
    free(mt->witness);
    mt->pos = mt->witness = NULL;
    mt->n[0] = 0;
    /* Positions named in text (families, statements about no single
     * position) carry their own note; table positions get an optimal line
     * from the table as their witness. */
    if (m->where != NULL || !t) {
        mt->where = m->where ? m->where : "";
        mt->note = m->note ? m->note : "";
        return;
    }
    mt->pos = table_position_text(t, m->rank);
    mt->where = mt->pos;
    mt->note = "";
    /* A block of a split table sent its witness with the mismatch (the
     * lane is not held here). */
    if (m->has_lane && m->note) {
        claim_format_half(m->M, mt->n, sizeof mt->n);
        mt->note = m->note;
    } else if (m->has_lane) {
        claim_format_half(m->M, mt->n, sizeof mt->n);
        mt->witness = results_witness(t, m->rank, m->M);
        mt->note = mt->witness;
    }
}

void results_mismatch_text_free(results_mismatch_text *mt)
{
    free(mt->pos);
    free(mt->witness);
    mt->pos = mt->witness = NULL;
}

char *results_witness(const value_table *t, uint64_t rank, int64_t M)
{
    int lane = table_lane_of(t, M);
    if (lane < 0)
        return xstrdup("", "a witness line");
    /* A line of play goes down a layer at every move. */
    uint64_t most = (t->nlayers ? t->nlayers : t->count) + 1;
    if (most > INT32_MAX)
        die("internal error: a line of play of %llu positions", (unsigned long long)most);
    uint64_t *line = xmalloc(xmul((size_t)most, sizeof *line, "a witness line"), "a witness line");
    int n = table_optimal_line(t, rank, lane, line, (int)most);
    /* The positions one after another, " > " between, in a buffer that
     * doubles when a position does not fit (never cut). */
    size_t cap = 256, used = 0;
    char *text = xmalloc(cap, "a witness line");
    text[0] = 0;
    for (int i = 0; i < n; i++) {
        for (;;) {
            size_t room = cap - used;
            int len = snprintf(text + used, room, "%s", i ? " > " : "");
            if (len >= 0 && (size_t)len < room)
                len += table_position_text_into(t, line[i], text + used + (size_t)len, room - (size_t)len);
            if (len >= 0 && (size_t)len < room) {
                used += (size_t)len;
                break;
            }
            text[used] = 0;
            cap = xmul(cap, 2, "a witness line");
            text = xrealloc(text, cap, "a witness line");
        }
    }
    free(line);
    return text;
}

