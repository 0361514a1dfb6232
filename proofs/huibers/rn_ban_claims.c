/*
 * rn_ban_claims.c -- the tables of Huibers' Section 6.2 (banning moves
 * before play): who wins Nim on one pile after the players ban numbers for
 * each other in turn (Tables 20-23), with the previous take restricted too
 * (Table 25), and the value of the game when the bans are chosen at once
 * (Table 28), and which two bans win for the starting player (Table 24),
 * which bans win with the previous take restricted too (Table 26) and
 * the second bans that answer the other player's first (Table 27), each
 * cell against the engine's values of banned-nim and
 * banned-nim-simultaneous; and what the text of Sections 6.2 and 6.2.1
 * says of them (rn/rule-6.2, rn/rule-6.2.1).
 *
 * Which bans win (Tables 24, 26, 27), in the order 1-2-1-2: player 1 bans
 * x, player 2 bans b1, player 1 bans y, player 2 bans b2, then Nim.  A
 * pair "x+y" wins when it wins whatever player 2 bans in between (player
 * 1 may as well make both bans first); a first ban "x*" (Table 26) wins
 * only when the second ban answers player 2's ("In these cases the second
 * ban for the first player is dependent of the move that was banned by
 * the second player"): it wins, but with no fixed second ban.  A lone
 * number x stands for every pair x+y ("1" where 1+2 ... 1+k all win).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "core/games/banned_nim/banned_nim.h"
#include "proofs/huibers/rn_tables.h"

/* The winner of the game of `pile` chips: 1 (the player who moves first
 * in the Nim game) or 2.  The start's player to move is the first banner. */
static int winner(const rn_solved *s, int pile, int first_banner)
{
    bool mover_wins = table_outcome(&s->table, rn_rank(s, &pile, 1, 0)) == OUTCOME_WIN;
    return mover_wins == (first_banner == 1) ? 1 : 2;
}

static int first_banner(const char *order)
{
    return order[0] - '0';
}

/* The game a table's cells last asked for, kept for the next cells
 * (a row of a table is one game: solved once, read at every pile). */
typedef struct {
    char key[256];
    bool have;
    rn_solved s;
} game_cache;

static const rn_solved *cached(game_cache *c, const char *game, int bound, const char *const *options)
{
    /* The key names the game whole (rn_append stops the run rather than
     * cut it: a cut key could name two games). */
    char key[sizeof c->key] = "";
    rn_append(key, sizeof key, "%s %d", game, bound);
    for (int i = 0; options[i]; i++)
        rn_append(key, sizeof key, " %s", options[i]);
    if (c->have && strcmp(c->key, key) == 0)
        return &c->s;
    if (c->have)
        rn_solved_free(&c->s);
    rn_solve(&c->s, game, 1, bound, options);
    snprintf(c->key, sizeof c->key, "%s", key);
    c->have = true;
    return &c->s;
}

static void cache_free(game_cache *c)
{
    if (c->have)
        rn_solved_free(&c->s);
    c->have = false;
}

static const rn_solved *solve_bans(game_cache *c, int bound, int k, const char *order, const char *restriction)
{
    char kt[16];
    snprintf(kt, sizeof kt, "%d", k);
    return cached(c, "banned-nim", bound,
                  (const char *const[]){"max-move", kt, "order", order, "restriction", restriction, NULL});
}

/* ---- which bans win: the analysis of one pile ---- */

/* The bans that win on `pile` chips with moves of at most k, as the game
 * reads them (banned_nim.h); a game of another shape stops the run. */
static void analyse_bans(const rn_solved *s, int pile, int k, ban_analysis *a)
{
    if (ban_analyse(&s->table, pile, a) != 0 || a->k != k)
        die("internal error: banned-nim: no analysis of two bans each at %d chips, k = %d", pile, k);
}

/* The command that shows the bans that win at a pile: `value` prints them
 * in the tables' notation. */
static void bans_command(int pile, int k, const char *order, const char *restriction, rn_cell_out *out)
{
    RN_COMMAND(out, "verifier value %d --game banned-nim --max-move %d --order %s --restriction %s", pile, k, order,
               restriction);
}

/* ---- Tables 20-22: rows a ban order, columns the pile ---- */

static void order_cell(void *arg, const rn_grid *g, int i, int j, const char *printed, rn_cell_out *out)
{
    (void)printed;
    const char *order = g->row_label[i];
    int pile = rn_label_number(g->col_label[j]);
    const rn_solved *s = solve_bans(arg, rn_label_number(g->col_label[g->cols - 1]), 5, order, "none");
    int w = winner(s, pile, first_banner(order));
    RN_VALUE(out, "%d", w);
    RN_WITNESS(out, "bans in the order %s, k = 5, %d chips", order, pile);
    /* The start's player to move is the first banner. */
    bans_command(pile, 5, order, "none", out);
    RN_SHOWS(out, "(%d): the player to move %s", pile, (w == 1) == (first_banner(order) == 1) ? "wins" : "loses");
}

static void compare_table(claim_report *r, const char *name, rn_cell_fn fn, int twist)
{
    rn_grid g;
    rn_grid_load(&g, name);
    if (twist)
        rn_twist_grid(&g);
    game_cache c = {.have = false};
    rn_compare_grid(r, 0, &g, fn, &c);
    cache_free(&c);
    rn_grid_free(&g);
}

static void table20(claim_report *r, int twist) { compare_table(r, "table-20", order_cell, twist); }
static void table21(claim_report *r, int twist) { compare_table(r, "table-21", order_cell, twist); }
static void table22(claim_report *r, int twist) { compare_table(r, "table-22", order_cell, twist); }

/* ---- Table 23: player 1 makes all his bans first ---- */

static void all_first_cell(void *arg, const rn_grid *g, int i, int j, const char *printed, rn_cell_out *out)
{
    (void)printed;
    (void)j;
    int bans = rn_label_number(g->row_label[i]);
    /* At most 6 bans each (banned-nim's --order holds 12); rn_append stops
     * the run rather than cut the order short. */
    if (bans < 1 || bans > 6)
        die("internal error: %s: row %s is not a number of bans 1..6", g->name, g->row_label[i]);
    char order[64] = "";
    for (int b = 0; b < 2 * bans; b++)
        rn_append(order, sizeof order, "%s%c", b ? "-" : "", b < bans ? '1' : '2');
    const int bound = 35;
    const rn_solved *s = solve_bans(arg, bound, 5, order, "none");
    const char *sep = "";
    for (int pile = 0; pile <= bound; pile++)
        if (winner(s, pile, 1) == 1) {
            RN_VALUE(out, "%s%d", sep, pile);
            sep = ", ";
        }
    RN_WITNESS(out, "bans in the order %s, k = 5, piles 0..%d: the piles player 1 wins", order, bound);
}

static void table23(claim_report *r, int twist)
{
    rn_grid g;
    rn_grid_load(&g, "table-23");
    if (twist)
        rn_set_cell(&g, 0, 0, "3, 4, 5");
    game_cache c = {.have = false};
    rn_compare_grid(r, 0, &g, all_first_cell, &c);
    cache_free(&c);
    rn_grid_free(&g);
}

/* ---- Table 24: the two bans that win ---- */

