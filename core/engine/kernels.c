/*
 * kernels.c -- the plain kernels: a position's value from its children's,
 * through the game's description (game.h) alone, one function a value
 * kind.  They read the children's stored values and know nothing of the
 * game's rules beyond its moves, so they serve every game; a game's fast
 * path (Scoring Nim's running maxima) is tested against them.
 *
 * VALUE_MARGIN: v(p) = max over moves of (points - v(child)) at every
 * lane, terminal(p, M) with no move.  Who makes the last move (the
 * table's last-mover flags) rides along: a move to a position with no
 * move makes the mover the last to move; otherwise the last mover after
 * moving to c is the other player of c's (the two flag bits swapped).  A
 * position's flags are the OR over its optimal moves.  A position with no
 * move has no flag (LAST_NONE), and every other position has one, so
 * LAST_NONE on a child says that the child ends the game.
 */
#include "core/engine/kernels.h"

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/matrix_game.h"
#include "core/engine/xalloc.h"

static uint8_t swap_last(uint8_t f)
{
    return (uint8_t)(((f & 1) << 1) | ((f >> 1) & 1));
}

/* The exact solver's work for the largest option of a game. */
typedef struct {
    int cells;
    mpq_t *a;
    mpq_t value, best, one, child;
    /* The children's values of an option's cells, read once. */
    int64_t *num, *den;
} matrix_work;

static matrix_work *matrix_work_new(int cells)
{
    matrix_work *w = xcalloc(1, sizeof *w, "a matrix game");
    w->cells = cells;
    w->a = xmalloc(xmul((size_t)(cells > 0 ? cells : 1), sizeof *w->a, "a matrix game"), "a matrix game");
    w->num = xmalloc(xmul((size_t)(cells > 0 ? cells : 1), sizeof *w->num, "a matrix game"), "a matrix game");
    w->den = xmalloc(xmul((size_t)(cells > 0 ? cells : 1), sizeof *w->den, "a matrix game"), "a matrix game");
    for (int i = 0; i < cells; i++)
        mpq_init(w->a[i]);
    mpq_inits(w->value, w->best, w->one, w->child, NULL);
    mpq_set_ui(w->one, 1, 1);
    return w;
}

static void matrix_work_free(matrix_work *w)
{
    if (!w)
        return;
    for (int i = 0; i < w->cells; i++)
        mpq_clear(w->a[i]);
    mpq_clears(w->value, w->best, w->one, w->child, NULL);
    free(w->a);
    free(w->num);
    free(w->den);
    free(w);
}

void kernel_scratch_init(kernel_scratch *s, const value_table *t)
{
    const game_desc *g = t->game;
    memset(s, 0, sizeof *s);
    size_t moves = (size_t)(g->max_moves > 0 ? g->max_moves : 1);
    s->moves = xmalloc(xmul(moves, sizeof *s->moves, "a worker's move list"), "a worker's move list");
    if (t->kind == VALUE_MARGIN) {
        size_t lanes = (size_t)t->store.lanes;
        s->row = xmalloc(xmul(lanes, sizeof *s->row, "a worker's row"), "a worker's row");
        s->child = xmalloc(xmul(lanes, sizeof *s->child, "a worker's row"), "a worker's row");
        s->row32 = xmalloc(xmul(lanes, sizeof *s->row32, "a worker's row"), "a worker's row");
        s->child32 = xmalloc(xmul(lanes, sizeof *s->child32, "a worker's row"), "a worker's row");
        s->flags = xmalloc(lanes, "a worker's row");
    }
    /* The mex of k values is at most k: marks for 0 .. k. */
    if (t->kind == VALUE_GRUNDY || t->kind == VALUE_PLAYERS)
        s->seen = xmalloc(moves + 1, "a worker's marks");
    if (t->kind == VALUE_CHOICE)
        s->codes = xmalloc(xmul(moves, sizeof *s->codes, "a worker's trees"), "a worker's trees");
    if (t->kind == VALUE_MATRIX) {
        size_t options = (size_t)(g->max_options > 0 ? g->max_options : 1);
        s->options = xmalloc(xmul(options, sizeof *s->options, "a worker's options"), "a worker's options");
        s->cells = xmalloc(xmul((size_t)(g->max_cells > 0 ? g->max_cells : 1), sizeof *s->cells, "a worker's cells"),
                           "a worker's cells");
        s->matrix = matrix_work_new(g->max_cells);
    }
}

