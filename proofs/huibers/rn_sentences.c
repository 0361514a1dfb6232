/*
 * rn_sentences.c -- the sentences of Huibers' thesis with a checkable
 * content that no proposition or table claim checked (rn/rule-*), and the
 * literal readings of sentences the thesis states more widely than it
 * means (rn/.../literal): each read as printed, on the engine's values of
 * the game it speaks of.  docs/claims.md lists every checkable sentence of
 * the thesis with the claim that checks it, or why none does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "proofs/huibers/rn_certificate.h"
#include "proofs/huibers/rn_certify.h"
#include "proofs/huibers/rn_look.h"
#include "proofs/huibers/rn_tables.h"

#define SIZED_CHECK(fn)                                           \
    static void claim_##fn(const claim_ctx *ctx, claim_report *r) \
    {                                                             \
        rn_sizes z = rn_sizes_of(ctx);                            \
        fn(r, 0, &z);                                             \
    }

/* Default sizes: k up to MAX_K, two piles up to PILES. */
#define MAX_K 20
#define PILES 200
/* The largest k certificates of two piles are sought for (from piles up
 * to RN_CERT_TWO_PILES, rn_certify.h) when --to does not say: above it a
 * one-pile period alone can pass a thousand chips (1288 for k = 22), and
 * two piles of that cost minutes. */
#define CERT_MAX_K 20
#define SIZES_HELP_K_PILES                                                                                          \
    "k up to K (--max-take, default 20, at most 40); piles 0..L (--to, default 200, at most 600)"

/* A mismatch of part `part` at two piles with the winning moves (nothing
 * restricted) as witness. */
static void mismatch_two(claim_report *r, int part, const rn_solved *s, int k, int a, int b, const char *stated,
                         const char *found)
{
    char where[96], moves[RN_WITNESS_MAX];
    snprintf(where, sizeof where, "k = %d, piles (%d,%d)", k, a, b);
    rn_winning_moves(s, (int[]){a, b}, 2, false, moves, sizeof moves);
    claim_mismatch_at(r, part, where, stated, found, moves);
    rn_replay_class(r, s, (int[]){a, b}, 2, false);
}

/* The class of two piles over every restricted number, as the thesis'
 * tables write it (P, N, x; "1" for x = 1). */
static void class_of(const rn_solved *s, int a, int b, char *out, size_t len)
{
    rn_outcome_code(s, (int[]){a, b}, 2, false, "1", out, len);
}

/* ---- Section 2: Nim ---- */

/* "If we add two games of Nim together the resulting SG value of the new
 * game will be the so called Nim-Sum ... the SG value of the game with two
 * piles will only be 0 if both individual components had the same SG
 * value"; "every position where the pile is not empty will have an SG
 * value larger than 0"; "it is always possible to move to a position with
 * a Nim-Sum of 0 from a position with a Nim-Sum larger than 0" and (as
 * [4] says it) no move from a Nim-sum of 0 reaches a Nim-sum of 0. */
static void nim_case(claim_report *r, int part, bool holds, const char *where, const char *stated, const char *found)
{
    claim_cases(r, part, 1);
    if (!holds)
        claim_mismatch_at(r, part, where, stated, found, "");
}

/* The witness of a move from piles p (n of them, n <= 3) to a Nim-sum
 * other than 0: the first such take, with the position and Nim-sum it
 * reaches ("" when none does). */
static void nim_move_to_other(const int *p, int n, char *out, size_t len)
{
    int x = 0;
    for (int i = 0; i < n; i++)
        x ^= p[i];
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        for (int t = 1; t <= p[i]; t++) {
            int y = x ^ p[i] ^ (p[i] - t);
            if (y == 0)
                continue;
            int q[3] = {0, 0, 0};
            for (int j = 0; j < n; j++)
                q[j] = j == i ? p[j] - t : p[j];
            snprintf(out, len, "take %d from the pile of %d: to (%d,%d,%d), Nim-sum %d", t, p[i], q[0], q[1], q[2], y);
            return;
        }
}

/* Whether a move from piles p (n of them) reaches a Nim-sum of 0, and
 * whether one reaches a Nim-sum other than 0. */
static void sentence_nim_moves(const int *p, int n, bool *to_zero, bool *to_other)
{
    int x = 0;
    for (int i = 0; i < n; i++)
        x ^= p[i];
    *to_zero = *to_other = false;
    for (int i = 0; i < n; i++)
        for (int t = 1; t <= p[i]; t++) {
            int y = x ^ p[i] ^ (p[i] - t);
            *to_zero |= y == 0;
            *to_other |= y != 0;
        }
}

static void nim_rules(claim_report *r, int twist, const rn_sizes *z, bool literal)
{
    int bound = rn_size_pile(z, 30);
    rn_swept(r, -1, bound);
    rn_solved s;
    rn_solve(&s, "nim", 3, bound, NULL);
    for (int a = 0; a <= bound; a++)
        for (int b = a; b <= bound; b++)
            for (int c = b; c <= bound; c++) {
                int p[3] = {a, b, c}, x = a ^ b ^ c;
                char where[64];
                snprintf(where, sizeof where, "piles (%d,%d,%d)", a, b, c);
                unsigned g = table_grundy(&s.table, rn_rank(&s, p, 3, 0));
                bool to_zero, to_other;
                sentence_nim_moves(p, 3, &to_zero, &to_other);
                if (literal) {
                    /* As printed: "not possible to move to a position with
                     * Nim-Sum larger than 0 from a position with a Nim-Sum of
                     * 0" (twist: from one larger than 0). */
                    if ((x == 0) != (twist != 0) && (a | b | c)) {
                        char move[96];
                        nim_move_to_other(p, 3, move, sizeof move);
                        claim_cases(r, 0, 1);
                        if (to_other)
                            claim_mismatch_at(r, 0, where, "no move reaches a Nim-sum larger than 0",
                                              "a move reaches one", move);
                    }
                    continue;
                }
                /* twist: the plain sum in place of the Nim-sum. */
                int stated = twist ? a + b + c : x;
                char e[64], f[64];
                snprintf(e, sizeof e, "%d", stated);
                snprintf(f, sizeof f, "%u", g);
                /* twist: a value larger than 1. */
                if (a == 0 && b == 0 && c > 0)
                    nim_case(r, 0, (int)g > twist, where, twist ? "a value larger than 1" : "a value larger than 0", f);
                if (a == 0)
                    nim_case(r, 1, (int)g == (twist ? b + c : (b ^ c)) && ((g == 0) == (b == c)), where,
                             "the Nim-sum of the piles, 0 exactly when they are equal", f);
                nim_case(r, 2, (int)g == stated, where, e, f);
                if (x != 0)
                    nim_case(r, 3, to_zero != (twist != 0), where, "a move reaches a Nim-sum of 0", "none does");
                else
                    nim_case(r, 3, !to_zero, where, "no move reaches a Nim-sum of 0", "a move does");
            }
    rn_solved_free(&s);
}

/* The statement is Bouton's theorem for Nim, which the thesis restates
 * from its reference [4] (Ferguson): it holds for every position of any
 * number of piles of any size; the sweep checks it on the engine's
 * values. */
static void rule_nim(claim_report *r, int twist, const rn_sizes *z)
{
    nim_rules(r, twist, z, false);
    claim_finding_add(r, "proved for every size",
                      "every position of any number of piles of any size, by Bouton's theorem: a pile of n chips "
                      "has the value n (its moves reach every smaller pile: the mex of 0..n-1), a position's value "
                      "is the Nim-sum of its piles' (the Sprague-Grundy theorem: Nim is the disjunctive sum of its "
                      "piles), from a Nim-sum s > 0 taking a pile p whose highest bit is that of s down to p XOR s "
                      "reaches 0, and a move changes one pile only, so from a Nim-sum of 0 it never reaches 0; the "
                      "sweep checks each part on the sizes given");
    /* A mismatch (a twisted statement) still makes the claim FAILS. */
    claim_set_family_status(r, CLAIM_CERTIFIED);
}
static void rule_nim_literal(claim_report *r, int twist, const rn_sizes *z)
{
    nim_rules(r, twist, z, true);
}
SIZED_CHECK(rule_nim)
SIZED_CHECK(rule_nim_literal)

const claim_def claim_rn_rule_nim = {
    .id = "rn/rule-2",
    .truth = CLAIM_BY_THEOREM,
    .game = "nim",
    .source = "Huibers, Section 2.2, the text on the strategy for Nim",
    .statement = "Nim: \"every position where the pile is not empty will have an SG value larger than 0\"; with two "
                 "piles the value is the Nim-sum of the piles, \"only 0 if both individual components had the same "
                 "SG value\"; the value of a sum is the Nim-sum of its parts' values; and \"it is always possible "
                 "to move to a position with a Nim-Sum of 0 from a position with a Nim-Sum larger than 0\", while "
                 "from a Nim-sum of 0 no move reaches a Nim-sum of 0.",
    .domain = "Nim on up to three piles of 0..30 chips, every position; every position of any number of piles "
              "by Bouton's theorem",
    .parts = {"one pile of n >= 1: a value larger than 0", "two piles: the Nim-sum, 0 exactly when equal",
              "three piles: the value is the Nim-sum", "from a Nim-sum > 0 a move reaches 0; from 0 none does"},
    .check_games = claim_rule_nim,
    .sizes_help = "piles 0..L (--to, default 30, at most 100)",
    .sizes_used = CLAIM_USES_TO,
    .to_limit = 100,
};

const claim_def claim_rn_rule_nim_literal = {
    .id = "rn/rule-2/literal",
    .game = "nim",
    .source = "Huibers, Section 2.2: \"and not possible to move to a position with Nim-Sum larger than 0 from a "
              "position with a Nim-Sum of 0\"",
    .statement = "As printed: from a position of Nim with a Nim-sum of 0, no move reaches a position with a Nim-sum "
                 "larger than 0.",
    .domain = "Nim on up to three piles of 0..30 chips, every position with a Nim-sum of 0 and a chip",
    .parts = {"no move from a Nim-sum of 0 reaches one larger than 0"},
    .reading_of = "rn/rule-2",
    .reading_why = "the sentence inverts the second half of the statement its reference [4] (Ferguson) gives: "
                   "from a Nim-sum of 0 every move reaches a Nim-sum larger than 0, never 0; as printed it is false "
                   "at the first position with a chip, (1,1)",
    .check_games = claim_rule_nim_literal,
    .sizes_help = "piles 0..L (--to, default 30, at most 100)",
    .sizes_used = CLAIM_USES_TO,
    .to_limit = 100,
};

/* ---- Section 4.3: the three classes ---- */

/* "We only look at the cases where k >= 2 ... if the value is exactly 1,
 * the game will always end after maximally 1 turn"; "the first case occurs
 * when the next player has no winning moves, the third case when the next
 * player has exactly one winning move and the second case occurs when the
 * next player has two or more winning moves" (winning moves counted as the
 * numbers of chips they take: one restriction forbids one number). */
/* Table 4's key: "An empty space indicates that the next player can only
 * win by removing 1 chip from a pile ... We chose to indicate this
 * situation as an empty space because it is the situation that appears
 * the most": over Table 4's positions (k = 8, piles 0..30 by 0..30),
 * the class "1" is the most frequent (twist: N is). */