/* Table 24 lists, for order 1-2-1-2, the pairs "x+y" player 1 bans to
 * win, with no footnote that the second depends on player 2's ban (Table
 * 26 marks those): read as the pairs that win whatever player 2 bans,
 * which are the winning pairs when player 1 makes both bans first (order
 * 1-1-2-2; the thesis: "when both players get to ban two moves, the games
 * the first player will win are the same"), as the game reads them
 * (core/games/banned_nim/banned_nim.h). */
static void pairs_cell(void *arg, const rn_grid *g, int i, int j, const char *printed, rn_cell_out *out)
{
    (void)printed;
    int pile = rn_label_number(g->row_label[i]), k = rn_label_number(g->col_label[j]);
    const rn_solved *s = solve_bans(arg, rn_label_number(g->row_label[g->rows - 1]), k, "1-1-2-2", "none");
    ban_analysis a;
    analyse_bans(s, pile, k, &a);
    ban_winning_text(&a, out->value, RN_VALUE_MAX);
    RN_WITNESS(out, "k = %d, %d chips: the pairs after which player 2, to ban, loses (order 1-1-2-2)", k, pile);
    bans_command(pile, k, "1-1-2-2", "none", out);
    RN_SHOWS(out, "in between, x* only with the second ban chosen after player 2's, - none): %s", out->value);
}

static void table24(claim_report *r, int twist)
{
    rn_grid g;
    rn_grid_load(&g, "table-24");
    if (twist)
        rn_set_cell(&g, 0, 0, "1+3");
    game_cache c = {.have = false};
    rn_compare_grid_by_column(r, 0, &g, pairs_cell, &c);
    cache_free(&c);
    rn_grid_free(&g);
}

/* What a cell of Table 26 (or 24) says: the winning pairs, the first bans
 * marked "*", and "-*" (nothing wins, but did without the restriction). */
typedef struct {
    bool pair[BAN_ANALYSIS_K_MAX + 1][BAN_ANALYSIS_K_MAX + 1], star[BAN_ANALYSIS_K_MAX + 1];
    bool lost_to_restriction;
} ban_cell;

/* Reads "1+2 or 1+3 or 3*", "1 or 2+5", "-", "-*"; false when the text is
 * not in that notation. */
static bool parse_ban_cell(const char *text, int k, ban_cell *c)
{
    memset(c, 0, sizeof *c);
    if (strcmp(text, "-") == 0)
        return true;
    if (strcmp(text, "-*") == 0) {
        c->lost_to_restriction = true;
        return true;
    }
    const char *p = text;
    for (;;) {
        char *end;
        long x = strtol(p, &end, 10);
        if (end == p || x < 1 || x > k)
            return false;
        p = end;
        if (*p == '+') {
            long y = strtol(p + 1, &end, 10);
            if (end == p + 1 || y < 1 || y > k || y == x)
                return false;
            c->pair[x][y] = c->pair[y][x] = true;
            p = end;
        } else if (*p == '*') {
            c->star[x] = true;
            p++;
        } else
            for (int y = 1; y <= k; y++)
                c->pair[x][y] = c->pair[y][x] = y != x;
        if (*p == '\0')
            return true;
        if (strncmp(p, " or ", 4) != 0)
            return false;
        p += 4;
    }
}

static bool same_cell(const ban_cell *a, const ban_cell *b, int k)
{
    if (a->lost_to_restriction != b->lost_to_restriction)
        return false;
    for (int x = 1; x <= k; x++) {
        if (a->star[x] != b->star[x])
            return false;
        for (int y = 1; y <= k; y++)
            if (a->pair[x][y] != b->pair[x][y])
                return false;
    }
    return true;
}

/* The computed cell, and its text in the table's notation. */
static void ban_cell_of(const ban_analysis *a, bool lost_to_restriction, ban_cell *c, char *out, size_t len)
{
    memset(c, 0, sizeof *c);
    memcpy(c->pair, a->pair, sizeof c->pair);
    memcpy(c->star, a->star, sizeof c->star);
    if (ban_any_first(a) || !lost_to_restriction) {
        ban_winning_text(a, out, len);
        return;
    }
    c->lost_to_restriction = true;
    rn_append(out, len, "-*");
}

/* The analysis as a witness: the winning first bans and, for each, the
 * second bans that answer each ban of player 2. */
static void analysis_witness(const ban_analysis *a, const char *what, char *out, size_t len)
{
    rn_append(out, len, "k = %d, %d chips, %s: first bans that win (the second chosen after player 2's): ", a->k,
              a->pile, what);
    ban_first_bans_text(a, out, len);
}

/* ---- Table 26: which bans win, the previous take restricted ---- */

typedef struct {
    game_cache restricted, free_play;
} two_caches;

static void table26_cell(void *arg, const rn_grid *g, int i, int j, const char *printed, rn_cell_out *out)
{
    two_caches *c = arg;
    int pile = rn_label_number(g->row_label[i]), k = rn_label_number(g->col_label[j]);
    int bound = rn_label_number(g->row_label[g->rows - 1]);
    ban_analysis a;
    analyse_bans(solve_bans(&c->restricted, bound, k, "1-2-1-2", "previous"), pile, k, &a);
    /* "-*": the start was a win for player 1 without the restriction
     * during play (Table 24's game). */
    const rn_solved *free_play = solve_bans(&c->free_play, bound, k, "1-2-1-2", "none");
    bool won_before = table_outcome(&free_play->table, rn_rank(free_play, &pile, 1, 0)) == OUTCOME_WIN;
    ban_cell computed, stated;
    char text[RN_VALUE_MAX] = "";
    ban_cell_of(&a, won_before && !ban_any_first(&a), &computed, text, sizeof text);
    bool readable = printed && parse_ban_cell(printed, k, &stated);
    RN_VALUE(out, "%s", readable && same_cell(&stated, &computed, k) ? printed : text);
    analysis_witness(&a, "the previous take restricted", out->witness, RN_WITNESS_MAX);
    bans_command(pile, k, "1-2-1-2", "previous", out);
    /* `value` writes "-" where nothing wins; "-*" reads the game without
     * the restriction too. */
    char winning[RN_VALUE_MAX] = "";
    ban_winning_text(&a, winning, sizeof winning);
    RN_SHOWS(out, "in between, x* only with the second ban chosen after player 2's, - none): %s", winning);
    if (won_before && !ban_any_first(&a))
        RN_WITNESS(out, "; without the restriction during play player 1 wins here");
    if (printed && !readable)
        RN_WITNESS(out, "; the printed cell is not in the table's notation");
}

static void table26(claim_report *r, int twist)
{
    rn_grid g;
    rn_grid_load(&g, "table-26");
    if (twist)
        rn_set_cell(&g, 0, 0, "1+3");
    two_caches c = {{.have = false}, {.have = false}};
    rn_compare_grid_by_column(r, 0, &g, table26_cell, &c);
    cache_free(&c.restricted);
    cache_free(&c.free_play);
    rn_grid_free(&g);
}

/* ---- Table 27: the second ban that answers player 2's ---- */

/* The row's first ban: the number every printed cell of the row starts
 * with ("4+1", "3"), or -1 when the cells disagree or none has one. */
