/*
 * errata.c -- the errata list of a run (errata.h): built once as JSON,
 * for summary.json, and written from that same document as errata.md, so
 * the two cannot say different things.
 */
#include "verifier/output/errata.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/engine/xalloc.h"
#include "verifier/base/json_checked.h"
#include "verifier/output/mismatch_text.h"

static json_t *json_text_or_empty(const char *s)
{
    return jx_must(json_string(s ? s : ""));
}

/* A kept mismatch as an erratum or a counterexample: where (and N), the
 * reading it belongs to (a claim of readings), stated, computed, witness;
 * its grade and evidence when it has its own (a printed cell), and the
 * command that replays it with what its output shows. */
static json_t *mismatch_json(const results_run *run, const claim_def *c, const claim_report *r,
                             const claim_mismatch *m)
{
    results_mismatch_text mt;
    results_mismatch_text_init(&mt, run->table);
    results_mismatch_fill(&mt, run->table, m);
    json_t *o = jx_must(json_pack("{s:o, s:o, s:o, s:o}", "where", json_text_or_empty(mt.where), "N", json_text_or_empty(mt.n), "stated",
                               json_text_or_empty(m->expected), "computed", json_text_or_empty(m->actual)));
    if (r->readings)
        jx_set(o, "reading", json_text_or_empty(c->parts[m->part]));
    jx_set(o, "witness", json_text_or_empty(mt.note));
    if (m->grade != CLAIM_GRADE_NONE) {
        jx_set(o, "grade", json_text_or_empty(claim_grade_name(m->grade)));
        jx_set(o, "evidence", json_text_or_empty(m->evidence));
    }
    if (m->command) {
        jx_set(o, "command", json_text_or_empty(m->command));
        jx_set(o, "shows", json_text_or_empty(m->shows));
    }
    results_mismatch_text_free(&mt);
    return o;
}

static uint64_t sum(const uint64_t *v, int n)
{
    uint64_t s = 0;
    for (int p = 0; p < n; p++)
        s += v[p];
    return s;
}

/* Errata counted by grade (claim.h: certain, probable, wording): a printed
 * table's cells and strays each one erratum of its own grade; a statement
 * one erratum, of its claim's grade (one per oversight: a claim that
 * repeats another's is counted with it). */
void errata_grades(const claim_def *c, const claim_report *r, uint64_t count[CLAIM_GRADE_WORDING + 1])
{
    memset(count, 0, sizeof *count * (CLAIM_GRADE_WORDING + 1));
    if (r->ngrids > 0) {
        uint64_t listed = 0;
        for (int k = 0; k < r->nkept; k++) {
            count[claim_mismatch_grade_of(c, &r->kept[k])]++;
            listed++;
        }
        /* Mismatches past the list keep no grade of their own: a table's
         * errata are few (ERRATA_LISTED), so none is, but counted all the
         * same under the claim's. */
        uint64_t all = sum(r->mismatches, r->nparts);
        if (all > listed)
            count[c->erratum.grade != CLAIM_GRADE_NONE ? c->erratum.grade : CLAIM_GRADE_CERTAIN] += all - listed;
        return;
    }
    count[c->erratum.grade != CLAIM_GRADE_NONE ? c->erratum.grade : CLAIM_GRADE_CERTAIN] = 1;
}

void errata_grades_text(const uint64_t count[CLAIM_GRADE_WORDING + 1], char *out, size_t len)
{
    size_t used = 0;
    out[0] = '\0';
    for (int g = CLAIM_GRADE_CERTAIN; g <= CLAIM_GRADE_WORDING; g++)
        if (count[g] && used < len)
            used += (size_t)snprintf(out + used, len - used, "%s%llu %s", used ? ", " : "",
                                     (unsigned long long)count[g], claim_grade_name((claim_grade)g));
    if (used >= len)
        die("internal error: the grades of a claim's errata do not fit %zu characters", len);
}

