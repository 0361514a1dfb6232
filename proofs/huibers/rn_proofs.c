/*
 * rn_proofs.c -- the steps of the thesis' proofs and the strategies its
 * text describes (Huibers, Sections 4.2-4.6, 5 and 6.1), each checked on
 * the game's own values: a strategy is played against every reply of the
 * other player (rn_strategy_wins), and a proof's step ("he can take the
 * rest", "the only winning move") is checked on every position it speaks
 * of.  Where the text's wording of a strategy says less than its proof,
 * the wording is a reading of its own (/literal).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "proofs/claim.h"
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
#define FIXED_CHECK(fn)                                           \
    static void claim_##fn(const claim_ctx *ctx, claim_report *r) \
    {                                                             \
        (void)ctx;                                                \
        fn(r, 0);                                                 \
    }


/* ---- shared ---- */

/* A strategy checked from one start: a case of `part`, and a mismatch
 * with the line of play where it fails. */
/* The shortest failing line of a strategy found so far: what a claim
 * lists first (a witness of the gap that reads quickest). */
typedef struct {
    int depth;           /* 0: none yet */
    char *where, *found, *witness;
    uint64_t at;
} shortest_gap;

static void gap_free(shortest_gap *g)
{
    free(g->where);
    free(g->found);
    free(g->witness);
    memset(g, 0, sizeof *g);
}

/* Plays a strategy from start against every reply: a case, and where it
 * loses a mismatch whose witness is the line of play, with the command
 * that shows the position where it failed; `gap` (NULL: none) keeps the
 * shortest such line. */
static void play_noting(claim_report *r, int part, rn_strategy *k, uint64_t start, bool other_first,
                        const char *where, const char *stated, const rn_solved *s, shortest_gap *gap)
{
    char witness[RN_WITNESS_MAX];
    claim_cases(r, part, 1);
    if (rn_strategy_wins(k, start, other_first, witness, sizeof witness))
        return;
    /* The witness is the line of play, then ": " and what went wrong at its
     * end: the latter is what was found, the line its witness. */
    char *why = strstr(witness, ": at ");
    char *found = why ? claim_printf("it loses: %s", why + 2) : xstrdup("it loses", "a finding");
    if (why)
        *why = '\0';
    claim_mismatch_at(r, part, where, stated, found, witness);
    int depth;
    uint64_t at = rn_strategy_failed_at(k, &depth);
    if (s)
        rn_replay_rank(r, s, at);
    if (gap && (gap->depth == 0 || depth < gap->depth)) {
        gap_free(gap);
        *gap = (shortest_gap){depth, xstrdup(where, "a witness"), xstrdup(found, "a witness"),
                              xstrdup(witness, "a witness"), at};
    }
    free(found);
}

static void play(claim_report *r, int part, rn_strategy *k, uint64_t start, bool other_first, const char *where,
                 const char *stated)
{
    play_noting(r, part, k, start, other_first, where, stated, NULL, NULL);
}

/* Lists the shortest failing line first. */
static void gap_first(claim_report *r, int part, const char *stated, const rn_solved *s, shortest_gap *gap)
{
    if (gap->depth) {
        claim_mismatch_first(r, part, gap->where, stated, gap->found, gap->witness);
        rn_replay_rank(r, s, gap->at);
    }
    gap_free(gap);
}

static rn_target target2(int a, int b, int tag)
{
    rn_target t = {.piles = {a, b}, .tag = tag};
    return t;
}

/* The class of two piles over every restricted number (P, N, x). */
static void class_of(const rn_solved *s, int a, int b, char *out, size_t len)
{
    out[0] = '\0';
    rn_outcome_code(s, (int[]){a, b}, 2, false, "1", out, len);
}

/* The moves from `from` (a rank) that win, as ranks into out; returns how
 * many. */
static int winning_children(const rn_solved *s, uint64_t from, uint64_t *out, int max)
{
    const game_desc *g = s->game;
    game_move *moves = xmalloc(sizeof *moves * (size_t)g->max_moves, "a move list");
    int n = g->moves(g->data, from, moves), w = 0;
    for (int m = 0; m < n; m++)
        if (!rn_wins(s, moves[m].child, false)) {
            if (w == max)
                die("internal error: more than %d winning moves", max);
            out[w++] = moves[m].child;
        }
    free(moves);
    return w;
}

/* ---- Proposition 4.3's proof: the mover chooses the restriction ---- */

static void solve_chosen(rn_solved *s, int k, int bound, bool may_restrict_nothing)
{
    char kt[16];
    snprintf(kt, sizeof kt, "%d", k);
    rn_solve(s, "restricted-nim", 1, bound,
             (const char *const[]){"max-move", kt, "restriction", may_restrict_nothing ? "chosen-or-none" : "chosen",
                                   NULL});
}

/* The win set of one pile: bit t when the player to move wins with t
 * restricted. */
static uint64_t pile_wins(const rn_solved *s, int n)
{
    return rn_win_set(s, &n, 1);
}

/* The proof of Proposition 4.3: "When the number of chips left is greater
 * than 1 and up to k chips, the next player will always win"; at k + 1
 * "When the option to take k chips is restricted ... the next player will
 * lose"; at k + 2 "they can decrease the number of chips to k + 1 and then
 * restrict k in order to win.  There is no other option to win however,
 * so if taking 1 chip is restricted the next player will lose"; and the
 * same at 2(k + 1), 2(k + 1) + 1 "and so on": n(k+1) is lost exactly when
 * k is restricted, n(k+1) + 1 exactly when 1 is, and from n(k+1) + 1 the
 * only winning move takes 1 chip and restricts k.  Each reading of who
 * restricts (Table 3) is a part.  The steps on piles 2..limit-1 of a
 * table solved that far: */
static void prop43_steps(claim_report *r, int reading, int twist, const rn_solved *s, int k, int limit)
{
    uint64_t all = rn_all_tags(s);
    for (int n = 2; n < limit; n++) {
        uint64_t wins = pile_wins(s, n), stated;
        const char *what;
        int m = n % (k + 1);
        if (n <= k) {
            stated = all;
            what = "won whatever is restricted";
        } else if (m == 0) {
            /* twist: lost when k - 1 is restricted. */
            stated = all & ~(1ull << (twist ? k - 1 : k));
            what = twist ? "lost exactly when k-1 is restricted" : "lost exactly when k is restricted";
        } else if (m == 1) {
            stated = all & ~2ull;
            what = "lost exactly when 1 is restricted";
        } else
            continue;
        char where[64];
        snprintf(where, sizeof where, "k = %d, pile %d", k, n);
        claim_cases(r, reading, 1);
        if (wins != stated) {
            char f[RN_SET_MAX];
            rn_set_text(wins, k + 1, f, sizeof f);
            claim_mismatch_at(r, reading, where, what, f, "");
        }
        if (m != 1 || n <= k)
            continue;
        /* The only winning move (1 not restricted): to n - 1 with k
         * restricted. */
        uint64_t win[64];
        int w = winning_children(s, rn_rank(s, &n, 1, 0), win, 64);
        int to = n - 1;
        uint64_t want = rn_rank(s, &to, 1, k);
        claim_cases(r, reading, 1);
        if (w != 1 || win[0] != want) {
            char f[RN_WITNESS_MAX] = "";
            rn_winning_moves(s, &n, 1, false, f, sizeof f);
            claim_mismatch_at(r, reading, where, "the only winning move takes 1 and restricts k", f, "");
        }
    }
}

