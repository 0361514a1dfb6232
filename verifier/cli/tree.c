/*
 * tree.c -- the `tree` command: the game tree of a position at one bonus
 * as Graphviz DOT (the paper's Figure 1), every move to a depth, the
 * optimal ones drawn bold, the mover's points on each edge and each
 * position's value f_N on its node; rendered by `dot` when --out names an
 * .svg or .png and dot is installed.
 */
#include "verifier/cli/tree.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/engine/xalloc.h"
#include "verifier/run/check.h"
#include "verifier/output/tools.h"
#include "verifier/base/args.h"

/* Ranks already drawn (a position reached twice is one node). */
typedef struct {
    uint64_t *ranks;
    int n, cap;
} seen_set;

static bool seen_add(seen_set *s, uint64_t rank)
{
    for (int i = 0; i < s->n; i++)
        if (s->ranks[i] == rank)
            return false;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->ranks = xrealloc(s->ranks, (size_t)s->cap * sizeof *s->ranks, "the nodes of a tree");
    }
    s->ranks[s->n++] = rank;
    return true;
}

typedef struct {
    const value_table *t;
    const value_grid *g;
    game_move *moves;      /* a move list, for whether a child ends the game */
    FILE *out;
    int depth;
    bool optimal_only;
    seen_set nodes, expanded;
} tree_ctx;

/* Whether the game is over at `rank` (no legal move): the move there
 * made the last move and scored the bonus. */
static bool ends_game(tree_ctx *c, uint64_t rank)
{
    const game_desc *g = c->t->game;
    return g->moves(g->data, rank, c->moves) == 0;
}

/* A node: its position in the order the piles were given (as first
 * reached: a position reached twice is one node). */
static void tree_node(tree_ctx *c, uint64_t rank, const ordered_pos *at)
{
    if (!seen_add(&c->nodes, rank))
        return;
    char pos[ORDERED_TEXT_MAX], f[48];
    value_format_ordered(at, pos);
    value_format_rat(table_value(c->t, rank, 0), c->g->denom2, f, sizeof f);
    fprintf(c->out, "  p%llu [label=\"%s\\nf = %s\"];\n", (unsigned long long)rank, pos, f);
}

/* Every move from `rank` (or the optimal ones), then below, to the depth. */
static void expand(tree_ctx *c, uint64_t rank, const ordered_pos *at, int level)
{
    tree_node(c, rank, at);
    if (level >= c->depth || !seen_add(&c->expanded, rank))
        return;
    const game_desc *g = c->t->game;
    size_t max = (size_t)g->max_moves + 1;
    game_move *all = xmalloc(xmul(max, sizeof *all, "a move list"), "a move list");
    game_move *best = xmalloc(xmul(max, sizeof *best, "a move list"), "a move list");
    int k = g->moves(g->data, rank, all), nb = table_optimal_moves(c->t, rank, 0, best);
    char n[48];
    value_format_rat(c->g->mlo, c->g->denom2, n, sizeof n);
    for (int m = 0; m < k; m++) {
        bool optimal = false;
        for (int j = 0; j < nb; j++)
            optimal = optimal || best[j].child == all[m].child;
        if (c->optimal_only && !optimal)
            continue;
        uint64_t child = all[m].child;
        ordered_pos to;
        value_order_child(c->g, at, child, &to);
        tree_node(c, child, &to);
        int taken = value_stones(c->g, rank) - value_stones(c->g, child);
        bool last = ends_game(c, child);
        /* The move's points and the bonus apart: "+1 + N = +3" read as
         * wrong arithmetic. */
        char bonus[64];
        snprintf(bonus, sizeof bonus, c->g->entry->ends_with_last_piece ? ", last %s: +N (N = " : ", last move: +N (N = ",
                 game_piece(c->g->entry));
        fprintf(c->out, "  p%llu -> p%llu [label=\"+%d%s%s%s\"%s];\n", (unsigned long long)rank,
                (unsigned long long)child, taken, last ? bonus : "", last ? n : "", last ? ")" : "",
                optimal ? ", penwidth=2.5, color=black" : ", color=gray55, fontcolor=gray40");
    }
    for (int m = 0; m < k; m++) {
        bool optimal = false;
        for (int j = 0; j < nb; j++)
            optimal = optimal || best[j].child == all[m].child;
        if (!c->optimal_only || optimal) {
            ordered_pos to;
            value_order_child(c->g, at, all[m].child, &to);
            expand(c, all[m].child, &to, level + 1);
        }
    }
    free(all);
    free(best);
}

