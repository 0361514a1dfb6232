/*
 * os_large_bonus.c -- Oginuma-Shinoda Proposition 5.5 and the constants
 * c+(p), c-(p) of the large-|N| regimes.
 *   os/prop-5.5       (i) N >= |p|-2: f = c+ - N on P+, c+ + N off P+;
 *                     (ii) N <= -|p|: f = c- + N on P-, c- - N off P-;
 *                     finding: the tightest thresholds seen on the sweep
 *   os/c-plus-minus   c+ and c- recomputed from the constrained games of
 *                     the proof of Proposition 5.5, the worked values and
 *                     equation (5)
 * The revisions differ in the proof of 5.5 (i): the 2025-02-18 text says
 * "If p in P+, c+ is determined under the constraint that the second
 * player must always move into P+"; the 2025-03-05 text of record says
 * "If p not in P+".  The constrained game below constrains the player who
 * wins normal-play Nim (misere for c-): for p in P+ that is the second
 * player, as the earlier text says; the text of record's "p not in P+"
 * would constrain the second player exactly when the first one wins.  The
 * claim's description says so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"
#include "proofs/oginuma_shinoda/nim_view.h"
#include "proofs/oginuma_shinoda/os_forms.h"

static int nim_sum(const nim_pos *p)
{
    int x = 0;
    for (int i = 0; i < p->n; i++)
        x ^= p->p[i];
    return x;
}

/* Definition 5.4. */
bool os_in_p_plus(const nim_pos *p)
{
    return nim_sum(p) == 0;
}
bool os_in_p_minus(const nim_pos *p)
{
    if (p->n > 0 && p->p[0] >= 2)
        return nim_sum(p) == 0;
    return p->total % 2 == 1;
}

/* Doubled constant c of the regime, read at the window edge lane `edge`:
 * 2c = 2f - s*M with s the slope the proposition states. */
static int64_t edge_constant(const value_table *t, uint64_t rank, int edge, int s)
{
    return nim_v2(t, rank, edge) - (int64_t)s * table_lane_M(t, edge);
}

/* The slope a regime states for a position: (i) -1 on P+, +1 off it;
 * (ii) +1 on P-, -1 off it. */
static int regime_slope(const nim_pos *pos, bool plus)
{
    return plus ? (os_in_p_plus(pos) ? -1 : 1) : (os_in_p_minus(pos) ? 1 : -1);
}

/* The tightest threshold a regime holds from on the whole sweep (doubled)
 * and the first position that attains it. */
typedef struct {
    int64_t worst;
    uint64_t at;
    bool any;
} threshold;

/* One regime of Proposition 5.5: f = c + s*N from the threshold to the
 * window edge (the top for (i), the bottom for (ii)), c read at the edge.
 * A split table compares on its own lanes: the constants come from the
 * block that holds the edge, and where the line first breaks, counted
 * from the edge, from every block. */
