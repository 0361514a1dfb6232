/*
 * sequence_cli.c -- the command of a game's sequence (`verifier gs`):
 * prints "n G(n)" or, with --sum, "n m G(n, m)" lines, values as exact
 * rationals ("5/2"), as one JSON document, or drawn with the preperiod and
 * period marked.  The game reads its rules and computes the rows
 * (core/engine/sequence.h); this file only decides where they go and
 * weighs the memory of a game whose positions grow.
 */
#include "verifier/cli/sequence_cli.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/engine/sequence.h"
#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"
#include "verifier/base/args.h"
#include "verifier/base/json_checked.h"
#include "verifier/base/options.h"
#include "verifier/output/tools.h"

/* The command's --help: its own options around the game's words.  name:
 * the command as typed ("gs", "sequence kayles"). */
static char *sequence_help(const game_sequence *q, const char *name)
{
    char *help = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&help, &len);
    if (!f)
        die("out of memory for the help of %s", name);
    /* The game's options on the first line, the command's on the next. */
    if (q->usage[0])
        fprintf(f, "usage: verifier %s %s\n       %*s --to L [--json | --plot FILE [--force]]\n", name, q->usage,
                (int)strlen("verifier ") + (int)strlen(name), "");
    else
        fprintf(f, "usage: verifier %s --to L [--json | --plot FILE [--force]]\n", name);
    fprintf(f, "\n%s\n%s", q->about, q->options_help);
    fputs("  --to L           largest heap n, 0..10000000 (a game whose positions grow,\n"
          "                   one that breaks heaps, memoises what it reaches, checked\n"
          "                   against the memory budget row by row: past it, or when\n"
          "                   the rows so far project far past it, nothing is printed\n"
          "                   and the message says which --to fits)\n"
          "  --force          with --plot: replace FILE (and FILE.dat) if they exist\n",
          f);
    fprintf(f,
            "  --json           the values as one JSON document: rows {\"n\", (\"m\",) \"G\"},\n"
            "                   G an exact rational as text, \"period\" {status,\n"
            "                   preperiod, period, rows} (preperiod and period null, and\n"
            "                   \"why\", when none was seen), and\n%s",
            q->json_help);
    fprintf(f,
            "  --plot FILE      draw %s(n) (with a second heap a curve for each m) for\n"
            "                   n = 0..L into FILE.svg or FILE.png (gnuplot; the data in\n"
            "                   FILE.dat beside it), with the preperiod and the period marked\n"
            "\n"
            "After the rows, stderr says the period found: CERTIFIED when a theorem proves\n"
            "it from the rows, OBSERVED when it was only seen (three times), or UNDECIDED\n"
            "(no period seen); with a second heap, the rows' (every m at once, up to 32).\n"
            "\n%s%s"
            "Exit status: 0, 2 on bad input or a size beyond memory (one line on stderr,\n"
            "nothing printed), 4 when the output cannot be written or a position outgrows\n"
            "the engine's limits.\n",
            q->symbol, q->notes, q->notes[0] ? "\n" : "");
    if (fclose(f) != 0)
        die("out of memory for the help of %s", name);
    return help;
}

/* The command at work: the game's sequence and the command's name (in
 * every message). */
typedef struct {
    const game_sequence *q;
    const char *name;
} seq_cmd;

static int seq_error(const char *msg)
{
    print_error_line(stderr, msg);
    return 2;
}

/* Where rows go and in which form: "n G" or "n m G" lines, a plot's data
 * (a line a row: n, then for each m G as a decimal and exact), or the
 * rows of one JSON document. */
typedef enum { ROWS_TEXT, ROWS_PLOT, ROWS_JSON } row_form;
typedef struct {
    FILE *f;
    row_form form;
    bool sum;
    int M;             /* the last column (a plot's line holds every m) */
    uint64_t written;  /* rows so far (a JSON row after the first needs a comma) */
    /* A plot's values: all whole numbers, and their least and largest. */
    bool whole;
    int64_t lo, hi;
} row_out;