void errata_verdict_text(const claim_def *c, const claim_report *r, char *out, size_t len)
{
    uint64_t all = sum(r->mismatches, r->nparts), g[CLAIM_GRADE_WORDING + 1];
    char grades[128];
    errata_grades(c, r, g);
    errata_grades_text(g, grades, sizeof grades);
    int n;
    if (r->ngrids > 0)
        n = snprintf(out, len, "%llu errat%s (%s)", (unsigned long long)all, all == 1 ? "um" : "a", grades);
    else if (c->erratum.same_as) {
        const claim_def *first = claim_find(c->erratum.same_as);
        claim_grade fg = first && first->erratum.grade != CLAIM_GRADE_NONE ? first->erratum.grade : CLAIM_GRADE_CERTAIN;
        n = snprintf(out, len, "%llu counterexample%s, the erratum of %s again (%s)", (unsigned long long)all,
                     all == 1 ? "" : "s", c->erratum.same_as, claim_grade_name(fg));
    } else
        n = snprintf(out, len, "%llu counterexample%s, one erratum (%s%s)", (unsigned long long)all, all == 1 ? "" : "s",
                     grades + 2, c->erratum.argument ? "; its argument fails, the result holds" : "");
    if (n < 0 || (size_t)n >= len)
        die("internal error: a verdict's words do not fit %zu characters", len);
}

/* The failing parts of a statement, each with its first ERRATA_EXAMPLES
 * counterexamples. */
static json_t *failing_parts(const results_run *run, const claim_def *c, const claim_report *r)
{
    json_t *parts = jx_must(json_array());
    for (int p = 0; p < r->nparts; p++) {
        if (claim_part_status(r, p) != CLAIM_FAILS)
            continue;
        json_t *listed = jx_must(json_array());
        for (int k = 0, n = 0; k < r->nkept && n < ERRATA_EXAMPLES; k++)
            if (r->kept[k].part == p) {
                jx_append(listed, mismatch_json(run, c, r, &r->kept[k]));
                n++;
            }
        jx_append(parts, jx_must(json_pack("{s:s, s:I, s:o}", "part", c->parts[p], "mismatches",
                                        (json_int_t)r->mismatches[p], "listed", listed)));
    }
    return parts;
}

/* A claim that FAILS.  A printed table's mismatches are its errata, one a
 * cell (or a printed symbol no cell holds), each graded, listed up to
 * ERRATA_LISTED; a statement is one erratum, graded as its claim says,
 * with the counterexamples of the parts that fail, each part named with its
 * first ERRATA_EXAMPLES; claims that repeat its oversight come under it
 * ("also"). */
static json_t *erratum_claim(const results_run *run, const claim_def *c, const claim_report *r)
{
    uint64_t all = sum(r->mismatches, r->nparts), grades[CLAIM_GRADE_WORDING + 1];
    bool table = r->ngrids > 0;
    errata_grades(c, r, grades);
    json_t *by = jx_must(json_object());
    for (int g = CLAIM_GRADE_CERTAIN; g <= CLAIM_GRADE_WORDING; g++)
        jx_set(by, claim_grade_name((claim_grade)g), jx_must(json_integer((json_int_t)grades[g])));
    json_t *o = jx_must(json_pack("{s:s, s:s, s:s, s:s, s:I, s:o}", "claim", c->id, "kind", table ? "table" : "statement",
                               "source", c->source, "statement", c->statement, "mismatches", (json_int_t)all,
                               "grades", by));
    if (table) {
        json_t *listed = jx_must(json_array());
        for (int k = 0; k < r->nkept && k < ERRATA_LISTED; k++)
            jx_append(listed, mismatch_json(run, c, r, &r->kept[k]));
        jx_set(o, "listed", listed);
        return o;
    }
    claim_grade g = c->erratum.grade != CLAIM_GRADE_NONE ? c->erratum.grade : CLAIM_GRADE_CERTAIN;
    jx_set(o, "grade", json_text_or_empty(claim_grade_name(g)));
    if (c->erratum.evidence)
        jx_set(o, "evidence", json_text_or_empty(c->erratum.evidence));
    if (c->erratum.correction)
        jx_set(o, "correction", json_text_or_empty(c->erratum.correction));
    if (c->erratum.argument)
        jx_set(o, "result_holds", json_text_or_empty(c->erratum.argument));
    jx_set(o, "parts", failing_parts(run, c, r));
    jx_set(o, "also", jx_must(json_array()));
    return o;
}

