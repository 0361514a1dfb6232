/*
 * banned_nim.c -- Nim on one pile after the players ban moves for each
 * other, as in Huibers' thesis (Strategies for Restricted Nim, 2018),
 * Section 6.2: two games on the engine, one folder.
 *
 * Rules.  "Both players will be allowed to ban a certain number of moves
 * for their opponent, they will not be allowed to make these moves during
 * the entire game of Nim played afterwards.  The players do know the
 * number of piles and number of chips on these piles before deciding which
 * moves they want to ban ...  players have knowledge over which moves have
 * already been banned.  Players are allowed to ban the same moves as their
 * opponent."  Player 1 makes the first move of the Nim game, which is
 * played on one pile of n chips: a move takes 1..k chips (--max-move),
 * never one the mover is banned from, and (--restriction previous, 6.2.1)
 * never the number the other player just took; the player who cannot move
 * loses.  A player bans numbers in 1..k, each at most once for the same
 * opponent (banning it again would be no ban).
 *
 *   banned-nim               the bans are made one after another in the
 *                            order --order (6.2: "1-2-1-2", "2-1-1-2",
 *                            "1-1-2-2" ...; 1 is the player who moves first
 *                            in the Nim game); win or loss for the player to
 *                            move (VALUE_DRAW, acyclic: no draw can occur).
 *   banned-nim-simultaneous  each player chooses all of his --bans numbers
 *                            at once, neither seeing the other's (6.2.2): a
 *                            matrix game, then the Nim game; the exact
 *                            probability that the player to move wins
 *                            (VALUE_MATRIX).
 *
 * Positions.  A position is the pile, the numbers each player is banned
 * from (sets of at most his opponent's number of bans, ranked densely),
 * and the stage: a Nim position (whose move, the restricted number), a
 * ban to be made (how many were made), the start of the simultaneous
 * bans, or a pass.  The engine's values assume the players alternate; where
 * the same player acts twice running (two bans in a row, or the last ban
 * and the first move of the Nim game by player 1) the other player makes a
 * pass in between, a position with one move, which leaves every value as
 * it is.  Layers: within a pile, the Nim positions first, then the bans
 * from the last to the first; piles in increasing order.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "core/games/banned_nim/banned_nim.h"
#include "core/games/game_options.h"
#include "core/games/registry.h"

#define BAN_MAX_MOVE 12
#define BAN_MAX_BANS 12
#define BAN_MAX_PILE 100000

typedef struct {
    game_desc game;           /* first: the description                 */
    int bound, k;
    bool previous, simultaneous;
    int order[BAN_MAX_BANS];  /* who bans at each step: 0 player 1, 1 player 2 */
    int nbans;
    int bans_by[2];           /* bans each player makes (for the other)   */
    /* The sets player p may be banned from: every subset of 1..k of at
     * most bans_by[1-p] numbers, as bit masks (bit x-1: x), and back. */
    int nsets[2];
    int *mask[2];
    int *index_of[2];
    int tags;                 /* restricted numbers: k+1, or 1            */
    uint64_t nim, bans, passes, per_pile;  /* positions of one pile      */
    uint64_t layers_per_pile;
} banned_nim;

/* ---- ranks: pile * per_pile + a local index ---- */

typedef enum { STAGE_NIM, STAGE_BAN, STAGE_PASS, STAGE_START } stage_kind;

typedef struct {
    int pile;
    stage_kind stage;
    int mover;     /* STAGE_NIM: who moves (0: player 1)                 */
    int r;         /* STAGE_NIM: the restricted number (0: none)         */
    int step;      /* STAGE_BAN: bans made; STAGE_PASS: bans made (the
                      pass comes before the next act; simultaneous: 0)  */
    int set[2];    /* the indices of the sets each player is banned from */
} ban_pos;

static uint64_t pair_index(const banned_nim *g, const int *set)
{
    return (uint64_t)set[0] * (uint64_t)g->nsets[1] + (uint64_t)set[1];
}

