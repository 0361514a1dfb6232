/*
 * stewart_cli.c -- `verifier gs`: prints "n G_s(n)" or, with --sum,
 * "n m G_s(n +_l m)" lines, values as exact rationals ("5/2").
 */
#include "verifier/cli/stewart_cli.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/games/scoring_octal/octal.h"
#include "core/games/scoring_octal/octal_family.h"
#include "core/games/scoring_octal/octal_values.h"
#include "core/engine/sysmem.h"
#include "verifier/base/args.h"
#include "verifier/base/json_checked.h"
#include "verifier/base/options.h"
#include "verifier/output/tools.h"

static const char *const GS_HELP =
    "usage: verifier gs (--game CODE [--points P] | --subtraction S) --to L\n"
    "                   [--sum GAME [--sum-points Q] --m-to M] [--json | --plot FILE [--force]]\n"
    "\n"
    "Prints G_s (Stewart, Definition 31) exactly: `n G` for n = 0..L, or with\n"
    "--sum, `n m G` for the heap n under the game plus the heap m under GAME.\n"
    "\n"
    "  --game CODE      octal code: 0.26, 4.07, 0.3333 (hex digits leave three heaps)\n"
    "  --points P       points p_1,...,p_k, as --bonus reads them: 1,2 or 1/2,-3\n"
    "                   or 0.5,-3 (default p_i = i)\n"
    "  --subtraction S  subtraction set, {4,5} or 4,5 (taking s scores s)\n"
    "  --to L           largest heap n (rows stream: memory does not grow with L;\n"
    "                   a game that breaks heaps memoises what it reaches, checked\n"
    "                   against the memory budget row by row: past it, or when\n"
    "                   the rows so far project far past it, nothing is printed\n"
    "                   and the message says which --to fits)\n"
    "  --sum GAME       the second heap's game: a code or a subtraction set {..}\n"
    "  --sum-points Q   its points (default q_j = j)\n"
    "  --m-to M         largest second heap m, 0..1000\n"
    "  --force          with --plot: replace FILE (and FILE.dat) if they exist\n"
    "  --json           the values as one JSON document: the game as written (and\n"
    "                   \"as\": the engine's name, where it differs), its points,\n"
    "                   rows {\"n\", (\"m\",) \"G\"}, G an exact rational as text\n"
    "  --plot FILE      draw G_s(n) for n = 0..L into FILE.svg or FILE.png (gnuplot;\n"
    "                   the data in FILE.dat beside it), with the preperiod and the\n"
    "                   period marked: CERTIFIED when a window of rows repeats,\n"
    "                   OBSERVED for breaking games (no --sum)\n"
    "\n"
    "A code with a digit before the point (4.07) is outside Stewart's Definition 30\n"
    "and is read by the usual octal convention (that digit splits a heap without\n"
    "taking a bean, scoring 0); gs says so on stderr (and in --json).\n"
    "\n"
    "Exit status: 0, 2 on bad input or a size beyond memory (one line on stderr,\n"
    "nothing printed), 4 when the output cannot be written or a position outgrows\n"
    "the engine's limits.\n";

static int gs_error(const char *msg)
{
    print_error_line(stderr, msg);
    return 2;
}

static int load_family_table(const char *code, const char *points, bool subtraction, og_rules *g, char *err, int errlen)
{
    int rc = subtraction || code[0] == '{' ? og_parse_subtraction(code, g, err, errlen)
                                           : og_parse_code(code, g, err, errlen);
    if (rc == 0 && points)
        rc = og_parse_points(points, g, err, errlen);
    return rc;
}

/* Where rows go and in which form: "n G" or "n m G" lines, a plot's data
 * ("n G-as-a-decimal G"), or the rows of one JSON document. */
typedef enum { ROWS_TEXT, ROWS_PLOT, ROWS_JSON } row_form;
typedef struct {
    FILE *f;
    row_form form;
    bool sum;
    uint64_t written;  /* rows so far (a JSON row after the first needs a comma) */
} row_out;

static void print_value(row_out *out, int n, int m, int64_t v, int64_t scale)
{
    char text[64];
    og_format_value(v, scale, text, sizeof text);
    if (out->form == ROWS_PLOT)
        fprintf(out->f, "%d %.17g %s\n", n, (double)v / (double)scale, text);
    else if (out->form == ROWS_JSON && out->sum)
        fprintf(out->f, "%s\n    {\"n\": %d, \"m\": %d, \"G\": \"%s\"}", out->written ? "," : "", n, m, text);
    else if (out->form == ROWS_JSON)
        fprintf(out->f, "%s\n    {\"n\": %d, \"G\": \"%s\"}", out->written ? "," : "", n, text);
    else if (out->sum)
        fprintf(out->f, "%d %d %s\n", n, m, text);
    else
        fprintf(out->f, "%d %s\n", n, text);
    out->written++;
}

