/*
 * rn_certificate.h -- a proof of one case (one k, one reading) of a
 * thesis statement written out as a certificate (docs/proofs.md): the
 * game's rules as data, the period of its values and the region the
 * argument of pile_period.h needs, every value of that region (listed, or
 * by its SHA-256), and the statement with the period it repeats with.
 * An independent checker (proofcheck/) re-proves it from the rules alone.
 *
 * The rules as data are also a second move generator: before a
 * certificate is written, the engine's moves are compared with the
 * rules' on every position of the region, so that a certificate can never
 * describe one game while the engine played another.
 */
#ifndef RN_CERTIFICATE_H
#define RN_CERTIFICATE_H

#include "core/engine/pile_period.h"
#include "proofs/huibers/rn_tables.h"

/* The version of the text format (docs/proofs.md); the checker refuses
 * any other. */
#define RN_CERTIFICATE_FORMAT 1

/* How the next restricted number is set, as the certificate writes it. */
typedef enum { RULE_NONE, RULE_PREVIOUS, RULE_CHOSEN, RULE_CHOSEN_OR_NONE } rn_rule_restriction;

/* The rules of a game of the thesis on piles, as data: what a referee
 * reads, and what the checker plays. */
typedef struct {
    const char *game;        /* "restricted-nim" or "nim-players", for the reader */
    int players;             /* 2, or N > 2: the thesis' ranking (4.5)     */
    int piles;
    int max_take;            /* a move takes 1..max_take chips from one pile */
    rn_rule_restriction restriction;
} rn_rules;

/* The rules of the game a certificate solved (its entry and options);
 * a game the format has no words for stops the run. */
void rn_rules_of(const rn_solved *s, int piles, rn_rules *out);

/* Compares the engine's moves with the rules' at every position whose
 * piles are all below `region` (every restricted number): a difference
 * stops the run as an internal error naming the first position. */
void rn_rules_tie(const rn_solved *s, const rn_rules *rules, int region);

/* A proved case: the game s (solved on `piles` piles to `bound` chips),
 * its values' period c, and the statement `statement` (the claim's id)
 * for moves of 1..k, in reading `reading` (NULL: none), repeating with
 * period stmt_q from stmt_from chips on, checked at every position below
 * stmt_region. */
typedef struct {
    const rn_solved *s;
    int piles, bound, k;
    const pile_period *c;
    const char *statement, *reading;
    int stmt_q, stmt_from, stmt_region;
} rn_case;

/* rn_rules_tie on every position of s (piles up to `bound`), with the
 * rules s's own options give: a table a statement reads beyond the
 * certificate's region is tied to the rules too. */
void rn_rules_tie_table(const rn_solved *s, int piles, int bound);

/* The certificate of a case, after the engine is tied to its rules
 * (rn_rules_tie on the region).  A text to free. */
char *rn_certificate_text(const rn_case *z);

/* The certificate of the complement strategy (argument
 * complement-strategy, docs/proofs.md): two piles both = 0 mod m are lost
 * in restricted Nim with moves of 1..k, the previous take restricted,
 * for the statement `statement`.  A text to free. */
char *rn_strategy_certificate_text(const char *statement, int k, int m);

/* The certificate of the move bound of Section 4.5 (argument move-bound,
 * docs/proofs.md): with three players, moves of 1..k and the previous
 * take restricted, from a pile of jm the third player brings the pile to
 * (j-1)m whatever the first two take, checked at m and 2m and by the bound
 * for every larger j.  A text to free. */
char *rn_bound_certificate_text(const char *statement, int k, int m);

/* The certificate of rn/rule-6.1's 6.1.3 for one k (argument
 * restriction-x, docs/proofs.md): two piles, the previous take
 * restricted; the X (a win only when 1 is restricted) occurs only in
 * misere play at (0,1) and (1,1), for every pile size.  A new text. */
char *rn_x_certificate_text(const char *statement, int k);

/* The stem of a case's file: "k-3", or "k-3-must-restrict" (the reading
 * in [a-z0-9-]).  A text to free. */
char *rn_certificate_name(int k, const char *reading);

#endif