static void most_common_class(claim_report *r, int part, int twist)
{
    rn_solved s;
    rn_solve_previous(&s, 2, 30, 8);
    /* The classes are P, N and the numbers 1..8: slot 0 P, 9 N. */
    int count[10] = {0};
    for (int a = 0; a <= 30; a++)
        for (int b = 0; b <= 30; b++) {
            char c[RN_VALUE_MAX];
            class_of(&s, a, b, c, sizeof c);
            int slot = strcmp(c, "P") == 0 ? 0 : strcmp(c, "N") == 0 ? 9 : atoi(c);
            if (slot < 0 || slot > 9)
                die("internal error: a class %s of Table 4", c);
            count[slot]++;
        }
    rn_solved_free(&s);
    int want = twist ? 9 : 1;
    char found[256] = "";
    for (int i = 0; i < 10; i++) {
        char name[8];
        snprintf(name, sizeof name, i == 0 ? "P" : i == 9 ? "N" : "%d", i);
        rn_append(found, sizeof found, "%s%s %d", i ? ", " : "", name, count[i]);
    }
    claim_cases(r, part, 1);
    bool unique = true;
    for (int i = 0; i < 10; i++)
        unique = unique && (i == want || count[i] < count[want]);
    if (!unique)
        claim_mismatch_at(r, part, "Table 4's positions, k = 8, piles 0..30",
                          twist ? "N the most frequent" : "1 the most frequent", found, "");
    else if (!twist)
        claim_finding_add(r, "classes of Table 4", "%s (961 positions)", found);
}

/* Part 1 of rn/rule-4.3: the class of every two piles below `limit`
 * against the numbers of chips the winning moves take (nothing
 * restricted).  Both read only the values at a position and its
 * children, so the statement itself repeats with period 1. */
static void classes_below(claim_report *r, int twist, const rn_solved *s, int k, int limit)
{
    for (int a = 0; a < limit; a++)
        for (int b = a; b < limit; b++) {
            uint64_t takes = rn_winning_takes(s, (int[]){a, b}, 2);
            int count = __builtin_popcountll(takes);
            char stated[32], found[RN_VALUE_MAX];
            /* twist: one winning number is read as N. */
            if (count == 0)
                snprintf(stated, sizeof stated, "P");
            else if (count == 1 && !twist)
                snprintf(stated, sizeof stated, "%d", __builtin_ctzll(takes));
            else
                snprintf(stated, sizeof stated, "N");
            class_of(s, a, b, found, sizeof found);
            claim_cases(r, 1, 1);
            if (strcmp(stated, found) != 0)
                mismatch_two(r, 1, s, k, a, b, stated, found);
        }
}

/* The classes for one k on every pile size (rn_certify.h: the statement
 * repeats with period 1 from 0 chips on, so the region below
 * max(A + k, 0) + t decides it); true when proved.  The region's table is
 * solved whole when the certificate's is smaller. */
static bool classes_proved(claim_report *r, int twist, int k, int budget, rn_proof *p)
{
    rn_cert c;
    if (!rn_proof_cert(p, r, &c, rn_solver_previous, NULL, 2, k, PILE_NORMAL_WIN, budget))
        return false;
    int region = rn_proof_region(p, r, &c, 1, 0, budget + 1);
    if (region >= 0) {
        rn_solved big;
        bool own = region - 1 > c.bound;
        if (own) {
            rn_solve_previous(&big, 2, region - 1, k);
            rn_rules_tie_table(&big, 2, region - 1);
        }
        classes_below(r, twist, own ? &big : &c.s, k, region);
        if (own)
            rn_solved_free(&big);
        rn_proof_k(p, &c, region, NULL);
    }
    rn_cert_free(&c);
    return region >= 0;
}

static void rule_classes(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, MAX_K), bound = rn_size_pile(z, 60);
    rn_swept(r, kmax, bound);
    rn_solved s;
    rn_solve_previous(&s, 2, bound, 1);
    for (int a = 0; a <= bound; a++)
        for (int b = a; b <= bound; b++) {
            /* Every move from the start leaves a position with no move
             * (twist: the start itself has none). */
            const game_desc *g = s.game;
            game_move *moves = xmalloc(sizeof *moves * (size_t)g->max_moves, "a move list");
            game_move *after = xmalloc(sizeof *after * (size_t)g->max_moves, "a move list");
            int n = g->moves(g->data, rn_rank(&s, (int[]){a, b}, 2, 0), moves);
            bool one_turn = !twist || n == 0;
            for (int m = 0; m < n && one_turn; m++)
                one_turn = g->moves(g->data, moves[m].child, after) == 0;
            free(moves);
            free(after);
            claim_cases(r, 0, 1);
            if (!one_turn)
                mismatch_two(r, 0, &s, 1, a, b, "the game ends after at most one move", "a second move exists");
        }
    rn_solved_free(&s);
    /* The classes: proved for every pile size where a certificate is
     * found with piles up to RN_CERT_TWO_PILES, else swept to `bound`. */
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, false);
    for (int k = 2; k <= kmax; k++) {
        if (classes_proved(r, twist, k, RN_CERT_TWO_PILES, &p))
            continue;
        rn_solve_previous(&s, 2, bound, k);
        classes_below(r, twist, &s, k, bound + 1);
        rn_solved_free(&s);
    }
    rn_proof_end_parts(&p, r, "the classes (part 2), per k");
    most_common_class(r, 2, twist);
}
SIZED_CHECK(rule_classes)

const claim_def claim_rn_rule_classes = {
    .id = "rn/rule-4.3",
    .truth = CLAIM_PARTLY_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3, the text before Section 4.3.1",
    .statement = "Two piles, the previous take restricted: with k = 1 \"the game will always end after maximally 1 "
                 "turn\"; and a position is P when the player to move has no winning move, wins unless x is "
                 "restricted when his winning moves all take x chips, and is N when they take two or more "
                 "different numbers of chips; and (Table 4, k = 8, piles up to 30) the class \"only 1\" is \"the "
                 "situation that appears the most\".",
    .domain = "k = 1, and k = 2..20 for the classes; two piles of 0..60, and for the classes every pile size "
              "where a certificate is found with piles up to 400",
    .parts = {"k = 1: at most one move", "the class from the numbers of chips the winning moves take",
              "Table 4's positions: \"only 1\" is the class that appears the most"},
    .check_games = claim_rule_classes,
    .sizes_help = "k = 2..K (--max-take, default 20, at most 40); piles 0..L (--to, default 60, at most 300)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 40,
    .to_limit = 300,
};

/* ---- Section 4.3.1: even k ---- */

/* n > 0 even with an odd power of 2: 2^m * odd, m odd. */
static bool odd_power(int n)
{
    return n > 0 && n % 2 == 0 && rn_twos(n) % 2 == 1;
}

/* "There are some cases in which the next player cannot always win when
 * both piles end up with the same number of chips.  These are the cases
 * where both piles have an even number of chips that divided by 2^m gives
 * an odd number of chips with m odd." */
/* The k a rule of Section 4.3.1 is checked for: even k (kcase 0), or the
 * odd k of case 1 (Section 4.3.2: "the same strategies apply as for an
 * even k"). */
static bool k_of(int k, int kcase)
{
    return kcase == 0 ? k % 2 == 0 : k % 2 == 1 && rn_k_case(k) == kcase;
}

static void equal_for(claim_report *r, int twist, int kmax, int kcase, int part0)
{
    for (int k = 2; k <= kmax; k++) {
        if (!k_of(k, kcase))
            continue;
        rn_solved s;
        rn_solve_previous(&s, 2, k + 2, k);
        for (int a = 2; a <= k; a++) {
            bool n_pos = rn_win_set(&s, (int[]){a, a}, 2) == rn_all_tags(&s);
            /* twist: an even power of 2. */
            bool stated = !(twist ? a % 2 == 0 && rn_twos(a) % 2 == 0 : odd_power(a));
            claim_cases(r, part0, 1);
            if (n_pos != stated) {
                char found[RN_VALUE_MAX];
                class_of(&s, a, a, found, sizeof found);
                mismatch_two(r, part0, &s, k, a, a, stated ? "N" : "not N (he cannot always win)", found);
            }
        }
        rn_solved_free(&s);
    }
}

static void rule_equal(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, MAX_K);
    rn_swept(r, kmax, -1);
    equal_for(r, twist, kmax, 0, 0);
}
SIZED_CHECK(rule_equal)

const claim_def claim_rn_rule_equal = {
    .id = "rn/rule-4.3.1-equal",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, the paragraph after Proposition 4.8",
    .statement = "For even k, with both piles equal to a, 2 <= a <= k: the player to move \"cannot always win\" "
                 "exactly when a is even with a / 2^m odd for an odd m; otherwise he wins whatever is restricted.",
    .domain = "even k = 2..20; piles (a, a), 2 <= a <= k; every restricted number",
    .parts = {"(a, a) is N exactly unless a / 2^m is odd for an odd m"},
    .check_games = claim_rule_equal,
    .sizes_help = "even k up to K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
};

/* "Now we look at the situations where one of the piles has k + 1 chips
 * and the other pile has less than k + 1 chips, but more than 0 chips.
 * The first player now always has two options to win, so all these
 * positions are N positions ... There is one exception to this, if ...
 * both piles have k chips, and this number is not an even number where
 * the number divided by 2^m is odd with m odd ... he can only win if
 * taking the number of chips on the pile smaller than k + 1 is not
 * restricted."  The claim: every (a, k+1) N but the exception, which wins
 * exactly unless k is restricted; the literal reading: every one N. */
/* Whether the move from these piles (nothing restricted) to `to`, taking
 * `take` chips, wins: the player then to move loses. */
static bool move_wins(const rn_solved *s, const int *to, int take)
{
    return !rn_wins(s, rn_rank(s, to, 2, take), false);
}

/* The claim (parts part0: a < k, part0 + 1: the exception, part0 + 2: the
 * two options), or the literal reading (part0 only). */
static void next_row(claim_report *r, int twist, int kmax, int kcase, int part0, bool literal)
{
    char *where_fails = xstrdup("", "a finding");
    for (int k = 2; k <= kmax; k++) {
        if (!k_of(k, kcase))
            continue;
        rn_solved s;
        rn_solve_previous(&s, 2, k + 2, k);
        char *at = xstrdup("", "a finding");
        for (int a = 1; a <= k; a++) {
            char stated[32], found[RN_VALUE_MAX];
            bool exception = !literal && a == k && !odd_power(k);
            snprintf(stated, sizeof stated, exception ? "%d" : "N", k);
            /* twist: every such position P. */
            if (twist)
                snprintf(stated, sizeof stated, "P");
            class_of(&s, a, k + 1, found, sizeof found);
            int part = part0 + (literal ? 0 : a == k ? 1 : 0);
            claim_cases(r, part, 1);
            if (strcmp(stated, found) != 0) {
                mismatch_two(r, part, &s, k, a, k + 1, stated, found);
                char *next = claim_printf("%s%s(%d,%d): %s", at, *at ? ", " : "", a, k + 1, found);
                free(at);
                at = next;
            }
            if (literal || a == k)
                continue;
            /* "He can either completely remove the pile smaller than k + 1,
             * leaving only the pile of k + 1 chips, which is a losing
             * position for the other player, or he can remove 1 chip from
             * the pile with k + 1 chips": both moves win (twist: emptying
             * the small pile loses). */
            bool empty = move_wins(&s, (int[]){0, k + 1}, a), one = move_wins(&s, (int[]){a, k}, 1);
            claim_cases(r, part0 + 2, 1);
            if (empty == (twist != 0) || !one) {
                char f[96];
                snprintf(f, sizeof f, "emptying the %d %s, taking 1 from the %d %s", a, empty ? "wins" : "loses",
                         k + 1, one ? "wins" : "loses");
                mismatch_two(r, part0 + 2, &s, k, a, k + 1,
                             twist ? "emptying the small pile loses" : "both moves win", f);
            }
        }
        rn_solved_free(&s);
        if (*at) {
            char *next = claim_printf("%s%sk = %d at %s", where_fails, *where_fails ? "; " : "", k, at);
            free(where_fails);
            where_fails = next;
        }
        free(at);
    }
    if (literal && !twist)
        claim_finding_add(r, "by k", "not N (the class computed): %s", *where_fails ? where_fails : "nowhere");
    free(where_fails);
}

