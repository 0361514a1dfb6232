/*
 * plot.c -- the `plot` command: f_N(p) over a window of N, exact at every
 * quarter of N (the table's denominator 2: lane M is N = M/4), with the
 * check that f is linear between half-integers (the value at each quarter
 * is the mean of its neighbours, compared exactly), and closed forms of
 * the claims drawn beside it (Definition 6.2's F_k, Theorem 6.3's form of
 * the position).  Writes the data file (FILE.dat) and, for .svg and .png,
 * a gnuplot script run by gnuplot (Debian's gnuplot-nox): the figures of
 * the paper come from here (`make figures`).
 *
 * Games of chance (values that are probabilities, VALUE_MATRIX) draw the
 * value of a single pile over its size instead, each point a certain win,
 * a certain loss or uncertain, with the exact values in the data file
 * (Holshouser and Reiter's Fig. 1).
 */
#include "verifier/cli/plot.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/engine/xalloc.h"
#include "verifier/run/check.h"
#include "verifier/output/tools.h"
#include "verifier/base/args.h"

/* den * value of overlay o at N = M/den, or false where it has none. */
static bool overlay_value(const plot_query *q, const plot_overlay *o, int64_t M, int64_t den, int64_t *out)
{
    return o->form->value(o->k, q->value.piles, q->value.n, M, den, out);
}

static const char *overlay_title(const plot_overlay *o, char *buf, int len)
{
    snprintf(buf, (size_t)len, o->form->legend, o->k);
    return buf;
}

/* The form a name stands for among the forms of the papers about game:
 * "thm-6.3", or "F_3" for a form F with a parameter (k 1..1000). */
static const paper_form *find_form(const game_entry *game, const char *name, int *k)
{
    for (int p = 0; claim_papers[p]; p++) {
        const claim_paper *paper = claim_papers[p];
        if (!paper->forms || !paper->game || strcmp(paper->game, game->name) != 0)
            continue;
        for (const paper_form *f = paper->forms; f->name; f++) {
            size_t len = strlen(f->name);
            if (!f->takes_k && strcmp(name, f->name) == 0) {
                *k = 0;
                return f;
            }
            char *end;
            if (f->takes_k && strncmp(name, f->name, len) == 0 && name[len] == '_' && name[len + 1] >= '0' &&
                name[len + 1] <= '9') {
                long v = strtol(name + len + 1, &end, 10);
                if (!*end && v >= 1 && v <= 1000) {
                    *k = (int)v;
                    return f;
                }
            }
        }
    }
    return NULL;
}

/* The closed forms game can draw, for a message: "F_k (k >= 1), thm-6.3"
 * (into buf), or "none". */
static const char *forms_of(const game_entry *game, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int p = 0; claim_papers[p]; p++) {
        const claim_paper *paper = claim_papers[p];
        if (!paper->forms || !paper->game || strcmp(paper->game, game->name) != 0)
            continue;
        for (const paper_form *f = paper->forms; f->name && used < len; f++)
            used += (size_t)snprintf(buf + used, len - used, "%s%s%s", used ? ", " : "", f->name,
                                     f->takes_k ? "_k (k >= 1)" : "");
    }
    if (!buf[0])
        snprintf(buf, len, "none");
    return buf;
}

/* Finds every overlay's form among the plotted game's; 0, or an exit
 * status with one line said. */
static int resolve_overlays(plot_query *q)
{
    const game_entry *game = q->value.game ? q->value.game : game_default();
    for (int i = 0; i < q->noverlays; i++) {
        plot_overlay *o = &q->overlays[i];
        o->form = find_form(game, o->name, &o->k);
        if (!o->form) {
            char forms[256];
            forms_of(game, forms, sizeof forms);
            if (strcmp(forms, "none") == 0)
                fprintf(stderr, "verifier: plot: unknown overlay '%.40s': no paper gives %s a closed form to draw\n",
                        o->name, game->name);
            else
                fprintf(stderr, "verifier: plot: unknown overlay '%.40s': the closed forms of %s are %s\n", o->name,
                        game->name, forms);
            return EXIT_USAGE;
        }
        int64_t v;
        if (!o->form->value(o->k, q->value.piles, q->value.n, 0, 4, &v)) {
            fprintf(stderr, "verifier: plot: %s has a closed form only for %s\n", o->name,
                    o->form->where ? o->form->where : "other positions");
            return EXIT_USAGE;
        }
    }
    return 0;
}

static void plot_position_text(const plot_query *q, char *buf, int len)
{
    /* Piles of at most 6 digits, commas and brackets: ORDERED_TEXT_MAX. */
    _Static_assert(MS_MAX_BOUND <= 999999, "a position's text fits in ORDERED_TEXT_MAX bytes");
    int k = snprintf(buf, (size_t)len, "(");
    for (int i = 0; i < q->value.n && k < len; i++)
        k += snprintf(buf + k, (size_t)(len - k), "%d%s", q->value.piles[i], i + 1 < q->value.n ? "," : ")");
}

