/*
 * claim_list.c -- `verifier list`: every claim of the registry, as text
 * (an id line and indented fields) or as a JSON array of objects with
 * the same fields (jansson), or as Markdown tables (docs/claims.md's index
 * of every claim, generated so that it cannot go stale).
 */
#include "verifier/output/claim_list.h"

#include <jansson.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "proofs/claim.h"
#include "verifier/base/json_checked.h"

/* The sizes a family claim takes from the command line ("fixed" ones
 * take none: NULL). */
static const char *sizes_of(const claim_def *c)
{
    return c->check_games && c->sizes_help && strcmp(c->sizes_help, "fixed") != 0 ? c->sizes_help : NULL;
}

static void print_text(FILE *f, const claim_def *c)
{
    fprintf(f, "%s\n    source:    %s\n    game:      %s\n    statement: %s\n    checked:   %s\n", c->id, c->source,
            c->game, c->statement, c->domain);
    fprintf(f, "    proof:     %s\n", claim_truth_text(c->truth));
    if (sizes_of(c))
        fprintf(f, "    sizes:     %s\n", sizes_of(c));
    if (c->reading_of)
        fprintf(f,
                "    reading:   not the paper's intent (that is %s): %s; its verdict sets the exit status only "
                "with --strict-readings\n",
                c->reading_of, c->reading_why);
    if (c->readings)
        fprintf(f, "    parts:     readings of one statement; the claim holds when one of them does\n");
}

/* jansson returns NULL only when out of memory. */
static json_t *claim_entry(const claim_def *c)
{
    json_t *o = jx_must(json_pack("{s:s, s:s, s:s, s:s, s:s}", "id", c->id, "source", c->source, "game", c->game,
                               "statement", c->statement, "checked", c->domain));
    json_t *parts = jx_must(json_array());
    for (int p = 0; c->parts[p]; p++)
        jx_append(parts, json_string(c->parts[p]));
    jx_set(o, "parts", parts);
    jx_set(o, "parts_are_readings", json_boolean(c->readings));
    jx_set(o, "proof", json_string(claim_truth_text(c->truth)));
    jx_set(o, "sizes", sizes_of(c) ? json_string(sizes_of(c)) : json_null());
    jx_set(o, "reading",
           c->reading_of ? json_pack("{s:s, s:s}", "of", c->reading_of, "why", c->reading_why) : json_null());
    return o;
}

void markdown_cell_put(FILE *f, const char *text)
{
    for (const char *p = text; *p; p++) {
        if (*p == '|')
            fputc('\\', f);
        fputc(*p == '\n' ? ' ' : *p, f);
    }
}

void claim_list_markdown(FILE *f)
{
    fprintf(f, "| paper | claims |\n| --- | --- |\n");
    for (int k = 0; claim_papers[k]; k++) {
        int n = 0;
        for (int i = 0; claim_registry[i]; i++)
            n += claim_paper_of(claim_registry[i]->id) == claim_papers[k];
        fprintf(f, "| `%s/*`: ", claim_papers[k]->prefix);
        markdown_cell_put(f, claim_papers[k]->citation);
        fprintf(f, " | %d |\n", n);
    }
    fprintf(f, "\n| claim | game | source | proof |\n| --- | --- | --- | --- |\n");
    for (int i = 0; claim_registry[i]; i++) {
        const claim_def *c = claim_registry[i];
        fprintf(f, "| `%s` | `%s` | ", c->id, c->game);
        markdown_cell_put(f, c->source);
        fprintf(f, " | %s%s |\n", claim_truth_short(c->truth),
                c->reading_of ? "; a reading, not the paper's intent" : "");
    }
}

void claim_list_print(FILE *f, bool json, const claim_def *const *claims, int n)
{
    if (!claims) {
        claims = claim_registry;
        for (n = 0; claim_registry[n]; n++)
            ;
    }
    if (!json)
        for (int i = 0; i < n; i++)
            print_text(f, claims[i]);
    else {
        json_t *all = jx_must(json_array());
        for (int i = 0; i < n; i++)
            jx_append(all, claim_entry(claims[i]));
        /* A write error stays in ferror(f), for the caller's check. */
        jx_print(f, all, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        json_decref(all);
    }
}
