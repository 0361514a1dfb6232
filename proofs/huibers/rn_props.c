/*
 * rn_props.c -- Huibers' Propositions 4.1-4.12 and 5.1 and the prose
 * rules with a checkable content (rn/prop-*, rn/rule-*), each checked on
 * the engine's values of the game it speaks of, on sweeps well past the
 * thesis' own sizes.
 *
 * Every statement is read as printed; where the thesis qualifies one in
 * the text that follows (4.8 has exceptions the next paragraph names),
 * the claim checks the printed sentence and its mismatches are the
 * exceptions, each with its witness.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "proofs/huibers/rn_certificate.h"
#include "proofs/huibers/rn_certify.h"
#include "proofs/huibers/rn_look.h"
#include "proofs/huibers/rn_tables.h"

/* The sizes of the sweeps: one pile to ONE_PILE chips (4.1-4.3), two
 * piles to TWO_PILES with k up to MAX_K (4.3), three-pile Wythoff to
 * THREE_PILES (5.1), N players (4.5) to PLAYERS_PILE chips. */
#define ONE_PILE 10000
/* The claim's check: its statement as printed (at fixed sizes, or at
 * the sizes the run asks for). */
#define RN_CLAIM_CHECK(fn)                                   \
    static void claim_##fn(const claim_ctx *ctx, claim_report *r) \
    {                                                        \
        (void)ctx;                                           \
        fn(r, 0);                                            \
    }
#define RN_SIZED_CHECK(fn)                                   \
    static void claim_##fn(const claim_ctx *ctx, claim_report *r) \
    {                                                        \
        rn_sizes z = rn_sizes_of(ctx);                       \
        fn(r, 0, &z);                                        \
    }
#define MAX_K 20
#define CR_MAX_K 12
#define TWO_PILES 200
#define THREE_PILES 60
#define WYTHOFF_PR_PILES 60
#define PLAYERS_PILE 2000






/* ---- 4.1 and 4.2: one pile, the period of the rows ---- */

/* The rows of S(1..k) with the previous take restricted on one pile of
 * 0..ONE_PILE: row n holds the values at every restricted number. */
typedef struct {
    rn_solved s;
    int k, bound;
} one_pile;

static unsigned sg_at(const one_pile *p, int chips, int r)
{
    return table_grundy(&p->s.table, rn_rank(&p->s, &chips, 1, r));
}

static bool rows_equal(const one_pile *p, int a, int b)
{
    for (int r = 0; r <= p->k; r++)
        if (sg_at(p, a, r) != sg_at(p, b, r))
            return false;
    return true;
}

/* Whether the k rows ending at a equal the k rows ending at b. */
static bool windows_equal(const one_pile *p, int a, int b)
{
    for (int d = 0; d < p->k; d++)
        if (!rows_equal(p, a - d, b - d))
            return false;
    return true;
}

static uint64_t row_hash(const one_pile *p, int n)
{
    uint64_t h = 1469598103934665603ull;
    for (int r = 0; r <= p->k; r++)
        h = (h ^ sg_at(p, n, r)) * 1099511628211ull;
    return h;
}

/* The first repeat of k consecutive rows: the window ending at *end
 * equals the one ending at *end - *period, the earliest such *end.
 * False if none to the pile's bound.  Windows are found by their hash in an
 * open-addressing table and then compared whole. */
static bool first_repeat(const one_pile *p, int *end, int *period)
{
    uint64_t *rows = xmalloc(sizeof *rows * ((size_t)p->bound + 1), "a row hash");
    for (int n = 0; n <= p->bound; n++)
        rows[n] = row_hash(p, n);
    /* Open addressing, at most half full: a slot for every two rows. */
    unsigned slots = 1;
    while (slots < 2u * (unsigned)p->bound + 2)
        slots *= 2;
    int *slot = xmalloc(sizeof *slot * slots, "a window table");
    for (unsigned i = 0; i < slots; i++)
        slot[i] = -1;
    bool found = false;
    for (int e = p->k - 1; e <= p->bound && !found; e++) {
        uint64_t h = 0;
        for (int d = 0; d < p->k; d++)
            h = (h ^ rows[e - d]) * 0x9e3779b97f4a7c15ull;
        unsigned i = (unsigned)(h >> 40) & (slots - 1);
        for (; slot[i] >= 0; i = (i + 1) & (slots - 1))
            if (windows_equal(p, e, slot[i])) {
                *end = e;
                *period = e - slot[i];
                found = true;
                break;
            }
        if (!found)
            slot[i] = e;
    }
    free(slot);
    free(rows);
    return found;
}

static void prop41(claim_report *r, int twist, const rn_sizes *z)
{
    char *found = xstrdup("", "a finding");
    bool undecided = false;
    int kmax = rn_size_k(z, MAX_K), bound = rn_size_pile(z, ONE_PILE);
    rn_swept(r, kmax, bound);
    for (int k = 1; k <= kmax; k++) {
        one_pile p = {.k = k, .bound = bound};
        rn_solve_previous(&p.s, 1, bound, k);
        uint64_t before = rn_mismatches_so_far(r);
        int end, period;
        if (!first_repeat(&p, &end, &period)) {
            undecided = true;
            claim_finding_add(r, "no repeat", "k = %d: no k consecutive rows repeat up to %d chips", k, bound);
        } else {
            /* Every later row follows the period (what the proposition
             * says follows from the repeat). */
            /* twist: a period one longer than the repeat's. */
            int stated = period + (twist ? 1 : 0);
            for (int n = end + 1; n <= bound; n++) {
                claim_cases(r, 0, 1);
                if (!rows_equal(&p, n, n - stated)) {
                    char where[64], e[64], a[64];
                    snprintf(where, sizeof where, "k = %d, pile %d", k, n);
                    snprintf(e, sizeof e, "row %d = row %d", n, n - stated);
                    snprintf(a, sizeof a, "they differ");
                    claim_mismatch_at(r, 0, where, e, a, "");
                }
            }
            char *next = claim_printf("%s%sk=%d: rows %d..%d repeat with period %d", found, *found ? "; " : "", k,
                                      end - k + 1 - period, end - period, period);
            free(found);
            found = next;
            if (!rn_recheck_rows(r, &p.s, bound, PILE_GRUNDY, k, end - k + 1 - period, period, NULL,
                                 rn_mismatches_so_far(r) == before)) {
                undecided = true;
                claim_finding_add(r, "no recheck", "k = %d: piles up to %d are too few to check the period again", k,
                                  bound);
            }
        }
        rn_solved_free(&p.s);
    }
    claim_finding_add(r, "first repeats", "%s", found);
    free(found);
    /* The repeat proves the period (row n depends on rows n-1..n-k alone,
     * by the rule): a finite argument, checked on every row after it and
     * again on the certificates' second code path (rn_recheck_rows). */
    claim_set_family_status(r, undecided ? CLAIM_UNDECIDED : CLAIM_CERTIFIED);
}

RN_SIZED_CHECK(prop41)

const claim_def claim_rn_prop41 = {
    .id = "rn/prop-4.1",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.1, Proposition 4.1 and its proof",
    .statement = "On one pile of S(1..k) with the previous take restricted, once the values (at every restricted "
                 "number) of k consecutive pile sizes equal those of k other consecutive sizes, the pattern "
                 "repeats indefinitely.",
    .domain = "k = 1..20, one pile of 0..10000 chips, every restricted number: the first repeat found and every "
              "later row checked against it",
    .parts = {"rows after the first repeat follow its period"},
    .check_games = claim_prop41,
    .sizes_help = "k = 1..K (--max-take, default 20, at most 40); one pile of 0..L chips (--to, default 10000, at most 100000)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 40,
    .to_limit = 100000,
};

/* A statement at one pile under one restricted number (rn_look.h). */
typedef struct {
    int k, twist, t;
} at_tag;

/* Proposition 4.2 at a pile and restricted number: a value at most k
 * (twist: k - 1). */
static bool value_at_most_k(rn_look *s, const void *ctx)
{
    const at_tag *a = ctx;
    return (int64_t)rn_look_value(s, 0, 0, a->t) <= a->k - a->twist;
}

/* Proposition 4.3 at a pile (ctx: m = k + 1): lost under some restricted
 * number exactly when the pile is 0 or 1 mod m. */
static bool lost_iff_zero_or_one(rn_look *s, const void *ctx)
{
    int m = *(const int *)ctx, rest = rn_look_mod(s, 0, m);
    return (rn_look_wins(s, 0, 0) != rn_all_tags(&s->z->s)) == (rest == 0 || rest == 1);
}

/* Part 0 on every pile size, per k (rn_certify.h: the statement repeats
 * with period 1); part 1, a repeat of k rows, is found in the table the
 * certificate was made from. */
static void prop42(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, MAX_K), budget = rn_size_pile(z, ONE_PILE);
    rn_swept(r, kmax, budget);
    rn_proof q;
    rn_proof_begin(&q, r);
    rn_proof_watch(&q, z, kmax, true);
    for (int k = 1; k <= kmax; k++) {
        rn_cert c;
        if (!rn_proof_cert(&q, r, &c, rn_solver_previous, NULL, 1, k, PILE_GRUNDY, budget))
            continue;
        int region = rn_proof_region(&q, r, &c, 1, 0, 4 * budget);
        rn_look seen;
        rn_look_start(&seen, &c);
        for (int n = 0; n < region; n++)
            for (int t = 0; t <= k; t++) {
                uint64_t v = rn_cert_value(&c, &n, 1, t);
                claim_cases(r, 0, 1);
                /* twist: at most k - 1. */
                if (!rn_look_holds(&c, n, 0, value_at_most_k, &(at_tag){k, twist, t}, &seen)) {
                    char where[64], a[32], fold[96];
                    snprintf(where, sizeof where, "k = %d, pile %d (%d)", k, n, t);
                    snprintf(a, sizeof a, "%llu", (unsigned long long)v);
                    rn_cert_where(&c, &n, 1, fold, sizeof fold);
                    claim_mismatch_at(r, 0, where, "a value at most k", a, fold);
                }
            }
        /* The table the certificate came from holds a repeat of k rows. */
        one_pile p = {.s = c.s, .k = k, .bound = c.bound};
        int end, period;
        claim_cases(r, 1, 1);
        if (!first_repeat(&p, &end, &period))
            die("internal error: k = %d: a certified table of %d chips without a repeat of k rows", k, c.bound);
        if (twist && end > 2 * k) {
            /* twist: the repeat within the first 2k rows. */
            char where[64], a[64];
            snprintf(where, sizeof where, "k = %d", k);
            snprintf(a, sizeof a, "the first repeat ends at row %d", end);
            claim_mismatch_at(r, 1, where, "a repeat within the first 2k rows", a, "");
        }
        if (region >= 0) {
            rn_look_check(&c, region, &seen);
            rn_proof_k(&q, &c, region, NULL);
        }
        rn_cert_free(&c);
    }
    rn_proof_end(&q, r);
}

RN_SIZED_CHECK(prop42)

const claim_def claim_rn_prop42 = {
    .id = "rn/prop-4.2",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.1, Proposition 4.2 and its proof",
    .statement = "On one pile of S(1..k) with the previous take restricted, every Sprague-Grundy value is at most "
                 "k, so two sets of k consecutive pile sizes with the same values always exist.",
    .domain = "k = 1..20, one pile of every size, proved per k (certificates from piles up to 10000), every "
              "restricted number",
    .parts = {"every value at most k", "a repeat of k consecutive rows found"},
    .check_games = claim_prop42,
    .sizes_help = "k = 1..K (--max-take, default 20, at most 40); certificates from one pile of 0..L chips (--to, "
                  "default 10000, at most 100000)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 40,
    .to_limit = 100000,
};

/* ---- 4.2 (section): the mover chooses the restricted number ---- */