static const char *const chosen_reading[2] = {"must restrict", "may restrict nothing"};

static void solver_chosen(rn_solved *s, int piles, int bound, int k, const void *reading)
{
    (void)piles;
    solve_chosen(s, k, bound, *(const int *)reading == 1);
}

/* One k of one reading on every pile size (rn_certify.h): the steps
 * repeat with period k + 1 from k + 1 chips on and read a pile and its
 * children, so the piles below the region decide them; true when proved.
 * The region's table is solved whole when the certificate's is smaller. */
static bool prop43_steps_proved(claim_report *r, int reading, int twist, int k, int budget, rn_proof *p)
{
    rn_cert c;
    if (!rn_proof_cert(p, r, &c, solver_chosen, &reading, 1, k, PILE_NORMAL_WIN, budget))
        return false;
    int region = rn_proof_region(p, r, &c, k + 1, k + 1, 4 * budget);
    if (region >= 0) {
        rn_solved big;
        bool own = region - 1 > c.bound;
        if (own) {
            solve_chosen(&big, k, region - 1, reading == 1);
            rn_rules_tie_table(&big, 1, region - 1);
        }
        prop43_steps(r, reading, twist, own ? &big : &c.s, k, region);
        if (own)
            rn_solved_free(&big);
        rn_proof_k(p, &c, region, chosen_reading[reading]);
    }
    rn_cert_free(&c);
    return region >= 0;
}

/* Proved for every pile size per k where a certificate is found with one
 * pile up to the bound; a k without one is swept to the bound and makes
 * the claim UNDECIDED. */
static void prop43_proof(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, 12), bound = rn_size_pile(z, 1000);
    rn_swept(r, kmax, bound);
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, true);
    for (int reading = 0; reading < 2; reading++)
        for (int k = 2; k <= kmax; k++) {
            if (prop43_steps_proved(r, reading, twist, k, bound, &p))
                continue;
            rn_solved s;
            solve_chosen(&s, k, bound, reading == 1);
            prop43_steps(r, reading, twist, &s, k, bound + 1);
            rn_solved_free(&s);
        }
    rn_proof_end(&p, r);
}
SIZED_CHECK(prop43_proof)

const claim_def claim_rn_prop43_proof = {
    .id = "rn/prop-4.3-proof",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.2, the proof of Proposition 4.3",
    .statement = "When the mover chooses the restricted number (S(1..k), one pile): a pile of 2..k chips is won "
                 "whatever is restricted; n(k+1) chips (n >= 1) are lost exactly when k is restricted; n(k+1)+1 "
                 "chips exactly when 1 is; and from n(k+1)+1 chips the only winning move takes 1 chip and restricts "
                 "k (\"There is no other option to win\").",
    .domain = "k = 2..12, one pile of every size, proved per k (certificates from piles up to 1000), every "
              "restricted number; under each reading of Table 3",
    .parts = {"the mover must restrict one of 1..k", "the mover may also restrict nothing"},
    .readings = true,
    .check_games = claim_prop43_proof,
    .sizes_help = "k = 2..K (--max-take, default 12, at most 24); one pile of 0..L chips (--to, default 1000, at "
                  "most 10000)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 24,
    .to_limit = 10000,
};

/* "When the number of chips that is restricted is 0, there is no number of
 * chips on the pile with an SG value of 0", as printed: the empty pile
 * included (twist: with 1 restricted).  On every pile size, per k
 * (rn_certify.h): the statement repeats with period 1 from the empty pile
 * on, so the piles below the certificate's region decide it. */
/* No pile below the region of value 0 with nothing restricted (twist:
 * with 1 restricted). */
/* The literal sentence at a pile (ctx: the restricted number read): a
 * value other than 0. */
static bool value_not_zero(rn_look *s, const void *ctx)
{
    return rn_look_value(s, 0, 0, *(const int *)ctx) != 0;
}

static void no_zero_unless_empty(claim_report *r, const rn_cert *c, int region, int twist, const void *ctx)
{
    (void)ctx;
    int tag = twist ? 1 : 0;
    rn_look seen;
    rn_look_start(&seen, c);
    for (int n = 0; n < region; n++) {
        claim_cases(r, 0, 1);
        if (!rn_look_holds(c, n, 0, value_not_zero, &tag, &seen)) {
            char where[64], fold[96] = "";
            snprintf(where, sizeof where, "k = %d, pile %d, %s restricted", c->k, n, twist ? "1" : "nothing");
            /* A pile beyond the period's first turn says which it plays as. */
            if (pile_period_fold(&c->c, n) != n)
                rn_cert_where(c, &n, 1, fold, sizeof fold);
            claim_mismatch_at(r, 0, where, "a value other than 0", "0", fold);
        }
    }
    rn_look_check(c, region, &seen);
}

static void chosen_literal(claim_report *r, int twist, const rn_sizes *z)
{
    static const int must_restrict = 0;
    int kmax = rn_size_k(z, 12), budget = rn_size_pile(z, 1000);
    rn_swept(r, kmax, budget);
    rn_proof p;
    rn_proof_begin(&p, r);
    rn_proof_watch(&p, z, kmax, true);
    rn_per_k spec = {1, 1, solver_chosen, &must_restrict, 1, PILE_GRUNDY, budget, 0, 1, 0, 4 * budget};
    rn_prove_each_k(&p, r, &spec, kmax, twist, no_zero_unless_empty, NULL);
    rn_proof_end(&p, r);
}
SIZED_CHECK(chosen_literal)

const claim_def claim_rn_rule_cr_literal = {
    .truth = CLAIM_EVERY_SIZE,
    .id = "rn/rule-4.2/literal",
    .game = "restricted-nim",
    .source = "Huibers, Section 4.2: \"When the number of chips that is restricted is 0, there is no number of "
              "chips on the pile with an SG value of 0\"",
    .statement = "As printed: when the mover chooses the restricted number and nothing is restricted, no pile size "
                 "(the empty pile included) has the value 0.",
    .domain = "k = 1..12, one pile of every size, proved per k (certificates from piles up to 1000), nothing "
              "restricted (the mover must restrict one of 1..k)",
    .parts = {"no pile has the value 0"},
    .reading_of = "rn/rule-4.2",
    .reading_why = "the sentence before it says \"the starting player will always be able to win when the pile has "
                   "at least 1 chip\", and the empty pile's value is 0 by definition (no move)",
    .check_games = claim_chosen_literal,
    .sizes_help = "k = 1..K (--max-take, default 12, at most 24); certificates from one pile of 0..L chips (--to, "
                  "default 1000, at most 10000)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 24,
    .to_limit = 10000,
};

/* ---- Propositions 4.5, 4.7, 4.8: strategies on two piles ---- */

typedef struct {
    int k;
    int twist;
} strategy_ctx;

/* Proposition 4.5's proof: "If one pile has 1 chip and the other pile has
 * more than 1 chip, the first player should always take a single chip from
 * the other pile ... If the second player empties the other pile, the
 * first player can win by emptying the pile with 1 chip.  If the situation
 * (1, 1) is reached the first player can win by emptying either pile by
 * taking 1 chip" (twist: two chips from the other pile). */