/* A claim repeating the oversight of another (claim_def.erratum.same_as),
 * as the "also" of the first. */
static json_t *also_claim(const results_run *run, const claim_def *c, const claim_report *r)
{
    return jx_must(json_pack("{s:s, s:s, s:s, s:I, s:o}", "claim", c->id, "source", c->source, "statement",
                          c->statement, "mismatches", (json_int_t)sum(r->mismatches, r->nparts), "parts",
                          failing_parts(run, c, r)));
}

/* The erratum of claim id in a list, or NULL. */
static json_t *erratum_of(json_t *errata, const char *id)
{
    size_t i;
    json_t *e;
    json_array_foreach(errata, i, e) {
        if (strcmp(json_string_value(json_object_get(e, "claim")), id) == 0)
            return e;
    }
    return NULL;
}

static json_t *reading_claim(const results_run *run, const claim_def *c, const claim_report *r)
{
    json_t *o = jx_must(json_pack("{s:s, s:s, s:s, s:s, s:I}", "claim", c->id, "statement", c->statement, "of",
                               c->reading_of, "why", c->reading_why, "mismatches",
                               (json_int_t)sum(r->mismatches, r->nparts)));
    if (r->nkept > 0)
        jx_set(o, "first", mismatch_json(run, c, r, &r->kept[0]));
    return o;
}

static json_t *unrefuted_claim(const claim_def *c, const claim_report *r, claim_status s)
{
    uint64_t cases = sum(r->cases, r->nparts), explained = sum(r->explained, r->nparts),
             undecided = sum(r->undecided, r->nparts);
    return jx_must(json_pack("{s:s, s:s, s:s, s:I, s:I, s:I}", "claim", c->id, "status", claim_status_name(s), "source",
                          c->source, "cases", (json_int_t)cases, "explained", (json_int_t)explained, "undecided",
                          (json_int_t)undecided));
}

/* Whether claim id FAILS as its paper means it in this run. */
static bool fails_in_run(const results_run *run, const char *id)
{
    for (int i = 0; i < run->nclaims; i++)
        if (strcmp(run->claims[i]->id, id) == 0)
            return !run->claims[i]->reading_of && claim_verdict(&run->reports[i]) == CLAIM_FAILS;
    return false;
}

