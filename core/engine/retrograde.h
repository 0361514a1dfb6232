/*
 * retrograde.h -- win, loss or draw for games whose positions may repeat
 * (GAME_CYCLIC, VALUE_DRAW), by retrograde analysis: from the positions
 * with no move backwards along the moves, a position is a win as soon as
 * one child is a loss, a loss once every child is a win, and a draw when
 * neither is ever settled (play can go on for ever).
 */
#ifndef RETROGRADE_H
#define RETROGRADE_H

#include <stdint.h>

#include "core/engine/table.h"

/* Fills every outcome of t (one step of its sweep). */
void retrograde_run(value_table *t);

#endif