static int one_chip_strategy(void *ctx, const int *p, int n, int tag, rn_target *out, int max)
{
    const strategy_ctx *c = ctx;
    (void)n, (void)tag, (void)max;
    int a = p[0], b = p[1];
    if (a == 0 && b == 1)
        return out[0] = target2(0, 0, 1), 1;
    if (a == 1 && b == 1)
        return out[0] = target2(0, 1, 1), 1;
    if (a == 1 && b >= 2)
        return c->twist && b >= 3 ? (out[0] = target2(1, b - 2, 2), 1) : (out[0] = target2(1, b - 1, 1), 1);
    return 0;
}

/* Whether the strategy's player faces piles p (ascending) with `tag`
 * restricted in the strategy's set: a pile of 1 chip, 1 not restricted. */
static bool in_one_chip_set(const int *p, int tag)
{
    return (p[0] == 1 || p[1] == 1) && tag != 1;
}

/* The strategy at every position of its set below `limit` chips, on a
 * table solved that far: its move is a move of the game to a position the
 * other player loses (the values), and every reply from there returns
 * into the set or leaves no move.  Mismatches of part 0. */
static void one_chip_local(claim_report *r, const rn_solved *s, strategy_ctx *c, int limit)
{
    const game_desc *g = s->game;
    game_move *moves = xmalloc(sizeof *moves * (size_t)g->max_moves, "a move list");
    game_move *replies = xmalloc(sizeof *replies * (size_t)g->max_moves, "a move list");
    for (int b = 0; b < limit; b++)
        for (int t = 0; t <= c->k; t++) {
            int p[2] = {b < 1 ? b : 1, b < 1 ? 1 : b};
            if (!in_one_chip_set(p, t))
                continue;
            char where[64];
            snprintf(where, sizeof where, "k = %d, piles (1,%d)(%d)", c->k, b, t);
            rn_target to[RN_STRATEGY_OPTIONS];
            int nto = one_chip_strategy(c, p, 2, t, to, RN_STRATEGY_OPTIONS);
            uint64_t from = rn_rank(s, p, 2, t);
            int n = g->moves(g->data, from, moves);
            claim_cases(r, 0, 1);
            for (int o = 0; o < nto; o++) {
                int64_t at = s->entry->rank_of_piles(g, to[o].piles, 2);
                uint64_t target = (uint64_t)at + (uint64_t)to[o].tag;
                bool legal = false;
                for (int m = 0; m < n && at >= 0 && !legal; m++)
                    legal = moves[m].child == target;
                if (!legal || rn_wins(s, target, false)) {
                    char *pos = legal ? rn_position_text(s, target) : xstrdup("no move", "a position");
                    claim_mismatch_at(r, 0, where, "the strategy moves to a position the other player loses",
                                      legal ? "the other player wins there" : "the strategy's move is not a move",
                                      pos);
                    free(pos);
                    continue;
                }
                /* Every reply returns into the set (the pile of 1 cannot be
                 * touched: taking 1 is restricted). */
                int nr = g->moves(g->data, target, replies);
                for (int m = 0; m < nr; m++) {
                    int q[RN_STRATEGY_PILES];
                    s->entry->piles_of(g, replies[m].child, q);
                    int qt = (int)(replies[m].child % (uint64_t)(g->tags > 1 ? g->tags : 1));
                    if (!in_one_chip_set(q, qt)) {
                        char *pos = rn_position_text(s, replies[m].child);
                        claim_mismatch_at(r, 0, where, "every reply returns to a pile of 1, 1 not restricted",
                                          "a reply leaves the strategy's positions", pos);
                        free(pos);
                    }
                }
            }
        }
    free(moves);
    free(replies);
}

/* Proposition 4.5's strategy on every pile size, for one k: the local
 * statement above reads a position, the strategy's move and the replies
 * (at most 2k chips below), repeats with period 1 from k + 2 chips (where
 * every take of 1..k is open), and is checked below the region of the
 * values' certificate.  By induction on the chips, the strategy then wins
 * from every position of its set: each of its moves leaves the other
 * player a lost position inside the set's reach, whatever he replies. */
static bool one_chip_proved(claim_report *r, strategy_ctx *c, int budget, rn_proof *p)
{
    rn_cert z;
    if (!rn_proof_cert(p, r, &z, rn_solver_previous, NULL, 2, c->k, PILE_NORMAL_WIN, budget))
        return false;
    int region = rn_proof_region(p, r, &z, 1, 2 * c->k + 2, 4 * budget);
    if (region >= 0) {
        rn_solved big;
        /* The replies read up to 2 chips below b - 1: the region's table. */
        bool own = region + 1 > z.bound;
        if (own) {
            rn_solve_previous(&big, 2, region + 1, c->k);
            rn_rules_tie_table(&big, 2, region + 1);
        }
        one_chip_local(r, own ? &big : &z.s, c, region);
        if (own)
            rn_solved_free(&big);
        rn_proof_k(p, &z, region, NULL);
    }
    rn_cert_free(&z);
    return region >= 0;
}

static void prop45_strategy(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, 20), bound = rn_size_pile(z, 200);
    rn_swept(r, kmax, bound);
    rn_proof proof;
    rn_proof_begin(&proof, r);
    rn_proof_watch(&proof, z, kmax, false);
    for (int k = 2; k <= kmax; k++) {
        strategy_ctx c = {k, twist};
        /* For every pile size (by the certificate and the induction), and
         * played out against every reply to `bound` besides. */
        one_chip_proved(r, &c, RN_CERT_TWO_PILES, &proof);
        rn_solved s;
        rn_solve_previous(&s, 2, bound, k);
        rn_strategy *st = rn_strategy_new(&s, one_chip_strategy, &c, false);
        for (int b = 1; b <= bound; b++)
            for (int t = 0; t <= k; t++) {
                if (t == 1)
                    continue;
                char where[64];
                snprintf(where, sizeof where, "k = %d, piles (1,%d)(%d)", k, b, t);
                play(r, 0, st, rn_rank(&s, (int[]){1, b}, 2, t), false, where, "the strategy wins against every reply");
            }
        rn_strategy_free(st);
        rn_solved_free(&s);
    }
    rn_proof_end(&proof, r);
}
SIZED_CHECK(prop45_strategy)

const claim_def claim_rn_prop45_strategy = {
    .id = "rn/prop-4.5-strategy",
    .truth = CLAIM_EVERY_SIZE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, the proof of Proposition 4.5 and Figure 3",
    .statement = "From one pile of 1 chip and another of b chips, 1 not restricted, the strategy of the proof wins "
                 "against every reply: take 1 chip from the other pile; empty the pile of 1 when the other pile is "
                 "gone; at (1, 1) empty either pile. (Figure 3: \"The first player can win in position (8, 1) by "
                 "always taking 1 chip\", with k = 8.)",
    .domain = "k = 2..20, piles (1, b) for every b, proved per k (certificates from piles up to 400, and the "
              "strategy's moves and the replies checked below the region), and played out against every reply "
              "for b = 1..200; every restricted number but 1",
    .parts = {"the strategy wins against every reply"},
    .check_games = claim_prop45_strategy,
    .sizes_help = "k = 2..K (--max-take, default 20, at most 40); piles (1, b), b = 1..L (--to, default 200, at most "
                  "600)",
    .sizes_used = CLAIM_USES_MAX_TAKE | CLAIM_USES_TO,
    .max_take_limit = 40,
    .to_limit = 600,
};

