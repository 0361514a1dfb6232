/*
 * nim_tables.h -- Scoring Nim tables for the tests and the bench: the
 * game built on the heap with the table, and freed with it.
 */
#ifndef NIM_TABLES_H
#define NIM_TABLES_H

#include <stdint.h>

#include "core/engine/table.h"
#include "core/games/scoring_nim/scoring_nim.h"

/* The positions of a Scoring Nim table. */
#define SHAPE(t) (&scoring_nim_of((t)->game)->base.shape)

/* A table of Scoring Nim, a stone worth `stone` (2: the doubled units;
 * 2b for bonuses of denominator b), with options o (o->win the window).
 * Returns table_create's result (0, or -1 with its reason). */
int nim_create(value_table *t, int piles, int bound, int64_t stone, const table_opts *o, char *err, int errlen);
/* The same with the game's default options for the window. */
int nim_create_default(value_table *t, int piles, int bound, lane_window win, char *err, int errlen);
/* The table and its game. */
void nim_free(value_table *t);

#endif