void kernel_scratch_free(kernel_scratch *s)
{
    free(s->moves);
    free(s->row);
    free(s->child);
    free(s->row32);
    free(s->child32);
    free(s->flags);
    free(s->seen);
    free(s->options);
    free(s->cells);
    free(s->codes);
    matrix_work_free(s->matrix);
    memset(s, 0, sizeof *s);
}

/* The moves of `rank` into the worker's list.  A game that lists more
 * than its max_moves has written past the list: stopped, not trusted. */
static inline int listed_moves(const game_desc *g, kernel_scratch *s, uint64_t rank)
{
    int k = g->moves(g->data, rank, s->moves);
    if (k < 0 || k > (g->max_moves > 0 ? g->max_moves : 1))
        die("internal error: %s lists %d moves from a position, at most %d declared", g->name, k, g->max_moves);
    return k;
}

/* Below any value a table holds (the table keeps |v| <= INT32_MAX / 4 in
 * the 32-bit formats, INT64_MAX / 4 in the 64-bit one), and safe to
 * subtract a value from. */
#define NEG_INF32 (INT32_MIN / 2)
#define NEG_INF64 (INT64_MIN / 2)

/* The last-move flag a move to `child` gives the mover at a held lane. */
static uint8_t flag_after(const value_table *t, uint64_t child, int lane)
{
    uint8_t cf = (uint8_t)table_held_last_mover(t, child, lane);
    return cf == LAST_NONE ? (uint8_t)LAST_FIRST : swap_last(cf);
}

static void margin_position(value_table *t, kernel_scratch *s, uint64_t rank)
{
    const game_desc *g = t->game;
    int lanes = t->store.lanes;
    bool last = t->opts.last_mover, wide64 = t->opts.format == FORMAT_WIDE64;
    uint8_t *restrict fl = s->flags;
    int k = listed_moves(g, s, rank);
    if (k == 0) {
        for (int l = 0; l < lanes; l++)
            s->row[l] = g->terminal(g->data, rank, table_held_M(t, l));
        if (last)
            memset(fl, LAST_NONE, (size_t)lanes);
        table_held_row_put64(t, rank, s->row);
        if (last)
            table_held_flags_put(t, rank, fl);
        return;
    }
    if (last) {
        /* With who moves last: the flags of the moves that attain the
         * maximum, ORed (64-bit rows whatever the format). */
        int64_t *restrict v = s->row, *restrict child = s->child;
        for (int l = 0; l < lanes; l++) {
            v[l] = NEG_INF64;
            fl[l] = LAST_NONE;
        }
        for (int m = 0; m < k; m++) {
            const game_move *mv = &s->moves[m];
            table_held_row_get64(t, mv->child, child);
            for (int l = 0; l < lanes; l++) {
                int64_t x = mv->points - child[l];
                if (x > v[l]) {
                    v[l] = x;
                    fl[l] = flag_after(t, mv->child, l);
                } else if (x == v[l])
                    fl[l] |= flag_after(t, mv->child, l);
            }
        }
        table_held_row_put64(t, rank, v);
        table_held_flags_put(t, rank, fl);
        return;
    }
    if (wide64) {
        /* 64-bit values (Stewart's G_s): the maximum over the moves. */
        int64_t *restrict v = s->row, *restrict child = s->child;
        for (int l = 0; l < lanes; l++)
            v[l] = NEG_INF64;
        for (int m = 0; m < k; m++) {
            int64_t p = s->moves[m].points;
            table_held_row_get64(t, s->moves[m].child, child);
            for (int l = 0; l < lanes; l++)
                v[l] = p - child[l] > v[l] ? p - child[l] : v[l];
        }
        table_held_row_put64(t, rank, v);
        return;
    }
    /* 32-bit rows (packed, 16-bit wide): decoded as such, the maximum in 32
     * bits (the table keeps every value and point well within). */
    int32_t *restrict v = s->row32, *restrict child = s->child32;
    for (int l = 0; l < lanes; l++)
        v[l] = NEG_INF32;
    for (int m = 0; m < k; m++) {
        int32_t p = (int32_t)s->moves[m].points;
        table_held_row_get(t, s->moves[m].child, child);
        for (int l = 0; l < lanes; l++)
            v[l] = p - child[l] > v[l] ? p - child[l] : v[l];
    }
    table_held_row_put(t, rank, v);
}


