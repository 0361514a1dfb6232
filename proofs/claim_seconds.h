/*
 * claim_seconds.h -- how long each claim took at its default sizes in the
 * default sweep (`make verify`) on the 2-core machine the project is
 * measured on: `check` estimates the claims it will run from these, and
 * weighs the progress of its claims phase by them.  The table,
 * proofs/claim_seconds.tsv (built into the library), is rewritten by
 * `make claim-seconds` from the newest results' per-claim times;
 * test_claims checks that it names every claim and nothing else.
 */
#ifndef CLAIM_SECONDS_H
#define CLAIM_SECONDS_H

/* Seconds claim `id` took at its default sizes; -1 when not measured. */
double claim_default_seconds(const char *id);

/* The measured table, for the test that every claim is in it. */
typedef struct {
    const char *id;
    double seconds;
} claim_seconds_entry;
extern const claim_seconds_entry CLAIM_SECONDS[];
extern const int CLAIM_SECONDS_COUNT;
/* The table sweep they were measured on (a table claim's seconds hold
 * for that sweep only). */
extern const int CLAIM_SECONDS_PILES, CLAIM_SECONDS_BOUND;

#endif