/* Proposition 4.7's proof, on one pile (the other empty): "The first
 * player can take exactly half of the chips ... [when the second player
 * does not halve it] the first player can now take the remainder of the
 * chips ... However if it is even the first player can divide it in half
 * again and so on": take the rest when it may be taken, else halve
 * (twist: take one chip more than half).  As Figure 4's caption words it, "by always taking
 * half of the remaining chips": halve, nothing else (the literal reading). */
typedef struct {
    int k;
    int twist;
    bool halve_only;
} halving_ctx;

static int halving_strategy(void *ctx, const int *p, int n, int tag, rn_target *out, int max)
{
    const halving_ctx *c = ctx;
    (void)n, (void)max;
    int pile = p[1];
    if (p[0] != 0 || pile == 0)
        return 0;
    bool rest = pile <= c->k && pile != tag, half = pile % 2 == 0 && pile / 2 != tag && pile / 2 <= c->k;
    if (rest && !c->halve_only)
        return out[0] = target2(0, 0, pile), 1;
    /* twist: one chip more than half. */
    int take = pile / 2 + (c->twist ? 1 : 0);
    if (half)
        return out[0] = target2(0, pile - take, take), 1;
    return 0;
}

static bool odd_power(int n)
{
    return n > 0 && n % 2 == 0 && rn_twos(n) % 2 == 1;
}

static void prop47_strategy(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, 20);
    rn_swept(r, kmax, -1);
    for (int k = 2; k <= kmax; k++) {
        rn_solved s;
        rn_solve_previous(&s, 2, k + 2, k);
        halving_ctx c = {k, twist, false};
        rn_strategy *st = rn_strategy_new(&s, halving_strategy, &c, false);
        /* Proposition 4.7: a pile n <= k, n / 2^m odd for an odd m, "even
         * when taking the entire pile is restricted" (every restricted
         * number but n/2, which would forbid the first halving). */
        for (int n = 2; n <= k; n += 2) {
            if (!odd_power(n))
                continue;
            for (int t = 0; t <= k; t++) {
                if (t == n / 2)
                    continue;
                char where[64];
                snprintf(where, sizeof where, "k = %d, piles (0,%d)(%d)", k, n, t);
                play(r, 0, st, rn_rank(&s, (int[]){0, n}, 2, t), false, where,
                     "the halving strategy wins against every reply");
            }
        }
        /* Proposition 4.9: odd k of case 2, a pile of k + 1, (k+1)/2 not
         * restricted: "The first player can keep dividing the pile in
         * half". */
        if (k % 2 == 1 && rn_k_case(k) == 2)
            for (int t = 0; t <= k; t++) {
                if (t == (k + 1) / 2)
                    continue;
                char where[64];
                snprintf(where, sizeof where, "k = %d, piles (0,%d)(%d)", k, k + 1, t);
                play(r, 1, st, rn_rank(&s, (int[]){0, k + 1}, 2, t), false, where,
                     "the halving strategy wins against every reply");
            }
        rn_strategy_free(st);
        rn_solved_free(&s);
    }
}
SIZED_CHECK(prop47_strategy)

static void prop47_literal(claim_report *r, int twist)
{
    rn_solved s;
    rn_solve_previous(&s, 2, 10, 8);
    /* twist: from (0, 4). */
    int n = twist ? 4 : 8;
    halving_ctx c = {8, 0, true};
    char where[64];
    snprintf(where, sizeof where, "k = 8, piles (0,%d)", n);
    rn_strategy *st = rn_strategy_new(&s, halving_strategy, &c, false);
    play(r, 0, st, rn_rank(&s, (int[]){0, n}, 2, 0), false, where,
         "always taking half of the remaining chips wins against every reply");
    rn_strategy_free(st);
    rn_solved_free(&s);
}
FIXED_CHECK(prop47_literal)

const claim_def claim_rn_prop47_strategy = {
    .id = "rn/prop-4.7-strategy",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Sections 4.3.1 and 4.3.3, the proofs of Propositions 4.7 and 4.9",
    .statement = "With one pile empty and the other of n chips, n <= k and n / 2^m odd for an odd m (Proposition "
                 "4.7, \"even when taking the entire pile is restricted\"), or n = k+1 for odd k of case 2 "
                 "(Proposition 4.9), n/2 not restricted, the proofs' strategy wins against every reply: take the "
                 "rest of the pile when it may be taken, else take half of it.",
    .domain = "k = 2..20, every restricted number but n/2; every reply",
    .parts = {"Proposition 4.7: n <= k", "Proposition 4.9: n = k+1, odd k of case 2"},
    .check_games = claim_prop47_strategy,
    .sizes_help = "k = 2..K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
};

const claim_def claim_rn_prop47_literal = {
    .id = "rn/prop-4.7-strategy/literal",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, Figure 4: \"The first player can win in position (8, 0) by always taking "
              "half of the remaining chips\"",
    .statement = "As the caption words it, with k = 8: from (8, 0) the first player wins against every reply by "
                 "always taking half of the remaining chips, and nothing else.",
    .domain = "k = 8, piles (0, 8), nothing restricted; every reply",
    .parts = {"always halving wins against every reply"},
    .reading_of = "rn/prop-4.7-strategy",
    .reading_why = "the proof of Proposition 4.7 says the first player takes the remainder of the pile when the "
                   "second player does not halve it; the caption names the halving moves of the figure's line",
    .check_games = claim_prop47_literal,
    .sizes_help = "fixed",
};

/* Proposition 4.8's proof: "The first player can win by always taking 1
 * chip ... The first player has to make sure to never be the one who
 * empties a pile.  When the second player has to remove all the chips from
 * a pile, the first player can take all the chips from the other pile and
 * win ... also has to make sure that both piles will not have the same
 * number of chips ... The only exception would be the situation (2, 1) ...
 * he has to move to the situation (1, 1) ... The position (1, 1) is also
 * the only position in which the first player should empty a pile".
 * Every move these rules allow is played (twist: equal piles allowed). */
static int take_one_strategy(void *ctx, const int *p, int n, int tag, rn_target *out, int max)
{
    const strategy_ctx *c = ctx;
    (void)n, (void)tag;
    int a = p[0], b = p[1], w = 0;
    if (a == 0)
        return b > 0 ? (out[0] = target2(0, 0, b), 1) : 0;
    if (a == 1 && b == 1)
        return out[0] = target2(0, 1, 1), 1;
    if (a == 1 && b == 2)
        return out[0] = target2(1, 1, 1), 1;
    /* Take 1 chip, emptying no pile and (but for the twist) leaving no two
     * equal piles. */
    if (a - 1 >= 1 && (a - 1 != b || c->twist) && w < max)
        out[w++] = target2(a - 1, b, 1);
    if (b - 1 >= 1 && (b - 1 != a || c->twist) && w < max)
        out[w++] = target2(a, b - 1, 1);
    return w;
}