static threshold check_regime(const value_table *t, claim_report *r, int part, bool plus)
{
    int top = t->win.lanes - 1, edge = plus ? top : 0;
    uint64_t count = nim_shape(t)->count;
    int64_t *c2 = xmalloc(xmul(count, sizeof *c2, "Proposition 5.5"), "Proposition 5.5");
    int64_t *brk = xmalloc(xmul(count, sizeof *brk, "Proposition 5.5"), "Proposition 5.5");
    nim_pos pos;
    nim_pos_first(t, &pos);
    do
        c2[pos.rank] = nim_owns(t, edge) ? edge_constant(t, pos.rank, edge, regime_slope(&pos, plus)) : INT64_MIN;
    while (nim_pos_next(t, &pos));
    nim_reduce(t, c2, count, REDUCE_MAX);
    int32_t *g = table_row_buffer(t);
    nim_pos_first(t, &pos);
    do {
        int s = regime_slope(&pos, plus);
        int64_t c = c2[pos.rank];
        /* (i) from N = |p| - 2 up, (ii) from N = -|p| down. */
        int from_M = plus ? 2 * (pos.total - 2) : -2 * pos.total;
        if (nim_owns(t, edge) && c % 2 != 0)
            claim_mismatch_text(r, part, pos.rank, table_lane_M(t, edge), true, "integer constant",
                                "half-integer constant");
        /* The lane nearest the edge where the line fails (it holds from
         * the next lane to the edge): found walking in from the edge,
         * which stops at once where the line breaks early, as it does
         * away from the regime.  On a packed table of unit lanes the line
         * holds exactly as far as the steps all go its way (each step is
         * +-1, the line's is s): read from the step bits a word at a
         * time, the row decoded only if a lane of the stated range fails. */
        int lo = t->own_lo, hi = t->own_hi;
        int64_t broken;
        bool fast = table_steps_are_unit(t) && t->win.step == 1;
        if (fast && plus) {
            int start = hi - 1;
            if (c + (int64_t)s * table_lane_M(t, start) != table_value(t, pos.rank, start))
                broken = start;
            else {
                int run = table_run_down(t, pos.rank, start, lo, s > 0);
                broken = run > lo ? run - 1 : -1;
            }
        } else if (fast) {
            if (c + (int64_t)s * table_lane_M(t, lo) != table_value(t, pos.rank, lo))
                broken = lo;
            else {
                int run = table_run_up(t, pos.rank, lo, hi, s > 0);
                broken = run < hi - 1 ? run + 1 : INT64_MAX;
            }
        } else if (plus) {
            table_row_get(t, pos.rank, g);
            int l = hi - 1;
            while (l >= lo && c + (int64_t)s * table_lane_M(t, l) == g[l])
                l--;
            broken = l >= lo ? l : -1;
        } else {
            table_row_get(t, pos.rank, g);
            int l = lo;
            while (l < hi && c + (int64_t)s * table_lane_M(t, l) == g[l])
                l++;
            broken = l < hi ? l : INT64_MAX;
        }
        /* The stated range, [first lane with M >= from_M, top] for (i) and
         * [0, last lane with M <= from_M] for (ii), within the own lanes;
         * a lane there fails only between it and where the line broke. */
        int64_t step = t->win.step, off = from_M - t->win.mlo;
        int64_t a = plus ? (off <= 0 ? 0 : (off + step - 1) / step) : lo;
        int64_t b = plus ? hi - 1 : (off < 0 ? -1 : off / step);
        a = a < lo ? lo : a;
        b = b > hi - 1 ? hi - 1 : b;
        uint64_t cases = b >= a ? (uint64_t)(b - a + 1) : 0;
        int64_t bad_lo = plus ? a : (broken == INT64_MAX ? b + 1 : broken);
        int64_t bad_hi = plus ? broken : b;
        if (fast && (bad_lo > a ? bad_lo : a) <= (bad_hi < b ? bad_hi : b))
            table_row_get(t, pos.rank, g);
        for (int64_t l = bad_lo > a ? bad_lo : a; l <= bad_hi && l <= b; l++) {
            int M = (int)table_lane_M(t, (int)l);
            int64_t want = c + (int64_t)s * M;
            if (want != g[l])
                claim_mismatch_values(r, part, pos.rank, M, want, g[l]);
        }
        claim_cases(r, part, cases);
        brk[pos.rank] = broken;
    } while (nim_pos_next(t, &pos));
    free(g);
    nim_reduce(t, brk, count, plus ? REDUCE_MAX : REDUCE_MIN);
    /* The observed onset: the M nearest the edge's far side up to which
     * the line holds; the threshold is its distance from -+|p|. */
    threshold th = {.worst = plus ? INT64_MIN : INT64_MAX};
    nim_pos_first(t, &pos);
    do {
        if (pos.n == 0)
            continue;
        int64_t b = brk[pos.rank];
        int onset = plus ? (b < 0 ? table_lane_M(t, 0) : table_lane_M(t, (int)b + 1))
                         : (b == INT64_MAX ? table_lane_M(t, top) : table_lane_M(t, (int)b - 1));
        int64_t d = plus ? onset - 2 * (int64_t)pos.total : onset + 2 * (int64_t)pos.total;
        if (plus ? d > th.worst : d < th.worst) {
            th.worst = d;
            th.at = pos.rank;
            th.any = true;
        }
    } while (nim_pos_next(t, &pos));
    free(c2);
    free(brk);
    return th;
}