/* Quarters of N written exactly as decimals: M / 4. */
static void quarter(int64_t v, char *buf, int len)
{
    int64_t a = v < 0 ? -v : v;
    static const char *frac[] = {"", ".25", ".5", ".75"};
    snprintf(buf, (size_t)len, "%s%lld%s", v < 0 ? "-" : "", (long long)(a / 4), frac[a % 4]);
}

/* The data: a header of comments, then `N f overlays...` per quarter.
 * Returns the number of quarters where f is not linear. */
long long plot_nonlinear_quarters(const int32_t *v, long long count, int64_t mlo)
{
    /* In 4f: 2 v(M) = v(M-1) + v(M+1) at every odd M (a quarter that is
     * not a half-integer) with both neighbours in the window. */
    long long bad = 0;
    for (long long k = 1; k + 1 < count; k++)
        if (((mlo + k) % 2 + 2) % 2 == 1 && 2 * (int64_t)v[k] != (int64_t)v[k - 1] + v[k + 1])
            bad++;
    return bad;
}

static long long write_data(const plot_query *q, const value_table *t, const value_grid *g, FILE *f)
{
    char pos[ORDERED_TEXT_MAX], ttl[96], a[32], b[32];
    plot_position_text(q, pos, sizeof pos);
    int32_t *v = xmalloc(xmul((size_t)g->count, sizeof *v, "a plot's values"), "a plot's values");
    for (long long k = 0; k < g->count; k++)
        v[k] = (int32_t)table_value(t, g->rank, (int)k);
    long long bad = plot_nonlinear_quarters(v, g->count, g->mlo);
    quarter(g->mlo, a, sizeof a);
    quarter(g->mlo + g->count - 1, b, sizeof b);
    fprintf(f, "# verifier plot: f_N%s for N = %s..%s, exact at every quarter of N (recursion (2) scaled by 4)\n",
            pos, a, b);
    fprintf(f, "# linear between half-integers (each quarter the mean of its neighbours): %s\n",
            bad ? "NO, see the points" : "yes, at every quarter");
    fprintf(f, "# columns: N  f_N%s", pos);
    for (int i = 0; i < q->noverlays; i++)
        fprintf(f, "  %s", overlay_title(&q->overlays[i], ttl, sizeof ttl));
    fprintf(f, "\n");
    for (long long k = 0; k < g->count; k++) {
        int64_t M = g->mlo + k;
        quarter(M, a, sizeof a);
        quarter(v[k], b, sizeof b);
        fprintf(f, "%s %s", a, b);
        for (int i = 0; i < q->noverlays; i++) {
            int64_t v;
            if (overlay_value(q, &q->overlays[i], M, 4, &v)) {
                quarter(v, b, sizeof b);
                fprintf(f, " %s", b);
            } else
                fprintf(f, " NaN");
        }
        fprintf(f, "\n");
    }
    free(v);
    return bad;
}

static void write_script(const plot_query *q, const char *fmt, const char *data, const char *out, FILE *f)
{
    char pos[ORDERED_TEXT_MAX], ttl[96];
    plot_position_text(q, pos, sizeof pos);
    if (strcmp(fmt, "svg") == 0)
        fprintf(f, "set terminal svg size 800,520 dynamic enhanced font 'Helvetica,13' background '#ffffff'\n");
    else
        fprintf(f, "set terminal pngcairo size 800,520 enhanced font 'Helvetica,11'\n");
    /* Titles in double quotes (no quote can occur in them); file names
     * are the verifier's own, without quotes. */
    fprintf(f, "set output '%s'\n", out);
    fprintf(f, "set title \"f_N%s%s\"\nset xlabel \"N\"\nset ylabel \"f_N%s\"\n", pos,
            q->title ? q->title : "", pos);
    fprintf(f, "set grid\nset key outside below horizontal\nset datafile missing 'NaN'\n");
    /* The window of N exactly, and the curve a margin from the frame (its
     * ends are not hidden in the border). */
    fprintf(f, "set xrange [%.17g:%.17g]\nset offsets 0, 0, graph 0.06, graph 0.06\n",
            (double)q->value.lo.num / (double)q->value.lo.den, (double)q->value.hi.num / (double)q->value.hi.den);
    /* The computed payoff first, the closed forms on top of it, dashed in
     * colours of their own, so that a form equal to the payoff shows
     * through its gaps (the paper's bold form thicker). */
    fprintf(f, "plot '%s' using 1:2 with lines lw 2.5 lc rgb '#3b82f6' title \"f_N%s (computed)\"", data, pos);
    for (int i = 0; i < q->noverlays; i++)
        fprintf(f, ", '%s' using 1:%d with lines lw %s dt %d lc rgb '%s' title \"%s\"", data, 3 + i,
                q->overlays[i].form->bold ? "5" : "2.5", q->overlays[i].form->bold ? 3 : 2,
                q->overlays[i].form->bold ? "#111111" : "#e67e22", overlay_title(&q->overlays[i], ttl, sizeof ttl));
    fprintf(f, "\n");
}

