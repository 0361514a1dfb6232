/*
 * rn_certify.c -- the thesis' statements proved for every pile size, per
 * k (see rn_certify.h for the argument).
 */
#include "proofs/huibers/rn_certify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/pile_game.h"
#include "core/engine/xalloc.h"
#include "proofs/huibers/rn_certificate.h"

void rn_solver_previous(rn_solved *s, int piles, int bound, int k, const void *arg)
{
    (void)arg;
    rn_solve_previous(s, piles, bound, k);
}

void rn_solver_players(rn_solved *s, int piles, int bound, int k, const void *players)
{
    char nt[16], kt[16];
    snprintf(nt, sizeof nt, "%d", *(const int *)players);
    snprintf(kt, sizeof kt, "%d", k);
    rn_solve(s, "nim-players", piles, bound,
             (const char *const[]){"players", nt, "max-move", kt, "restriction", "previous", NULL});
}

/* The first bound tried on one pile: room for a few periods of the
 * thesis' patterns (k + 1 or k + 2 chips) past a preperiod of a few k. */
static int first_bound(int k, int budget)
{
    int b = 64 * (k + 1);
    return b < budget ? b : budget;
}

/* The one-pile game inside a game of several piles (the others empty)
 * needs piles up to its own certificate's region: a certificate of the
 * whole game is one of its line (0, ..., 0, b) too.  So the search of a
 * game of several piles starts there, and stops at once when that is
 * past the budget.  The one-pile budget: enough for periods in the
 * thousands, on one pile. */
#define ONE_PILE_BUDGET 40000

static bool certify_at(rn_cert *z, rn_solver solve, const void *arg, int start, int budget, pile_view v, int step,
                       char *why, int whylen)
{
    /* Half as large again each time (one more at least), up to the budget. */
    for (int bound = start;; bound = bound + bound / 2 + 1 < budget ? bound + bound / 2 + 1 : budget) {
        solve(&z->s, z->piles, bound, z->k, arg);
        z->bound = bound;
        if (pile_period_find(&z->s.table, v, bound, z->k, step, &z->c)) {
            /* The finder only proposes: the checker proves.  A checker
             * that disagrees with the finder is a fault of this code,
             * never a verdict on the paper. */
            if (!pile_period_check(&z->s.table, bound, &z->c, why, whylen))
                die("internal error: a period the finder proposed fails its check: %s", why);
            return true;
        }
        rn_solved_free(&z->s);
        if (bound >= budget) {
            snprintf(why, (size_t)whylen, "no period of the %s proved with piles up to %d chips", pile_view_name(v),
                     budget);
            return false;
        }
    }
}

bool rn_cert_make(rn_cert *z, rn_solver solve, const void *arg, int piles, int k, pile_view v, int budget,
                  char *why, int whylen)
{
    memset(z, 0, sizeof *z);
    z->piles = 1;
    z->k = k;
    if (piles == 1)
        return certify_at(z, solve, arg, first_bound(k, budget), budget, v, 1, why, whylen);
    if (!certify_at(z, solve, arg, first_bound(k, ONE_PILE_BUDGET), ONE_PILE_BUDGET, v, 1, why, whylen))
        return false;
    int least = z->c.pre + z->c.per + z->k, step = z->c.per;
    rn_solved_free(&z->s);
    z->piles = piles;
    if (least - 1 > budget) {
        snprintf(why, (size_t)whylen,
                 "one pile's %s repeat with period %d from %d chips: a certificate needs piles up to %d, past %d",
                 pile_view_name(v), z->c.per, z->c.pre, least - 1, budget);
        return false;
    }
    /* Some room past the least: the other piles may need a later start.
     * Every period of the whole game is one of its line's, so a multiple
     * of the line's least period. */
    int start = least - 1 + 2 * z->k;
    return certify_at(z, solve, arg, start < budget ? start : budget, budget, v, step, why, whylen);
}

void rn_cert_free(rn_cert *z)
{
    rn_solved_free(&z->s);
}