static void rule_next(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, MAX_K);
    rn_swept(r, kmax, -1);
    next_row(r, twist, kmax, 0, 0, false);
}
static void rule_next_literal(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, 40);
    rn_swept(r, kmax, -1);
    next_row(r, twist, kmax, 0, 0, true);
}
SIZED_CHECK(rule_next)
SIZED_CHECK(rule_next_literal)

const claim_def claim_rn_rule_next = {
    .id = "rn/rule-4.3.1-next",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, the paragraphs on one pile of k + 1",
    .statement = "For even k, with one pile of k+1 chips and the other of a, 0 < a < k+1: \"The first player now "
                 "always has two options to win, so all these positions are N positions\" (emptying the smaller "
                 "pile, or taking 1 chip from the pile of k+1), with \"one exception\": (k, k+1), when k / 2^m is "
                 "not odd for an odd m, where he wins exactly unless k is restricted.",
    .domain = "even k = 2..20; piles (a, k+1), 1 <= a <= k; every restricted number",
    .parts = {"(a, k+1), a < k: N", "(k, k+1): N, or wins unless k is restricted as the exception says",
              "(a, k+1), a < k: emptying the small pile wins, and so does taking 1 from the k+1"},
    .check_games = claim_rule_next,
    .sizes_help = "even k up to K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
    .erratum = {.grade = CLAIM_GRADE_WORDING,
                .evidence = "Table 4, beside the sentence (k = 8), prints (1, 9) and (9, 1) empty, the class 1 the "
                            "computation gives: the thesis' own table has the right value",
                .correction = "(a, k+1) with 1 < a < k is an N position; (1, k+1) is won only by taking 1 chip (it "
                              "is lost when 1 is restricted: both options take 1 chip there), as Table 4 prints "
                              "(1, 9)"},
};

const claim_def claim_rn_rule_next_literal = {
    .id = "rn/rule-4.3.1-next/literal",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1: \"(0 < a < k + 1) ... all these positions are N positions\"",
    .statement = "As printed, before its exception: for even k, every position with one pile of k+1 chips and the "
                 "other of 0 < a < k+1 chips is an N position.",
    .domain = "even k = 2..40; piles (a, k+1), 1 <= a <= k; every restricted number",
    .parts = {"(a, k+1), 0 < a < k+1: N"},
    .reading_of = "rn/rule-4.3.1-next",
    .reading_why = "the next sentence names an exception, (k, k+1), so the sentence means every other such "
                   "position; read alone it is contradicted there too (at (1, k+1) it fails as rn/rule-4.3.1-next "
                   "does, an erratum of the sentence whatever the reading)",
    .check_games = claim_rule_next_literal,
    .sizes_help = "even k up to K (--max-take, default 40, at most 60)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 60,
};

/* "If both piles have more than k + 1 chips and at least one of the piles
 * gives a rest higher than 0 when divided by k + 1, the first player can
 * always win by taking 1 chip" with "a few exceptions": one pile = k and
 * the other = 0 (mod k + 1) where taking 1 chip from the latter leads to
 * an N position: "the first player can only win by removing k chips from
 * the pile with a value = k (mod k + 1)"; "If only one of the two piles
 * has more than k + 1 chips and the other pile has less than k + 1 chips,
 * the same strategy of always taking 1 chip will work"; and "If playing
 * with just the pile with more than k + 1 chips can only be won by taking
 * the number of chips that is on the pile with less than k + 1 chips ...
 * These positions are N positions". */
/* The exception of the text: one pile = k, the other = 0 (mod k + 1) and
 * not empty, and taking 1 chip from the latter leads to an N position. */
static bool k_zero_exception(const rn_solved *s, int k, int a, int b)
{
    int m = k + 1;
    for (int side = 0; side < 2; side++) {
        int x = side ? b : a, y = side ? a : b;
        if (x % m == k && y % m == 0 && y > 0 && rn_win_set(s, (int[]){x, y - 1}, 2) == rn_all_tags(s))
            return true;
    }
    return false;
}

/* "The first player has to make sure to never bring a pile down to a
 * value = 0 (mod k + 1).  If he does this, the second player will bring
 * the other pile down to a value = 0 (mod k + 1), causing the first
 * player to be in a P position": from (a, b), both piles more than k + 1,
 * the take of 1 chip that leaves a pile = 0 while the other's rest is 2..k
 * (a take the reply may make: not 1) loses.  The sides of (a, b) that are
 * such a take, as a bit set (1: from a, 2: from b). */
static int zeroing_takes(int k, int a, int b)
{
    int m = k + 1, set = 0;
    if (a % m == 1 && b % m >= 2)
        set |= 1;
    if (b % m == 1 && a % m >= 2)
        set |= 2;
    return set;
}

/* Parts part0 .. part0 + 4: taking 1 wins (both large), the exception,
 * taking 1 wins (one small), the N positions of the smaller pile, and the
 * take to = 0 that loses.  The exception is also read where the pile = 0
 * is exactly k + 1, as the text's example (9, 17) with k = 8 is. */
/* The rules on large piles for one k, on the solved table s of piles up
 * to `bound`. */
static void large_at(claim_report *r, int twist, const rn_solved *s_, int k, int bound, int part0)
{
    {
        const rn_solved *s = s_;
        int m = k + 1;
        for (int a = 1; a <= bound; a++)
            for (int b = a; b <= bound; b++) {
                bool both = a > m && (a % m || b % m), one = a <= k && b > m, edge = a == m && b > m;
                if (!both && !one && !edge)
                    continue;
                char found[RN_VALUE_MAX];
                if (k_zero_exception(s, k, a, b)) {
                    char stated[16];
                    /* twist: k - 1. */
                    snprintf(stated, sizeof stated, "%d", twist ? k - 1 : k);
                    class_of(s, a, b, found, sizeof found);
                    claim_cases(r, part0 + 1, 1);
                    if (strcmp(stated, found) != 0)
                        mismatch_two(r, part0 + 1, s, k, a, b, stated, found);
                    continue;
                }
                if (edge)
                    continue;
                uint64_t takes = rn_winning_takes(s, (int[]){a, b}, 2);
                int zeroing = both ? zeroing_takes(k, a, b) : 0;
                for (int side = 0; side < 2; side++) {
                    if (!(zeroing & (1 << side)))
                        continue;
                    int to[2] = {side ? a : a - 1, side ? b - 1 : b};
                    bool loses = !move_wins(s, to, 1);
                    claim_cases(r, part0 + 4, 1);
                    /* twist: that take wins. */
                    if (loses == (twist != 0)) {
                        char f[96];
                        snprintf(f, sizeof f, "taking 1 from the %d %s", side ? b : a, loses ? "loses" : "wins");
                        mismatch_two(r, part0 + 4, s, k, a, b,
                                     twist ? "the take to = 0 wins" : "taking 1 to a pile = 0 mod k+1 loses", f);
                    }
                }
                int part = part0 + (both ? 0 : 2);
                claim_cases(r, part, 1);
                /* twist: taking 2 chips. */
                if (!(takes & (twist ? 4u : 2u)))
                    mismatch_two(r, part, s, k, a, b, twist ? "taking 2 chips wins" : "taking 1 chip wins",
                                 "no such move wins");
                if (one && a >= 2) {
                    char alone[RN_VALUE_MAX], want[16];
                    rn_outcome_code(s, (int[]){0, b}, 2, false, "1", alone, sizeof alone);
                    snprintf(want, sizeof want, "%d", a);
                    if (strcmp(alone, want) == 0) {
                        claim_cases(r, part0 + 3, 1);
                        bool n_pos = rn_win_set(s, (int[]){a, b}, 2) == rn_all_tags(s);
                        if (n_pos == (twist != 0))
                            mismatch_two(r, part0 + 3, s, k, a, b, twist ? "not N" : "N", n_pos ? "N" : "not N");
                    }
                }
            }
    }
}

/* The rules on large piles for the k of kcase up to kmax, on every pile
 * size (rn_certify.h): the statements repeat with period k + 1 and read
 * positions up to 2k + 2 chips below the one they speak of, so they are
 * decided on a table of piles below the region the certificate gives. */
static void large_for(claim_report *r, int twist, int kmax, int budget, int kcase, int part0, rn_proof *p)
{
    for (int k = 2; k <= kmax; k++) {
        if (!k_of(k, kcase))
            continue;
        rn_cert c;
        if (!rn_proof_cert(p, r, &c, rn_solver_previous, NULL, 2, k, PILE_NORMAL_WIN, budget))
            continue;
        /* The table of the region is solved whole: --to bounds it too. */
        int region = rn_proof_region(p, r, &c, k + 1, c.c.pre + 2 * k + 2, budget + 1);
        if (region >= 0) {
            rn_solved big;
            bool own = region - 1 > c.bound;
            if (own) {
                rn_solve_previous(&big, 2, region - 1, k);
                rn_rules_tie_table(&big, 2, region - 1);
            }
            large_at(r, twist, own ? &big : &c.s, k, region - 1, part0);
            if (own)
                rn_solved_free(&big);
            rn_proof_k(p, &c, region, NULL);
        }
        rn_cert_free(&c);
    }
}

/* The parts of the rules on large piles (in rn/rule-4.3.1-large, and in
 * rn/rule-4.3.2-same, which reads them on odd k of case 1). */
#define LARGE_PARTS                                                                                                   \
    "both piles > k+1, not both = 0: taking 1 wins", "the exception (= k and = 0): only taking k wins",              \
        "one pile of 1..k, the other > k+1: taking 1 wins", "the larger pile alone won only by taking a: (a, b) is N", \
        "both piles > k+1: taking 1 to a pile = 0 while the other's rest is 2..k loses"

static void rule_large(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, MAX_K), budget = rn_size_pile(z, RN_CERT_TWO_PILES);
    rn_swept(r, kmax, budget);
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, true);
    large_for(r, twist, kmax, budget, 0, 0, &p);
    rn_proof_end(&p, r);
}
SIZED_CHECK(rule_large)

const claim_def claim_rn_rule_large = {
    .id = "rn/rule-4.3.1-large",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, the last three paragraphs",
    .statement = "For even k: with both piles more than k+1 and not both = 0 mod (k+1), or with one pile of 1..k and "
                 "the other more than k+1, taking 1 chip wins, except where one pile is = k and the other = 0 mod "
                 "(k+1) and taking 1 chip from the latter leads to an N position, where only taking k wins; and if "
                 "the larger pile alone is won only by taking the smaller pile's number of chips, the position is "
                 "N; and \"If he does this [bring a pile down to = 0 (mod k+1)], the second player will bring the "
                 "other pile down to a value = 0 (mod k + 1)\": with both piles more than k+1, taking 1 chip to a "
                 "pile = 0 while the other's rest is 2..k loses.",
    .domain = "even k = 2..20; two piles of every size, proved per k (certificates from piles up to 400), nothing "
              "restricted (every restricted number for the classes); the exception also where the pile = 0 is k+1, "
              "as in the text's example (9, 17)",
    .parts = {LARGE_PARTS},
    .check_games = claim_rule_large,
    .sizes_help = "even k up to K (--max-take, default 20, at most 40); certificates from piles up to L (--to, default "
                  "400, at most 600)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 40,
    .to_limit = 600,
};