static void grundy_position(value_table *t, kernel_scratch *s, uint64_t rank)
{
    const game_desc *g = t->game;
    int k = listed_moves(g, s, rank);
    /* The mex: a value above k cannot be the least one missing. */
    memset(s->seen, 0, (size_t)k + 1);
    bool misere_win = k == 0;
    for (int m = 0; m < k; m++) {
        uint32_t c = table_grundy(t, s->moves[m].child);
        if (c <= (uint32_t)k)
            s->seen[c] = 1;
        misere_win = misere_win || table_misere(t, s->moves[m].child) == OUTCOME_LOSS;
    }
    uint32_t mex = 0;
    while (s->seen[mex])
        mex++;
    t->grundy[rank] = mex | (uint32_t)misere_win << 31;
}

static void players_position(value_table *t, kernel_scratch *s, uint64_t rank)
{
    const game_desc *g = t->game;
    int k = listed_moves(g, s, rank);
    if (k == 0) {
        t->outcome[rank] = 0;
        return;
    }
    for (int m = 0; m < k; m++)
        s->seen[m] = table_outcome(t, s->moves[m].child);
    uint8_t v = g->choose(g, rank, s->seen, k);
    if (v >= g->players)
        die("internal error: %s's rule gave outcome %d with %d players", g->name, v, g->players);
    t->outcome[rank] = v;
}

/* An acyclic win/loss game: a win exactly when some child is a loss. */
static void draw_position(value_table *t, kernel_scratch *s, uint64_t rank)
{
    const game_desc *g = t->game;
    int k = listed_moves(g, s, rank);
    value_outcome v = k == 0 ? (g->misere ? OUTCOME_WIN : OUTCOME_LOSS) : OUTCOME_LOSS;
    for (int m = 0; m < k && v != OUTCOME_WIN; m++)
        if (table_outcome(t, s->moves[m].child) == OUTCOME_LOSS)
            v = OUTCOME_WIN;
    t->outcome[rank] = (uint8_t)v;
}

/* Who wins without a ranking (choice.h): the children's trees seen from
 * here, combined by the game's reading; with no move, the player before
 * the mover made the last one.  The DAG is the table's, written here:
 * the sweep runs this kind on one worker (sweep.c). */
static void choice_position(value_table *t, kernel_scratch *s, uint64_t rank)
{
    const game_desc *g = t->game;
    int k = listed_moves(g, s, rank);
    if (k == 0) {
        t->choice[rank] = choice_leaf(t->dag, g->players);
        return;
    }
    for (int m = 0; m < k; m++)
        s->codes[m] = choice_shift(t->dag, table_choice(t, s->moves[m].child));
    t->choice[rank] = choice_combine(t->dag, (choice_rule)g->choice_rule, s->codes, k);
}

/* a/b < c/d for b, d > 0, exactly. */
static bool frac_less(int64_t a, int64_t b, int64_t c, int64_t d)
{
    return (__int128)a * d < (__int128)c * b;
}

/* How an option's cells read (read_cells). */
typedef enum { CELLS_INTEGRAL, CELLS_FRACTIONS, CELLS_BEYOND_64 } cells_kind;

/* Reads the children's values of an option's cells into w (each once):
 * CELLS_INTEGRAL when every one is an integer (den 1: 0 or 1, a certain
 * outcome), where plain comparisons do; CELLS_BEYOND_64 when one needs
 * more than 64 bits (then only the exact solver compares them). */
static cells_kind read_cells(const value_table *t, matrix_work *w, const uint64_t *cells, int n)
{
    bool integral = true;
    for (int c = 0; c < n; c++) {
        if (!table_probability(t, cells[c], &w->num[c], &w->den[c]))
            return CELLS_BEYOND_64;
        integral &= w->den[c] == 1;
    }
    return integral ? CELLS_INTEGRAL : CELLS_FRACTIONS;
}

/* c1 < c2 among the cells read (integral: every den is 1). */
static inline bool cell_less(const matrix_work *w, bool integral, int c1, int c2)
{
    return integral ? w->num[c1] < w->num[c2] : frac_less(w->num[c1], w->den[c1], w->num[c2], w->den[c2]);
}

/* The value of a matrix game with a pure saddle point, read off without
 * the solver: a cell pays the mover 1 - child, so the mover's guaranteed
 * payoff is 1 - (min over rows of the row's largest child) and the
 * opponent's cap 1 - (max over columns of the column's least child); when
 * the two agree the game's value is exactly that (a pure saddle point is
 * an optimal pair of strategies), and false otherwise (mixed play: the
 * solver's).  Sets *cell to a cell holding the child value at the saddle. */
