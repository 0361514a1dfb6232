/*
 * value.c -- the `value` command: the exact value of one position of a
 * game played on piles (Scoring Nim unless --game says otherwise).
 *
 * Margin games: f_N(p) at integer, half-integer or any rational N, and
 * with --explain the optimal first moves and one optimal line with each
 * player's running score.  A bonus N = a/b is computed as the game's
 * recursion scaled by 2b (a point is worth 2b, the bonus 2a), so the
 * value 2b f_N(p) is an integer; nothing is interpolated.  Other kinds:
 * the position's Sprague-Grundy value and misere outcome, its outcome for
 * N players, its exact probability of a win, or win/loss/draw.
 */
#include "verifier/cli/value.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/matrix_game.h"
#include "core/engine/memo.h"
#include "core/engine/pile_game.h"
#include "core/engine/sweep.h"
#include "core/engine/xalloc.h"
#include "proofs/claim.h"
#include "verifier/run/check.h"
#include "verifier/base/json_checked.h"
#include "verifier/base/args.h"

void value_format_rat(long long num, long long den, char *buf, int len)
{
    long long g = gcd_long((long)(num < 0 ? -num : num), (long)den);
    if (g == 0)
        g = 1;
    num /= g;
    den /= g;
    if (den == 1)
        snprintf(buf, (size_t)len, "%lld", num);
    else
        snprintf(buf, (size_t)len, "%lld/%lld", num, den);
}


/* "verifier: COMMAND: ERR" on one line, arguments quoted in ERR escaped. */
static void print_command_error(const char *command, const char *err)
{
    char *line = claim_printf("%s: %s", command, err);
    print_error_line(stderr, line);
    free(line);
}
/* The smallest b >= 1 with 2b x an integer, for x = p/q. */
static long half_denominator(rat x)
{
    return x.den / gcd_long(x.den, 2);
}

