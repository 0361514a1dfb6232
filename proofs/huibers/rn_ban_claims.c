/*
 * rn_ban_claims.c -- the tables of Huibers' Section 6.2 (banning moves
 * before play): who wins Nim on one pile after the players ban numbers for
 * each other in turn (Tables 20-23), with the previous take restricted too
 * (Table 25), and the value of the game when the bans are chosen at once
 * (Table 28), and which two bans win for the starting player (Table 24),
 * each cell against the engine's values of banned-nim and
 * banned-nim-simultaneous.  Tables 26 and 27 (which bans win with the
 * previous take restricted, and the second bans that answer the other
 * player's first) are transcribed but not yet claims.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
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

/* ---- Tables 20-22: rows a ban order, columns the pile ---- */

static void order_cell(void *arg, const rn_grid *g, int i, int j, char *value, size_t vlen, char *witness,
                       size_t wlen)
{
    const char *order = g->row_label[i];
    int pile = rn_label_number(g->col_label[j]);
    const rn_solved *s = solve_bans(arg, rn_label_number(g->col_label[g->cols - 1]), 5, order, "none");
    rn_append(value, vlen, "%d", winner(s, pile, first_banner(order)));
    rn_append(witness, wlen, "bans in the order %s, k = 5, %d chips", order, pile);
}

/* The twist of a table: its first readable cell changed (rn_tables.h). */
static void twist_first_cell(rn_grid *g)
{
    for (int k = 0; k < g->rows * g->cols; k++)
        if (strcmp(g->cell[k], "?") != 0) {
            const char *other = strcmp(g->cell[k], "1") == 0 ? "2" : "1";
            free(g->cell[k]);
            g->cell[k] = xstrdup(other, "a table");
            return;
        }
}

static void compare_table(claim_report *r, const char *name, rn_cell_fn fn, int twist)
{
    rn_grid g;
    rn_grid_load(&g, name);
    if (twist)
        twist_first_cell(&g);
    game_cache c = {.have = false};
    rn_compare_grid(r, 0, &g, fn, &c);
    cache_free(&c);
    rn_grid_free(&g);
}

static void table20(claim_report *r, int twist) { compare_table(r, "table-20", order_cell, twist); }
static void table21(claim_report *r, int twist) { compare_table(r, "table-21", order_cell, twist); }
static void table22(claim_report *r, int twist) { compare_table(r, "table-22", order_cell, twist); }

/* ---- Table 23: player 1 makes all his bans first ---- */

static void all_first_cell(void *arg, const rn_grid *g, int i, int j, char *value, size_t vlen, char *witness,
                           size_t wlen)
{
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
            rn_append(value, vlen, "%s%d", sep, pile);
            sep = ", ";
        }
    rn_append(witness, wlen, "bans in the order %s, k = 5, piles 0..%d: the piles player 1 wins", order, bound);
}

static void table23(claim_report *r, int twist)
{
    rn_grid g;
    rn_grid_load(&g, "table-23");
    if (twist) {
        free(g.cell[0]);
        g.cell[0] = xstrdup("3, 4, 5", "a table");
    }
    game_cache c = {.have = false};
    rn_compare_grid(r, 0, &g, all_first_cell, &c);
    cache_free(&c);
    rn_grid_free(&g);
}

/* ---- Table 24: the two bans that win ---- */

/* The children of rank, in the game's order. */
static int children_of(const rn_solved *s, uint64_t rank, game_move *out)
{
    return s->game->moves(s->game->data, rank, out);
}

/* Table 24 lists, for order 1-2-1-2, the pairs "x+y" player 1 bans to
 * win, with no footnote that the second depends on player 2's ban (Table
 * 26 marks those): read as the pairs that win whatever player 2 bans,
 * which are the winning pairs when player 1 makes both bans first (order
 * 1-1-2-2; the thesis: "when both players get to ban two moves, the games
 * the first player will win are the same").  From the start (player 1's
 * first ban, the bans x = 1..k in order), a pass (player 2), player 1's
 * second ban (y = 1..k but x, in order), then player 2's bans: the pair
 * wins when player 2, to move there, loses. */
static void winning_pairs(const rn_solved *s, int pile, int k, char *out, size_t len)
{
    game_move *first = xmalloc(sizeof *first * (size_t)s->game->max_moves, "a move list");
    game_move *second = xmalloc(sizeof *second * (size_t)s->game->max_moves, "a move list");
    game_move pass;
    const char *sep = "";
    int n1 = children_of(s, rn_rank(s, &pile, 1, 0), first);
    for (int i = 0; i < n1; i++) {
        int x = i + 1;
        if (children_of(s, first[i].child, &pass) != 1)
            die("internal error: banned-nim: no pass between player 1's bans");
        int n2 = children_of(s, pass.child, second);
        for (int j = 0; j < n2; j++) {
            int y = j + 1 >= x ? j + 2 : j + 1;
            if (y <= x || y > k)
                continue;
            if (table_outcome(&s->table, second[j].child) == OUTCOME_LOSS) {
                rn_append(out, len, "%s%d+%d", sep, x, y);
                sep = " or ";
            }
        }
    }
    if (!*sep)
        rn_append(out, len, "-");
    free(first);
    free(second);
}

