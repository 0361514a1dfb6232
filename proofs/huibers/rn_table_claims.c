/*
 * rn_table_claims.c -- one claim a printed table of Huibers' thesis
 * (rn/table-N): every readable cell of the transcription
 * (proofs/huibers/tables/table-NN.tsv) against the engine's values of the
 * game the table describes, read as rn_tables.h says: each erratum a
 * mismatch with its witness, differences the damaged text explains
 * counted apart (GARBLED), cells not printed counted and never compared
 * (a table with none read is EMPTY).
 *
 * The other tables have files of their own: 10 (three players without a
 * ranking) rn_choice_claims.c, 20-28 (bans) rn_ban_claims.c, 29 (unknown
 * piles) rn_unknown_claims.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "proofs/huibers/rn_tables.h"

/* What a table's cells are. */
typedef enum {
    /* rows: chips on one pile; columns: the restricted number.  The
     * Sprague-Grundy value (Tables 2, 3). */
    CELLS_GRUNDY,
    /* The same rows and columns; the N-player outcome (Table 8). */
    CELLS_PLAYERS,
    /* rows: the first piles ("a" or "a,b", after "normal," or "misere,");
     * columns: the last pile.  The outcome over every restricted number
     * (rn_outcome_code: P, N, a number, X). */
    CELLS_OUTCOME,
    /* The same positions; "P" where the player to move loses, else the
     * table's symbol for a win (Tables 11, 13, 14: "-"). */
    CELLS_P_OR_WIN,
    /* The same positions; 1 where the player to move wins, 0 where he
     * loses (Tables 17, 18). */
    CELLS_WIN_01,
    /* rows and columns: one pile each with its own restricted number,
     * "3(2)"; the Sprague-Grundy value of the two together (Table 7). */
    CELLS_SUM_GRUNDY,
} cell_kind;

typedef struct {
    const char *table;        /* "table-04"                                  */
    const char *game;
    int piles, bound;
    const char *options[7];   /* name, value pairs, NULL-terminated          */
    cell_kind cells;
    const char *one;          /* CELLS_OUTCOME: the symbol of 1; P_OR_WIN: of a win */
    int k;                    /* CELLS_SUM_GRUNDY: the most a move takes      */
} table_spec;

typedef struct {
    const table_spec *spec;
    rn_solved *solved;
} cell_ctx;

/* The position of a cell of a position table: the row's piles, then the
 * column's; "misere," before them selects misere play. */
static int cell_piles(const rn_grid *g, int i, int j, int *piles, bool *misere)
{
    char label[128];
    snprintf(label, sizeof label, "%s", g->row_label[i]);
    int n = 0;
    *misere = false;
    /* strtok_r: claims run side by side on several threads. */
    char *rest = NULL;
    for (char *tok = strtok_r(label, ",", &rest); tok; tok = strtok_r(NULL, ",", &rest)) {
        if (strcmp(tok, "misere") == 0)
            *misere = true;
        else if (strcmp(tok, "normal") != 0) {
            /* Room for 8 piles and the column's: a longer label is a
             * transcription this reader does not know, never cut. */
            if (n == 8)
                die("internal error: %s: row %s names more than 8 piles", g->name, g->row_label[i]);
            piles[n++] = rn_label_number(tok);
        }
    }
    piles[n++] = rn_label_number(g->col_label[j]);
    for (int k = 0; k < n; k++)
        if (piles[k] < 0)
            die("internal error: %s: row %s, column %s is not a position", g->name, g->row_label[i],
                g->col_label[j]);
    return n;
}

/* The children of rank with their values, as a witness (the first
 * RN_WITNESS_MOVES, then how many more). */