void value_order_start(const value_grid *g, ordered_pos *o)
{
    o->n = g->ngiven;
    memcpy(o->p, g->given, sizeof o->p);
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

void value_order_child(const value_grid *g, const ordered_pos *parent, uint64_t child, ordered_pos *out)
{
    int c[GAME_MAX_SLOTS], s[GAME_MAX_SLOTS];
    int n = g->entry->piles_of(g->game, child, c);
    memcpy(s, parent->p, sizeof s);
    qsort(s, (size_t)parent->n, sizeof *s, cmp_int);
    /* The multisets' difference, both ascending: what left and what came. */
    int gone = -1, came = -1, ngone = 0, ncame = 0, i = 0, j = 0;
    while (i < parent->n || j < n) {
        if (j == n || (i < parent->n && s[i] < c[j])) {
            gone = s[i++];
            ngone++;
        } else if (i == parent->n || c[j] < s[i]) {
            came = c[j++];
            ncame++;
        } else {
            i++;
            j++;
        }
    }
    if (n == parent->n && ngone == 1 && ncame == 1) {
        *out = *parent;
        for (int k = 0; k < out->n; k++)
            if (out->p[k] == gone) {
                out->p[k] = came;
                return;
            }
    }
    /* No single pile changed: the child's piles, largest first. */
    out->n = n;
    for (int k = 0; k < n; k++)
        out->p[k] = c[n - 1 - k];
}

void value_format_ordered(const ordered_pos *o, char buf[ORDERED_TEXT_MAX])
{
    _Static_assert(MS_MAX_BOUND <= 999999, "a pile has at most 6 digits (ORDERED_TEXT_MAX)");
    int k = snprintf(buf, ORDERED_TEXT_MAX, "(");
    for (int i = 0; i < o->n; i++) {
        if (o->p[i] == GAME_PILE_UNKNOWN)
            k += snprintf(buf + k, (size_t)(ORDERED_TEXT_MAX - k), "?%s", i + 1 < o->n ? "," : "");
        else
            k += snprintf(buf + k, (size_t)(ORDERED_TEXT_MAX - k), "%d%s", o->p[i], i + 1 < o->n ? "," : "");
    }
    snprintf(buf + k, (size_t)(ORDERED_TEXT_MAX - k), ")");
}

int value_stones(const value_grid *g, uint64_t rank)
{
    int a[GAME_MAX_SLOTS];
    int slots = g->entry->piles_of(g->game, rank, a);
    return ms_total(a, slots);
}

/* jansson returns NULL only when out of memory. */
static void put_member(json_t *o, const char *key, json_t *v)
{
    jx_set(o, key, v);
}

/* Every optimal first move, then one optimal line to the end with the
 * running scores, as one document (the text and --json are both read
 * from it): the first player is the one to move at p. */
static json_t *explain_doc(const value_grid *g, int lane, rat N)
{
    const value_table *t = &g->table;
    long b = g->denom2 / 2;
    uint64_t rank = g->rank;
    /* Scoring Nim's game ends with the last stone; a variant's may end
     * with stones left (no move is legal), so it speaks of the last move. */
    bool ends = g->entry->ends_with_last_piece;
    const char *piece = game_piece(g->entry);
    char last[64], over[64];
    snprintf(last, sizeof last, ends ? "took the last %s" : "made the last move", piece);
    snprintf(over, sizeof over, ends ? "no %s" : "no legal move", piece);
    char pos[ORDERED_TEXT_MAX], child[ORDERED_TEXT_MAX], nb[48], v[48];
    game_move *moves = xmalloc(xmul((size_t)t->game->max_moves + 1, sizeof *moves, "a move list"), "a move list");
    int k = table_optimal_moves(t, rank, lane, moves);
    /* Positions in the order the piles were given, each move changing its
     * pile in place. */
    ordered_pos here, next;
    value_order_start(g, &here);
    value_format_ordered(&here, pos);
    value_format_rat(N.num, N.den, nb, sizeof nb);
    json_t *doc = jx_must(json_pack("{s:s, s:s}", "position", pos, "N", nb));
    json_t *first = jx_must(json_array()), *steps = jx_must(json_array());
    put_member(doc, "optimal_first_moves", first);
    put_member(doc, "line", steps);
    if (k == 0) {
        char f[48];
        value_format_rat(-N.num, N.den, f, sizeof f);
        put_member(doc, "game_over", json_string(over));
        put_member(doc, "last_move", json_string(last));
        put_member(doc, "f", json_string(f));
        free(moves);
        return doc;
    }
    for (int m = 0; m < k; m++) {
        value_order_child(g, &here, moves[m].child, &next);
        value_format_ordered(&next, child);
        jx_append(first, json_string(child));
    }
    int most = value_stones(g, rank) + 2;
    uint64_t *line = xmalloc((size_t)most * sizeof *line, "a line of play");
    int len = table_optimal_line(t, rank, lane, line, most);
    long score[2] = {0, 0};
    for (int s = 1; s < len; s++) {
        int who = (s - 1) % 2, taken = value_stones(g, line[s - 1]) - value_stones(g, line[s]);
        score[who] += taken;
        value_order_child(g, &here, line[s], &next);
        value_format_ordered(&here, pos);
        value_format_ordered(&next, child);
        here = next;
        jx_append(steps, jx_must(json_pack("{s:i, s:s, s:i, s:s, s:s, s:I, s:I}", "step", s, "player",
                                        who ? "second" : "first", "takes", taken, "from", pos, "to", child, "first",
                                        (json_int_t)score[0], "second", (json_int_t)score[1])));
    }
    /* The player who made the last move gets N: f = (first's stones [+ N])
     * - (second's stones [+ N]), the bracket around the side that gets N,
     * and a negative N in its own brackets, so that the line reads as the
     * arithmetic it is. */
    int lastp = (len - 2) % 2;
    char fb[48], nterm[64];
    long long M = 2LL * b * N.num / N.den;
    value_format_rat(2LL * b * (score[0] - score[1]) + (lastp == 0 ? M : -M), 2 * b, fb, sizeof fb);
    snprintf(nterm, sizeof nterm, N.num < 0 ? "(%s)" : "%s", nb);
    char *sum = lastp == 0 ? claim_printf("(%ld + %s) - %ld = %s", score[0], nterm, score[1], fb)
                           : claim_printf("%ld - (%ld + %s) = %s", score[0], score[1], nterm, fb);
    value_format_rat(table_value(t, rank, lane), 2 * b, v, sizeof v);
    put_member(doc, "last_mover", json_string(lastp == 0 ? "first" : "second"));
    char pieces[64];
    snprintf(pieces, sizeof pieces, "%ss", piece);
    put_member(doc, "pieces", json_string(pieces));
    put_member(doc, "last_move", json_string(last));
    put_member(doc, "arithmetic", json_string(sum));
    put_member(doc, "f", json_string(fb));
    put_member(doc, "table_value", json_string(v));
    free(sum);
    free(line);
    free(moves);
    return doc;
}

static const char *doc_text(const json_t *doc, const char *key)
{
    const char *s = json_string_value(json_object_get(doc, key));
    return s ? s : "";
}

/* The explanation in words, from its document. */
static void explain_print(const json_t *doc)
{
    const char *pos = doc_text(doc, "position"), *nb = doc_text(doc, "N");
    const json_t *first = json_object_get(doc, "optimal_first_moves"), *steps = json_object_get(doc, "line");
    if (json_object_get(doc, "game_over")) {
        printf("%s has %s: the game is over; the opponent %s, so f = -N = %s\n", pos, doc_text(doc, "game_over"),
               doc_text(doc, "last_move"), doc_text(doc, "f"));
        return;
    }
    size_t k = json_array_size(first), i;
    json_t *x;
    printf("optimal first moves from %s at N = %s (%zu move%s):", pos, nb, k, k == 1 ? "" : "s");
    json_array_foreach(first, i, x)
        printf(" %s", json_string_value(x));
    printf("\n");
    printf("one optimal line (the first optimal move at every step; \"first\" moves at %s):\n", pos);
    json_array_foreach(steps, i, x)
        printf("  %2d. %-6s takes %d: %s -> %s   first %lld, second %lld\n",
               (int)json_integer_value(json_object_get(x, "step")), doc_text(x, "player"),
               (int)json_integer_value(json_object_get(x, "takes")), doc_text(x, "from"), doc_text(x, "to"),
               (long long)json_integer_value(json_object_get(x, "first")),
               (long long)json_integer_value(json_object_get(x, "second")));
    bool first_last = strcmp(doc_text(doc, "last_mover"), "first") == 0;
    const char *pieces = doc_text(doc, "pieces");
    printf("  the %s player %s and gets N = %s: f = (first's %s%s) - (second's %s%s) = %s\n",
           doc_text(doc, "last_mover"), doc_text(doc, "last_move"), nb, pieces, first_last ? " + N" : "", pieces,
           first_last ? "" : " + N", doc_text(doc, "arithmetic"));
    printf("  (the table's value: %s)\n", doc_text(doc, "table_value"));
}

static void explain(const value_grid *g, int lane, rat N)
{
    json_t *doc = explain_doc(g, lane, N);
    explain_print(doc);
    json_decref(doc);
}

/* The parameters that hold the query's position: the game's own sizing
 * (size_of_position), else as many piles as given and the largest as the
 * bound; the query's options, a point worth `unit`. */
static game_params sized_for_query(const game_entry *e, const value_query *q, int64_t unit)
{
    game_params p = {.piles = q->n, .unit = unit};
    if (e->size_of_position)
        e->size_of_position(q->piles, q->n, &p);
    else
        for (int i = 0; i < q->n; i++)
            p.bound = q->piles[i] > p.bound ? q->piles[i] : p.bound;
    memcpy(p.option, q->option, sizeof p.option);
    return p;
}

/* The game of the query, sized to hold its position. */
static int build_value_game(const value_query *q, value_grid *g, long b)
{
    char err[512];
    g->entry = q->game ? q->game : game_default();
    game_params p = sized_for_query(g->entry, q, 2 * b);
    g->game = g->entry->build(&p, err, sizeof err);
    if (!g->game) {
        print_command_error(q->command, err);
        return EXIT_USAGE;
    }
    if (!g->game->moves || !g->entry->rank_of_piles || !g->entry->piles_of || g->entry->one_lane) {
        fprintf(stderr, "verifier: %s: %s has no bonus to draw over, nor a table of its positions by their piles "
                        "(verifier value gives its values)\n",
                q->command, g->entry->name);
        g->entry->destroy(g->game);
        return EXIT_USAGE;
    }
    return 0;
}

/* The margin table's format: packed where every step between lanes is +-1
 * (Proposition 3.1, for the games whose entry says so), else wide. */
static lane_format margin_format(const value_grid *g, lane_window win)
{
    if (g->entry->unit_steps && win.step == 1)
        return FORMAT_PACKED;
    int64_t m = win.mlo < 0 ? -win.mlo : win.mlo, top = win.mlo + (int64_t)win.step * (win.lanes - 1);
    m = m > (top < 0 ? -top : top) ? m : (top < 0 ? -top : top);
    return g->game->value_bound(g->game->data, m) <= INT16_MAX ? FORMAT_WIDE : FORMAT_WIDE64;
}

int value_build(const value_query *q, value_grid *g)
{
    char err[512];
    memset(g, 0, sizeof *g);
    /* The bonuses asked for are lo, lo + step, ... <= hi; all of them, as
     * M = 2bN, are integers for the least such b. */
    long b = half_denominator(q->lo);
    long bs = half_denominator(q->step);
    b = b / gcd_long(b, bs) * bs;
    /* Say which limit it is: the denominator (every value is computed
     * times 2b, which must stay within the table's integers), the count
     * of bonuses, or the size of 2bN.  The denominator first: with b
     * small, the products below fit in 128 bits (a numerator is within
     * 1e12, a denominator within 1e6). */
    if (b > 100000) {
        fprintf(stderr, "verifier: %s: these bonuses need every value computed times %ld (twice their common "
                        "denominator), beyond the table's exact integers (at most times 200000): give N and --step "
                        "with smaller denominators\n",
                q->command, 2 * b);
        return EXIT_USAGE;
    }
    /* (hi - lo) / step, exactly: the floor of a rational (>= 0). */
    __int128 num = ((__int128)q->hi.num * q->lo.den - (__int128)q->lo.num * q->hi.den) * q->step.den;
    __int128 den = (__int128)q->hi.den * q->lo.den * q->step.num;
    __int128 count = num / den + 1;
    if (count > 1000000) {
        fprintf(stderr, "verifier: %s: more than 1000000 bonuses asked for: narrow --bonus or coarsen --step\n",
                q->command);
        return EXIT_USAGE;
    }
    long long mlo = (long long)((__int128)2 * b * q->lo.num / q->lo.den);
    long long mstep = (long long)((__int128)2 * b * q->step.num / q->step.den);
    __int128 mhi = mlo + (count - 1) * (__int128)mstep;
    if (mlo < -100000000LL || mhi > 100000000LL) {
        fprintf(stderr, "verifier: %s: the bonuses asked for, times %ld, pass 100000000: narrow --bonus or use "
                        "coarser fractions\n",
                q->command, 2 * b);
        return EXIT_USAGE;
    }
    int rc = build_value_game(q, g, b);
    if (rc != 0)
        return rc;
    /* The game was sized to hold the position; a game that still does not
     * (its own limits) says so rather than show another position.  Both
     * this and the state are checked before any thread or table exists. */
    int64_t rank = g->entry->rank_of_piles(g->game, q->piles, q->n);
    if (rank < 0) {
        fprintf(stderr, "verifier: %s: the position is not one of %s's\n", q->command, g->entry->name);
        g->entry->destroy(g->game);
        return EXIT_USAGE;
    }
    /* A state after the piles ("(27,1)(1)") only for a game whose
     * positions carry one, and one of its states. */
    int tags = g->game->tags > 1 ? g->game->tags : 1;
    if (q->tag >= 0 && (tags == 1 || q->tag >= tags)) {
        if (tags == 1)
            fprintf(stderr, "verifier: %s: %s's positions carry no state: write the piles alone, like 5,4,2\n",
                    q->command, g->entry->name);
        else
            fprintf(stderr, "verifier: %s: the %s after the piles must be 0..%d (0: none) for this game\n",
                    q->command, g->game->tag_name, tags - 1);
        g->entry->destroy(g->game);
        return EXIT_USAGE;
    }
    if (guard_pinning_open(&g->pin, 0, err, sizeof err) != 0) {
        print_error_line(stderr, err);
        g->entry->destroy(g->game);
        return EXIT_RUN_ERROR;
    }
    pinning_start(&g->pin);
    lane_window win = {.mlo = mlo, .step = 1, .lanes = (int)(mhi - mlo + 1)};
    table_opts opts = table_default_opts(g->game, win);
    if (g->game->kind == VALUE_MARGIN)
        opts.format = margin_format(g, win);
    /* table_create refuses a table beyond the memory budget or values
     * beyond its format. */
    if (table_create(&g->table, g->game, &opts, err, sizeof err) != 0) {
        print_command_error(q->command, err);
        pinning_close(&g->pin);
        g->entry->destroy(g->game);
        return EXIT_USAGE;
    }
    table_sweep(&g->table, &g->pin);
    g->tag = q->tag;
    if (q->tag > 0)
        rank += q->tag;
    g->rank = (uint64_t)rank;
    g->ngiven = q->n;
    memcpy(g->given, q->piles, sizeof g->given);
    g->count = count;
    g->mlo = mlo;
    g->mstep = mstep;
    g->denom2 = 2 * b;
    return 0;
}

int value_build_margin(const value_query *q, value_grid *g)
{
    int rc = value_build(q, g);
    if (rc == 0 && g->game->kind != VALUE_MARGIN) {
        fprintf(stderr, "verifier: %s: %s has no scores to draw (its values are %s values)\n", q->command,
                g->entry->name, value_kind_name(g->game->kind));
        value_release(g);
        return EXIT_USAGE;
    }
    return rc;
}

void value_release(value_grid *g)
{
    pinning_close(&g->pin);
    table_free(&g->table);
    g->entry->destroy(g->game);
    memset(g, 0, sizeof *g);
}

/* A label of a matrix position's option, row or column (the game's, or
 * "option 2", "row 1", "column 3"). */
static char *value_matrix_label(const game_desc *g, uint64_t rank, int option, int which, int index)
{
    if (g->matrix_label) {
        int n = g->matrix_label(g->data, rank, option, which, index, NULL, 0);
        char *buf = xmalloc((size_t)n + 1, "a label");
        g->matrix_label(g->data, rank, option, which, index, buf, n + 1);
        return buf;
    }
    return claim_printf("%s %d", which == 0 ? "option" : which == 1 ? "row" : "column",
                        (which == 0 ? option : index) + 1);
}

/* One mixed strategy: "x = 1: 1/2, x = 4: 1/2" (the choices played). */
static void print_mix(const game_desc *g, uint64_t rank, int option, int which, const mpq_t *p, int n)
{
    const char *sep = "";
    for (int i = 0; i < n; i++) {
        if (mpq_sgn(p[i]) == 0)
            continue;
        char *label = value_matrix_label(g, rank, option, which, i), *q = mpq_get_str(NULL, 10, p[i]);
        printf("%s%s with probability %s", sep, label, q);
        free(label);
        free(q);
        sep = ", ";
    }
    printf("\n");
}

/* One option of a matrix position solved: its value to the mover and one
 * optimal mixed strategy of each player (the exact solver's, whose every
 * answer is checked against its optimality certificate). */
typedef struct {
    int rows, cols;
    mpq_t value;
    mpq_t *x, *y;
} option_solution;

static void solve_option(const value_table *t, const game_matrix *m, const uint64_t *cells, option_solution *s)
{
    int rows = m->rows, cols = m->cols, n = rows * cols;
    mpq_t *a = xmalloc(xmul((size_t)n, sizeof *a, "a matrix"), "a matrix");
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    for (int c = 0; c < n; c++) {
        mpq_init(a[c]);
        table_probability_q(t, cells[m->first + c], a[c]);
        mpq_sub(a[c], one, a[c]);
    }
    s->rows = rows;
    s->cols = cols;
    s->x = xmalloc(xmul((size_t)rows, sizeof *s->x, "a matrix"), "a matrix");
    s->y = xmalloc(xmul((size_t)cols, sizeof *s->y, "a matrix"), "a matrix");
    mpq_init(s->value);
    for (int i = 0; i < rows; i++)
        mpq_init(s->x[i]);
    for (int j = 0; j < cols; j++)
        mpq_init(s->y[j]);
    if (matrix_game_solve((const mpq_t *)a, rows, cols, s->value, s->x, s->y) != 0)
        die("internal error: an empty matrix game");
    for (int c = 0; c < n; c++)
        mpq_clear(a[c]);
    mpq_clear(one);
    free(a);
}

static void option_solution_free(option_solution *s)
{
    mpq_clear(s->value);
    for (int i = 0; i < s->rows; i++)
        mpq_clear(s->x[i]);
    for (int j = 0; j < s->cols; j++)
        mpq_clear(s->y[j]);
    free(s->x);
    free(s->y);
}

/* A matrix position's options: the game's matrices and their cells. */
typedef struct {
    game_matrix *opt;
    uint64_t *cells;
    int count;
    mpq_t want; /* the position's value */
} position_options;

static void value_options_of(const value_table *t, uint64_t rank, position_options *p)
{
    const game_desc *g = t->game;
    p->opt = xmalloc(xmul((size_t)(g->max_options > 0 ? g->max_options : 1), sizeof *p->opt, "a position"),
                     "a position");
    p->cells = xmalloc(xmul((size_t)(g->max_cells > 0 ? g->max_cells : 1), sizeof *p->cells, "a position"),
                       "a position");
    p->count = g->matrices(g->data, rank, p->opt, p->cells);
    mpq_init(p->want);
    table_probability_q(t, rank, p->want);
}

static void options_free(position_options *p)
{
    mpq_clear(p->want);
    free(p->opt);
    free(p->cells);
}

/* Each option that attains the position's value, with one optimal mixed
 * strategy of each player for its matrix game. */
/* The mover's chance of winning by moving to `child`, whose value the
 * table holds as the opponent's chance there: 1 - that, exact. */
static char *payoff_text(const value_table *t, uint64_t child)
{
    mpq_t q, one;
    mpq_inits(q, one, NULL);
    table_probability_q(t, child, q);
    mpq_set_ui(one, 1, 1);
    mpq_sub(q, one, q);
    char *s = mpq_get_str(NULL, 10, q);
    mpq_clears(q, one, NULL);
    return s;
}

/* The payoff matrix of one option: the mover's chance of winning for
 * each pair of choices (rows his, columns the opponent's), exact. */
static void print_payoffs(const value_table *t, uint64_t rank, int option, const game_matrix *m, const uint64_t *cells)
{
    const game_desc *g = t->game;
    char **text = xmalloc(xmul((size_t)(m->rows + 1) * (size_t)(m->cols + 1), sizeof *text, "a matrix"), "a matrix");
    int width = 0;
    /* Cell (0, 0) is empty; row 0 the columns' labels, column 0 the rows'. */
    for (int r = 0; r <= m->rows; r++)
        for (int c = 0; c <= m->cols; c++) {
            char *s;
            if (r == 0 && c == 0)
                s = xstrdup("", "a label");
            else if (r == 0)
                s = value_matrix_label(g, rank, option, 2, c - 1);
            else if (c == 0)
                s = value_matrix_label(g, rank, option, 1, r - 1);
            else
                s = payoff_text(t, cells[m->first + (r - 1) * m->cols + (c - 1)]);
            int len = (int)strlen(s);
            width = len > width ? len : width;
            text[r * (m->cols + 1) + c] = s;
        }
    printf("    the mover's chance of winning for each pair of choices (rows: his; columns: the opponent's):\n");
    for (int r = 0; r <= m->rows; r++) {
        printf("     ");
        for (int c = 0; c <= m->cols; c++)
            printf(c < m->cols ? " %-*s" : " %*s", c < m->cols ? width : 0, text[r * (m->cols + 1) + c]);
        printf("\n");
    }
    for (int i = 0; i < (m->rows + 1) * (m->cols + 1); i++)
        free(text[i]);
    free(text);
}

static void print_strategies(const value_table *t, uint64_t rank)
{
    const game_desc *g = t->game;
    position_options p;
    value_options_of(t, rank, &p);
    if (p.count == 0)
        printf("  no move: the game is over\n");
    for (int o = 0; o < p.count; o++) {
        option_solution s;
        solve_option(t, &p.opt[o], p.cells, &s);
        bool optimal = mpq_equal(s.value, p.want);
        char *label = value_matrix_label(g, rank, o, 0, 0), *v = mpq_get_str(NULL, 10, s.value);
        printf("  %s: %s%s\n", label, v, optimal ? " (optimal)" : "");
        if (optimal) {
            print_payoffs(t, rank, o, &p.opt[o], p.cells);
            printf("    the mover: ");
            print_mix(g, rank, o, 1, (const mpq_t *)s.x, s.rows);
            printf("    the opponent: ");
            print_mix(g, rank, o, 2, (const mpq_t *)s.y, s.cols);
        }
        free(label);
        free(v);
        option_solution_free(&s);
    }
    options_free(&p);
}

/* Who wins without a ranking: the tree of choices (written out while it
 * is small, its shared parts named otherwise), and each player's chance
 * were every choice made at random. */
static void print_choice(const value_table *t, uint64_t rank, const char *pos)
{
    choice_code c = table_choice(t, rank);
    int n = t->game->players;
    char *tree = choice_text(t->dag, c, 64);
    if (!tree)
        tree = choice_dag_text(t->dag, c);
    printf("%s: %s\n", pos, tree);
    free(tree);
    if (choice_is_leaf(t->dag, c))
        printf("  player %d wins (players counted from the player to move: 1 the mover, %d the player before him)\n",
               choice_who(t->dag, c), n);
    else
        printf("  player %d chooses (\"Pi: a / b\": player i chooses between outcomes a and b; players counted from "
               "the player to move), choices nested %d deep\n",
               choice_who(t->dag, c), choice_depth(t->dag, c));
    printf("  chances were every choice made at random:");
    mpq_t q;
    mpq_init(q);
    for (int p = 1; p <= n; p++) {
        choice_chance(t->dag, c, p, q);
        char *text = mpq_get_str(NULL, 10, q);
        printf(" player %d %s%s", p, text, p < n ? "," : "\n");
        free(text);
    }
    mpq_clear(q);
}

/* Whether the position's game carries states (a restricted number). */
static bool tagged(const value_grid *g)
{
    return g->game->tags > 1;
}

/* The class of a position over every state (pile_game_tag_class): in
 * normal play, or in misere play. */
static void tag_class(const value_grid *g, uint64_t first, bool misere, char *out, size_t len)
{
    int tags = g->game->tags;
    bool *wins = xmalloc(sizeof *wins * (size_t)tags, "a position's class");
    for (int s = 0; s < tags; s++)
        wins[s] = misere ? table_misere(&g->table, first + (uint64_t)s) == OUTCOME_WIN
                         : table_grundy(&g->table, first + (uint64_t)s) != 0;
    pile_game_tag_class(wins, tags, "1", out, len);
    free(wins);
}

/* The class in words ("wins unless 3 is restricted"). */
static void class_words(const char *code, const char *what, char *out, size_t len)
{
    if (strcmp(code, "N") == 0)
        snprintf(out, len, "N: the player to move wins whatever %s he is given", what);
    else if (strcmp(code, "P") == 0)
        snprintf(out, len, "P: the player to move loses whatever %s he is given", what);
    else if (code[0] == 'X')
        snprintf(out, len, "%s: the player to move wins only when the %s is %s", code, what, code[1] ? code + 1 : "1");
    else if (code[0] == 'W')
        snprintf(out, len, "%s: the player to move wins exactly when the %s is one of those", code, what);
    else
        snprintf(out, len, "%s: the player to move wins unless the %s is %s%s", code, what, code,
                 strcmp(code, "1") == 0 ? " (Huibers' tables write + or an empty cell)" : "");
}

/* A position of a game whose positions carry states: its value with the
 * state asked for, or with each state, and its class over every state. */
static void print_tags(const value_grid *g, const char *pos)
{
    const value_table *t = &g->table;
    const char *what = g->game->tag_name ? g->game->tag_name : "state";
    uint64_t first = g->rank - (uint64_t)(g->tag > 0 ? g->tag : 0);
    if (g->tag >= 0) {
        printf("%s(%d): Sprague-Grundy value %u with %s %d (normal play: the player to move %s); misere play: the "
               "player to move %s\n",
               pos, g->tag, table_grundy(t, g->rank), what, g->tag, table_grundy(t, g->rank) ? "wins" : "loses",
               table_misere(t, g->rank) == OUTCOME_WIN ? "wins" : "loses");
    } else {
        printf("%s: Sprague-Grundy values by %s (0: none, the start):\n", pos, what);
        for (int s = 0; s < g->game->tags; s++) {
            uint64_t r = first + (uint64_t)s;
            printf("  %s(%d): %u (normal play: %s; misere play: %s)\n", pos, s, table_grundy(t, r),
                   table_grundy(t, r) ? "wins" : "loses", table_misere(t, r) == OUTCOME_WIN ? "wins" : "loses");
        }
    }
    char code[256], words[400];
    tag_class(g, first, false, code, sizeof code);
    class_words(code, what, words, sizeof words);
    printf("  over every %s, normal play: %s\n", what, words);
    tag_class(g, first, true, code, sizeof code);
    class_words(code, what, words, sizeof words);
    printf("  over every %s, misere play: %s\n", what, words);
}

/* What wins from the position, as the game's entry says it (the bans
 * that win, for Huibers' ban games), each line indented. */
static void print_what_wins(const value_grid *g)
{
    char *text = g->entry->what_wins ? g->entry->what_wins(&g->table, g->rank) : NULL;
    if (!text)
        return;
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        printf("  %.*s\n", (int)n, line);
        line += n + (end != NULL);
    }
    free(text);
}

