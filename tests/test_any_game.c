/*
 * test_any_game.c -- two toy games written here through the public
 * interface alone (core/engine/game.h, core/games/registry.h, and the
 * engine's table.h and memo.h), as a contributor adding a game would:
 *
 *   - a splitting game with a position space of its own: a line of L
 *     slots, each with a pin or not, ranked by the bit mask itself; a
 *     move knocks down one pin, which splits its row when it stood
 *     inside; a pin is worth a point and the last pin the bonus N;
 *   - a keyed game: heaps of any size as a key (sorted, largest first);
 *     a move takes one bean from a heap and may split what is left into
 *     two non-empty heaps; a move scores one point, two when it splits.
 *
 *   - Grundy's game on the engine's heap space (heap_game.h): a move
 *     splits one heap into two unequal heaps and takes nothing, so the
 *     beans never drop; the game gives the moves of one heap and nothing
 *     else, and the engine derives the order of work.
 *
 * Each is computed by the engine (a swept table; the memo) and compared
 * with a plain recursion written here from the rules; the splitting game
 * is sized by its entry (sized_by_bound, size_of_position) and its bonus
 * window comes from game_bonus_window.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <sys/wait.h>
#include <unistd.h>

#include "core/engine/game.h"
#include "core/engine/heap_game.h"
#include "core/engine/heap_grundy.h"
#include "core/engine/memo.h"
#include "core/engine/pinning.h"
#include "core/engine/sweep.h"
#include "core/engine/table.h"
#include "core/engine/xalloc.h"
#include "core/games/registry.h"

/* ---- the line of pins: ranks are masks of `slots` bits ---- */

typedef struct {
    game_desc game;
    int slots;
    int64_t unit;
} pin_line;

static int line_moves(const void *data, uint64_t rank, game_move *out)
{
    const pin_line *g = data;
    int k = 0;
    for (int i = 0; i < g->slots; i++)
        if (rank >> i & 1)
            out[k++] = (game_move){.child = rank & ~((uint64_t)1 << i), .points = g->unit};
    return k;
}

static int64_t line_terminal(const void *data, uint64_t rank, int64_t M)
{
    (void)data;
    (void)rank;
    return -M;
}

static int64_t line_bound(const void *data, int64_t max_m)
{
    const pin_line *g = data;
    return g->unit * g->slots + max_m;
}

/* Layer = the pins standing: every move knocks one down. */
static void line_each(const void *data, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx)
{
    const pin_line *g = data;
    for (uint64_t r = 0; r < (uint64_t)1 << g->slots; r++)
        fn(ctx, r, (uint64_t)__builtin_popcountll(r));
}

static int line_format(const void *data, uint64_t rank, char *buf, int len)
{
    const pin_line *g = data;
    char text[65];
    for (int i = 0; i < g->slots; i++)
        text[i] = rank >> i & 1 ? '|' : '.';
    text[g->slots] = 0;
    return snprintf(buf, (size_t)len, "%s", text);
}

static game_desc *line_build(const game_params *p, char *err, int errlen)
{
    if (p->bound < 1 || p->bound > 20) {
        snprintf(err, (size_t)errlen, "pin-line: 1..20 slots");
        return NULL;
    }
    pin_line *g = calloc(1, sizeof *g);
    g->slots = p->bound;
    g->unit = p->unit;
    g->game = (game_desc){.name = "pin-line", .kind = VALUE_MARGIN, .data = g, .count = (uint64_t)1 << g->slots,
                          .layers = (uint64_t)g->slots + 1, .each_position = line_each, .format = line_format,
                          .max_moves = g->slots, .moves = line_moves, .terminal = line_terminal,
                          .value_bound = line_bound};
    return &g->game;
}

static void line_destroy(game_desc *d)
{
    free(d->data);
}

/* Slots as piles: a list of 0s and 1s. */
static int64_t line_rank(const game_desc *d, const int *piles, int n)
{
    const pin_line *g = d->data;
    uint64_t r = 0;
    if (n > g->slots)
        return -1;
    for (int i = 0; i < n; i++) {
        if (piles[i] != 0 && piles[i] != 1)
            return -1;
        r |= (uint64_t)piles[i] << i;
    }
    return (int64_t)r;
}

