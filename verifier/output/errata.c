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

/* A kept mismatch as an erratum: where (and N), the reading it belongs
 * to (a claim of readings), stated, computed, witness. */
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

/* A claim that FAILS.  A printed table's mismatches are its errata, one a
 * cell (or a printed symbol no cell holds), listed up to ERRATA_LISTED; a
 * statement's are counterexamples of the parts that fail, each part named
 * with its first ERRATA_EXAMPLES. */
static json_t *erratum_claim(const results_run *run, const claim_def *c, const claim_report *r)
{
    uint64_t all = sum(r->mismatches, r->nparts);
    bool table = r->ngrids > 0;
    json_t *o = jx_must(json_pack("{s:s, s:s, s:s, s:s, s:I}", "claim", c->id, "kind", table ? "table" : "statement",
                               "source", c->source, "statement", c->statement, "mismatches", (json_int_t)all));
    if (table) {
        json_t *listed = jx_must(json_array());
        for (int k = 0; k < r->nkept && k < ERRATA_LISTED; k++)
            jx_append(listed, mismatch_json(run, c, r, &r->kept[k]));
        jx_set(o, "listed", listed);
        return o;
    }
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
    jx_set(o, "parts", parts);
    return o;
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

json_t *errata_json(const results_run *run)
{
    json_t *papers = jx_must(json_array());
    for (int k = 0; claim_papers[k].prefix; k++) {
        const claim_paper *paper = &claim_papers[k];
        json_t *errata = jx_must(json_array()), *readings = jx_must(json_array()), *unrefuted = jx_must(json_array()),
               *open = jx_must(json_array()), *holds = jx_must(json_array());
        int claims = 0;
        for (int i = 0; i < run->nclaims; i++) {
            const claim_def *c = run->claims[i];
            const claim_report *r = &run->reports[i];
            if (claim_paper_of(c->id) != paper)
                continue;
            claims++;
            claim_status s = claim_verdict(r);
            if (s == CLAIM_FAILS && !c->reading_of)
                jx_append(errata, erratum_claim(run, c, r));
            else if (s == CLAIM_FAILS)
                jx_append(readings, reading_claim(run, c, r));
            else if (s == CLAIM_GARBLED || s == CLAIM_EMPTY)
                jx_append(unrefuted, unrefuted_claim(c, r, s));
            else if (s == CLAIM_HOLDS || s == CLAIM_CERTIFIED)
                jx_append(holds, jx_must(json_pack("{s:s, s:s, s:s}", "claim", c->id, "status", claim_status_name(s),
                                                "proof", claim_truth_short(c->truth))));
            else if (s == CLAIM_OBSERVED || s == CLAIM_UNDECIDED)
                jx_append(open, jx_must(json_pack("{s:s, s:s, s:s}", "claim", c->id, "status", claim_status_name(s),
                                               "statement", c->statement)));
        }
        if (claims == 0) {
            json_decref(errata);
            json_decref(readings);
            json_decref(unrefuted);
            json_decref(open);
            json_decref(holds);
            continue;
        }
        jx_append(papers, jx_must(json_pack("{s:s, s:s, s:s?, s:i, s:o, s:o, s:o, s:o, s:o}", "paper", paper->prefix,
                                         "citation", paper->citation, "notation", paper->notation, "claims", claims,
                                         "errata", errata, "readings", readings, "not_refuted", unrefuted, "open",
                                         open, "holds", holds)));
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
    fputs("\n### Errata\n\n", f);
    if (json_array_size(errata) == 0)
        fputs("None: no statement or printed cell of this paper fails as the paper means it.\n", f);
    json_array_foreach(errata, i, c) {
        fputs("- **`", f);
        fputs(str(c, "claim"), f);
        fputs("`** (", f);
        md(f, str(c, "source"));
        fputs("): ", f);
        md(f, str(c, "statement"));
        long long all = num(c, "mismatches");
        size_t k;
        json_t *m;
        if (strcmp(str(c, "kind"), "table") == 0) {
            size_t listed = json_array_size(json_object_get(c, "listed"));
            fprintf(f, " **FAILS**: %lld errat%s%s.\n", all, all == 1 ? "um" : "a",
                    (long long)listed < all ? " (the first listed; every one in mismatches.csv)" : "");
            json_array_foreach(json_object_get(c, "listed"), k, m)
                mismatch_md(f, m);
            if ((long long)listed < all)
                fprintf(f, "  - and %lld more\n", all - (long long)listed);
            continue;
        }
        fputs(" **FAILS**:\n", f);
        json_array_foreach(json_object_get(c, "parts"), k, m) {
            long long n = num(m, "mismatches");
            size_t listed = json_array_size(json_object_get(m, "listed"));
            fputs("  - as printed: ", f);
            md(f, str(m, "part"));
            fprintf(f, ": %lld counterexample%s%s\n", n, n == 1 ? "" : "s",
                    (long long)listed < n ? ", the first ones (mismatches.csv lists more)" : "");
            size_t e;
            json_t *x;
            json_array_foreach(json_object_get(m, "listed"), e, x) {
                fputs("  ", f);
                mismatch_md(f, x);
            }
        }
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
                    "extracted text explains them, %lld undecided.\n",
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
          "or decided (never counted either way), and what the search left open. A printed table's cell is an "
          "erratum only where it is read cleanly (docs/claims.md, \"How a printed table is read\"). The "
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