static void solve_chosen(rn_solved *s, int k, int bound, const char *rule)
{
    char kt[16];
    snprintf(kt, sizeof kt, "%d", k);
    rn_solve(s, "restricted-nim", 1, bound, (const char *const[]){"max-move", kt, "restriction", rule, NULL});
}

static void solver_chosen(rn_solved *s, int piles, int bound, int k, const void *rule)
{
    (void)piles;
    solve_chosen(s, k, bound, rule);
}

static const char *const chosen_rule[2] = {"chosen", "chosen-or-none"};
static const char *const chosen_reading[2] = {"must restrict", "may restrict nothing"};

/* Read both ways (Table 3's readings): the mover must restrict one of
 * 1..k (part 0), or may also restrict nothing (part 1).  Proved for every
 * pile size per k (rn_certify.h): the statement repeats with period k+1. */
static void prop43(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, CR_MAX_K), budget = rn_size_pile(z, ONE_PILE);
    rn_swept(r, kmax, budget);
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, true);
    for (int k = 1; k <= kmax; k++) {
        for (int reading = 0; reading < 2; reading++) {
            rn_cert c;
            if (!rn_proof_cert(&p, r, &c, solver_chosen, chosen_rule[reading], 1, k, PILE_NORMAL_WIN, budget))
                continue;
            /* twist: (k+2) in place of (k+1). */
            int m = k + 1 + twist, region = rn_proof_region(&p, r, &c, m, 0, 4 * budget);
            rn_look seen;
            rn_look_start(&seen, &c);
            for (int n = 0; n < region; n++) {
                bool lost_somewhere = false;
                for (int t = 0; t <= k && !lost_somewhere; t++)
                    lost_somewhere = !rn_cert_wins(&c, &n, 1, t);
                bool stated = n % m == 0 || n % m == 1;
                claim_cases(r, reading, 1);
                if (!rn_look_holds(&c, n, 0, lost_iff_zero_or_one, &m, &seen)) {
                    char where[64], fold[96];
                    snprintf(where, sizeof where, "k = %d, pile %d", k, n);
                    rn_cert_where(&c, &n, 1, fold, sizeof fold);
                    claim_mismatch_at(r, reading, where,
                                      stated ? "lost under some restriction" : "won whatever is restricted",
                                      lost_somewhere ? "lost under some restriction" : "won whatever is restricted",
                                      fold);
                }
            }
            if (region >= 0) {
                rn_look_check(&c, region, &seen);
                rn_proof_k(&p, &c, region, chosen_reading[reading]);
            }
            rn_cert_free(&c);
        }
    }
    rn_proof_end(&p, r);
}

RN_SIZED_CHECK(prop43)

const claim_def claim_rn_prop43 = {
    .id = "rn/prop-4.3",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.2, Proposition 4.3",
    .statement = "When the mover chooses the number the next player may not take (S(1..k), one pile), the pile "
                 "sizes with a losing situation (a restricted number under which the player to move loses) are "
                 "exactly n(k+1) and n(k+1)+1.",
    .domain = "k = 1..12, one pile of 0..10000 chips, every restricted number; under each reading",
    .parts = {"the mover must restrict one of 1..k", "the mover may also restrict nothing"},
    .readings = true,
    .check_games = claim_prop43,
    .sizes_help = "k = 1..K (--max-take, default 12, at most 24); one pile of 0..L chips (--to, default 10000, at most 100000)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 24,
    .to_limit = 100000,
};

/* Both parts at every pile below the region: every value at most k^2
 * (twist: k), and every non-empty pile won with nothing restricted
 * (twist: the empty pile too). */
/* Part 0 at a pile and restricted number: a value at most k^2 (twist:
 * k, Table 3 having 6 for k = 3). */
static bool value_at_most_k_squared(rn_look *s, const void *ctx)
{
    const at_tag *a = ctx;
    return rn_look_value(s, 0, 0, a->t) <= (uint64_t)(a->twist ? a->k : a->k * a->k);
}

/* Part 1: a pile of at least one chip (twist: any pile) won with nothing
 * restricted. */
static bool nonempty_won(rn_look *s, const void *ctx)
{
    const at_tag *a = ctx;
    return a->t != 0 || rn_look_below(s, 0, 1 - a->twist) || rn_look_value(s, 0, 0, 0) != 0;
}

static void values_at_most_k_squared(claim_report *r, const rn_cert *c, int region, int twist, const void *ctx)
{
    (void)ctx;
    int k = c->k;
    rn_look seen;
    rn_look_start(&seen, c);
    for (int n = 0; n < region; n++)
        for (int t = 0; t <= k; t++) {
            uint64_t v = rn_cert_value(c, &n, 1, t);
            const at_tag at = {k, twist, t};
            bool won = rn_look_holds(c, n, 0, nonempty_won, &at, &seen);
            claim_cases(r, 0, 1);
            if (!rn_look_holds(c, n, 0, value_at_most_k_squared, &at, &seen)) {
                char where[64], a[32], fold[96];
                snprintf(where, sizeof where, "k = %d, pile %d (%d)", k, n, t);
                snprintf(a, sizeof a, "%llu", (unsigned long long)v);
                rn_cert_where(c, &n, 1, fold, sizeof fold);
                claim_mismatch_at(r, 0, where, "at most k^2", a, fold);
            }
            /* twist: the empty pile too. */
            if (t == 0 && n >= 1 - twist) {
                claim_cases(r, 1, 1);
                if (!won) {
                    char where[64], fold[96];
                    snprintf(where, sizeof where, "k = %d, pile %d", k, n);
                    rn_cert_where(c, &n, 1, fold, sizeof fold);
                    claim_mismatch_at(r, 1, where, "the starting player wins", "he loses", fold);
                }
            }
        }
    rn_look_check(c, region, &seen);
}

/* On every pile size, per k (rn_certify.h): both parts repeat with
 * period 1 from the first pile on. */
static void rule_cr(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, CR_MAX_K), budget = rn_size_pile(z, ONE_PILE);
    rn_swept(r, kmax, budget);
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, true);
    rn_per_k spec = {1, 1, solver_chosen, chosen_rule[0], 1, PILE_GRUNDY, budget, 0, 1, 1, 4 * budget};
    rn_prove_each_k(&p, r, &spec, kmax, twist, values_at_most_k_squared, NULL);
    rn_proof_end(&p, r);
}

RN_SIZED_CHECK(rule_cr)

const claim_def claim_rn_rule_cr = {
    .id = "rn/rule-4.2",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.2, the text around Table 3",
    .statement = "When the mover chooses the restricted number: \"The upper limit for the SG value will be k^2\", "
                 "and \"the starting player will always be able to win when the pile has at least 1 chip\".",
    .domain = "k = 1..12, one pile of every size, proved per k (certificates from piles up to 10000; the mover must "
              "restrict one of 1..k)",
    .parts = {"every value at most k^2", "the starting player wins every non-empty pile"},
    .check_games = claim_rule_cr,
    .sizes_help = "k = 1..K (--max-take, default 12, at most 24); certificates from one pile of 0..L chips (--to, "
                  "default 10000, at most 100000)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 24,
    .to_limit = 100000,
};

/* "In this version of the Subtraction Game the SG value of a pile with n
 * chips is still only decided by the SG values of the piles with n - 1
 * through n - k chips ... there will be a pattern of SG values that
 * repeats indefinitely.  If there is a pattern of k consecutive numbers
 * of chips on a pile that repeats once, it will keep repeating ...
 * Eventually a pattern of k consecutive numbers of chips on a pile will
 * repeat."  As for Proposition 4.1: the first repeat of k rows, and every
 * later row checked against its period; under both readings of who
 * restricts (Table 3). */
static void rule_cr_period(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, CR_MAX_K), bound = rn_size_pile(z, ONE_PILE);
    rn_swept(r, kmax, bound);
    bool undecided = false;
    for (int reading = 0; reading < 2; reading++) {
        char *found = xstrdup("", "a finding");
        for (int k = 1; k <= kmax; k++) {
            one_pile p = {.k = k, .bound = bound};
            solve_chosen(&p.s, k, bound, reading == 0 ? "chosen" : "chosen-or-none");
            uint64_t before = rn_mismatches_so_far(r);
            int end, period;
            if (!first_repeat(&p, &end, &period)) {
                undecided = true;
                claim_finding_add(r, "no repeat", "k = %d: no k consecutive rows repeat up to %d chips", k, bound);
            } else {
                /* twist: a period one longer than the repeat's. */
                int stated = period + (twist ? 1 : 0);
                for (int n = end + 1; n <= bound; n++) {
                    claim_cases(r, reading, 1);
                    if (!rows_equal(&p, n, n - stated)) {
                        char where[64], e[64];
                        snprintf(where, sizeof where, "k = %d, pile %d", k, n);
                        snprintf(e, sizeof e, "row %d = row %d", n, n - stated);
                        claim_mismatch_at(r, reading, where, e, "they differ", "");
                    }
                }
                char *next = claim_printf("%s%sk=%d: rows %d..%d repeat with period %d", found, *found ? "; " : "",
                                          k, end - k + 1 - period, end - period, period);
                free(found);
                found = next;
                if (!rn_recheck_rows(r, &p.s, bound, PILE_GRUNDY, k, end - k + 1 - period, period,
                                     reading == 0 ? "must restrict" : "may restrict nothing",
                                     rn_mismatches_so_far(r) == before)) {
                    undecided = true;
                    claim_finding_add(r, "no recheck", "k = %d: piles up to %d are too few to check the period again",
                                      k, bound);
                }
            }
            rn_solved_free(&p.s);
        }
        claim_finding_add(r, reading == 0 ? "first repeats (the mover must restrict)"
                                          : "first repeats (the mover may restrict nothing)",
                          "%s", found);
        free(found);
    }
    /* Row n depends on rows n-1..n-k alone (a move takes 1..k): the repeat
     * proves the period, and every row after it is checked. */
    claim_set_family_status(r, undecided ? CLAIM_UNDECIDED : CLAIM_CERTIFIED);
}

RN_SIZED_CHECK(rule_cr_period)

const claim_def claim_rn_rule_cr_period = {
    .id = "rn/rule-4.2-period",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.2, the text after Table 3",
    .statement = "When the mover chooses the restricted number (S(1..k), one pile), \"there will be a pattern of SG "
                 "values that repeats indefinitely\": some k consecutive pile sizes repeat their values (at every "
                 "restricted number), and from there on the pattern keeps repeating.",
    .domain = "k = 1..12, one pile of 0..10000 chips, every restricted number, under each reading of Table 3: the "
              "first repeat of k rows, and every later row checked against it",
    .parts = {"the mover must restrict one of 1..k", "the mover may also restrict nothing"},
    .readings = true,
    .check_games = claim_rule_cr_period,
    .sizes_help = "k = 1..K (--max-take, default 12, at most 24); one pile of 0..L chips (--to, default 10000, at most "
                  "100000)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 24,
    .to_limit = 100000,
};

/* ---- 4.3: two piles, the previous take restricted ---- */



/* The statements on every pile size of two piles are proved per k
 * (rn_certify.h): the values' period certified, then the statement
 * checked on the region that decides it.  --to bounds the piles the
 * search for a certificate may solve (RN_CERT_TWO_PILES when not given);
 * --max-take the k. */

/* The region a statement on the lines (1, b) may need: long enough for
 * a wrong statement that first fails at pile 10001 (the tests' twist 2). */
#define LINE_REGION 100000

/* Proves, for each k = first, first + step, ... up to kmax, a statement
 * on two piles of the game with the previous take restricted: `check`
 * is the statement at every position whose piles are below its region
 * (twist as the claim's).  The statement repeats with period k + q_plus
 * (1 when q_plus is 0) from `from` chips on; a region past `most` chips
 * leaves k undecided. */