json_t *errata_json(const results_run *run)
{
    json_t *papers = jx_must(json_array());
    for (int k = 0; claim_papers[k]; k++) {
        const claim_paper *paper = claim_papers[k];
        json_t *errata = jx_must(json_array()), *readings = jx_must(json_array()), *unrefuted = jx_must(json_array()),
               *open = jx_must(json_array()), *holds = jx_must(json_array());
        uint64_t total[CLAIM_GRADE_WORDING + 1] = {0};
        int claims = 0;
        for (int i = 0; i < run->nclaims; i++) {
            const claim_def *c = run->claims[i];
            const claim_report *r = &run->reports[i];
            if (claim_paper_of(c->id) != paper)
                continue;
            claims++;
            claim_status s = claim_verdict(r);
            /* A repeat of another claim's oversight joins that claim's
             * erratum when that one fails too (it comes first in the
             * registry, or is found by its id). */
            if (s == CLAIM_FAILS && !c->reading_of && c->erratum.same_as && fails_in_run(run, c->erratum.same_as))
                continue;
            if (s == CLAIM_FAILS && !c->reading_of) {
                uint64_t g[CLAIM_GRADE_WORDING + 1];
                errata_grades(c, r, g);
                for (int x = 0; x <= CLAIM_GRADE_WORDING; x++)
                    total[x] += g[x];
                jx_append(errata, erratum_claim(run, c, r));
            } else if (s == CLAIM_FAILS)
                jx_append(readings, reading_claim(run, c, r));
            else if (s == CLAIM_GARBLED || s == CLAIM_EMPTY)
                jx_append(unrefuted, unrefuted_claim(c, r, s));
            else if (s == CLAIM_HOLDS || s == CLAIM_CERTIFIED)
                jx_append(holds, jx_must(json_pack("{s:s, s:s, s:s}", "claim", c->id, "status", claim_status_name(s),
                                                "proof", claim_truth_short(c->truth))));
            else if (s == CLAIM_OBSERVED || s == CLAIM_UNDECIDED)
                jx_append(open, jx_must(json_pack("{s:s, s:s, s:s, s:b}", "claim", c->id, "status",
                                                  claim_status_name(s), "statement", c->statement, "undecidable",
                                                  claim_undecidable(r))));
        }
        /* The repeats, under the claim whose oversight they repeat. */
        for (int i = 0; i < run->nclaims; i++) {
            const claim_def *c = run->claims[i];
            if (claim_paper_of(c->id) != paper || c->reading_of || !c->erratum.same_as ||
                claim_verdict(&run->reports[i]) != CLAIM_FAILS)
                continue;
            json_t *first = erratum_of(errata, c->erratum.same_as);
            if (first)
                jx_append(json_object_get(first, "also"), also_claim(run, c, &run->reports[i]));
        }
        if (claims == 0) {
            json_decref(errata);
            json_decref(readings);
            json_decref(unrefuted);
            json_decref(open);
            json_decref(holds);
            continue;
        }
        json_t *counts = jx_must(json_object());
        uint64_t n = 0;
        for (int g = CLAIM_GRADE_CERTAIN; g <= CLAIM_GRADE_WORDING; g++) {
            jx_set(counts, claim_grade_name((claim_grade)g), jx_must(json_integer((json_int_t)total[g])));
            n += total[g];
        }
        jx_set(counts, "errata", jx_must(json_integer((json_int_t)n)));
        jx_append(papers, jx_must(json_pack("{s:s, s:s, s:s?, s:i, s:o, s:o, s:o, s:o, s:o, s:o}", "paper",
                                         paper->prefix, "citation", paper->citation, "notation", paper->notation,
                                         "claims", claims, "counts", counts, "errata", errata, "readings", readings,
                                         "not_refuted", unrefuted, "open", open, "holds", holds)));
    }
    return papers;
}

/* ---- errata.md ---- */

static const char *str(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s ? s : "";
}

static long long num(const json_t *o, const char *key)
{
    return (long long)json_integer_value(json_object_get(o, key));
}

/* A text inside markdown, with the characters that would start markup
 * escaped (tables' cells are full of them: "+", "*", "|"). */
static void md(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (strchr("\\`*_[]<>|#", *s))
            fputc('\\', f);
        fputc(*s, f);
    }
}

static void mismatch_md(FILE *f, const json_t *m)
{
    fputs("  - ", f);
    md(f, str(m, "where"));
    if (*str(m, "N")) {
        fputs(", N = ", f);
        md(f, str(m, "N"));
    }
    if (*str(m, "reading")) {
        fputs(" (reading: ", f);
        md(f, str(m, "reading"));
        fputs(")", f);
    }
    fputs(": stated ", f);
    md(f, str(m, "stated"));
    fputs(", computed ", f);
    md(f, str(m, "computed"));
    if (*str(m, "witness")) {
        fputs(". Witness: ", f);
        md(f, str(m, "witness"));
    }
    fputs("\n", f);
}

/* The command that replays a mismatch, and what its output shows. */
static void replay_md(FILE *f, const json_t *m, const char *indent)
{
    if (!*str(m, "command"))
        return;
    fprintf(f, "%s- Replay: `%s`", indent, str(m, "command"));
    if (*str(m, "shows")) {
        fputs(" (its output: \"", f);
        md(f, str(m, "shows"));
        fputs("\")", f);
    }
    fputs("\n", f);
}

/* Where a printed cell is: the claim's source (its section and table)
 * and the cell's row and column, from the mismatch's where ("table-26,
 * row 11, column 6"). */