/* Games that break heaps: positions are multisets, memoised, and their
 * number can only be known by reaching them (the worst case, every
 * multiset below n + m, is far beyond what a game reaches: 820 GiB bounds
 * 0.26 at --to 100, where --to 70 uses 52 MB).  So the memo grows as the
 * rows need it and its size is checked against the budget after every
 * row; the rows go to `out` (a buffer: nothing is printed unless every
 * row is done).  Returns 0, or 2 when the memo passes the budget (the
 * message names the largest --to reached), or 4 at the engine's limits. */
static int print_breaking(row_out *out, const og_rules *O, const og_rules *P, int L, int M, int64_t scale)
{
    mem_budget budget;
    mem_budget_now(&budget);
    og_memo *memo = og_memo_new(O, P, scale);
    uint64_t prev = 0;
    for (int n = 0; n <= L; n++) {
        for (int m = 0; m <= M; m++) {
            bool ok;
            int64_t v = og_memo_value(memo, &n, 1, &m, 1, &ok);
            if (!ok) {
                og_memo_free(memo);
                fprintf(stderr, "verifier: gs: the position grew beyond the engine's limits (96 heaps, heaps up to "
                                "1023) at n = %d; nothing printed\n", n);
                return 4;
            }
            print_value(out, n, m, v, scale);
        }
        uint64_t used = og_memo_bytes_for(og_memo_size(memo), n + M);
        /* What the rows so far say of the rest, once the memo holds a 64th
         * of the budget (before that a row's growth says little, and the
         * rows are cheap): the memo grows by the last row's factor every
         * row (an overestimate: the positions reached grow more slowly); a
         * --to whose projection passes the budget 16 times over is stopped
         * now, not after the memory is spent. */
        if (used > budget.bytes / 64 && prev > 0 && used > prev && n < L) {
            double grow = log((double)used / (double)prev), need = log((double)used) + grow * (L - n);
            if (need > log((double)budget.bytes) + log(16.0)) {
                int reach = n + (int)((log((double)budget.bytes) - log((double)used)) / grow);
                char a[MEM_BYTES_TEXT], b[MEM_BYTES_TEXT];
                mem_format_bytes(used, a, sizeof a);
                mem_format_bytes(budget.bytes, b, sizeof b);
                og_memo_free(memo);
                fprintf(stderr, "verifier: gs: at n = %d the memo of positions holds %s and grows %.0f%% a row: "
                                "--to %d would pass the %s allowed by %s many times over; nothing printed; about "
                                "--to %d fits (estimated from the rows so far)\n",
                        n, a, 100 * ((double)used / (double)prev - 1), L, b, budget.limit, reach);
                return 2;
            }
        }
        prev = used;
        if (used > budget.bytes && n < L) {
            char a[MEM_BYTES_TEXT], b[MEM_BYTES_TEXT];
            mem_format_bytes(used, a, sizeof a);
            mem_format_bytes(budget.bytes, b, sizeof b);
            og_memo_free(memo);
            fprintf(stderr, "verifier: gs: after row n = %d the memo of positions holds %s, more than the %s "
                            "allowed by %s; nothing printed; --to %d is the largest this memory reaches\n",
                    n, a, b, budget.limit, n);
            return 2;
        }
    }
    og_memo_free(memo);
    return 0;
}

/* Games that never break: rows streamed from a ring of the last k + 1
 * rows, so memory does not grow with --to. */
static int print_taking(row_out *out, const og_rules *O, const og_rules *P, int L, int M)
{
    og_rowtab t;
    char err[256];
    if (og_rowtab_init(&t, O, P, out->sum ? M : 0, L + 1, KERNEL_FAST, err, sizeof err) != 0)
        return gs_error(err);
    og_rowtab_keep_last(&t, O->max_take + 1);
    for (int n = 0; n <= L; n++) {
        og_rowtab_extend(&t, n + 1);
        for (int m = 0; m <= (out->sum ? M : 0); m++)
            print_value(out, n, m, og_rowtab_at(&t, n, m), t.scale);
    }
    og_rowtab_free(&t);
    return 0;
}

/* G_s(n), n = 0..L, drawn with its preperiod and period (from the same
 * analysis the conjecture families use: a certificate, or a period seen
 * three times for breaking games). */