/* The value of one position of a game of another kind. */
static void print_other(const value_grid *g)
{
    const value_table *t = &g->table;
    char pos[ORDERED_TEXT_MAX + 16];
    ordered_pos given;
    value_order_start(g, &given);
    value_format_ordered(&given, pos);
    /* The state asked for, as it was written ("(5)(2)"), except where
     * print_tags writes the states itself. */
    if (g->tag >= 0 && !(t->kind == VALUE_GRUNDY && tagged(g)))
        snprintf(pos + strlen(pos), 16, "(%d)", g->tag);
    switch (t->kind) {
    case VALUE_GRUNDY:
        if (tagged(g)) {
            print_tags(g, pos);
            break;
        }
        printf("%s: Sprague-Grundy value %u (normal play: the player to move %s); misere play: the player to move "
               "%s\n",
               pos, table_grundy(t, g->rank), table_grundy(t, g->rank) ? "wins" : "loses",
               table_misere(t, g->rank) == OUTCOME_WIN ? "wins" : "loses");
        break;
    case VALUE_PLAYERS: {
        int v = table_outcome(t, g->rank), n = t->game->players;
        if (v == 0)
            printf("%s: outcome 0 of %d players: the player before the one to move makes the last move\n", pos, n);
        else
            printf("%s: outcome %d of %d players: the %s makes the last move\n", pos, v, n,
                   v == 1 ? "player to move" : v == 2 ? "next player" : "player that many turns on");
        break;
    }
    case VALUE_MATRIX: {
        mpq_t q;
        mpq_init(q);
        table_probability_q(t, g->rank, q);
        char *p = mpq_get_str(NULL, 10, q);
        printf("%s: the player to move wins with probability %s (%s)\n", pos, p,
               mpq_sgn(q) == 0 ? "a certain loss" : mpq_cmp_ui(q, 1, 1) == 0 ? "a certain win" : "uncertain");
        free(p);
        mpq_clear(q);
        print_strategies(t, g->rank);
        break;
    }
    case VALUE_CHOICE:
        print_choice(t, g->rank, pos);
        break;
    default: {
        int v = table_outcome(t, g->rank);
        printf("%s: the player to move %s\n", pos,
               v == OUTCOME_WIN ? "wins" : v == OUTCOME_LOSS ? "loses" : "cannot force a win: a draw");
        break;
    }
    }
    print_what_wins(g);
}