static int row_first_ban(const rn_grid *g, int i)
{
    int x = -1;
    for (int j = 0; j < g->cols; j++) {
        const char *cell = g->as_printed[(size_t)i * (size_t)g->cols + (size_t)j];
        if (!cell || strcmp(cell, "-") == 0)
            continue;
        int v = atoi(cell);
        if (v < 1 || (x >= 0 && v != x))
            return -1;
        x = v;
    }
    return x;
}

static void table27_cell(void *arg, const rn_grid *g, int i, int j, const char *printed, rn_cell_out *out)
{
    game_cache *c = arg;
    int k, pile, b1 = rn_label_number(g->col_label[j]);
    if (sscanf(g->row_label[i], "%d-%d", &k, &pile) != 2 || b1 < 1)
        die("internal error: %s: row %s, column %s", g->name, g->row_label[i], g->col_label[j]);
    int x = row_first_ban(g, i);
    if (x < 1 || x > k) {
        RN_VALUE(out, "no first ban common to the row");
        RN_WITNESS(out, "the row's printed cells do not start with one first ban");
        return;
    }
    ban_analysis a;
    analyse_bans(solve_bans(c, pile, k, "1-2-1-2", "previous"), pile, k, &a);
    RN_WITNESS(out, "k = %d, %d chips, the previous take restricted, player 1 bans %d first: ", k, pile, x);
    if (b1 > k) {
        RN_VALUE(out, "-");
        RN_WITNESS(out, "player 2 cannot ban %d (moves take at most %d)", b1, k);
        return;
    }
    char text[RN_VALUE_MAX] = "";
    ban_answers_text(&a, x, b1, text, sizeof text);
    bans_command(pile, k, "1-2-1-2", "previous", out);
    RN_SHOWS(out, "%d (if player 2 bans", x);
    ban_cell computed, stated;
    memset(&computed, 0, sizeof computed);
    for (int y = 1; y <= k; y++)
        computed.pair[x][y] = computed.pair[y][x] = a.wins[x][b1][y];
    bool readable = printed && parse_ban_cell(printed, k, &stated);
    RN_VALUE(out, "%s", readable && same_cell(&stated, &computed, k) ? printed : text);
    RN_WITNESS(out, "if player 2 bans %d, the second bans that win: %s; %d as a first ban %s", b1, text, x,
             a.first[x] ? "wins" : "does not win");
}

static void table27(claim_report *r, int twist)
{
    rn_grid g;
    rn_grid_load(&g, "table-27");
    /* twist: maximum move 7, 8 chips, against player 2's ban of 1 (the
     * row 7-8, whose cells no text of the thesis disputes): 3+5. */
    if (twist)
        rn_set_cell(&g, ptable_row(&g, "7-8"), 0, "3+5");
    game_cache c = {.have = false};
    rn_compare_grid(r, 0, &g, table27_cell, &c);
    cache_free(&c);
    rn_grid_free(&g);
}

/* ---- Table 25: bans, then the previous take restricted ---- */

static void previous_cell(void *arg, const rn_grid *g, int i, int j, const char *printed, rn_cell_out *out)
{
    (void)printed;
    int k = rn_label_number(g->row_label[i]), pile = rn_label_number(g->col_label[j]);
    const rn_solved *s = solve_bans(arg, rn_label_number(g->col_label[g->cols - 1]), k, "1-2-1-2", "previous");
    int w = winner(s, pile, 1);
    RN_VALUE(out, "%d", w);
    RN_WITNESS(out, "bans in the order 1-2-1-2, k = %d, %d chips, the previous take restricted", k, pile);
    bans_command(pile, k, "1-2-1-2", "previous", out);
    RN_SHOWS(out, "(%d): the player to move %s", pile, w == 1 ? "wins" : "loses");
}

static void table25(claim_report *r, int twist) { compare_table(r, "table-25", previous_cell, twist); }

/* ---- Table 28: bans chosen at once ---- */

/* Whether the printed decimal `text` is the exact value num/den: equal
 * when printed as a whole number, and equal once rounded to the printed
 * places otherwise (the table prints 0.333 for 1/3).  False when the
 * text is not a decimal. */
static bool decimal_matches(const char *text, int64_t num, int64_t den)
{
    int sign = 1, places = 0;
    const char *p = text;
    if (*p == '-') {
        sign = -1;
        p++;
    }
    int64_t digits = 0;
    bool any = false, point = false;
    for (; *p; p++) {
        if (*p == '.' && !point) {
            point = true;
            continue;
        }
        if (*p < '0' || *p > '9' || digits > 100000000)
            return false;
        digits = digits * 10 + (*p - '0');
        places += point;
        any = true;
    }
    if (!any)
        return false;
    int64_t scale = 1;
    for (int i = 0; i < places; i++)
        scale *= 10;
    /* |num/den - sign*digits/scale| <= 1/(2 scale), exactly 0 for no places. */
    __int128 diff = (__int128)num * scale - (__int128)sign * digits * den;
    if (diff < 0)
        diff = -diff;
    return places == 0 ? diff == 0 : 2 * diff <= (__int128)den;
}

static void simultaneous_cell(void *arg, const rn_grid *g, int i, int j, const char *printed, rn_cell_out *out)
{
    int pile = rn_label_number(g->row_label[i]), k = rn_label_number(g->col_label[j]);
    char kt[16];
    snprintf(kt, sizeof kt, "%d", k);
    /* One game a column: every pile of the table at once. */
    int bound = rn_label_number(g->row_label[g->rows - 1]);
    const rn_solved *s =
        cached(arg, "banned-nim-simultaneous", bound, (const char *const[]){"max-move", kt, "bans", "2", NULL});
    int64_t num, den;
    claim_probability64(&s->table, rn_rank(s, &pile, 1, 0), &num, &den);
    /* The thesis' value: 2p - 1, from -1 (player 2 always wins) to 1. */
    int64_t vnum = 2 * num - den, vden = den;
    if (printed && decimal_matches(printed, vnum, vden))
        RN_VALUE(out, "%s", printed);
    else if (vden == 1)
        RN_VALUE(out, "%lld", (long long)vnum);
    else
        RN_VALUE(out, "%lld/%lld", (long long)vnum, (long long)vden);
    RN_WITNESS(out, "k = %d, %d chips: player 1 wins with probability %lld/%lld, value 2p - 1 = %lld/%lld", k,
             pile, (long long)num, (long long)den, (long long)vnum, (long long)vden);
    RN_COMMAND(out, "verifier value %d --game banned-nim-simultaneous --max-move %d --bans 2", pile, k);
    if (den == 1)
        RN_SHOWS(out, "(%d): the player to move wins with probability %lld ", pile, (long long)num);
    else
        RN_SHOWS(out, "(%d): the player to move wins with probability %lld/%lld ", pile, (long long)num,
                 (long long)den);
}

static void table28(claim_report *r, int twist)
{
    rn_grid g;
    rn_grid_load(&g, "table-28");
    if (twist)
        rn_set_cell(&g, 0, 0, "0.5");
    /* Column by column, so that each column's game is solved once. */
    game_cache c = {.have = false};
    rn_compare_grid_by_column(r, 0, &g, simultaneous_cell, &c);
    cache_free(&c);
    rn_grid_free(&g);
}

/* ---- the text of Section 6.2 ---- */

/* One statement of the text: a case, and a mismatch when it is not so
 * (found is the text of what was found, freed here). */