/* ---- Section 4.3.2 and Proposition 4.4 as printed ---- */



/* The pairs of piles both = 0 mod m below `below` with the player to
 * move winning under some restricted number (of positions read from
 * the certificate z when given, else from s): the first is a mismatch,
 * the others counted.  Whether none was. */
/* Both piles 0 mod m (ctx: m): lost whatever is restricted (rn_look.h). */
static bool zero_pair_lost(rn_look *s, const void *ctx)
{
    int m = *(const int *)ctx;
    return !(rn_look_mod(s, 0, m) == 0 && rn_look_mod(s, 1, m) == 0) || rn_look_wins(s, 0, 0) == 0;
}

/* Lost whatever is restricted exactly when both piles are 0 mod m. */
static bool lost_iff_zero_pair(rn_look *s, const void *ctx)
{
    int m = *(const int *)ctx;
    bool zero = rn_look_mod(s, 0, m) == 0 && rn_look_mod(s, 1, m) == 0;
    return (rn_look_wins(s, 0, 0) == 0) == zero;
}

static bool zero_mod_pairs(claim_report *r, int part, const rn_solved *s, const rn_cert *z, int k, int m, int below)
{
    bool ok = true;
    for (int sum = 0; sum <= 2 * (below - 1); sum += m)
        for (int a = 0; a <= sum / 2 && a < below; a += m) {
            int b = sum - a;
            if (b >= below || b % m)
                continue;
            claim_cases(r, part, 1);
            if ((z ? rn_cert_win_set(z, (int[]){a, b}, 2) : rn_win_set(s, (int[]){a, b}, 2)) == 0)
                continue;
            if (!ok) {
                claim_mismatch_count(r, part);
                continue;
            }
            ok = false;
            if (z) {
                char e[RN_SET_MAX], a_[RN_SET_MAX], where[96], note[RN_WITNESS_MAX];
                rn_set_text(0, rn_tags(&z->s), e, sizeof e);
                rn_set_text(rn_cert_win_set(z, (int[]){a, b}, 2), rn_tags(&z->s), a_, sizeof a_);
                snprintf(where, sizeof where, "k = %d, piles (%d,%d)", k, a, b);
                rn_cert_takes_note(z, (int[]){a, b}, 2, note, sizeof note);
                claim_mismatch_at(r, part, where, "P", a_, note);
            } else {
                char found[RN_VALUE_MAX];
                class_of(s, a, b, found, sizeof found);
                mismatch_two(r, part, s, k, a, b, "P", found);
            }
        }
    /* On a certificate the statement is also read at every position,
     * through what it reads (rn_look.h): the two must agree. */
    if (z && rn_look_all(z, below, zero_pair_lost, &m) != ok)
        die("internal error: k = %d: the pairs = 0 mod %d and the statement read at every position disagree", k, m);
    return ok;
}

/* A statement checked on the same certificate and region as zero_mod's. */
typedef void (*zero_mod_also_fn)(claim_report *r, const rn_cert *z, int region, int twist);

/* Both piles = 0 mod (k + 1): P, for the k of `which` (0 even, 1 case 1,
 * 2 case 2, -1 every k >= 2).  Each k is first swept to piles 3(k+1),
 * where the failing k show their smallest counterexample (a mismatch;
 * the others of that k counted).  The others are proved for every pile
 * size: an even k by the thesis' strategy (rn_complement_strategy_proves),
 * and any k by a certificate of the values (rn_certify.h) where one is
 * found within `budget` chips, sought for k up to cert_kmax (odd k) or
 * cert_even (even k: their periods pass a thousand chips from k = 22,
 * and the strategy proves them); a k neither proves holds to 3(k+1)
 * only (undecided in p).  The finding says which k is which.  `also`
 * (NULL: none) is checked on every certificate, the failing k's too. */
static void zero_mod(claim_report *r, int part, int twist, int kmax, int cert_kmax, int cert_even, int budget,
                     int which, const char *label, rn_proof *p, zero_mod_also_fn also)
{
    char *proved = xstrdup("", "a finding"), *swept = xstrdup("", "a finding"), *fails = xstrdup("", "a finding"),
         *by_strategy = xstrdup("", "a finding");
    for (int k = 2; k <= kmax; k++) {
        if (which >= 0 && rn_k_case(k) != which)
            continue;
        rn_proof_start_k(p);
        int m = k + 1 + twist, bound = 3 * (k + 1);
        rn_solved s;
        rn_solve_previous(&s, 2, bound, k);
        bool ok = zero_mod_pairs(r, part, &s, NULL, k, m, bound + 1);
        rn_solved_free(&s);
        if (!ok)
            rn_k_list_add(&fails, k);
        if (!ok && !also)
            continue;
        char swhy[256];
        bool strategy = ok && k % 2 == 0 && rn_complement_strategy_proves(k, m, swhy, sizeof swhy);
        if (strategy)
            rn_k_list_add(&by_strategy, k);
        else if (ok && k % 2 == 0)
            /* Not expected for even k: said, and a certificate decides. */
            claim_finding_add(r, "the thesis' strategy", "k = %d: does not go through: %s", k, swhy);
        rn_cert c;
        char why[PILE_PERIOD_WHY_MAX] = "";
        bool sought = k <= (k % 2 == 0 ? cert_even : cert_kmax);
        bool cert = sought &&
                    rn_proof_try_cert(p, &c, rn_solver_previous, NULL, 2, k, PILE_NORMAL_WIN, budget, why, sizeof why);
        int region = cert ? rn_cert_region(&c, m, 0, 4 * budget) : -1;
        if (cert && region < 0)
            snprintf(why, sizeof why, "the statement's region passes %d chips", 4 * budget);
        if (region >= 0 && also)
            also(r, &c, region, twist);
        if (region >= 0 && ok) {
            bool holds = zero_mod_pairs(r, part, NULL, &c, k, m, region);
            rn_k_list_add(holds ? &proved : &fails, k);
            if (holds)
                rn_proof_k(p, &c, region, NULL);
        } else if (strategy) {
            rn_k_list_add(&proved, k);
            rn_proof_strategy(p, k, m);
        } else {
            /* No proof: undecided where one was sought, else said swept. */
            if (sought && region < 0)
                rn_proof_undecided(p, r, k, why);
            if (ok)
                rn_k_list_add(&swept, k);
        }
        if (cert)
            rn_cert_free(&c);
    }
    claim_finding_add(r, label, "holds for every pile size for k = %s; holds to piles 3(k+1), not proved, for k = %s; "
                      "fails for k = %s",
                      *proved ? proved : "none", *swept ? swept : "none", *fails ? fails : "none");
    rn_strategy_finding(r, by_strategy);
    free(proved);
    free(swept);
    free(fails);
    free(by_strategy);
}

/* Its certificates' bytes: for every k up to --max-take (default 40):
 * the odd k of case 1 are certified whatever --to says. */
static uint64_t literal_cert_bytes(const claim_sizes *s, int threads)
{
    claim_sizes c = *s;
    if (c.max_take <= 0)
        c.max_take = 40;
    return rn_two_pile_cert_bytes(&c, threads);
}

static void prop44_literal(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, 40), to = rn_size_pile(z, 0);
    rn_swept(r, kmax, to ? to : -1);
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, to != 0);
    /* Every even k by the thesis' strategy; certificates of the values
     * for every odd k and for even k up to CERT_MAX_K, from piles up to
     * 400; with --to L, for every k, from piles up to L. */
    zero_mod(r, 0, twist, kmax, kmax, to ? kmax : CERT_MAX_K, to ? to : RN_CERT_TWO_PILES, -1, "by k", &p, NULL);
    rn_proof_end(&p, r);
}
SIZED_CHECK(prop44_literal)

const claim_def claim_rn_prop44_literal = {
    .id = "rn/prop-4.4/literal",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, Proposition 4.4 as printed (no condition on k)",
    .statement = "As printed: \"The positions where the number of chips on both piles have a value = 0 (mod k+1) "
                 "are always P positions\", for every k (>= 2, Section 4.3).",
    .domain = "k = 2..40; two piles of 0, k+1, 2(k+1) or 3(k+1) swept, then every pile size, proved per k: even "
              "k by the thesis' strategy, checked on the game's moves; odd k, and even k up to 20, by certificates "
              "from piles up to 400 (--to L: every k, from piles up to L); every restricted number",
    .parts = {"both piles = 0 mod k+1: P, every k"},
    .reading_of = "rn/prop-4.4",
    .reading_why = "the proposition sits in Section 4.3.1 (even k), and its proof says \"This works for every even "
                   "value of k\"; Section 4.3.2 extends it to odd k of case 1, while Section 4.3.3 shows (k+1, 0) "
                   "is won for odd k of case 2 (Proposition 4.9)",
    .check_games = claim_prop44_literal,
    .games_bytes = literal_cert_bytes,
    .sizes_help = "k up to K (--max-take, default 40, at most 60); certificates for odd k and even k up to 20 "
                  "from piles up to 400, or with --to L (at most 1400) for every k from piles up to L",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 60,
    .to_limit = 1400,
};

/* Section 4.3.2: "Even though k + 1 is not an odd number but an even
 * number, the positions where both piles have a value = 0 (mod k + 1)
 * are still all P positions ... if one pile is empty and the other pile
 * has 12 chips, the second player can win" (k = 11), and "The pattern
 * works the same way as with even values of k": the P positions are
 * exactly those (as Section 4.3.1 says for even k). */
/* Part 2 of rn/rule-4.3.2: the P positions are exactly those. */
static void case1_only_p(claim_report *r, const rn_cert *c, int region, int twist)
{
    /* twist: (k + 2) in place of (k + 1). */
    int m = c->k + 1 + twist;
    rn_look seen;
    rn_look_start(&seen, c);
    for (int a = 0; a < region; a++)
        for (int b = a; b < region; b++) {
            bool is_p = rn_cert_win_set(c, (int[]){a, b}, 2) == 0;
            bool stated = a % m == 0 && b % m == 0;
            claim_cases(r, 2, 1);
            if (!rn_look_holds(c, a, b, lost_iff_zero_pair, &m, &seen)) {
                char where[96], note[RN_WITNESS_MAX];
                snprintf(where, sizeof where, "k = %d, piles (%d,%d)", c->k, a, b);
                rn_cert_takes_note(c, (int[]){a, b}, 2, note, sizeof note);
                claim_mismatch_at(r, 2, where, stated ? "P" : "not P", is_p ? "P" : "not P", note);
            }
        }
    rn_look_check(c, region, &seen);
}

static void rule_case1(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, 40), budget = rn_size_pile(z, RN_CERT_TWO_PILES);
    rn_swept(r, kmax, budget);
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, true);
    zero_mod(r, 0, twist, kmax, kmax, kmax, budget, 1, "case 1", &p, case1_only_p);
    rn_solved s;
    if (kmax >= 11) {
        rn_solve_previous(&s, 2, 13, 11);
        /* twist: (0, 13). */
        rn_expect_set(r, 1, &s, 11, (int[]){0, 12 + twist}, 2, 0);
        rn_solved_free(&s);
    }
    rn_proof_end(&p, r);
}

SIZED_CHECK(rule_case1)