/* ---- value --json: one JSON document ---- */

static json_t *mpq_json(const mpq_t q)
{
    char *text = mpq_get_str(NULL, 10, q);
    json_t *j = jx_must(json_string(text));
    free(text);
    return j;
}

/* A mixed strategy as {"x = 1": "1/2", ...} (the choices played). */
static json_t *mix_json(const game_desc *g, uint64_t rank, int option, int which, const mpq_t *p, int n)
{
    json_t *o = jx_must(json_object());
    for (int i = 0; i < n; i++) {
        if (mpq_sgn(p[i]) == 0)
            continue;
        char *label = value_matrix_label(g, rank, option, which, i);
        put_member(o, label, mpq_json(p[i]));
        free(label);
    }
    return o;
}

static json_t *strategies_json(const value_table *t, uint64_t rank)
{
    const game_desc *g = t->game;
    position_options p;
    value_options_of(t, rank, &p);
    json_t *all = jx_must(json_array());
    for (int o = 0; o < p.count; o++) {
        option_solution s;
        solve_option(t, &p.opt[o], p.cells, &s);
        bool optimal = mpq_equal(s.value, p.want);
        char *label = value_matrix_label(g, rank, o, 0, 0);
        json_t *one = jx_must(json_pack("{s:s, s:o, s:b}", "option", label, "value", mpq_json(s.value), "optimal",
                                     optimal));
        if (optimal) {
            put_member(one, "mover", mix_json(g, rank, o, 1, (const mpq_t *)s.x, s.rows));
            put_member(one, "opponent", mix_json(g, rank, o, 2, (const mpq_t *)s.y, s.cols));
        }
        jx_append(all, one);
        free(label);
        option_solution_free(&s);
    }
    options_free(&p);
    return all;
}

