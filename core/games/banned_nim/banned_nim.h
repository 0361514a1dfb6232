/*
 * banned_nim.h -- which bans win in banned-nim with two bans each
 * (Huibers, Section 6.2: Tables 24, 26 and 27), read off a swept table of
 * the game, for the claims on those tables and for `value` (through the
 * registry entry's what_wins).
 *
 * In the order 1-2-1-2 player 1 bans x, player 2 bans b1, player 1 bans y,
 * player 2 bans b2, then Nim.  A pair "x+y" wins when it wins whatever
 * player 2 bans in between (player 1 may as well make both bans first); a
 * first ban "x*" wins only when the second ban answers player 2's ("In
 * these cases the second ban for the first player is dependent of the
 * move that was banned by the second player"); a lone number x stands for
 * every pair x+y.  In the order 1-1-2-2 player 1 bans x and y before
 * player 2 bans anything: the pairs after which player 2, to ban, loses.
 */
#ifndef BANNED_NIM_H
#define BANNED_NIM_H

#include <stdbool.h>
#include <stddef.h>

#include "core/engine/table.h"

#define BAN_ANALYSIS_K_MAX 12

typedef struct {
    int k, pile;
    bool adaptive;   /* order 1-2-1-2: player 2 bans between x and y */
    /* After x, b1 and y, whether player 1 wins whatever player 2's last
     * ban (order 1-1-2-2: the same for every b1). */
    bool wins[BAN_ANALYSIS_K_MAX + 1][BAN_ANALYSIS_K_MAX + 1][BAN_ANALYSIS_K_MAX + 1];
    /* Whether the first ban x wins (the second chosen after b1), the pairs
     * that win whatever b1 (x != y, symmetric), and the first bans that
     * win only with the second chosen after b1. */
    bool first[BAN_ANALYSIS_K_MAX + 1], pair[BAN_ANALYSIS_K_MAX + 1][BAN_ANALYSIS_K_MAX + 1];
    bool star[BAN_ANALYSIS_K_MAX + 1];
} ban_analysis;

/* The bans that win on `pile` chips in t (swept, of banned-nim with two
 * bans each in the order 1-2-1-2 or 1-1-2-2).  Returns 0, or -1 when t's
 * game is not such a game or the pile is beyond its table. */
int ban_analyse(const value_table *t, int pile, ban_analysis *a);
/* Whether some first ban wins. */
bool ban_any_first(const ban_analysis *a);
/* The bans that win in the tables' notation: "1+2 or 2+3 or 4*", "-"
 * (none); appended to out (len bytes: a text that does not fit stops the
 * run). */
void ban_winning_text(const ban_analysis *a, char *out, size_t len);
/* The second bans y that win after x and b1: "x+y or x+z" ("-": none). */
void ban_answers_text(const ban_analysis *a, int x, int b1, char *out, size_t len);
/* Each first ban that wins, with the second bans that answer each ban of
 * player 2: "1 (if player 2 bans 1: 1+2 or 1+4; ...), 2 (...)" ("none"). */
void ban_first_bans_text(const ban_analysis *a, char *out, size_t len);

#endif
