/*
 * report_html.h -- report.html, the page a researcher opens (report_html.c).
 */
#ifndef REPORT_HTML_H
#define REPORT_HTML_H

#include <jansson.h>

#include "verifier/output/mismatch_text.h"
#include "verifier/output/run_record.h"

/* Writes dir/report.html for the run (errata: errata_json's document, for
 * the story at the top).  Returns 0, or -1 with a reason. */
int report_html_write(const char *dir, const results_run *run, const json_t *errata, char *err, int errlen);

/* The positions whose whole rows the report draws (the figures of the
 * papers about the sweep's game that lie in it), at most max; returns how
 * many. */
#define REPORT_HTML_MAX_ROWS 8
int report_html_row_ranks(const game_entry *game, const value_table *t, uint64_t *ranks, int max);

#endif