static void children_text(const rn_solved *s, uint64_t rank, char *out, size_t len)
{
    const game_desc *g = s->game;
    game_move *moves = xmalloc(sizeof *moves * (size_t)g->max_moves, "a move list");
    int k = g->moves(g->data, rank, moves);
    rn_append(out, len, k ? "moves to" : "no move");
    for (int m = 0; m < k && m < RN_WITNESS_MOVES; m++) {
        char *child = rn_position_text(s, moves[m].child);
        unsigned v = g->kind == VALUE_GRUNDY ? table_grundy(&s->table, moves[m].child)
                                             : table_outcome(&s->table, moves[m].child);
        rn_append(out, len, "%s %s = %u", m ? ";" : "", child, v);
        free(child);
    }
    if (k > RN_WITNESS_MOVES)
        rn_append(out, len, "; and %d more", k - RN_WITNESS_MOVES);
    free(moves);
}

/* The command that replays a cell: `verifier value POSITION --game GAME`
 * with every option of spec. */
static void cell_command(const table_spec *spec, const char *position, rn_cell_out *out)
{
    RN_COMMAND(out, "verifier value %s --game %s", position, spec->game);
    for (int k = 0; spec->options[k]; k += 2)
        RN_COMMAND(out, " --%s %s", spec->options[k], spec->options[k + 1]);
}

/* Piles as `value` reads them: "22,5", "2,8,8" (every pile, the empty
 * ones too: a three-pile game stays three piles). */
static void piles_text(const int *piles, int n, char *out, size_t len)
{
    out[0] = '\0';
    for (int k = 0; k < n; k++)
        rn_append(out, len, "%s%d", k ? "," : "", piles[k]);
}

static void compute_cell(void *arg, const rn_grid *g, int i, int j, const char *printed, rn_cell_out *out)
{
    (void)printed;
    const cell_ctx *c = arg;
    const rn_solved *s = c->solved;
    int piles[9];
    bool misere;
    char position[64];
    if (c->spec->cells == CELLS_GRUNDY || c->spec->cells == CELLS_PLAYERS) {
        int chips = rn_label_number(g->row_label[i]), r = rn_label_number(g->col_label[j]);
        if (chips < 0 || r < 0)
            die("internal error: %s: row %s, column %s is not a position", g->name, g->row_label[i],
                g->col_label[j]);
        uint64_t rank = rn_rank(s, &chips, 1, r);
        unsigned v = c->spec->cells == CELLS_GRUNDY ? table_grundy(&s->table, rank) : table_outcome(&s->table, rank);
        RN_VALUE(out, "%u", v);
        children_text(s, rank, out->witness, RN_WITNESS_MAX);
        snprintf(position, sizeof position, "'(%d)(%d)'", chips, r);
        cell_command(c->spec, position, out);
        if (c->spec->cells == CELLS_GRUNDY)
            RN_SHOWS(out, "Sprague-Grundy value %u with", v);
        else
            RN_SHOWS(out, "outcome %u of", v);
        return;
    }
    if (c->spec->cells == CELLS_SUM_GRUNDY) {
        int chips[2], r[2], k = c->spec->k;
        if (sscanf(g->row_label[i], "%d(%d)", &chips[0], &r[0]) != 2 ||
            sscanf(g->col_label[j], "%d(%d)", &chips[1], &r[1]) != 2 || r[0] > k || r[1] > k)
            die("internal error: %s: row %s, column %s is not a position", g->name, g->row_label[i],
                g->col_label[j]);
        uint64_t rank = rn_rank_per_pile(s, chips, r, 2, k);
        RN_VALUE(out, "%u", table_grundy(&s->table, rank));
        children_text(s, rank, out->witness, RN_WITNESS_MAX);
        /* `value` names a position of this game with nothing restricted
         * only: the command exists where both piles are unrestricted. */
        if (r[0] == 0 && r[1] == 0) {
            snprintf(position, sizeof position, "%d,%d", chips[0], chips[1]);
            cell_command(c->spec, position, out);
            RN_SHOWS(out, "Sprague-Grundy value %u", table_grundy(&s->table, rank));
        }
        return;
    }
    int n = cell_piles(g, i, j, piles, &misere);
    bool wins = rn_wins(s, rn_rank(s, piles, n, 0), misere);
    const char *play = misere ? "misere" : "normal";
    piles_text(piles, n, position, sizeof position);
    cell_command(c->spec, position, out);
    switch (c->spec->cells) {
    case CELLS_OUTCOME: {
        rn_outcome_code(s, piles, n, misere, c->spec->one, out->value, RN_VALUE_MAX);
        /* `value` writes the class of 1 as 1 ("+ or an empty cell"). */
        char code[RN_VALUE_MAX] = "";
        rn_outcome_code(s, piles, n, misere, "1", code, sizeof code);
        RN_SHOWS(out, "%s play: %s:", play, code);
        break;
    }
    case CELLS_P_OR_WIN:
        RN_VALUE(out, "%s", wins ? c->spec->one : "P");
        RN_SHOWS(out, "%s play: the player to move %s", play, wins ? "wins" : "loses");
        break;
    default:
        RN_VALUE(out, "%d", wins ? 1 : 0);
        RN_SHOWS(out, "%s play: the player to move %s", play, wins ? "wins" : "loses");
        break;
    }
    rn_winning_moves(s, piles, n, misere, out->witness, RN_WITNESS_MAX);
    if (misere)
        RN_WITNESS(out, " (misere play)");
}