static void line_size(const int *piles, int n, game_params *p)
{
    (void)piles;
    p->piles = 1;
    p->bound = n;
}

static const game_sample line_samples[] = {{{NULL}}};

static const game_entry pin_line_entry = {
    .name = "pin-line",
    .summary = "a line of pins; a move knocks one down",
    .ending = "the last pin's player scores the bonus N",
    .kind = VALUE_MARGIN,
    .build = line_build,
    .destroy = line_destroy,
    .rank_of_piles = line_rank,
    .size_of_position = line_size,
    .sized_by_bound = true,
    .size_help = "--bound L: every line of L slots",
    .samples = line_samples,
    .nsamples = 1,
};

/* From the rules: 2f in units of half a point at lane M, memoised. */
static int64_t line_rule(uint32_t mask, int64_t M, int64_t *seen)
{
    if (mask == 0)
        return -M;
    if (seen[mask] != INT64_MIN)
        return seen[mask];
    int64_t best = INT64_MIN;
    for (int i = 0; i < 32; i++)
        if (mask >> i & 1) {
            int64_t v = 2 - line_rule(mask & ~(1u << i), M, seen);
            best = v > best ? v : best;
        }
    return seen[mask] = best;
}

static void test_a_splitting_game_of_its_own_space(void **state)
{
    (void)state;
    const game_entry *e = &pin_line_entry;
    int given[] = {1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1};
    game_params p = {.unit = 2};
    e->size_of_position(given, 12, &p);
    assert_int_equal(p.bound, 12);
    char err[256];
    game_desc *g = e->build(&p, err, sizeof err);
    assert_non_null(g);
    /* Its window: |N| <= its most points (the bound) + 3. */
    lane_window win = game_bonus_window(e, &p);
    assert_int_equal(win.mlo, -30);
    assert_int_equal(win.lanes, 61);
    table_opts o = table_default_opts(g, win);
    o.format = FORMAT_WIDE64;
    value_table t;
    assert_int_equal(table_create(&t, g, &o, err, sizeof err), 0);
    pinning pin;
    assert_int_equal(pinning_open(&pin, 2, err, sizeof err), 0);
    table_sweep(&t, &pin);
    pinning_close(&pin);
    int64_t *seen = malloc(sizeof *seen << 12);
    for (int lane = 0; lane < win.lanes; lane++) {
        int64_t M = win.mlo + lane;
        for (int i = 0; i < 1 << 12; i++)
            seen[i] = INT64_MIN;
        for (uint64_t r = 0; r < t.count; r++)
            if (table_value(&t, r, lane) != line_rule((uint32_t)r, M, seen))
                fail_msg("pin-line %llu at M = %lld: engine %lld, rules %lld", (unsigned long long)r, (long long)M,
                         (long long)table_value(&t, r, lane), (long long)line_rule((uint32_t)r, M, seen));
    }
    int64_t r = e->rank_of_piles(g, given, 12);
    assert_true(r >= 0);
    char text[32];
    g->format(g->data, (uint64_t)r, text, sizeof text);
    assert_string_equal(text, "||.|||.|||||");
    free(seen);
    table_free(&t);
    e->destroy(g);
}

/* ---- heaps as keys: take one bean, maybe split the rest ---- */

typedef struct {
    game_desc game;
} take_split;

/* Heaps into a key: largest first, zeros left out, then a 0 (a key has a
 * word even with no heap: the memo takes no empty key). */
static int heaps_key(const int *h, int n, uint16_t *key)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (h[i] > 0)
            key[k++] = (uint16_t)h[i];
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && key[j - 1] < key[j]; j--) {
            uint16_t x = key[j];
            key[j] = key[j - 1];
            key[j - 1] = x;
        }
    key[k++] = 0;
    return k;
}

