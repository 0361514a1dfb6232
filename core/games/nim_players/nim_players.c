/*
 * nim_players.c -- Nim for N players as in Huibers' thesis: ranked
 * (Section 4.5, nim-players, VALUE_PLAYERS) and without a ranking
 * (Section 4.6, nim-players-unranked, VALUE_CHOICE): two games on the
 * engine, one folder.
 *
 * Rules.  N >= 2 players move in a fixed order.  Positions are the
 * multisets of `piles` piles of at most `bound` chips (empty piles
 * allowed).  A move takes from 1 to k chips from one pile (--max-move k;
 * any number without it).  The thesis' ranking (Section 4.5): "The first
 * player who is unable to make a move will get the worst ranking and is
 * the biggest loser.  The player who actually made the final move will get
 * the best ranking and is the biggest winner.  The other rankings are
 * based on how close a player was to making the final move."  Each player
 * plays for his best rank, which the engine's ranking rule
 * (game_players_ranking) computes: a position's outcome says who makes
 * the last move, counted from the player to move (1 the mover, 2 the
 * next, ..., 0 the player before the mover: so 0 where no move is left),
 * the thesis' Table 8 numbering.
 *
 * --restriction previous: "a player is not allowed to take the same
 * number of chips that the player before him took" (4.5; nothing is
 * restricted on the first move): the position then carries the number
 * the player to move may not take (pile_game.h tags, written "5 (3)").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/choice.h"
#include "core/engine/pile_game.h"
#include "core/engine/xalloc.h"
#include "core/games/game_options.h"
#include "core/games/registry.h"

typedef struct {
    pile_game base;     /* first: the description and the positions */
    int max_move;       /* 0: any number */
    bool previous;      /* the number just taken is forbidden next */
} nim_players;

static int moves(const void *data, uint64_t rank, game_move *out)
{
    const nim_players *g = data;
    const ms_shape *shape = &g->base.shape;
    int a[MS_MAX_SLOTS], child[MS_MAX_SLOTS], count = 0, r = pile_game_tag(&g->base, rank);
    ms_unrank(shape, pile_game_multiset(&g->base, rank), a);
    for (int i = 0; i < shape->piles; i++) {
        if (a[i] == 0 || (i > 0 && a[i] == a[i - 1]))
            continue;
        /* The new size from the smallest up, taking at most max_move. */
        int lowest = g->max_move && a[i] > g->max_move ? a[i] - g->max_move : 0;
        for (int to = lowest; to < a[i]; to++) {
            int x = a[i] - to;
            if (x == r)
                continue;
            ms_apply(shape, a, a[i], to, child);
            uint64_t next = ms_rank_sorted(shape, child) * (uint64_t)g->base.tags;
            out[count++] = (game_move){.child = next + (uint64_t)(g->previous ? x : 0)};
        }
    }
    return count;
}