static void prop48_strategy(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, 20);
    rn_swept(r, kmax, -1);
    for (int k = 2; k <= kmax; k++) {
        rn_solved s;
        rn_solve_previous(&s, 2, k, k);
        strategy_ctx c = {k, twist};
        rn_strategy *st = rn_strategy_new(&s, take_one_strategy, &c, false);
        for (int a = 1; a <= k; a++)
            for (int b = a; b <= k; b++)
                for (int t = 0; t <= k; t++) {
                    if (t == 1)
                        continue;
                    char where[64];
                    snprintf(where, sizeof where, "k = %d, piles (%d,%d)(%d)", k, a, b, t);
                    play(r, 0, st, rn_rank(&s, (int[]){a, b}, 2, t), false, where,
                         "every way of following the strategy wins against every reply");
                }
        rn_strategy_free(st);
        /* (2, 1), nothing restricted: the one winning move is to (1, 1). */
        uint64_t win[64];
        int w = winning_children(&s, rn_rank(&s, (int[]){1, 2}, 2, 0), win, 64);
        uint64_t want = rn_rank(&s, (int[]){1, twist ? 0 : 1}, 2, twist ? 2 : 1);
        claim_cases(r, 1, 1);
        if (w != 1 || win[0] != want) {
            char f[RN_WITNESS_MAX] = "", where[64];
            rn_winning_moves(&s, (int[]){1, 2}, 2, false, f, sizeof f);
            snprintf(where, sizeof where, "k = %d, piles (2,1)", k);
            claim_mismatch_at(r, 1, where, twist ? "the only winning move is to (1)" : "the only winning move is to (1,1)",
                              f, "");
        }
        rn_solved_free(&s);
    }
}
SIZED_CHECK(prop48_strategy)

const claim_def claim_rn_prop48_strategy = {
    .id = "rn/prop-4.8-strategy",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, the proof of Proposition 4.8",
    .statement = "With both piles of 1..k chips, 1 not restricted, every way of following the proof's strategy "
                 "wins against every reply: take 1 chip, never emptying a pile nor leaving two equal piles; when "
                 "the other player empties a pile, empty the other; from (2, 1) move to (1, 1), and from (1, 1) "
                 "empty a pile; and from (2, 1) with nothing restricted the move to (1, 1) is the only one that "
                 "wins.",
    .domain = "k = 2..20, piles (a, b), 1 <= a, b <= k, every restricted number but 1; every reply",
    .parts = {"every way of following the strategy wins", "(2, 1): the only winning move is to (1, 1)"},
    .check_games = claim_prop48_strategy,
    .sizes_help = "k = 2..K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
};

/* ---- "all values in the 8 x 8 upper left hand side square" ---- */

/* The class Propositions 4.4-4.8 and the rule on equal piles give to two
 * piles a <= b <= k (Section 4.3.1: "We have now in general explained all
 * values in the 8 x 8 upper left hand side square from Table 4"):
 *   (0, 0) P (4.4); (0, b), b odd: b (4.6: only taking the pile wins);
 *   (0, b), b even: N if b / 2^m is odd for an odd m, else b (4.7);
 *   (1, b): 1 (4.5); (a, a), a >= 2: 1 when a / 2^m is odd for an odd m,
 *   else N (the paragraph after 4.8); any other: 1 (4.8). */
static void square_class(int a, int b, char *out, size_t len)
{
    if (a == 0 && b == 0)
        snprintf(out, len, "P");
    else if (a == 0)
        snprintf(out, len, b % 2 == 0 && odd_power(b) ? "N" : "%d", b);
    else if (a == 1)
        snprintf(out, len, "1");
    else if (a == b)
        snprintf(out, len, odd_power(a) ? "1" : "N");
    else
        snprintf(out, len, "1");
}

static void rule_square(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, 20);
    rn_swept(r, kmax, -1);
    for (int k = 2; k <= kmax; k++) {
        int part = k % 2 == 0 ? 0 : rn_k_case(k);
        rn_solved s;
        rn_solve_previous(&s, 2, k, k);
        for (int a = 0; a <= k; a++)
            for (int b = a; b <= k; b++) {
                char stated[16], found[RN_VALUE_MAX];
                square_class(a, b, stated, sizeof stated);
                /* twist: (1, 1) N. */
                if (twist && a == 1 && b == 1)
                    snprintf(stated, sizeof stated, "N");
                class_of(&s, a, b, found, sizeof found);
                claim_cases(r, part, 1);
                if (strcmp(stated, found) != 0) {
                    char where[64], moves[RN_WITNESS_MAX] = "";
                    snprintf(where, sizeof where, "k = %d, piles (%d,%d)", k, a, b);
                    rn_winning_moves(&s, (int[]){a, b}, 2, false, moves, sizeof moves);
                    claim_mismatch_at(r, part, where, stated, found, moves);
                }
            }
        rn_solved_free(&s);
    }
}
SIZED_CHECK(rule_square)

const claim_def claim_rn_rule_square = {
    .id = "rn/rule-4.3-square",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Sections 4.3.1-4.3.3: \"We have now in general explained all values in the 8 x 8 upper left "
              "hand side square from Table 4\"; for odd k, \"When both piles have k chips or less the positions are "
              "the same as in the other two cases\" and \"the same strategies apply as for an even k\"",
    .statement = "With both piles of at most k chips, every position's class is the one Propositions 4.4-4.8 and "
                 "the rule on equal piles give: (0, 0) P; (0, b) b for odd b, and for even b N when b / 2^m is odd "
                 "for an odd m, else b; (1, b) 1; (a, a) 1 when a / 2^m is odd for an odd m, else N; any other 1.",
    .domain = "k = 2..20, piles 0..k, every restricted number",
    .parts = {"even k", "odd k of case 1", "odd k of case 2"},
    .check_games = claim_rule_square,
    .sizes_help = "k = 2..K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
};

/* ---- the proofs of Propositions 4.10-4.12 (odd k of case 2) ---- */

/* A move from `from` (piles, tag) to `to` taking `take`: legal when take
 * is 1..k and not the restricted number. */
static bool take_is_legal(int k, int tag, int take)
{
    return take >= 1 && take <= k && take != tag;
}

