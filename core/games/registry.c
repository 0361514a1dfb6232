/*
 * registry.c -- the one list of every game the verifier knows (see
 * registry.h).  Adding a game: its folder under core/games/ with its
 * game_entry, and one line here.
 */
#include "core/games/registry.h"

#include <stdio.h>
#include <string.h>

/* One line a game: its folder defines game_<name>.  The first is the
 * default game of a command that names none. */
#define GAMES(X)              \
    X(scoring_nim)            \
    X(scoring_nim_subtraction) \
    X(scoring_octal)          \
    X(scoring_kayles)         \
    X(kayles)                 \
    X(nim)                    \
    X(nim_players)            \
    X(nim_players_unranked)   \
    X(restricted_nim)         \
    X(banned_nim)             \
    X(banned_nim_simultaneous) \
    X(unknown_nim)            \
    X(putback_nim)            \
    X(chance_nim)             \
    X(graph)

#define DECLARE(g) extern const game_entry game_##g;
GAMES(DECLARE)
#define ENTRY(g) &game_##g,
const game_entry *const game_registry[] = {GAMES(ENTRY) NULL};

const game_entry *game_find(const char *name)
{
    for (int i = 0; game_registry[i]; i++)
        if (strcmp(game_registry[i]->name, name) == 0)
            return game_registry[i];
    return NULL;
}

const game_entry *game_default(void)
{
    return game_registry[0];
}

const game_entry *game_with_sequence(const char *command)
{
    for (int i = 0; game_registry[i]; i++)
        if (game_registry[i]->sequence && game_registry[i]->sequence->command &&
            strcmp(game_registry[i]->sequence->command, command) == 0)
            return game_registry[i];
    return NULL;
}

int game_option_index(const game_entry *e, const char *name)
{
    for (int i = 0; e->options[i].name; i++)
        if (strcmp(e->options[i].name, name) == 0)
            return i;
    return -1;
}

lane_window game_bonus_window(const game_entry *e, const game_params *p)
{
    if (e->kind != VALUE_MARGIN || e->one_lane)
        return (lane_window){.mlo = 0, .step = 1, .lanes = 1};
    int64_t most = e->sized_by_bound ? (int64_t)p->bound : (int64_t)p->piles * p->bound, w = most + 3;
    return (lane_window){.mlo = -2 * w, .step = 1, .lanes = (int)(4 * w + 1)};
}

const char *game_title(const game_entry *e)
{
    return e->title ? e->title : e->name;
}

const char *game_piece(const game_entry *e)
{
    return e->piece ? e->piece : "stone";
}

const char *game_sizes_text(const game_entry *e, int piles, int bound, char *buf, size_t len)
{
    if (e->sized_by_bound)
        snprintf(buf, len, "bound %d", bound);
    else
        snprintf(buf, len, "%d pile%s, bound %d", piles, piles == 1 ? "" : "s", bound);
    return buf;
}