/* The table against the game of spec, as part `part` of the report. */
static void check_table_part(const table_spec *spec, claim_report *r, int part, int twist)
{
    rn_grid g;
    rn_grid_load(&g, spec->table);
    if (twist)
        rn_twist_grid(&g);
    rn_solved s;
    rn_solve(&s, spec->game, spec->piles, spec->bound, spec->options);
    cell_ctx c = {.spec = spec, .solved = &s};
    rn_compare_grid(r, part, &g, compute_cell, &c);
    rn_solved_free(&s);
    rn_grid_free(&g);
}

static void check_table(const table_spec *spec, claim_report *r, int twist)
{
    check_table_part(spec, r, 0, twist);
}

/* A table's check (with its twist) and the claim's (as printed). */
#define TABLE_CHECK(fn, spec)                                 \
    static void fn##_twisted(claim_report *r, int twist)      \
    {                                                         \
        check_table(&spec, r, twist);                         \
    }                                                         \
    static void fn(const claim_ctx *ctx, claim_report *r)     \
    {                                                         \
        (void)ctx;                                            \
        check_table(&spec, r, 0);                             \
    }

/* ---- Tables 2 and 3: one pile, S(1,2,3) ---- */

static const table_spec table2 = {"table-02", "restricted-nim", 1, 11,
                                  {"max-move", "3", "restriction", "previous", NULL}, CELLS_GRUNDY, NULL, 0};
TABLE_CHECK(check_table2, table2)

const claim_def claim_rn_table2 = {
    .id = "rn/table-2",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Strategies for Restricted Nim, Section 4.1, Table 2",
    .statement = "The Sprague-Grundy values of S(1,2,3) on one pile where a player may not take the number the "
                 "other just took, for piles 0..11 and restricted numbers 0..3, are as printed in Table 2.",
    .domain = "the table's cells: chips 0..11 by restricted number 0..3 (k = 3)",
    .parts = {"cells as printed"},
    .check_games = check_table2,
    .sizes_help = "fixed",
};

/* Section 4.2 can be read two ways: the mover must restrict one of 1..k,
 * or may also restrict nothing.  Each is a reading of the claim. */
static const table_spec table3 = {"table-03", "restricted-nim", 1, 13,
                                  {"max-move", "3", "restriction", "chosen", NULL}, CELLS_GRUNDY, NULL, 0};
static const table_spec table3_or_none = {"table-03", "restricted-nim", 1, 13,
                                          {"max-move", "3", "restriction", "chosen-or-none", NULL}, CELLS_GRUNDY,
                                          NULL, 0};

static void check_table3_twisted(claim_report *r, int twist)
{
    check_table_part(&table3, r, 0, twist);
    check_table_part(&table3_or_none, r, 1, twist);
}