static void prove_two_piles(claim_report *r, int twist, const rn_sizes *z, int first, int step, int q_plus,
                            int from, int most, rn_region_check check)
{
    int kmax = rn_size_k(z, MAX_K), budget = rn_size_pile(z, RN_CERT_TWO_PILES);
    rn_swept(r, kmax, budget);
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, true);
    rn_per_k spec = {first, step, rn_solver_previous, NULL, 2, PILE_NORMAL_WIN, budget,
                     q_plus ? 1 : 0, q_plus ? q_plus + twist : 1, from, most};
    rn_prove_each_k(&p, r, &spec, kmax, twist, check, NULL);
    rn_proof_end(&p, r);
}

/* Proposition 4.4 at a position (ctx: m): both piles 0 mod m, lost
 * whatever is restricted. */
static bool both_zero_lost(rn_look *s, const void *ctx)
{
    int m = *(const int *)ctx;
    return !(rn_look_mod(s, 0, m) == 0 && rn_look_mod(s, 1, m) == 0) || rn_look_wins(s, 0, 0) == 0;
}

/* Its cases: both piles 0 mod m (accounting). */
static int both_zero_cases(const rn_cert *z, const int *p, int n, const void *ctx)
{
    (void)z, (void)n;
    int m = *(const int *)ctx;
    return p[0] % m == 0 && p[1] % m == 0;
}

static void both_zero_report(claim_report *r, const rn_cert *z, const int *p, int n, const void *ctx)
{
    (void)ctx;
    rn_cert_mismatch_set(r, 0, z, p, n, 0);
}

static void both_zero_are_p(claim_report *r, const rn_cert *z, int region, int twist, const void *ctx)
{
    (void)ctx;
    /* twist: = 0 mod (k+2). */
    int m = z->k + 1 + twist;
    rn_look_over(r, z, region, 0, both_zero_cases, both_zero_lost, both_zero_report, &m);
}

/* Proposition 4.4 per even k, two ways: a certificate of the values
 * (the statement checked on its region, the period in the finding)
 * where one is found within the budget, and the thesis' own strategy
 * (rn_complement_strategy_proves), which needs no values and so proves
 * every even k, also those whose values repeat only past any budget
 * (k = 34: a one-pile period of 4900).  A k neither proves is
 * UNDECIDED; a counterexample on a certificate's region FAILS. */
static void prop44(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, MAX_K), budget = rn_size_pile(z, RN_CERT_TWO_PILES);
    rn_swept(r, kmax, budget);
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, true);
    char *by_strategy = xstrdup("", "a finding");
    for (int k = 2; k <= kmax; k += 2) {
        rn_proof_start_k(&p);
        char why[PILE_PERIOD_WHY_MAX], swhy[256];
        /* twist: = 0 mod (k+2), which the strategy cannot answer. */
        bool strategy = rn_complement_strategy_proves(k, k + 1 + twist, swhy, sizeof swhy);
        if (strategy)
            rn_k_list_add(&by_strategy, k);
        else if (!twist)
            /* Not expected for even k: said, and the certificate decides. */
            claim_finding_add(r, "the thesis' strategy", "k = %d: does not go through: %s", k, swhy);
        rn_cert c;
        if (!rn_proof_try_cert(&p, &c, rn_solver_previous, NULL, 2, k, PILE_NORMAL_WIN, budget, why, sizeof why)) {
            if (strategy) {
                claim_finding_add(r, "no period", "k = %d: %s (proved by the thesis' strategy)", k, why);
                rn_proof_strategy(&p, k, k + 1 + twist);
            } else
                rn_proof_undecided(&p, r, k, why);
            continue;
        }
        int region = rn_cert_region(&c, k + 1 + twist, 0, 4 * RN_CERT_TWO_PILES);
        if (region >= 0) {
            both_zero_are_p(r, &c, region, twist, NULL);
            rn_proof_k(&p, &c, region, NULL);
        } else if (strategy)
            rn_proof_strategy(&p, k, k + 1 + twist);
        else
            rn_proof_undecided(&p, r, k, "the statement's region passes the budget");
        rn_cert_free(&c);
    }
    rn_strategy_finding(r, by_strategy);
    free(by_strategy);
    rn_proof_end(&p, r);
}

RN_SIZED_CHECK(prop44)

const claim_def claim_rn_prop44 = {
    .id = "rn/prop-4.4",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, Proposition 4.4",
    .statement = "For even k, with the previous take restricted, two piles both = 0 mod (k+1) are always P "
                 "positions: the player to move loses whatever is restricted.",
    .domain = "k = 2, 4, ..., 20; every pile size, proved per k by the thesis' strategy checked on the game's "
              "moves, and by certificates of the values from piles up to 400 (--max-take 40: every even k up to 40, "
              "by the strategy; certificates where one is found)",
    .parts = {"both piles = 0 mod k+1"},
    .check_games = claim_prop44,
    .games_bytes = rn_two_pile_cert_bytes,
    .sizes_help = "even k = 2..K (--max-take, default 20, at most 40); certificates from piles up to L (--to, "
                  "default 400, at most 1400)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 40,
    .to_limit = 1400,
};

/* Two piles are lost whatever is restricted exactly when both are 0 mod
 * m (ctx: m). */
static bool lost_iff_both_zero(rn_look *s, const void *ctx)
{
    int m = *(const int *)ctx;
    bool zero = rn_look_mod(s, 0, m) == 0 && rn_look_mod(s, 1, m) == 0;
    return (rn_look_wins(s, 0, 0) == 0) == zero;
}

static void only_p(claim_report *r, const rn_cert *z, int region, int twist, const void *ctx)
{
    (void)ctx;
    /* twist: = 0 mod (k+2). */
    int m = z->k + 1 + twist;
    rn_look seen;
    rn_look_start(&seen, z);
    for (int a = 0; a < region; a++)
        for (int b = a; b < region; b++) {
            bool p = rn_cert_win_set(z, (int[]){a, b}, 2) == 0;
            bool stated = a % m == 0 && b % m == 0;
            claim_cases(r, 0, 1);
            if (!rn_look_holds(z, a, b, lost_iff_both_zero, &m, &seen)) {
                char where[64], note[RN_WITNESS_MAX];
                snprintf(where, sizeof where, "k = %d, piles (%d,%d)", z->k, a, b);
                rn_cert_takes_note(z, (int[]){a, b}, 2, note, sizeof note);
                claim_mismatch_at(r, 0, where, stated ? "P" : "not P", p ? "P" : "not P", note);
            }
        }
    rn_look_check(z, region, &seen);
}

static void rule_only_p(claim_report *r, int twist, const rn_sizes *z)
{
    prove_two_piles(r, twist, z, 2, 2, 1, 0, 4 * RN_CERT_TWO_PILES, only_p);
}

RN_SIZED_CHECK(rule_only_p)

const claim_def claim_rn_rule_only_p = {
    .id = "rn/rule-4.3.1",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, after Proposition 4.4",
    .statement = "For even k, \"These are also the only P positions that occur\": a two-pile position is P exactly "
                 "when both piles are = 0 mod (k+1).",
    .domain = "k = 2, 4, ..., 20; every pair of piles, proved per k (certificates from piles up to 400)",
    .parts = {"P exactly when both piles = 0 mod k+1"},
    .check_games = claim_rule_only_p,
    .games_bytes = rn_two_pile_cert_bytes,
    .sizes_help = "even k = 2..K (--max-take, default 20, at most 40); certificates from piles up to L (--to, "
                  "default 400, at most 600)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 40,
    .to_limit = 600,
};

/* The win set a position with a pile of one chip must have, the other
 * pile of b chips.  twist 1: unless 2 is restricted; twist 2: as printed,
 * but (1, 10001) lost whatever is restricted: wrong first beyond any
 * sweep's bound. */
static uint64_t one_chip_want(const rn_cert *z, int twist, bool other_is_10001)
{
    if (twist == 2 && other_is_10001)
        return 0;
    return rn_all_tags(&z->s) & ~(1ull << (twist == 1 ? 2 : 1));
}

/* Proposition 4.5 at a position (ctx: the twist): with a pile of one
 * chip, won exactly unless 1 is restricted. */
static bool one_chip_won(rn_look *s, const void *ctx)
{
    int twist = *(const int *)ctx;
    bool one0 = rn_look_is(s, 0, 1), one1 = rn_look_is(s, 1, 1);
    if (!one0 && !one1)
        return true;
    bool far = twist == 2 && (rn_look_is(s, 0, 10001) || rn_look_is(s, 1, 10001));
    return rn_look_wins(s, 0, 0) == one_chip_want(s->z, twist, far);
}

/* Its cases: the positions (1, b), b = 0, 1, ... (accounting). */
static int one_chip_cases(const rn_cert *z, const int *p, int n, const void *ctx)
{
    (void)z, (void)n, (void)ctx;
    return p[0] == 1 || p[1] == 1;
}

static void one_chip_report(claim_report *r, const rn_cert *z, const int *p, int n, const void *ctx)
{
    (void)n;
    int twist = *(const int *)ctx, b = p[0] == 1 ? p[1] : p[0];
    rn_cert_mismatch_set(r, 0, z, (int[]){1, b}, 2, one_chip_want(z, twist, b == 10001));
}

static void one_pile_of_one(claim_report *r, const rn_cert *z, int region, int twist, const void *ctx)
{
    (void)ctx;
    rn_look_over(r, z, region, 0, one_chip_cases, one_chip_won, one_chip_report, &twist);
}

static void prop45(claim_report *r, int twist, const rn_sizes *z)
{
    prove_two_piles(r, twist, z, 2, 1, 0, twist == 2 ? 10002 : 0, LINE_REGION, one_pile_of_one);
}

RN_SIZED_CHECK(prop45)

const claim_def claim_rn_prop45 = {
    .id = "rn/prop-4.5",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, Proposition 4.5",
    .statement = "When one of two piles has 1 chip, the player to move wins exactly when taking 1 chip is not "
                 "restricted, whatever the other pile.",
    .domain = "k = 2..20; piles (1, b) for every b, proved per k (certificates from piles up to 400); every "
              "restricted number",
    .parts = {"one pile of 1"},
    .check_games = claim_prop45,
    .games_bytes = rn_two_pile_cert_bytes,
    .sizes_help = "k = 2..K (--max-take, default 20, at most 40); certificates from piles up to L (--to, default "
                  "400, at most 600)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 40,
    .to_limit = 600,
};

/* Piles up to 2k + 4 hold every position 4.6-4.12 speak of (a table of a
 * smaller bound is a prefix of a larger one's: the values are the same). */
static void solve_small(rn_solved *s, int k)
{
    rn_solve_previous(s, 2, 2 * k + 4, k);
}


static void prop46(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, MAX_K);
    rn_swept(r, kmax, -1);
    for (int k = 2; k <= kmax; k++) {
        rn_solved s;
        solve_small(&s, k);
        for (int n = 1; n <= k; n += 2) {
            /* twist: wins whatever is restricted. */
            rn_expect_set(r, 0, &s, k, (int[]){0, n}, 2, twist ? rn_all_tags(&s) : rn_all_tags(&s) & ~(1ull << n));
            claim_cases(r, 1, 1);
            uint64_t takes = rn_winning_takes(&s, (int[]){0, n}, 2);
            /* twist: the only winning move takes 1 chip. */
            if (takes != 1ull << (twist ? 1 : n)) {
                char where[64], moves[RN_WITNESS_MAX];
                snprintf(where, sizeof where, "k = %d, piles (0,%d)", k, n);
                rn_winning_moves(&s, (int[]){0, n}, 2, false, moves, sizeof moves);
                claim_mismatch_at(r, 1, where, "the only winning move takes the whole pile", moves, "");
            }
        }
        rn_solved_free(&s);
    }
}

RN_SIZED_CHECK(prop46)

