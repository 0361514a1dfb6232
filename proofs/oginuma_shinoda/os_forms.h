/*
 * os_forms.h -- closed forms of Scoring Nim's Section 6 at any rational N,
 * for drawing them beside the computed payoffs (the figures).  They are
 * the very functions os/thm-6.3 checks (os_section6.c), so a figure's
 * overlay is the claim, not a copy of it.
 */
#ifndef OS_FORMS_H
#define OS_FORMS_H

#include <stdbool.h>
#include <stdint.h>

#include "proofs/oginuma_shinoda/nim_view.h"

/* den F_k(M/den) (Definition 6.2), k >= 1, den >= 1. */
int64_t os_F_scaled(int k, int64_t M, int64_t den);

/* den f_N(p) at N = M/den by Theorem 6.3, when the non-empty piles of
 * p[0..n) are (2k+1,2k,1), (x,2k,1) or (x,2k+1,1) with x >= 2k+2; false
 * for any other position. */
bool os_thm63_scaled(const int *piles, int n, int64_t M, int64_t den, int64_t *out);

/* Definition 5.4: P+ (Nim-sum 0, normal play's P-positions) and P- (the
 * misere P-positions: Nim-sum 0 when some pile is >= 2, else an odd number
 * of piles of one). */
bool os_in_p_plus(const nim_pos *p);
bool os_in_p_minus(const nim_pos *p);

/* os/pp-intersection's check with the statement as a parameter: `stated`
 * says whether (x,y,1), x >= y >= 1, is in both sets (tests feed it a
 * wrong statement; the claim feeds it the paper's). */
void os_check_pp_intersection(const value_table *t, claim_report *r, bool (*stated)(int x, int y));

#endif