/* A write that failed: exit 4 with the reason (not a usage error). */
static int gs_write_error(const char *what, const char *path)
{
    fprintf(stderr, "verifier: gs: --plot: cannot write %s %s: %s\n", what, path, strerror(errno ? errno : EIO));
    return 4;
}

static int plot_game_files(const char *out, bool force, const char *name, const og_rules *O, bool breaking, int L,
                           int64_t scale, run_guard *guard)
{
    static const char *const formats[] = {"svg", "png", NULL};
    const char *fmt = tool_out_format("gs: --plot", out, formats);
    if (!fmt)
        return 2;
    char dat[TOOL_MAX_OUT + 8], tmp_dat[TOOL_MAX_OUT + 64], tmp_img[TOOL_MAX_OUT + 64], script[TOOL_MAX_OUT + 64],
        err[512];
    tool_beside(out, ".dat", dat, sizeof dat);
    if (tool_check_out("gs --plot", out, force, err, sizeof err) != 0 ||
        tool_check_out("gs --plot", dat, force, err, sizeof err) != 0)
        return gs_error(err);
    snprintf(tmp_dat, sizeof tmp_dat, "%s.partial-%ld", dat, (long)getpid());
    snprintf(tmp_img, sizeof tmp_img, "%s.partial-%ld", out, (long)getpid());
    snprintf(script, sizeof script, "%s.partial-%ld.gp", out, (long)getpid());
    /* Removed by the guard if the run stops on the way (out of memory, a
     * signal); every return below removes or renames them itself. */
    guard_add_temp(guard, tmp_dat);
    guard_add_temp(guard, tmp_img);
    guard_add_temp(guard, script);
    og_job job = {.O = *O, .M = 0, .budget = L + 1};
    /* A game that breaks heaps: its memo may hold as many positions as the
     * memory budget does (what it reaches, not the worst case, decides). */
    mem_budget budget;
    mem_budget_now(&budget);
    if (breaking) {
        uint64_t per = og_memo_bytes_for(1024, L) / 1024;
        job.max_positions = budget.bytes / (per ? per : 1);
    }
    og_analyse(&job);
    if (job.kind == OG_ERROR)
        return gs_error("gs: the game could not be analysed (points or sizes beyond the engine)");
    if (job.capped) {
        char b[MEM_BYTES_TEXT], e[400];
        mem_format_bytes(budget.bytes, b, sizeof b);
        snprintf(e, sizeof e,
                 "gs: the positions the game reaches fill the %s allowed by %s at n = %d; nothing written; --to %d "
                 "is the largest this memory reaches",
                 b, budget.limit, job.rows_used, job.rows_used - 1);
        return gs_error(e);
    }
    FILE *d = fopen(tmp_dat, "we");
    if (!d)
        return gs_write_error("the data file", tmp_dat);
    fprintf(d, "# verifier gs --game %s --to %d: n, G_s(n) as a decimal, G_s(n) exact\n", name, L);
    fprintf(d, "# %s: preperiod %d, period %d (rows 0..%d)\n", og_kind_name(job.kind), job.pre[0], job.per[0],
            job.rows_used - 1);
    if (og_convention(O))
        fprintf(d, "# convention: %s\n", og_convention(O));
    row_out rows = {.f = d, .form = ROWS_PLOT};
    int rc = breaking ? print_breaking(&rows, O, NULL, L, 0, scale) : print_taking(&rows, O, NULL, L, 0);
    /* A write that failed on the way is an error, not a shorter plot. */
    bool written = fflush(d) == 0 && !ferror(d);
    int saved = errno;
    if (fclose(d) != 0 || !written || rc != 0) {
        if (written)
            saved = errno;
        unlink(tmp_dat);
        errno = saved;
        return rc ? rc : gs_write_error("the data file", tmp_dat);
    }
    FILE *s = fopen(script, "we");
    if (!s) {
        saved = errno;
        unlink(tmp_dat);
        errno = saved;
        return gs_write_error("the gnuplot script", script);
    }
    fprintf(s, "%s\nset output '%s'\n",
            strcmp(fmt, "svg") == 0 ? "set terminal svg size 800,480 enhanced font 'Helvetica,12' background '#ffffff'"
                                    : "set terminal pngcairo size 800,480 enhanced font 'Helvetica,11'",
            tmp_img);
    if (job.kind == OG_CERTIFIED || job.kind == OG_OBSERVED) {
        fprintf(s, "set title \"G_s(n) of %s: preperiod %d, period %d (%s)\"\n", name, job.pre[0], job.per[0],
                og_kind_name(job.kind));
        fprintf(s, "set arrow from %d, graph 0 to %d, graph 1 nohead dt 2 lc rgb '#c0392b'\n", job.pre[0], job.pre[0]);
        fprintf(s, "set arrow from %d, graph 0 to %d, graph 1 nohead dt 3 lc rgb '#2563eb'\n", job.pre[0] + job.per[0],
                job.pre[0] + job.per[0]);
    } else
        fprintf(s, "set title \"G_s(n) of %s: no period found for n <= %d (UNDECIDED)\"\n", name, L);
    /* The marks are named in the key, below the plot, never in it (a
     * label there sat on the data): each a line of its colour and dash. */
    fprintf(s, "set xlabel \"n\"\nset ylabel \"G_s(n)\"\nset grid\nset key outside below horizontal\n"
               "plot '%s' using 1:2 with linespoints lw 1.5 pt 7 ps 0.5 lc rgb '#1f4e9c' title 'G_s(n)'",
            tmp_dat);
    if (job.kind == OG_CERTIFIED || job.kind == OG_OBSERVED)
        fprintf(s, ", NaN with lines dt 2 lc rgb '#c0392b' title 'preperiod: n = %d', "
                   "NaN with lines dt 3 lc rgb '#2563eb' title '+ period: n = %d'",
                job.pre[0], job.pre[0] + job.per[0]);
    fprintf(s, "\n");
    bool ok = fflush(s) == 0 && !ferror(s);
    ok = fclose(s) == 0 && ok;
    if (!ok) {
        saved = errno;
        unlink(script);
        unlink(tmp_dat);
        errno = saved;
        return gs_write_error("the gnuplot script", script);
    }
    const char *argv[] = {"gnuplot", script, NULL};
    int g = tool_run(argv, false);
    unlink(script);
    if (g == 0 && tool_output_whole(tmp_img, fmt, err, sizeof err) != 0) {
        fprintf(stderr, "verifier: gs: --plot: %s\n", err);
        unlink(tmp_img);
        unlink(tmp_dat);
        return 4;
    }
    if (g != 0 || rename(tmp_img, out) != 0 || rename(tmp_dat, dat) != 0) {
        int saved = errno;
        unlink(tmp_img);
        unlink(tmp_dat);
        if (g != 0)
            return tool_failed("gs", g, "gnuplot", "gnuplot-nox", NULL, "draw the figure");
        fprintf(stderr, "verifier: gs: cannot write %s: %s\n", out, strerror(saved));
        return 4;
    }
    return 0;
}