static void expect(claim_report *r, int part, bool holds, const char *where, const char *stated, char *found,
                   const char *note)
{
    claim_cases(r, part, 1);
    if (!holds)
        claim_mismatch_at(r, part, where, stated, found, note);
    free(found);
}

/* expect(), and where it does not hold, the command that shows the bans
 * that win at `pile` and a text of its output. */
static void expect_shown(claim_report *r, int part, bool holds, const char *where, const char *stated, char *found,
                         int pile, int k, const char *order, const char *restriction, const char *shows)
{
    expect(r, part, holds, where, stated, found, "");
    if (holds)
        return;
    char *command = claim_printf("verifier value %d --game banned-nim --max-move %d --order %s --restriction %s", pile, k,
                                 order, restriction);
    claim_mismatch_replay(r, command, shows);
    free(command);
}

/* The piles lo..hi player 1 wins under `order` (k = 5), as a bit set
 * and a list. */
static uint64_t wins_of(game_cache *c, const char *order, int lo, int hi, char *list, size_t len)
{
    const rn_solved *s = solve_bans(c, hi, 5, order, "none");
    uint64_t set = 0;
    const char *sep = "";
    for (int pile = lo; pile <= hi; pile++)
        if (winner(s, pile, first_banner(order)) == 1) {
            set |= 1ull << pile;
            if (list) {
                rn_append(list, len, "%s%d", sep, pile);
                sep = ", ";
            }
        }
    if (list && !*sep)
        rn_append(list, len, "none");
    return set;
}

static int count_bits(uint64_t set)
{
    return __builtin_popcountll(set);
}

/* Orders of two bans each: "1-2-1-2" and so on. */
static void rule62_orders(claim_report *r, game_cache *c, int twist)
{
    char a[512] = "", where[64];
    /* "When playing with more than five chips most of the cases are won by
     * the second player" (order 1-2-1-2, Table 20). */
    uint64_t w1212 = wins_of(c, "1-2-1-2", 6, 25, a, sizeof a);
    bool most2 = count_bits(w1212) * 2 < 20;
    expect(r, 0, twist ? !most2 : most2, "piles 6..25, order 1-2-1-2, k = 5", "most won by player 2",
           claim_printf("%d of 20 won by player 1: %s", count_bits(w1212), a), "");
    /* "if we look at the results for piles larger than five chips, the
     * starting player will almost always win" (order 2-1-2-1, Table 21). */
    a[0] = '\0';
    uint64_t w2121 = wins_of(c, "2-1-2-1", 6, 25, a, sizeof a);
    bool most1 = count_bits(w2121) * 2 > 20;
    expect(r, 1, twist ? !most1 : most1, "piles 6..25, order 2-1-2-1, k = 5", "almost all won by player 1",
           claim_printf("%d of 20 won by player 1: %s", count_bits(w2121), a), "");
    /* "There is only one difference, which is the case where the second
     * player makes the last ban and there are six chips on the pile.  In
     * the case where the order of banning is 2-1-1-2 the first player can
     * win, as opposed to ... 1-2-1-2 ... In all other instances the
     * results are the same" (Table 22 against Tables 20 and 21). */
    uint64_t w2112 = wins_of(c, "2-1-1-2", 0, 25, NULL, 0), w1221 = wins_of(c, "1-2-2-1", 0, 25, NULL, 0);
    uint64_t all1212 = wins_of(c, "1-2-1-2", 0, 25, NULL, 0), all2121 = wins_of(c, "2-1-2-1", 0, 25, NULL, 0);
    uint64_t stated = twist ? 1ull << 7 : 1ull << 6;
    for (int pile = 0; pile <= 25; pile++) {
        snprintf(where, sizeof where, "%d chips, k = 5", pile);
        bool differ = ((w2112 ^ all1212) >> pile) & 1;
        bool should = (stated >> pile) & 1;
        expect(r, 2, differ == should && (!should || ((w2112 >> pile) & 1)), where,
               should ? "2-1-1-2 won by player 1, 1-2-1-2 by player 2" : "2-1-1-2 and 1-2-1-2 won by the same player",
               claim_printf("%s", differ ? "they differ" : "the same player"), "");
        bool differ2 = ((w1221 ^ all2121) >> pile) & 1;
        expect(r, 2, !differ2, where, "1-2-2-1 and 2-1-2-1 won by the same player",
               claim_printf("%s", differ2 ? "they differ" : "the same player"), "");
    }
}

/* Player 1 makes all his bans first (Table 23). */
static void rule62_all_first(claim_report *r, game_cache *c, int twist)
{
    char a[512] = "", b[512] = "";
    /* "If we compare these results to the results of Table 20 we can see
     * that when both players get to ban two moves, the games the first
     * player will win are the same." */
    uint64_t w1122 = wins_of(c, "1-1-2-2", 0, 35, a, sizeof a);
    uint64_t w1212 = wins_of(c, "1-2-1-2", 0, 35, b, sizeof b);
    expect(r, 3, twist ? w1122 != w1212 : w1122 == w1212, "piles 0..35, k = 5",
           "the same piles won by player 1 under 1-1-2-2 and 1-2-1-2", claim_printf("1-1-2-2: %s; 1-2-1-2: %s", a, b),
           "");
    /* "the games that can be won by the first player with three bans can
     * also be won with only two bans ... However, there is now a game which
     * the first player could not win before, the game with 34 chips". */
    char c3[512] = "", c4[512] = "";
    uint64_t w3 = wins_of(c, "1-1-1-2-2-2", 0, 35, c3, sizeof c3);
    uint64_t w4 = wins_of(c, "1-1-1-1-2-2-2-2", 0, 35, c4, sizeof c4);
    uint64_t new4 = w4 & ~(w1122 | w3), want = twist ? 1ull << 33 : 1ull << 34;
    expect(r, 4, (w3 & ~w1122) == 0, "piles 0..35, k = 5", "every pile won with three bans each is won with two",
           claim_printf("two bans: %s; three: %s", a, c3), "");
    expect(r, 4, new4 == want, "piles 0..35, k = 5",
           twist ? "four bans win 33 chips, and no other pile two or three bans lose"
                 : "four bans win 34 chips, and no other pile two or three bans lose",
           claim_printf("four bans: %s; two: %s; three: %s", c4, a, c3), "");
    /* "If we would increase the number of bans to five, the first player
     * will lose every game because all of his options will be banned". */
    char c5[512] = "";
    uint64_t w5 = wins_of(c, "1-1-1-1-1-2-2-2-2-2", 0, 35, c5, sizeof c5);
    expect(r, 5, twist ? w5 != 0 : w5 == 0, "piles 0..35, k = 5, five bans each", "player 1 loses every pile",
           claim_printf("player 1 wins: %s", c5), "");
}