const claim_def claim_rn_rule_case1 = {
    .id = "rn/rule-4.3.2",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.2 (odd k of case 1: (k+1)/2^m odd for an even m)",
    .statement = "For odd k of case 1 (k = 3, 11, 15, 19, ...): \"the positions where both piles have a value = 0 "
                 "(mod k+1) are still all P positions\"; with k = 11, one empty pile and one of 12 chips is a P "
                 "position; and \"The pattern works the same way as with even values of k\": the P positions are "
                 "exactly those.",
    .domain = "odd k of case 1 up to 40 (3, 11, 15, 19, 27, 35); every pile size, proved per k (certificates from "
              "piles up to 400); every restricted number",
    .parts = {"both piles = 0 mod k+1: P", "k = 11: (0, 12) is P", "P exactly when both piles = 0 mod k+1"},
    .check_games = claim_rule_case1,
    .sizes_help = "odd k up to K (--max-take, default 40, at most 60); certificates from piles up to L (--to, "
                  "default 400, at most 600)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 60,
    .to_limit = 600,
};

/* "Other than that, the same strategies apply as for an even k" (Section
 * 4.3.2, odd k of case 1): the rules of Section 4.3.1 on equal piles, on
 * a pile of k + 1, and on large piles, checked on these k as on even k. */
static void rule_case1_same(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, MAX_K), budget = rn_size_pile(z, RN_CERT_TWO_PILES);
    rn_swept(r, kmax, budget);
    equal_for(r, twist, kmax, 1, 0);
    next_row(r, twist, kmax, 1, 1, false);
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, true);
    large_for(r, twist, kmax, budget, 1, 4, &p);
    /* The parts on equal piles and on a pile of k + 1 speak of piles of at
     * most k + 1 chips: all of them are checked. */
    rn_proof_end_parts(&p, r, "the parts on large piles (the others speak of piles of at most k + 1)");
}
SIZED_CHECK(rule_case1_same)

const claim_def claim_rn_rule_case1_same = {
    .id = "rn/rule-4.3.2-same",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.2: \"Other than that, the same strategies apply as for an even k\"",
    .statement = "For odd k of case 1, the rules Section 4.3.1 gives for even k hold: rn/rule-4.3.1-equal (equal "
                 "piles), rn/rule-4.3.1-next (a pile of k+1, its two options and its exception) and "
                 "rn/rule-4.3.1-large (large piles), each read as there.",
    .domain = "odd k of case 1 up to 20 (3, 11, 15, 19); equal piles and a pile of k + 1: every such position; "
              "large piles: every size, proved per k (certificates from piles up to 400)",
    .parts = {"(a, a) is N exactly unless a / 2^m is odd for an odd m", "(a, k+1), a < k: N",
              "(k, k+1): N, or wins unless k is restricted as the exception says",
              "(a, k+1), a < k: emptying the small pile wins, and so does taking 1 from the k+1",
              LARGE_PARTS},
    .check_games = claim_rule_case1_same,
    .sizes_help = "odd k up to K (--max-take, default 20, at most 40); certificates from piles up to L (--to, default "
                  "400, at most 600)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 40,
    .to_limit = 600,
    .erratum = {.same_as = "rn/rule-4.3.1-next"},
};

/* ---- Section 4.3.3: odd k of case 2 ---- */

/* Proposition 4.12's proof: "The first player is now in the position
 * ((k + 1)/2, k + 2).  If he plays on the pile with (k + 1)/2 chips, the
 * second player will be the one who takes the last chip from this pile,
 * leaving the first player in the losing position (0, k + 2)" (the
 * position with (k+1)/2 restricted is lost; every take from the small pile
 * is answered by taking the rest of it, a legal move to a lost position). */
static void rule_half(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, MAX_K);
    rn_swept(r, kmax, -1);
    for (int k = 3; k <= kmax; k += 2) {
        if (rn_k_case(k) != 2)
            continue;
        rn_solved s;
        rn_solve_previous(&s, 2, k + 3, k);
        int h = (k + 1) / 2;
        uint64_t rank = rn_rank(&s, (int[]){h, k + 2}, 2, h);
        claim_cases(r, 0, 1);
        bool lost = !rn_wins(&s, rank, false);
        /* twist: stated won. */
        if (lost == (twist != 0)) {
            char where[64];
            snprintf(where, sizeof where, "k = %d, piles (%d,%d)(%d)", k, h, k + 2, h);
            claim_mismatch_at(r, 0, where, twist ? "the player to move wins" : "the player to move loses",
                              lost ? "he loses" : "he wins", "");
            rn_replay_rank(r, &s, rank);
        }
        for (int j = 1; j <= h && j <= k; j++) {
            if (j == h)
                continue;   /* restricted: not a move */
            int rest = h - j;
            /* The reply takes the rest: legal when it is not j (the
             * number just taken) and leaves (0, k+2) with `rest`
             * restricted, lost by the player to move. */
            bool legal = rest != j && rest <= k;
            bool lost = legal && !rn_wins(&s, rn_rank(&s, (int[]){0, k + 2}, 2, rest), false);
            claim_cases(r, 1, 1);
            if (!lost || (twist && j == 1)) {
                char where[160], found[96];
                snprintf(where, sizeof where, "k = %d, piles (%d,%d)(%d), the first player takes %d from the %d", k, h,
                         k + 2, h, j, h);
                snprintf(found, sizeof found, legal ? "taking the rest (%d) leaves a won position"
                                                    : "taking the rest (%d) is not a move: %d was just taken",
                         rest, j);
                claim_mismatch_at(r, 1, where, "the second player takes the rest of that pile and wins", found, "");
                /* The position the take leaves: its restricted number is the
                 * take, which `value` prints. */
                rn_replay_rank(r, &s, rn_rank(&s, (int[]){rest, k + 2}, 2, j));
            }
        }
        rn_solved_free(&s);
    }
}
SIZED_CHECK(rule_half)

const claim_def claim_rn_rule_half = {
    .id = "rn/rule-4.3.3-half",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.3, the proof of Proposition 4.12",
    .statement = "For odd k of case 2, in ((k+1)/2, k+2) with (k+1)/2 restricted the player to move loses; and \"If "
                 "he plays on the pile with (k+1)/2 chips, the second player will be the one who takes the last chip "
                 "from this pile, leaving the first player in the losing position (0, k+2)\".",
    .domain = "odd k of case 2 up to 20",
    .parts = {"((k+1)/2, k+2), (k+1)/2 restricted: lost", "every take from the small pile answered by its rest"},
    .check_games = claim_rule_half,
    .sizes_help = "k up to K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
    .erratum = {.argument = "((k+1)/2, k+2) with (k+1)/2 restricted is lost, as Proposition 4.12 says (this claim's "
                            "first part holds for every odd k of case 2 checked)"},
};

/* The third pile n (0 first) with (0, n) lost whatever is restricted
 * (certified values: any size), or -1 below `most`. */
static int third_loss(const rn_cert *z, int most)
{
    int seen = 0;
    for (int n = 0; n < most; n++)
        if (rn_cert_win_set(z, (int[]){0, n}, 2) == 0 && ++seen == 3)
            return n;
    return -1;
}

static void mismatch_cert(claim_report *r, int part, const rn_cert *z, int a, int b, const char *stated,
                          const char *found)
{
    char where[96], note[RN_WITNESS_MAX];
    snprintf(where, sizeof where, "k = %d, piles (%d,%d)", z->k, a, b);
    rn_cert_takes_note(z, (int[]){a, b}, 2, note, sizeof note);
    claim_mismatch_at(r, part, where, stated, found, note);
}

/* "The reason why it can only be won by playing 1 chip is because if a
 * player does not take 1 chip, the other player will do so and will be
 * able to win": from (a, b), after every move that takes more than 1
 * chip, taking 1 chip wins (twist: taking 2). */
static void reply_of_one(claim_report *r, int part, const rn_cert *z, int a, int b, int twist)
{
    int p[2] = {a, b};
    for (int side = 0; side < 2; side++)
        for (int t = 2; t <= z->k && t <= p[side]; t++) {
            int to[2] = {side ? a : a - t, side ? b - t : b};
            uint64_t takes = rn_cert_winning_takes(z, to, 2, t);
            claim_cases(r, part, 1);
            if (!(takes & (twist ? 4u : 2u))) {
                char where[96], note[RN_WITNESS_MAX];
                snprintf(where, sizeof where, "k = %d, piles (%d,%d), a take of %d to (%d,%d)(%d)", z->k, a, b, t,
                         to[0], to[1], t);
                rn_cert_takes_note(z, to, 2, note, sizeof note);
                claim_mismatch_at(r, part, where, twist ? "the reply of 2 chips wins" : "the reply of 1 chip wins",
                                  "no take of 1 chip wins there", note);
            }
        }
}

/* The least t such that every position with both piles at least t is won
 * by taking 1 chip (nothing restricted), on every pile size: one more
 * than the largest smaller pile of a position where it does not win, or
 * -1 when such a position has both piles from `periodic` on, where the
 * statement repeats in each pile (A + k: it reads the position's
 * children): shifting both piles then gives such positions without end,
 * and no bound suffices.  The region holds a copy of every such position
 * (R >= A + k + the period). */
static int least_bound(const rn_cert *z, int region, int periodic)
{
    int least = 0;
    for (int a = 0; a < region; a++)
        for (int b = a; b < region; b++)
            if (!(rn_cert_winning_takes(z, (int[]){a, b}, 2, 0) & 2u)) {
                if (a >= periodic)
                    return -1;
                least = a + 1 > least ? a + 1 : least;
            }
    return least;
}

/* The literal reading of the third losing pile for one k on piles up to
 * bound, not proved: the least bound that suffices there (a sweep), a
 * lower bound of the least one over every size. */
static void third_swept(claim_report *r, int twist, int k, int bound, char **found_t)
{
    rn_solved s;
    rn_solve_previous(&s, 2, bound, k);
    int l3 = -1;
    for (int n = 0, seen = 0; n <= bound && l3 < 0; n++)
        if (rn_win_set(&s, (int[]){0, n}, 2) == 0 && ++seen == 3)
            l3 = n;
    int least = bound + 1;
    for (int t = bound; t >= 0; t--) {
        bool all = true;
        for (int b = t; b <= bound && all; b++)
            all = (rn_winning_takes(&s, (int[]){t, b}, 2) & 2u) != 0;
        if (!all)
            break;
        least = t;
    }
    rn_solved_free(&s);
    char *next = claim_printf("%s%sk = %d: third losing pile %d, least bound that suffices on piles up to %d: %d "
                              "(swept: over every size it is at least this; undecided when below the pile)",
                              *found_t, **found_t ? "; " : "", k, l3, bound, least);
    free(*found_t);
    *found_t = next;
    /* twist: the third losing pile plus one.  More piles can only add
     * positions that taking 1 does not win, so the least bound over every
     * size is at least the sweep's: a sweep's bound above the stated one
     * refutes it, one below it decides nothing. */
    int stated = l3 + twist;
    claim_cases(r, 0, 1);
    if (l3 >= 0 && least > stated) {
        char where[64], e[96], f[96];
        snprintf(where, sizeof where, "k = %d, both piles of 0..%d", k, bound);
        snprintf(e, sizeof e, "the least bound is the third losing pile, %d", stated);
        snprintf(f, sizeof f, "the least bound is at least %d", least);
        claim_mismatch_at(r, 0, where, e, f, "");
    } else if (l3 < 0 || least != stated)
        claim_not_refuted(r, 0, 0, 1);
}

/* "every position where both piles have more than 17 chips can be won by
 * playing 1 chip, and can only be won by playing 1 chip" (k = 7), and
 * "This can be generalized to different values of k ... The third losing
 * position ... is the minimum value both piles need to have for a position
 * to always be able to be won by playing 1 chip": read here as a bound
 * that suffices (the claim), and as printed, the least one (the literal
 * reading).  On every pile size, per k (rn_certify.h): the statements
 * repeat with period 1 from the third losing pile on, and read positions
 * up to k + 1 chips below the one they speak of. */
