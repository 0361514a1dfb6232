/*
 * rn_look.h -- a statement of the thesis read at a position of a
 * certificate's game through functions that record what it read, so that
 * the period it repeats with is checked against what its code reads (docs/proofs.md, "The
 * statement"; proofcheck's section 5 is the independent counterpart).
 *
 * A statement written as an rn_look_fn sees its position only through
 * rn_look_mod (a pile's residue), rn_look_below and rn_look_is (a pile
 * compared with a number) and the rn_look_value family (values at the
 * position moved by an offset, through the certificate's fold).  Evaluated
 * at a position with a pile p_i >= R, it asks the same questions as at
 * p_i - L and gets the same answers when L is a multiple of every modulus
 * it used, R - L passes every number it compared a pile with, and R - L
 * >= A + the deepest offset it read below (A the values' preperiod).  So
 * having evaluated the statement at every position below
 * the statement's region R (rn_cert_region's, L = lcm(t, declared
 * period)), rn_look_check checks exactly that: a statement whose code reads more than
 * its declaration covers (a difference planted at a far pile) stops the
 * run as an internal error, and is never CERTIFIED.  The loops of a claim
 * stay its own (its cases and its mismatches' texts); only the decision
 * at a position goes through here.
 */
#ifndef RN_LOOK_H
#define RN_LOOK_H

#include "proofs/huibers/rn_certify.h"

typedef struct {
    const rn_cert *z;
    int p[2];          /* the position's piles (pile 1 only with two piles) */
    long q;            /* lcm of the moduli read                         */
    long f;            /* least pile past every comparison made          */
    long deep;         /* most chips below the position a value was read */
} rn_look;

/* p_i mod m. */
int rn_look_mod(rn_look *s, int i, int m);
/* p_i < c; p_i == c. */
bool rn_look_below(rn_look *s, int i, int c);
bool rn_look_is(rn_look *s, int i, int c);
/* The certified value under restricted number tag at the position with
 * pile i moved by d_i (pile 1 ignored on one pile). */
uint64_t rn_look_value(rn_look *s, int d0, int d1, int tag);
/* The restricted numbers under which the player to move wins there. */
uint64_t rn_look_wins(rn_look *s, int d0, int d1);

/* A statement at one position: true when it holds (ctx: the claim's). */
typedef bool (*rn_look_fn)(rn_look *s, const void *ctx);
/* How many cases of its part the claim counts at piles p (n of them):
 * accounting only (raw piles allowed). */
typedef int (*rn_look_cases)(const rn_cert *z, const int *p, int n, const void *ctx);
/* What a failure at piles p records: the claim's mismatches, in its own
 * words (raw piles allowed: it only reports). */
typedef void (*rn_look_report)(claim_report *r, const rn_cert *z, const int *p, int n, const void *ctx);

/* The statement at every position below `region` (one pile n; two piles
 * a <= b, and b, a again, which must agree: a statement of a multiset):
 * the cases counted (cases NULL: one a position), each failure reported
 * (a failure its report records no mismatch for stops the run), then
 * rn_look_check.  Every position is evaluated, whatever the claim counts:
 * the descent may land on any. */
void rn_look_over(claim_report *r, const rn_cert *z, int region, int part, rn_look_cases cases, rn_look_fn holds,
                  rn_look_report report, const void *ctx);
/* After a statement was read at every position below `region`
 * (z->stmt_region): what it read repeats within the declared period and
 * start (above), or the run stops as an internal error. */
void rn_look_check(const rn_cert *z, int region, const rn_look *seen);
/* The statement at every position below `region` (both orders of two
 * piles), then rn_look_check: whether it holds at all of them.  For a
 * claim whose own loop visits only some positions, in an order of its
 * own: what that loop finds must agree (the caller checks). */
bool rn_look_all(const rn_cert *z, int region, rn_look_fn holds, const void *ctx);
/* For a loop of the claim's own that visits every position below the
 * region: start, then the statement at piles (a) or (a, b) (and (b, a)),
 * what it read merged into seen. */
void rn_look_start(rn_look *seen, const rn_cert *z);
bool rn_look_holds(const rn_cert *z, int a, int b, rn_look_fn holds, const void *ctx, rn_look *seen);

/* A statement two readings of Section 4.5 share (ctx: the int a): one
 * pile, lost for the mover (the player before him makes the last move)
 * whatever is restricted, exactly when the pile is a multiple of a. */
bool rn_look_lost_iff_multiple(rn_look *s, const void *ctx);

#endif