static uint64_t banned_rank_of(const banned_nim *g, const ban_pos *p)
{
    uint64_t pairs = (uint64_t)g->nsets[0] * (uint64_t)g->nsets[1], local;
    switch (p->stage) {
    case STAGE_NIM:
        local = (((uint64_t)p->mover * (uint64_t)g->tags + (uint64_t)p->r) * pairs) + pair_index(g, p->set);
        break;
    case STAGE_BAN:
        local = g->nim + (uint64_t)p->step * pairs + pair_index(g, p->set);
        break;
    case STAGE_PASS:
        /* Sequential: the pass before act `step` (1..nbans); simultaneous:
         * the one pass after the bans (step 0). */
        local = g->nim + g->bans + (uint64_t)(g->simultaneous ? 0 : p->step - 1) * pairs + pair_index(g, p->set);
        break;
    default:
        local = g->nim + g->bans + g->passes;
        break;
    }
    return (uint64_t)p->pile * g->per_pile + local;
}

static ban_pos position_of(const banned_nim *g, uint64_t rank)
{
    uint64_t pairs = (uint64_t)g->nsets[0] * (uint64_t)g->nsets[1];
    ban_pos p = {.pile = (int)(rank / g->per_pile)};
    uint64_t local = rank % g->per_pile;
    if (local < g->nim) {
        p.stage = STAGE_NIM;
        uint64_t front = local / pairs;
        p.mover = (int)(front / (uint64_t)g->tags);
        p.r = (int)(front % (uint64_t)g->tags);
    } else if ((local -= g->nim) < g->bans) {
        p.stage = STAGE_BAN;
        p.step = (int)(local / pairs);
    } else if ((local -= g->bans) < g->passes) {
        p.stage = STAGE_PASS;
        p.step = g->simultaneous ? 0 : (int)(local / pairs) + 1;
    } else {
        p.stage = STAGE_START;
        return p;
    }
    p.set[0] = (int)(local % pairs / (uint64_t)g->nsets[1]);
    p.set[1] = (int)(local % (uint64_t)g->nsets[1]);
    return p;
}

/* Who acts at a position (0: player 1): the engine's "player to move". */
static int actor(const banned_nim *g, const ban_pos *p)
{
    switch (p->stage) {
    case STAGE_NIM:
        return p->mover;
    case STAGE_BAN:
        return g->order[p->step];
    case STAGE_PASS:
        /* The other of the one who acts next. */
        return g->simultaneous || p->step == g->nbans ? 1 : 1 - g->order[p->step];
    default:
        return 0;
    }
}

static uint64_t layer_of(const banned_nim *g, const ban_pos *p)
{
    uint64_t base = (uint64_t)p->pile * g->layers_per_pile;
    if (g->simultaneous)
        return base + (p->stage == STAGE_NIM ? 0 : p->stage == STAGE_PASS ? 1 : 2);
    switch (p->stage) {
    case STAGE_NIM:
        return base;
    case STAGE_BAN:
        return base + 2 * (uint64_t)(g->nbans - p->step);
    default:
        return base + 2 * (uint64_t)(g->nbans - p->step) + 1;
    }
}

/* ---- moves ---- */

/* The position after the bans are all made: player 1 to move. */
static ban_pos nim_start(const ban_pos *p)
{
    return (ban_pos){.pile = p->pile, .stage = STAGE_NIM, .mover = 0, .r = 0, .set = {p->set[0], p->set[1]}};
}

/* Where the game goes once `step` bans are made, after an act of
 * `last` (0: player 1): the next act, or a pass first when its actor is
 * `last` again. */
static ban_pos next_act(const banned_nim *g, const ban_pos *p, int step, int last)
{
    int next = step < g->nbans ? g->order[step] : 0;
    ban_pos q = {.pile = p->pile, .set = {p->set[0], p->set[1]}, .step = step};
    if (next == last)
        q.stage = STAGE_PASS;
    else if (step < g->nbans)
        q.stage = STAGE_BAN;
    else
        q = nim_start(p);
    return q;
}