static void check_table3(const claim_ctx *ctx, claim_report *r)
{
    (void)ctx;
    check_table3_twisted(r, 0);
}

const claim_def claim_rn_table3 = {
    .id = "rn/table-3",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.2, Table 3",
    .statement = "The Sprague-Grundy values of S(1,2,3) on one pile where the mover chooses the number the next "
                 "player may not take, for piles 0..13 and restricted numbers 0..3, are as printed in Table 3 "
                 "(two readings: the mover must restrict one of 1..3, or may also restrict nothing).",
    .domain = "the table's cells: chips 0..13 by restricted number 0..3 (k = 3), under each reading",
    .parts = {"the mover must restrict one of 1..k", "the mover may also restrict nothing"},
    .readings = true,
    .check_games = check_table3,
    .sizes_help = "fixed",
};

/* ---- Tables 4-6: two piles, the previous take restricted ---- */

static const table_spec table4 = {"table-04", "restricted-nim", 2, 30,
                                  {"max-move", "8", "restriction", "previous", NULL}, CELLS_OUTCOME, ".", 0};
TABLE_CHECK(check_table4, table4)

const claim_def claim_rn_table4 = {
    .id = "rn/table-4",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.1, Table 4",
    .statement = "With two piles up to 30 and k = 8, each position is as printed in Table 4: P (the player to move "
                 "loses whatever is restricted), N (wins whatever is restricted), a number x (wins unless x is "
                 "restricted; empty for 1).",
    .domain = "the table's cells: piles 0..30 by 0..30, k = 8, every restricted number",
    .parts = {"cells as printed"},
    .check_games = check_table4,
    .sizes_help = "fixed",
};

static const table_spec table5 = {"table-05", "restricted-nim", 2, 50,
                                  {"max-move", "11", "restriction", "previous", NULL}, CELLS_OUTCOME, ".", 0};
TABLE_CHECK(check_table5, table5)

const claim_def claim_rn_table5 = {
    .id = "rn/table-5",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.2, Table 5 (its caption and body are lost from the extracted text)",
    .statement = "With two piles up to 50 and k = 11, each position is as printed in Table 5 (same symbols as "
                 "Table 4).",
    .domain = "the table's cells: piles 0..50 by 0..50, k = 11 (none could be read)",
    .parts = {"cells as printed"},
    .check_games = check_table5,
    .sizes_help = "fixed",
};

static const table_spec table6 = {"table-06", "restricted-nim", 2, 30,
                                  {"max-move", "7", "restriction", "previous", NULL}, CELLS_OUTCOME, ".", 0};
TABLE_CHECK(check_table6, table6)

const claim_def claim_rn_table6 = {
    .id = "rn/table-6",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.3.3, Table 6",
    .statement = "With two piles up to 30 and k = 7, each position is as printed in Table 6 (same symbols as "
                 "Table 4).",
    .domain = "the table's cells: piles 0..30 by 0..30, k = 7, every restricted number",
    .parts = {"cells as printed"},
    .check_games = check_table6,
    .sizes_help = "fixed",
};

/* ---- Table 7: sums of one-pile games ---- */

static const table_spec table7 = {"table-07", "restricted-nim", 2, 6,
                                  {"max-move", "3", "restriction", "per-pile", NULL}, CELLS_SUM_GRUNDY, NULL, 3};
TABLE_CHECK(check_table7, table7)

const claim_def claim_rn_table7 = {
    .id = "rn/table-7",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 4.4, Table 7",
    .statement = "The Sprague-Grundy values of the sum of two one-pile games of S(1,2,3), each pile with its own "
                 "restricted number (the number last taken from it), for piles 0..6 and restricted numbers 0..3, "
                 "are as printed in Table 7.",
    .domain = "the table's cells: 0(0)..6(3) by 0(0)..6(3) (k = 3)",
    .parts = {"cells as printed"},
    .check_games = check_table7,
    .sizes_help = "fixed",
};

/* ---- Tables 8 and 9: N players ---- */