const claim_def claim_rn_prop46 = {
    .id = "rn/prop-4.6",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, Proposition 4.6",
    .statement = "If one pile is empty and the other has an odd number n <= k of chips, the player to move wins "
                 "only if n is not restricted, by taking the entire pile.",
    .domain = "k = 2..20; piles (0, n), n odd, 1 <= n <= k; every restricted number",
    .parts = {"wins exactly unless n is restricted", "the only winning move takes the pile"},
    .check_games = claim_prop46,
    .sizes_help = "k = 2..K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
};

static void prop47(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, MAX_K);
    rn_swept(r, kmax, -1);
    for (int k = 2; k <= kmax; k++) {
        rn_solved s;
        solve_small(&s, k);
        for (int n = 2; n <= k; n += 2) {
            /* twist: the parities of m swapped. */
            int part = (rn_twos(n) + twist) % 2 == 1 ? 0 : 1;
            uint64_t want = part == 0 ? rn_all_tags(&s) : rn_all_tags(&s) & ~(1ull << n);
            rn_expect_set(r, part, &s, k, (int[]){0, n}, 2, want);
        }
        rn_solved_free(&s);
    }
}

RN_SIZED_CHECK(prop47)

const claim_def claim_rn_prop47 = {
    .id = "rn/prop-4.7",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, Proposition 4.7",
    .statement = "If one pile is empty and the other has an even number n = 2^m x odd < k+1 of chips: for odd m "
                 "the player to move wins even when taking the whole pile is restricted; for even m he wins only by "
                 "taking the whole pile, so loses when that is restricted.",
    .domain = "k = 2..20; piles (0, n), n even, 2 <= n <= k; every restricted number",
    .parts = {"m odd: wins whatever is restricted", "m even: wins exactly unless n is restricted"},
    .check_games = claim_prop47,
    .sizes_help = "k = 2..K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
};

static void prop48(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, MAX_K);
    rn_swept(r, kmax, -1);
    for (int k = 2; k <= kmax; k++) {
        rn_solved s;
        solve_small(&s, k);
        for (int a = 1; a <= k; a++)
            for (int b = a; b <= k; b++) {
                claim_cases(r, 0, 1);
                /* twist: taking 2 chips wins. */
                if (!(rn_winning_takes(&s, (int[]){a, b}, 2) & (twist ? 4u : 2u))) {
                    char where[64], moves[RN_WITNESS_MAX];
                    snprintf(where, sizeof where, "k = %d, piles (%d,%d)", k, a, b);
                    rn_winning_moves(&s, (int[]){a, b}, 2, false, moves, sizeof moves);
                    claim_mismatch_at(r, 0, where, "taking 1 chip wins", "no move taking 1 chip wins", moves);
                }
            }
        rn_solved_free(&s);
    }
}

RN_SIZED_CHECK(prop48)

const claim_def claim_rn_prop48 = {
    .id = "rn/prop-4.8",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, Proposition 4.8 (the paragraph after it names exceptions)",
    .statement = "If both piles have more than 0 chips but less than k+1, the player to move (nothing restricted) "
                 "can always win by removing 1 chip.",
    .domain = "k = 2..20; piles (a, b), 1 <= a <= b <= k; nothing restricted",
    .parts = {"taking 1 chip wins"},
    .check_games = claim_prop48,
    .sizes_help = "k = 2..K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
};

/* Propositions 4.9-4.12 speak of odd k of case 2. */
typedef void (*case2_fn)(claim_report *r, const rn_solved *s, int k, int twist);

static void for_case2(claim_report *r, case2_fn fn, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, MAX_K);
    rn_swept(r, kmax, -1);
    for (int k = 2; k <= kmax; k++) {
        if (rn_k_case(k) != 2)
            continue;
        rn_solved s;
        solve_small(&s, k);
        fn(r, &s, k, twist);
        rn_solved_free(&s);
    }
}

/* The twists: half plus one; (0, k+1) in place of (0, k+2); a P
 * position in place of N; N in place of P. */
static void pos49(claim_report *r, const rn_solved *s, int k, int twist)
{
    rn_expect_set(r, 0, s, k, (int[]){0, k + 1}, 2, rn_all_tags(s) & ~(1ull << ((k + 1) / 2 + twist)));
}

static void pos410(claim_report *r, const rn_solved *s, int k, int twist)
{
    rn_expect_set(r, 0, s, k, (int[]){0, k + 2 - twist}, 2, 0);
}

static void pos411(claim_report *r, const rn_solved *s, int k, int twist)
{
    rn_expect_set(r, 0, s, k, (int[]){(k + 1) / 2, k + 1}, 2, twist ? 0 : rn_all_tags(s));
}

static void pos412(claim_report *r, const rn_solved *s, int k, int twist)
{
    rn_expect_set(r, 0, s, k, (int[]){k + 2, k + 2}, 2, twist ? rn_all_tags(s) : 0);
}

static void prop49(claim_report *r, int twist, const rn_sizes *z) { for_case2(r, pos49, twist, z); }
static void prop410(claim_report *r, int twist, const rn_sizes *z) { for_case2(r, pos410, twist, z); }
static void prop411(claim_report *r, int twist, const rn_sizes *z) { for_case2(r, pos411, twist, z); }
static void prop412(claim_report *r, int twist, const rn_sizes *z) { for_case2(r, pos412, twist, z); }

#define CASE2_DOMAIN "odd k <= 20 with (k+1)/2^m odd for an odd m (k = 5, 7, 9, 13, 17); every restricted number"

RN_SIZED_CHECK(prop49)

const claim_def claim_rn_prop49 = {
    .id = "rn/prop-4.9",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.3, Proposition 4.9",
    .statement = "For odd k of case 2, if one pile is empty and the other has k+1 chips, the player to move wins "
                 "exactly when taking half the chips is not restricted.",
    .domain = "piles (0, k+1); " CASE2_DOMAIN,
    .parts = {"(0, k+1)"},
    .check_games = claim_prop49,
    .sizes_help = "the odd k of case 2 up to K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
};

RN_SIZED_CHECK(prop410)

const claim_def claim_rn_prop410 = {
    .id = "rn/prop-4.10",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.3, Proposition 4.10",
    .statement = "For odd k of case 2, one empty pile and one of k+2 chips is a P position.",
    .domain = "piles (0, k+2); " CASE2_DOMAIN,
    .parts = {"(0, k+2)"},
    .check_games = claim_prop410,
    .sizes_help = "the odd k of case 2 up to K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
};

RN_SIZED_CHECK(prop411)

const claim_def claim_rn_prop411 = {
    .id = "rn/prop-4.11",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.3, Proposition 4.11",
    .statement = "For odd k of case 2, if one pile has k+1 chips and the other (k+1)/2, the player to move always "
                 "wins.",
    .domain = "piles ((k+1)/2, k+1); " CASE2_DOMAIN,
    .parts = {"((k+1)/2, k+1)"},
    .check_games = claim_prop411,
    .sizes_help = "the odd k of case 2 up to K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
};

RN_SIZED_CHECK(prop412)

const claim_def claim_rn_prop412 = {
    .id = "rn/prop-4.12",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.3, Proposition 4.12",
    .statement = "For odd k of case 2, when both piles have exactly k+2 chips the player to move always loses.",
    .domain = "piles (k+2, k+2); " CASE2_DOMAIN,
    .parts = {"(k+2, k+2)"},
    .check_games = claim_prop412,
    .sizes_help = "the odd k of case 2 up to K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
};

/* ---- 4.4: sums of restricted games ---- */

#define SUM_MAX_K 8
/* The piles a one-pile certificate may be searched to, and the sum's
 * table solved to (its region lies within them). */
#define SUM_CERT 400

/* The sum's table on the certificate's region: the pairs of slots (a
 * pile and its restricted number) below budget * (k+1), 4 bytes each,
 * three times over for the sweep's working copies, and the one-pile
 * table beside it. */
static uint64_t sum_cert_bytes(const claim_sizes *s, int threads)
{
    (void)threads; /* a claim runs on one worker */
    uint64_t k = (uint64_t)(s->max_take > 0 ? s->max_take : SUM_MAX_K),
             b = (uint64_t)(s->rows > 0 ? s->rows : SUM_CERT), slots = (b + 1) * (k + 1);
    return 3 * (slots * (slots + 1) / 2) * 4 + ((uint64_t)16 << 20);
}

/* One case: the sum's value at a(ra) + b(rb) against the Nim-sum of the
 * components' certified values (twist: their plain sum). */
static void sum_case(claim_report *r, int twist, const rn_cert *one, const rn_solved *sum, int a, int ra, int b,
                     int rb)
{
    int k = one->k;
    uint64_t ga = rn_cert_value(one, &a, 1, ra), gb = rn_cert_value(one, &b, 1, rb);
    uint64_t stated = twist ? ga + gb : ga ^ gb;
    uint64_t got = table_grundy(&sum->table, rn_rank_per_pile(sum, (int[]){a, b}, (int[]){ra, rb}, 2, k));
    claim_cases(r, 0, 1);
    if (got == stated)
        return;
    char *where = claim_printf("k = %d, %d(%d) + %d(%d)", k, a, ra, b, rb);
    char *e = claim_printf("%llu (from %llu and %llu)", (unsigned long long)stated, (unsigned long long)ga,
                           (unsigned long long)gb);
    char *g = claim_printf("%llu", (unsigned long long)got);
    claim_mismatch_at(r, 0, where, e, g, "");
    free(g);
    free(e);
    free(where);
}

/* The sum of two one-pile games, each pile with its own restricted
 * number, against the Nim-sum of the components' values (one pile, the
 * previous take restricted), on every pile size per k: the one-pile
 * values certified (A, t), the sum solved by its own recursion on the
 * piles below R = A + t + k and compared there, and the Nim-sum shown to
 * satisfy the sum's rule there on a second code path
 * (rn_cert_sum_check), which by the shift argument makes it the sum's
 * value at every size.  A mismatch below R is the least counterexample. */
static void rule_sum(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, SUM_MAX_K), budget = rn_size_pile(z, SUM_CERT);
    rn_swept(r, kmax, budget);
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, true);
    for (int k = 2; k <= kmax; k++) {
        rn_cert one;
        if (!rn_proof_cert(&p, r, &one, rn_solver_previous, NULL, 1, k, PILE_GRUNDY, budget))
            continue;
        int region = rn_proof_region(&p, r, &one, 1, 0, budget);
        if (region < 0) {
            rn_cert_free(&one);
            continue;
        }
        char kt[16];
        snprintf(kt, sizeof kt, "%d", k);
        rn_solved sum;
        rn_solve(&sum, "restricted-nim", 2, region - 1,
                 (const char *const[]){"max-move", kt, "restriction", "per-pile", NULL});
        uint64_t before = r->mismatches[0];
        for (int a = 0; a < region; a++)
            for (int ra = 0; ra <= k; ra++)
                for (int b = a; b < region; b++)
                    for (int rb = 0; rb <= k; rb++)
                        sum_case(r, twist, &one, &sum, a, ra, b, rb);
        /* Where the table agrees with the Nim-sum, the Nim-sum satisfies
         * the sum's rule on the region: a disagreement of the second
         * code path is a fault of this code, never a verdict. */
        char why[256];
        if (r->mismatches[0] == before && !rn_cert_sum_check(&one, &sum, why, sizeof why))
            die("internal error: the sum's table agrees with the Nim-sum, its rule does not: %s", why);
        rn_proof_k(&p, &one, region, NULL);
        rn_solved_free(&sum);
        rn_cert_free(&one);
    }
    rn_proof_end(&p, r);
}

RN_SIZED_CHECK(rule_sum)