static int nim_moves(const banned_nim *g, const ban_pos *p, uint64_t *out)
{
    int n = 0, banned = g->mask[p->mover][p->set[p->mover]];
    for (int x = 1; x <= g->k && x <= p->pile; x++) {
        if ((banned >> (x - 1)) & 1 || (g->previous && x == p->r))
            continue;
        ban_pos q = {.pile = p->pile - x, .stage = STAGE_NIM, .mover = 1 - p->mover, .r = g->previous ? x : 0,
                     .set = {p->set[0], p->set[1]}};
        out[n++] = banned_rank_of(g, &q);
    }
    return n;
}

/* The children of a position, in a fixed order (a pass: one). */
static int children(const banned_nim *g, uint64_t rank, uint64_t *out)
{
    ban_pos p = position_of(g, rank);
    switch (p.stage) {
    case STAGE_NIM:
        return nim_moves(g, &p, out);
    case STAGE_BAN: {
        /* The banner bans x for his opponent, who is not banned from it yet. */
        int banner = g->order[p.step], victim = 1 - banner, n = 0;
        int have = g->mask[victim][p.set[victim]];
        /* A ban state no game reaches (the victim already banned from as
         * many numbers as the banner may ban): the ban is skipped, so that
         * every rank stays a position. */
        if (__builtin_popcount((unsigned)have) >= g->bans_by[banner]) {
            ban_pos q = next_act(g, &p, p.step + 1, banner);
            out[0] = banned_rank_of(g, &q);
            return 1;
        }
        for (int x = 1; x <= g->k; x++) {
            if ((have >> (x - 1)) & 1)
                continue;
            ban_pos q = p;
            q.set[victim] = g->index_of[victim][have | 1 << (x - 1)];
            q = next_act(g, &q, p.step + 1, banner);
            out[n++] = banned_rank_of(g, &q);
        }
        return n;
    }
    case STAGE_PASS: {
        ban_pos q = g->simultaneous || p.step == g->nbans ? nim_start(&p) : p;
        if (q.stage == STAGE_PASS)
            q.stage = STAGE_BAN;
        out[0] = banned_rank_of(g, &q);
        return 1;
    }
    default:
        return 0; /* the start of simultaneous bans: matrices() */
    }
}

static int matrices(const void *data, uint64_t rank, game_matrix *out, uint64_t *cells);

/* Plain moves: the children (the start of simultaneous bans: every cell
 * of its matrix). */
static int moves(const void *data, uint64_t rank, game_move *out)
{
    const banned_nim *g = data;
    uint64_t *child = xmalloc(sizeof *child * (size_t)g->game.max_cells, "a move list");
    game_matrix opt[BAN_MAX_MOVE + 1];
    int n = children(g, rank, child);
    if (position_of(g, rank).stage == STAGE_START)
        n = matrices(data, rank, opt, child) ? opt[0].rows * opt[0].cols : 0;
    for (int i = 0; i < n; i++)
        out[i] = (game_move){.child = child[i]};
    free(child);
    return n;
}

/* Every set of exactly `size` numbers a player may be banned from. */
static int full_sets(const banned_nim *g, int p, int *out)
{
    int n = 0;
    for (int i = 0; i < g->nsets[p]; i++)
        if (__builtin_popcount((unsigned)g->mask[p][i]) == g->bans_by[1 - p])
            out[n++] = i;
    return n;
}

/* Simultaneous bans: the start is one matrix, player 1's choices (the
 * sets player 2 is banned from) by player 2's; every other position's
 * moves are 1 x 1 options. */