/* Which two bans win (Table 24, k = 3..7, piles 3..30). */
static void rule62_ban_one(claim_report *r, game_cache *c, int twist)
{
    int winnable = 0, with_12 = 0, can_34 = 0, must_34 = 0;
    for (int k = 3; k <= 7; k++)
        for (int pile = 3; pile <= 30; pile++) {
            ban_analysis a;
            analyse_bans(solve_bans(c, 30, k, "1-2-1-2", "none"), pile, k, &a);
            /* "In most of the cases using the second ban to restrict taking
             * two chips for the second player seems to be the ban that
             * results in the starting player winning.  This is not always
             * the case, though, sometimes the second ban can be, or has to
             * be, taking three or four chips." */
            bool any = false, p34 = a.pair[1][3] || (k >= 4 && a.pair[1][4]);
            for (int x = 1; x <= k; x++)
                for (int y = 1; y <= k; y++)
                    any = any || a.pair[x][y];
            winnable += any;
            with_12 += a.pair[1][2];
            can_34 += p34 && a.pair[1][2];
            must_34 += p34 && !a.pair[1][2];
            char where[64], pairs[RN_VALUE_MAX] = "";
            ban_cell cell;
            ban_cell_of(&a, false, &cell, pairs, sizeof pairs);
            snprintf(where, sizeof where, "%d chips, k = %d, order 1-2-1-2", pile, k);
            /* "If it is possible for the starting player to win it is almost
             * always required that he bans taking one chip for the other
             * player.  The only cases in the table where it is not required
             * is when the number of chips on the pile is smaller than or
             * equal to the number of maximum chips ...  There is one more
             * case, when there are 23 chips on the pile and the maximum
             * number of chips a player can take is 3." */
            bool without_one = false;
            for (int x = 2; x <= k; x++)
                for (int y = x + 1; y <= k; y++)
                    without_one = without_one || a.pair[x][y];
            /* twist: no exception for piles of at most k chips. */
            bool named = (pile <= k && !twist) || (pile == 23 && k == 3);
            char *shows = claim_printf("- none): %s", pairs);
            expect_shown(r, 6, !without_one || named, where,
                         "every winning pair bans 1 (only piles of at most k chips, and 23 chips with k = 3, excepted)",
                         claim_printf("winning pairs: %s", pairs), pile, k, "1-2-1-2", "none", shows);
            free(shows);
            /* "Here any possible combination of bans will result in a win for
             * the first player, however there are only three possible
             * combinations." */
            if (pile == 23 && k == 3)
                expect(r, 7, a.pair[1][2] && a.pair[1][3] && a.pair[2][3] && !twist, where,
                       "all three pairs 1+2, 1+3, 2+3 win", claim_printf("winning pairs: %s", pairs), "");
        }
    /* twist: at most half. */
    expect(r, 8, (2 * with_12 > winnable) != (twist != 0), "Table 24's cells, k = 3..7, piles 3..30",
           twist ? "1+2 wins in at most half of the cells won" : "1+2 wins in most of the cells won",
           claim_printf("1+2 wins in %d of the %d cells some pair wins", with_12, winnable), "");
    /* twist: never. */
    expect(r, 9, (can_34 > 0 && must_34 > 0) != (twist != 0), "Table 24's cells, k = 3..7, piles 3..30",
           twist ? "the second ban never is 3 or 4" : "the second ban can be 3 or 4 (beside 1+2), and in some cells has to be",
           claim_printf("1+3 or 1+4 wins beside 1+2 in %d cells, instead of it in %d", can_34, must_34), "");
}

static void rule62(claim_report *r, int twist)
{
    game_cache c = {.have = false};
    rule62_orders(r, &c, twist);
    rule62_all_first(r, &c, twist);
    rule62_ban_one(r, &c, twist);
    cache_free(&c);
}

/* "it is usually an advantage to be the starting player ... if we look at
 * the results where the maximum move is 4 or higher, the values are mostly
 * either 0 or a positive value.  There are still cases where player 2 will
 * always be able to win but if no player is guaranteed a victory the odds
 * are either equal or in favour of player 1" (Table 28's games: piles
 * 3..30, k = 3..7). */
static void rule622(claim_report *r, int twist)
{
    game_cache c = {.have = false};
    int above = 0, below = 0, at_least = 0, all4 = 0;
    for (int k = 3; k <= 7; k++) {
        char kt[16];
        snprintf(kt, sizeof kt, "%d", k);
        const rn_solved *s =
            cached(&c, "banned-nim-simultaneous", 30, (const char *const[]){"max-move", kt, "bans", "2", NULL});
        for (int pile = 3; pile <= 30; pile++) {
            int64_t num, den;
            claim_probability64(&s->table, rn_rank(s, &pile, 1, 0), &num, &den);
            int64_t v = 2 * num - den; /* the sign of 2p - 1 */
            above += v > 0;
            below += v < 0;
            if (k < 4)
                continue;
            all4++;
            at_least += v >= 0;
            /* Neither player sure to win: -1 < 2p - 1 < 1. */
            if (num > 0 && num < den) {
                char where[64];
                snprintf(where, sizeof where, "k = %d, %d chips", k, pile);
                /* twist: in favour of player 2. */
                expect(r, 2, (v >= 0) != (twist != 0), where,
                       twist ? "odds in favour of player 2" : "odds equal or in favour of player 1",
                       claim_printf("2p - 1 = %lld/%lld", (long long)v, (long long)den), "");
            }
        }
    }
    expect(r, 0, (above > below) != (twist != 0), "piles 3..30, k = 3..7",
           twist ? "no more values above 0 than below" : "more values above 0 than below",
           claim_printf("%d above 0, %d below", above, below), "");
    expect(r, 1, (2 * at_least > all4) != (twist != 0), "piles 3..30, k = 4..7",
           twist ? "at most half the values 0 or above" : "most values 0 or above",
           claim_printf("%d of %d", at_least, all4), "");
    cache_free(&c);
}

/* "So the order of banning moves did not matter as long as the second
 * player was able to be the last player to ban a move", as printed: every
 * order of two bans each in which player 2 bans last (1-2-1-2, 2-1-1-2,
 * 1-1-2-2) gives player 1 the same piles (twist: 2-1-2-1, in which player
 * 1 bans last, too). */
static void rule62_literal(claim_report *r, int twist)
{
    game_cache c = {.have = false};
    static const char *const orders[] = {"1-2-1-2", "2-1-1-2", "1-1-2-2", "2-1-2-1"};
    int n = twist ? 4 : 3;
    uint64_t won[4];
    for (int i = 0; i < n; i++)
        won[i] = wins_of(&c, orders[i], 0, 35, NULL, 0);
    for (int pile = 0; pile <= 35; pile++) {
        bool same = true;
        char found[256] = "", where[64];
        for (int i = 0; i < n; i++) {
            same = same && ((won[i] >> pile) & 1) == ((won[0] >> pile) & 1);
            rn_append(found, sizeof found, "%s%s: player %d", i ? ", " : "", orders[i], (won[i] >> pile) & 1 ? 1 : 2);
        }
        snprintf(where, sizeof where, "%d chips, k = 5", pile);
        expect(r, 0, same, where, "the same winner whatever the order, player 2 banning last",
               claim_printf("%s", found), "");
    }
    cache_free(&c);
}

/* ---- the text of Section 6.2.1 ---- */

/* What a pile's analysis offers player 1: the winning pairs and the first
 * bans that win only with a second ban chosen later (the entries of Tables
 * 24 and 26), and whether he can win without ever banning 1 (a first ban
 * other than 1 that wins, with a second ban other than 1 against every
 * ban of player 2). */
static int options_of(const ban_analysis *a)
{
    int n = 0;
    for (int x = 1; x <= a->k; x++) {
        n += a->star[x];
        for (int y = x + 1; y <= a->k; y++)
            n += a->pair[x][y];
    }
    return n;
}