static void check_prop55(const value_table *t, claim_report *r)
{
    threshold plus = check_regime(t, r, 0, true), minus = check_regime(t, r, 1, false);
    /* (The same on every block: the lead block says it.) */
    if (!plus.any || !nim_lead(t))
        return;
    char d[32];
    claim_format_half(plus.worst, d, sizeof d);
    char *where = nim_pos_text(t, plus.at);
    claim_finding_add(r, "tightest threshold (i)", "N >= |p| + (%s) holds on the whole sweep; first attained at %s", d,
                      where);
    free(where);
    claim_format_half(minus.worst, d, sizeof d);
    where = nim_pos_text(t, minus.at);
    claim_finding_add(r, "tightest threshold (ii)", "N <= -|p| + (%s) holds on the whole sweep; first attained at %s", d,
                      where);
    free(where);
}

/* Two arrays of a doubled value a position (the constants and where the
 * line breaks), for one regime at a time. */
static uint64_t prop55_scratch(uint64_t positions, int lanes, int bound)
{
    (void)lanes;
    (void)bound;
    return sat_mul(positions, 2 * sizeof(int64_t));
}

const claim_def claim_os_prop55 = {
    .id = "os/prop-5.5",
    .cost_ns = 0.074,
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 5, Proposition 5.5 (with Definition 5.4)",
    .statement = "(i) There is an integer c+(p) with f_N(p) = c+(p) - N if p in P+ and c+(p) + N if not, for "
                 "N >= |p|-2.  (ii) There is an integer c-(p) with f_N(p) = c-(p) + N if p in P- and "
                 "c-(p) - N if not, for N <= -|p|.",
    .domain = "every position of the sweep; (i) every window N from |p|-2 to the window top S+3, (ii) "
              "every window N from the window bottom -(S+3) to -|p|; the constant is read at the window "
              "edge.  Finding: the tightest thresholds of the same form that hold on the whole sweep",
    .parts = {"(i) N >= |p|-2", "(ii) N <= -|p|"},
    .check = check_prop55,
    .scratch_bytes = prop55_scratch,
};

enum { CPM_PLUS, CPM_MINUS, CPM_WORKED, CPM_EQ5, CPM_STEPS };

/* The constrained games of the proof (+: normal play, -: misere): the
 * player who wins the Nim variant must always move into its P-set; the
 * other moves freely; only stones count.  Values for the player to move,
 * by increasing rank (children first), both games in one pass.
 * INT32_MIN marks "no legal move for the constrained player", which
 * cannot happen if Nim theory holds.
 *
 * A position in the P-set moves freely: its best move is read from a
 * running maximum, as the sweep's kernel does (runmax.c): for each
 * multiset R of the other piles, H(R) is the best of -a' - c(R + a') over
 * the positions R + a' already done, so the moves on a pile a are worth
 * a + H(R) (a' < a: rank order folds exactly those first).  A position
 * outside the P-set may only move into it, and those moves are few: a
 * child in P+ has Nim-sum 0, so the pile becomes the Nim-sum t of the
 * others; a child in P- has Nim-sum 0 with a pile of 2 or more, or only
 * piles of at most 1, so the pile becomes t, 0 or 1.  Each candidate is
 * checked against the P-set's own test, so no move is taken on faith. */
#define CPM_NONE INT32_MIN

/* Rank of a[] (ascending, `piles` slots) without slot `skip`. */
static uint64_t rest_rank_without(const ms_shape *rest, const int *a, int piles, int skip)
{
    int b[MS_MAX_SLOTS];
    if (piles == 1)
        return 0;
    for (int i = 0, k = 0; i < piles; i++)
        if (i != skip)
            b[k++] = a[i];
    return ms_rank_sorted(rest, b);
}

/* The best move of a[] into the P-set `bit` (1: P+, 2: P-) on the pile
 * of slot i, or CPM_NONE. */