static int matrices(const void *data, uint64_t rank, game_matrix *out, uint64_t *cells)
{
    const banned_nim *g = data;
    ban_pos p = position_of(g, rank);
    if (p.stage != STAGE_START) {
        int n = children(g, rank, cells);
        for (int i = 0; i < n; i++)
            out[i] = (game_matrix){.rows = 1, .cols = 1, .first = i};
        return n;
    }
    int *rows = xmalloc(sizeof *rows * (size_t)g->nsets[1], "a matrix"), *cols = xmalloc(sizeof *cols * (size_t)g->nsets[0], "a matrix");
    int nr = full_sets(g, 1, rows), nc = full_sets(g, 0, cols);
    for (int i = 0; i < nr; i++)
        for (int j = 0; j < nc; j++) {
            /* After the bans player 1 moves first: player 2 passes. */
            ban_pos q = {.pile = p.pile, .stage = STAGE_PASS, .set = {cols[j], rows[i]}};
            cells[i * nc + j] = banned_rank_of(g, &q);
        }
    free(rows);
    free(cols);
    out[0] = (game_matrix){.rows = nr, .cols = nc, .first = 0};
    return 1;
}

/* ---- positions as the engine walks them, and as text ---- */

static void each_position(const void *data, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx)
{
    const banned_nim *g = data;
    uint64_t count = (uint64_t)(g->bound + 1) * g->per_pile;
    for (uint64_t r = 0; r < count; r++) {
        ban_pos p = position_of(g, r);
        fn(ctx, r, layer_of(g, &p));
    }
}

static int set_text(const banned_nim *g, int p, int index, char *buf, size_t len)
{
    int mask = g->mask[p][index], used = 0;
    if (!mask)
        return snprintf(buf, len, "nothing");
    for (int x = 1; x <= g->k; x++)
        if ((mask >> (x - 1)) & 1)
            used += snprintf(buf + used, (size_t)used < len ? len - (size_t)used : 0, "%s%d", used ? "," : "", x);
    return used;
}

static int format(const void *data, uint64_t rank, char *buf, int len)
{
    const banned_nim *g = data;
    ban_pos p = position_of(g, rank);
    char a[64] = "", b[64] = "", stage[96];
    if (p.stage != STAGE_START) {
        set_text(g, 0, p.set[0], a, sizeof a);
        set_text(g, 1, p.set[1], b, sizeof b);
    }
    switch (p.stage) {
    case STAGE_NIM:
        if (g->previous && p.r)
            snprintf(stage, sizeof stage, "player %d to move, %d restricted", p.mover + 1, p.r);
        else
            snprintf(stage, sizeof stage, "player %d to move", p.mover + 1);
        break;
    case STAGE_BAN:
        snprintf(stage, sizeof stage, "ban %d of %d by player %d", p.step + 1, g->nbans, g->order[p.step] + 1);
        break;
    case STAGE_PASS:
        snprintf(stage, sizeof stage, "player %d passes", actor(g, &p) + 1);
        break;
    default:
        return snprintf(buf, (size_t)(len > 0 ? len : 0), "%d (bans to be chosen at once)", p.pile);
    }
    return snprintf(buf, (size_t)(len > 0 ? len : 0), "%d (%s; player 1 may not take %s, player 2 %s)", p.pile, stage,
                    a, b);
}

/* ---- options ---- */

/* "1-2-1-2": who bans at each step. */
static int read_order(banned_nim *g, const char *text, char *err, int errlen)
{
    const char *t = text ? text : "1-2-1-2";
    g->nbans = 0;
    for (const char *c = t; *c; c++) {
        bool player = (*c == '1' || *c == '2') && (c[1] == '\0' || c[1] == '-');
        if (!player || g->nbans == BAN_MAX_BANS) {
            snprintf(err, (size_t)errlen,
                     "banned-nim: --order must be 1s and 2s joined by '-' (\"1-2-1-2\"), at most %d, got '%.40s'",
                     BAN_MAX_BANS, t);
            return -1;
        }
        g->order[g->nbans++] = *c - '1';
        if (c[1] == '-' && c[2] != '\0')
            c++;
        else if (c[1] == '-') {
            snprintf(err, (size_t)errlen, "banned-nim: --order ends with '-': '%.40s'", t);
            return -1;
        }
    }
    if (g->nbans == 0) {
        snprintf(err, (size_t)errlen, "banned-nim: --order is empty");
        return -1;
    }
    return 0;
}

