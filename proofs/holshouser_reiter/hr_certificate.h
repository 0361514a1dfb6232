/*
 * hr_certificate.h -- the proofs of the game of chance written out as
 * certificates (docs/proofs.md, arguments value-induction and
 * chance-period): the game's rules as data (the mover's choices X, the
 * opponent's X', the play), the values the argument needs, their period
 * and the region examined, for build/proofcheck to re-prove.
 */
#ifndef HR_CERTIFICATE_H
#define HR_CERTIFICATE_H

#include <stdint.h>

#include "proofs/holshouser_reiter/hr_value_rule.h"

/* The certificate of the induction of hr_value_rule.h for the game g:
 * `statement` names what it proves (hr-theorem, hr-misere,
 * hr-multi-pile), the values v (lone and valueless piles as L and N)
 * repeat with `period` from pile `from`, and the local moves were checked
 * on piles 1 .. region; the values are listed on piles 0 .. region +
 * period, every pile the argument reads.  A new text. */
char *hr_induction_certificate(const char *statement, const value_rule_game *g, pile_value_fn value,
                               const void *arg, int from, int period, int region);

/* The certificate of a period of one pile's exact values (num, den at
 * rows[2n], rows[2n+1] for n = 0 .. from + period + width - 1): piles
 * from .. from + width - 1 repeat at + period, and a pile above `width`
 * (the most a move removes) reads the `width` piles below it alone.  A new
 * text. */
char *hr_period_certificate(const char *statement, const value_rule_game *g, const int64_t *rows, int from,
                            int period, int width);

#endif