const claim_def claim_rn_rule_sum = {
    .id = "rn/rule-4.4",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.4, the text after Table 7",
    .statement = "Adding two one-pile games, each with its own restricted number: \"the Nim-sum can also be used to "
                 "get the value when adding two games together just as in regular Nim. The extra added restriction "
                 "does not hinder this principle.\"",
    .domain = "k = 2..8; piles a(ra) + b(rb) of every size, proved per k (certificates from piles up to 400), every "
              "pair of restricted numbers",
    .parts = {"the sum's value is the Nim-sum of the components'"},
    .check_games = claim_rule_sum,
    .games_bytes = sum_cert_bytes,
    .sizes_help = "k = 2..K (--max-take, default 8, at most 12); certificates from piles up to L (--to, default 400, "
                  "at most 800)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 12,
    .to_limit = 800,
};

/* ---- 4.5: N players ---- */

/* A(n, k) = (n-1) k - (ceil(n/2) - 2). */
static int formula_a(int n, int k)
{
    return (n - 1) * k - ((n + 1) / 2 - 2);
}

/* "In such a losing position the first player makes a move after which
 * all the other players together can either empty the pile or bring the
 * pile to another losing position": from a pile of A(n, k), after any
 * first move, the other n - 1 players have moves, one each, that empty the
 * pile (twist: n - 2 of them). */
static void others_take_the_rest(claim_report *r, int part, const rn_solved *s, int n, int k, int a, int twist)
{
    const game_desc *g = s->game;
    uint64_t count = g->count;
    uint8_t *now = xcalloc((size_t)count, 1, "a set of positions"), *next = xcalloc((size_t)count, 1, "a set of positions");
    game_move *moves = xmalloc(sizeof *moves * (size_t)g->max_moves, "a move list");
    game_move *first = xmalloc(sizeof *first * (size_t)g->max_moves, "a move list");
    int nf = g->moves(g->data, rn_rank(s, &a, 1, 0), first);
    int plies = n - 1 - (twist ? 1 : 0);
    for (int f = 0; f < nf; f++) {
        memset(now, 0, (size_t)count);
        now[first[f].child] = 1;
        for (int ply = 0; ply < plies; ply++) {
            memset(next, 0, (size_t)count);
            for (uint64_t q = 0; q < count; q++)
                if (now[q]) {
                    int m = g->moves(g->data, q, moves);
                    for (int i = 0; i < m; i++)
                        next[moves[i].child] = 1;
                }
            uint8_t *t = now;
            now = next;
            next = t;
        }
        bool emptied = false;
        for (int t = 0; t <= k && !emptied; t++)
            emptied = now[rn_rank(s, (int[]){0}, 1, t)];
        claim_cases(r, part, 1);
        if (!emptied) {
            char *pos = rn_position_text(s, first[f].child);
            char *where = claim_printf("%d players, k = %d, pile %d > %s", n, k, a, pos);
            claim_mismatch_at(r, part, where,
                              twist ? "the next n-2 players empty the pile" : "the other n-1 players empty the pile",
                              "no such moves", "");
            free(where);
            free(pos);
        }
    }
    free(now);
    free(next);
    free(moves);
    free(first);
}

/* Part 0 on every pile size, per n and k (rn_certify.h): the statement
 * repeats with period A(n,k); part 1 is one position's play. */
static void rule_players(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, 10), budget = rn_size_pile(z, PLAYERS_PILE);
    rn_swept(r, kmax, budget);
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, true);
    for (int n = 3; n <= 9; n++)
        for (int k = 3; k <= kmax; k++) {
            rn_cert c;
            if (!rn_proof_cert(&p, r, &c, rn_solver_players, &n, 1, k, PILE_OUTCOME, budget))
                continue;
            others_take_the_rest(r, 1, &c.s, n, k, formula_a(n, k), twist);
            /* twist: A(n,k) + 1. */
            int a = formula_a(n, k) + twist, region = rn_proof_region(&p, r, &c, a, 0, 4 * budget);
            rn_look seen;
            rn_look_start(&seen, &c);
            for (int pile = 0; pile < region; pile++) {
                bool all = true;
                for (int t = 0; t <= k && all; t++)
                    all = rn_cert_value(&c, &pile, 1, t) == 0;
                bool stated = pile % a == 0;
                claim_cases(r, 0, 1);
                if (!rn_look_holds(&c, pile, 0, rn_look_lost_iff_multiple, &a, &seen)) {
                    char where[64], e[64], fold[96];
                    snprintf(where, sizeof where, "%d players, k = %d, pile %d", n, k, pile);
                    snprintf(e, sizeof e, "%s (A = %d)", stated ? "a loss" : "not a loss", a);
                    rn_cert_where(&c, &pile, 1, fold, sizeof fold);
                    claim_mismatch_at(r, 0, where, e, all ? "a loss whatever is restricted" : "not a loss", fold);
                }
            }
            if (region >= 0) {
                rn_look_check(&c, region, &seen);
                char what[32];
                snprintf(what, sizeof what, "%d players", n);
                rn_proof_k(&p, &c, region, what);
            }
            rn_cert_free(&c);
        }
    rn_proof_end(&p, r);
}

RN_SIZED_CHECK(rule_players)

const claim_def claim_rn_rule_players = {
    .id = "rn/rule-4.5",
    .truth = CLAIM_EVERY_SIZE,
    .game = "nim-players",
    .source = "Huibers, Section 4.5, the formula after Table 9",
    .statement = "With n >= 3 players, k >= 3 and the previous take restricted (ranked), the player to move is the "
                 "biggest loser, whatever is restricted, exactly on piles = 0 mod A(n,k) = (n-1)k - "
                 "(ceil(n/2) - 2); and from A(n,k), after any first move, \"all the other players together can "
                 "either empty the pile\" (one move each).",
    .domain = "n = 3..9 players, k = 3..10, one pile of 0..2000 chips",
    .parts = {"losses exactly at multiples of A(n,k)", "from A(n,k) the other n-1 players can empty the pile"},
    .check_games = claim_rule_players,
    .sizes_help = "k = 3..K (--max-take, default 10, at most 20); one pile of 0..L chips (--to, default 2000, at most 20000)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 20,
    .to_limit = 20000,
};

/* ---- 5: Wythoff's game ---- */

static void prop51(claim_report *r, int twist, const rn_sizes *z)
{
    int bound = rn_size_pile(z, THREE_PILES);
    rn_swept(r, -1, bound);
    rn_solved s;
    rn_solve(&s, "restricted-nim", 3, bound, (const char *const[]){"restriction", "none", "takes", "wythoff", NULL});
    for (int a = 0; a <= bound; a++)
        for (int b = a; b <= bound; b++)
            for (int c = b; c <= bound; c++) {
                int piles[3] = {a, b, c};
                bool loses = !rn_wins(&s, rn_rank(&s, piles, 3, 0), false);
                /* twist: a loss exactly when a + b + c is even. */
                bool nim_loses = twist ? (a + b + c) % 2 == 0 : (a ^ b ^ c) == 0;
                claim_cases(r, 0, 1);
                if (loses != nim_loses) {
                    char where[64], moves[RN_WITNESS_MAX];
                    snprintf(where, sizeof where, "piles (%d,%d,%d)", a, b, c);
                    rn_winning_moves(&s, piles, 3, false, moves, sizeof moves);
                    claim_mismatch_at(r, 0, where, nim_loses ? "a loss (Nim-sum 0)" : "a win (Nim-sum not 0)",
                                      loses ? "a loss" : "a win", moves);
                }
            }
    rn_solved_free(&s);
}

RN_SIZED_CHECK(prop51)

const claim_def claim_rn_prop51 = {
    .id = "rn/prop-5.1",
    .game = "restricted-nim",
    .source = "Huibers, Section 5.1, Proposition 5.1",
    .statement = "Three-pile Wythoff where a move takes from one pile or the same number from all three has the "
                 "outcomes of three-pile Nim: the player to move loses exactly when the Nim-sum is 0.",
    .domain = "three piles of 0..60 chips, every position",
    .parts = {"outcome = Nim's"},
    .check_games = claim_prop51,
    .sizes_help = "three piles of 0..L chips (--to, default 60, at most 120)",
    .sizes_used = CLAIM_USES_TO,
    .to_limit = 120,
};

static void rule_wythoff_pr(claim_report *r, int twist, const rn_sizes *z)
{
    int bound = rn_size_pile(z, WYTHOFF_PR_PILES);
    rn_swept(r, -1, bound);
    rn_solved s;
    rn_solve(&s, "restricted-nim", 2, bound,
             (const char *const[]){"restriction", "previous", "takes", "wythoff", NULL});
    for (int a = 0; a <= bound; a++)
        for (int b = a; b <= bound; b++) {
            int piles[2] = {a, b};
            char where[64], moves[RN_WITNESS_MAX];
            snprintf(where, sizeof where, "piles (%d,%d)", a, b);
            claim_cases(r, 0, 1);
            bool p = rn_win_set(&s, piles, 2) == 0;
            /* twist: (1,1) the only P position. */
            bool stated = twist ? a == 1 && b == 1 : a == 0 && b == 0;
            if (p != stated) {
                rn_winning_moves(&s, piles, 2, false, moves, sizeof moves);
                claim_mismatch_at(r, 0, where, stated ? "P" : "not P", p ? "P" : "not P", moves);
                rn_replay_class(r, &s, piles, 2, false);
            }
            if (a > 0) {
                claim_cases(r, 1, 1);
                /* twist: taking 2 chips wins. */
                if (!(rn_winning_takes(&s, piles, 2) & (twist ? 4u : 2u))) {
                    rn_winning_moves(&s, piles, 2, false, moves, sizeof moves);
                    claim_mismatch_at(r, 1, where, "taking 1 chip wins", "no move taking 1 chip wins", moves);
                    rn_replay_class(r, &s, piles, 2, false);
                }
            }
            /* "Whenever both piles have the same number of chips and have at
             * least two chips, the first player can also win ... Otherwise he
             * can still win by removing 1 chip": N (wins whatever is
             * restricted).  "There are a few more N positions ... these N
             * positions are the positions where one pile is twice as big as
             * the other pile and when dividing the number of chips of the
             * largest pile by 2^m, the result is an odd natural number for an
             * odd m" (both piles non-empty and unequal; twist: an even m). */
            bool n_pos = rn_win_set(&s, piles, 2) == rn_all_tags(&s);
            /* twist: equal piles of at least 1. */
            if (a == b && a >= 2 - twist) {
                claim_cases(r, 2, 1);
                if (!n_pos) {
                    rn_winning_moves(&s, piles, 2, false, moves, sizeof moves);
                    claim_mismatch_at(r, 2, where, "N", "not N", moves);
                    rn_replay_class(r, &s, piles, 2, false);
                }
            } else if (a > 0 && a != b) {
                claim_cases(r, 3, 1);
                bool stated = b == 2 * a && rn_twos(b) % 2 == (twist ? 0 : 1);
                if (n_pos != stated) {
                    rn_winning_moves(&s, piles, 2, false, moves, sizeof moves);
                    claim_mismatch_at(r, 3, where, stated ? "N" : "not N", n_pos ? "N" : "not N", moves);
                    rn_replay_class(r, &s, piles, 2, false);
                }
            }
            /* "one of the piles has twice as many chips as the other pile and
             * the first player can win by emptying the smaller pile and also
             * removing this number of chips from the larger pile ...  This
             * does not always work for the first player however, as the
             * second player can sometimes still win by dividing the remaining
             * pile in half": at (x, 2x) that move wins exactly when 2x / 2^m
             * is odd for an odd m (twist: an even m). */
            if (a > 0 && b == 2 * a) {
                bool wins = !rn_wins(&s, rn_rank(&s, (int[]){0, a}, 2, a), false);
                bool stated = rn_twos(b) % 2 == (twist ? 0 : 1);
                claim_cases(r, 4, 1);
                if (wins != stated) {
                    rn_winning_moves(&s, piles, 2, false, moves, sizeof moves);
                    claim_mismatch_at(r, 4, where,
                                      stated ? "taking x from both piles wins" : "taking x from both piles loses",
                                      wins ? "it wins" : "it loses", moves);
                    rn_replay_class(r, &s, piles, 2, false);
                }
            }
        }
    rn_solved_free(&s);
}