/* gs --plot: the figure and its data, through temporary files the guard
 * knows of until they are renamed or removed. */
static int plot_game(const char *out, bool force, const char *name, const og_rules *O, bool breaking, int L,
                     int64_t scale, run_guard *guard)
{
    int rc = plot_game_files(out, force, name, O, breaking, L, scale, guard);
    guard_forget_temps(guard);
    return rc;
}

/* A JSON string of text (escaped by jansson), then `after`. */
static void print_json_string(FILE *f, const char *text, const char *after)
{
    json_t *s = json_string(text);
    char *q = s ? jx_dumps(s, JSON_ENCODE_ANY) : NULL;
    if (!q)
        die("out of memory while printing JSON");
    json_decref(s);
    fprintf(f, "%s%s", q, after);
    free(q);
}

/* "game" as the user wrote it, and "as" the name the engine reads it by
 * when that differs (0.33 is the subtraction set {1,2}). */
static void print_game_names(FILE *f, const char *written, const char *name)
{
    fprintf(f, "\"game\": ");
    print_json_string(f, written, "");
    if (strcmp(written, name) != 0) {
        fprintf(f, ", \"as\": ");
        print_json_string(f, name, "");
    }
}

/* The head of gs --json: the game, its points and the second heap's,
 * then the rows (print_value) and the closing brackets.  The names are
 * as written (escaped); codes, sets and rationals need no escaping. */
static void print_json_head(FILE *f, const og_rules *O, const og_rules *P, const char *written,
                            const char *sum_written, const char *convention)
{
    char name[OG_NAME_MAX], points[OG_POINTS_MAX];
    og_name(O, name, sizeof name);
    og_points_text(O, points, sizeof points);
    fprintf(f, "{\n  ");
    print_game_names(f, written, name);
    fprintf(f, ",\n  \"points\": \"%s\",\n", points);
    /* (The convention's text has no character JSON escapes.) */
    if (convention)
        fprintf(f, "  \"convention\": \"%s\",\n", convention);
    if (P) {
        og_name(P, name, sizeof name);
        og_points_text(P, points, sizeof points);
        fprintf(f, "  \"sum\": {");
        print_game_names(f, sum_written, name);
        fprintf(f, ", \"points\": \"%s\"},\n", points);
    }
    fprintf(f, "  \"rows\": [");
}

