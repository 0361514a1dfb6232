/*
 * rn_choice_claims.c -- Section 4.6 of Huibers' thesis, three players
 * without a ranking: Table 10 (rn/table-10), cell by cell under the two
 * readings of what a player who cannot win prefers, and what the text
 * says of its cells (rn/rule-4.6), against the engine's trees of choices
 * (nim-players-unranked, core/engine/choice.h).
 *
 * The table's notation.  A cell is a winner (1, 2 or 3, counted from the
 * player to move), or a choice "a/b" between outcomes a and b, nested in
 * brackets.  The text says who chooses: "2/3" at 5 chips is the first
 * player's choice; "0.5 * 1/3" at 7 chips the second player's; "(0.5 *
 * 1/3) / (0.5 * 1/2)" at 8 chips the first player's choice between the
 * second's and the third's; "0.5 * ((0.5 * 1/2) / (2/3))" at 10 chips the
 * second player's choice between the third's and the first's.  So "0.5 *"
 * marks a choice made by another player than the first, who then wins
 * with chance 0.5 at most; the notation does not say which other player.
 * A printed cell is compared with the computed tree as the notation can
 * tell them apart: the same winners, the same nesting, the same outcomes
 * at each choice (in any order), and each choice the first player's or
 * another's; the text's named choosers are checked by rn/rule-4.6.
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "proofs/huibers/rn_tables.h"

#define TABLE10_PLAYERS "3"
#define TABLE10_K "3"
/* How far the two readings are compared beyond the table (a finding). */
#define READINGS_PILE 200
/* Piles searched for choices nested three deep (the text's "even more
 * complicated"). */
#define NESTING_PILE 60

static void solve_unranked(rn_solved *s, int bound, const char *reading)
{
    rn_solve(s, "nim-players-unranked", 1, bound,
             (const char *const[]){"players", TABLE10_PLAYERS, "max-move", TABLE10_K, "restriction", "previous",
                                   "reading", reading, NULL});
}

static choice_code tree_at(const rn_solved *s, int chips, int restricted)
{
    return table_choice(&s->table, rn_rank(s, &chips, 1, restricted));
}

/* ---- the notation ---- */

/* A growing text (no cut: rn_append's rule, with no limit of its own). */
typedef struct {
    char *s;
    size_t len;
} text;

static void add(text *t, const char *piece)
{
    size_t n = strlen(piece);
    t->s = xrealloc(t->s, t->len + n + 1, "a tree's text");
    memcpy(t->s + t->len, piece, n + 1);
    t->len += n;
}