static bool saddle_cell(const matrix_work *w, bool integral, int rows, int cols, int *cell)
{
    int best = -1, worst = -1;
    for (int i = 0; i < rows; i++) {
        int r = i * cols;
        for (int j = 1; j < cols; j++)
            if (cell_less(w, integral, r, i * cols + j))
                r = i * cols + j;
        if (best < 0 || cell_less(w, integral, r, best))
            best = r;
    }
    for (int j = 0; j < cols; j++) {
        int c = j;
        for (int i = 1; i < rows; i++)
            if (cell_less(w, integral, i * cols + j, c))
                c = i * cols + j;
        if (worst < 0 || cell_less(w, integral, worst, c))
            worst = c;
    }
    /* min over rows of max >= max over columns of min always; equal: a saddle. */
    if (cell_less(w, integral, worst, best))
        return false;
    *cell = best;
    return true;
}

/* The best option's value so far, exact: a fraction in 64 bits while
 * every option had a saddle point (no GMP on that path, the common one),
 * in w->best from the first option the solver played. */
typedef struct {
    bool any, in_mpq;
    int64_t num, den;
} best_value;

static void offer_fraction(matrix_work *w, best_value *b, int64_t num, int64_t den)
{
    if (b->in_mpq) {
        mpq_set_si(w->value, num, (unsigned long)den);
        if (mpq_cmp(w->value, w->best) > 0)
            mpq_set(w->best, w->value);
    } else if (!b->any || frac_less(b->num, b->den, num, den)) {
        b->num = num;
        b->den = den;
    }
    b->any = true;
}

/* w->value, from the solver: the best moves to GMP from here on. */
static void offer_solved(matrix_work *w, best_value *b)
{
    if (!b->in_mpq) {
        if (b->any)
            mpq_set_si(w->best, b->num, (unsigned long)b->den);
        else
            mpq_set(w->best, w->value);
    }
    if (mpq_cmp(w->value, w->best) > 0)
        mpq_set(w->best, w->value);
    b->in_mpq = b->any = true;
}

static void matrix_position(value_table *t, kernel_scratch *s, uint64_t rank)
{
    const game_desc *g = t->game;
    matrix_work *w = s->matrix;
    int k = g->matrices(g->data, rank, s->options, s->cells);
    if (k == 0) {
        t->wide64[2 * rank] = g->misere ? 1 : 0;
        t->wide64[2 * rank + 1] = 1;
        return;
    }
    best_value b = {0};
    for (int o = 0; o < k; o++) {
        const game_matrix *opt = &s->options[o];
        int cells = opt->rows * opt->cols, at;
        if (opt->rows < 1 || opt->cols < 1 || opt->first < 0 || opt->first + cells > g->max_cells)
            die("internal error: %s's option %d of a position has %d x %d cells from %d (room for %d)", g->name, o,
                opt->rows, opt->cols, opt->first, g->max_cells);
        cells_kind kind = read_cells(t, w, s->cells + opt->first, cells);
        if (kind != CELLS_BEYOND_64 && saddle_cell(w, kind == CELLS_INTEGRAL, opt->rows, opt->cols, &at)) {
            /* 1 - n/d = (d - n)/d, reduced as n/d is (0 <= n <= d). */
            offer_fraction(w, &b, w->den[at] - w->num[at], w->den[at]);
            continue;
        }
        /* A cell pays the mover 1 - (the child's value to its own mover). */
        for (int c = 0; c < cells; c++) {
            if (kind == CELLS_BEYOND_64)
                table_probability_q(t, s->cells[opt->first + c], w->child);
            else
                mpq_set_si(w->child, w->num[c], (unsigned long)w->den[c]);
            mpq_sub(w->a[c], w->one, w->child);
        }
        if (matrix_game_solve((const mpq_t *)w->a, opt->rows, opt->cols, w->value, NULL, NULL) != 0)
            die("internal error: an empty matrix game");
        offer_solved(w, &b);
    }
    if (b.in_mpq) {
        table_store_probability(t, rank, w->best);
    } else {
        t->wide64[2 * rank] = b.num;
        t->wide64[2 * rank + 1] = b.den;
    }
}

void kernel_plain_position(value_table *t, kernel_scratch *s, uint64_t rank)
{
    switch (t->kind) {
    case VALUE_MARGIN:
        margin_position(t, s, rank);
        break;
    case VALUE_GRUNDY:
        grundy_position(t, s, rank);
        break;
    case VALUE_PLAYERS:
        players_position(t, s, rank);
        break;
    case VALUE_MATRIX:
        matrix_position(t, s, rank);
        break;
    case VALUE_DRAW:
        draw_position(t, s, rank);
        break;
    case VALUE_CHOICE:
        choice_position(t, s, rank);
        break;
    }
}