static void pairs_cell(void *arg, const rn_grid *g, int i, int j, char *value, size_t vlen, char *witness,
                       size_t wlen)
{
    int pile = rn_label_number(g->row_label[i]), k = rn_label_number(g->col_label[j]);
    const rn_solved *s = solve_bans(arg, rn_label_number(g->row_label[g->rows - 1]), k, "1-1-2-2", "none");
    winning_pairs(s, pile, k, value, vlen);
    rn_append(witness, wlen, "k = %d, %d chips: the pairs after which player 2, to ban, loses (order 1-1-2-2)", k,
             pile);
}

static void table24(claim_report *r, int twist)
{
    rn_grid g;
    rn_grid_load(&g, "table-24");
    if (twist) {
        free(g.cell[0]);
        g.cell[0] = xstrdup("1+3", "a table");
    }
    game_cache c = {.have = false};
    rn_compare_grid_by_column(r, 0, &g, pairs_cell, &c);
    cache_free(&c);
    rn_grid_free(&g);
}

/* ---- Table 25: bans, then the previous take restricted ---- */

static void previous_cell(void *arg, const rn_grid *g, int i, int j, char *value, size_t vlen, char *witness,
                          size_t wlen)
{
    int k = rn_label_number(g->row_label[i]), pile = rn_label_number(g->col_label[j]);
    const rn_solved *s = solve_bans(arg, rn_label_number(g->col_label[g->cols - 1]), k, "1-2-1-2", "previous");
    rn_append(value, vlen, "%d", winner(s, pile, 1));
    rn_append(witness, wlen, "bans in the order 1-2-1-2, k = %d, %d chips, the previous take restricted", k, pile);
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

static void simultaneous_cell(void *arg, const rn_grid *g, int i, int j, char *value, size_t vlen, char *witness,
                              size_t wlen)
{
    int pile = rn_label_number(g->row_label[i]), k = rn_label_number(g->col_label[j]);
    char kt[16];
    snprintf(kt, sizeof kt, "%d", k);
    /* One game a column: every pile of the table at once. */
    int bound = rn_label_number(g->row_label[g->rows - 1]);
    const rn_solved *s =
        cached(arg, "banned-nim-simultaneous", bound, (const char *const[]){"max-move", kt, "bans", "2", NULL});
    int64_t num, den;
    table_probability(&s->table, rn_rank(s, &pile, 1, 0), &num, &den);
    /* The thesis' value: 2p - 1, from -1 (player 2 always wins) to 1. */
    int64_t vnum = 2 * num - den, vden = den;
    const char *printed = rn_cell(g, i, j);
    if (decimal_matches(printed, vnum, vden))
        rn_append(value, vlen, "%s", printed);
    else if (vden == 1)
        rn_append(value, vlen, "%lld", (long long)vnum);
    else
        rn_append(value, vlen, "%lld/%lld", (long long)vnum, (long long)vden);
    rn_append(witness, wlen, "k = %d, %d chips: player 1 wins with probability %lld/%lld, value 2p - 1 = %lld/%lld", k,
             pile, (long long)num, (long long)den, (long long)vnum, (long long)vden);
}

static void table28(claim_report *r, int twist)
{
    rn_grid g;
    rn_grid_load(&g, "table-28");
    if (twist) {
        free(g.cell[0]);
        g.cell[0] = xstrdup("0.5", "a table");
    }
    /* Column by column, so that each column's game is solved once. */
    game_cache c = {.have = false};
    rn_compare_grid_by_column(r, 0, &g, simultaneous_cell, &c);
    cache_free(&c);
    rn_grid_free(&g);
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
BAN_CLAIM(table28)

#define WINNER_PARTS {"cells as printed (1: the player who moves first in the Nim game wins; 2: the other)"}

const claim_def claim_rn_table20 = {
    .id = "rn/table-20",
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
    .game = "banned-nim",
    .source = "Huibers, Section 6.2.1, Table 25",
    .statement = "With two bans each in the order 1-2-1-2 and then the number just taken restricted during play, "
                 "the winner on one pile of 0..30 chips, for moves of at most 3..7, is as printed in Table 25.",
    .domain = "the table's cells: k = 3..7 by piles 0..30",
    .parts = WINNER_PARTS,
    .check_games = claim_table25,
    .sizes_help = "fixed",
};

const claim_def claim_rn_table28 = {
    .id = "rn/table-28",
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
    {"rn/table-20", table20}, {"rn/table-21", table21}, {"rn/table-22", table22}, {"rn/table-23", table23}, {"rn/table-24", table24},
    {"rn/table-25", table25}, {"rn/table-28", table28}, {NULL, NULL},
};