static const table_spec table8 = {"table-08", "nim-players", 1, 12,
                                  {"players", "3", "max-move", "3", "restriction", "previous", NULL}, CELLS_PLAYERS,
                                  NULL, 0};
TABLE_CHECK(check_table8, table8)

const claim_def claim_rn_table8 = {
    .id = "rn/table-8",
    .truth = CLAIM_WHOLE,
    .game = "nim-players",
    .source = "Huibers, Section 4.5, Table 8",
    .statement = "With three players, k = 3 and the previous take restricted, the player who makes the last move "
                 "(0: the player before the mover; 1: the mover; 2: the next) on one pile of 0..12 is as printed "
                 "in Table 8.",
    .domain = "the table's cells: chips 0..12 by restricted number 0..3",
    .parts = {"cells as printed"},
    .check_games = check_table8,
    .sizes_help = "fixed",
};

/* The first pile after 0 that the player to move loses (outcome 0)
 * whatever is restricted: where Table 9 says the losing positions
 * repeat.  -1 if none up to the bound. */
static int first_loss_after_zero(const rn_solved *s, int bound)
{
    for (int chips = 1; chips <= bound; chips++) {
        bool all = true;
        for (int t = 0; t < rn_tags(s) && all; t++)
            all = table_outcome(&s->table, rn_rank(s, &chips, 1, t)) == 0;
        if (all)
            return chips;
    }
    return -1;
}

static void table9_cell(void *arg, const rn_grid *g, int i, int j, const char *printed, rn_cell_out *out)
{
    (void)arg;
    (void)printed;
    int players = rn_label_number(g->row_label[i]), k = rn_label_number(g->col_label[j]);
    if (players < 2 || k < 1)
        die("internal error: %s: row %s, column %s", g->name, g->row_label[i], g->col_label[j]);
    char ptext[16], ktext[16];
    snprintf(ptext, sizeof ptext, "%d", players);
    snprintf(ktext, sizeof ktext, "%d", k);
    /* Every loss within the first (players) x k chips is found: the
     * players after the mover take at most k each before he moves again. */
    int bound = 2 * players * k;
    rn_solved s;
    rn_solve(&s, "nim-players", 1, bound, (const char *const[]){"players", ptext, "max-move", ktext, "restriction",
                                                                "previous", NULL});
    int first = first_loss_after_zero(&s, bound);
    if (first < 0)
        RN_VALUE(out, "none up to %d", bound);
    else {
        RN_VALUE(out, "%d", first);
        /* The pile lost whatever is restricted: its value by state shows
         * outcome 0 for each (the piles before it show another). */
        RN_COMMAND(out, "verifier value %d --game nim-players --players %d --max-move %d --restriction previous", first,
                   players, k);
        RN_SHOWS(out, "(%d): outcome 0 of %d players", first, players);
    }
    RN_WITNESS(out, "%d players, k = %d: the first pile after 0 lost by the player to move whatever is restricted",
               players, k);
    rn_solved_free(&s);
}

static void check_table9_twisted(claim_report *r, int twist)
{
    rn_grid g;
    rn_grid_load(&g, "table-09");
    if (twist)
        rn_twist_grid(&g);
    rn_compare_grid(r, 0, &g, table9_cell, NULL);
    rn_grid_free(&g);
}

static void check_table9(const claim_ctx *ctx, claim_report *r)
{
    (void)ctx;
    check_table9_twisted(r, 0);
}

const claim_def claim_rn_table9 = {
    .id = "rn/table-9",
    .truth = CLAIM_WHOLE,
    .game = "nim-players",
    .source = "Huibers, Section 4.5, Table 9",
    .statement = "For 3 to 9 players and k = 3..6 (the previous take restricted, ranked), the first pile after 0 "
                 "that the player to move loses whatever is restricted is as printed in Table 9.",
    .domain = "the table's cells: players 3..9 by k 3..6",
    .parts = {"cells as printed"},
    .check_games = check_table9,
    .sizes_help = "fixed",
};