/* ---- games of chance: a pile's value over its size ---- */

/* Whether the query's game gives probabilities (VALUE_MATRIX). */
static bool plots_sequence(const plot_query *q)
{
    return q->value.game && q->value.game->kind == VALUE_MATRIX;
}

/* `n value exact outcome` for a single pile of n = 0..N: the value as a
 * decimal of 6 places for drawing, exact beside it. */
static void write_sequence(const plot_query *q, const value_grid *g, FILE *f)
{
    int N = q->value.piles[0];
    fprintf(f, "# verifier plot: %s, the value of a single pile of n counters (the probability that the player to "
               "move wins with optimal mixed strategies), n = 0..%d, exact\n",
            g->entry->name, N);
    for (int i = 0; g->entry->options[i].name; i++)
        if (q->value.option[i])
            fprintf(f, "# --%s %s\n", g->entry->options[i].name, q->value.option[i]);
    fprintf(f, "# columns: n  value (6 places)  exact  outcome (win, loss: certain; uncertain)\n");
    mpq_t v;
    mpz_t scaled, twice;
    mpq_init(v);
    mpz_inits(scaled, twice, NULL);
    for (int n = 0; n <= N; n++) {
        int64_t r = g->entry->rank_of_piles(g->game, &n, 1);
        if (r < 0)
            die("internal error: a pile of %d beyond the table", n);
        table_probability_q(&g->table, (uint64_t)r, v);
        /* Six places, rounded half up: floor((2 * 10^6 num + den) / 2 den). */
        mpz_mul_ui(scaled, mpq_numref(v), 2000000);
        mpz_add(scaled, scaled, mpq_denref(v));
        mpz_mul_2exp(twice, mpq_denref(v), 1);
        mpz_fdiv_q(scaled, scaled, twice);
        unsigned long places = mpz_fdiv_q_ui(scaled, scaled, 1000000);
        char *exact = mpq_get_str(NULL, 10, v);
        gmp_fprintf(f, "%d %Zd.%06lu %s%s %s\n", n, scaled, places, exact, mpz_cmp_ui(mpq_denref(v), 1) == 0 ? "/1" : "",
                    mpq_sgn(v) == 0 ? "loss" : mpq_cmp_ui(v, 1, 1) == 0 ? "win" : "uncertain");
        free(exact);
    }
    mpq_clear(v);
    mpz_clears(scaled, twice, NULL);
}

static void write_sequence_script(const plot_query *q, const value_grid *g, const char *fmt, const char *data,
                                  const char *out, FILE *f)
{
    if (strcmp(fmt, "svg") == 0)
        fprintf(f, "set terminal svg size 800,520 dynamic enhanced font 'Helvetica,13' background '#ffffff'\n");
    else
        fprintf(f, "set terminal pngcairo size 800,520 enhanced font 'Helvetica,11'\n");
    fprintf(f, "set output '%s'\n", out);
    /* Braces would be markup to gnuplot's enhanced text: the options are
     * written without them. */
    fprintf(f, "set title \"%s", g->entry->name);
    for (int i = 0; g->entry->options[i].name; i++)
        if (q->value.option[i])
            fprintf(f, " --%s %s", g->entry->options[i].name, q->value.option[i]);
    fprintf(f, ": the value of one pile%s\" noenhanced\n", q->title ? q->title : "");
    fprintf(f, "set xlabel \"n (counters on the pile)\"\nset ylabel \"probability that the player to move wins\"\n");
    fprintf(f, "set grid\nset yrange [-0.05:1.05]\nset key outside below\n");
    fprintf(f, "plot '%s' using 1:(strcol(4) eq 'win' ? $2 : NaN) with points pt 7 ps 0.6 lc rgb '#2a7a2a' title "
               "'certain win', '' using 1:(strcol(4) eq 'loss' ? $2 : NaN) with points pt 7 ps 0.6 lc rgb '#b22222' "
               "title 'certain loss', '' using 1:(strcol(4) eq 'uncertain' ? $2 : NaN) with points pt 5 ps 1.0 lc "
               "rgb '#1f4fbf' title 'uncertain'\n",
            data);
}

/* gnuplot script; 0 drawn, 127 no gnuplot, -1 it failed. */
static int run_gnuplot(const char *script)
{
    const char *argv[] = {"gnuplot", script, NULL};
    return tool_run(argv, false);
}