static bool wins_without_one(const ban_analysis *a)
{
    for (int x = 2; x <= a->k; x++) {
        bool all = a->first[x];
        for (int b1 = 1; b1 <= a->k && all; b1++) {
            bool some = false;
            for (int y = 2; y <= a->k; y++)
                some = some || (y != x && a->wins[x][b1][y]);
            all = some;
        }
        if (all)
            return true;
    }
    return false;
}

/* "Not only does the starting player win a substantial number of games
 * that he previously lost but he also has more options for winning games.
 * It is still usually a good move to ban playing 1 chip for the other
 * player, but there are more cases where this is not necessary" (Table
 * 26 against Table 24: k = 3..7, piles 3..30). */
static void more_options(claim_report *r, two_caches *c, int twist)
{
    int opt_with = 0, opt_without = 0, free_with = 0, free_without = 0;
    for (int k = 3; k <= 7; k++)
        for (int pile = 3; pile <= 30; pile++) {
            ban_analysis re, fr;
            analyse_bans(solve_bans(&c->restricted, 30, k, "1-2-1-2", "previous"), pile, k, &re);
            analyse_bans(solve_bans(&c->free_play, 30, k, "1-2-1-2", "none"), pile, k, &fr);
            opt_with += options_of(&re);
            opt_without += options_of(&fr);
            free_with += wins_without_one(&re);
            free_without += wins_without_one(&fr);
        }
    /* twist: fewer or as many. */
    expect(r, 5, (opt_with > opt_without) != (twist != 0), "k = 3..7, piles 3..30",
           twist ? "no more winning options with the restriction" : "more winning options with the restriction",
           claim_printf("%d winning pairs and adaptive first bans with it, %d without", opt_with, opt_without), "");
    expect(r, 6, (free_with > free_without) != (twist != 0), "k = 3..7, piles 3..30",
           twist ? "no more piles won without banning 1" : "more piles won without banning 1 with the restriction",
           claim_printf("%d piles with it, %d without", free_with, free_without), "");
}

static void rule621(claim_report *r, int twist)
{
    two_caches c = {{.have = false}, {.have = false}};
    /* "The number of games won by the first player is clearly higher than
     * before" (Table 25 against the same bans without the restriction). */
    int with = 0, without = 0, k_fewer = 0;
    char per_k[256] = "";
    int lost_k = 0, lost_pile = 0, lost_count = 0, without_one_k = 0, without_one_pile = 0;
    char lost_list[512] = "";
    for (int k = 3; k <= 7; k++) {
        const rn_solved *re = solve_bans(&c.restricted, 30, k, "1-2-1-2", "previous");
        const rn_solved *fr = solve_bans(&c.free_play, 30, k, "1-2-1-2", "none");
        int wk = 0, wo = 0;
        for (int pile = 0; pile <= 30; pile++) {
            bool w1 = winner(re, pile, 1) == 1, w0 = winner(fr, pile, 1) == 1;
            wk += w1;
            wo += w0;
            /* Cells of Tables 24/26 (piles 3..30) won without the
             * restriction and lost with it. */
            if (pile >= 3 && w0 && !w1) {
                if (lost_count++ == 0) {
                    lost_k = k;
                    lost_pile = pile;
                }
                rn_append(lost_list, sizeof lost_list, "%s%d chips k = %d", lost_count > 1 ? ", " : "", pile, k);
            }
            if (pile >= 3 && w1 && !without_one_k) {
                ban_analysis a;
                analyse_bans(re, pile, k, &a);
                bool one = a.first[1];
                for (int y = 2; y <= k; y++)
                    one = one || a.pair[1][y];
                if (!one) {
                    without_one_k = k;
                    without_one_pile = pile;
                }
            }
        }
        with += wk;
        without += wo;
        k_fewer += wk <= wo;
        rn_append(per_k, sizeof per_k, "%sk = %d: %d with, %d without", k > 3 ? "; " : "", k, wk, wo);
    }
    expect(r, 0, twist ? with <= without : with > without, "k = 3..7, piles 0..30, order 1-2-1-2",
           "player 1 wins more piles with the previous take restricted than without",
           claim_printf("%d with, %d without (%s)", with, without, per_k), "");
    if (!twist)
        claim_finding_add(r, "wins with and without the restriction", "%s", per_k);
    /* "There are even some cases where banning 1 does not result in a win
     * for the first player even though he could have won." */
    expect(r, 1, twist ? without_one_k == 0 : without_one_k != 0, "k = 3..7, piles 3..30",
           "a pile player 1 wins, though not with a ban of 1",
           without_one_k ? claim_printf("%d chips, k = %d: no winning ban includes 1", without_one_pile, without_one_k)
                         : claim_printf("none"),
           "");
    /* "For example the case with a maximum move of 4 and a pile size of 28
     * the first player can win by first banning 4 for the second player
     * ... If the second player bans either 2 or 3 the first player needs
     * to ban 1 using his second ban.  If the second player bans either 1 or
     * 4, the first player needs to ban 3." */
    ban_analysis a;
    analyse_bans(solve_bans(&c.restricted, 30, 4, "1-2-1-2", "previous"), 28, 4, &a);
    expect(r, 2, a.first[4] != (twist != 0), "28 chips, k = 4, the previous take restricted",
           "player 1 wins by banning 4 first", claim_printf("%s", a.first[4] ? "he does" : "he does not"), "");
    for (int b1 = 1; b1 <= 4; b1++) {
        int needed = (b1 == 2 || b1 == 3) ? 1 : 3;
        char where[96], text[RN_VALUE_MAX] = "";
        snprintf(where, sizeof where, "28 chips, k = 4, first ban 4, player 2 bans %d", b1);
        ban_answers_text(&a, 4, b1, text, sizeof text);
        bool only = a.wins[4][b1][needed];
        for (int y = 1; y <= 4; y++)
            only = only && (y == needed || !a.wins[4][b1][y]);
        char *stated = claim_printf("the second ban must be %d (4+%d)", needed, needed);
        char *shows = claim_printf("if player 2 bans %d: %s", b1, text);
        expect_shown(r, 2, only, where, stated, claim_printf("the second bans that win: %s", text), 28, 4, "1-2-1-2",
                     "previous", shows);
        free(shows);
        free(stated);
    }
    /* "The starting player can usually still win by using a different
     * combination of bans even if he has to make all of his bans before
     * the second player, this is not the case when the maximum move is 5
     * and the number of chips is 17 and when the maximum move is 6 and the
     * number of chips is 20." */
    for (int k = 3; k <= 7; k++)
        for (int pile = 3; pile <= 30; pile++) {
            analyse_bans(solve_bans(&c.restricted, 30, k, "1-2-1-2", "previous"), pile, k, &a);
            bool star = false, fixed = false;
            for (int x = 1; x <= k; x++) {
                star = star || a.star[x];
                for (int y = 1; y <= k; y++)
                    fixed = fixed || a.pair[x][y];
            }
            if (!star)
                continue;
            bool named = (k == 5 && pile == 17) || (k == 6 && pile == 20) || (twist && k == 7 && pile == 8);
            char where[64], text[RN_VALUE_MAX] = "";
            ban_cell cell;
            ban_cell_of(&a, false, &cell, text, sizeof text);
            snprintf(where, sizeof where, "%d chips, k = %d", pile, k);
            expect(r, 3, named == !fixed, where,
                   named ? "a * case where no pair of bans made first wins" : "a * case where some pair also wins",
                   claim_printf("winning bans: %s", text), "");
        }
    /* "this is the case where the maximum move is 5 and the number of chips
     * on the pile is 27.  This is the only case in the table which used to
     * be a winning position for the starting player but is not any more". */
    bool only = lost_count == 1 && lost_k == (twist ? 4 : 5) && lost_pile == 27;
    expect(r, 4, only, "k = 3..7, piles 3..30", "27 chips, k = 5, alone", claim_printf("%s", lost_count ? lost_list : "none"),
           "");
    more_options(r, &c, twist);
    cache_free(&c.restricted);
    cache_free(&c.free_play);
}