/* ---- Tables 11-16: Wythoff's game ---- */

static const table_spec table11 = {"table-11", "restricted-nim", 2, 30,
                                   {"restriction", "none", "takes", "wythoff", NULL}, CELLS_P_OR_WIN, "-", 0};
TABLE_CHECK(check_table11, table11)

const claim_def claim_rn_table11 = {
    .id = "rn/table-11",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 5, Table 11",
    .statement = "The P positions of Wythoff's game with two piles up to 30 are as printed in Table 11 (P: the "
                 "player to move loses; -: he wins).",
    .domain = "the table's cells: piles 0..30 by 0..30",
    .parts = {"cells as printed"},
    .check_games = check_table11,
    .sizes_help = "fixed",
};

static const table_spec table12 = {"table-12", "restricted-nim", 2, 30,
                                   {"restriction", "previous", "takes", "wythoff", NULL}, CELLS_OUTCOME, "+", 0};
TABLE_CHECK(check_table12, table12)

const claim_def claim_rn_table12 = {
    .id = "rn/table-12",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 5, Table 12",
    .statement = "Wythoff's game with two piles up to 30, where a player may not take the number the other just "
                 "took (from one pile or from both), is as printed in Table 12 (P, N, a number x: wins unless x "
                 "is restricted, + for 1).",
    .domain = "the table's cells: piles 0..30 by 0..30, every restricted number",
    .parts = {"cells as printed"},
    .check_games = check_table12,
    .sizes_help = "fixed",
};

static const table_spec table13 = {"table-13", "restricted-nim", 3, 9,
                                   {"restriction", "none", "takes", "wythoff", NULL}, CELLS_P_OR_WIN, "-", 0};
TABLE_CHECK(check_table13, table13)

const claim_def claim_rn_table13 = {
    .id = "rn/table-13",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 5.1, Table 13",
    .statement = "Three-pile Wythoff, first version (take from one pile or the same number from all three), piles "
                 "up to 9: the positions the player to move loses are as printed in Table 13.",
    .domain = "the table's cells: piles 0..9 x 0..9 x 0..9",
    .parts = {"cells as printed"},
    .check_games = check_table13,
    .sizes_help = "fixed",
};

static const table_spec table14 = {"table-14", "restricted-nim", 3, 9,
                                   {"restriction", "none", "takes", "wythoff-pairs", NULL}, CELLS_P_OR_WIN, "-", 0};
TABLE_CHECK(check_table14, table14)

const claim_def claim_rn_table14 = {
    .id = "rn/table-14",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 5.1, Table 14",
    .statement = "Three-pile Wythoff, second version (also the same number from any two piles), piles up to 9: "
                 "the positions the player to move loses are as printed in Table 14.",
    .domain = "the table's cells: piles 0..9 x 0..9 x 0..9",
    .parts = {"cells as printed"},
    .check_games = check_table14,
    .sizes_help = "fixed",
};

static const table_spec table15 = {"table-15", "restricted-nim", 3, 9,
                                   {"restriction", "previous", "takes", "wythoff", NULL}, CELLS_OUTCOME, "+", 0};
TABLE_CHECK(check_table15, table15)

const claim_def claim_rn_table15 = {
    .id = "rn/table-15",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 5.1, Table 15",
    .statement = "Three-pile Wythoff, first version, with the previous take restricted, piles up to 9: each "
                 "position is as printed in Table 15 (P, N, a number x: wins unless x is restricted, + for 1).",
    .domain = "the table's cells: piles 0..9 x 0..9 x 0..9, every restricted number",
    .parts = {"cells as printed"},
    .check_games = check_table15,
    .sizes_help = "fixed",
};

static const table_spec table16 = {"table-16", "restricted-nim", 3, 9,
                                   {"restriction", "previous", "takes", "wythoff-pairs", NULL}, CELLS_OUTCOME, "+", 0};
TABLE_CHECK(check_table16, table16)