int cmd_gs(int argc, char **argv, run_guard *guard)
{
    static const opt_spec specs[] = {
        {"game", true, false}, {"points", true, true},      {"subtraction", true, false}, {"to", true, false},
        {"sum", true, false},  {"sum-points", true, true}, {"m-to", true, false}, {"plot", true, false},
        {"force", false, false}, {"json", false, false},
    };
    opt_result r;
    char err[256];
    int rc = opts_parse_or_help(argc, argv, specs, (int)(sizeof specs / sizeof *specs), 0, &r, GS_HELP);
    if (rc != 0)
        return rc < 0 ? 2 : 0;
    const char *game = r.value[0], *points = r.value[1], *sub = r.value[2], *sum = r.value[4],
               *sum_points = r.value[5];
    long L = -1, M = -1;
    if (r.value[3] && parse_long(r.value[3], 0, 10000000, &L, "gs: --to", err, sizeof err) != 0)
        return gs_error(err);
    if (r.value[6] && parse_long(r.value[6], 0, 1000, &M, "gs: --m-to", err, sizeof err) != 0)
        return gs_error(err);
    if (!game == !sub)
        return gs_error("gs needs exactly one of --game and --subtraction");
    if (L < 0)
        return gs_error("gs needs --to L");
    if (!sum != (M < 0))
        return gs_error("gs: --sum and --m-to go together");
    if (sub && points)
        return gs_error("gs: --points goes with --game (a subtraction set scores s for taking s)");
    if (sum_points && !sum)
        return gs_error("gs: --sum-points goes with --sum");
    if (r.value[7] && sum)
        return gs_error("gs: --plot draws one game (no --sum)");
    bool json = r.value[9] != NULL;
    if (json && r.value[7])
        return gs_error("gs: --json prints the values; --plot draws them: choose one");
    if (r.value[8] && !r.value[7])
        return gs_error("gs: --force replaces the file --plot names: give --plot");
    og_rules O, P;
    if (load_family_table(game ? game : sub, points, sub != NULL, &O, err, sizeof err) != 0)
        return gs_error(err);
    if (sum && load_family_table(sum, sum_points, false, &P, err, sizeof err) != 0)
        return gs_error(err);
    const og_rules *pp = sum ? &P : NULL;
    int64_t scale = og_common_scale(&O, pp);
    if (scale == 0)
        return gs_error("gs: the points' common denominator is too large");
    bool breaking = og_breaks(&O) || O.digit[0] || (pp && (og_breaks(pp) || pp->digit[0]));
    if (r.value[7])
        return plot_game(r.value[7], r.value[8] != NULL, game ? game : sub, &O, breaking, (int)L, scale, guard);
    /* A game that breaks heaps may stop for memory part way: its document
     * is built in a buffer and printed whole, or not at all. */
    char *buffered = NULL;
    size_t buffered_len = 0;
    FILE *doc = breaking ? open_memstream(&buffered, &buffered_len) : stdout;
    if (!doc)
        die("out of memory for the rows of gs");
    row_out rows = {.f = doc, .form = json ? ROWS_JSON : ROWS_TEXT, .sum = sum != NULL};
    /* Values that rest on a rule the paper does not define say so: in the
     * document, or on stderr beside the plain rows. */
    const char *convention = og_convention(&O) ? og_convention(&O) : pp ? og_convention(pp) : NULL;
    if (json)
        print_json_head(doc, &O, pp, game ? game : sub, sum, convention);
    rc = breaking ? print_breaking(&rows, &O, pp, (int)L, sum ? (int)M : 0, scale)
                  : print_taking(&rows, &O, pp, (int)L, (int)M);
    if (rc == 0 && json)
        fprintf(doc, "\n  ]\n}\n");
    if (breaking) {
        /* A buffer that could not grow leaves the error flag (and a cut
         * text): out of memory, nothing printed. */
        bool whole = fflush(doc) == 0 && !ferror(doc);
        if (fclose(doc) != 0 || !whole)
            die("out of memory for the rows of gs; nothing printed");
        if (rc == 0)
            fwrite(buffered, 1, buffered_len, stdout);
        free(buffered);
    }
    /* The note on stderr once the values are out (or not at all). */
    if (rc == 0 && !json && convention)
        fprintf(stderr, "verifier: gs: note: %s\n", convention);
    /* (A write that failed is caught by main's guard_finish: exit 4.) */
    return rc;
}