/* ---- the claims ---- */

#define BAN_CLAIM(fn)                                            \
    static void claim_##fn(const claim_ctx *ctx, claim_report *r) \
    {                                                            \
        (void)ctx;                                               \
        fn(r, 0);                                                \
    }
BAN_CLAIM(table20)
BAN_CLAIM(table21)
BAN_CLAIM(table22)
BAN_CLAIM(table23)
BAN_CLAIM(table24)
BAN_CLAIM(table25)
BAN_CLAIM(table26)
BAN_CLAIM(table27)
BAN_CLAIM(table28)
BAN_CLAIM(rule62)
BAN_CLAIM(rule621)
BAN_CLAIM(rule62_literal)
BAN_CLAIM(rule622)

#define WINNER_PARTS {"cells as printed (1: the player who moves first in the Nim game wins; 2: the other)"}

const claim_def claim_rn_table20 = {
    .id = "rn/table-20",
    .truth = CLAIM_WHOLE,
    .game = "banned-nim",
    .source = "Huibers, Section 6.2, Table 20",
    .statement = "With one pile of 0..25 chips, moves of at most 5, and two bans each in the order 1-2-1-2, the "
                 "winner is as printed in Table 20.",
    .domain = "the table's cells: piles 0..25",
    .parts = WINNER_PARTS,
    .check_games = claim_table20,
    .sizes_help = "fixed",
};

const claim_def claim_rn_table21 = {
    .id = "rn/table-21",
    .truth = CLAIM_WHOLE,
    .game = "banned-nim",
    .source = "Huibers, Section 6.2, Table 21",
    .statement = "The same with the bans in the order 2-1-2-1: the winner is as printed in Table 21.",
    .domain = "the table's cells: piles 0..25",
    .parts = WINNER_PARTS,
    .check_games = claim_table21,
    .sizes_help = "fixed",
};

const claim_def claim_rn_table22 = {
    .id = "rn/table-22",
    .truth = CLAIM_WHOLE,
    .game = "banned-nim",
    .source = "Huibers, Section 6.2, Table 22",
    .statement = "The same with the bans in the orders 2-1-1-2 and 1-2-2-1: the winner is as printed in Table 22.",
    .domain = "the table's cells: both orders, piles 0..25",
    .parts = WINNER_PARTS,
    .check_games = claim_table22,
    .sizes_help = "fixed",
};

const claim_def claim_rn_table23 = {
    .id = "rn/table-23",
    .truth = CLAIM_WHOLE,
    .game = "banned-nim",
    .source = "Huibers, Section 6.2, Table 23",
    .statement = "When player 1 makes all his bans before player 2 makes hers (2, 3 or 4 bans each, moves of at "
                 "most 5), the piles of 0..35 chips player 1 wins are those listed in Table 23.",
    .domain = "the table's rows: 2, 3 and 4 bans each; piles 0..35",
    .parts = {"the lists as printed"},
    .check_games = claim_table23,
    .sizes_help = "fixed",
};

const claim_def claim_rn_table24 = {
    .id = "rn/table-24",
    .truth = CLAIM_WHOLE,
    .game = "banned-nim",
    .source = "Huibers, Section 6.2, Table 24",
    .statement = "With one pile of 3..30 chips, moves of at most 3..7 and two bans each in the order 1-2-1-2, the "
                 "pairs x+y of bans with which the starting player wins are those printed in Table 24 (- where none "
                 "does); read as the pairs that win whatever the other player bans in between.",
    .domain = "the table's cells: piles 3..30 by k = 3..7",
    .parts = {"cells as printed"},
    .check_games = claim_table24,
    .sizes_help = "fixed",
};

const claim_def claim_rn_table25 = {
    .id = "rn/table-25",
    .truth = CLAIM_WHOLE,
    .game = "banned-nim",
    .source = "Huibers, Section 6.2.1, Table 25",
    .statement = "With two bans each in the order 1-2-1-2 and then the number just taken restricted during play, "
                 "the winner on one pile of 0..30 chips, for moves of at most 3..7, is as printed in Table 25.",
    .domain = "the table's cells: k = 3..7 by piles 0..30",
    .parts = WINNER_PARTS,
    .check_games = claim_table25,
    .sizes_help = "fixed",
};

const claim_def claim_rn_table26 = {
    .id = "rn/table-26",
    .truth = CLAIM_WHOLE,
    .game = "banned-nim",
    .source = "Huibers, Section 6.2.1, Table 26",
    .statement = "With two bans each in the order 1-2-1-2 and the number just taken restricted during play, the bans "
                 "with which the starting player wins on one pile of 3..30 chips, moves of at most 3..7, are those "
                 "printed in Table 26: pairs x+y that win whatever player 2 bans in between, a lone x for every "
                 "pair with x, x* for a first ban that wins only with a second ban chosen after player 2's, - "
                 "where none wins, -* where none wins but did without the restriction during play.",
    .domain = "the table's cells: piles 3..30 by k = 3..7",
    .parts = {"cells as printed"},
    .check_games = claim_table26,
    .sizes_help = "fixed",
};

const claim_def claim_rn_table27 = {
    .id = "rn/table-27",
    .truth = CLAIM_WHOLE,
    .game = "banned-nim",
    .source = "Huibers, Section 6.2.1, Table 27",
    .statement = "In the cases of Table 26 where the starting player's second ban depends on player 2's first ban "
                 "(k-chips: 4-28, 5-17, 6-20, 7-8, 7-15), after the row's first ban x the second bans that win "
                 "against each first ban of player 2 are those printed in Table 27 (x+y; a lone x: any; -: none, "
                 "or no such ban).",
    .domain = "the table's cells: the five rows by player 2's ban 1..7",
    .parts = {"cells as printed"},
    .check_games = claim_table27,
    .sizes_help = "fixed",
};