static void proofs_410_412(claim_report *r, int twist, const rn_sizes *z)
{
    int kmax = rn_size_k(z, 20);
    rn_swept(r, kmax, -1);
    for (int k = 3; k <= kmax; k += 2) {
        if (rn_k_case(k) != 2)
            continue;
        rn_solved s;
        rn_solve_previous(&s, 2, k + 2, k);
        int h = (k + 1) / 2;
        char where[96];
        /* 4.10: "if he takes more than 1 chip the second player can always
         * take the remaining chips, k+2 is always an odd number" (twist:
         * the take of 1 too). */
        for (int t = twist ? 1 : 2; t <= k; t++) {
            int rest = k + 2 - t;
            snprintf(where, sizeof where, "k = %d, piles (0,%d), the first player takes %d", k, k + 2, t);
            claim_cases(r, 0, 1);
            if (!take_is_legal(k, t, rest))
                claim_mismatch_at(r, 0, where, "the second player takes the rest", "taking the rest is not a move",
                                  "");
        }
        /* 4.11: "The first player can either take 1 chip ... or empty the
         * pile with (k + 1)/2 chips" (twist: emptying it loses). */
        bool take1 = !rn_wins(&s, rn_rank(&s, (int[]){h, k}, 2, 1), false) ||
                     !rn_wins(&s, rn_rank(&s, (int[]){h - 1, k + 1}, 2, 1), false);
        bool empty = !rn_wins(&s, rn_rank(&s, (int[]){0, k + 1}, 2, h), false);
        snprintf(where, sizeof where, "k = %d, piles (%d,%d)", k, h, k + 1);
        claim_cases(r, 1, 1);
        if (!take1 || empty == (twist != 0)) {
            char f[128], moves[RN_WITNESS_MAX] = "";
            snprintf(f, sizeof f, "taking 1 chip %s, emptying the %d %s", take1 ? "wins" : "loses", h,
                     empty ? "wins" : "loses");
            rn_winning_moves(&s, (int[]){h, k + 1}, 2, false, moves, sizeof moves);
            claim_mismatch_at(r, 1, where,
                              twist ? "emptying the smaller pile loses"
                                    : "taking 1 chip wins, and so does emptying the smaller pile",
                              f, moves);
        }
        /* 4.12: "If the first player takes more than 1 chip from a pile, the
         * second player will take the remaining chips from that pile,
         * putting the first player in the position (k + 2, 0), which he
         * will always lose". */
        for (int t = 2; t <= k; t++) {
            int rest = k + 2 - t;
            snprintf(where, sizeof where, "k = %d, piles (%d,%d), the first player takes %d", k, k + 2, k + 2, t);
            claim_cases(r, 2, 1);
            bool lost = take_is_legal(k, t, rest) && !rn_wins(&s, rn_rank(&s, (int[]){0, k + 2}, 2, rest), false);
            /* twist: the answer leaves a won position. */
            if (lost == (twist != 0))
                claim_mismatch_at(r, 2, where, "taking the rest leaves (0, k+2), lost",
                                  lost ? "it does" : "it does not", "");
        }
        /* 4.12: in ((k+1)/2, k+2) with (k+1)/2 restricted, "The first player
         * has to take chips from the pile with k + 2 chips.  If he does not
         * take 1 chip, the second player will take 1 chip in his next turn
         * and win". */
        for (int j = 2; j <= k; j++) {
            if (j == h)
                continue;
            int to[2] = {h, k + 2 - j};
            uint64_t takes = rn_winning_takes(&s, to, 2);
            snprintf(where, sizeof where, "k = %d, piles (%d,%d)(%d), the first player takes %d from the %d", k, h,
                     k + 2, h, j, k + 2);
            claim_cases(r, 3, 1);
            /* twist: the reply of 1 chip loses. */
            if (((takes & 2u) != 0) == (twist != 0)) {
                char moves[RN_WITNESS_MAX] = "";
                rn_winning_moves(&s, to, 2, false, moves, sizeof moves);
                claim_mismatch_at(r, 3, where, twist ? "the reply of 1 chip loses" : "the reply of 1 chip wins",
                                  takes & 2u ? "a take of 1 chip wins" : "no take of 1 chip wins", moves);
            }
        }
        rn_solved_free(&s);
    }
}
SIZED_CHECK(proofs_410_412)

const claim_def claim_rn_proofs_410_412 = {
    .id = "rn/rule-4.3.3-proofs",
    .truth = CLAIM_WHOLE_PER_K,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.3, the proofs of Propositions 4.10-4.12",
    .statement = "For odd k of case 2: from (0, k+2) a take of more than 1 chip is answered by taking the rest "
                 "(4.10); at ((k+1)/2, k+1) taking 1 chip wins and so does emptying the smaller pile (4.11); from "
                 "(k+2, k+2) a take of more than 1 chip from a pile is answered by taking the rest of that pile, "
                 "leaving (0, k+2) lost (4.12); and in ((k+1)/2, k+2) with (k+1)/2 restricted, a take of 2 or more "
                 "from the pile of k+2 is answered by a winning take of 1 chip (4.12).",
    .domain = "odd k of case 2 up to 20 (5, 7, 9, 13, 17)",
    .parts = {"4.10: a take of 2 or more answered by the rest", "4.11: both options win",
              "4.12: a take of 2 or more from (k+2, k+2) answered by the rest", "4.12: the reply of 1 chip wins"},
    .check_games = claim_proofs_410_412,
    .sizes_help = "k up to K (--max-take, default 20, at most 40)",
    .sizes_used = CLAIM_USES_MAX_TAKE,
    .max_take_limit = 40,
};

/* ---- Section 4.5: three players, k = 3 ---- */

static void solve_players(rn_solved *s, int players, int k, int bound)
{
    rn_solver_players(s, 1, bound, k, &players);
}

/* The outcome row of pile n: every restricted number's outcome. */
static bool rows_same(const rn_solved *s, int k, int a, int b)
{
    for (int t = 0; t <= k; t++)
        if (table_outcome(&s->table, rn_rank(s, &a, 1, t)) != table_outcome(&s->table, rn_rank(s, &b, 1, t)))
            return false;
    return true;
}

static bool windows_same(const rn_solved *s, int k, int a, int b)
{
    for (int d = 0; d < k; d++)
        if (!rows_same(s, k, a - d, b - d))
            return false;
    return true;
}

/* "Using the same reasoning we used earlier we can say with certainty that
 * these values will keep repeating" (Table 8: three players, k = 3): the
 * first repeat of k consecutive rows (every restricted number) proves the
 * period, a pile's row depending on the k rows below it alone; every row
 * after it is checked (twist: a period one longer). */
static void players_period(claim_report *r, int twist, const rn_sizes *z)
{
    int bound = rn_size_pile(z, 2000), k = 3;
    rn_swept(r, -1, bound);
    rn_solved s;
    solve_players(&s, 3, k, bound);
    int end = -1, period = 0;
    for (int e = k - 1; e <= bound && end < 0; e++)
        for (int f = k - 1; f < e; f++)
            if (windows_same(&s, k, e, f)) {
                end = e;
                period = e - f;
                break;
            }
    if (end < 0) {
        claim_finding_add(r, "no repeat", "no %d consecutive rows repeat up to %d chips", k, bound);
        claim_set_family_status(r, CLAIM_UNDECIDED);
    } else {
        int stated = period + (twist ? 1 : 0);
        for (int n = end + 1; n <= bound; n++) {
            claim_cases(r, 0, 1);
            if (!rows_same(&s, k, n, n - stated)) {
                char where[64], e[64];
                snprintf(where, sizeof where, "3 players, k = 3, pile %d", n);
                snprintf(e, sizeof e, "row %d = row %d", n, n - stated);
                claim_mismatch_at(r, 0, where, e, "they differ", "");
            }
        }
        claim_finding_add(r, "first repeat", "rows %d..%d repeat with period %d", end - k + 1 - period, end - period,
                          period);
        /* Checked again on the certificates' second code path. */
        bool again = rn_recheck_rows(r, &s, bound, PILE_OUTCOME, k, end - k + 1 - period, period, NULL,
                                     rn_mismatches_so_far(r) == 0);
        if (!again)
            claim_finding_add(r, "no recheck", "piles up to %d are too few to check the period again", bound);
        claim_set_family_status(r, again ? CLAIM_CERTIFIED : CLAIM_UNDECIDED);
    }
    rn_solved_free(&s);
}
SIZED_CHECK(players_period)