static const char *outcome_word(int v)
{
    return v == OUTCOME_WIN ? "win" : v == OUTCOME_LOSS ? "loss" : "draw";
}

/* A game whose positions carry states: the state asked for (null: none,
 * the values above are with state 0), each state's values, and the class
 * over every state in both plays. */
static void put_tags(json_t *o, const value_grid *g)
{
    const value_table *t = &g->table;
    uint64_t first = g->rank - (uint64_t)(g->tag > 0 ? g->tag : 0);
    put_member(o, "state_is", jx_must(json_string(g->game->tag_name ? g->game->tag_name : "state")));
    put_member(o, "state", g->tag >= 0 ? jx_must(json_integer(g->tag)) : json_null());
    json_t *each = jx_must(json_array());
    for (int s = 0; s < g->game->tags; s++) {
        uint64_t r = first + (uint64_t)s;
        jx_append(each, jx_must(json_pack("{s:i, s:i, s:s, s:s}", "state", s, "grundy", (int)table_grundy(t, r),
                                       "normal_play", table_grundy(t, r) ? "win" : "loss", "misere_play",
                                       outcome_word(table_misere(t, r)))));
    }
    put_member(o, "by_state", each);
    char normal[256], misere[256];
    tag_class(g, first, false, normal, sizeof normal);
    tag_class(g, first, true, misere, sizeof misere);
    put_member(o, "class", jx_must(json_pack("{s:s, s:s}", "normal_play", normal, "misere_play", misere)));
}