const claim_def claim_rn_rule62 = {
    .id = "rn/rule-6.2",
    .truth = CLAIM_WHOLE,
    .game = "banned-nim",
    .source = "Huibers, Section 6.2, the text around Tables 20-24",
    .statement = "Banning two moves each (moves of at most 5, one pile): above five chips the second player wins "
                 "most piles in the order 1-2-1-2 and the first player almost all in 2-1-2-1; 2-1-1-2 differs from "
                 "1-2-1-2 only at 6 chips (won by player 1) and 1-2-2-1 never from 2-1-2-1; player 1 making both "
                 "bans first wins the same piles as 1-2-1-2; with three bans each player 1 wins only piles he wins "
                 "with two, with four he wins 34 chips, which neither wins, and with five he loses every pile; and "
                 "(Table 24) a winning pair of bans always bans 1, except on piles of at most k chips and at 23 "
                 "chips with k = 3, where all three pairs win; in most cells won the second ban is 2 (1+2), and "
                 "\"sometimes the second ban can be, or has to be, taking three or four chips\".",
    .domain = "the ranges the text speaks of: k = 5, piles 0..25 (orders, Tables 20-22) and 0..35 (bans made first, "
              "Table 23); Table 24's piles 3..30 by k = 3..7",
    .parts = {"1-2-1-2 above five chips: mostly player 2", "2-1-2-1 above five chips: mostly player 1",
              "2-1-1-2 differs from 1-2-1-2 only at 6 chips; 1-2-2-1 is 2-1-2-1", "1-1-2-2 wins as 1-2-1-2",
              "three bans win only what two do; four win 34 chips, newly", "five bans each: player 1 loses every pile",
              "a winning pair bans 1, but on piles <= k and at 23 chips with k = 3",
              "23 chips, k = 3: all three pairs win", "1+2 wins in most of Table 24's cells won",
              "the second ban can be, or has to be, 3 or 4"},
    .check_games = claim_rule62,
    .sizes_help = "fixed",
    .erratum = {.grade = CLAIM_GRADE_WORDING,
                .evidence = "Table 24, which the sentence describes, prints 11 chips with k = 3 as \"2+3\", the only "
                            "winning pair, as computed: the thesis' own table has the exception",
                .correction = "a winning pair always bans 1, except on piles of at most k chips, at 11 chips with k = "
                              "3 (2+3 alone) and at 23 chips with k = 3 (all three pairs)"},
};

const claim_def claim_rn_rule621 = {
    .id = "rn/rule-6.2.1",
    .truth = CLAIM_WHOLE,
    .game = "banned-nim",
    .source = "Huibers, Section 6.2.1, the text around Tables 25-27",
    .statement = "Banning two moves each in the order 1-2-1-2 and then restricting the number just taken: the first "
                 "player wins more piles than without the restriction; on some pile he wins, no winning ban "
                 "includes 1; at 28 chips with k = 4 he wins by banning 4 first and then 1 if player 2 banned 2 or "
                 "3, 3 if she banned 1 or 4; of the cases whose second ban depends on player 2's, only 17 chips "
                 "with k = 5 and 20 chips with k = 6 have no pair of bans that wins when made first; and 27 chips "
                 "with k = 5 is the only pile of Tables 24 and 26 won without the restriction and lost with it; and "
                 "with the restriction \"he also has more options for winning games\" and \"there are more cases "
                 "where [banning 1] is not necessary\".",
    .domain = "the range the text speaks of: k = 3..7, piles 0..30 (Tables 24-26)",
    .parts = {"more piles won with the restriction", "some pile won, but not by banning 1",
              "28 chips, k = 4: first ban 4, then 1 against 2 or 3, 3 against 1 or 4",
              "the * cases with no winning pair: 17 chips k = 5, 20 chips k = 6",
              "27 chips, k = 5: the only pile lost to the restriction",
              "more winning options with the restriction", "more piles won without banning 1 with it"},
    .check_games = claim_rule621,
    .sizes_help = "fixed",
    .erratum = {.grade = CLAIM_GRADE_WORDING,
                .evidence = "Table 27, which the sentence introduces, prints row 4-28 as 4+1 against player 2's ban "
                            "of 1, 4+3 against 2 and 3, and 4+1 against 4, as computed: the text has the answers the "
                            "wrong way round",
                .correction = "at 28 chips with k = 4 the first player bans 4 first, then 3 if player 2 banned 2 or 3, "
                              "and 1 if she banned 1 or 4, as Table 27 prints"},
};

const claim_def claim_rn_rule62_literal = {
    .id = "rn/rule-6.2/literal",
    .truth = CLAIM_WHOLE,
    .game = "banned-nim",
    .source = "Huibers, Section 6.2: \"So the order of banning moves did not matter as long as the second player was "
              "able to be the last player to ban a move\"",
    .statement = "As printed: with two bans each and moves of at most 5, every order in which player 2 bans last "
                 "(1-2-1-2, 2-1-1-2, 1-1-2-2) gives player 1 the same piles.",
    .domain = "k = 5, piles 0..35 (the range of Table 23, which the sentence closes)",
    .parts = {"the same winner in every order with player 2 last"},
    .reading_of = "rn/rule-6.2",
    .reading_why = "the sentence closes the comparison of Table 23 (player 1 bans first) with Table 20 (1-2-1-2), "
                   "which agree; a page before, the text itself notes that 2-1-1-2 differs from 1-2-1-2 at 6 chips",
    .check_games = claim_rule62_literal,
    .sizes_help = "fixed",
};

const claim_def claim_rn_rule622 = {
    .id = "rn/rule-6.2.2",
    .truth = CLAIM_WHOLE,
    .game = "banned-nim-simultaneous",
    .source = "Huibers, Section 6.2.2, the text after Table 28",
    .statement = "With both players choosing their two bans at once: \"it is usually an advantage to be the starting "
                 "player\" (more of Table 28's values above 0 than below); with a maximum move of 4 or more \"the "
                 "values are mostly either 0 or a positive value\", and \"if no player is guaranteed a victory the "
                 "odds are either equal or in favour of player 1\".",
    .domain = "Table 28's games: piles 3..30, k = 3..7; exact values",
    .parts = {"more values above 0 than below", "k >= 4: most values 0 or above",
              "k >= 4: no player sure to win: the value 0 or above"},
    .check_games = claim_rule622,
    .sizes_help = "fixed",
};

const claim_def claim_rn_table28 = {
    .id = "rn/table-28",
    .truth = CLAIM_WHOLE,
    .game = "banned-nim-simultaneous",
    .source = "Huibers, Section 6.2.2, Table 28",
    .statement = "When both players choose their two bans at once, the value of the game (2p - 1, p the probability "
                 "that player 1 wins under optimal mixed strategies) for piles of 3..30 and moves of at most 3..7 is "
                 "as printed in Table 28 (a printed decimal is the exact value rounded to its places).",
    .domain = "the table's cells: piles 3..30 by k = 3..7; exact values by the engine's exact matrix-game solver",
    .parts = {"cells as printed"},
    .check_games = claim_table28,
    .sizes_help = "fixed",
};

/* Every check here with its twist (rn_tables.h). */
const rn_check_entry rn_ban_checks[] = {
    {"rn/table-20", table20, NULL}, {"rn/table-21", table21, NULL}, {"rn/table-22", table22, NULL}, {"rn/table-23", table23, NULL}, {"rn/table-24", table24, NULL},
    {"rn/table-25", table25, NULL}, {"rn/table-26", table26, NULL}, {"rn/table-27", table27, NULL}, {"rn/table-28", table28, NULL},
    {"rn/rule-6.2", rule62, NULL},  {"rn/rule-6.2.1", rule621, NULL}, {"rn/rule-6.2/literal", rule62_literal, NULL},
    {"rn/rule-6.2.2", rule622, NULL}, {NULL, NULL, NULL},
};