const claim_def claim_rn_table16 = {
    .id = "rn/table-16",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 5.1, Table 16",
    .statement = "Three-pile Wythoff, second version, with the previous take restricted, piles up to 9: each "
                 "position is as printed in Table 16.",
    .domain = "the table's cells: piles 0..9 x 0..9 x 0..9, every restricted number",
    .parts = {"cells as printed"},
    .check_games = check_table16,
    .sizes_help = "fixed",
};

/* ---- Tables 17-19: normal and misere play ---- */

static const table_spec table17 = {"table-17", "restricted-nim", 2, 9,
                                   {"restriction", "none", NULL}, CELLS_WIN_01, NULL, 0};
TABLE_CHECK(check_table17, table17)

const claim_def claim_rn_table17 = {
    .id = "rn/table-17",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 6.1.1, Table 17",
    .statement = "Nim with two piles up to 9, normal and misere play: whether the player to move wins (1) or "
                 "loses (0) is as printed in Table 17.",
    .domain = "the table's cells: piles 0..9 by 0..9, normal and misere",
    .parts = {"cells as printed"},
    .check_games = check_table17,
    .sizes_help = "fixed",
};

static const table_spec table18 = {"table-18", "restricted-nim", 2, 9,
                                   {"max-move", "3", "restriction", "none", NULL}, CELLS_WIN_01, NULL, 0};
TABLE_CHECK(check_table18, table18)

const claim_def claim_rn_table18 = {
    .id = "rn/table-18",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 6.1.2, Table 18",
    .statement = "The Subtraction Game S(1,2,3) with two piles up to 9, normal and misere play: whether the player "
                 "to move wins (1) or loses (0) is as printed in Table 18.",
    .domain = "the table's cells: piles 0..9 by 0..9, normal and misere, k = 3",
    .parts = {"cells as printed"},
    .check_games = check_table18,
    .sizes_help = "fixed",
};

static const table_spec table19 = {"table-19", "restricted-nim", 2, 10,
                                   {"max-move", "3", "restriction", "previous", NULL}, CELLS_OUTCOME, ".", 0};
TABLE_CHECK(check_table19, table19)

const claim_def claim_rn_table19 = {
    .id = "rn/table-19",
    .truth = CLAIM_WHOLE,
    .game = "restricted-nim",
    .source = "Huibers, Section 6.1.3, Table 19",
    .statement = "Restricted Nim (k = 3, the previous take restricted) with two piles up to 10, normal and misere "
                 "play: each position is as printed in Table 19 (P, N, a number x: wins unless x is restricted, "
                 "empty for 1; X: wins only when 1 is restricted).",
    .domain = "the table's cells: piles 0..10 by 0..10, normal and misere, every restricted number",
    .parts = {"cells as printed"},
    .check_games = check_table19,
    .sizes_help = "fixed",
};

/* Every table's check with its twist (rn_tables.h). */
const rn_check_entry rn_table_checks[] = {
    {"rn/table-2", check_table2_twisted, NULL},
    {"rn/table-3", check_table3_twisted, NULL},
    {"rn/table-4", check_table4_twisted, NULL},
    {"rn/table-5", check_table5_twisted, NULL},
    {"rn/table-6", check_table6_twisted, NULL},
    {"rn/table-7", check_table7_twisted, NULL},
    {"rn/table-8", check_table8_twisted, NULL},
    {"rn/table-9", check_table9_twisted, NULL},
    {"rn/table-11", check_table11_twisted, NULL},
    {"rn/table-12", check_table12_twisted, NULL},
    {"rn/table-13", check_table13_twisted, NULL},
    {"rn/table-14", check_table14_twisted, NULL},
    {"rn/table-15", check_table15_twisted, NULL},
    {"rn/table-16", check_table16_twisted, NULL},
    {"rn/table-17", check_table17_twisted, NULL},
    {"rn/table-18", check_table18_twisted, NULL},
    {"rn/table-19", check_table19_twisted, NULL},
    {NULL, NULL, NULL},
};
