/*
 * rn_certify.h -- the thesis' statements proved for every pile size, per
 * k, from a certificate of the game's values (core/engine/pile_period.h).
 *
 * For one k: the game is solved at growing bounds until its values (in
 * the view a statement reads: Sprague-Grundy values, wins and losses, or
 * outcomes) have a certificate (A, t) that the engine's checker proves:
 * every pile's values repeat with period t from A chips on, whatever the
 * other piles.  A statement that, as a function of the piles, itself
 * repeats with period q from `from` chips on and reads the values at a
 * position and its children (at most k chips below) is then true at every
 * position exactly when it is true at every position whose piles are all
 * below R = max(A + k, from) + lcm(t, q): a position with a pile p >= R
 * reads the same values and the same statement as with p - lcm(t, q), and
 * descending so reaches a position below R.  A failure anywhere gives a
 * failure below R, so the first one there is the least of all.
 *
 * The statement is checked on the certified values (rn_cert_*), which
 * give every position of any size its value through the fold.
 */
#ifndef RN_CERTIFY_H
#define RN_CERTIFY_H

#include "core/engine/pile_period.h"
#include "proofs/huibers/rn_tables.h"

/* The bound of piles a certificate of two piles is searched to when --to
 * does not say (400: every even k up to 20 certifies within it). */
#define RN_CERT_TWO_PILES 400

/* Most bytes a claim certifying two piles holds: the two-pile table of
 * the largest k (--max-take, else 20) on piles up to the certificates'
 * budget (--to, else RN_CERT_TWO_PILES), (B+1)(B+2)/2 positions of k+1
 * restricted numbers, 4 bytes each, about three times over at its peak
 * (the table, the certificate's rows and its recheck; measured: 84 MB at
 * k = 40, piles 600, a table of 30 MB), and the claim's own few MB. */
uint64_t rn_two_pile_cert_bytes(const claim_sizes *s, int threads);

/* Builds and sweeps the claim's game on `piles` piles of at most `bound`
 * chips, moves of 1..k (arg: the claim's own). */
typedef void (*rn_solver)(rn_solved *s, int piles, int bound, int k, const void *arg);

typedef struct {
    rn_solved s;       /* the game, solved to `bound` chips              */
    pile_period c;     /* its values' certificate, checked               */
    int bound, piles, k;
    /* The statement checked on it, as rn_cert_region last found its
     * region: repeating with period stmt_q from stmt_from chips on, so
     * decided below stmt_region (0: none found yet). */
    int stmt_q, stmt_from, stmt_region;
} rn_cert;

/* The game of rn_solve_previous (the previous take restricted). */
void rn_solver_previous(rn_solved *s, int piles, int bound, int k, const void *arg);
/* Nim with *players players (an int), ranked, the previous take
 * restricted (Huibers' Section 4.5). */
void rn_solver_players(rn_solved *s, int piles, int bound, int k, const void *players);

/* Solves and certifies the game for this k, its piles up to `budget`
 * chips at most.  False, with the reason in why, when no certificate is
 * proved within the budget (the claim is then UNDECIDED for this k). */
bool rn_cert_make(rn_cert *z, rn_solver solve, const void *arg, int piles, int k, pile_view v, int budget,
                  char *why, int whylen);
void rn_cert_free(rn_cert *z);

/* R above, for a statement repeating with period q from `from` chips;
 * -1 when it passes `most` (the claim is then UNDECIDED for this k).  q,
 * from and R are recorded in z (its certificate writes them). */
int rn_cert_region(rn_cert *z, int q, int from, int most);

/* The certified view of the value at these piles and tag, any size. */
uint64_t rn_cert_value(const rn_cert *z, const int *piles, int n, int tag);
/* Whether the player to move wins: in normal play with the view
 * PILE_GRUNDY or PILE_NORMAL_WIN, in misere play with PILE_MISERE_WIN (a
 * game of several players has no wins: its view, PILE_OUTCOME, stops the
 * run). */
bool rn_cert_wins(const rn_cert *z, const int *piles, int n, int tag);
/* The restricted numbers under which the player to move wins (bit r). */
uint64_t rn_cert_win_set(const rn_cert *z, const int *piles, int n);
/* The takes that win from these piles with tag restricted (bit t), in
 * the game of rn_solver_previous (a take of d chips restricts d). */
