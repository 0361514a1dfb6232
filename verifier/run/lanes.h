/*
 * lanes.h -- a Scoring Nim run split over the ranks of an MPI run by
 * blocks of lanes (table.h): recursion (2) for one N never reads another
 * N, so each rank sweeps its block of bonus values (and a halo) and holds
 * only those; the claims compare on their own lanes (nim_view.h); rank 0
 * gathers the reports, the whole table's checksum and the few whole rows
 * the report draws, and writes one results directory, byte-identical to
 * one process's.
 */
#ifndef LANES_H
#define LANES_H

#include <jansson.h>

#include "core/engine/table.h"
#include "proofs/claim.h"
#include "verifier/run/ranks.h"

/* Lanes either side of a block that the claims may read: Proposition 3.1
 * and Corollary 3.2 compare each lane with its neighbours. */
#define LANES_HALO 1

/* Rank r's block of `lanes` lanes: [lo, hi), as even as can be. */
void lanes_block(const run_ranks *r, int lanes, int *lo, int *hi);

/* Makes `t` (rank r's block) a block of the split: its part and the
 * reduction over the ranks. */
void lanes_join(value_table *t, const run_ranks *r);

/* One claim's reports of every rank become one on rank 0 (every rank
 * calls it after each Scoring Nim claim): counts added, the witnesses of
 * each rank's kept mismatches written by the rank that holds their lane,
 * mismatches kept by the order of claim.h, findings in rank order.  The
 * other ranks' reports are left as they were. */
void lanes_merge_report(const run_ranks *r, const value_table *t, const claim_def *c, claim_report *rep);

/* Every rank's JSON value (taken), in rank order, as an array on rank 0;
 * NULL on the other ranks. */
json_t *lanes_gather_json(const run_ranks *r, json_t *mine);

/* The whole table's checksum (table_sha256's), on rank 0: every rank
 * sends its lanes of a batch of rows at a time. */
void lanes_table_sha256(const run_ranks *r, const value_table *t, char hex[TABLE_SHA256_HEX]);

#endif