static void cell_where_md(FILE *f, const json_t *c, const json_t *m)
{
    const char *source = str(c, "source"), *where = str(m, "where"), *comma = strchr(where, ',');
    md(f, source);
    fputs(", ", f);
    md(f, comma ? comma + 2 : where);
}

/* A counterexample of a statement: where, printed (stated), correct
 * (computed), the witness and the replay. */
static void counterexample_md(FILE *f, const json_t *m)
{
    fputs("    - ", f);
    md(f, str(m, "where"));
    if (*str(m, "N")) {
        fputs(", N = ", f);
        md(f, str(m, "N"));
    }
    fputs(": printed ", f);
    md(f, str(m, "stated"));
    fputs("; correct ", f);
    md(f, str(m, "computed"));
    if (*str(m, "witness")) {
        fputs(". Witness: ", f);
        md(f, str(m, "witness"));
    }
    fputs("\n", f);
    replay_md(f, m, "      ");
}

static void parts_md(FILE *f, const json_t *parts)
{
    size_t k;
    json_t *p;
    json_array_foreach(parts, k, p) {
        long long n = num(p, "mismatches");
        size_t listed = json_array_size(json_object_get(p, "listed"));
        fputs("  - As printed: ", f);
        md(f, str(p, "part"));
        fprintf(f, ": %lld counterexample%s%s\n", n, n == 1 ? "" : "s",
                (long long)listed < n ? ", the first ones (mismatches.csv lists more)" : "");
        size_t e;
        json_t *x;
        json_array_foreach(json_object_get(p, "listed"), e, x)
            counterexample_md(f, x);
    }
}

/* One erratum of a statement: where, what is printed, the grade and its
 * evidence, what is correct (a wording's correction; a proof's result
 * that holds), the counterexamples with their replays, and the claims
 * that repeat it. */
static void statement_md(FILE *f, int *number, const json_t *c)
{
    fprintf(f, "%d. **", ++*number);
    md(f, str(c, "source"));
    fprintf(f, "** (`%s`): %s.\n", str(c, "claim"), str(c, "grade"));
    fputs("  - The claim: ", f);
    md(f, str(c, "statement"));
    fputs("\n", f);
    if (*str(c, "result_holds")) {
        fputs("  - The argument fails at the first counterexample below; the result holds: ", f);
        md(f, str(c, "result_holds"));
        fputs(".\n", f);
    }
    if (*str(c, "correction")) {
        fputs("  - Correct: ", f);
        md(f, str(c, "correction"));
        fputs(".\n", f);
    }
    fputs("  - Grade: ", f);
    fputs(str(c, "grade"), f);
    fputs(strcmp(str(c, "grade"), "wording") == 0 ? ": " : ": a sentence of the paper, false as printed; no damage of "
                                                            "the extracted text makes it so",
          f);
    md(f, str(c, "evidence"));
    fputs(".\n", f);
    parts_md(f, json_object_get(c, "parts"));
    size_t k;
    json_t *a;
    json_array_foreach(json_object_get(c, "also"), k, a) {
        fprintf(f, "  - Also for `%s` (", str(a, "claim"));
        md(f, str(a, "source"));
        fputs("), the same oversight: ", f);
        md(f, str(a, "statement"));
        fputs("\n", f);
        parts_md(f, json_object_get(a, "parts"));
    }
}

/* The errata of a printed table: each cell (or printed symbol no cell
 * holds) one erratum, with its grade and evidence. */
static void table_md(FILE *f, int *number, const json_t *c)
{
    size_t k;
    json_t *m;
    json_array_foreach(json_object_get(c, "listed"), k, m) {
        fprintf(f, "%d. **", ++*number);
        cell_where_md(f, c, m);
        fprintf(f, "** (`%s`): %s.\n", str(c, "claim"), str(m, "grade"));
        fputs("  - Printed: ", f);
        md(f, str(m, "stated"));
        fputs("; correct: ", f);
        md(f, str(m, "computed"));
        fputs(".\n  - Grade: ", f);
        fputs(str(m, "grade"), f);
        fputs(": ", f);
        md(f, str(m, "evidence"));
        fputs(".\n", f);
        replay_md(f, m, "  ");
        if (*str(m, "witness")) {
            fputs("  - Witness: ", f);
            md(f, str(m, "witness"));
            fputs("\n", f);
        }
    }
    long long all = num(c, "mismatches");
    size_t listed = json_array_size(json_object_get(c, "listed"));
    if ((long long)listed < all)
        fprintf(f, "  - and %lld more errata of `%s` in mismatches.csv\n", all - (long long)listed, str(c, "claim"));
}