static bool split_key_moves(void *data, const uint16_t *key, int len, game_key_fn fn, void *ctx)
{
    (void)data;
    if (len > 30)
        return false;
    len--; /* the closing 0 */
    for (int i = 0; i < len; i++) {
        if (i > 0 && key[i] == key[i - 1])
            continue;
        int h[32], rest = key[i] - 1;
        for (int a = 0; 2 * a <= rest; a++) {
            /* a = 0: the rest stays one heap; else heaps a and rest - a. */
            int n = 0;
            for (int j = 0; j < len; j++)
                if (j != i)
                    h[n++] = key[j];
            h[n++] = a;
            h[n++] = rest - a;
            uint16_t child[32];
            int clen = heaps_key(h, n, child);
            fn(ctx, a > 0 ? 2 : 1, child, clen);
        }
    }
    return true;
}

static int64_t split_terminal(const void *data, uint64_t rank, int64_t M)
{
    (void)data;
    (void)rank;
    (void)M;
    return 0;
}

static game_desc *split_build(const game_params *p, char *err, int errlen)
{
    (void)p;
    (void)err;
    (void)errlen;
    take_split *g = calloc(1, sizeof *g);
    g->game = (game_desc){.name = "take-split", .kind = VALUE_MARGIN, .data = g, .terminal = split_terminal,
                          .key_moves = split_key_moves, .scale = 1};
    return &g->game;
}

static void split_destroy(game_desc *d)
{
    free(d->data);
}

static int split_key_of(const game_desc *d, const int *piles, int n, uint16_t *key)
{
    (void)d;
    return n > 30 ? -1 : heaps_key(piles, n, key);
}

static const game_entry take_split_entry = {
    .name = "take-split",
    .summary = "a move takes one bean from a heap and may split the rest in two",
    .ending = "no bean left; a move scores one point, two when it splits",
    .kind = VALUE_MARGIN,
    .build = split_build,
    .destroy = split_destroy,
    .key_of_piles = split_key_of,
    .one_lane = true,
    .samples = line_samples,
    .nsamples = 1,
};

/* From the rules, on heaps of at most 12 beans in all: a position is its
 * heaps largest first, 4 bits each, in a 64-bit code; memoised in a small
 * open-addressed table (272 positions: the partitions of 0..12). */
#define RULE_SLOTS 4096
typedef struct {
    uint64_t code[RULE_SLOTS];
    int64_t value[RULE_SLOTS];
    bool used[RULE_SLOTS];
} rule_memo;

static uint64_t heaps_code(const int *h, int n)
{
    uint16_t key[34];
    int k = heaps_key(h, n, key) - 1;
    uint64_t c = 0;
    for (int i = 0; i < k; i++)
        c = c << 4 | key[i];
    return c;
}

static int64_t split_rule(const int *h, int n, rule_memo *m)
{
    uint16_t key[34];
    int k = heaps_key(h, n, key) - 1;
    if (k == 0)
        return 0;
    uint64_t c = heaps_code(h, n);
    size_t at = (size_t)(c * 0x9E3779B97F4A7C15ull >> 52) % RULE_SLOTS;
    while (m->used[at] && m->code[at] != c)
        at = (at + 1) % RULE_SLOTS;
    if (m->used[at])
        return m->value[at];
    int64_t best = INT64_MIN;
    for (int i = 0; i < k; i++) {
        int rest = key[i] - 1;
        for (int a = 0; 2 * a <= rest; a++) {
            int h2[34], n2 = 0;
            for (int j = 0; j < k; j++)
                if (j != i)
                    h2[n2++] = key[j];
            h2[n2++] = a;
            h2[n2++] = rest - a;
            int64_t v = (a > 0 ? 2 : 1) - split_rule(h2, n2, m);
            best = v > best ? v : best;
        }
    }
    m->used[at] = true;
    m->code[at] = c;
    m->value[at] = best;
    return best;
}

/* ---- keys of any words: peel the last word off, scoring it ---- */

/* A key is words w1..wn then a closing 0; the one move removes wn and
 * scores wn points, so the value is wn - w(n-1) + ... (an alternating
 * sum): keys that differ anywhere have values apart. */
static bool peel_key_moves(void *data, const uint16_t *key, int len, game_key_fn fn, void *ctx)
{
    (void)data;
    uint16_t child[64];
    /* Keys longer than the child's room are beyond this game's limits
     * (false: the memo makes up no value for them). */
    if (len > (int)(sizeof child / sizeof *child))
        return false;
    if (len < 2)
        return true;
    memcpy(child, key, sizeof *key * (size_t)(len - 2));
    child[len - 2] = 0;
    fn(ctx, key[len - 2], child, len - 1);
    return true;
}