static void third(claim_report *r, int twist, const rn_sizes *z, bool literal)
{
    int kmax = rn_size_k(z, literal ? 40 : MAX_K), budget = rn_size_pile(z, RN_CERT_TWO_PILES);
    rn_swept(r, kmax, budget);
    char *found_t = xstrdup("", "a finding");
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, true);
    for (int k = 3; k <= kmax; k += 2) {
        if (rn_k_case(k) != 2)
            continue;
        /* The literal reading above CERT_MAX_K: swept (certificates there
         * cost minutes, and the reading fails at every k proved). */
        if (literal && k > CERT_MAX_K) {
            third_swept(r, twist, k, PILES, &found_t);
            continue;
        }
        rn_cert c;
        if (!rn_proof_cert(&p, r, &c, rn_solver_previous, NULL, 2, k, PILE_NORMAL_WIN, budget))
            continue;
        int l3 = third_loss(&c, c.c.pre + 3 * c.c.per + k);
        /* The statements read positions up to k + 1 chips below the one
         * they speak of (a reply's winning take): they repeat from
         * A + 2k + 2 on, and the least bound's from A + k. */
        int from = c.c.pre + 2 * k + 2;
        /* Past l3 too: "a > l3" is a threshold at l3 + 1. */
        int region = l3 < 0 ? -1 : rn_proof_region(&p, r, &c, 1, l3 + 1 > from ? l3 + 1 : from, 4 * budget);
        if (region < 0) {
            if (l3 < 0)
                rn_proof_undecided(&p, r, k, "no third losing pile on one pile");
            rn_cert_free(&c);
            continue;
        }
        int least = least_bound(&c, region, c.c.pre + k);
        char *next = least < 0 ? claim_printf("%s%sk = %d: third losing pile %d, no bound suffices", found_t,
                                              *found_t ? "; " : "", k, l3)
                               : claim_printf("%s%sk = %d: third losing pile %d, least bound that suffices %d",
                                              found_t, *found_t ? "; " : "", k, l3, least);
        free(found_t);
        found_t = next;
        if (literal) {
            /* twist: the third losing pile plus one. */
            int stated = l3 + twist;
            claim_cases(r, 0, 1);
            if (least != stated) {
                char where[64], e[96], f[96];
                snprintf(where, sizeof where, "k = %d, every pile size", k);
                snprintf(e, sizeof e, "the least bound is the third losing pile, %d", stated);
                if (least < 0)
                    snprintf(f, sizeof f, "no bound suffices");
                else
                    snprintf(f, sizeof f, "the least bound is %d", least);
                claim_mismatch_at(r, 0, where, e, f, "");
            }
            /* After the statement: a k it fails for is not proved. */
            rn_proof_k(&p, &c, region, NULL);
            rn_cert_free(&c);
            continue;
        }
        for (int a = l3; a < region; a++)
            for (int b = a; b < region; b++) {
                uint64_t takes = rn_cert_winning_takes(&c, (int[]){a, b}, 2, 0);
                claim_cases(r, 0, 1);
                /* twist: taking 2 chips. */
                if (!(takes & (twist ? 4u : 2u)))
                    mismatch_cert(r, 0, &c, a, b, "taking 1 chip wins", "no move taking 1 chip wins");
                if (a > l3) {
                    /* Won only by taking 1 chip: won unless 1 is restricted. */
                    uint64_t set = rn_cert_win_set(&c, (int[]){a, b}, 2);
                    uint64_t only1 = rn_all_tags(&c.s) & ~2ull;
                    claim_cases(r, 1, 1);
                    /* twist: N. */
                    if (set != (twist ? rn_all_tags(&c.s) : only1)) {
                        char found[RN_SET_MAX];
                        rn_set_text(set, rn_tags(&c.s), found, sizeof found);
                        mismatch_cert(r, 1, &c, a, b, twist ? "N" : "won only by taking 1 chip", found);
                    }
                    reply_of_one(r, 2, &c, a, b, twist);
                }
            }
        rn_proof_k(&p, &c, region, NULL);
        rn_cert_free(&c);
    }
    claim_finding_add(r, "bounds", "%s", *found_t ? found_t : "no k of case 2 up to --max-take");
    free(found_t);
    rn_proof_end(&p, r);
}

static void rule_third(claim_report *r, int twist, const rn_sizes *z)
{
    third(r, twist, z, false);
}
static void rule_third_literal(claim_report *r, int twist, const rn_sizes *z)
{
    third(r, twist, z, true);
}
SIZED_CHECK(rule_third)
SIZED_CHECK(rule_third_literal)

const claim_def claim_rn_rule_third = {
    .id = "rn/rule-4.3.3-third",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.3, the last two paragraphs",
    .statement = "For odd k of case 2, with L the third pile (0 first) lost whatever is restricted when the other "
                 "pile is empty (17 for k = 7): every position with both piles at least L can be won by playing 1 "
                 "chip, and with both piles more than L \"can only be won by playing 1 chip\", \"because if a player "
                 "does not take 1 chip, the other player will do so and will be able to win\".",
    .domain = "odd k of case 2 up to 20 (5, 7, 9, 13, 17); every pile size, proved per k (certificates from piles "
              "up to 400)",
    .parts = {"both piles at least L: taking 1 wins", "both piles more than L: won only by taking 1",
              "both piles more than L: after any other take, taking 1 wins"},
    .check_games = claim_rule_third,
    .sizes_help = "k up to K (--max-take, default 20, at most 40); certificates from piles up to L (--to, default "
                  "400, at most 600)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 40,
    .to_limit = 600,
};

const claim_def claim_rn_rule_third_literal = {
    .id = "rn/rule-4.3.3-third/literal",
    .truth = CLAIM_PARTLY_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.3: \"The third losing position ... is the minimum value both piles need to have "
              "for a position to always be able to be won by playing 1 chip\"",
    .statement = "As printed: for odd k of case 2, the third losing pile L is the least bound t such that every "
                 "position with both piles at least t can be won by playing 1 chip.",
    .domain = "odd k of case 2 up to 40: up to 20, every pile size (certificates from piles up to 400); above 20, "
              "two piles of 0..200",
    .parts = {"L is the least such bound"},
    .reading_of = "rn/rule-4.3.3-third",
    .reading_why = "the sentence generalises the one before it, which says of k = 7 only that every position with "
                   "both piles more than 17 is won by playing 1 chip: a bound that suffices, not the least one",
    .check_games = claim_rule_third_literal,
    .sizes_help = "k up to K (--max-take, default 40, at most 60); certificates from piles up to L (--to, default "
                  "400, at most 600)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 60,
    .to_limit = 600,
};

/* ---- Section 4.5: three players, any k ---- */

/* "When playing with three players this strategy will apply to any value
 * of k.  This results in the losing positions being the piles with a
 * value = 0 (mod 2k) ... So the second and third player together can
 * always take k + (k - 1) chips.  Because the first player always has to
 * take at least 1 chip a pile of size 2k can always be emptied by the
 * third player."  Read as printed, for every k >= 1. */
/* Part 0 on every pile size per k where a certificate is found within
 * the --to budget (rn_certify.h: the statement repeats with period 2k,
 * read by rn_look_lost_iff_multiple with a = 2k), else swept to it; the
 * finding says which k is which. */
static void players_literal(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, 40), bound = rn_size_pile(z, 500);
    rn_swept(r, kmax, bound);
    char *holds = xstrdup("", "a finding"), *fails = xstrdup("", "a finding");
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, true);
    int three = 3;
    for (int k = 1; k <= kmax; k++) {
        rn_cert c;
        bool proved = rn_proof_cert(&p, r, &c, rn_solver_players, &three, 1, k, PILE_OUTCOME, bound);
        rn_solved s;
        if (!proved)
            rn_solver_players(&s, 1, bound, k, &three);
        bool ok = true;
        /* twist: 2k + 1. */
        int a = 2 * k + twist;
        int region = proved ? rn_proof_region(&p, r, &c, a, 0, 4 * bound) : bound + 1;
        proved = proved && region >= 0;
        rn_look seen;
        if (proved)
            rn_look_start(&seen, &c);
        for (int pile = 0; pile < region; pile++) {
            bool all = true;
            for (int t = 0; t <= k && all; t++)
                all = (proved ? rn_cert_value(&c, &pile, 1, t) : table_outcome(&s.table, rn_rank(&s, &pile, 1, t))) ==
                      0;
            bool stated = pile % a == 0;
            claim_cases(r, 0, 1);
            /* On a certificate the decision is the statement read through
             * what it reads (rn_look.h); swept, the table's. */
            if (proved ? !rn_look_holds(&c, pile, 0, rn_look_lost_iff_multiple, &a, &seen) : all != stated) {
                char where[64], e[64];
                snprintf(where, sizeof where, "3 players, k = %d, pile %d", k, pile);
                snprintf(e, sizeof e, "%s (a multiple of %d)", stated ? "a loss" : "not a loss", a);
                if (ok)
                    claim_mismatch_at(r, 0, where, stated ? "a loss whatever is restricted" : "not a loss",
                                      all ? "a loss whatever is restricted" : "not a loss", e);
                else
                    claim_mismatch_count(r, 0);
                ok = false;
            }
        }
        /* The proof's step: after any first take x from 2k, the second and
         * third players take the rest in two legal takes (each at most k,
         * neither the number just taken). */
        for (int x = 1; x <= k && x < 2 * k; x++) {
            bool two = false;
            for (int s2 = 1; s2 <= k && !two; s2++)
                two = s2 != x && 2 * k - x - s2 >= 1 && 2 * k - x - s2 <= k && 2 * k - x - s2 != s2;
            claim_cases(r, 1, 1);
            /* twist: stated that they cannot. */
            if (two == (twist != 0)) {
                char where[128];
                snprintf(where, sizeof where, "3 players, k = %d, pile %d, the first player takes %d", k, 2 * k, x);
                claim_mismatch_at(r, 1, where, twist ? "they cannot" : "the second and third players take the rest",
                                  two ? "they can" : "no two legal takes make the rest", "");
                ok = false;
            }
        }
        /* After both parts: a k either fails for is not proved. */
        if (proved) {
            rn_look_check(&c, region, &seen);
            rn_proof_k(&p, &c, region, NULL);
        }
        if (proved || c.s.game)
            rn_cert_free(&c);
        else
            rn_solved_free(&s);
        char *next = claim_printf("%s%s%d", ok ? holds : fails, *(ok ? holds : fails) ? ", " : "", k);
        free(ok ? holds : fails);
        *(ok ? &holds : &fails) = next;
    }
    claim_finding_add(r, "by k", "holds for k = %s; fails for k = %s", *holds ? holds : "none", *fails ? fails : "none");
    free(holds);
    free(fails);
    rn_proof_end(&p, r);
}
SIZED_CHECK(players_literal)

const claim_def claim_rn_rule_players_literal = {
    .id = "rn/rule-4.5/literal",
    .truth = CLAIM_EVERY_SIZE,
    .game = "nim-players",
    .source = "Huibers, Section 4.5: \"When playing with three players this strategy will apply to any value of k\"",
    .statement = "As printed, for any k (>= 1): with three players and the previous take restricted (ranked), the "
                 "player to move is the biggest loser, whatever is restricted, exactly on piles = 0 mod 2k; and from "
                 "a pile of 2k, after any first take, the second and third players can take the rest.",
    .domain = "three players, k = 1..40, one pile of 0..500 chips",
    .parts = {"losses exactly at multiples of 2k", "from 2k the second and third players take the rest"},
    .reading_of = "rn/rule-4.5",
    .reading_why = "the formula that generalises it is stated for k >= 3 (\"a maximum move of k >= 3\"), as Table 9 "
                   "starts at k = 3; with k <= 2 the second and third players cannot always take 2k - x in two legal "
                   "takes",
    .check_games = claim_players_literal,
    .sizes_help = "k = 1..K (--max-take, default 40, at most 60); one pile of 0..L chips (--to, default 500, at most "
                  "5000)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 60,
    .to_limit = 5000,
};

