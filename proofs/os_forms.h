/*
 * os_forms.h -- closed forms of Scoring Nim's Section 6 at any rational N,
 * for drawing them beside the computed payoffs (the figures).  They are
 * the very functions os/thm-6.3 checks (os_section6.c), so a figure's
 * overlay is the claim, not a copy of it.
 */
#ifndef SN_OS_FORMS_H
#define SN_OS_FORMS_H

#include <stdbool.h>
#include <stdint.h>

/* den F_k(M/den) (Definition 6.2), k >= 1, den >= 1. */
int64_t os_F_scaled(int k, int64_t M, int64_t den);

/* den f_N(p) at N = M/den by Theorem 6.3, when the non-empty piles of
 * p[0..n) are (2k+1,2k,1), (x,2k,1) or (x,2k+1,1) with x >= 2k+2; false
 * for any other position. */
bool os_thm63_scaled(const int *piles, int n, int64_t M, int64_t den, int64_t *out);

#endif