const claim_def claim_rn_players_period = {
    .id = "rn/rule-4.5-period",
    .truth = CLAIM_EVERY_SIZE,
    .game = "nim-players",
    .source = "Huibers, Section 4.5, the text after Table 8",
    .statement = "With three players, k = 3 and the previous take restricted (ranked): \"we can say with certainty "
                 "that these values will keep repeating\": some 3 consecutive piles repeat their outcomes (at every "
                 "restricted number), and from there on the pattern keeps repeating.",
    .domain = "three players, k = 3, one pile of 0..2000 chips, every restricted number",
    .parts = {"the rows repeat with the period of their first repeat"},
    .check_games = claim_players_period,
    .sizes_help = "one pile of 0..L chips (--to, default 2000, at most 20000)",
    .sizes_used = CLAIM_USES_TO,
    .to_limit = 20000,
};

/* The positions one move from rank, as piles (one pile) and tags. */
/* The text on a pile of 6 with three players and k = 3: "The first player
 * can take either 1, 2, or 3 chips ... The second player is unable to
 * empty the pile in any of these cases ... in the case of k = 3 the second
 * player does not have another option [than to let the third player take
 * all of the remaining chips] ... this same strategy can be repeated by
 * the third player by always reducing the pile to a value = 0 (mod 6)":
 * from 6j, after any two moves the third player can bring the pile to
 * 6(j-1) (twist: to 6(j-1) - 1). */
/* The takes of three moves from a pile, k = 3: bit c of take[a][b] set
 * when a first take of a, then b, allows a third take of c (1..3 each);
 * odd when some take is not one of 1..3. */
typedef struct {
    uint8_t take[4][4];
    bool odd;
} three_takes;

/* The game's own moves from a pile of `start` (no restriction). */
static three_takes takes_of_game(const rn_solved *s, int start)
{
    three_takes t = {0};
    uint64_t first[8], second[8], third[8];
    int n1 = rn_children(s, rn_rank(s, &start, 1, 0), first, 8);
    for (int a = 0; a < n1; a++) {
        int p1 = rn_first_pile(s, first[a]), n2 = rn_children(s, first[a], second, 8), ta = start - p1;
        for (int b = 0; b < n2; b++) {
            int p2 = rn_first_pile(s, second[b]), n3 = rn_children(s, second[b], third, 8), tb = p1 - p2;
            for (int c = 0; c < n3; c++) {
                int tc = p2 - rn_first_pile(s, third[c]);
                if (ta < 1 || ta > 3 || tb < 1 || tb > 3 || tc < 1 || tc > 3)
                    t.odd = true;
                else
                    t.take[ta][tb] |= (uint8_t)(1u << tc);
            }
        }
    }
    return t;
}

/* The same from the rules alone, on a pile of 12 or more (no take can
 * meet its end: at most 9 chips in three moves): each take 1..3, never
 * the one the player before took. */
static three_takes takes_by_rule(void)
{
    three_takes t = {0};
    for (int a = 1; a <= 3; a++)
        for (int b = 1; b <= 3; b++)
            for (int c = 1; c <= 3; c++)
                if (b != a && c != b)
                    t.take[a][b] |= (uint8_t)(1u << c);
    return t;
}

static bool same_takes(const three_takes *x, const three_takes *y)
{
    return !x->odd && !y->odd && memcmp(x->take, y->take, sizeof x->take) == 0;
}

static void players_k3(claim_report *r, int twist)
{
    rn_solved s;
    solve_players(&s, 3, 3, 60);
    /* Every pile of 6j for j >= 2 plays as the rules say a pile of 12 or
     * more does (three_takes): the game's takes from 12 .. 60 are checked
     * against the rules' (a second code path), so what is checked at 6
     * and 12 holds for every j. */
    three_takes rule = takes_by_rule();
    bool by_rule = true;
    for (int j = 2; j <= 10 && by_rule; j++) {
        three_takes here = takes_of_game(&s, 6 * j);
        by_rule = same_takes(&here, &rule);
    }
    for (int j = 1; j <= 10; j++) {
        int start = 6 * j;
        uint64_t first[8], second[8], third[8];
        int n1 = rn_children(&s, rn_rank(&s, &start, 1, 0), first, 8);
        for (int a = 0; a < n1; a++) {
            int n2 = rn_children(&s, first[a], second, 8);
            for (int b = 0; b < n2; b++) {
                char where[96];
                snprintf(where, sizeof where, "3 players, k = 3, pile %d, then %d, then %d", start,
                         rn_first_pile(&s, first[a]), rn_first_pile(&s, second[b]));
                if (j == 1) {
                    claim_cases(r, 0, 1);
                    /* twist: stated that he can. */
                    if ((rn_first_pile(&s, second[b]) == 0) != (twist != 0))
                        claim_mismatch_at(r, 0, where,
                                          twist ? "the second player empties the pile" :
                                                  "the second player cannot empty the pile",
                                          rn_first_pile(&s, second[b]) == 0 ? "he does" : "he does not", "");
                }
                int n3 = rn_children(&s, second[b], third, 8);
                bool reaches = false;
                for (int c = 0; c < n3; c++)
                    reaches = reaches || rn_first_pile(&s, third[c]) == start - 6 - (twist ? 1 : 0);
                claim_cases(r, 1, 1);
                if (!reaches)
                    claim_mismatch_at(r, 1, where, twist ? "the third player reaches 6(j-1) - 1" :
                                                           "the third player reaches 6(j-1)",
                                      "no move of his does", "");
            }
        }
    }
    rn_solved_free(&s);
    if (by_rule) {
        claim_finding_add(r, "every pile", "from 6j >= 12 the three moves take at most 9 chips, never the pile's "
                                           "end: the game's takes from 6j (j = 2..10) are the rules' for any pile "
                                           "of 12 or more (1..3, never the take just made), so the checks at 6 and "
                                           "12 hold for every j");
        claim_set_family_status(r, CLAIM_CERTIFIED);
        /* Written out when every part holds (a FAILS writes none). */
        if (rn_mismatches_so_far(r) == 0) {
            char *text = rn_bound_certificate_text(r->claim_id, 3, 6);
            claim_certificate_add(r, "k-3", text);
            free(text);
        }
    } else {
        claim_finding_add(r, "every pile", "the game's takes from some 6j differ from the rules': checked to 60 "
                                           "only");
    }
}
FIXED_CHECK(players_k3)

const claim_def claim_rn_players_k3 = {
    .id = "rn/rule-4.5-k3",
    .truth = CLAIM_EVERY_SIZE_BY_SHIFT,
    .game = "nim-players",
    .source = "Huibers, Section 4.5, the text on a pile of 6 chips (three players, k = 3)",
    .statement = "With three players, k = 3 and the previous take restricted: from a pile of 6, whatever the first "
                 "player takes, the second player cannot empty the pile; and from any pile of 6j, after any moves "
                 "of the first two players, the third player can bring the pile to 6(j-1) (\"always reducing the "
                 "pile to a value = 0 (mod 6)\").",
    .domain = "three players, k = 3, piles 6, 12, ..., 60, every move; every 6j by the game's takes from 6j >= 12 "
              "being the rules' (at most 9 chips in three moves, never the pile's end)",
    .parts = {"from 6: the second player cannot empty the pile", "from 6j: the third player reaches 6(j-1)"},
    .check_games = claim_players_k3,
    .sizes_help = "fixed",
};