static int64_t peel_sum(const uint16_t *key, int len)
{
    int64_t v = 0;
    for (int i = 0; i < len - 1; i++)
        v = key[i] - v;
    return v;
}

/* The memo tells keys apart whatever their words (a word of 256 or more,
 * which its short form cannot pack) and wherever they differ (past the
 * 16th word, in its short form's last part). */
static void test_the_memo_tells_keys_apart(void **state)
{
    (void)state;
    take_split g0 = {0};
    g0.game = (game_desc){.name = "peel", .kind = VALUE_MARGIN, .data = &g0, .terminal = split_terminal,
                          .key_moves = peel_key_moves, .scale = 1};
    memo *m = memo_new(&g0.game);
    uint16_t keys[][22] = {
        {300, 5, 0}, {44, 5, 0}, {5, 300, 0}, {5, 44, 0}, {1000, 0},
        {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0},
        {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 0},
        {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 99, 18, 19, 20, 0},
    };
    const int lens[] = {3, 3, 3, 3, 2, 21, 21, 21};
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < 8; i++) {
            bool ok = false;
            int64_t v = memo_value(m, keys[i], lens[i], &ok);
            assert_true(ok);
            if (v != peel_sum(keys[i], lens[i]))
                fail_msg("key %d: memo %lld, alternating sum %lld", i, (long long)v,
                         (long long)peel_sum(keys[i], lens[i]));
        }
    /* 2,000 keys alike but in their 18th word: alike in every part of
     * their short form but the last, so probes meet. */
    for (int x = 0; x < 2000; x++) {
        uint16_t key[21];
        memcpy(key, keys[5], sizeof key);
        key[17] = (uint16_t)(x + 1);
        bool ok = false;
        int64_t v = memo_value(m, key, 21, &ok);
        assert_true(ok);
        if (v != peel_sum(key, 21))
            fail_msg("word 18 = %d: memo %lld, alternating sum %lld", x + 1, (long long)v,
                     (long long)peel_sum(key, 21));
    }
    memo_free(m);
}

static void test_a_keyed_game_through_the_memo(void **state)
{
    (void)state;
    const game_entry *e = &take_split_entry;
    game_params p = {.piles = 1, .bound = 0, .unit = 1};
    char err[256];
    game_desc *g = e->build(&p, err, sizeof err);
    assert_non_null(g);
    memo *m = memo_new(g);
    rule_memo *rm = calloc(1, sizeof *rm);
    /* Every position of one, two or three heaps of at most 12 beans in all. */
    uint64_t compared = 0;
    for (int x = 0; x <= 12; x++)
        for (int y = 0; x + y <= 12; y++)
            for (int z = 0; x + y + z <= 12; z++) {
                int h[3] = {x, y, z};
                uint16_t key[GAME_MAX_KEY];
                int len = e->key_of_piles(g, h, 3, key);
                bool ok = false;
                int64_t v = memo_value(m, key, len, &ok);
                assert_true(ok);
                if (v != split_rule(h, 3, rm))
                    fail_msg("take-split (%d,%d,%d): memo %lld, rules %lld", x, y, z, (long long)v,
                             (long long)split_rule(h, 3, rm));
                compared++;
            }
    assert_int_equal(compared, 455);
    /* A split scores: one heap of 3 is worth 2 (take one, split 1 and 1,
     * then the opponent and the mover take one each: 2 - 1 + 1). */
    int three = 3;
    uint16_t key[GAME_MAX_KEY];
    bool ok;
    assert_int_equal(memo_value(m, key, e->key_of_piles(g, &three, 1, key), &ok), 2);
    free(rm);
    memo_free(m);
    e->destroy(g);
}

/* ---- Grundy's game: split a heap into two unequal heaps ---- */

typedef struct {
    heap_game hg; /* first: the game's data points to it and to this */
    game_heap_move *moves[32];
    int n[32];
} grundy_game;