RN_SIZED_CHECK(rule_wythoff_pr)

const claim_def claim_rn_rule_wythoff_pr = {
    .id = "rn/rule-5",
    .game = "restricted-nim",
    .source = "Huibers, Section 5, the text after Table 12",
    .statement = "In Wythoff's game with the previous take restricted, \"there is only one P position, which is "
                 "(0, 0)\", and \"every single position where both piles have more than 0 chips can be won by the "
                 "first player by removing 1 chip\"; equal piles of at least two chips are N positions (won "
                 "whatever is restricted); and of two unequal non-empty piles, the N positions are those where one "
                 "pile is twice the other and the larger divided by 2^m is odd for an odd m, where emptying the "
                 "smaller pile and taking as many from the larger wins (and loses where the power of 2 is even: "
                 "\"the second player can sometimes still win by dividing the remaining pile in half\").",
    .domain = "two piles of 0..60 chips (nothing restricted for the second part)",
    .parts = {"(0,0) is the only P position", "taking 1 chip wins when both piles are non-empty",
              "equal piles of at least 2: N", "unequal non-empty piles: N exactly when twice, with an odd power of 2",
              "(x, 2x): taking x from both piles wins exactly when 2x / 2^m is odd for an odd m"},
    .check_games = claim_rule_wythoff_pr,
    .sizes_help = "two piles of 0..L chips (--to, default 60, at most 200)",
    .sizes_used = CLAIM_USES_TO,
    .to_limit = 200,
};

/* ---- 4.3.3: odd k whose first loss is at k + 2 ---- */

/* The one-pile piles lost whatever is restricted (P), with two piles of
 * which one is empty, in increasing order. */
static int one_pile_losses(const rn_solved *s, int bound, int *out, int max)
{
    int n = 0;
    for (int chips = 0; chips <= bound && n < max; chips++)
        if (rn_win_set(s, (int[]){0, chips}, 2) == 0)
            out[n++] = chips;
    return n;
}

static void expect_losses(claim_report *r, int part, const rn_solved *s, int k, const int *stated, int count)
{
    int got[16];
    int n = one_pile_losses(s, TWO_PILES, got, 16);
    claim_cases(r, part, 1);
    bool same = n >= count;
    for (int i = 0; i < count && same; i++)
        same = got[i] == stated[i];
    if (same)
        return;
    char where[64], want[128] = "", have[128] = "";
    snprintf(where, sizeof where, "k = %d, one pile (the other empty)", k);
    for (int i = 0; i < count; i++)
        rn_append(want, sizeof want, "%s%d", i ? ", " : "the first P positions: ", stated[i]);
    for (int i = 0; i < n && i < count; i++)
        rn_append(have, sizeof have, "%s%d", i ? ", " : "", got[i]);
    claim_mismatch_at(r, part, where, want, have[0] ? have : "none", "");
}

/* "Now the first player has to make sure that the other pile is smaller
 * than 17 after his next turn.  By doing this he can use the same strategy
 * of always taking 1 chip as before to win" (k = 7, from (17, 9) after
 * taking 1 from the 9): against every reply, some winning move leaves both
 * piles below 17 (twist: below 2); and "the same strategy can be used in
 * position (25, 9)": taking 1 from the 9 wins there. */
static void below_17(claim_report *r, int part, const rn_solved *s, int twist)
{
    const game_desc *g = s->game;
    int limit = twist ? 2 : 17;
    game_move *reply = xmalloc(sizeof *reply * (size_t)g->max_moves, "a move list");
    game_move *next = xmalloc(sizeof *next * (size_t)g->max_moves, "a move list");
    int nr = g->moves(g->data, rn_rank(s, (int[]){8, 17}, 2, 1), reply);
    for (int i = 0; i < nr; i++) {
        int nn = g->moves(g->data, reply[i].child, next);
        bool found = false;
        for (int j = 0; j < nn && !found; j++) {
            int p[RN_STRATEGY_PILES];
            s->entry->piles_of(g, next[j].child, p);
            found = p[0] < limit && p[1] < limit && !rn_wins(s, next[j].child, false);
        }
        claim_cases(r, part, 1);
        if (!found) {
            char *pos = rn_position_text(s, reply[i].child);
            char *where = claim_printf("k = 7, (17,9) > (17,8)(1) > %s", pos);
            claim_mismatch_at(r, part, where,
                              twist ? "a winning move leaves both piles below 2" :
                                      "a winning move leaves both piles below 17",
                              "none does", "");
            free(where);
            free(pos);
        }
    }
    free(reply);
    free(next);
    claim_cases(r, part, 1);
    if (rn_wins(s, rn_rank(s, (int[]){25, 8}, 2, 1), false) != (twist != 0))
        claim_mismatch_at(r, part, "k = 7, piles (25,9)", twist ? "taking 1 from the 9 loses" : "taking 1 from the 9 wins",
                          twist ? "it wins" : "it loses", "");
}

static void rule_odd_k(claim_report *r, int twist)
{
    rn_solved s;
    /* "the third losing position when playing with one pile is at 17 chips
     * for k = 7.  The first losing position is at 0 chips and the second
     * losing position is at 9 chips" (twist: 18). */
    rn_solve_previous(&s, 2, TWO_PILES, 7);
    expect_losses(r, 0, &s, 7, (int[]){0, 9, twist ? 18 : 17}, 3);
    /* "We can see in Table 6 that the position (17, 0) is a P position ...
     * the position (17, 9) [is not] a P position.  A player in this
     * situation can win by taking 1 chip" (from the pile of 9). */
    int p17[2] = {0, 17}, p179[2] = {9, 17};
    claim_cases(r, 2, 2);
    if (rn_win_set(&s, p17, 2) != 0)
        claim_mismatch_at(r, 2, "k = 7, piles (17,0)", "P", "not P", "");
    rn_solved_free(&s);
    /* "when k = 9 the increase in chips from the first to second losing
     * positions is k + 2, as well as the increase from the second to third
     * losing positions, however the increase from the third to fourth
     * losing positions is only k + 1" */
    rn_solve_previous(&s, 2, TWO_PILES, 9);
    expect_losses(r, 1, &s, 9, (int[]){0, 11, 22, twist ? 33 : 32}, 4);
    rn_solved_free(&s);
    rn_solve_previous(&s, 2, TWO_PILES, 7);
    /* Taking 1 from the 9 wins: the move to (8, 17) with 1 restricted
     * is a loss for the next player. */
    uint64_t to = rn_rank(&s, (int[]){8, 17}, 2, 1);
    bool wins = rn_win_set(&s, p179, 2) & 1u, by_one = !rn_wins(&s, to, false);
    if (twist ? wins : !(wins && by_one)) {
        char moves[RN_WITNESS_MAX];
        rn_winning_moves(&s, p179, 2, false, moves, sizeof moves);
        claim_mismatch_at(r, 2, "k = 7, piles (9,17)", "not P: taking 1 chip from the 9 wins",
                          !wins ? "lost with nothing restricted" : "taking 1 from the 9 does not win", moves);
    }
    below_17(r, 3, &s, twist);
    rn_solved_free(&s);
}

RN_CLAIM_CHECK(rule_odd_k)

const claim_def claim_rn_rule_odd_k = {
    .id = "rn/rule-4.3.3",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.3, the text after Proposition 4.12",
    .statement = "With the previous take restricted, on one pile (the other empty) the first P positions are 0, 9 "
                 "and 17 for k = 7, and 0, 11, 22 and 32 for k = 9 (steps k+2, k+2, k+1); (17, 0) is a P position "
                 "for k = 7 but (17, 9) is not: taking 1 chip from the 9 wins, and after any reply the first player "
                 "has a winning move that leaves the other pile below 17; \"the same strategy can be used in "
                 "position (25, 9)\".",
    .domain = "the positions it names: k = 7 and 9, one pile (the other empty) up to 32 chips, every restricted "
              "number; for k = 7, (17,0), (17,9), every reply from (17,8) with 1 restricted and every answer to it, "
              "and (25,9) (values from two piles up to 200)",
    .parts = {"k = 7: the first P positions 0, 9, 17", "k = 9: the first P positions 0, 11, 22, 32",
              "k = 7: (17,0) P; (17,9) won by taking 1 from the 9",
              "k = 7: then the other pile brought below 17 wins; (25,9) the same"},
    .check_games = claim_rule_odd_k,
    .sizes_help = "fixed",
};

/* ---- 6.1: misere play ---- */

#define MISERE_PILES 200
/* The piles a certificate of S(1,2,3) or of k <= 10 may be searched to. */
#define MISERE_CERT 400

/* Two-pile games with no restriction, normal and misere: Nim (k = 0) or
 * S(1..k). */
static void solve_free(rn_solved *s, int k)
{
    char kt[16];
    snprintf(kt, sizeof kt, "%d", k);
    rn_solve(s, "restricted-nim", 2, MISERE_PILES + 4,
             k ? (const char *const[]){"max-move", kt, "restriction", "none", NULL}
               : (const char *const[]){"restriction", "none", NULL});
}

static bool wins_at(const rn_solved *s, int a, int b, bool misere)
{
    return rn_wins(s, rn_rank(s, (int[]){a, b}, 2, 0), misere);
}

/* One case of two piles (a, b); a mismatch where it does not hold, with
 * the command that shows the computed outcome when `options` names the
 * game (`verifier value a,b --game restricted-nim OPTIONS`) and `shows`
 * what its output then says. */
static void outcome_case(claim_report *r, int part, bool holds, const char *what, int a, int b, const char *stated,
                         const char *found, const char *options, const char *shows)
{
    claim_cases(r, part, 1);
    if (holds)
        return;
    char *where = claim_printf("%s, piles (%d,%d)", what, a, b);
    claim_mismatch_at(r, part, where, stated, found, "");
    if (options) {
        char *command = claim_printf("verifier value %d,%d --game restricted-nim %s", a, b, options);
        claim_mismatch_replay(r, command, shows);
        free(command);
    }
    free(where);
}

/* What `value` says of the player to move in one play. */
static const char *play_words(bool misere, bool wins)
{
    return misere ? (wins ? "misere play: the player to move wins" : "misere play: the player to move loses")
                  : (wins ? "normal play: the player to move wins" : "normal play: the player to move loses");
}

#define S123_OPTIONS "--max-move 3 --restriction none"

/* Moves of 1..k (arg unused), nothing restricted: S(1..k) on piles. */
static void solver_free(rn_solved *s, int piles, int bound, int k, const void *arg)
{
    (void)arg;
    char kt[16];
    snprintf(kt, sizeof kt, "%d", k);
    rn_solve(s, "restricted-nim", piles, bound, (const char *const[]){"max-move", kt, "restriction", "none", NULL});
}

/* The certificates of normal and misere play of one game, and the
 * region a statement reading both (at a position and up to 4 chips
 * above it in a pile, repeating with period q) is decided on. */
typedef struct {
    rn_cert normal, misere;
    int region;
} both_plays;