int run_plot(const plot_query *given)
{
    /* The overlays' forms are found in a copy of the query. */
    plot_query resolved = *given;
    const plot_query *q = &resolved;
    static const char *const formats[] = {"svg", "png", "dat", NULL};
    const char *fmt = q->out ? tool_out_format("plot: --out", q->out, formats) : "dat";
    if (!fmt)
        return EXIT_USAGE;
    int rc0 = resolve_overlays(&resolved);
    if (rc0 != 0)
        return rc0;
    char dat[TOOL_MAX_OUT + 8] = "", tmp_dat[TOOL_MAX_OUT + 64], tmp_img[TOOL_MAX_OUT + 64],
        script[TOOL_MAX_OUT + 64], err[512];
    if (q->out) {
        tool_beside(q->out, ".dat", dat, sizeof dat);
        if (tool_check_out("plot", q->out, q->force, err, sizeof err) != 0 ||
            (strcmp(dat, q->out) != 0 && tool_check_out("plot", dat, q->force, err, sizeof err) != 0)) {
            print_error_line(stderr, err);
            return EXIT_USAGE;
        }
    }
    if (plots_sequence(q) && (q->value.n != 1 || q->noverlays)) {
        fprintf(stderr, "verifier: plot: %s draws the value of one pile over its size: give one number, the "
                        "largest pile (no --overlay)\n",
                q->value.game->name);
        return EXIT_USAGE;
    }
    value_grid g;
    int rc = plots_sequence(q) ? value_build(&q->value, &g) : value_build_margin(&q->value, &g);
    if (rc != 0)
        return rc;
    rc = EXIT_HOLDS;
    long long bad = 0;
    bool sequence = plots_sequence(q);
    if (!q->out) {
        if (sequence)
            write_sequence(q, &g, stdout);
        else
            bad = write_data(q, &g.table, &g, stdout);
    } else {
        /* Everything under temporary names first, renamed at the end. */
        snprintf(tmp_dat, sizeof tmp_dat, "%s.partial-%ld", dat, (long)getpid());
        snprintf(tmp_img, sizeof tmp_img, "%s.partial-%ld", q->out, (long)getpid());
        snprintf(script, sizeof script, "%s.partial-%ld.gp", q->out, (long)getpid());
        /* Removed by the guard if the run stops on the way. */
        if (q->guard) {
            guard_add_temp(q->guard, tmp_dat);
            guard_add_temp(q->guard, tmp_img);
            guard_add_temp(q->guard, script);
        }
        FILE *f = fopen(tmp_dat, "we");
        if (f && sequence)
            write_sequence(q, &g, f);
        else if (f)
            bad = write_data(q, &g.table, &g, f);
        if (!f || ferror(f) || fclose(f) != 0) {
            fprintf(stderr, "verifier: plot: cannot write %s: %s\n", tmp_dat, strerror(errno));
            rc = EXIT_RUN_ERROR;
        }
        if (rc == EXIT_HOLDS && strcmp(fmt, "dat") != 0) {
            FILE *s = fopen(script, "we");
            if (s && sequence)
                write_sequence_script(q, &g, fmt, tmp_dat, tmp_img, s);
            else if (s)
                write_script(q, fmt, tmp_dat, tmp_img, s);
            if (!s || ferror(s) || fclose(s) != 0) {
                fprintf(stderr, "verifier: plot: cannot write %s: %s\n", script, strerror(errno));
                rc = EXIT_RUN_ERROR;
            } else {
                int r = run_gnuplot(script);
                if (r != 0)
                    rc = tool_failed("plot", r, "gnuplot", "gnuplot-nox", "write .dat instead", "draw the figure");
                else if (tool_output_whole(tmp_img, fmt, err, sizeof err) != 0) {
                    say_error("plot: %s", err);
                    rc = EXIT_RUN_ERROR;
                }
            }
            unlink(script);
            if (rc == EXIT_HOLDS && rename(tmp_img, q->out) != 0) {
                fprintf(stderr, "verifier: plot: cannot write %s: %s\n", q->out, strerror(errno));
                rc = EXIT_RUN_ERROR;
            }
        }
        if (rc == EXIT_HOLDS && rename(tmp_dat, dat) != 0) {
            fprintf(stderr, "verifier: plot: cannot write %s: %s\n", dat, strerror(errno));
            rc = EXIT_RUN_ERROR;
        }
        if (rc != EXIT_HOLDS) {
            unlink(tmp_dat);
            unlink(tmp_img);
        }
        if (q->guard)
            guard_forget_temps(q->guard);
    }
    if (rc == EXIT_HOLDS && bad)
        fprintf(stderr, "verifier: plot: f is not linear between half-integers at %lld quarter(s) of N; the points "
                        "drawn are exact\n",
                bad);
    value_release(&g);
    return rc;
}