/* The position's value in its kind's own fields. */
static void put_value(json_t *o, const value_grid *g)
{
    const value_table *t = &g->table;
    switch (t->kind) {
    case VALUE_MARGIN: {
        json_t *values = jx_must(json_array());
        for (long long k = 0; k < g->count; k++) {
            char nb[48], fb[48];
            value_format_rat(g->mlo + k * g->mstep, g->denom2, nb, sizeof nb);
            value_format_rat(table_value(t, g->rank, (int)(k * g->mstep)), g->denom2, fb, sizeof fb);
            jx_append(values, json_pack("{s:s, s:s}", "N", nb, "f", fb));
        }
        put_member(o, "values", values);
        break;
    }
    case VALUE_GRUNDY:
        put_member(o, "grundy", json_integer(table_grundy(t, g->rank)));
        put_member(o, "normal_play", json_string(table_grundy(t, g->rank) ? "win" : "loss"));
        put_member(o, "misere_play", json_string(outcome_word(table_misere(t, g->rank))));
        if (tagged(g))
            put_tags(o, g);
        break;
    case VALUE_PLAYERS:
        put_member(o, "players", json_integer(t->game->players));
        put_member(o, "outcome", json_integer(table_outcome(t, g->rank)));
        break;
    case VALUE_MATRIX: {
        mpq_t q;
        mpq_init(q);
        table_probability_q(t, g->rank, q);
        put_member(o, "probability", mpq_json(q));
        put_member(o, "certainty", json_string(mpq_sgn(q) == 0                ? "certain loss"
                                               : mpq_cmp_ui(q, 1, 1) == 0 ? "certain win"
                                                                          : "uncertain"));
        mpq_clear(q);
        put_member(o, "options", strategies_json(t, g->rank));
        break;
    }
    case VALUE_CHOICE: {
        choice_code c = table_choice(t, g->rank);
        int n = t->game->players;
        char *tree = choice_text(t->dag, c, 64);
        if (!tree)
            tree = choice_dag_text(t->dag, c);
        put_member(o, "players", json_integer(n));
        put_member(o, "tree", json_string(tree));
        free(tree);
        json_t *chances = jx_must(json_array());
        mpq_t q;
        mpq_init(q);
        for (int p = 1; p <= n; p++) {
            choice_chance(t->dag, c, p, q);
            jx_append(chances, mpq_json(q));
        }
        mpq_clear(q);
        put_member(o, "chances_at_random", chances);
        break;
    }
    default:
        put_member(o, "outcome", json_string(outcome_word(table_outcome(t, g->rank))));
        break;
    }
}