static int cmp_alternative_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "m[a,b]" (a choice of the first player) or "o[a,b]" (another's), the
 * outcomes sorted; a winner is its number. */
static char *choice_key_of(char **alts, int n, bool mover)
{
    qsort(alts, (size_t)n, sizeof *alts, cmp_alternative_text);
    text t = {0};
    add(&t, mover ? "m[" : "o[");
    for (int i = 0; i < n; i++) {
        if (i)
            add(&t, ",");
        add(&t, alts[i]);
        free(alts[i]);
    }
    add(&t, "]");
    free(alts);
    return t.s;
}

/* The computed tree as the notation can tell it. */
static char *tree_key(const choice_dag *d, choice_code c)
{
    if (choice_is_leaf(d, c)) {
        char w[16];
        snprintf(w, sizeof w, "%d", choice_who(d, c));
        return xstrdup(w, "a tree's text");
    }
    int n = choice_count(d, c);
    char **alts = xmalloc(sizeof *alts * (size_t)n, "a tree's text");
    for (int i = 0; i < n; i++)
        alts[i] = tree_key(d, choice_alt(d, c, i));
    return choice_key_of(alts, n, choice_who(d, c) == 1);
}

/* The computed tree written as the thesis writes it: "2/3", "0.5 * 1/3",
 * "(0.5 * 1/3) / (0.5 * 1/2)", "0.5 * ((0.5 * 1/2) / (2/3))". */
static char *thesis_text(const choice_dag *d, choice_code c)
{
    if (choice_is_leaf(d, c)) {
        char w[16];
        snprintf(w, sizeof w, "%d", choice_who(d, c));
        return xstrdup(w, "a tree's text");
    }
    int n = choice_count(d, c);
    char **alts = xmalloc(sizeof *alts * (size_t)n, "a tree's text");
    bool composite = false;
    for (int i = 0; i < n; i++) {
        alts[i] = thesis_text(d, choice_alt(d, c, i));
        composite = composite || !choice_is_leaf(d, choice_alt(d, c, i));
    }
    qsort(alts, (size_t)n, sizeof *alts, cmp_alternative_text);
    bool other = choice_who(d, c) != 1;
    text t = {0};
    if (other)
        add(&t, composite ? "0.5 * (" : "0.5 * ");
    for (int i = 0; i < n; i++) {
        bool leaf = strchr(alts[i], '/') == NULL;
        if (i)
            add(&t, composite ? " / " : "/");
        add(&t, leaf ? "" : "(");
        add(&t, alts[i]);
        add(&t, leaf ? "" : ")");
        free(alts[i]);
    }
    if (other && composite)
        add(&t, ")");
    free(alts);
    return t.s;
}

/* ---- reading a printed cell ---- */

static void skip_spaces(const char **p)
{
    while (**p == ' ')
        (*p)++;
}

static char *parse_expr(const char **p);

/* A winner, or a bracketed expression. */
static char *parse_alt(const char **p)
{
    skip_spaces(p);
    if (**p == '(') {
        (*p)++;
        char *e = parse_expr(p);
        skip_spaces(p);
        if (!e || **p != ')') {
            free(e);
            return NULL;
        }
        (*p)++;
        return e;
    }
    if (**p < '1' || **p > '9')
        return NULL;
    char w[2] = {**p, '\0'};
    (*p)++;
    return xstrdup(w, "a tree's text");
}

/* alt ("/" alt)*: one outcome, or the first player's choice. */
static char *parse_choice(const char **p)
{
    int n = 0, cap = 4;
    char **alts = xmalloc(sizeof *alts * (size_t)cap, "a tree's text");
    for (;;) {
        char *a = parse_alt(p);
        if (!a) {
            for (int i = 0; i < n; i++)
                free(alts[i]);
            free(alts);
            return NULL;
        }
        if (n == cap) {
            cap *= 2;
            alts = xrealloc(alts, sizeof *alts * (size_t)cap, "a tree's text");
        }
        alts[n++] = a;
        skip_spaces(p);
        if (**p != '/')
            break;
        (*p)++;
    }
    if (n == 1) {
        char *one = alts[0];
        free(alts);
        return one;
    }
    return choice_key_of(alts, n, true);
}

/* ["0.5 *"] choice: the marker makes the choice another player's. */
static char *parse_expr(const char **p)
{
    skip_spaces(p);
    if (strncmp(*p, "0.5", 3) == 0) {
        *p += 3;
        skip_spaces(p);
        if (**p != '*')
            return NULL;
        (*p)++;
        char *e = parse_choice(p);
        if (!e || e[0] != 'm') {
            free(e);
            return NULL;
        }
        e[0] = 'o';
        return e;
    }
    return parse_choice(p);
}

/* The key of a printed cell, or NULL when it is not in the notation. */
static char *printed_key(const char *cell)
{
    const char *p = cell;
    char *k = parse_expr(&p);
    skip_spaces(&p);
    if (k && *p) {
        free(k);
        return NULL;
    }
    return k;
}

/* ---- Table 10 ---- */

/* Each player's chance were every choice made at random, appended. */
static void append_chances(const rn_solved *s, choice_code c, char *out, size_t len)
{
    mpq_t q;
    mpq_init(q);
    int n = choice_dag_players(s->table.dag);
    rn_append(out, len, "chances were every choice made at random:");
    for (int p = 1; p <= n; p++) {
        choice_chance(s->table.dag, c, p, q);
        char *t = mpq_get_str(NULL, 10, q);
        rn_append(out, len, " player %d %s%s", p, t, p < n ? "," : "");
        free(t);
    }
    mpq_clear(q);
}

/* A cell's game and the reading it is solved under. */
typedef struct {
    const rn_solved *s;
    const char *reading;
} table10_ctx;

static void table10_cell(void *arg, const rn_grid *g, int i, int j, const char *cell, rn_cell_out *out)
{
    const table10_ctx *x = arg;
    const rn_solved *s = x->s;
    int chips = rn_label_number(g->row_label[i]), r = rn_label_number(g->col_label[j]);
    if (chips < 0 || r < 0)
        die("internal error: %s: row %s, column %s is not a position", g->name, g->row_label[i], g->col_label[j]);
    choice_code c = tree_at(s, chips, r);
    char *key = tree_key(s->table.dag, c), *printed = cell ? printed_key(cell) : NULL;
    /* The printed text where the notation says the same; the computed
     * tree in the notation otherwise. */
    if (printed && strcmp(printed, key) == 0)
        RN_VALUE(out, "%s", cell);
    else {
        char *t = thesis_text(s->table.dag, c);
        RN_VALUE(out, "%s", t);
        free(t);
    }
    char *tree = choice_text(s->table.dag, c, 1000);
    RN_WITNESS(out, "%d chips, %d restricted: %s (Pi: player i chooses; players from the one to move); ", chips, r,
               tree ? tree : "a tree of more than 1000 leaves");
    append_chances(s, c, out->witness, RN_WITNESS_MAX);
    if (cell && !printed)
        RN_WITNESS(out, "; the printed cell is not in the table's notation");
    /* `value` writes the tree whole up to 64 leaves. */
    char *small = choice_text(s->table.dag, c, 64);
    if (small) {
        RN_COMMAND(out, "verifier value '(%d)(%d)' --game nim-players-unranked --players %s --max-move %s "
                        "--restriction previous --reading %s",
                   chips, r, TABLE10_PLAYERS, TABLE10_K, x->reading);
        RN_SHOWS(out, "(%d)(%d): %s", chips, r, small);
    }
    free(small);
    free(tree);
    free(key);
    free(printed);
}

/* The first position up to READINGS_PILE where the two readings differ,
 * as a finding. */
static void readings_beyond(claim_report *r)
{
    rn_solved a, b;
    solve_unranked(&a, READINGS_PILE, "chances");
    solve_unranked(&b, READINGS_PILE, "best");
    for (int chips = 0; chips <= READINGS_PILE; chips++)
        for (int t = 0; t < rn_tags(&a); t++) {
            char *ka = tree_key(a.table.dag, tree_at(&a, chips, t)), *kb = tree_key(b.table.dag, tree_at(&b, chips, t));
            bool same = strcmp(ka, kb) == 0;
            free(ka);
            free(kb);
            if (same)
                continue;
            char *ta = choice_text(a.table.dag, tree_at(&a, chips, t), 40),
                 *tb = choice_text(b.table.dag, tree_at(&b, chips, t), 40);
            claim_finding_add(r, "readings beyond the table",
                              "the two readings first differ at %d chips, %d restricted: keeping every outcome with "
                              "a chance gives %s, keeping the best chances %s",
                              chips, t, ta ? ta : "a tree of more than 40 leaves",
                              tb ? tb : "a tree of more than 40 leaves");
            free(ta);
            free(tb);
            rn_solved_free(&a);
            rn_solved_free(&b);
            return;
        }
    claim_finding_add(r, "readings beyond the table",
                      "the two readings give the same trees on every pile up to %d chips, whatever is restricted",
                      READINGS_PILE);
    rn_solved_free(&a);
    rn_solved_free(&b);
}

static void table10(claim_report *r, int twist)
{
    static const char *const reading[] = {"chances", "best"};
    for (int part = 0; part < 2; part++) {
        rn_grid g;
        rn_grid_load(&g, "table-10");
        /* twist: 5 chips, nothing restricted: "1/3" for "2/3". */
        if (twist)
            rn_set_cell(&g, 5, 0, "1/3");
        rn_solved s;
        solve_unranked(&s, rn_label_number(g.row_label[g.rows - 1]), reading[part]);
        table10_ctx x = {&s, reading[part]};
        rn_compare_grid(r, part, &g, table10_cell, &x);
        rn_solved_free(&s);
        rn_grid_free(&g);
    }
    if (!twist)
        readings_beyond(r);
}

/* ---- the text of Section 4.6 ---- */

/* One statement of the text on one position: the computed tree (in the
 * chooser's own notation, choice_text) and chances must be as stated. */
static void expect_tree(claim_report *r, int part, rn_solved *s, int chips, int restricted, const char *tree,
                        const char *chances)
{
    claim_cases(r, part, 1);
    choice_code c = tree_at(s, chips, restricted);
    char *got = choice_text(s->table.dag, c, 1000);
    char stated_chances[256] = "", got_chances[256] = "";
    if (chances) {
        rn_append(stated_chances, sizeof stated_chances, "chances were every choice made at random: %s", chances);
        mpq_t q;
        mpq_init(q);
        rn_append(got_chances, sizeof got_chances, "chances were every choice made at random: ");
        for (int p = 1; p <= 3; p++) {
            choice_chance(s->table.dag, c, p, q);
            char *t = mpq_get_str(NULL, 10, q);
            rn_append(got_chances, sizeof got_chances, "player %d %s%s", p, t, p < 3 ? ", " : "");
            free(t);
        }
        mpq_clear(q);
    }
    if ((got && strcmp(got, tree) == 0) && (!chances || strcmp(stated_chances, got_chances) == 0)) {
        free(got);
        return;
    }
    char *where = claim_printf("%d chips, %d restricted (3 players, k = 3, the previous take restricted)", chips,
                               restricted);
    char *want = claim_printf("%s%s%s", tree, chances ? "; " : "", stated_chances);
    char *have = claim_printf("%s%s%s", got ? got : "a tree of more than 1000 leaves", chances ? "; " : "",
                              got_chances);
    claim_mismatch_at(r, part, where, want, have, "Pi: a / b: player i chooses between a and b; players counted "
                                                  "from the one to move");
    free(where);
    free(want);
    free(have);
    free(got);
}

static void rule46(claim_report *r, int twist)
{
    rn_solved s;
    solve_unranked(&s, NESTING_PILE, "chances");
    /* "When the pile has 5 chips we see the value 2/3.  This value
     * indicates that the first player gets to choose whether the second
     * or third player will win." (twist: the second player chooses) */
    expect_tree(r, 0, &s, 5, 0, twist ? "P2: 2/3" : "P1: 2/3", NULL);
    /* "At 7 chips we see the situation 0.5 * 1/3.  This indicates that the
     * second player can choose whether the first or third player wins ...
     * If the second player were to randomly make a move, there would be a
     * 50 percent chance for the first player to win, as well as for the
     * third player." */
    expect_tree(r, 1, &s, 7, 1, "P2: 1/3", twist ? "player 1 1/3, player 2 0, player 3 2/3"
                                                 : "player 1 1/2, player 2 0, player 3 1/2");
    /* 8 chips: "the first player has a choice, he can choose whether the
     * second or third player chooses who wins.  In both situations the
     * first player has a 50 percent chance of winning". */
    expect_tree(r, 2, &s, 8, 2, twist ? "P1: (P2: 1/3) / (P2: 1/2)" : "P1: (P2: 1/3) / (P3: 1/2)",
                "player 1 1/2, player 2 1/4, player 3 1/4");
    /* 10 chips: "the second player gets to choose whether the first or
     * third player chooses who wins.  This means that there is a 25
     * percent chance for the first player to win ... This gives the first
     * and third player a 25 percent chance to win, and the second player
     * has a 50 percent chance to win". */
    for (int t = 0; t <= 3; t += 1 + (t == 1))
        expect_tree(r, 3, &s, 10, t, "P2: (P1: 2/3) / (P3: 1/2)",
                    twist ? "player 1 1/2, player 2 1/4, player 3 1/4" : "player 1 1/4, player 2 1/2, player 3 1/4");
    /* "For piles with more chips this can get even more complicated, where
     * players have to make choices about which players have to make
     * choices, etcetera": choices nested three deep, past 10 chips. */
    claim_cases(r, 4, 1);
    int found = -1, found_t = 0, depth = twist ? NESTING_PILE : 3;
    for (int chips = 11; chips <= NESTING_PILE && found < 0; chips++)
        for (int t = 0; t < rn_tags(&s) && found < 0; t++)
            if (choice_depth(s.table.dag, tree_at(&s, chips, t)) >= depth) {
                found = chips;
                found_t = t;
            }
    if (found < 0) {
        char *want = claim_printf("choices nested %d deep on some pile of 11..%d chips", depth, NESTING_PILE);
        claim_mismatch_at(r, 4, "piles of 11..60 chips, every restricted number", want, "none", "");
        free(want);
    } else {
        char *tree = choice_text(s.table.dag, tree_at(&s, found, found_t), 200);
        claim_finding_add(r, "nested choices", "the first pile with choices nested 3 deep: %d chips, %d restricted: %s",
                          found, found_t, tree ? tree : "a tree of more than 200 leaves");
        free(tree);
    }
    rn_solved_free(&s);
}

/* ---- the claims ---- */

static void claim_table10(const claim_ctx *ctx, claim_report *r)
{
    (void)ctx;
    table10(r, 0);
}

static void claim_rule46(const claim_ctx *ctx, claim_report *r)
{
    (void)ctx;
    rule46(r, 0);
}

const claim_def claim_rn_table10 = {
    .id = "rn/table-10",
    .truth = CLAIM_WHOLE,
    .game = "nim-players-unranked",
    .source = "Huibers, Section 4.6, Table 10",
    .statement = "With three players, no ranking (the last mover wins, the others lose alike), moves of 1..3 and "
                 "the previous take restricted, who wins on one pile of 0..10 chips, for restricted numbers 0..3, "
                 "is as printed in Table 10: a winner (1 the player to move, 2 the next, 3 the third) or a choice "
                 "a/b, \"0.5 *\" marking a choice by another player than the first.",
    .domain = "the table's cells: chips 0..10 by restricted number 0..3, under each reading of what a player who "
              "cannot win prefers; the readings compared to 200 chips in a finding",
    .parts = {"a player who cannot win keeps every outcome in which he may still win",
              "a player who cannot win keeps only the outcomes in which his chance is greatest, were every later "
              "choice made at random"},
    .readings = true,
    .check_games = claim_table10,
    .sizes_help = "fixed",
};

const claim_def claim_rn_rule46 = {
    .id = "rn/rule-4.6",
    .truth = CLAIM_WHOLE,
    .game = "nim-players-unranked",
    .source = "Huibers, Section 4.6, the text after Table 10",
    .statement = "With three players, no ranking, k = 3 and the previous take restricted: at 5 chips the first "
                 "player chooses whether the second or the third wins; at 7 chips (1 restricted) the second "
                 "chooses between the first and the third, each then winning half the time at random; at 8 chips "
                 "(2 restricted) the first chooses whether the second or the third chooses, winning half the time "
                 "either way; at 10 chips the second chooses whether the first or the third chooses, the first and "
                 "third then winning a quarter of the time and the second half; and larger piles nest the "
                 "choices deeper.",
    .domain = "the positions the text names (10 chips: restricted 0, 1 and 3, where Table 10 prints the same "
              "cell); a pile whose choices nest three deep found among piles of 11..60 (one such pile proves "
              "\"larger piles nest the choices deeper\" as an existence); the reading that keeps every outcome "
              "with a chance (both readings agree on Table 10)",
    .parts = {"5 chips: the first player chooses between 2 and 3", "7 chips: the second player chooses, 1/2 each",
              "8 chips: the first player chooses who chooses, 1/2 for him",
              "10 chips: the second player chooses who chooses, 1/4, 1/2, 1/4",
              "larger piles nest choices deeper"},
    .check_games = claim_rule46,
    .sizes_help = "fixed",
};

/* Every check here with its twist (rn_tables.h). */
const rn_check_entry rn_choice_checks[] = {
    {"rn/table-10", table10, NULL},
    {"rn/rule-4.6", rule46, NULL},
    {NULL, NULL, NULL},
};
