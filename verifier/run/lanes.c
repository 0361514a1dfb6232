/*
 * lanes.c -- a Scoring Nim run split over ranks by blocks of lanes (see
 * lanes.h): the blocks, the merge of the claims' reports on rank 0, and
 * the whole table's checksum.
 */
#include "verifier/run/lanes.h"

#include <jansson.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "verifier/run/checkpoint.h"
#include "verifier/output/results.h"
#include "verifier/base/json_checked.h"

void lanes_block(const run_ranks *r, int lanes, int *lo, int *hi)
{
    /* The first lanes % size ranks take one lane more. */
    int base = lanes / r->size, extra = lanes % r->size;
    *lo = r->rank * base + (r->rank < extra ? r->rank : extra);
    *hi = *lo + base + (r->rank < extra ? 1 : 0);
}

void lanes_join(value_table *t, const run_ranks *r)
{
    t->split = (lane_split){.part = r->rank, .parts = r->size, .reduce = ranks_reduce, .arg = (void *)r};
}

/* Witness lines of the kept mismatches whose lane this rank holds: an
 * optimal line at that N reads only that N, so the block can write it. */
static void fill_witnesses(const value_table *t, claim_report *rep)
{
    for (int i = 0; i < rep->nkept; i++) {
        claim_mismatch *m = &rep->kept[i];
        int lane = table_lane_of(t, m->M);
        if (m->where || m->note || !m->has_lane || lane < 0 || !table_holds(t, lane))
            continue;
        m->note = results_witness(t, m->rank, m->M);
    }
}

json_t *lanes_gather_json(const run_ranks *r, json_t *mine)
{
    char *text = jx_dumps(mine, JSON_COMPACT | JSON_ENCODE_ANY);
    json_decref(mine);
    if (!text)
        die("out of memory sending a checkpoint's description");
    size_t *lens = xcalloc((size_t)r->size, sizeof *lens, "the ranks' descriptions");
    unsigned char *all = ranks_gather(r, text, strlen(text), lens);
    free(text);
    json_t *arr = NULL;
    if (r->rank == 0) {
        arr = json_array();
        size_t at = 0;
        if (!arr)
            die("out of memory gathering the ranks' descriptions");
        for (int q = 0; q < r->size; q++) {
            json_error_t e;
            json_t *one = json_loadb((const char *)all + at, lens[q], JSON_DECODE_ANY, &e);
            if (!one)
                die("internal error: rank %d sent a description that does not read back", q);
            /* A rank missing from the array would drop its counts. */
            jx_append(arr, one);
            at += lens[q];
        }
    }
    free(all);
    free(lens);
    return arr;
}

void lanes_merge_report(const run_ranks *r, const value_table *t, const claim_def *c, claim_report *rep)
{
    fill_witnesses(t, rep);
    json_t *all = lanes_gather_json(r, ckpt_report_json(rep));
    if (r->rank != 0)
        return;
    claim_report merged;
    claim_report_init(&merged, c, t);
    claim_report_keep(&merged, rep->keep);
    size_t q;
    json_t *one;
    json_array_foreach(all, q, one) {
        claim_report part;
        claim_report_init(&part, c, t);
        claim_report_keep(&part, rep->keep);
        if (ckpt_report_from_json(&part, one) != 0)
            die("internal error: rank %zu sent a report of %s that does not read back", q, c->id);
        claim_report_absorb(&merged, &part);
        claim_report_free(&part);
    }
    json_decref(all);
    claim_report_settle(&merged);
    merged.seconds = rep->seconds;
    claim_report_free(rep);
    *rep = merged;
}

/* Rows a batch of the checksum: about 8 MiB of values. */
static uint64_t checksum_batch(const value_table *t)
{
    uint64_t rows = ((uint64_t)8 << 20) / ((uint64_t)t->win.lanes * 4);
    return rows > 0 ? rows : 1;
}

static void put_le32(uint8_t *p, int32_t v)
{
    uint32_t u = (uint32_t)v;
    p[0] = (uint8_t)u;
    p[1] = (uint8_t)(u >> 8);
    p[2] = (uint8_t)(u >> 16);
    p[3] = (uint8_t)(u >> 24);
}

void lanes_table_sha256(const run_ranks *r, const value_table *t, char hex[TABLE_SHA256_HEX])
{
    uint64_t batch = checksum_batch(t), count = t->count;
    int own = t->own_hi - t->own_lo, lanes = t->win.lanes;
    int32_t *row = xmalloc((size_t)lanes * sizeof *row, "a row");
    uint8_t *mine = xmalloc(xmul((size_t)batch, (size_t)own * 4, "a batch of rows"), "a batch of rows");
    uint8_t *line = xmalloc((size_t)lanes * 4, "a row");
    size_t *lens = xcalloc((size_t)r->size, sizeof *lens, "a batch of rows");
    uint64_t *words = xmalloc(xmul((size_t)(lanes > 1 ? (lanes - 1 + 63) / 64 : 1), sizeof *words, "a row"), "a row");
    struct sha256_ctx sha;
    sha256_init(&sha);
    for (uint64_t first = 0; first < count; first += batch) {
        uint64_t n = count - first < batch ? count - first : batch;
        for (uint64_t i = 0; i < n; i++) {
            table_row_get(t, first + i, row);
            for (int l = 0; l < own; l++)
                put_le32(mine + (i * (uint64_t)own + (uint64_t)l) * 4, row[t->own_lo + l]);
        }
        unsigned char *all = ranks_gather(r, mine, (size_t)n * (size_t)own * 4, lens);
        if (r->rank != 0)
            continue;
        /* Rank q's part of row i is at its offset plus i times its width;
         * the blocks follow each other in lane order.  The whole row then
         * goes in as table_sha256 hashes a row (its canonical form). */
        for (uint64_t i = 0; i < n; i++) {
            size_t at = 0, used = 0;
            for (int q = 0; q < r->size; q++) {
                size_t width = lens[q] / (size_t)n;
                memcpy(line + used, all + at + i * width, width);
                used += width;
                at += lens[q];
            }
            for (int l = 0; l < lanes; l++)
                row[l] = (int32_t)((uint32_t)line[4 * l] | (uint32_t)line[4 * l + 1] << 8 |
                                   (uint32_t)line[4 * l + 2] << 16 | (uint32_t)line[4 * l + 3] << 24);
            table_sha_row(&sha, row, lanes, words);
        }
        free(all);
    }
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(&sha, SHA256_DIGEST_SIZE, digest);
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    free(row);
    free(mine);
    free(line);
    free(lens);
    free(words);
}
