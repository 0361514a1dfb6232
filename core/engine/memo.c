/*
 * memo.c -- keyed positions computed on demand and remembered (memo.h):
 * an open-addressing hash table from keys to values, and the recursion
 * through the game's key_moves.
 */
#include "core/engine/memo.h"

#include <stdlib.h>
#include <string.h>

#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"

/* A slot.  Short keys (up to MEMO_INLINE words, every word under 256:
 * most positions of a game of small heaps) live in the slot itself, a
 * byte a word, so a lookup costs one cache miss instead of two (the slot,
 * then the arena); longer keys live in the arena.  Whether a key is inline
 * depends on the key alone, so equal keys always compare in the same
 * form.  Slots are indexed by the low 32 bits of the hash. */
#define MEMO_INLINE 15
typedef struct {
    int64_t value;
    uint32_t hash;  /* low 32 bits of the key's hash                  */
    uint32_t off;   /* key start in the arena, 0: the key is inline   */
    uint8_t len;    /* key words (at least one); 0: an empty slot     */
    uint8_t small[MEMO_INLINE];
} memo_slot;

struct memo {
    const game_desc *g;
    memo_slot *slots;
    uint64_t nslots, used;
    uint16_t *arena;
    uint64_t arena_len, arena_cap;
};

memo *memo_new(const game_desc *g)
{
    memo *m = xcalloc(1, sizeof *m, "a memo");
    m->g = g;
    m->nslots = 1 << 12;
    m->slots = xcalloc(m->nslots, sizeof *m->slots, "a memo");
    m->arena_cap = 1 << 14;
    m->arena = xmalloc(m->arena_cap * sizeof *m->arena, "a memo");
    m->arena_len = 1; /* offset 0 marks an inline key */
    return m;
}

void memo_free(memo *m)
{
    if (!m)
        return;
    free(m->slots);
    free(m->arena);
    free(m);
}

uint64_t memo_size(const memo *m)
{
    return m->used;
}

uint64_t memo_bytes_for(uint64_t entries, int key_words)
{
    return sat_mul(entries, 4 * sizeof(memo_slot) + 4 * (uint64_t)key_words);
}

/* Four key words at a time, each block mixed by a multiply (the hash of
 * a word at a time was a serial chain of multiplies, a third of the
 * lookup); the length goes in too, so keys of zeros differ. */
static uint64_t key_hash(const uint16_t *k, int len)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)len;
    int i = 0;
    for (; i + 4 <= len; i += 4) {
        uint64_t w;
        memcpy(&w, k + i, sizeof w);
        h = (h ^ w) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    uint64_t w = 0;
    memcpy(&w, k + i, (size_t)(len - i) * sizeof *k);
    /* MurmurHash3's finaliser: every bit of the key reaches the low bits
     * that index the table. */
    h ^= w;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
}

/* The key a byte a word when it can live in a slot, else false. */
static bool small_key(const uint16_t *k, int len, uint8_t *out)
{
    if (len > MEMO_INLINE)
        return false;
    for (int i = 0; i < len; i++) {
        if (k[i] > 255)
            return false;
        out[i] = (uint8_t)k[i];
    }
    return true;
}

/* The slot holding key k, or the empty slot where it goes; `small` is the
 * key's inline form, or NULL when it has none. */
static memo_slot *memo_find(memo *m, const uint16_t *k, const uint8_t *small, int len, uint32_t h)
{
    uint64_t mask = m->nslots - 1;
    for (uint64_t i = h & mask;; i = (i + 1) & mask) {
        memo_slot *s = &m->slots[i];
        if (s->len == 0)
            return s;
        if (s->hash != h || s->len != len)
            continue;
        if (small ? s->off == 0 && memcmp(s->small, small, (size_t)len) == 0
                  : s->off != 0 && memcmp(m->arena + s->off, k, (size_t)len * sizeof *k) == 0)
            return s;
    }
}

static void memo_grow(memo *m)
{
    uint64_t n = m->nslots * 2;
    memo_slot *slots = xcalloc(n, sizeof *slots, "a memo");
    for (uint64_t i = 0; i < m->nslots; i++) {
        memo_slot *s = &m->slots[i];
        if (!s->len)
            continue;
        uint64_t j = s->hash & (n - 1);
        while (slots[j].len)
            j = (j + 1) & (n - 1);
        slots[j] = *s;
    }
    free(m->slots);
    m->slots = slots;
    m->nslots = n;
}

static bool memo_store(memo *m, const uint16_t *k, const uint8_t *small, int len, uint32_t h, int64_t value)
{
    /* Indexed by 32 bits of the hash: a larger table is a limit of the
     * engine (and far beyond any memory budget), reported as such. */
    if (2 * (m->used + 1) > m->nslots) {
        if (m->nslots >= ((uint64_t)1 << 32))
            return false;
        memo_grow(m);
    }
    if (small) {
        memo_slot *s = memo_find(m, k, small, len, h);
        *s = (memo_slot){.hash = h, .off = 0, .len = (uint8_t)len, .value = value};
        memcpy(s->small, small, (size_t)len);
        m->used++;
        return true;
    }
    if (m->arena_len + (uint64_t)len > m->arena_cap) {
        uint64_t cap = m->arena_cap * 2;
        while (cap < m->arena_len + (uint64_t)len)
            cap *= 2;
        /* Keys are addressed by 32-bit offsets: a larger memo is a limit of
         * the engine, reported as such (never as a verdict). */
        if (cap > UINT32_MAX)
            return false;
        m->arena = xrealloc(m->arena, cap * sizeof *m->arena, "a memo");
        m->arena_cap = cap;
    }
    memo_slot *s = memo_find(m, k, NULL, len, h);
    memcpy(m->arena + m->arena_len, k, (size_t)len * sizeof *k);
    *s = (memo_slot){.hash = h, .off = (uint32_t)m->arena_len, .len = (uint8_t)len, .value = value};
    m->arena_len += (uint64_t)len;
    m->used++;
    return true;
}

/* The best over the moves of a position, as the game lists them. */
typedef struct {
    memo *m;
    bool any, ok;
    int64_t best;
} best_of_moves;

static void child_move(void *ctx, int64_t points, const uint16_t *key, int len)
{
    best_of_moves *b = ctx;
    if (!b->ok)
        return;
    int64_t v = points - memo_value(b->m, key, len, &b->ok);
    b->best = !b->any || v > b->best ? v : b->best;
    b->any = true;
}

int64_t memo_value(memo *m, const uint16_t *key, int len, bool *ok)
{
    *ok = true;
    if (len < 1 || len > MEMO_MAX_KEY) {
        *ok = false;
        return 0;
    }
    uint8_t small_buf[MEMO_INLINE];
    uint32_t h = (uint32_t)key_hash(key, len);
    const uint8_t *small = small_key(key, len, small_buf) ? small_buf : NULL;
    memo_slot *s = memo_find(m, key, small, len, h);
    if (s->len)
        return s->value;
    best_of_moves b = {.m = m, .ok = true};
    if (!m->g->key_moves(m->g->data, key, len, child_move, &b))
        b.ok = false;
    if (b.ok && !b.any)
        b.best = m->g->terminal(m->g->data, MEMO_NO_RANK, 0);
    /* The slot may have moved while the children grew the table. */
    if (!b.ok || !memo_store(m, key, small, len, h, b.best)) {
        *ok = false;
        return 0;
    }
    return b.best;
}