static long long gcd(long long a, long long b)
{
    while (b) {
        long long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int rn_cert_region(rn_cert *z, int q, int from, int most)
{
    long long t = z->c.per, l = t / gcd(t, q) * q;
    long long start = z->c.pre + z->k > from ? z->c.pre + z->k : from;
    int region = start + l > most ? -1 : (int)(start + l);
    z->stmt_q = q;
    z->stmt_from = from;
    z->stmt_region = region;
    return region;
}

uint64_t rn_cert_value(const rn_cert *z, const int *piles, int n, int tag)
{
    return pile_period_value_at(&z->s.table, &z->c, piles, n, tag);
}

bool rn_cert_wins(const rn_cert *z, const int *piles, int n, int tag)
{
    if (z->c.view == PILE_OUTCOME || z->c.view == PILE_BOTH_WIN)
        die("internal error: wins and losses read from the view %s", pile_view_name(z->c.view));
    return rn_cert_value(z, piles, n, tag) != 0;
}

uint64_t rn_cert_win_set(const rn_cert *z, const int *piles, int n)
{
    uint64_t set = 0;
    for (int t = 0; t < rn_tags(&z->s); t++)
        if (rn_cert_wins(z, piles, n, t))
            set |= 1ull << t;
    return set;
}

uint64_t rn_cert_winning_takes(const rn_cert *z, const int *piles, int n, int tag)
{
    /* The previous take restricted: a take of d chips restricts d. */
    int q[RN_STRATEGY_PILES];
    uint64_t takes = 0;
    if (n > RN_STRATEGY_PILES || z->k > 63)
        die("internal error: the winning takes of %d piles, k = %d", n, z->k);
    for (int i = 0; i < n; i++)
        for (int d = 1; d <= z->k && d <= piles[i]; d++) {
            if (d == tag)
                continue;
            memcpy(q, piles, sizeof *q * (size_t)n);
            q[i] -= d;
            if (!rn_cert_wins(z, q, n, d))
                takes |= 1ull << d;
        }
    return takes;
}

void rn_cert_where(const rn_cert *z, const int *piles, int n, char *out, size_t len)
{
    out[0] = '\0';
    rn_append(out, len, "(");
    for (int i = 0; i < n; i++)
        rn_append(out, len, "%s%d", i ? "," : "", piles[i]);
    rn_append(out, len, ") has the values of (");
    for (int i = 0; i < n; i++)
        rn_append(out, len, "%s%d", i ? "," : "", pile_period_fold(&z->c, piles[i]));
    rn_append(out, len, "): period %d from %d chips on", z->c.per, z->c.pre);
}

bool rn_recheck_rows(claim_report *r, const rn_solved *s, int bound, pile_view v, int k, int start, int per,
                     const char *what, bool write)
{
    pile_period c = {.view = v, .pre = start > k ? start : k, .per = per, .reach = k};
    if (c.pre + c.per + k - 1 > bound)
        return false;
    char why[PILE_PERIOD_WHY_MAX];
    if (!pile_period_check(&s->table, bound, &c, why, sizeof why))
        die("internal error: k = %d: the period %d from %d a repeat of rows gave fails its second check: %s", k, per,
            start, why);
    r->rechecked++;
    if (write) {
        /* The statement is the period itself: it reads nothing of a
         * position (period 1 from 0), so its region is the values'. */
        char *name = rn_certificate_name(k, what);
        char *text = rn_certificate_text(&(rn_case){s, 1, bound, k, &c, r->claim_id, what, 1, 0,
                                                    c.pre + k + c.per});
        claim_certificate_add(r, name, text);
        free(name);
        free(text);
    }
    return true;
}

void rn_proof_begin(rn_proof *p, claim_report *r)
{
    p->r = r;
    p->before = 0;
    p->written = NULL;
    p->nwritten = 0;
    p->periods = xstrdup("", "a finding");
    p->undecided = false;
    p->proved = 0;
    p->budget = 0;
    p->piles = 0;
    p->open_k = xstrdup("", "a finding");
    p->ctx = NULL;
    p->kmax = 0;
    p->budget_from_to = false;
}

void rn_proof_watch(rn_proof *p, const rn_sizes *z, int kmax, bool budget_from_to)
{
    p->ctx = z ? z->ctx : NULL;
    p->kmax = kmax;
    p->budget_from_to = budget_from_to;
}

uint64_t rn_mismatches_so_far(const claim_report *r)
{
    uint64_t n = 0;
    for (int i = 0; i < r->nparts; i++)
        n += r->mismatches[i];
    return n;
}

/* Records k as proved with certificate z (the statement held). */
static void proved_k(rn_proof *p, const rn_cert *z, int region, const char *what);

void rn_proof_k(rn_proof *p, const rn_cert *z, int region, const char *what)
{
    /* A statement that failed for this k is not proved for it. */
    if (rn_mismatches_so_far(p->r) != p->before)
        return;
    proved_k(p, z, region, what);
}

void rn_proof_k_parts(rn_proof *p, const rn_cert *z, int region, const char *what, unsigned parts)
{
    for (int i = 0; i < p->r->nparts; i++)
        if ((parts >> i & 1u) && p->r->mismatches[i] != p->before_part[i])
            return;
    proved_k(p, z, region, what);
}

/* The mismatches when a k begins, in all and part by part. */
static void mark_k(rn_proof *p)
{
    p->before = rn_mismatches_so_far(p->r);
    for (int i = 0; i < p->r->nparts; i++)
        p->before_part[i] = p->r->mismatches[i];
}

static void proved_k(rn_proof *p, const rn_cert *z, int region, const char *what)
{
    if (region != z->stmt_region)
        die("internal error: k = %d checked below %d, its statement's region %d", z->k, region, z->stmt_region);
    p->written = xrealloc(p->written, xmul((size_t)p->nwritten + 1, sizeof *p->written, "certificates"),
                          "certificates");
    rn_case proved = {&z->s, z->piles, z->bound, z->k, &z->c, p->r->claim_id, what, z->stmt_q, z->stmt_from,
                      z->stmt_region};
    p->written[p->nwritten++] = (claim_certificate){.name = rn_certificate_name(z->k, what),
                                                    .text = rn_certificate_text(&proved)};
    char *next = claim_printf("%s%sk=%d%s%s%s: period %d from %d, checked below %d", p->periods,
                              *p->periods ? "; " : "", z->k, what ? " (" : "", what ? what : "", what ? ")" : "",
                              z->c.per, z->c.pre, region);
    free(p->periods);
    p->periods = next;
    p->proved++;
}

void rn_proof_undecided(rn_proof *p, claim_report *r, int k, const char *why)
{
    p->undecided = true;
    claim_finding_add(r, "no proof", "k = %d: %s", k, why);
    char *open = claim_printf("%s%s%d", p->open_k, *p->open_k ? ", " : "", k);
    free(p->open_k);
    p->open_k = open;
}

bool rn_proof_try_cert(rn_proof *p, rn_cert *z, rn_solver solve, const void *arg, int piles, int k, pile_view v,
                       int budget, char *why, size_t len)
{
    if (budget > p->budget)
        p->budget = budget;
    if (piles > p->piles)
        p->piles = piles;
    mark_k(p);
    if (p->kmax > 0)
        claim_progress(p->ctx, (uint64_t)(k < p->kmax ? k : p->kmax), (uint64_t)p->kmax, "k");
    return rn_cert_make(z, solve, arg, piles, k, v, budget, why, (int)len);
}

bool rn_proof_cert(rn_proof *p, claim_report *r, rn_cert *z, rn_solver solve, const void *arg, int piles, int k,
                   pile_view v, int budget)
{
    char why[PILE_PERIOD_WHY_MAX];
    if (rn_proof_try_cert(p, z, solve, arg, piles, k, v, budget, why, sizeof why))
        return true;
    rn_proof_undecided(p, r, k, why);
    return false;
}

void rn_proof_other(rn_proof *p)
{
    p->proved++;
}

void rn_proof_start_k(rn_proof *p)
{
    mark_k(p);
}

void rn_proof_strategy(rn_proof *p, int k, int m)
{
    p->proved++;
    if (rn_mismatches_so_far(p->r) != p->before)
        return;
    p->written = xrealloc(p->written, xmul((size_t)p->nwritten + 1, sizeof *p->written, "certificates"),
                          "certificates");
    p->written[p->nwritten++] = (claim_certificate){.name = rn_certificate_name(k, NULL),
                                                    .text = rn_strategy_certificate_text(p->r->claim_id, k, m)};
}

int rn_proof_region(rn_proof *p, claim_report *r, rn_cert *z, int q, int from, int most)
{
    int region = rn_cert_region(z, q, from, most);
    if (region < 0) {
        char why[96];
        snprintf(why, sizeof why, "the statement's region passes %d chips", most);
        rn_proof_undecided(p, r, z->k, why);
    }
    return region;
}

void rn_prove_each_k(rn_proof *p, claim_report *r, const rn_per_k *spec, int kmax, int twist, rn_region_check check,
                     const void *ctx)
{
    for (int k = spec->first; k <= kmax; k += spec->step) {
        rn_cert c;
        if (!rn_proof_cert(p, r, &c, spec->solve, spec->arg, spec->piles, k, spec->view, spec->budget))
            continue;
        int region = rn_proof_region(p, r, &c, spec->q_k * k + spec->q_add, spec->from, spec->most);
        if (region >= 0) {
            check(r, &c, region, twist, ctx);
            rn_proof_k(p, &c, region, NULL);
        }
        rn_cert_free(&c);
    }
}

static void proof_finding(rn_proof *p, claim_report *r, const char *key)
{
    /* The proved cases' certificates go to the report (results write them
     * under certificates/, docs/proofs.md). */
    for (int i = 0; i < p->nwritten; i++) {
        claim_certificate_add(r, p->written[i].name, p->written[i].text);
        free(p->written[i].name);
        free(p->written[i].text);
    }
    free(p->written);
    p->written = NULL;
    /* Nothing proved, nothing said proved: a statement that failed for
     * every k carries no such finding beside its mismatches. */
    if (*p->periods)
        claim_finding_add(r, key,
                      "per k, by a certificate of the values' period in every pile (A, t), rechecked against the "
                      "game's rule, and the statement checked below max(A + k, where it starts repeating) + "
                      "lcm(t, its period): %s",
                      *p->periods ? p->periods : "no k");
    free(p->periods);
    p->periods = NULL;
    /* What would decide the rest: a larger budget of piles (--to).  Twice
     * it is a guess, the next step to try, not a promise. */
    if (*p->open_k && p->budget > 0 && p->budget_from_to) {
        claim_finding_add(r, "to decide",
                          "k = %s: raise --to, the piles a certificate may use (now %d); the next step to try is "
                          "--to %d",
                          p->open_k, p->budget, 2 * p->budget);
        /* Its sizes, for the runner to estimate (the run's own but --to):
         * a certificate searches the positions of its piles up to the
         * budget, 2^piles times as many at twice the budget, and a k proved
         * within this budget costs no more: about 2^piles times this run
         * (for the k left open; less for the rest). */
        claim_sizes next = p->ctx ? p->ctx->sizes : (claim_sizes){0};
        next.rows = 2 * p->budget;
        claim_suggest_next(r, &next, (double)(1u << (p->piles > 0 && p->piles < 16 ? p->piles : 1)));
    }
    else if (*p->open_k && p->budget > 0)
        /* A budget of the claim's own: no option moves it; said so. */
        claim_finding_add(r, "to decide",
                          "k = %s: no certificate within this claim's fixed budget of %d chips (no option raises "
                          "it); a lower --max-take leaves these k out",
                          p->open_k, p->budget);
    free(p->open_k);
    p->open_k = NULL;
}

void rn_proof_end_parts(rn_proof *p, claim_report *r, const char *which)
{
    char *key = claim_printf("proved for every pile size: %s", which);
    proof_finding(p, r, key);
    free(key);
}

void rn_proof_end(rn_proof *p, claim_report *r)
{
    proof_finding(p, r, "proved for every pile size");
    /* No k proved is no proof: an empty domain never counts as holding. */
    claim_set_family_status(r, p->undecided || p->proved == 0 ? CLAIM_UNDECIDED : CLAIM_CERTIFIED);
}

void rn_cert_expect_set(claim_report *r, int part, const rn_cert *z, const int *piles, int n, uint64_t want)
{
    claim_cases(r, part, 1);
    rn_cert_mismatch_set(r, part, z, piles, n, want);
}

void rn_cert_mismatch_set(claim_report *r, int part, const rn_cert *z, const int *piles, int n, uint64_t want)
{
    uint64_t got = rn_cert_win_set(z, piles, n);
    if (got == want)
        return;
    char e[RN_SET_MAX], a[RN_SET_MAX], where[96], note[RN_WITNESS_MAX];
    int tags = rn_tags(&z->s);
    rn_set_text(want, tags, e, sizeof e);
    rn_set_text(got, tags, a, sizeof a);
    if (n == 2)
        snprintf(where, sizeof where, "k = %d, piles (%d,%d)", z->k, piles[0], piles[1]);
    else
        snprintf(where, sizeof where, "k = %d, pile %d", z->k, piles[0]);
    rn_cert_takes_note(z, piles, n, note, sizeof note);
    claim_mismatch_at(r, part, where, e, a, note);
}

void rn_cert_takes_note(const rn_cert *z, const int *piles, int n, char *out, size_t len)
{
    uint64_t takes = rn_cert_winning_takes(z, piles, n, 0);
    out[0] = '\0';
    if (!takes)
        rn_append(out, len, "no winning take");
    for (int d = 1; d <= z->k; d++)
        if ((takes >> d) & 1u)
            rn_append(out, len, "%s%d", out[0] ? ", " : "winning takes (nothing restricted): ", d);
    char fold[RN_WITNESS_MAX];
    rn_cert_where(z, piles, n, fold, sizeof fold);
    rn_append(out, len, "; %s", fold);
}

/* H at one position of the per-pile sum: the Nim-sum of its slots'
 * (chips * (k+1) + restricted number) certified one-pile values. */
static uint64_t nim_sum_of_slots(const rn_cert *one, const int *slot, int n)
{
    uint64_t h = 0;
    for (int i = 0; i < n; i++) {
        int chips = slot[i] / (one->k + 1);
        h ^= rn_cert_value(one, &chips, 1, slot[i] % (one->k + 1));
    }
    return h;
}

bool rn_cert_sum_check(const rn_cert *one, const rn_solved *sum, char *why, size_t len)
{
    const game_desc *g = sum->game;
    const ms_shape *shape = &((const pile_game *)g->data)->shape;
    game_move *moves = xmalloc(sizeof *moves * (size_t)(g->max_moves + 1), "a move list");
    uint64_t *child = xmalloc(sizeof *child * (size_t)(g->max_moves + 1), "children's values");
    int v[MS_MAX_SLOTS];
    /* The argument needs every position whose piles lie below A + t + k
     * (the shift of pile_period.h descends to them). */
    int region = one->c.pre + one->c.per + one->k, most = shape->bound / (one->k + 1);
    why[0] = '\0';
    bool ok = most >= region - 1;
    if (!ok)
        rn_append(why, len, "k = %d: the checked region (piles below %d) lies beyond the sum's %d chips", one->k,
                  region, most);
    for (uint64_t rank = 0; ok && rank < g->count; rank++) {
        int m = g->moves(g->data, rank, moves);
        for (int i = 0; i < m; i++) {
            ms_unrank(shape, moves[i].child, v);
            child[i] = nim_sum_of_slots(one, v, shape->piles);
        }
        uint64_t mex = pile_period_mex(child, m);
        ms_unrank(shape, rank, v);
        uint64_t h = nim_sum_of_slots(one, v, shape->piles);
        if (h != mex) {
            rn_append(why, len, "k = %d, position ", one->k);
            for (int i = 0; i < shape->piles; i++)
                rn_append(why, len, "%s%d(%d)", i ? " + " : "", v[i] / (one->k + 1), v[i] % (one->k + 1));
            rn_append(why, len, ": the Nim-sum %llu, the rule on its children %llu", (unsigned long long)h,
                      (unsigned long long)mex);
            ok = false;
        }
    }
    free(child);
    free(moves);
    return ok;
}

uint64_t rn_two_pile_cert_bytes(const claim_sizes *s, int threads)
{
    (void)threads; /* a claim runs on one worker */
    uint64_t k = (uint64_t)(s->max_take > 0 ? s->max_take : 20),
             b = (uint64_t)(s->rows > 0 ? s->rows : RN_CERT_TWO_PILES);
    return 3 * ((b + 1) * (b + 2) / 2) * (k + 1) * 4 + ((uint64_t)16 << 20);
}

/* The class C of the strategy: both piles = 0 mod m. */
static bool both_zero_mod(const int *piles, int m)
{
    return piles[0] % m == 0 && piles[1] % m == 0;
}

bool rn_complement_strategy_check(const rn_solved *s, int k, int m, char *why, size_t len)
{
    const game_desc *g = s->game;
    const pile_game *pg = g->data;
    int bound = 2 * m;
    why[0] = '\0';
    if (pg->shape.piles != 2 || pg->shape.bound < bound || rn_tags(s) != k + 1) {
        rn_append(why, len, "k = %d: the game is not restricted Nim on two piles of up to %d chips, the previous "
                            "take restricted", k, bound);
        return false;
    }
    /* Room for every move the game makes (the rule's 2k, where checked). */
    int most = g->max_moves > 2 * k ? g->max_moves : 2 * k;
    uint64_t *child = xmalloc(sizeof *child * (size_t)most, "a move list");
    uint64_t *reply = xmalloc(sizeof *reply * (size_t)most, "a move list");
    bool ok = true;
    for (int a = 0; a <= bound && ok; a += m)
        for (int b = a; b <= bound && ok; b += m)
            for (int r = 0; r <= k && ok; r++) {
                /* The opponent's moves are the rule's: every take of 1..k
                 * but r, from either pile (a pile of jm, j >= 2, offers
                 * the same takes as one of 2m). */
                if (!rn_moves_are_previous_rule_at(s, k, a, b, r)) {
                    rn_append(why, len, "k = %d: the game's moves from (%d,%d) with %d restricted are not the rule's",
                              k, a, b, r);
                    ok = false;
                    break;
                }
                int n = rn_children(s, rn_rank(s, (int[]){a, b}, 2, r), child, most);
                for (int i = 0; i < n && ok; i++) {
                    /* The take d is the child's restricted number; the pile it
                     * came from is the one no longer = 0 mod m. */
                    int p[2], d = pile_game_tag(pg, child[i]);
                    s->entry->piles_of(s->game, child[i], p);
                    int j = p[0] % m != 0 ? 0 : 1;
                    if (d < 1 || d > k || p[j] % m == 0 || (p[j] + d) % m != 0) {
                        rn_append(why, len, "k = %d: from (%d,%d) with %d restricted a move of the game is not a "
                                            "take of 1..%d from one pile", k, a, b, r, k);
                        ok = false;
                        break;
                    }
                    /* The reply takes m - d from that pile, back into C. */
                    int q[2] = {p[0], p[1]}, e = m - d;
                    q[j] -= e;
                    /* A take the rule has no room for (more than k) is no
                     * move at all. */
                    bool found = false;
                    if (e >= 1 && e <= k && q[j] >= 0) {
                        uint64_t want = rn_rank(s, q, 2, e);
                        int nr = rn_children(s, child[i], reply, most);
                        for (int t = 0; t < nr; t++)
                            found = found || reply[t] == want;
                    }
                    if (!found || !both_zero_mod(q, m)) {
                        rn_append(why, len, "k = %d: after (%d,%d) with %d restricted, a take of %d chips cannot "
                                            "be answered by taking %d from the same pile (%d restricted)",
                                  k, a, b, r, d, e, d);
                        ok = false;
                    }
                }
            }
    free(child);
    free(reply);
    return ok;
}

bool rn_complement_strategy_proves(int k, int m, char *why, size_t len)
{
    rn_solved s;
    rn_solve_previous(&s, 2, 2 * m, k);
    bool ok = rn_complement_strategy_check(&s, k, m, why, len);
    rn_solved_free(&s);
    return ok;
}

void rn_k_list_add(char **list, int k)
{
    char *next = claim_printf("%s%s%d", *list, **list ? ", " : "", k);
    free(*list);
    *list = next;
}

void rn_strategy_finding(claim_report *r, const char *ks)
{
    if (*ks)
        claim_finding_add(r, "proved by the thesis' strategy",
                          "k = %s: answering every take of d chips by taking k+1-d from the same pile (never the "
                          "number just taken, k being even) returns to two piles = 0 mod k+1, checked on the game's "
                          "moves at piles 0, k+1 and 2(k+1) under every restricted number, where they are the "
                          "rule's (larger piles move as these, shifted): by induction on the chips every such "
                          "position is lost by the player to move, for every pile size",
                          ks);
}