/* ---- Section 5: restricted Wythoff ---- */

/* "Every single position where both piles have more than 0 chips can be
 * won by the first player by removing 1 chip.  The first player has to
 * make sure to never remove all chips from a pile, and in this way the
 * moment the second player empties one of the piles, the first player can
 * empty the other.  In the situation (1, 1), where the first player would
 * be forced to empty a pile, he can just remove 1 chip from either pile,
 * or from both piles, to win."  Every move these rules allow is played
 * (twist: no move at (1, 1)). */
static int wythoff_strategy(void *ctx, const int *p, int n, int tag, rn_target *out, int max)
{
    const strategy_ctx *c = ctx;
    (void)n, (void)tag;
    int a = p[0], b = p[1], w = 0;
    if (a == 0)
        return b > 0 ? (out[0] = target2(0, 0, b), 1) : 0;
    if (a == 1 && b == 1) {
        if (c->twist)
            return 0;
        out[w++] = target2(0, 1, 1);
        out[w++] = target2(0, 0, 1);
        return w;
    }
    if (a - 1 >= 1 && w < max)
        out[w++] = target2(a - 1, b, 1);
    if (b - 1 >= 1 && w < max)
        out[w++] = target2(a, b - 1, 1);
    return w;
}

static void wythoff_strategy_check(claim_report *r, int twist, const rn_sizes *z)
{
    int bound = rn_size_pile(z, 30);
    rn_swept(r, -1, bound);
    rn_solved s;
    rn_solve(&s, "restricted-nim", 2, bound, (const char *const[]){"restriction", "previous", "takes", "wythoff", NULL});
    strategy_ctx c = {0, twist};
    rn_strategy *st = rn_strategy_new(&s, wythoff_strategy, &c, false);
    const char *stated = "every way of following the rules wins against every reply";
    shortest_gap gap = {0};
    for (int a = 1; a <= bound; a++)
        for (int b = a; b <= bound; b++) {
            char where[64];
            snprintf(where, sizeof where, "piles (%d,%d)", a, b);
            play_noting(r, 0, st, rn_rank(&s, (int[]){a, b}, 2, 0), false, where, stated, &s, &gap);
        }
    gap_first(r, 0, stated, &s, &gap);
    rn_strategy_free(st);
    rn_solved_free(&s);
}
SIZED_CHECK(wythoff_strategy_check)

const claim_def claim_rn_wythoff_strategy = {
    .id = "rn/rule-5-strategy",
    .game = "restricted-nim",
    .source = "Huibers, Section 5, the text after Table 12",
    .statement = "In Wythoff's game with the previous take restricted, from two non-empty piles (nothing "
                 "restricted) the first player wins by removing 1 chip, following the text's rules: \"never remove "
                 "all chips from a pile, and in this way the moment the second player empties one of the piles, the "
                 "first player can empty the other\"; at (1, 1) remove 1 chip from either pile or from both. Every "
                 "way of following these rules must win against every reply.",
    .domain = "two piles of 1..30, nothing restricted; every reply",
    .parts = {"every way of following the rules wins"},
    .check_games = claim_wythoff_strategy_check,
    .sizes_help = "piles 1..L (--to, default 30, at most 60)",
    .sizes_used = CLAIM_USES_TO,
    .to_limit = 60,
    .erratum = {.argument = "from every position of two non-empty piles, nothing restricted, taking 1 chip wins "
                            "(rn/rule-5's second part, which holds on two piles to 60)"},
};

/* ---- Section 6.1.1: misere Nim ---- */

/* "If both piles have the same number of chips and both have more than 1
 * chip, the second player should always copy the move of the first player
 * on the other pile.  However, if the first player now empties a pile, the
 * other player should not empty the other pile, but reduce the number of
 * chips on that pile to 1.  And if the first player reduces the number of
 * chips of a pile to 1, the second player should remove all chips from the
 * other pile" (twist: copy the emptying of a pile too). */
static int misere_mirror(void *ctx, const int *p, int n, int tag, rn_target *out, int max)
{
    const strategy_ctx *c = ctx;
    (void)n, (void)tag, (void)max;
    int a = p[0], b = p[1];
    rn_target t = {.piles = {0}, .tag = 0};
    if (a == 0 && b >= 2)
        t.piles[1] = c->twist ? 0 : 1;
    else if (a == 1 && b >= 2)
        t.piles[1] = 1;
    else if (a >= 2 && b > a)
        t.piles[0] = a, t.piles[1] = a;
    else if (a == 1 && b == 1)
        t.piles[1] = 1;
    else
        return 0;
    out[0] = t;
    return 1;
}

static void misere_strategy(claim_report *r, int twist, const rn_sizes *z)
{
    int bound = rn_size_pile(z, 60);
    rn_swept(r, -1, bound);
    rn_solved s;
    rn_solve(&s, "nim", 2, bound, NULL);
    strategy_ctx c = {0, twist};
    rn_strategy *st = rn_strategy_new(&s, misere_mirror, &c, true);
    for (int a = 2; a <= bound; a++) {
        char where[64];
        snprintf(where, sizeof where, "misere Nim, piles (%d,%d)", a, a);
        play(r, 0, st, rn_rank(&s, (int[]){a, a}, 2, 0), true, where,
             "the second player's strategy wins against every move");
    }
    rn_strategy_free(st);
    rn_solved_free(&s);
}
SIZED_CHECK(misere_strategy)

const claim_def claim_rn_misere_strategy = {
    .id = "rn/rule-6.1-strategy",
    .game = "nim",
    .source = "Huibers, Section 6.1.1, the strategy for misere Nim",
    .statement = "In misere Nim on two equal piles of more than 1 chip, the second player wins against every move "
                 "by the text's strategy: copy the first player's move on the other pile; but when the first player "
                 "empties a pile, reduce the other to 1 chip, and when he reduces a pile to 1 chip, empty the "
                 "other.",
    .domain = "misere Nim, piles (a, a), a = 2..60; every move of the first player",
    .parts = {"the second player's strategy wins"},
    .check_games = claim_misere_strategy,
    .sizes_help = "piles (a, a), a = 2..L (--to, default 60, at most 200)",
    .sizes_used = CLAIM_USES_TO,
    .to_limit = 200,
};

/* Every check here with its twist (rn_tables.h). */
const rn_check_entry rn_proof_checks[] = {
    {"rn/prop-4.3-proof", NULL, prop43_proof},
    {"rn/rule-4.2/literal", NULL, chosen_literal},
    {"rn/prop-4.5-strategy", NULL, prop45_strategy},
    {"rn/prop-4.7-strategy", NULL, prop47_strategy},
    {"rn/prop-4.7-strategy/literal", prop47_literal, NULL},
    {"rn/prop-4.8-strategy", NULL, prop48_strategy},
    {"rn/rule-4.3-square", NULL, rule_square},
    {"rn/rule-4.3.3-proofs", NULL, proofs_410_412},
    {"rn/rule-4.5-period", NULL, players_period},
    {"rn/rule-4.5-k3", players_k3, NULL},
    {"rn/rule-5-strategy", NULL, wythoff_strategy_check},
    {"rn/rule-6.1-strategy", NULL, misere_strategy},
    {NULL, NULL, NULL},
};