static void print_value(const seq_cmd *c, row_out *out, int n, int m, int64_t v, int64_t scale)
{
    char text[64];
    c->q->format_value(v, scale, text, sizeof text);
    if (out->form == ROWS_PLOT) {
        /* One line a row n: each column's value as a decimal, then exact. */
        bool first = out->written == 0;
        out->whole = (first || out->whole) && v % scale == 0;
        out->lo = first || v / scale < out->lo ? v / scale : out->lo;
        out->hi = first || (v + scale - 1) / scale > out->hi ? (v + scale - 1) / scale : out->hi;
        if (m == 0)
            fprintf(out->f, "%d", n);
        fprintf(out->f, " %.17g %s%s", (double)v / (double)scale, text, m == out->M ? "\n" : "");
    }
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

/* A game whose positions grow (it breaks heaps: positions are multisets,
 * memoised, and their number can only be known by reaching them; the
 * worst case, every multiset below n + m, is far beyond what a game
 * reaches: 820 GiB bounds 0.26 at --to 100, where --to 70 uses 52 MB): the
 * memory it holds is weighed against the budget after every row.  Returns
 * 0, or 2 when it passes the budget or is projected to (the message names
 * the largest --to reached). */
static int weigh_row(const seq_cmd *c, const sequence *s, const mem_budget *budget, int n, int L, uint64_t *prev)
{
    uint64_t used = c->q->bytes(s, n);
    /* What the rows so far say of the rest, once the memory holds a 64th
     * of the budget (before that a row's growth says little, and the rows
     * are cheap): it grows by the last row's factor every row (an
     * overestimate: the positions reached grow more slowly); a --to whose
     * projection passes the budget 16 times over is stopped now, not
     * after the memory is spent. */
    if (used > budget->bytes / 64 && *prev > 0 && used > *prev && n < L) {
        double grow = log((double)used / (double)*prev), need = log((double)used) + grow * (L - n);
        if (need > log((double)budget->bytes) + log(16.0)) {
            int reach = n + (int)((log((double)budget->bytes) - log((double)used)) / grow);
            char a[MEM_BYTES_TEXT], b[MEM_BYTES_TEXT];
            mem_format_bytes(used, a, sizeof a);
            mem_format_bytes(budget->bytes, b, sizeof b);
            fprintf(stderr, "verifier: %s: at n = %d the memo of positions holds %s and grows %.0f%% a row: "
                            "--to %d would pass the %s allowed by %s many times over; nothing printed; about "
                            "--to %d fits (estimated from the rows so far)\n",
                    c->name, n, a, 100 * ((double)used / (double)*prev - 1), L, b, budget->limit, reach);
            return 2;
        }
    }
    *prev = used;
    if (used > budget->bytes && n < L) {
        char a[MEM_BYTES_TEXT], b[MEM_BYTES_TEXT];
        mem_format_bytes(used, a, sizeof a);
        mem_format_bytes(budget->bytes, b, sizeof b);
        fprintf(stderr, "verifier: %s: after row n = %d the memo of positions holds %s, more than the %s "
                        "allowed by %s; nothing printed; --to %d is the largest this memory reaches\n",
                c->name, n, a, b, budget->limit, n);
        return 2;
    }
    return 0;
}

/* Readies s for rows 0..L: 0, or 2 with the game's reason (before
 * anything is written). */
static int ready_rows(sequence *s, const game_sequence *q, int L)
{
    char err[256];
    return q->begin(s, L, err, sizeof err) != 0 ? seq_error(err) : 0;
}

/* Rows 0..L of s (columns m = 0..M; readied by ready_rows) to out.  A
 * game whose memory does not grow streams them (it keeps only what the next rows need); one that
 * grows is weighed after every row, and its rows go to a buffer (nothing
 * is printed unless every row is done).  Returns 0, 2 (memory: the
 * message says which --to fits) or 4 (a position beyond the game's
 * limits). */
static int print_rows(const seq_cmd *c, row_out *out, sequence *s, int L, int M)
{
    sequence_info info;
    c->q->info(s, &info);
    mem_budget budget;
    mem_budget_now(&budget);
    uint64_t prev = 0;
    int64_t *values = xcalloc((size_t)M + 1, sizeof *values, "a row of values");
    int rc = 0;
    for (int n = 0; n <= L && rc == 0; n++) {
        if (c->q->row(s, n, values) != 0) {
            fprintf(stderr, "verifier: %s: the position grew beyond the engine's limits (%s) at n = %d; nothing "
                            "printed\n",
                    c->name, c->q->limits, n);
            rc = 4;
            break;
        }
        for (int m = 0; m <= M; m++)
            print_value(c, out, n, m, values[m], info.scale);
        if (info.grows)
            rc = weigh_row(c, s, &budget, n, L, &prev);
    }
    free(values);
    return rc;
}

/* A write that failed: exit 4 with the reason (not a usage error). */
static int plot_write_error(const seq_cmd *c, const char *what, const char *path)
{
    fprintf(stderr, "verifier: %s: --plot: cannot write %s %s: %s\n", c->name, what, path,
            strerror(errno ? errno : EIO));
    return 4;
}

/* G(n), n = 0..L, drawn with its preperiod and period (the game's own
 * analysis: a certificate, or a period seen three times for games whose
 * positions grow), through temporary files the guard knows of. */
static int plot_game_files(const seq_cmd *c, const char *out, bool force, const char *name, sequence *s, int L, int M,
                           run_guard *guard)
{
    static const char *const formats[] = {"svg", "png", NULL};
    char what[SEQUENCE_COMMAND_MAX + 16]; /* the name and ": --plot" */
    snprintf(what, sizeof what, "%s: --plot", c->name);
    const char *fmt = tool_out_format(what, out, formats);
    if (!fmt)
        return 2;
    char dat[TOOL_MAX_OUT + 8], tmp_dat[TOOL_MAX_OUT + 64], tmp_img[TOOL_MAX_OUT + 64], script[TOOL_MAX_OUT + 64],
        err[512];
    tool_beside(out, ".dat", dat, sizeof dat);
    snprintf(what, sizeof what, "%s --plot", c->name);
    if (tool_check_out(what, out, force, err, sizeof err) != 0 || tool_check_out(what, dat, force, err, sizeof err) != 0)
        return seq_error(err);
    snprintf(tmp_dat, sizeof tmp_dat, "%s.partial-%ld", dat, (long)getpid());
    snprintf(tmp_img, sizeof tmp_img, "%s.partial-%ld", out, (long)getpid());
    snprintf(script, sizeof script, "%s.partial-%ld.gp", out, (long)getpid());
    /* Removed by the guard if the run stops on the way (out of memory, a
     * signal); every return below removes or renames them itself. */
    guard_add_temp(guard, tmp_dat);
    guard_add_temp(guard, tmp_img);
    guard_add_temp(guard, script);
    /* A game whose positions grow may hold as many as the memory budget
     * does (what it reaches, not the worst case, decides). */
    mem_budget budget;
    mem_budget_now(&budget);
    sequence_period found;
    c->q->period(s, L, budget.bytes, &found);
    if (found.verdict == SEQUENCE_ERROR) {
        snprintf(err, sizeof err, "%s: the game could not be analysed (points or sizes beyond the engine, or --m-to above 32)", c->name);
        return seq_error(err);
    }
    if (found.capped) {
        char b[MEM_BYTES_TEXT];
        mem_format_bytes(budget.bytes, b, sizeof b);
        snprintf(err, sizeof err,
                 "%s: the positions the game reaches fill the %s allowed by %s at n = %d; nothing written; --to %d "
                 "is the largest this memory reaches",
                 c->name, b, budget.limit, found.rows_used, found.rows_used - 1);
        return seq_error(err);
    }
    const char *sym = c->q->symbol;
    bool marked = found.verdict == SEQUENCE_CERTIFIED || found.verdict == SEQUENCE_OBSERVED;
    sequence_info info;
    c->q->info(s, &info);
    int rc = ready_rows(s, c->q, L);
    if (rc != 0)
        return rc;
    FILE *d = fopen(tmp_dat, "we");
    if (!d)
        return plot_write_error(c, "the data file", tmp_dat);
    if (M > 0)
        fprintf(d, "# verifier %s, %s +_l %s, --to %d --m-to %d: n, then for m = 0..%d %s(n +_l m) as a decimal "
                   "and exact\n",
                c->name, name, info.sum_written, L, M, M, sym);
    else
        fprintf(d, "# verifier %s, %s, --to %d: n, %s(n) as a decimal, %s(n) exact\n", c->name, name, L, sym, sym);
    /* "No period seen" is said as such, never as a preperiod of -1. */
    if (marked)
        fprintf(d, "# %s: preperiod %d, period %d (rows 0..%d)\n", found.verdict_name, found.pre, found.per,
                found.rows_used - 1);
    else
        fprintf(d, "# %s: no period seen (rows 0..%d)\n", found.verdict_name, found.rows_used - 1);
    if (info.convention)
        fprintf(d, "# convention: %s\n", info.convention);
    row_out rows = {.f = d, .form = ROWS_PLOT, .sum = M > 0, .M = M};
    rc = print_rows(c, &rows, s, L, M);
    /* A write that failed on the way is an error, not a shorter plot. */
    bool written = fflush(d) == 0 && !ferror(d);
    int saved = errno;
    if (fclose(d) != 0 || !written || rc != 0) {
        if (written)
            saved = errno;
        unlink(tmp_dat);
        errno = saved;
        return rc ? rc : plot_write_error(c, "the data file", tmp_dat);
    }
    FILE *g = fopen(script, "we");
    if (!g) {
        saved = errno;
        unlink(tmp_dat);
        errno = saved;
        return plot_write_error(c, "the gnuplot script", script);
    }
    fprintf(g, "%s\nset output '%s'\n",
            strcmp(fmt, "svg") == 0 ? "set terminal svg size 800,480 enhanced font 'Helvetica,12' background '#ffffff'"
                                    : "set terminal pngcairo size 800,480 enhanced font 'Helvetica,11'",
            tmp_img);
    /* What is drawn, G(n) of the game or G(n +_l m) of the sum, written
     * whole into the title (names of any length). */
    fputs("set title \"", g);
    if (M > 0)
        fprintf(g, "%s(n +_l m) of %s +_l %s, m = 0..%d", sym, name, info.sum_name, M);
    else
        fprintf(g, "%s(n) of %s", sym, name);
    if (marked) {
        fprintf(g, ": preperiod %d, period %d (%s)\"\n", found.pre, found.per, found.verdict_name);
        fprintf(g, "set arrow from %d, graph 0 to %d, graph 1 nohead dt 2 lc rgb '#c0392b'\n", found.pre, found.pre);
        fprintf(g, "set arrow from %d, graph 0 to %d, graph 1 nohead dt 3 lc rgb '#2563eb'\n", found.pre + found.per,
                found.pre + found.per);
    } else
        fprintf(g, ": no period seen for n <= %d (UNDECIDED)\"\n", L);
    /* The marks are named in the key, below the plot, never in it (a
     * label there sat on the data): each a line of its colour and dash. */
    /* Whole values get whole ticks (a step of 1 up to 20 of them), and
     * the points a margin from the frame. */
    if (rows.whole && rows.hi - rows.lo <= 20)
        fprintf(g, "set ytics 1\n");
    else if (rows.whole)
        fprintf(g, "set format y '%%.0f'\n");
    fprintf(g, "set offsets 0, 0, graph 0.05, graph 0.05\nset xtics nomirror\n");
    /* With a second heap, a curve a column m (its points picked out of
     * the "n m value" lines). */
    if (M > 0)
        fprintf(g, "set xlabel \"n\"\nset ylabel \"%s(n +_l m)\"\nset grid\nset key outside below horizontal\n"
                   "plot for [m=0:%d] '%s' using 1:(column(2 + 2 * m)) with linespoints lw 1.5 dt m + 1 pt 7 ps 0.6 "
                   "title sprintf('m = %%d', m)",
                sym, M, tmp_dat);
    else
        fprintf(g, "set xlabel \"n\"\nset ylabel \"%s(n)\"\nset grid\nset key outside below horizontal\n"
                   "plot '%s' using 1:2 with linespoints lw 1.5 pt 7 ps 0.5 lc rgb '#1f4e9c' title '%s(n)'",
                sym, tmp_dat, sym);
    if (marked)
        fprintf(g, ", NaN with lines dt 2 lc rgb '#c0392b' title 'preperiod: n = %d', "
                   "NaN with lines dt 3 lc rgb '#2563eb' title '+ period: n = %d'",
                found.pre, found.pre + found.per);
    fprintf(g, "\n");
    bool ok = fflush(g) == 0 && !ferror(g);
    ok = fclose(g) == 0 && ok;
    if (!ok) {
        saved = errno;
        unlink(script);
        unlink(tmp_dat);
        errno = saved;
        return plot_write_error(c, "the gnuplot script", script);
    }
    const char *argv[] = {"gnuplot", script, NULL};
    int drawn = tool_run(argv, false);
    unlink(script);
    if (drawn == 0 && tool_output_whole(tmp_img, fmt, err, sizeof err) != 0) {
        fprintf(stderr, "verifier: %s: --plot: %s\n", c->name, err);
        unlink(tmp_img);
        unlink(tmp_dat);
        return 4;
    }
    if (drawn != 0 || rename(tmp_img, out) != 0 || rename(tmp_dat, dat) != 0) {
        saved = errno;
        unlink(tmp_img);
        unlink(tmp_dat);
        if (drawn != 0)
            return tool_failed(c->name, drawn, "gnuplot", "gnuplot-nox", NULL, "draw the figure");
        fprintf(stderr, "verifier: %s: cannot write %s: %s\n", c->name, out, strerror(saved));
        return 4;
    }
    return 0;
}

/* --plot: the figure and its data; the guard forgets the temporary files
 * once they are renamed or removed. */
static int plot_game(const seq_cmd *c, const char *out, bool force, const char *name, sequence *s, int L, int M,
                     run_guard *guard)
{
    int rc = plot_game_files(c, out, force, name, s, L, M, guard);
    guard_forget_temps(guard);
    return rc;
}

/* A JSON string of text (escaped by jansson), then `after`. */
static void print_json_string(FILE *f, const char *text, const char *after)
{
    json_t *j = json_string(text);
    char *q = j ? jx_dumps(j, JSON_ENCODE_ANY) : NULL;
    if (!q)
        die("out of memory while printing JSON");
    json_decref(j);
    fprintf(f, "%s%s", q, after);
    free(q);
}

/* "game" as the user wrote it, and "as" the name the game reads it by
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

/* The head of --json: the game as written (and as the game names it),
 * its points (when the game has any), the convention, the second heap,
 * then the rows (print_value) and the closing brackets.  The names as
 * written are escaped; the game's names, points and convention need no
 * escaping. */
static void print_json_head(FILE *f, const sequence_info *info, const char *written)
{
    fprintf(f, "{\n  ");
    print_game_names(f, written, info->name[0] ? info->name : written);
    fprintf(f, ",\n");
    if (info->points[0])
        fprintf(f, "  \"points\": \"%s\",\n", info->points);
    if (info->convention)
        fprintf(f, "  \"convention\": \"%s\",\n", info->convention);
    if (info->sum_written) {
        fprintf(f, "  \"sum\": {");
        print_game_names(f, info->sum_written, info->sum_name);
        fprintf(f, ", \"points\": \"%s\"},\n", info->sum_points);
    }
    fprintf(f, "  \"rows\": [");
}

/* After the rows: the preperiod and period the game's analysis finds
 * (every column at once), or that none was seen in rows 0..L: the
 * document's "period" (then its end), or beside the plain rows a line on
 * stderr (stdout keeps only "n G" lines, for scripts). */
static void print_period(const seq_cmd *c, FILE *doc, sequence *s, int L, bool json)
{
    sequence_info info;
    c->q->info(s, &info);
    mem_budget budget;
    mem_budget_now(&budget);
    /* The rows' own memo is still held: the analysis gets the rest. */
    uint64_t held = info.grows ? c->q->bytes(s, L) : 0;
    sequence_period p;
    c->q->period(s, L, budget.bytes > held ? budget.bytes - held : 0, &p);
    bool seen = p.verdict == SEQUENCE_CERTIFIED || p.verdict == SEQUENCE_OBSERVED;
    /* An analysis stopped by the memory is no statement about the rows:
     * NOT ANALYSED, as one the engine cannot make; UNDECIDED only when
     * every row was looked at and no period was seen. */
    bool analysed = p.verdict != SEQUENCE_ERROR && !p.capped;
    const char *why = p.verdict == SEQUENCE_ERROR ? "beyond the engine (points, sizes, or --m-to above 32)"
                      : p.capped                 ? "the positions reached filled the memory before the last row"
                                                 : "no period seen";
    if (json && seen)
        fprintf(doc, "\n  ],\n  \"period\": {\"status\": \"%s\", \"preperiod\": %d, \"period\": %d, \"rows\": %d}\n}\n",
                p.verdict_name, p.pre, p.per, L + 1);
    else if (json)
        fprintf(doc, "\n  ],\n  \"period\": {\"status\": \"%s\", \"preperiod\": null, \"period\": null, \"rows\": %d, "
                     "\"why\": \"%s\"}\n}\n",
                analysed ? "UNDECIDED" : "NOT ANALYSED", L + 1, why);
    else if (seen)
        fprintf(stderr, "%s: %s: preperiod %d, period %d (%s%s%s; rows 0..%d)\n", c->name, p.verdict_name, p.pre,
                p.per, p.verdict == SEQUENCE_CERTIFIED && p.argument ? p.argument : "",
                p.verdict == SEQUENCE_CERTIFIED && p.argument ? ": " : "",
                p.verdict == SEQUENCE_CERTIFIED ? "proved" : "seen three times, not proved", L);
    else
        fprintf(stderr, "%s: %s: %s (rows 0..%d)\n", c->name, analysed ? "UNDECIDED" : "NOT ANALYSED", why, L);
}

/* The rows as text or JSON.  A game whose positions grow may stop for
 * memory part way: its document is built in a buffer and printed whole,
 * or not at all. */
static int print_document(const seq_cmd *c, sequence *s, bool json, const char *written, int L, int M)
{
    sequence_info info;
    c->q->info(s, &info);
    int rc = ready_rows(s, c->q, L);
    if (rc != 0)
        return rc;
    char *buffered = NULL;
    size_t buffered_len = 0;
    FILE *doc = info.grows ? open_memstream(&buffered, &buffered_len) : stdout;
    if (!doc)
        die("out of memory for the rows of %s", c->name);
    row_out rows = {.f = doc, .form = json ? ROWS_JSON : ROWS_TEXT, .sum = info.sum_written != NULL};
    /* Values that rest on a rule the paper does not define say so: in the
     * document, or on stderr beside the plain rows. */
    if (json)
        print_json_head(doc, &info, written);
    rc = print_rows(c, &rows, s, L, M);
    if (rc == 0 && json)
        print_period(c, doc, s, L, true);
    if (info.grows) {
        /* A buffer that could not grow leaves the error flag (and a cut
         * text): out of memory, nothing printed. */
        bool whole = fflush(doc) == 0 && !ferror(doc);
        if (fclose(doc) != 0 || !whole)
            die("out of memory for the rows of %s; nothing printed", c->name);
        if (rc == 0)
            fwrite(buffered, 1, buffered_len, stdout);
        free(buffered);
    }
    /* The period and the note on stderr once the values are out (or not
     * at all). */
    if (rc == 0 && !json) {
        fflush(stdout);
        print_period(c, NULL, s, L, false);
    }
    if (rc == 0 && !json && info.convention)
        fprintf(stderr, "verifier: %s: note: %s\n", c->name, info.convention);
    /* (A write that failed is caught by main's guard_finish: exit 4.) */
    return rc;
}

/* The command's own options, after the game's (game_sequence.options). */
enum { OWN_TO, OWN_PLOT, OWN_FORCE, OWN_JSON, OWN_COUNT };
static const opt_spec own_specs[OWN_COUNT] = {
    {"to", true, false}, {"plot", true, false}, {"force", false, false}, {"json", false, false}};

/* The command's own options, checked together before the game reads its
 * rules (own: their values). */
static int check_own_options(const seq_cmd *c, const char *const *own, long *L)
{
    /* what: the command's name and ": --to"; err: what, parse_long's
     * words (under 60), two numbers and at most 40 bytes of the value. */
    char err[SEQUENCE_COMMAND_MAX + 16 + 160], what[SEQUENCE_COMMAND_MAX + 16];
    snprintf(what, sizeof what, "%s: --to", c->name);
    if (own[OWN_TO] && parse_long(own[OWN_TO], 0, 10000000, L, what, err, sizeof err) != 0)
        return seq_error(err);
    const char *wrong = NULL;
    if (*L < 0)
        wrong = "%s needs --to L";
    else if (own[OWN_JSON] && own[OWN_PLOT])
        wrong = "%s: --json prints the values; --plot draws them: choose one";
    else if (own[OWN_FORCE] && !own[OWN_PLOT])
        wrong = "%s: --force replaces the file --plot names: give --plot";
    if (!wrong)
        return 0;
    snprintf(err, sizeof err, wrong, c->name);
    return seq_error(err);
}

int cmd_sequence(const game_entry *e, int argc, char **argv, run_guard *guard)
{
    const game_sequence *q = e->sequence;
    seq_cmd c = {.q = q, .name = argv[0]};
    /* The game's options, then the command's. */
    opt_spec specs[SEQUENCE_MAX_OPTIONS + OWN_COUNT];
    int ngame = 0;
    while (ngame < SEQUENCE_MAX_OPTIONS && q->options[ngame].name) {
        specs[ngame] = (opt_spec){q->options[ngame].name, q->options[ngame].takes_value, q->options[ngame].negative_ok};
        ngame++;
    }
    /* The last slot is the list's end: a name there would be an option
     * never read. */
    if (q->options[ngame].name)
        die("internal error: the game %s offers more than %d options for its sequence", e->name, SEQUENCE_MAX_OPTIONS);
    memcpy(specs + ngame, own_specs, sizeof own_specs);
    opt_result r;
    char err[256];
    char *help = sequence_help(q, c.name);
    int rc = opts_parse_or_help(argc, argv, specs, ngame + OWN_COUNT, 0, &r, help);
    free(help);
    if (rc != 0)
        return rc < 0 ? 2 : 0;
    const char *const *own = r.value + ngame;
    long L = -1;
    if ((rc = check_own_options(&c, own, &L)) != 0)
        return rc;
    sequence *s = q->open(c.name, r.value, err, sizeof err);
    if (!s)
        return seq_error(err);
    sequence_info info;
    q->info(s, &info);
    const char *written = info.written ? info.written : e->name;
    if (own[OWN_PLOT])
        rc = plot_game(&c, own[OWN_PLOT], own[OWN_FORCE] != NULL, written, s, (int)L, info.columns, guard);
    else
        rc = print_document(&c, s, own[OWN_JSON] != NULL, written, (int)L, info.columns);
    q->close(s);
    return rc;
}

/* `verifier sequence --help`: the games that offer a sequence. */
static void print_sequence_games(FILE *f)
{
    fputs("usage: verifier sequence GAME [the game's options] --to L [--json | --plot FILE [--force]]\n"
          "\n"
          "Prints one game's values on one heap, n = 0..L, exactly, and the period they\n"
          "show.  Each game takes its own options (`verifier sequence GAME --help`):\n"
          "\n",
          f);
    for (int g = 0; game_registry[g]; g++) {
        const game_sequence *q = game_registry[g]->sequence;
        if (!q)
            continue;
        fprintf(f, "  %-16s %s", game_registry[g]->name, q->summary);
        if (q->command)
            fprintf(f, " (also `verifier %s`)", q->command);
        fputs("\n", f);
    }
    fputs("\nExit status: 0, 2 on bad input or a size beyond memory, 4 when the output\n"
          "cannot be written or a position outgrows the engine's limits.\n",
          f);
}

int cmd_sequence_of(int argc, char **argv, run_guard *guard)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        if (argc < 2) {
            print_error_line(stderr, "sequence needs a game: verifier sequence GAME --to L (see verifier sequence --help)");
            return 2;
        }
        print_sequence_games(stdout);
        return 0;
    }
    const game_entry *e = game_find(argv[1]);
    char err[256];
    if (!e || !e->sequence) {
        snprintf(err, sizeof err, "sequence: %s '%.64s' (see verifier sequence --help for the games that offer one)",
                 e ? "no sequence is offered by the game" : "unknown game", argv[1]);
        return seq_error(err);
    }
    /* The command as typed names it in every message ("sequence kayles"). */
    char name[SEQUENCE_COMMAND_MAX + 1];
    if (snprintf(name, sizeof name, "sequence %s", e->name) >= (int)sizeof name)
        die("internal error: the game name '%s' is too long for a command's name", e->name);
    argv[1] = name;
    return cmd_sequence(e, argc - 1, argv + 1, guard);
}
