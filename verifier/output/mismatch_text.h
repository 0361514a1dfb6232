/*
 * mismatch_text.h -- a kept mismatch as text, the same in mismatches.csv
 * and in report.html (mismatch_text.c): where it is, its N, and its
 * witness, an optimal line of play read back from the table.
 */
#ifndef MISMATCH_TEXT_H
#define MISMATCH_TEXT_H

#include <stdint.h>

#include "core/engine/table.h"
#include "proofs/claim.h"

/* The witness of a mismatch: an optimal line from the position at M, as
 * the game writes positions, "" when M is not a lane of t (free it). */
char *results_witness(const value_table *t, uint64_t rank, int64_t M);

/* A kept mismatch as the texts of mismatches.csv and report.html: where,
 * N and the witness (an optimal line, or the claim's own note), each
 * whole. */
typedef struct {
    char *pos, n[32];
    char *witness;
    const char *where, *note;
} results_mismatch_text;
void results_mismatch_text_init(results_mismatch_text *mt, const value_table *t);
void results_mismatch_fill(results_mismatch_text *mt, const value_table *t, const claim_mismatch *m);
void results_mismatch_text_free(results_mismatch_text *mt);

#endif