static int grundy_heap_moves(void *data, int side, int h, const game_heap_move **out)
{
    grundy_game *g = data;
    (void)side;
    *out = g->moves[h];
    return g->n[h];
}

static grundy_game *grundy_new(int T)
{
    assert_true(T < 32); /* moves[] and n[] hold heaps of at most 31 */
    grundy_game *g = calloc(1, sizeof *g);
    for (int h = 1; h <= T; h++) {
        g->moves[h] = calloc((size_t)h + 1, sizeof **g->moves);
        for (int b = 1; 2 * b < h; b++)
            g->moves[h][g->n[h]++] = (game_heap_move){.nparts = 2, .parts = {h - b, b}};
    }
    char err[128];
    assert_int_equal(heap_game_init(&g->hg, "grundys-game", T, grundy_heap_moves, g, err, sizeof err), 0);
    g->hg.game.kind = VALUE_GRUNDY;
    return g;
}

static void grundy_free(grundy_game *g)
{
    heap_game_free(&g->hg);
    for (int h = 0; h < 32; h++)
        free(g->moves[h]);
    free(g);
}

/* One heap's value from the rules: the mex over its splits of the two
 * heaps' values xored (Sprague-Grundy). */
static int grundy_rule(int n, int *seen)
{
    if (seen[n] >= 0)
        return seen[n];
    bool used[64] = {false};
    for (int b = 1; 2 * b < n; b++) {
        int x = grundy_rule(n - b, seen) ^ grundy_rule(b, seen);
        assert_true(x < 64); /* a value is at most its heap, 31 here */
        used[x] = true;
    }
    int v = 0;
    while (used[v])
        v++;
    return seen[n] = v;
}

static void test_a_game_that_splits_without_taking(void **state)
{
    (void)state;
    enum { T = 22 };
    grundy_game *g = grundy_new(T);
    game_desc *d = &g->hg.game;
    char err[256];
    table_opts o = table_default_opts(d, (lane_window){.mlo = 0, .step = 1, .lanes = 1});
    value_table t;
    assert_int_equal(table_create(&t, d, &o, err, sizeof err), 0);
    pinning pin;
    assert_int_equal(pinning_open(&pin, 2, err, sizeof err), 0);
    table_sweep(&t, &pin);
    pinning_close(&pin);
    int seen[T + 1];
    for (int i = 0; i <= T; i++)
        seen[i] = -1;
    /* Every multiset of at most T beans: the xor of its heaps' values. */
    for (uint64_t r = 0; r < t.count; r++) {
        int asc[T + 1], k = heap_game_heaps_of(&g->hg, r, asc), want = 0;
        for (int i = 0; i < k; i++)
            want ^= grundy_rule(asc[i], seen);
        if ((int)table_grundy(&t, r) != want) {
            char text[96];
            d->format(d->data, r, text, sizeof text);
            fail_msg("Grundy's game %s: engine %u, rules %d", text, table_grundy(&t, r), want);
        }
    }
    /* The known start of the sequence (0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0,
     * 2, 1, 3, 2, 1, 3, 2, 4, 3, 0): a heap of 20 is a loss. */
    static const int known[] = {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0};
    for (int n = 0; n <= 20; n++)
        assert_int_equal(table_grundy(&t, (uint64_t)heap_game_rank_of(&g->hg, &n, 1)), known[n]);
    table_free(&t);
    grundy_free(g);
}

/* A heap game with a move that neither takes nor splits (a heap of 3
 * becomes a heap of 3) is refused when it is made: an internal error,
 * never a table computed in a wrong order. */
static void test_a_heap_move_that_lowers_nothing_stops_the_run(void **state)
{
    (void)state;
    grundy_game *g = calloc(1, sizeof *g);
    for (int h = 1; h <= 6; h++) {
        g->moves[h] = calloc(2, sizeof **g->moves);
        g->moves[h][g->n[h]++] = (game_heap_move){.nparts = 1, .parts = {h == 3 ? 3 : h - 1}};
        if (h == 1)
            g->moves[h][0].nparts = 0;
    }
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        char err[128];
        freopen("/dev/null", "w", stderr);
        heap_game_init(&g->hg, "loop", 6, grundy_heap_moves, g, err, sizeof err);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), EXIT_RUN_ERROR);
    for (int h = 0; h < 32; h++)
        free(g->moves[h]);
    free(g);
}

