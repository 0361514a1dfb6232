/*
 * errata.h -- what a run found wrong in each paper, as a referee would list
 * it: errata.md in the results directory and "errata" in summary.json.
 *
 * For each paper (proofs' claim_papers) whose claims ran, in order:
 *   counts       its errata by grade (certain, probable, wording: claim.h);
 *   errata       every claim that FAILS as the paper means it (not a
 *                strict or literal reading): a printed table's cells, each
 *                an erratum with its grade and evidence; a statement, one
 *                erratum graded with its evidence (a wording's
 *                correction, a proof's result that holds), its failing
 *                parts' counterexamples, and the claims that repeat its
 *                oversight ("also"); every listed mismatch with where,
 *                stated, computed, the witness and the command that
 *                replays it;
 *   readings     the strict or literal readings that FAIL, each with its
 *                smallest counterexample and why it is expected;
 *   not refuted  what could not be read or decided: GARBLED tables (cells
 *                that agree, differences the damaged text explains,
 *                undecided cells) and EMPTY claims;
 *   open         what the search left open: OBSERVED and UNDECIDED claims.
 * Nothing in it depends on the machine or the moment: it is byte-identical
 * for any thread or process count (docs/errata.md holds the default
 * run's, and the nightly golden record its checksum).
 */
#ifndef ERRATA_H
#define ERRATA_H

#include <jansson.h>

#include "verifier/output/run_record.h"

/* Errata listed in full per claim; the rest are counted (mismatches.csv
 * lists them). */
#define ERRATA_LISTED 20
/* Counterexamples listed per failing part of a statement. */
#define ERRATA_EXAMPLES 3

/* A failing claim's errata counted by grade (index CLAIM_GRADE_*): each
 * cell of a printed table one, a statement one of its claim's grade. */
void errata_grades(const claim_def *c, const claim_report *r, uint64_t count[CLAIM_GRADE_WORDING + 1]);
/* "2 certain, 1 probable" (the grades counted), into out (len bytes). */
void errata_grades_text(const uint64_t count[CLAIM_GRADE_WORDING + 1], char *out, size_t len);

/* A failing claim's verdict in words, for the summary's line: "4 errata
 * (2 certain, 2 probable)", "17 counterexamples, one erratum (wording)". */
void errata_verdict_text(const claim_def *c, const claim_report *r, char *out, size_t len);

/* The run's errata as JSON (an array, one object a paper that ran). */
json_t *errata_json(const results_run *run);
/* Writes dir/errata.md from errata_json's document.  Returns 0, or -1 with
 * a reason naming the file. */
int errata_write(const char *dir, const json_t *errata, char *err, int errlen);

#endif