static int32_t best_into_p(const ms_shape *shape, const int *a, int i, const int32_t *c, const uint8_t *member,
                           int bit)
{
    int piles = shape->piles, others = 0;
    for (int j = 0; j < piles; j++)
        others ^= j == i ? 0 : a[j];
    const int cand[3] = {others, 0, 1};
    int32_t best = CPM_NONE;
    for (int q = 0; q < 3; q++) {
        int to = cand[q];
        if (to >= a[i] || (q == 1 && others == 0) || (q == 2 && others == 1))
            continue; /* not a move, or a candidate already tried */
        int b[MS_MAX_SLOTS];
        memcpy(b, a, (size_t)piles * sizeof *b);
        b[i] = to;
        /* Back into ascending order: the pile only went down. */
        for (int j = i; j > 0 && b[j] < b[j - 1]; j--) {
            int x = b[j];
            b[j] = b[j - 1];
            b[j - 1] = x;
        }
        uint64_t ch = ms_rank_sorted(shape, b);
        if ((member[ch] & bit) && c[ch] != CPM_NONE && a[i] - to - c[ch] > best)
            best = a[i] - to - c[ch];
    }
    return best;
}

static void constrained_values(const value_table *t, int32_t **plus, int32_t **minus)
{
    const ms_shape *shape = nim_shape(t);
    uint64_t count = shape->count, rows = 1;
    int piles = shape->piles;
    ms_shape rest = {0};
    if (piles > 1) {
        char err[MS_ERR_MAX];
        if (ms_shape_init(&rest, piles - 1, shape->bound, err, sizeof err) != 0)
            die("internal error: %s", err);
        rows = rest.count;
    }
    int32_t *cp = xmalloc(xmul(count, sizeof *cp, "a constrained game"), "a constrained game");
    int32_t *cm = xmalloc(xmul(count, sizeof *cm, "a constrained game"), "a constrained game");
    int32_t *hp = xmalloc(xmul(rows, sizeof *hp, "a constrained game"), "a constrained game");
    int32_t *hm = xmalloc(xmul(rows, sizeof *hm, "a constrained game"), "a constrained game");
    for (uint64_t i = 0; i < rows; i++)
        hp[i] = hm[i] = CPM_NONE;
    /* Bit 0: in P+, bit 1: in P-. */
    uint8_t *member = xmalloc(xmul(count, sizeof *member, "a constrained game"), "a constrained game");
    nim_pos pos;
    nim_pos_first(t, &pos);
    do {
        const int *a = pos.asc;
        uint8_t mine = (uint8_t)(os_in_p_plus(&pos) | os_in_p_minus(&pos) << 1);
        member[pos.rank] = mine;
        uint64_t rr[MS_MAX_SLOTS];
        int32_t best_p = a[piles - 1] == 0 ? 0 : CPM_NONE, best_m = best_p;
        for (int i = 0; i < piles; i++) {
            if (i > 0 && a[i] == a[i - 1])
                continue; /* equal piles, equal moves */
            rr[i] = rest_rank_without(&rest, a, piles, i);
            if (a[i] == 0)
                continue;
            int32_t vp = mine & 1 ? (hp[rr[i]] == CPM_NONE ? CPM_NONE : a[i] + hp[rr[i]])
                                  : best_into_p(shape, a, i, cp, member, 1);
            int32_t vm = mine & 2 ? (hm[rr[i]] == CPM_NONE ? CPM_NONE : a[i] + hm[rr[i]])
                                  : best_into_p(shape, a, i, cm, member, 2);
            best_p = vp > best_p ? vp : best_p;
            best_m = vm > best_m ? vm : best_m;
        }
        cp[pos.rank] = best_p;
        cm[pos.rank] = best_m;
        /* This position is a move's child for every R it leaves. */
        for (int i = 0; i < piles; i++) {
            if (i > 0 && a[i] == a[i - 1])
                continue;
            if (best_p != CPM_NONE && -a[i] - best_p > hp[rr[i]])
                hp[rr[i]] = -a[i] - best_p;
            if (best_m != CPM_NONE && -a[i] - best_m > hm[rr[i]])
                hm[rr[i]] = -a[i] - best_m;
        }
    } while (nim_pos_next(t, &pos));
    free(member);
    free(hp);
    free(hm);
    if (piles > 1)
        ms_shape_free(&rest);
    *plus = cp;
    *minus = cm;
}