/* What holds, grouped by the kind of truth each verdict is (the short
 * words of claim_truth_short): proved for every size, checked whole, or
 * only swept to a bound. */
static void holds_md(FILE *f, const json_t *holds)
{
    static const struct {
        claim_truth kind;
        const char *says;
    } groups[] = {
        {CLAIM_EVERY_POSITION, "Proved for every position of any number of piles, per game, by local properties "
                               "checked on every pile and an induction (CERTIFIED)"},
        {CLAIM_EVERY_SIZE, "Proved for every pile size by a certificate, per k (CERTIFIED)"},
        {CLAIM_EVERY_SIZE_BY_SHIFT, "Proved for every pile size, the larger sizes playing as one checked by the move "
                                    "bound (CERTIFIED)"},
        {CLAIM_BY_THEOREM, "Proved for every size by a theorem the claim's finding names, and checked on a bounded "
                           "domain besides (CERTIFIED)"},
        {CLAIM_PARTLY_EVERY_SIZE, "Proved for every pile size where the claim's finding says, swept elsewhere"},
        {CLAIM_WHOLE, "Finite statements (printed tables, named positions), checked whole"},
        {CLAIM_WHOLE_PER_K, "Finite statements for each k (named positions), checked whole for each k of the "
                            "domain"},
        {CLAIM_PER_GAME, "Families of games, each game's period certified"},
        {CLAIM_SWEPT, "Swept to a bound: true on the domain `verifier list` gives, not proved beyond it"},
    };
    fputs("\n### What holds, and how\n\n", f);
    if (json_array_size(holds) == 0) {
        fputs("Nothing holds.\n", f);
        return;
    }
    for (size_t g = 0; g < sizeof groups / sizeof *groups; g++) {
        size_t i, n = 0;
        json_t *c;
        const char *kind = claim_truth_short(groups[g].kind);
        json_array_foreach(holds, i, c) {
            if (strcmp(str(c, "proof"), kind) != 0)
                continue;
            if (n++ == 0)
                fprintf(f, "- %s: ", groups[g].says);
            fprintf(f, "%s`%s`", n > 1 ? ", " : "", str(c, "claim"));
        }
        if (n)
            fprintf(f, " (%zu)\n", n);
    }
}

