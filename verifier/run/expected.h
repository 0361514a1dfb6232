/*
 * expected.h -- a committed record of a run's verdicts (`check --expect
 * FILE`, written by `check --write-expected FILE`): after the summary, the
 * run says whether its verdicts are the record's and names every claim
 * whose verdict differs.  `make verify` compares its run with
 * nightly/verify.json.
 *
 * The file is one JSON object: {"about": TEXT, "args": [the command line's
 * words after "check"], "verdicts": {"CLAIM ID": "STATUS", ...}}.
 */
#ifndef EXPECTED_H
#define EXPECTED_H

#include <stdio.h>

#include "proofs/claim.h"

typedef struct {
    char *path;
    int n;
    char **id, **status;
} expected_verdicts;

/* Reads and checks the record (every status a verdict's name).  Returns
 * 0, or -1 with a one-line reason. */
int expected_load(expected_verdicts *e, const char *path, char *err, int errlen);
void expected_free(expected_verdicts *e);

/* Prints whether the verdicts of claims[0..n) are the record's, and each
 * claim whose verdict differs or that the record does not have.  Returns
 * how many differ. */
int expected_compare(FILE *f, const expected_verdicts *e, const claim_def *const *claims,
                     const claim_report *reports, int n);

/* Writes the record of claims[0..n)'s verdicts to path (through a
 * temporary file renamed into place), with the command line's words
 * args[0..nargs).  Returns 0, or -1 with a reason. */
int expected_write(const char *path, const char *const *args, int nargs, const claim_def *const *claims,
                   const claim_report *reports, int n, char *err, int errlen);

#endif