/* Doubled c+ / c- read from the table at the window edges. */
static int64_t table_c_plus(const value_table *t, const nim_pos *pos)
{
    return edge_constant(t, pos->rank, t->win.lanes - 1, os_in_p_plus(pos) ? -1 : 1);
}
static int64_t table_c_minus(const value_table *t, const nim_pos *pos)
{
    return edge_constant(t, pos->rank, 0, os_in_p_minus(pos) ? 1 : -1);
}

static void compare_constants(const value_table *t, claim_report *r, int part, const int32_t *game,
                              int64_t (*from_table)(const value_table *, const nim_pos *), int edge)
{
    /* (Read at the edge: the block that holds it compares.) */
    if (!nim_owns(t, edge))
        return;
    nim_pos pos;
    nim_pos_first(t, &pos);
    do {
        int64_t want = 2 * (int64_t)game[pos.rank], got = from_table(t, &pos);
        if (game[pos.rank] == INT32_MIN)
            claim_mismatch_text(r, part, pos.rank, table_lane_M(t, edge), true,
                                "constrained player has a move into the P-set", "none");
        else if (want != got)
            claim_mismatch_values(r, part, pos.rank, table_lane_M(t, edge), want, got);
        claim_cases(r, part, 1);
    } while (nim_pos_next(t, &pos));
}

/* One stated constant, checked against both computations. */
static void check_stated(const value_table *t, claim_report *r, int part, const int *piles, int plus,
                         int stated, const int32_t *game)
{
    int64_t rank = nim_rank(t, piles, 3);
    int edge = plus ? t->win.lanes - 1 : 0;
    if (rank < 0 || !nim_owns(t, edge))
        return;
    nim_pos pos;
    nim_pos_at(t, (uint64_t)rank, &pos);
    int64_t tab = plus ? table_c_plus(t, &pos) : table_c_minus(t, &pos);
    char e[48], a[64];
    snprintf(e, sizeof e, "c%c = %d", plus ? '+' : '-', stated);
    if (tab != 2 * (int64_t)stated || game[rank] != stated) {
        char tv[32];
        claim_format_half(tab, tv, sizeof tv);
        snprintf(a, sizeof a, "table %s, constrained game %d", tv, game[rank]);
        claim_mismatch_text(r, part, (uint64_t)rank, table_lane_M(t, edge), false, e, a);
    }
    claim_cases(r, part, 1);
}

/* Two constrained games held at once (int32 each), and the membership
 * flags of the one being built. */
static uint64_t c_plus_minus_scratch(uint64_t positions, int lanes, int bound)
{
    (void)lanes;
    (void)bound;
    return sat_mul(positions, 2 * sizeof(int32_t) + sizeof(bool));
}

/* The constrained game's constant of a position (pile list of 3), or
 * false when it is outside the sweep. */
static bool constant_of(const value_table *t, const int32_t *game, const int *piles, int32_t *out)
{
    int64_t rank = nim_rank(t, piles, 3);
    if (rank < 0)
        return false;
    *out = game[rank];
    return true;
}

/* The worked steps as printed: c+(3,2,1) = 3-1+c+(0,1,1) = 2 and
 * c-(3,2,1) = 3-2+c+(0,0,1) = 2.  In the second the text writes c+ where
 * the constrained (misere) game continues with c-(0,0,1): both are
 * checked, and they agree, so the printed step is right either way. */