/* A whole number option in [lo, hi] (NULL: dflt). */
static int whole(const char *game, const char *text, const char *name, int lo, int hi, int dflt, int *out, char *err,
                 int errlen)
{
    if (!text) {
        *out = dflt;
        return 0;
    }
    long long v;
    if (game_parse_whole(text, text + strlen(text), lo, hi, &v) != 0) {
        snprintf(err, (size_t)errlen, "%s: --%s must be a whole number %d..%d, got '%.40s'", game, name, lo, hi,
                 text);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* Both games: nim-players (VALUE_PLAYERS) or nim-players-unranked
 * (VALUE_CHOICE). */
static game_desc *build_kind(const game_params *p, value_kind kind, char *err, int errlen)
{
    nim_players *g = xcalloc(1, sizeof *g, "a game");
    int players;
    const char *name = kind == VALUE_CHOICE ? "nim-players-unranked" : "nim-players";
    const char *restriction = p->option[2];
    if (restriction && strcmp(restriction, "none") != 0 && strcmp(restriction, "previous") != 0) {
        snprintf(err, (size_t)errlen, "%s: --restriction must be none or previous, got '%.40s'", name, restriction);
        free(g);
        return NULL;
    }
    const char *reading = kind == VALUE_CHOICE ? p->option[3] : NULL;
    if (reading && strcmp(reading, "chances") != 0 && strcmp(reading, "best") != 0) {
        snprintf(err, (size_t)errlen, "%s: --reading must be chances or best, got '%.40s'", name, reading);
        free(g);
        return NULL;
    }
    g->previous = restriction && strcmp(restriction, "previous") == 0;
    if (whole(name, p->option[0], "players", 2, 16, 3, &players, err, errlen) != 0 ||
        whole(name, p->option[1], "max-move", 1, MS_MAX_BOUND, 0, &g->max_move, err, errlen) != 0 ||
        pile_game_init(&g->base, name, kind, p->piles, p->bound, err, errlen) != 0) {
        free(g);
        return NULL;
    }
    /* The numbers the player to move may be forbidden: 0 (none) and every
     * take. */
    int takes = g->max_move ? g->max_move : p->bound;
    if (g->previous && pile_game_set_tags(&g->base, takes + 1, err, errlen) != 0) {
        pile_game_destroy(&g->base.game);
        return NULL;
    }
    game_desc *d = &g->base.game;
    d->max_moves = g->base.shape.max_total > 0 ? g->base.shape.max_total : 1;
    d->moves = moves;
    d->players = players;
    if (kind == VALUE_PLAYERS)
        d->choose = game_players_ranking;
    else
        d->choice_rule = reading && strcmp(reading, "best") == 0 ? CHOICE_BEST_CHANCE : CHOICE_KEEP_CHANCES;
    return d;
}

static game_desc *build(const game_params *p, char *err, int errlen)
{
    return build_kind(p, VALUE_PLAYERS, err, errlen);
}

static game_desc *build_unranked(const game_params *p, char *err, int errlen)
{
    return build_kind(p, VALUE_CHOICE, err, errlen);
}

static const game_sample samples[] = {{{"3", "3"}},         {{"2", NULL}},           {{"5", "4"}},
                                      {{"4", "2"}},         {{NULL, "1"}},           {{"3", "3", "previous"}},
                                      {{"4", "5", "previous"}}, {{"2", NULL, "previous"}}};

const game_entry game_nim_players = {
    .name = "nim-players",
    .summary = "N players in turn; a move takes from 1 to k chips from one pile (any number without --max-move), "
               "never (--restriction previous) the number the player before took",
    .ending = "the player who cannot move ranks last, the one who made the last move first, the others by how "
              "close they moved to the end (Huibers, Section 4.5); the outcome says who makes the last move, "
              "counted from the player to move (1 the mover, 2 the next, ..., 0 the player before the mover)",
    .kind = VALUE_PLAYERS,
    .options = {{"players", "the number of players N, 2..16 (default 3)"},
                {"max-move", "the most chips a move may take, k, 1..65536 (default: any number)"},
                {"restriction", "none (default) or previous: the number of chips the player before took may not "
                                "be taken (Huibers 4.5)"}},
    .config_key = "nim_players",
    .layout = "the outcome (who makes the last move, counted from the player to move) as one byte; positions in "
              "colex rank order of their ascending piles, each followed (--restriction previous) by its "
              "forbidden numbers 0..k",
    .build = build,
    .destroy = pile_game_destroy,
    .rank_of_piles = pile_game_rank_of_piles,
    .piles_of = pile_game_piles_of,
    .samples = samples,
    .nsamples = (int)(sizeof samples / sizeof *samples),
};

static const game_sample unranked_samples[] = {
    {{"3", "3", "previous", NULL}}, {{"3", "3", NULL, NULL}},         {{"3", "4", "previous", "best"}},
    {{"2", "3", "previous", NULL}}, {{"4", "3", "previous", NULL}},   {{"3", NULL, NULL, "best"}},
};

const game_entry game_nim_players_unranked = {
    .name = "nim-players-unranked",
    .summary = "N players in turn; a move takes from 1 to k chips from one pile (any number without --max-move), "
               "never (--restriction previous) the number the player before took; no ranking (Huibers 4.6)",
    .ending = "the player who makes the last move wins, the others lose alike; the value says who wins as a tree "
              "of choices: a player who cannot win chooses between the outcomes in which he may still win (or, "
              "if none, between all), players counted from the player to move (P1 the mover, P2 the next, ...)",
    .kind = VALUE_CHOICE,
    .options = {{"players", "the number of players N, 2..16 (default 3)"},
                {"max-move", "the most chips a move may take, k, 1..65536 (default: any number)"},
                {"restriction", "none (default) or previous: the number of chips the player before took may not "
                                "be taken (Huibers 4.5, 4.6)"},
                {"reading", "chances (default): a player who cannot win keeps every outcome in which he may still "
                            "win; best: only those where his chance is greatest were every later choice made at "
                            "random"}},
    .config_key = "nim_players_unranked",
    .layout = "the code of a tree of choices (4 bytes) a position, the trees in a DAG; positions in colex rank "
              "order of their ascending piles, each followed (--restriction previous) by its forbidden numbers 0..k",
    .build = build_unranked,
    .destroy = pile_game_destroy,
    .rank_of_piles = pile_game_rank_of_piles,
    .piles_of = pile_game_piles_of,
    .samples = unranked_samples,
    .nsamples = (int)(sizeof unranked_samples / sizeof *unranked_samples),
};