/* explain_bonus: with --explain, the one bonus to explain (else NULL). */
static void print_json(const value_grid *g, const rat *explain_bonus)
{
    char pos[ORDERED_TEXT_MAX];
    ordered_pos given;
    value_order_start(g, &given);
    value_format_ordered(&given, pos);
    json_t *piles = jx_must(json_array());
    /* A pile of unknown size is null. */
    for (int i = 0; i < given.n; i++)
        jx_append(piles, given.p[i] == GAME_PILE_UNKNOWN ? json_null() : json_integer(given.p[i]));
    json_t *o = jx_must(json_pack("{s:s, s:s, s:o, s:s}", "game", g->entry->name, "position", pos, "piles", piles,
                               "values_are", value_kind_name(g->table.kind)));
    put_value(o, g);
    char *wins = g->entry->what_wins ? g->entry->what_wins(&g->table, g->rank) : NULL;
    if (wins) {
        put_member(o, "what_wins", jx_must(json_string(wins)));
        free(wins);
    }
    if (explain_bonus)
        put_member(o, "explain", explain_doc(g, 0, *explain_bonus));
    /* A write error stays in ferror(stdout): main's guard_finish says so. */
    jx_print(stdout, o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(o);
}

/* ---- margin games with no bonus: one value a position ---- */

/* The value of the position of q in table units, from the table of the
 * game's ranked positions or, for a keyed game, from the engine's memo.
 * 0, or an exit status with the message printed. */
static int one_lane_value(const value_query *q, const game_entry *e, const game_desc *g, int64_t *v)
{
    char err[512];
    if (g->moves && e->rank_of_piles) {
        int64_t rank = e->rank_of_piles(g, q->piles, q->n);
        if (rank < 0) {
            fprintf(stderr, "verifier: %s: the position is not one of %s's\n", q->command, e->name);
            return EXIT_USAGE;
        }
        value_table t;
        table_opts o = table_default_opts(g, (lane_window){.mlo = 0, .step = 1, .lanes = 1});
        if (table_create(&t, g, &o, err, sizeof err) != 0) {
            print_command_error(q->command, err);
            return EXIT_USAGE;
        }
        pinning pin;
        if (guard_pinning_open(&pin, 0, err, sizeof err) != 0) {
            print_error_line(stderr, err);
            table_free(&t);
            return EXIT_RUN_ERROR;
        }
        pinning_start(&pin);
        table_sweep(&t, &pin);
        *v = table_value(&t, (uint64_t)rank, 0);
        pinning_close(&pin);
        table_free(&t);
        return 0;
    }
    if (!g->key_moves || !e->key_of_piles) {
        fprintf(stderr, "verifier: %s: %s has no positions to name from piles\n", q->command, e->name);
        return EXIT_USAGE;
    }
    uint16_t key[GAME_MAX_KEY];
    int len = e->key_of_piles(g, q->piles, q->n, key);
    if (len < 0) {
        fprintf(stderr, "verifier: %s: the position is not one of %s's (or beyond its limits)\n", q->command,
                e->name);
        return EXIT_USAGE;
    }
    /* Only the positions reached from this one are computed. */
    memo *m = memo_new(g);
    bool ok = false;
    *v = memo_value(m, key, len, &ok);
    memo_free(m);
    if (!ok) {
        fprintf(stderr, "verifier: %s: the position reaches beyond the limits of %s's keys or of the memo\n",
                q->command, e->name);
        return EXIT_RUN_ERROR;
    }
    return 0;
}

/* A margin game with no bonus (Stewart's G_s): its one value, by the
 * same engine, ranked or keyed. */
static int run_value_one_lane(const value_query *q, const game_entry *e)
{
    char err[512];
    game_params p = sized_for_query(e, q, 1);
    game_desc *g = e->build(&p, err, sizeof err);
    if (!g) {
        print_command_error(q->command, err);
        return EXIT_USAGE;
    }
    int64_t v = 0;
    int rc = one_lane_value(q, e, g, &v);
    if (rc == 0) {
        if (g->convention)
            fprintf(stderr, "verifier: %s: note: %s\n", q->command, g->convention);
        char pos[ORDERED_TEXT_MAX], val[48];
        ordered_pos given = {.n = q->n};
        memcpy(given.p, q->piles, sizeof given.p);
        value_format_ordered(&given, pos);
        value_format_rat(v, g->scale > 0 ? g->scale : 1, val, sizeof val);
        if (q->json) {
            json_t *piles = jx_must(json_array());
            for (int i = 0; i < q->n; i++)
                jx_append(piles, json_integer(q->piles[i]));
            json_t *o = jx_must(json_pack("{s:s, s:s, s:o, s:s, s:s}", "game", e->name, "position", pos, "piles",
                                          piles, "values_are", "margin, no bonus", "value", val));
            jx_print(stdout, o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
            json_decref(o);
        } else
            printf("%s: %s (what the player to move secures: his points minus the other's; no bonus)\n", pos, val);
    }
    e->destroy(g);
    return rc == 0 ? EXIT_HOLDS : rc;
}

/* A range of one pile: each position's value in turn (its game built and
 * swept for it), then how many the player to move wins and loses. */
static int run_value_range(const value_query *q, const game_entry *e)
{
    if (e->kind == VALUE_MARGIN || q->json) {
        fprintf(stderr, "verifier: value: a range of piles (%d..%d) is for games without scores, one line a "
                        "position, and not with --json; give one position\n",
                q->piles[q->range_at], q->range_hi);
        return EXIT_USAGE;
    }
    value_query one = *q;
    one.range_at = -1;
    long long wins = 0, losses = 0, others = 0, count = 0;
    for (int pile = q->piles[q->range_at]; pile <= q->range_hi; pile++) {
        one.piles[q->range_at] = pile;
        value_grid g;
        int rc = value_build(&one, &g);
        if (rc != 0)
            return rc;
        print_other(&g);
        if (g.game->kind == VALUE_GRUNDY) {
            bool win = table_grundy(&g.table, g.rank) != 0;
            wins += win;
            losses += !win;
        } else if (g.game->kind == VALUE_DRAW) {
            int v = table_outcome(&g.table, g.rank);
            wins += v == OUTCOME_WIN;
            losses += v == OUTCOME_LOSS;
            others += v != OUTCOME_WIN && v != OUTCOME_LOSS;
        } else
            others++;
        count++;
        value_release(&g);
    }
    if (count > others)
        printf("of these %lld positions, the player to move (normal play, %s) wins %lld and loses %lld\n", count,
               q->tag >= 0 ? "the state given" : "nothing restricted, the start", wins, losses);
    return EXIT_HOLDS;
}

int run_value(const value_query *q)
{
    const game_entry *e = q->game ? q->game : game_default();
    if (q->range_at >= 0)
        return run_value_range(q, e);
    if (e->kind == VALUE_MARGIN && e->one_lane)
        return run_value_one_lane(q, e);
    value_grid g;
    int rc = value_build(q, &g);
    if (rc != 0)
        return rc;
    if (q->json)
        print_json(&g, q->explain && g.game->kind == VALUE_MARGIN ? &q->lo : NULL);
    else if (g.game->kind != VALUE_MARGIN)
        print_other(&g);
    else
        for (long long k = 0; k < g.count; k++) {
            int lane = (int)(k * g.mstep);
            char nb[48], fb[48];
            value_format_rat(g.mlo + k * g.mstep, g.denom2, nb, sizeof nb);
            value_format_rat(table_value(&g.table, g.rank, lane), g.denom2, fb, sizeof fb);
            printf("%s %s\n", nb, fb);
        }
    if (q->explain && g.game->kind == VALUE_MARGIN && !q->json)
        explain(&g, 0, q->lo);
    value_release(&g);
    return EXIT_HOLDS;
}