/* ---- A game's sequence of one heap's Grundy values (heap_grundy.h) ---- */

/* The sweep game's lists, handed to heap_grundy (heaps up to 31). */
static int grundy_room(const void *data, int h)
{
    const grundy_game *g = data;
    return g->n[h];
}

static int grundy_write(const void *data, int h, game_heap_move *out)
{
    const grundy_game *g = data;
    memcpy(out, g->moves[h], (size_t)g->n[h] * sizeof *out);
    return g->n[h];
}

/* Grundy's game as a sequence: every value is the rules' (mex over its
 * splits), and with no octal code its period is never CERTIFIED. */
static void test_the_sequence_of_a_splitting_game(void **state)
{
    (void)state;
    enum { T = 31 };
    grundy_game *g = grundy_new(T);
    heap_grundy_rules rules = {.name = "grundys-game", .room = grundy_room, .write = grundy_write, .data = g};
    sequence *s = heap_grundy_open(&rules);
    char err[64];
    assert_int_equal(heap_grundy_begin(s, T, err, sizeof err), 0);
    int seen[T + 1];
    for (int i = 0; i <= T; i++)
        seen[i] = -1;
    for (int n = 0; n <= T; n++) {
        int64_t v;
        assert_int_equal(heap_grundy_row(s, n, &v), 0);
        assert_int_equal(v, grundy_rule(n, seen));
    }
    sequence_period p;
    heap_grundy_period(s, T, 0, &p);
    assert_true(p.verdict == SEQUENCE_OBSERVED || p.verdict == SEQUENCE_UNDECIDED);
    sequence_info info;
    heap_grundy_info(s, &info);
    assert_string_equal(info.name, "grundys-game");
    assert_string_equal(info.points, ""); /* no points: --json says none */
    heap_grundy_close(s);
    grundy_free(g);
}

/* The moves of an octal code written out by plain loops, the test's own:
 * digits[k - 1] for taking k (1 all, 2 leave one heap, 4 leave two). */
typedef struct {
    int ndigits;
    const int *digits;
} octal_moves;

static int octal_room(const void *data, int h)
{
    const octal_moves *o = data;
    return o->ndigits * (h / 2 + 2);
}

static int octal_write(const void *data, int h, game_heap_move *out)
{
    const octal_moves *o = data;
    int n = 0;
    for (int k = 1; k <= o->ndigits && k <= h; k++) {
        if (h == k && (o->digits[k - 1] & 1))
            out[n++] = (game_heap_move){.nparts = 0};
        if (h > k && (o->digits[k - 1] & 2))
            out[n++] = (game_heap_move){.nparts = 1, .parts = {h - k}};
        for (int b = 1; (o->digits[k - 1] & 4) && 2 * b <= h - k; b++)
            out[n++] = (game_heap_move){.nparts = 2, .parts = {h - k - b, b}};
    }
    return n;
}

/* The Grundy sequence of a code by the rules (mex of xors), rows 0..last. */
static void octal_rule_rows(const int *digits, int ndigits, int last, int64_t *g)
{
    for (int n = 0; n <= last; n++) {
        bool used[600] = {false};
        /* A value is at most its heap's moves (< 2 (n / 2 + 2) <= 304 here),
         * and the xor of two such below 512: every mark fits. */
        assert_true(last <= 300);
        for (int k = 1; k <= ndigits && k <= n; k++) {
            if (n == k && (digits[k - 1] & 1))
                used[0] = true;
            if (n > k && (digits[k - 1] & 2))
                used[g[n - k]] = true;
            for (int b = 1; (digits[k - 1] & 4) && 2 * b <= n - k; b++)
                used[g[n - k - b] ^ g[b]] = true;
        }
        int v = 0;
        while (used[v])
            v++;
        g[n] = v;
    }
}