static void paper_md(FILE *f, const json_t *p)
{
    fputs("\n## ", f);
    md(f, str(p, "citation"));
    fprintf(f, "\n\n%lld claims of this paper ran (`%s/*`).", num(p, "claims"), str(p, "paper"));
    const json_t *notation = json_object_get(p, "notation");
    if (json_is_string(notation)) {
        fputs(" Notation: ", f);
        md(f, json_string_value(notation));
        fputs(".", f);
    }
    fputs("\n", f);
    const json_t *errata = json_object_get(p, "errata"), *readings = json_object_get(p, "readings"),
                 *unrefuted = json_object_get(p, "not_refuted"), *open = json_object_get(p, "open");
    size_t i;
    json_t *c;
    const json_t *counts = json_object_get(p, "counts");
    long long total = num(counts, "errata");
    fputs("\n### Errata\n\n", f);
    if (json_array_size(errata) == 0)
        fputs("None: no statement or printed cell of this paper fails as the paper means it.\n", f);
    else {
        fprintf(f, "%lld errat%s: %lld certain, %lld probable, %lld wording. Each gives where it is, what the paper "
                   "prints, what is correct, its grade with the evidence in one line, and the command whose output "
                   "shows the computed fact.\n\n",
                total, total == 1 ? "um" : "a", num(counts, "certain"), num(counts, "probable"),
                num(counts, "wording"));
    }
    int number = 0;
    json_array_foreach(errata, i, c) {
        if (strcmp(str(c, "kind"), "table") == 0)
            table_md(f, &number, c);
        else
            statement_md(f, &number, c);
    }
    fputs("\n### Literal and strict readings that fail\n\n", f);
    if (json_array_size(readings) == 0)
        fputs("None.\n", f);
    json_array_foreach(readings, i, c) {
        fputs("- `", f);
        fputs(str(c, "claim"), f);
        fputs("` (a reading of `", f);
        fputs(str(c, "of"), f);
        fputs("`): ", f);
        md(f, str(c, "statement"));
        fprintf(f, " FAILS, %lld mismatch%s; expected, because ", num(c, "mismatches"),
                num(c, "mismatches") == 1 ? "" : "es");
        md(f, str(c, "why"));
        fputs(".", f);
        const json_t *first = json_object_get(c, "first");
        if (first) {
            fputs(" First counterexample:\n", f);
            mismatch_md(f, first);
        } else
            fputs("\n", f);
    }
    fputs("\n### Not refuted\n\n", f);
    if (json_array_size(unrefuted) == 0)
        fputs("None: every statement was read and decided.\n", f);
    json_array_foreach(unrefuted, i, c) {
        fputs("- `", f);
        fputs(str(c, "claim"), f);
        fputs("` (", f);
        md(f, str(c, "source"));
        fputs("): ", f);
        if (strcmp(str(c, "status"), "EMPTY") == 0)
            fputs("EMPTY: no case could be read or computed at this size.\n", f);
        else
            fprintf(f,
                    "GARBLED: of %lld cells read, %lld agree, %lld differ where printed but the damage to the "
                    "extracted text explains them, %lld undecided or not convicted.\n",
                    num(c, "cases"), num(c, "cases") - num(c, "explained") - num(c, "undecided"), num(c, "explained"),
                    num(c, "undecided"));
    }
    fputs("\n### Open\n\n", f);
    if (json_array_size(open) == 0)
        fputs("None.\n", f);
    json_array_foreach(open, i, c) {
        fputs("- `", f);
        fputs(str(c, "claim"), f);
        fputs("`: ", f);
        fputs(strcmp(str(c, "status"), "OBSERVED") == 0 ? "OBSERVED (seen on all the data, not proved)"
              : json_is_true(json_object_get(c, "undecidable"))
                  ? "UNDECIDED (no finite run decides it: a larger run only sees more repeats)"
                  : "UNDECIDED (the search ran out before deciding)",
              f);
        fputs(": ", f);
        md(f, str(c, "statement"));
        fputs("\n", f);
    }
    holds_md(f, json_object_get(p, "holds"));
}

int errata_write(const char *dir, const json_t *errata, char *err, int errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/errata.md", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, (size_t)errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    fputs("# Errata\n\nWhat this run found wrong in each paper it checked, as the paper means it: every statement or "
          "printed cell that FAILS, with its witness (a line of play, or the cells that contradict it); then the "
          "strict and literal readings that fail, each with its first counterexample; then what could not be read "
          "or decided (never counted either way), and what the search left open. Every erratum has a grade: certain "
          "(no damage of the extracted text can produce it), probable (it rests on a stated assumption about the "
          "extraction: that it creates no symbol) or wording (a sentence false as printed where the paper itself "
          "shows what was meant, with the correction); a printed cell no grade reaches is not refuted, never an "
          "erratum (docs/claims.md, \"How a printed table is read\" and \"Errata and their grades\"). The "
          "configuration and every claim's domain are in summary.json.\n",
          f);
    size_t i;
    json_t *p;
    json_array_foreach(errata, i, p)
        paper_md(f, p);
    int bad = fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0;
    int saved = errno;
    if (fclose(f) != 0 && !bad) {
        bad = 1;
        saved = errno;
    }
    if (bad)
        snprintf(err, (size_t)errlen, "cannot write %s: %s", path, strerror(saved ? saved : EIO));
    return bad ? -1 : 0;
}