/* "If we consider the case where k = 4 and there are three players, the
 * losing positions are the piles with a size = 0 (mod 8) ... in the
 * position 7(1) the second player can move to 5(2), where the third player
 * is unable to finish the game.  However, by doing this the best move for
 * the third player is to allow the first player to be the biggest winner
 * ... The second player does not want this, so he would rather let the
 * third player be the biggest winner." */
static void players_k4(claim_report *r, int twist)
{
    rn_solved s;
    rn_solve(&s, "nim-players", 1, 8, (const char *const[]){"players", "3", "max-move", "4", "restriction", "previous",
                                                            NULL});
    struct {
        int chips, r, want;
        const char *where, *stated;
    } cases[] = {
        {8, 0, 0, "8 chips, nothing restricted", "the player to move is the biggest loser (0)"},
        {5, 2, 2, "5(2), the third player to move", "the first player makes the last move (2: the player after him)"},
        {7, 1, 2, "7(1), the second player to move", "the third player makes the last move (2)"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        int v = table_outcome(&s.table, rn_rank(&s, &cases[c].chips, 1, cases[c].r));
        claim_cases(r, 0, 1);
        /* twist: the first case's outcome one more. */
        if (v != cases[c].want + (twist && c == 0)) {
            char f[32];
            snprintf(f, sizeof f, "outcome %d", v);
            claim_mismatch_at(r, 0, cases[c].where, cases[c].stated, f, "");
        }
    }
    rn_solved_free(&s);
}

static void claim_players_k4(const claim_ctx *ctx, claim_report *r)
{
    (void)ctx;
    players_k4(r, 0);
}

const claim_def claim_rn_rule_players_k4 = {
    .id = "rn/rule-4.5-k4",
    .truth = CLAIM_WHOLE,
    .game = "nim-players",
    .source = "Huibers, Section 4.5, the example of k = 4",
    .statement = "With three players, k = 4 and the previous take restricted (ranked): a pile of 8 makes the player "
                 "to move the biggest loser; at 5(2) the third player lets the first be the biggest winner; and at "
                 "7(1) the second player lets the third be the biggest winner.",
    .domain = "the positions the text names",
    .parts = {"the positions of the example"},
    .check_games = claim_players_k4,
    .sizes_help = "fixed",
};

/* ---- Section 4.4: sums with shared restrictions ---- */

/* A sum of restricted components, each a pile or two sharing one
 * restricted number (the last number taken from the component), moves of
 * 1..k; its Sprague-Grundy values by their recursion, memoised over the
 * positions of `ncomp` components (piles up to bound). */
typedef struct {
    int ncomp, k, bound;
    int size[2];          /* piles of each component (1 or 2) */
    unsigned char *memo;  /* 0: not known; else value + 1   */
} sum_game;

/* A position: piles[c][i] and restricted[c] per component. */
static size_t sum_index(const sum_game *g, int piles[2][2], const int *restricted)
{
    size_t i = 0;
    for (int c = 0; c < g->ncomp; c++) {
        for (int p = 0; p < g->size[c]; p++)
            i = i * (size_t)(g->bound + 1) + (size_t)piles[c][p];
        i = i * (size_t)(g->k + 1) + (size_t)restricted[c];
    }
    return i;
}

static unsigned sum_value(sum_game *g, int piles[2][2], int *restricted)
{
    size_t at = sum_index(g, piles, restricted);
    if (g->memo[at])
        return g->memo[at] - 1u;
    uint64_t seen = 0;
    for (int c = 0; c < g->ncomp; c++)
        for (int p = 0; p < g->size[c]; p++)
            for (int t = 1; t <= g->k && t <= piles[c][p]; t++) {
                if (t == restricted[c])
                    continue;
                int was = restricted[c];
                piles[c][p] -= t;
                restricted[c] = t;
                unsigned v = sum_value(g, piles, restricted);
                piles[c][p] += t;
                restricted[c] = was;
                if (v < 64)
                    seen |= 1ull << v;
            }
    unsigned v = 0;
    while (seen >> v & 1u)
        v++;
    if (v > 250)
        die("internal error: a value beyond 250 in a sum of restricted games");
    g->memo[at] = (unsigned char)(v + 1);
    return v;
}

static void sum_init(sum_game *g, int ncomp, const int *size, int k, int bound)
{
    g->ncomp = ncomp;
    g->k = k;
    g->bound = bound;
    size_t cells = 1;
    for (int c = 0; c < ncomp; c++) {
        g->size[c] = size[c];
        for (int p = 0; p < size[c]; p++)
            cells = xmul(cells, (size_t)bound + 1, "a sum of games");
        cells = xmul(cells, (size_t)k + 1, "a sum of games");
    }
    g->memo = xcalloc(cells, 1, "a sum of games");
}

/* The claim's recursion for one component agrees with the engine's game
 * (restricted Nim, the previous take restricted, on `size` piles) at
 * every position up to bound and every restricted number: what the
 * theorem below is applied to is the thesis' game.  A difference is a
 * fault of this code, and stops the run. */
static void component_is_the_game(sum_game *g, int size, int k, int bound)
{
    rn_solved s;
    rn_solve_previous(&s, size, bound, k);
    for (int a = 0; a <= bound; a++)
        for (int b = size == 2 ? a : 0; b <= (size == 2 ? bound : 0); b++)
            for (int t = 0; t <= k; t++) {
                int p[2][2] = {{a, b}}, rs[2] = {t, 0};
                if (sum_value(g, p, rs) != table_grundy(&s.table, rn_rank(&s, (int[]){a, b}, size, t)))
                    die("internal error: the sum's component (%d piles, k = %d) is not restricted Nim at (%d,%d)", size,
                        k, a, b);
            }
    rn_solved_free(&s);
}

/* "When looking at a single game of restricted Nim played with two piles
 * and one restricted value, the SG values will be completely different
 * from the values when adding two games with one pile together ... If we
 * have a game with two piles and one restricted value and we add a game
 * with one pile and one restricted value, we now get a game with three
 * piles ... The SG value of this new game will be the Nim-sum ... Two
 * games with two piles can also be added this way". */
static void rule_shared(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, 4), bound = rn_size_pile(z, 8);
    rn_swept(r, kmax, bound);
    for (int k = 2; k <= kmax; k++) {
        sum_game two, one, three, four;
        sum_init(&two, 1, (int[]){2}, k, bound);
        sum_init(&one, 1, (int[]){1}, k, bound);
        sum_init(&three, 2, (int[]){2, 1}, k, bound);
        sum_init(&four, 2, (int[]){2, 2}, k, bound);
        component_is_the_game(&two, 2, k, bound);
        component_is_the_game(&one, 1, k, bound);
        uint64_t differ = 0, pairs = 0;
        int first[2] = {-1, -1};
        unsigned first_values[2] = {0, 0};
        for (int a = 0; a <= bound; a++)
            for (int b = a; b <= bound; b++) {
                int p2[2][2] = {{a, b}}, p1a[2][2] = {{a}}, p1b[2][2] = {{b}}, r0[2] = {0, 0};
                unsigned shared = sum_value(&two, p2, r0);
                unsigned apart = sum_value(&one, p1a, r0) ^ sum_value(&one, p1b, r0);
                if (shared != apart && differ++ == 0) {
                    first[0] = a;
                    first[1] = b;
                    first_values[0] = shared;
                    first_values[1] = apart;
                }
                pairs++;
            }
        claim_cases(r, 0, 1);
        /* twist: they never differ. */
        if ((differ == 0) != (twist != 0)) {
            char where[64];
            snprintf(where, sizeof where, "k = %d, two piles of 0..%d", k, bound);
            claim_mismatch_at(r, 0, where, "values that differ from the sum of two one-pile games",
                              twist ? "some differ" : "the same values", "");
        }
        if (differ)
            claim_finding_add(r, "two piles sharing a restriction",
                              "k = %d: %llu of %llu pairs of piles differ from the Nim-sum of the one-pile games "
                              "(nothing restricted), the first (%d,%d): %u shared, %u as two one-pile games",
                              k, (unsigned long long)differ, (unsigned long long)pairs, first[0], first[1],
                              first_values[0], first_values[1]);
        else
            claim_finding_add(r, "two piles sharing a restriction",
                              "k = %d: none of %llu pairs of piles differs from the Nim-sum of the one-pile games",
                              k, (unsigned long long)pairs);
        for (int a = 0; a <= bound; a++)
            for (int b = a; b <= bound; b++)
                for (int ra = 0; ra <= k; ra++)
                    for (int c = 0; c <= bound; c++)
                        for (int rc = 0; rc <= k; rc++) {
                            int p3[2][2] = {{a, b}, {c}}, r3[2] = {ra, rc};
                            int p2[2][2] = {{a, b}}, p1[2][2] = {{c}};
                            unsigned whole = sum_value(&three, p3, r3);
                            unsigned nim = sum_value(&two, p2, (int[]){ra, 0}) ^ sum_value(&one, p1, (int[]){rc, 0});
                            claim_cases(r, 1, 1);
                            /* twist: the plain sum. */
                            if (whole != (twist ? nim + 1 : nim)) {
                                char where[96], e[32], f[32];
                                snprintf(where, sizeof where, "k = %d, (%d,%d)(%d) + (%d)(%d)", k, a, b, ra, c, rc);
                                snprintf(e, sizeof e, "%u", nim);
                                snprintf(f, sizeof f, "%u", whole);
                                claim_mismatch_at(r, 1, where, e, f, "");
                            }
                            for (int d = c; d <= bound && c <= a; d++) {
                                int p4[2][2] = {{a, b}, {c, d}}, r4[2] = {ra, rc};
                                int q2[2][2] = {{c, d}};
                                unsigned w4 = sum_value(&four, p4, r4);
                                unsigned n4 = sum_value(&two, p2, (int[]){ra, 0}) ^ sum_value(&two, q2, (int[]){rc, 0});
                                claim_cases(r, 2, 1);
                                if (w4 != (twist ? n4 + 1 : n4)) {
                                    char where[96], e[32], f[32];
                                    snprintf(where, sizeof where, "k = %d, (%d,%d)(%d) + (%d,%d)(%d)", k, a, b, ra, c, d,
                                             rc);
                                    snprintf(e, sizeof e, "%u", n4);
                                    snprintf(f, sizeof f, "%u", w4);
                                    claim_mismatch_at(r, 2, where, e, f, "");
                                }
                            }
                        }
        free(two.memo);
        free(one.memo);
        free(three.memo);
        free(four.memo);
    }
    claim_finding_add(r, "proved for every size",
                      "the Nim-sum parts, every k and every pile size, by the Sprague-Grundy theorem: the game is, by "
                      "its rule (a move takes from one component and restricts that component's number only), the "
                      "disjunctive sum of its components, each restricted Nim (its recursion agrees with the "
                      "engine's game on the sizes swept), and the value of a disjunctive sum of impartial games in "
                      "normal play is the Nim-sum of its components' values; the sweep checks it on the sizes "
                      "given. That a shared restriction gives other values is shown, for each k swept, by the "
                      "pairs of piles counted");
    /* A mismatch (a twisted statement) still makes the claim FAILS. */
    claim_set_family_status(r, CLAIM_CERTIFIED);
}
SIZED_CHECK(rule_shared)