uint64_t rn_cert_winning_takes(const rn_cert *z, const int *piles, int n, int tag);
/* The position a pile list folds to, as a witness: "(1,10001) has the
 * values of (1,41): period 10 from 4 chips on"; into out (len bytes). */
void rn_cert_where(const rn_cert *z, const int *piles, int n, char *out, size_t len);

/* One case of part `part`: the certified win set at `piles` must be
 * `want` (a mismatch with the winning takes and the fold as witness). */
void rn_cert_expect_set(claim_report *r, int part, const rn_cert *z, const int *piles, int n, uint64_t want);
/* The same without counting the case: the mismatch alone, where the set
 * is not `want`. */
void rn_cert_mismatch_set(claim_report *r, int part, const rn_cert *z, const int *piles, int n, uint64_t want);
/* The witness: the takes that win with nothing restricted, and the fold. */
void rn_cert_takes_note(const rn_cert *z, const int *piles, int n, char *out, size_t len);

/* A period found as a repeat of k consecutive rows of a one-pile table
 * of piles up to `bound` (rows start.. equal rows start + per..), checked
 * again on the second code path (pile_period_check, view v, from
 * max(start, k)): true, and r->rechecked counts it; false when the table
 * is too short for the check (the claim is then UNDECIDED); a check that
 * disagrees stops the run (a fault of this code, not a verdict).  When
 * `write` (the claim found no mismatch for this k), the period is the
 * claim's statement proved, and its certificate is written (what: the
 * reading, or NULL). */
bool rn_recheck_rows(claim_report *r, const rn_solved *s, int bound, pile_view v, int k, int start, int per,
                     const char *what, bool write);
/* Every mismatch of the claim so far, in all its parts. */
uint64_t rn_mismatches_so_far(const claim_report *r);

/* The proof of one claim over its k: which k were proved, with their
 * certificates and the region the statement was checked on. */
typedef struct {
    char *periods;
    bool undecided;
    int proved;
    int budget;       /* the largest pile budget a certificate was sought with */
    int piles;        /* the most piles a certificate was sought for          */
    char *open_k;     /* the k left undecided, "6, 8"                          */
    const claim_ctx *ctx; /* progress: k of kmax (rn_proof_watch)          */
    int kmax;
    bool budget_from_to;  /* the budget is --to's (rn_proof_watch)        */
    claim_report *r;      /* the claim's report                            */
    uint64_t before;      /* its mismatches when the current k began        */
    uint64_t before_part[CLAIM_MAX_PARTS]; /* the same, part by part      */
    claim_certificate *written; /* the proved cases' certificates, until the end */
    int nwritten;
} rn_proof;

/* A proof over the k of claim report r. */
void rn_proof_begin(rn_proof *p, claim_report *r);
/* The claim's progress, k of kmax, told as each certificate is sought
 * (z's ctx; none without one); budget_from_to: the certificates' budget
 * of piles is --to's (then an undecided k's finding says to raise it). */
void rn_proof_watch(rn_proof *p, const rn_sizes *z, int kmax, bool budget_from_to);
/* k was proved with certificate z, the statement checked below R (what:
 * which game or reading, NULL when the claim has one): its certificate is
 * written (rn_certificate.h).  A k whose statement found a mismatch since
 * its certificate was sought is not proved: no finding says it is, and no
 * certificate is written. */
void rn_proof_k(rn_proof *p, const rn_cert *z, int region, const char *what);
/* The same for a statement of only some of the claim's parts (bit p of
 * `parts`): written when those parts found no mismatch since the k
 * began, whatever the others found. */
void rn_proof_k_parts(rn_proof *p, const rn_cert *z, int region, const char *what, unsigned parts);
/* k could not be proved: why (a finding, and UNDECIDED). */
void rn_proof_undecided(rn_proof *p, claim_report *r, int k, const char *why);
/* Certifies for k (its progress told, its budget kept for the finding),
 * or says why not in why: nothing recorded (the caller decides). */
bool rn_proof_try_cert(rn_proof *p, rn_cert *z, rn_solver solve, const void *arg, int piles, int k, pile_view v,
                       int budget, char *why, size_t len);
/* k was proved another way than by a certificate (the claim's finding
 * says how): it counts as proved. */
void rn_proof_other(rn_proof *p);
/* A new k begins: mismatches from here on are its own (rn_proof_try_cert
 * says so too). */