static bool both_plays_make(both_plays *b, rn_proof *p, claim_report *r, rn_solver solve, int k, int q)
{
    if (!rn_proof_cert(p, r, &b->normal, solve, NULL, 2, k, PILE_NORMAL_WIN, MISERE_CERT))
        return false;
    if (!rn_proof_cert(p, r, &b->misere, solve, NULL, 2, k, PILE_MISERE_WIN, MISERE_CERT)) {
        rn_cert_free(&b->normal);
        return false;
    }
    /* Shifting a pile by lcm(t_normal, t_misere, q) from max(A) + k on
     * changes neither play's values nor the statement. */
    long long tm = b->misere.c.per, qq = q;
    long long g = tm, h = qq;
    while (h) {
        long long t = g % h;
        g = h;
        h = t;
    }
    b->region = rn_proof_region(p, r, &b->normal, (int)(tm / g * qq), b->misere.c.pre + k, 4 * MISERE_CERT);
    /* The same region seen from misere play's certificate: the statement
     * repeats, for it, with lcm(t_normal, q) from normal play's A + k. */
    long long tn = b->normal.c.per;
    g = tn, h = qq;
    while (h) {
        long long t = g % h;
        g = h;
        h = t;
    }
    if (b->region >= 0 &&
        rn_cert_region(&b->misere, (int)(tn / g * qq), b->normal.c.pre + k, 4 * MISERE_CERT) != b->region)
        die("internal error: k = %d: the regions of normal and misere play differ", k);
    if (b->region < 0) {
        rn_cert_free(&b->normal);
        rn_cert_free(&b->misere);
        return false;
    }
    return true;
}

static void both_plays_free(both_plays *b)
{
    rn_cert_free(&b->normal);
    rn_cert_free(&b->misere);
}

static bool wins_cert(const both_plays *b, int a, int c, int tag, bool misere)
{
    return rn_cert_wins(misere ? &b->misere : &b->normal, (int[]){a, c}, 2, tag);
}

/* Part 4 reads both plays at once; its certificate holds both plays'
 * wins at every position (view both-win: 2 for a normal-play win, 1 for
 * a misere one), so one table of the rules proves it.  Made before the
 * statements are checked (a certificate sought marks where the k's
 * mismatches begin); written after, when part 4 found none.  Its values,
 * any size, are the two plays' certificates' (a difference is a fault of
 * this code), so the statement checked on the pair's region holds on its
 * own, also checked. */
static void s123_both_written(rn_proof *p, claim_report *r, int twist, const both_plays *b, rn_cert *both,
                              int region)
{
    for (int a = 0; a < region; a++)
        for (int c = 0; c < region; c++) {
            uint64_t v = rn_cert_value(both, (int[]){a, c}, 2, 0);
            uint64_t pair = (uint64_t)wins_cert(b, a, c, 0, false) << 1 | wins_cert(b, a, c, 0, true);
            if (v != pair)
                die("internal error: S(1,2,3) at (%d,%d): both plays' certificate %llu, each play's %llu", a, c,
                    (unsigned long long)v, (unsigned long long)pair);
            bool stated = a % 4 <= 1 && c % 4 <= (twist ? 2 : 1);
            if (((v >> 1) != (v & 1)) != stated && r->mismatches[4] == 0)
                die("internal error: S(1,2,3) at (%d,%d): part 4 passed on the pair's region, not on its own", a,
                    c);
        }
    if (region >= 0)
        rn_proof_k_parts(p, both, region, "S(1,2,3), both plays", 1u << 4);
}

/* 6.1.2 on S(1,2,3), both plays, every pile size (parts 1-4 and 6). */
static void s123_parts(claim_report *r, int twist, rn_proof *p)
{
    both_plays b;
    if (!both_plays_make(&b, p, r, solver_free, 3, 4))
        return;
    rn_cert both;
    bool have_both = rn_proof_cert(p, r, &both, solver_free, NULL, 2, 3, PILE_BOTH_WIN, MISERE_CERT);
    int both_region = have_both ? rn_proof_region(p, r, &both, 4, 0, 4 * MISERE_CERT) : -1;
    for (int a = 0; a < b.region; a++)
        for (int c = 0; c < b.region; c++) {
            bool n = wins_cert(&b, a, c, 0, false), m = wins_cert(&b, a, c, 0, true);
            /* 6.1.2: "the results of a game do not change if we add exactly 4
             * chips to a pile" (normal play, k = 3). */
            bool n4 = wins_cert(&b, a + 4, c, 0, false), m4 = wins_cert(&b, a + 4, c, 0, true);
            outcome_case(r, 1, (n == n4) != (twist != 0), "S(1,2,3), normal play, adding 4 to the first pile", a, c,
                         "the same outcome", "it changes", NULL, NULL);
            /* "the first player will only lose if both piles have a value = 0
             * (mod 4)" */
            bool stated_loss = a % 4 == 0 && c % 4 == 0 && !twist;
            outcome_case(r, 2, !n == stated_loss || (n && !stated_loss), "S(1,2,3), normal play", a, c,
                         "the player to move loses only if both piles are 0 mod 4", n ? "he wins" : "he loses",
                         S123_OPTIONS, play_words(false, n));
            /* The sentence's other direction, which its reason gives ("the
             * second player can now always return to a similar situation"):
             * both piles 0 mod 4 lose (twist: win). */
            if (a % 4 == 0 && c % 4 == 0)
                outcome_case(r, 6, n == (twist != 0), "S(1,2,3), normal play", a, c,
                             twist ? "the player to move wins" : "the player to move loses", n ? "he wins" : "he loses",
                             S123_OPTIONS, play_words(false, n));
            /* "In the Misere variant it is also true that adding 4 chips to
             * either or both piles does not change the outcome". */
            bool m44 = wins_cert(&b, a + 4, c + 4, 0, true);
            outcome_case(r, 3, (m == m4 && m == m44) != (twist != 0), "S(1,2,3), misere play, adding 4", a, c,
                         "the same outcome", "it changes", NULL, NULL);
            /* "Every block of 4 x 4 in the table is changed in a similar way as
             * with regular Misere Nim ... (0, 0), (0, 1), (1, 0) and (1, 1) are
             * changed ... (4, 0), (4, 1), (5, 0) and (5, 1) are also changed":
             * misere differs from normal where both piles are 0 or 1 mod 4. */
            bool stated = a % 4 <= 1 && c % 4 <= (twist ? 2 : 1);
            outcome_case(r, 4, (n != m) == stated, "S(1,2,3)", a, c,
                         stated ? "misere differs from normal" : "the same outcome",
                         n != m ? "they differ" : "the same outcome", S123_OPTIONS, play_words(true, m));
        }
    /* Each play's certificate proves the parts that read it alone: normal
     * play parts 1 and 6, misere play part 3 (part 2 fails as printed). */
    rn_proof_k_parts(p, &b.normal, b.region, "S(1,2,3), normal play", 1u << 1 | 1u << 6);
    rn_proof_k_parts(p, &b.misere, b.region, "S(1,2,3), misere play", 1u << 3);
    if (have_both) {
        s123_both_written(p, r, twist, &b, &both, both_region);
        rn_cert_free(&both);
    }
    both_plays_free(&b);
}

/* One case of part 5: the X at (a, b) (set: the restricted numbers under
 * which the player to move wins) only in misere play at (0,1) and (1,1)
 * (twist: not at (1,1)). */
static void x_case(claim_report *r, int twist, int k, int a, int b, bool misere, uint64_t set)
{
    bool x = set == 2u;
    bool stated = misere && a <= 1 && b == 1 && !(twist && a == 1);
    char *what = claim_printf("k = %d, the previous take restricted, %s play", k, misere ? "misere" : "normal");
    char *options = claim_printf("--max-move %d --restriction previous", k);
    char *shows = claim_printf("%s play: %s:", misere ? "misere" : "normal", x ? "X" : "");
    outcome_case(r, 5, x == stated, what, a, b, stated ? "X: wins only when 1 is restricted" : "not X", x ? "X" : "not X",
                 options, x ? shows : NULL);
    free(options);
    free(shows);
    free(what);
}

/* Part 5 for one k, every pile size, by what a restriction does: with r
 * restricted the moves are those with nothing restricted less the takes
 * of r, to the same children (each child's restricted number is the take
 * that made it, whatever was restricted before).  So a move that wins
 * with 1 restricted wins with nothing restricted: a position where the
 * player to move wins only when 1 is restricted is one where 1 leaves
 * him no move at all -- in normal play that loses, so there is none; in
 * misere play it wins, and the only such positions are those whose every
 * move takes 1 chip: piles of at most 1, checked here.  The premise is
 * checked on the game's own moves against the rule written out above, on
 * two piles below 2k + 2, where every pile takes each shape it can have
 * (fewer than k chips, or every take 1..k open), so no larger position
 * moves any other way.  The sets themselves are also compared with the
 * statement on these piles.  False when the game's moves are not the
 * rule's (then nothing is proved for k). */
static bool x_by_rule(claim_report *r, int twist, int k)
{
    rn_solved s;
    int bound = 2 * k + 1;
    rn_solve_previous(&s, 2, bound, k);
    bool rule = rn_moves_are_previous_rule(&s, k, bound);
    for (int a = 0; a <= bound; a++)
        for (int b = a; b <= bound; b++)
            for (int misere = 0; misere <= 1; misere++) {
                uint64_t set = 0;
                for (int t = 0; t < rn_tags(&s); t++)
                    if (rn_wins(&s, rn_rank(&s, (int[]){a, b}, 2, t), misere))
                        set |= 1ull << t;
                x_case(r, twist, k, a, b, misere, set);
            }
    rn_solved_free(&s);
    return rule;
}

/* 6.1.3: the X (the player to move wins only when 1 is restricted) "can
 * only occur in the Misere version and will only occur in the
 * aforementioned situations" (0,1), (1,0), (1,1); k = 2..10, every pile
 * size by x_by_rule (part 5).  Its finding names the k proved. */
static void x_parts(claim_report *r, int twist)
{
    char proved[64] = "", open[64] = "";
    for (int k = 2; k <= 10; k++) {
        uint64_t before = r->mismatches[5];
        bool rule = x_by_rule(r, twist, k);
        /* A k whose sets did not hold is not proved (its mismatches say
         * why); one whose moves are not the rule's is an internal error. */
        if (rule && r->mismatches[5] != before)
            continue;
        char *list = rule ? proved : open;
        rn_append(list, sizeof proved, "%s%d", list[0] ? ", " : "", k);
        /* Written out (argument restriction-x). */
        if (rule) {
            char *text = rn_x_certificate_text(r->claim_id, k), *name = claim_printf("k-%d-x-only-in-misere", k);
            claim_certificate_add(r, name, text);
            free(name);
            free(text);
        }
    }
    if (proved[0])
        claim_finding_add(r, "proved for every pile size: 6.1.3",
                          "k = %s: with r restricted the moves are those with nothing restricted but the takes of "
                          "r, to the same positions (checked on the game's moves, two piles below 2k + 2, which "
                          "every larger position moves as), so winning with 1 restricted wins with nothing "
                          "restricted wherever 1 leaves a move: no X in normal play, and in misere play only at "
                          "piles of at most 1 chip, checked",
                          proved);
    /* The game's moves not the rule's is a fault of the engine, not of
     * the thesis: nothing is proved for that k, and the run says so. */
    if (open[0])
        die("internal error: restricted Nim's moves (k = %s) are not those of its rule", open);
}

static void rule_misere(claim_report *r, int twist)
{
    rn_solved s;
    /* 6.1.1: "The only differences are the cases (0, 0), (0, 1), (1, 0) and
     * (1, 1) ... All other cases give the same results".  Nim's moves take
     * any number of chips: no certificate of this kind; swept. */
    solve_free(&s, 0);
    for (int a = 0; a <= MISERE_PILES; a++)
        for (int b = a; b <= MISERE_PILES; b++) {
            bool differ = wins_at(&s, a, b, false) != wins_at(&s, a, b, true);
            bool stated = twist ? a <= 1 && b <= 2 : a <= 1 && b <= 1;
            outcome_case(r, 0, differ == stated, "Nim", a, b, stated ? "misere differs from normal" : "the same outcome",
                         differ ? "they differ" : "the same outcome", "--restriction none",
                         play_words(true, wins_at(&s, a, b, true)));
        }
    rn_solved_free(&s);
    rn_proof p;
    rn_proof_begin(&p, r);
    s123_parts(r, twist, &p);
    /* Part 0 is swept only: the claim as a whole is not proved. */
    rn_proof_end_parts(&p, r, "6.1.2, adding 4 chips in either play, the losses at both piles 0 mod 4 and where "
                              "misere differs (parts 1, 3, 4 and 6; Nim's 6.1.1 is swept to piles of 200, part 2 "
                              "checked on the region)");
    x_parts(r, twist);
}