static int write_dot(const value_grid *g, const tree_query *q, FILE *out)
{
    tree_ctx c = {.t = &g->table, .g = g, .out = out, .depth = q->depth, .optimal_only = q->optimal_only};
    c.moves = xmalloc(xmul((size_t)g->game->max_moves + 1, sizeof *c.moves, "a move list"), "a move list");
    char n[48], pos[ORDERED_TEXT_MAX];
    ordered_pos start;
    value_order_start(g, &start);
    value_format_rat(g->mlo, g->denom2, n, sizeof n);
    value_format_ordered(&start, pos);
    fprintf(out, "// verifier tree %s --bonus %s --depth %d%s\n", pos, n, q->depth,
            q->optimal_only ? " --optimal-only" : "");
    fprintf(out, "digraph game {\n  label=\"%s from %s at N = %s: f_N on each position (for the "
                 "player to move), the mover's points on each move, optimal moves bold\";\n"
                 "  labelloc=t; rankdir=TB; node [shape=box, fontname=\"Helvetica\"]; edge [fontname=\"Helvetica\"];\n",
            game_title(g->entry), pos, n);
    expand(&c, g->rank, &start, 0);
    fprintf(out, "}\n");
    free(c.nodes.ranks);
    free(c.expanded.ranks);
    free(c.moves);
    return ferror(out) ? -1 : 0;
}

/* Runs `dot -T<fmt> -o out dotfile`; 0 when it rendered, 127 no dot. */
static int render(const char *dotfile, const char *fmt, const char *out)
{
    char t[16];
    snprintf(t, sizeof t, "-T%s", fmt);
    const char *argv[] = {"dot", t, "-o", out, dotfile, NULL};
    return tool_run(argv, false);
}

int run_tree(const tree_query *q)
{
    static const char *const formats[] = {"dot", "svg", "png", NULL};
    const char *fmt = q->out ? tool_out_format("tree: --out", q->out, formats) : "dot";
    if (!fmt)
        return EXIT_USAGE;
    char err[512];
    if (q->out && tool_check_out("tree", q->out, q->force, err, sizeof err) != 0) {
        print_error_line(stderr, err);
        return EXIT_USAGE;
    }
    value_grid g;
    int rc = value_build_margin(&q->value, &g);
    if (rc != 0)
        return rc;
    rc = EXIT_HOLDS;
    if (!q->out) {
        if (write_dot(&g, q, stdout) != 0)
            rc = EXIT_RUN_ERROR;
    } else {
        /* Written beside the target under a temporary name, then renamed:
         * nothing half-written under the name asked for. */
        char tmp[TOOL_MAX_OUT + 64], dotfile[TOOL_MAX_OUT + 64];
        snprintf(tmp, sizeof tmp, "%s.partial-%ld", q->out, (long)getpid());
        snprintf(dotfile, sizeof dotfile, "%s.partial-%ld.dot", q->out, (long)getpid());
        /* Removed by the guard if the run stops on the way. */
        if (q->guard) {
            guard_add_temp(q->guard, tmp);
            guard_add_temp(q->guard, dotfile);
        }
        const char *dotpath = strcmp(fmt, "dot") == 0 ? tmp : dotfile;
        FILE *f = fopen(dotpath, "we");
        if (!f || write_dot(&g, q, f) != 0 || fclose(f) != 0) {
            fprintf(stderr, "verifier: tree: cannot write %s: %s\n", dotpath, strerror(errno));
            unlink(dotpath);
            rc = EXIT_RUN_ERROR;
        } else if (strcmp(fmt, "dot") != 0) {
            int r = render(dotfile, fmt, tmp);
            unlink(dotfile);
            if (r != 0) {
                unlink(tmp);
                rc = tool_failed("tree", r, "Graphviz's dot", "graphviz", "write .dot instead", "render the tree");
            } else if (tool_output_whole(tmp, fmt, err, sizeof err) != 0) {
                say_error("tree: %s", err);
                unlink(tmp);
                rc = EXIT_RUN_ERROR;
            }
        }
        if (rc == EXIT_HOLDS && rename(tmp, q->out) != 0) {
            fprintf(stderr, "verifier: tree: cannot write %s: %s\n", q->out, strerror(errno));
            unlink(tmp);
            rc = EXIT_RUN_ERROR;
        }
        if (q->guard)
            guard_forget_temps(q->guard);
    }
    value_release(&g);
    return rc;
}