void rn_proof_start_k(rn_proof *p);
/* k (even) was proved by the thesis' complement strategy with modulus m
 * (rn_complement_strategy_proves), on two piles of the previous take
 * restricted: it counts as proved, and, when the claim found no mismatch
 * for k, its certificate is written (argument complement-strategy). */
void rn_proof_strategy(rn_proof *p, int k, int m);
/* Certifies for k, or records why not (then false: k is undecided). */
bool rn_proof_cert(rn_proof *p, claim_report *r, rn_cert *z, rn_solver solve, const void *arg, int piles, int k,
                   pile_view v, int budget);
/* rn_cert_region, or -1 with k recorded as undecided. */
int rn_proof_region(rn_proof *p, claim_report *r, rn_cert *z, int q, int from, int most);
/* A statement checked at every position below `region` on one k's
 * certified values (twist and ctx: the claim's). */
typedef void (*rn_region_check)(claim_report *r, const rn_cert *c, int region, int twist, const void *ctx);

/* Which k a proof runs over and how each is certified: k = first, first
 * + step, .. up to the kmax given; the game (solve, arg) on `piles` piles
 * in view `view`, certificates from piles up to `budget`; the statement
 * repeats with period q_k * k + q_add from `from` chips on, and a region
 * past `most` chips leaves k undecided. */
typedef struct {
    int first, step;
    rn_solver solve;
    const void *arg;
    int piles;
    pile_view view;
    int budget;
    int q_k, q_add;
    int from, most;
} rn_per_k;

/* For each k of the spec: certify, find the statement's region, check it
 * there (check) and record the k as proved; a k without a certificate or
 * a region is recorded undecided (rn_proof_cert, rn_proof_region). */
void rn_prove_each_k(rn_proof *p, claim_report *r, const rn_per_k *spec, int kmax, int twist, rn_region_check check,
                     const void *ctx);
/* The findings, the certificates of the k proved, and the verdict:
 * CERTIFIED for every k proved, else UNDECIDED; a mismatch still makes
 * the claim FAILS. */
void rn_proof_end(rn_proof *p, claim_report *r);
/* The findings only, for a claim whose other parts are swept (which:
 * the parts proved): its verdict stays that of a sweep. */
void rn_proof_end_parts(rn_proof *p, claim_report *r, const char *which);

/* The sum of one-pile games, each pile with its own restricted number
 * (restricted Nim's per-pile rule, solved in `sum` on piles below the
 * region of the one-pile certificate `one`), against H, the Nim-sum of
 * the piles' certified one-pile values.  True when H satisfies the sum's
 * own rule at every position of the table: the mex of the children's H,
 * the children from the game's moves, never the engine's sweep.  By the
 * shift argument of pile_period.h (every pile's moves are the same from
 * k chips on, H repeats with the certificate's period from its preperiod
 * on) H is then the sum's value at every position of any size; false with
 * the first position where it breaks the rule in why (len bytes). */
bool rn_cert_sum_check(const rn_cert *one, const rn_solved *sum, char *why, size_t len);

/* Section 4.3.1's proof of Proposition 4.4, checked on the game's own
 * moves (m = k + 1 for the proposition; another m for a wrong statement):
 * from two piles both = 0 mod m, whatever is restricted, the player who
 * answers every take of d chips by taking m - d from the same pile
 * (never the restricted d, as k + 1 - d = d only for odd k) returns to
 * two piles = 0 mod m, and (0, 0) has no move; so by induction on the
 * chips every such position is lost by the player to move, for every
 * pile size.  s: rn_solve_previous on two piles of at least 2m chips.
 * It checks, at every position of piles 0, m, 2m and every restricted
 * number, that the game's moves are the rule's (the opponent has no
 * other) and that the reply is a move of the game from each child: a
 * pile of jm chips, j >= 2, moves as one of 2m, shifted.  False, with the
 * first failure in why, when the reply is not a move of the game (odd k:
 * a take of (k + 1)/2; m = k + 2: a take of 1). */
bool rn_complement_strategy_check(const rn_solved *s, int k, int m, char *why, size_t len);
/* The same on the game solved here, two piles of up to 2m chips. */
bool rn_complement_strategy_proves(int k, int m, char *why, size_t len);

/* Appends k to a list "2, 4, 6" (a string of claim_printf's). */
void rn_k_list_add(char **list, int k);
/* The finding of the k (a list, "" for none: no finding) proved by
 * rn_complement_strategy_proves. */
void rn_strategy_finding(claim_report *r, const char *ks);

#endif