RN_CLAIM_CHECK(rule_misere)

const claim_def claim_rn_rule_misere = {
    .id = "rn/rule-6.1",
    .truth = CLAIM_PARTLY_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Sections 6.1.1-6.1.3, the text around Tables 17-19",
    .statement = "Two piles: misere Nim differs from Nim only at (0,0), (0,1), (1,0) and (1,1); in the subtraction "
                 "game S(1,2,3) adding 4 chips to a pile never changes the outcome, normal or misere (to either or "
                 "both piles), the player to move loses (normal play) only if both piles are 0 mod 4 (and he loses "
                 "there, \"the second player can now always return to a similar situation\"), and misere "
                 "differs from normal where both piles are 0 or 1 mod 4; with the previous take restricted, the "
                 "player to move wins only when 1 is restricted (X) only in misere play, at (0,1), (1,0) and (1,1).",
    .domain = "Nim: two piles of 0..200 chips; S(1,2,3): two piles of every size, proved; restricted Nim with k = "
              "2..10: two piles of every size, proved by what a restriction does (docs/claims.md), the sets "
              "compared on piles below 2k + 2",
    .parts = {"6.1.1: misere Nim differs only at the four smallest positions", "6.1.2: adding 4 chips, normal play",
              "6.1.2: normal play lost only when both piles are 0 mod 4", "6.1.2: adding 4 chips, misere play",
              "6.1.2: misere differs where both piles are 0 or 1 mod 4", "6.1.3: X only in misere, at (0,1), (1,1)",
              "6.1.2: normal play lost where both piles are 0 mod 4"},
    .check_games = claim_rule_misere,
    .sizes_help = "fixed",
    .erratum = {.grade = CLAIM_GRADE_WORDING,
                .evidence = "Table 18, beside the sentence, prints S(1,2,3) in normal play with (1,1), (2,2), "
                            "(1,5) ... lost (0), as computed: the thesis' own table has the right values",
                .correction = "in S(1,2,3) on two piles (normal play) the player to move loses exactly when the two "
                              "piles are equal mod 4 (the Nim-sum of the piles mod 4 is 0), as Table 18 prints"},
};

/* ---- 6.4: putting chips back ---- */

/* The putback-nim game of `piles` piles up to `bound` each (and all that
 * moves reach), and whether the player to move loses at these piles. */
static bool putback_loses(const rn_solved *s, const int *piles, int n)
{
    return !rn_wins(s, rn_rank(s, piles, n, 0), false);
}

/* Every ascending list of n non-empty piles of 1..bound, in turn. */
static bool next_piles(int *a, int n, int bound)
{
    int i = n - 1;
    while (i >= 0 && a[i] == bound)
        i--;
    if (i < 0)
        return false;
    a[i]++;
    for (int j = i + 1; j < n; j++)
        a[j] = a[i];
    return true;
}

static void putback_case(claim_report *r, int part, const rn_solved *s, const int *a, int n, bool stated)
{
    claim_cases(r, part, 1);
    bool loses = putback_loses(s, a, n);
    if (loses == stated)
        return;
    char where[64], moves[RN_WITNESS_MAX];
    int used = snprintf(where, sizeof where, "piles (");
    for (int i = 0; i < n; i++)
        used += snprintf(where + used, sizeof where - (size_t)used, "%s%d", i ? "," : "", a[i]);
    snprintf(where + used, sizeof where - (size_t)used, ")");
    rn_winning_moves(s, a, n, false, moves, sizeof moves);
    claim_mismatch_at(r, part, where, stated ? "the player to move loses" : "the player to move wins",
                      loses ? "he loses" : "he wins", moves);
}

#define PUTBACK_TWO 30
#define PUTBACK_THREE 12
#define PUTBACK_FOUR 8
#define PUTBACK_FIVE 10

/* The losing positions of five piles of different sizes up to 10, as the
 * thesis lists them. */
static const int five_losing[][5] = {{1, 2, 3, 4, 5}, {1, 2, 3, 6, 7}, {1, 2, 3, 8, 9}, {1, 4, 5, 6, 7},
                                     {1, 4, 5, 8, 9}, {1, 6, 7, 8, 9}, {2, 4, 6, 8, 10}, {2, 5, 7, 9, 10},
                                     {3, 4, 7, 9, 10}, {3, 5, 6, 9, 10}, {3, 5, 7, 8, 10}};

static bool listed_five(const int *a, int twist)
{
    /* twist: the list without its first position. */
    for (size_t i = twist ? 1 : 0; i < sizeof five_losing / sizeof *five_losing; i++)
        if (memcmp(five_losing[i], a, sizeof five_losing[i]) == 0)
            return true;
    return false;
}

/* Whether two ascending lists of five piles differ in one pile alone
 * (as multisets: one pile size changed). */
static bool one_pile_apart(const int *a, const int *b)
{
    int i = 0, j = 0, only_a = 0;
    while (i < 5 && j < 5) {
        if (a[i] == b[j]) {
            i++;
            j++;
        } else if (a[i] < b[j]) {
            only_a++;
            i++;
        } else
            j++;
    }
    only_a += 5 - i;
    return only_a == 1;
}

static void five_pile_changes(claim_report *r, const rn_solved *s, int twist)
{
    int (*lost)[5] = NULL, n = 0, cap = 0, a[5] = {1, 1, 1, 1, 1};
    do {
        if (!putback_loses(s, a, 5))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            lost = xrealloc(lost, sizeof *lost * (size_t)cap, "the losing positions");
        }
        memcpy(lost[n++], a, sizeof a);
    } while (next_piles(a, 5, PUTBACK_FIVE));
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            claim_cases(r, 5, 1);
            /* twist: the statement turned around (one pile may change). */
            if (one_pile_apart(lost[i], lost[j]) == !twist) {
                char where[96];
                snprintf(where, sizeof where, "piles (%d,%d,%d,%d,%d) and (%d,%d,%d,%d,%d)", lost[i][0], lost[i][1],
                         lost[i][2], lost[i][3], lost[i][4], lost[j][0], lost[j][1], lost[j][2], lost[j][3],
                         lost[j][4]);
                claim_mismatch_at(r, 5, where, twist ? "one pile apart" : "at least two piles apart",
                                  twist ? "more than one pile apart" : "one pile apart",
                                  "both lost by the player to move");
            }
        }
    free(lost);
}

static void rule_putback(claim_report *r, int twist)
{
    rn_solved s;
    int a[5];
    /* Two piles: Nim's outcome (twist: the player to move loses when the
     * piles differ by one). */
    rn_solve(&s, "putback-nim", 2, PUTBACK_TWO, NULL);
    for (a[0] = 0; a[0] <= PUTBACK_TWO; a[0]++)
        for (a[1] = a[0]; a[1] <= PUTBACK_TWO; a[1]++)
            putback_case(r, 0, &s, a, 2, twist ? a[1] - a[0] == 1 : a[0] == a[1]);
    rn_solved_free(&s);
    /* Three non-empty piles: the player to move wins. */
    rn_solve(&s, "putback-nim", 3, PUTBACK_THREE, NULL);
    a[0] = a[1] = a[2] = 1;
    do
        putback_case(r, 1, &s, a, 3, twist != 0);
    while (next_piles(a, 3, PUTBACK_THREE));
    rn_solved_free(&s);
    /* Four non-empty piles: the player to move loses exactly with two
     * pairs of equal piles. */
    rn_solve(&s, "putback-nim", 4, PUTBACK_FOUR, NULL);
    a[0] = a[1] = a[2] = a[3] = 1;
    do
        putback_case(r, 2, &s, a, 4, (a[0] == a[1] && a[2] == a[3]) != (twist != 0));
    while (next_piles(a, 4, PUTBACK_FOUR));
    rn_solved_free(&s);
    /* Five non-empty piles: two equal piles win; of different sizes up to
     * 10, the listed ones lose and no other. */
    rn_solve(&s, "putback-nim", 5, PUTBACK_FIVE, NULL);
    a[0] = a[1] = a[2] = a[3] = a[4] = 1;
    do {
        bool pair = false;
        for (int i = 1; i < 5; i++)
            pair = pair || a[i] == a[i - 1];
        if (pair)
            putback_case(r, 3, &s, a, 5, twist != 0);
        else
            putback_case(r, 4, &s, a, 5, listed_five(a, twist));
    } while (next_piles(a, 5, PUTBACK_FIVE));
    /* "Once a losing position is found at least two pile sizes need to
     * change to find another losing position": no two losing positions
     * of five non-empty piles up to PUTBACK_FIVE differ in one pile
     * alone. */
    five_pile_changes(r, &s, twist);
    rn_solved_free(&s);
}

RN_CLAIM_CHECK(rule_putback)

const claim_def claim_rn_rule_putback = {
    .id = "rn/rule-6.4",
    .game = "putback-nim",
    .source = "Huibers, Section 6.4, the text",
    .statement = "Putting up to n - 1 of the n chips taken back on another pile: with two piles the player to move "
                 "loses exactly when they are equal; with three non-empty piles he always wins; with four, he "
                 "loses exactly when there are two pairs of equal piles; with five, he wins whenever two piles are "
                 "equal, and of five different piles up to 10 he loses exactly at (1,2,3,4,5), (1,2,3,6,7), "
                 "(1,2,3,8,9), (1,4,5,6,7), (1,4,5,8,9), (1,6,7,8,9), (2,4,6,8,10), (2,5,7,9,10), (3,4,7,9,10), "
                 "(3,5,6,9,10), (3,5,7,8,10); and between two losing positions of five piles at least two pile "
                 "sizes change.",
    .domain = "two piles 0..30; three non-empty piles up to 12; four up to 8; five up to 10 (and every position "
              "the moves reach from them); the chips put back go on a pile that has chips",
    .parts = {"two piles: loses exactly when equal", "three non-empty piles: wins",
              "four non-empty piles: loses exactly with two pairs", "five piles, two equal: wins",
              "five different piles up to 10: loses exactly at the listed ones",
              "five non-empty piles up to 10: two losing positions differ in at least two piles"},
    .check_games = claim_rule_putback,
    .sizes_help = "fixed",
};

/* Every check here with its twist (rn_tables.h). */
const rn_check_entry rn_prop_checks[] = {
    {"rn/prop-4.1", NULL, prop41},
    {"rn/prop-4.2", NULL, prop42},
    {"rn/prop-4.3", NULL, prop43},
    {"rn/rule-4.2", NULL, rule_cr},
    {"rn/rule-4.2-period", NULL, rule_cr_period},
    {"rn/prop-4.4", NULL, prop44},
    {"rn/rule-4.3.1", NULL, rule_only_p},
    {"rn/prop-4.5", NULL, prop45},
    {"rn/prop-4.6", NULL, prop46},
    {"rn/prop-4.7", NULL, prop47},
    {"rn/prop-4.8", NULL, prop48},
    {"rn/prop-4.9", NULL, prop49},
    {"rn/prop-4.10", NULL, prop410},
    {"rn/prop-4.11", NULL, prop411},
    {"rn/prop-4.12", NULL, prop412},
    {"rn/rule-4.4", NULL, rule_sum},
    {"rn/rule-4.5", NULL, rule_players},
    {"rn/prop-5.1", NULL, prop51},
    {"rn/rule-5", NULL, rule_wythoff_pr},
    {"rn/rule-6.4", rule_putback, NULL},
    {"rn/rule-4.3.3", rule_odd_k, NULL},
    {"rn/rule-6.1", rule_misere, NULL},
    {NULL, NULL, NULL},
};
