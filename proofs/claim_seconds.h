/*
 * claim_seconds.h -- how long each claim took at its default sizes in the
 * default sweep (`make verify`) on the 2-core machine the project is
 * measured on: `check` estimates the claims it will run from these, and
 * weighs the progress of its claims phase by them.  The table,
 * proofs/claim_seconds.tsv (built into the library), is rewritten by
 * `make claim-seconds` from the per-claim times of make verify's newest
 * results and of a sweep of make bench's size;
 * test_claims checks that it names every claim and nothing else.
 */
#ifndef CLAIM_SECONDS_H
#define CLAIM_SECONDS_H

/* Seconds claim `id` took at its default sizes (in the first sweep
 * measured, make verify's); -1 when not measured. */
double claim_default_seconds(const char *id);

/* A claim not measured yet (added since the last `make records`): the
 * median of the measured seconds of its paper's claims (the ids before
 * their '/'), the estimate check prints and flags; -1 when its paper has
 * none measured. */
double claim_fallback_seconds(const char *id);

/* Seconds table claim `id` would take on a sweep of the default game at
 * `piles` and `bound` holding `cells` (position, N) values: its
 * measured seconds on that very sweep, else its seconds a cell on the
 * measured sweep of the nearest count of piles (a claim's work a cell
 * depends on the piles much more than on the bound) times `cells`; -1
 * when not measured. */
double claim_table_seconds(const char *id, int piles, int bound, double cells);

/* The measured tables, one a sweep: make verify's (6 piles, bound 32:
 * every claim) and make bench's (3 piles, bound 200: the os claims). */
typedef struct {
    const char *id;
    double seconds;
} claim_seconds_entry;
typedef struct {
    int piles, bound;
    double cells; /* positions x bonus values of the sweep */
    const claim_seconds_entry *entries;
    int count;
} claim_seconds_sweep;
extern const claim_seconds_sweep CLAIM_SECONDS_SWEEPS[];
extern const int CLAIM_SECONDS_SWEEP_COUNT;

#endif
