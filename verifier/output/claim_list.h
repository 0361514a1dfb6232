/*
 * claim_list.h -- `verifier list` (claim_list.c): every claim of the
 * registry with its source, game, statement and domain, as text for
 * people or as one JSON document.
 */
#ifndef CLAIM_LIST_H
#define CLAIM_LIST_H

#include <stdbool.h>
#include <stdio.h>

#include "proofs/claim.h"

/* Prints the claims[0 .. n) (claims NULL: every claim of the registry) on
 * f (a write error stays in ferror(f): main's guard_finish reports it
 * with exit status 4). */
void claim_list_print(FILE *f, bool json, const claim_def *const *claims, int n);
/* The papers and every claim as Markdown tables (`verifier list
 * --markdown`, pasted into docs/claims.md). */
void claim_list_markdown(FILE *f);
/* A text in a Markdown table cell: '|' escaped, on one line. */
void markdown_cell_put(FILE *f, const char *text);

#endif