const claim_def claim_rn_rule_shared = {
    .id = "rn/rule-4.4-shared",
    .truth = CLAIM_BY_THEOREM,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.4, the last paragraph",
    .statement = "Two piles sharing one restricted number give values \"completely different\" from the sum of two "
                 "one-pile games; a game of two piles sharing a restricted number plus a pile with its own has the "
                 "Nim-sum of their values, and so do two such two-pile games.",
    .domain = "k = 2..4, piles 0..8, every restricted number (the sums computed by their own recursion); the "
              "Nim-sum parts proved for every k and pile size by the Sprague-Grundy theorem",
    .parts = {"a shared restriction differs from two one-pile games", "two piles sharing + one pile: the Nim-sum",
              "two pairs sharing each: the Nim-sum"},
    .check_games = claim_rule_shared,
    .sizes_help = "k = 2..K (--max-take, default 4, at most 6); piles 0..L (--to, default 8, at most 12)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 6,
    .to_limit = 12,
};

/* ---- Section 5.1: three-pile Wythoff with the previous take restricted ---- */

/* A class of three piles (over every restricted number). */
static void class3(const rn_solved *s, int a, int b, int c, char *out, size_t len)
{
    rn_outcome_code(s, (int[]){a, b, c}, 3, false, "1", out, len);
}

static void wythoff3(rn_solved *s, const char *takes)
{
    rn_solve(s, "restricted-nim", 3, 9, (const char *const[]){"restriction", "previous", "takes", takes, NULL});
}

/* "all positions of the form (x, x, x) with x > 1 are N positions ... The
 * other N positions are the positions which can lead to a position with
 * only one pile, of which the number of chips is not an even number which
 * gives an odd natural number for an odd m when divided by 2^m.  For
 * example in the position (4, 4, 8) ... (4, 4, 8) is an N position";
 * "If the first player is forced to empty a pile the situation (1, 1, 1)
 * is reached, and here the first player can just take all the remaining
 * chips"; and of Table 16: "the only difference is that Table 16 has a few
 * more N positions.  These extra N positions are all positions where one
 * of the piles is empty and the other two are not.  They are either
 * positions where the two non-empty piles have the same number of chips
 * ... or one pile has twice as many chips as the other." */
/* Whether a move taking one chip from one pile wins from (a, b, c),
 * nothing restricted (moves: room for the game's moves). */
static bool takes_one_and_wins(const rn_solved *s, int a, int b, int c, game_move *moves)
{
    const game_desc *g = s->game;
    int n = g->moves(g->data, rn_rank(s, (int[]){a, b, c}, 3, 0), moves);
    for (int m = 0; m < n; m++) {
        int left[3];
        s->entry->piles_of(g, moves[m].child, left);
        if (left[0] + left[1] + left[2] == a + b + c - 1 && !rn_wins(s, moves[m].child, false))
            return true;
    }
    return false;
}

static void rule_wythoff3(claim_report *r, int twist)
{
    rn_solved v1, v2;
    wythoff3(&v1, "wythoff");
    wythoff3(&v2, "wythoff-pairs");
    const game_desc *g = v1.game;
    game_move *moves = xmalloc(sizeof *moves * (size_t)g->max_moves, "a move list");
    int won_by_one = 0, positions = 0;
    for (int a = 0; a <= 9; a++)
        for (int b = a; b <= 9; b++)
            for (int c = b; c <= 9; c++) {
                char one[RN_VALUE_MAX], two[RN_VALUE_MAX], where[64];
                snprintf(where, sizeof where, "piles (%d,%d,%d)", a, b, c);
                /* "In most cases the first player can win by taking 1 chip"
                 * (nothing restricted); "If the second player empties one of
                 * the three piles, the first player can apply the same
                 * strategy as before when playing with two piles": with one
                 * pile empty and two not, taking 1 chip wins. */
                if (c > 0) {
                    bool by_one = takes_one_and_wins(&v1, a, b, c, moves);
                    positions++;
                    won_by_one += by_one;
                    if (a == 0 && b > 0) {
                        claim_cases(r, 5, 1);
                        /* twist: it loses. */
                        if (by_one == (twist != 0)) {
                            char w[RN_WITNESS_MAX] = "";
                            rn_winning_moves(&v1, (int[]){a, b, c}, 3, false, w, sizeof w);
                            claim_mismatch_at(r, 5, where, twist ? "taking 1 chip loses" : "taking 1 chip wins",
                                              by_one ? "it wins" : "no take of 1 chip wins", w);
                        }
                    }
                }
                class3(&v1, a, b, c, one, sizeof one);
                class3(&v2, a, b, c, two, sizeof two);
                bool n1 = strcmp(one, "N") == 0;
                if (a == b && b == c && a >= 2) {
                    claim_cases(r, 0, 1);
                    /* twist: (2, 2, 2) not N. */
                    if (n1 == (twist && a == 2))
                        claim_mismatch_at(r, 0, where, n1 ? "not N" : "N", one, "");
                    continue;
                }
                if (a == 0 && b == 0 && c == 0)
                    continue;
                /* A move that leaves one pile of s chips with s restricted (it
                 * took s), s not 2^m x odd with m odd, s >= 2 ("where there is
                 * another option besides taking 1 chips to win the game"): in
                 * positions of two or three piles (the sentence speaks of
                 * moves that lead to one pile). */
                bool to_single = false;
                int n = g->moves(g->data, rn_rank(&v1, (int[]){a, b, c}, 3, 0), moves);
                for (int m = 0; m < n && !to_single; m++) {
                    int left[3];
                    v1.entry->piles_of(g, moves[m].child, left);
                    int nonzero = (left[0] > 0) + (left[1] > 0) + (left[2] > 0);
                    int s = left[0] + left[1] + left[2];
                    int taken = (int)(moves[m].child % (uint64_t)rn_tags(&v1));
                    /* "another option besides taking 1 chip": s >= 2. */
                    to_single = nonzero == 1 && taken == s && s >= 2 && !odd_power(s);
                }
                if (b > 0) {
                    claim_cases(r, 1, 1);
                    /* twist: the other way round. */
                    if (n1 != (to_single != (twist != 0)))
                        claim_mismatch_at(r, 1, where, n1 ? "not N" : "N (a move leaves one pile)", one, "");
                }
                /* Table 16 against Table 15. */
                if (strcmp(one, two) != 0) {
                    /* twist: no difference at all. */
                    bool extra = !twist && strcmp(two, "N") == 0 && a == 0 && b > 0 &&
                                 (b == c || (c == 2 * b && !odd_power(b)));
                    claim_cases(r, 3, 1);
                    if (!extra)
                        claim_mismatch_at(r, 3, where, "the same, or N with one empty pile and the other two equal "
                                          "or one twice the other", two, one);
                }
            }
    claim_cases(r, 4, 1);
    /* twist: at most half. */
    if ((2 * won_by_one > positions) == (twist != 0)) {
        char f[96];
        snprintf(f, sizeof f, "taking 1 chip wins at %d of %d", won_by_one, positions);
        claim_mismatch_at(r, 4, "three piles of 0..9, not all empty, nothing restricted",
                          twist ? "taking 1 chip wins at most half" : "taking 1 chip wins in most", f, "");
    } else if (!twist)
        claim_finding_add(r, "taking 1 chip", "wins at %d of the %d positions of Table 15 with a chip", won_by_one,
                          positions);
    /* (1,1,1): taking 1 from every pile wins; (4,4,8) N. */
    claim_cases(r, 2, 2);
    char c448[RN_VALUE_MAX];
    class3(&v1, 4, 4, 8, c448, sizeof c448);
    if (strcmp(c448, twist ? "P" : "N") != 0)
        claim_mismatch_at(r, 2, "piles (4,4,8)", "N", c448, "");
    /* The move to no chip at all (1 restricted) is a move of (1,1,1),
     * and the player then to move loses (twist: a move to (0,0,1)). */
    bool takes_all = false;
    uint64_t to = rn_rank(&v1, (int[]){0, 0, twist ? 1 : 0}, 3, 1);
    int n = g->moves(g->data, rn_rank(&v1, (int[]){1, 1, 1}, 3, 0), moves);
    for (int m = 0; m < n; m++)
        takes_all |= moves[m].child == to && !rn_wins(&v1, to, false);
    free(moves);
    if (!takes_all) {
        char moves111[RN_WITNESS_MAX];
        rn_winning_moves(&v1, (int[]){1, 1, 1}, 3, false, moves111, sizeof moves111);
        claim_mismatch_at(r, 2, "piles (1,1,1)", "taking 1 from every pile wins", moves111, "");
    }
    rn_solved_free(&v1);
    rn_solved_free(&v2);
}

static void claim_rule_wythoff3(const claim_ctx *ctx, claim_report *r)
{
    (void)ctx;
    rule_wythoff3(r, 0);
}

const claim_def claim_rn_rule_wythoff3 = {
    .id = "rn/rule-5.1",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 5.1, the text after Tables 15 and 16",
    .statement = "Three-pile Wythoff (first version) with the previous take restricted, piles up to 9: \"In most "
                 "cases the first player can win by taking 1 chip\", and with one pile empty and two not, taking 1 "
                 "chip wins (\"the same strategy as before when playing with two piles\"); (x, x, x) with x > 1 is "
                 "N; the other N positions are those with another winning option than taking 1 chip: a move "
                 "leaving one pile of s >= 2 chips (s restricted) where s is not 2^m x odd with m odd (positions "
                 "with one pile are the one-pile game of Section 4.3, left out); (4, 4, 8) is N and (1, 1, 1) is "
                 "won by taking every chip; and the second version (Table 16) differs only by more N positions, "
                 "each with one empty pile and the other two equal or one twice the other.",
    .domain = "three piles of 0..9, every restricted number, both versions",
    .parts = {"(x, x, x), x > 1: N", "the other N positions: a move leaves one pile not 2^m odd with m odd",
              "(4, 4, 8) N; (1, 1, 1) won by taking every chip",
              "the second version differs only by those extra N positions",
              "taking 1 chip wins in most positions", "one pile empty, two not: taking 1 chip wins"},
    .check_games = claim_rule_wythoff3,
    .sizes_help = "fixed",
};

/* Every check here with its twist (rn_tables.h). */
const rn_check_entry rn_sentence_checks[] = {
    {"rn/rule-2", NULL, rule_nim},
    {"rn/rule-2/literal", NULL, rule_nim_literal},
    {"rn/rule-4.3", NULL, rule_classes},
    {"rn/rule-4.3.1-equal", NULL, rule_equal},
    {"rn/rule-4.3.1-next", NULL, rule_next},
    {"rn/rule-4.3.1-next/literal", NULL, rule_next_literal},
    {"rn/rule-4.3.1-large", NULL, rule_large},
    {"rn/prop-4.4/literal", NULL, prop44_literal},
    {"rn/rule-4.3.2", NULL, rule_case1},
    {"rn/rule-4.3.2-same", NULL, rule_case1_same},
    {"rn/rule-4.3.3-half", NULL, rule_half},
    {"rn/rule-4.3.3-third", NULL, rule_third},
    {"rn/rule-4.3.3-third/literal", NULL, rule_third_literal},
    {"rn/rule-4.5/literal", NULL, players_literal},
    {"rn/rule-4.5-k4", players_k4, NULL},
    {"rn/rule-4.4-shared", NULL, rule_shared},
    {"rn/rule-5.1", rule_wythoff3, NULL},
    {NULL, NULL, NULL},
};
