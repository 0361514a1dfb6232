/*
 * registry.c -- the one list of every game the verifier knows (see
 * registry.h).  Adding a game: its folder under core/games/ with its
 * game_entry, and one line here.
 */
#include "core/games/registry.h"

#include <string.h>

/* One line a game: its folder defines game_<name>. */
#define GAMES(X)              \
    X(scoring_nim)            \
    X(scoring_nim_subtraction) \
    X(scoring_octal)          \
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

int game_option_index(const game_entry *e, const char *name)
{
    for (int i = 0; e->options[i].name; i++)
        if (strcmp(e->options[i].name, name) == 0)
            return i;
    return -1;
}