static void check_steps(const value_table *t, claim_report *r, const int32_t *cp, const int32_t *cm)
{
    int32_t p321, m321, p011, p001, m001;
    if (!constant_of(t, cp, (int[]){3, 2, 1}, &p321) || !constant_of(t, cm, (int[]){3, 2, 1}, &m321) ||
        !constant_of(t, cp, (int[]){0, 1, 1}, &p011) || !constant_of(t, cp, (int[]){0, 0, 1}, &p001) ||
        !constant_of(t, cm, (int[]){0, 0, 1}, &m001))
        return;
    int64_t rank = nim_rank(t, (int[]){3, 2, 1}, 3);
    struct {
        bool ok;
        const char *expected;
        int32_t a, b;
    } steps[] = {
        {p321 == 3 - 1 + p011 && p321 == 2, "c+(3,2,1) = 3-1+c+(0,1,1) = 2", p321, p011},
        {m321 == 3 - 2 + p001 && m321 == 2, "c-(3,2,1) = 3-2+c+(0,0,1) = 2 (as printed)", m321, p001},
        {m321 == 3 - 2 + m001 && m321 == 2, "c-(3,2,1) = 3-2+c-(0,0,1) = 2 (c- where the text writes c+)", m321, m001},
    };
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        claim_cases(r, CPM_STEPS, 1);
        if (!steps[i].ok) {
            char a[96];
            snprintf(a, sizeof a, "%d on the left, %d in the step", steps[i].a, steps[i].b);
            claim_mismatch_text(r, CPM_STEPS, (uint64_t)rank, 0, false, steps[i].expected, a);
        }
    }
}

static void check_c_plus_minus(const value_table *t, claim_report *r)
{
    /* The constrained games read no payoff: only the blocks that compare
     * them with an edge of the window, or state the worked steps, build
     * them. */
    if (!nim_owns(t, 0) && !nim_owns(t, t->win.lanes - 1) && !nim_lead(t))
        return;
    int32_t *cp, *cm;
    constrained_values(t, &cp, &cm);
    compare_constants(t, r, CPM_PLUS, cp, table_c_plus, t->win.lanes - 1);
    compare_constants(t, r, CPM_MINUS, cm, table_c_minus, 0);
    check_stated(t, r, CPM_WORKED, (int[]){5, 4, 2}, 1, -3, cp);
    check_stated(t, r, CPM_WORKED, (int[]){3, 2, 1}, 1, 2, cp);
    check_stated(t, r, CPM_WORKED, (int[]){3, 2, 1}, 0, 2, cm);
    for (int k = 1; 2 * k + 1 <= nim_shape(t)->bound; k++) {
        check_stated(t, r, CPM_EQ5, (int[]){2 * k + 1, 2 * k, 1}, 1, 2 * k, cp);
        check_stated(t, r, CPM_EQ5, (int[]){2 * k + 1, 2 * k, 1}, 0, 2 * k, cm);
    }
    if (nim_lead(t))
        check_steps(t, r, cp, cm);
    free(cp);
    free(cm);
}

const claim_def claim_os_c_plus_minus = {
    .id = "os/c-plus-minus",
    .cost_ns = 0.06,
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 5, proof of Proposition 5.5, the worked values and "
              "equation (5)",
    .statement = "c+(p) (c-(p)) is the stone difference of the game in which the winner of normal-play "
                 "(misere) Nim must always move into P+ (P-) and both maximise stones; c+(5,4,2) = -3, "
                 "c+(3,2,1) = 2, c-(3,2,1) = 2, and c+(2k+1,2k,1) = c-(2k+1,2k,1) = 2k for k >= 1; the worked "
                 "steps c+(3,2,1) = 3-1+c+(0,1,1) = 2 and c-(3,2,1) = 3-2+c+(0,0,1) = 2.",
    .domain = "every position of the sweep (constants read at the window edges N = +-(S+3)); worked "
              "values and (5) wherever the position is in the sweep.  The revisions differ here: the last "
              "sentence of the proof of 5.5 (i) reads 'If p in P+' (2025-02-18) and 'If p not in P+' "
              "(2025-03-05, the text of record) for the case where the second player is constrained; the "
              "check constrains the normal-play (misere) Nim winner, i.e. the second player exactly when p "
              "is in P+ (P-), as the earlier wording has it.  In the step for c-(3,2,1) the text writes "
              "c+(0,0,1) where the misere-constrained game continues with c-(0,0,1): both are checked (they "
              "are equal, 1, so the printed value stands)",
    .parts = {"c+ from the constrained game = c+ of the table", "c- from the constrained game = c- of the table",
              "worked values c+(5,4,2), c+(3,2,1), c-(3,2,1)", "equation (5)",
              "worked steps 3-1+c+(0,1,1), 3-2+c+(0,0,1)"},
    .check = check_c_plus_minus,
    .scratch_bytes = c_plus_minus_scratch,
};