static int read_whole(const char *text, const char *name, int lo, int hi, int dflt, int *out, char *err, int errlen)
{
    long long v = dflt;
    if (text && game_parse_whole(text, text + strlen(text), lo, hi, &v) != 0) {
        snprintf(err, (size_t)errlen, "banned-nim: --%s must be a whole number %d..%d, got '%.40s'", name, lo, hi, text);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* The sets of at most `most` numbers of 1..k, densely. */
static void rank_sets(banned_nim *g, int p, int most)
{
    int all = 1 << g->k;
    g->mask[p] = xmalloc(sizeof *g->mask[p] * (size_t)all, "a game");
    g->index_of[p] = xmalloc(sizeof *g->index_of[p] * (size_t)all, "a game");
    g->nsets[p] = 0;
    for (int m = 0; m < all; m++) {
        g->index_of[p][m] = -1;
        if (__builtin_popcount((unsigned)m) <= most) {
            g->index_of[p][m] = g->nsets[p];
            g->mask[p][g->nsets[p]++] = m;
        }
    }
}

static void destroy(game_desc *d)
{
    if (!d)
        return;
    banned_nim *g = d->data;
    for (int p = 0; p < 2; p++) {
        free(g->mask[p]);
        free(g->index_of[p]);
    }
    free(g);
}

static game_desc *build_banned_game(const game_params *prm, bool simultaneous, char *err, int errlen)
{
    banned_nim *g = xcalloc(1, sizeof *g, "a game");
    g->simultaneous = simultaneous;
    const char *name = simultaneous ? "banned-nim-simultaneous" : "banned-nim";
    const char *rtext = prm->option[2];
    if (rtext && strcmp(rtext, "none") != 0 && strcmp(rtext, "previous") != 0) {
        snprintf(err, (size_t)errlen, "%s: --restriction must be none or previous, got '%.40s'", name, rtext);
        free(g);
        return NULL;
    }
    g->previous = rtext && strcmp(rtext, "previous") == 0;
    if (read_whole(prm->option[0], "max-move", 1, BAN_MAX_MOVE, 5, &g->k, err, errlen) != 0) {
        free(g);
        return NULL;
    }
    if (simultaneous) {
        int bans;
        if (read_whole(prm->option[1], "bans", 1, BAN_MAX_BANS / 2, 2, &bans, err, errlen) != 0) {
            free(g);
            return NULL;
        }
        g->bans_by[0] = g->bans_by[1] = bans;
    } else {
        if (read_order(g, prm->option[1], err, errlen) != 0) {
            free(g);
            return NULL;
        }
        for (int i = 0; i < g->nbans; i++)
            g->bans_by[g->order[i]]++;
    }
    if (prm->piles != 1 || prm->bound < 0 || prm->bound > BAN_MAX_PILE) {
        snprintf(err, (size_t)errlen, "%s: one pile of 0..%d chips (--piles 1), got %d piles of %d", name, BAN_MAX_PILE,
                 prm->piles, prm->bound);
        free(g);
        return NULL;
    }
    if (g->bans_by[0] > g->k || g->bans_by[1] > g->k) {
        snprintf(err, (size_t)errlen, "%s: a player cannot ban more numbers than the %d a move may take", name, g->k);
        free(g);
        return NULL;
    }
    g->bound = prm->bound;
    /* Player p is banned from what the other one bans. */
    rank_sets(g, 0, g->bans_by[1]);
    rank_sets(g, 1, g->bans_by[0]);
    g->tags = g->previous ? g->k + 1 : 1;
    uint64_t pairs = (uint64_t)g->nsets[0] * (uint64_t)g->nsets[1];
    g->nim = 2 * (uint64_t)g->tags * pairs;
    g->bans = simultaneous ? 0 : (uint64_t)g->nbans * pairs;
    g->passes = simultaneous ? pairs : (uint64_t)g->nbans * pairs;
    g->per_pile = g->nim + g->bans + g->passes + (simultaneous ? 1 : 0);
    g->layers_per_pile = simultaneous ? 3 : 2 * (uint64_t)g->nbans + 2;
    int most_cells = g->nsets[0] * g->nsets[1];
    g->game = (game_desc){
        .name = name,
        .kind = simultaneous ? VALUE_MATRIX : VALUE_DRAW,
        .data = g,
        .count = (uint64_t)(g->bound + 1) * g->per_pile,
        .layers = (uint64_t)(g->bound + 1) * g->layers_per_pile,
        .each_position = each_position,
        .format = format,
        .max_moves = most_cells > g->k ? most_cells : g->k,
        .moves = moves,
        .max_options = g->k > 0 ? g->k : 1,
        .max_cells = most_cells > g->k ? most_cells : g->k,
        .matrices = matrices,
    };
    return &g->game;
}

static game_desc *build_sequential(const game_params *p, char *err, int errlen)
{
    return build_banned_game(p, false, err, errlen);
}

static game_desc *build_simultaneous(const game_params *p, char *err, int errlen)
{
    return build_banned_game(p, true, err, errlen);
}

/* A pile: the game before any ban. */
static int64_t rank_of_piles(const game_desc *d, const int *piles, int n)
{
    const banned_nim *g = d->data;
    int pile = 0, nonzero = 0;
    for (int i = 0; i < n; i++)
        if (piles[i]) {
            pile = piles[i];
            nonzero++;
        }
    if (nonzero > 1 || pile < 0 || pile > g->bound)
        return -1;
    ban_pos p = {.pile = pile, .stage = g->simultaneous ? STAGE_START : STAGE_BAN, .step = 0,
                 .set = {g->index_of[0][0], g->index_of[1][0]}};
    return (int64_t)banned_rank_of(g, &p);
}

static int piles_of(const game_desc *d, uint64_t rank, int *asc)
{
    const banned_nim *g = d->data;
    asc[0] = position_of(g, rank).pile;
    return 1;
}

/* ---- which bans win (banned_nim.h) ---- */

/* The order's shape: 2 for 1-2-1-2, 1 for 1-1-2-2, 0 for another. */
static int two_bans_order(const banned_nim *g)
{
    static const int adaptive[4] = {0, 1, 0, 1}, first[4] = {0, 0, 1, 1};
    if (g->simultaneous || g->nbans != 4)
        return 0;
    if (memcmp(g->order, adaptive, sizeof adaptive) == 0)
        return 2;
    return memcmp(g->order, first, sizeof first) == 0 ? 1 : 0;
}

/* The one child of a pass. */
static uint64_t after_pass(const banned_nim *g, uint64_t rank)
{
    uint64_t child[1];
    if (position_of(g, rank).stage != STAGE_PASS || children(g, rank, child) != 1)
        die("internal error: banned-nim: no pass where the same player bans twice");
    return child[0];
}

/* The rank after the ban of x by the banner at a ban stage (-1: not a
 * ban he may make). */
static int64_t after_ban(const banned_nim *g, uint64_t rank, int x)
{
    ban_pos p = position_of(g, rank);
    int banner = g->order[p.step], victim = 1 - banner, have = g->mask[victim][p.set[victim]];
    if (p.stage != STAGE_BAN || (have >> (x - 1)) & 1)
        return -1;
    ban_pos q = p;
    q.set[victim] = g->index_of[victim][have | 1 << (x - 1)];
    q = next_act(g, &q, p.step + 1, banner);
    return (int64_t)banned_rank_of(g, &q);
}

int ban_analyse(const value_table *t, int pile, ban_analysis *a)
{
    const banned_nim *g = t->game->data;
    int shape = strcmp(t->game->name, "banned-nim") == 0 ? two_bans_order(g) : 0;
    if (shape == 0 || pile < 0 || pile > g->bound || g->k > BAN_ANALYSIS_K_MAX)
        return -1;
    memset(a, 0, sizeof *a);
    a->k = g->k;
    a->pile = pile;
    a->adaptive = shape == 2;
    ban_pos start = {.pile = pile, .stage = STAGE_BAN, .step = 0, .set = {g->index_of[0][0], g->index_of[1][0]}};
    uint64_t s = banned_rank_of(g, &start);
    for (int x = 1; x <= g->k; x++) {
        uint64_t ax = (uint64_t)after_ban(g, s, x);
        /* Player 1 wins after x when player 2, to act there, loses. */
        a->first[x] = table_outcome(t, ax) == OUTCOME_LOSS;
        for (int b1 = 1; b1 <= g->k; b1++) {
            /* 1-2-1-2: player 2 bans b1, then player 1 bans y; 1-1-2-2:
             * player 2 passes, player 1 bans y (the same for every b1). */
            uint64_t before_y = a->adaptive ? (uint64_t)after_ban(g, ax, b1) : after_pass(g, ax);
            for (int y = 1; y <= g->k; y++) {
                int64_t ay = y == x ? -1 : after_ban(g, before_y, y);
                a->wins[x][b1][y] = ay >= 0 && table_outcome(t, (uint64_t)ay) == OUTCOME_LOSS;
            }
        }
    }
    for (int x = 1; x <= g->k; x++)
        for (int y = 1; y <= g->k; y++) {
            bool all = x != y;
            for (int b1 = 1; b1 <= g->k && all; b1++)
                all = a->wins[x][b1][y];
            a->pair[x][y] = all;
        }
    for (int x = 1; x <= g->k; x++) {
        bool paired = false;
        for (int y = 1; y <= g->k; y++)
            paired = paired || a->pair[x][y];
        a->star[x] = a->first[x] && !paired;
    }
    return 0;
}

bool ban_any_first(const ban_analysis *a)
{
    for (int x = 1; x <= a->k; x++)
        if (a->first[x])
            return true;
    return false;
}

void ban_winning_text(const ban_analysis *a, char *out, size_t len)
{
    const char *sep = "";
    for (int x = 1; x <= a->k; x++)
        for (int y = x + 1; y <= a->k; y++)
            if (a->pair[x][y]) {
                xappend(out, len, "a text of the bans", "%s%d+%d", sep, x, y);
                sep = " or ";
            }
    for (int x = 1; x <= a->k; x++)
        if (a->star[x]) {
            xappend(out, len, "a text of the bans", "%s%d*", sep, x);
            sep = " or ";
        }
    if (!*sep)
        xappend(out, len, "a text of the bans", "-");
}

void ban_answers_text(const ban_analysis *a, int x, int b1, char *out, size_t len)
{
    const char *sep = "";
    for (int y = 1; y <= a->k; y++)
        if (a->wins[x][b1][y]) {
            xappend(out, len, "a text of the bans", "%s%d+%d", sep, x, y);
            sep = " or ";
        }
    if (!*sep)
        xappend(out, len, "a text of the bans", "-");
}

void ban_first_bans_text(const ban_analysis *a, char *out, size_t len)
{
    const char *sep = "";
    for (int x = 1; x <= a->k; x++)
        if (a->first[x]) {
            xappend(out, len, "a text of the bans", "%s%d (", sep, x);
            for (int b1 = 1; b1 <= a->k; b1++) {
                xappend(out, len, "a text of the bans", "%sif player 2 bans %d: ", b1 > 1 ? "; " : "", b1);
                ban_answers_text(a, x, b1, out, len);
            }
            xappend(out, len, "a text of the bans", ")");
            sep = ", ";
        }
    if (!*sep)
        xappend(out, len, "a text of the bans", "none");
}

/* `value`: at the start of a pile in an order of two bans each, the bans
 * that win, in the thesis' notation, and each winning first ban with the
 * second bans that answer player 2's. */
static char *what_wins(const value_table *t, uint64_t rank)
{
    const banned_nim *g = t->game->data;
    ban_pos p = position_of(g, rank);
    ban_analysis a;
    if (p.stage != STAGE_BAN || p.step != 0 || ban_analyse(t, p.pile, &a) != 0)
        return NULL;
    size_t len = 16384;
    char *out = xcalloc(len, 1, "a text of the bans");
    xappend(out, len, "a text of the bans", "the bans that win for player 1 (Huibers' notation, Tables 24 and 26: x+y wins whatever player 2 "
                     "bans in between, x* only with the second ban chosen after player 2's, - none): ");
    ban_winning_text(&a, out, len);
    if (a.adaptive) {
        xappend(out, len, "a text of the bans", "\nfirst bans that win, the second chosen after player 2's: ");
        ban_first_bans_text(&a, out, len);
    }
    return out;
}

static const game_sample sequential_samples[] = {
    {{"3", "1-2", NULL}}, {{"4", "1-2-1-2", NULL}}, {{"3", "2-1-1-2", NULL}}, {{"3", "1-1-2-2", "previous"}},
    {{"5", "2-1-2-1", "previous"}},
};
static const game_sample simultaneous_samples[] = {{{"3", "1", NULL}}, {{"4", "2", NULL}}, {{"3", "1", "previous"}}};

const game_entry game_banned_nim = {
    .name = "banned-nim",
    .summary = "before Nim on one pile (moves of 1..k chips), the players ban numbers for each other in the order "
               "--order (\"1-2-1-2\": player 1, who moves first, bans first); a player never takes a number he is "
               "banned from (nor, --restriction previous, the number just taken) (Huibers 6.2, 6.2.1)",
    .ending = "the player who cannot move loses; win or loss for the player to move (before the bans: the banner)",
    .kind = VALUE_DRAW,
    .options = {{"max-move", "the most chips a move takes, k (default 5, at most 12)"},
                {"order", "who bans, in turn: 1s and 2s joined by '-', at most 12 (default 1-2-1-2)"},
                {"restriction", "none (default) or previous: the number just taken may not be taken next"}},
    .config_key = "banned_nim",
    .layout = "the outcome (0 loss, 1 win for the player to move) as one byte; ranks pile by pile, each the Nim "
              "positions, then the bans and passes",
    .build = build_sequential,
    .destroy = destroy,
    .rank_of_piles = rank_of_piles,
    .piles_of = piles_of,
    .what_wins = what_wins,
    .samples = sequential_samples,
    .nsamples = (int)(sizeof sequential_samples / sizeof *sequential_samples),
};

const game_entry game_banned_nim_simultaneous = {
    .name = "banned-nim-simultaneous",
    .summary = "before Nim on one pile (moves of 1..k chips), each player chooses --bans numbers the other may "
               "not take, both at once (Huibers 6.2.2): a matrix game, then Nim",
    .ending = "the player who cannot move loses; the exact probability that the player to move wins when both "
              "choose their bans by optimal mixed strategies",
    .kind = VALUE_MATRIX,
    .options = {{"max-move", "the most chips a move takes, k (default 5, at most 12)"},
                {"bans", "how many numbers each player bans, 1..6 (default 2)"},
                {"restriction", "none (default) or previous: the number just taken may not be taken next"}},
    .config_key = "banned_nim_simultaneous",
    .layout = "the probability as two int64 (numerator, denominator); ranks pile by pile, each the Nim positions, "
              "then the passes and the start",
    .build = build_simultaneous,
    .destroy = destroy,
    .rank_of_piles = rank_of_piles,
    .piles_of = piles_of,
    .samples = simultaneous_samples,
    .nsamples = (int)(sizeof simultaneous_samples / sizeof *simultaneous_samples),
};