/* Kayles (0.77, the registry's sequence) and Dawson's Kayles (0.07): the
 * values are the rules'; Kayles' period is Guy and Smith's, 12 from 71,
 * CERTIFIED once the rows reach the theorem's range (167) and only
 * OBSERVED one row short; Dawson's Kayles' certificate holds on the
 * rows: the repeat covers [pre, 2 pre + per + 2), no smaller period does. */
static void test_an_octal_games_period_is_certified_on_its_range(void **state)
{
    (void)state;
    const game_entry *e = game_find("kayles");
    assert_non_null(e);
    assert_non_null(e->sequence);
    for (int last = 166; last <= 167; last++) {
        const char *none[SEQUENCE_MAX_OPTIONS] = {NULL};
        char err[128];
        sequence *s = e->sequence->open("test", none, err, sizeof err);
        assert_non_null(s);
        sequence_period p;
        e->sequence->period(s, last, 0, &p);
        assert_int_equal(p.verdict, last == 167 ? SEQUENCE_CERTIFIED : SEQUENCE_OBSERVED);
        assert_int_equal(p.pre, 71);
        assert_int_equal(p.per, 12);
        int64_t want[200], v;
        assert_true(last < 200); /* want holds rows 0..last */
        static const int kayles[] = {7, 7};
        octal_rule_rows(kayles, 2, last, want);
        for (int n = 0; n <= last; n++) {
            assert_int_equal(e->sequence->row(s, n, &v), 0);
            assert_int_equal(v, want[n]);
        }
        e->sequence->close(s);
    }
    static const int dawson[] = {0, 7};
    octal_moves o = {.ndigits = 2, .digits = dawson};
    heap_grundy_rules rules = {
        .name = "0.07", .room = octal_room, .write = octal_write, .data = &o, .ndigits = 2, .digits = {0, 7}};
    sequence *s = heap_grundy_open(&rules);
    enum { LAST = 300 };
    sequence_period p;
    heap_grundy_period(s, LAST, 0, &p);
    assert_int_equal(p.verdict, SEQUENCE_CERTIFIED);
    int64_t g[LAST + 1], v;
    octal_rule_rows(dawson, 2, LAST, g);
    for (int n = 0; n <= LAST; n++) {
        assert_int_equal(heap_grundy_row(s, n, &v), 0);
        assert_int_equal(v, g[n]);
    }
    assert_true(2 * p.pre + p.per + 2 + p.per - 1 <= LAST);
    for (int n = p.pre; n < 2 * p.pre + p.per + 2; n++)
        assert_int_equal(g[n + p.per], g[n]);
    assert_true(p.pre == 0 || g[p.pre - 1 + p.per] != g[p.pre - 1]);
    for (int t = 1; t < p.per; t++) {
        bool repeats = true;
        for (int n = LAST / 2; n + t <= LAST && repeats; n++)
            repeats = g[n + t] == g[n];
        assert_false(repeats);
    }
    heap_grundy_close(s);
}

/* A game that declares an octal code its moves are not (Kayles' moves
 * declared as 0.07) stops the run: a certificate resting on the code would
 * be about another game. */
static void test_a_game_that_is_not_its_declared_code_stops_the_run(void **state)
{
    (void)state;
    static const int kayles[] = {7, 7};
    octal_moves o = {.ndigits = 2, .digits = kayles};
    heap_grundy_rules rules = {
        .name = "misdeclared", .room = octal_room, .write = octal_write, .data = &o, .ndigits = 2, .digits = {0, 7}};
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        sequence *s = heap_grundy_open(&rules);
        sequence_period p;
        heap_grundy_period(s, 10, 0, &p);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), EXIT_RUN_ERROR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_splitting_game_of_its_own_space),
        cmocka_unit_test(test_a_keyed_game_through_the_memo),
        cmocka_unit_test(test_the_memo_tells_keys_apart),
        cmocka_unit_test(test_a_game_that_splits_without_taking),
        cmocka_unit_test(test_a_heap_move_that_lowers_nothing_stops_the_run),
        cmocka_unit_test(test_the_sequence_of_a_splitting_game),
        cmocka_unit_test(test_an_octal_games_period_is_certified_on_its_range),
        cmocka_unit_test(test_a_game_that_is_not_its_declared_code_stops_the_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
