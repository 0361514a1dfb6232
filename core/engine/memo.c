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

/* A child met while listing a position's moves, waiting for its value:
 * its points, hash and key (in the pending keys' stack). */
typedef struct {
    int64_t points;
    uint32_t hash;
    uint32_t len;
    uint64_t off;
} pending_child;

struct memo {
    const game_desc *g;
    memo_slot *slots;
    uint64_t nslots, used;
    uint16_t *arena;
    uint64_t arena_len, arena_cap;
    /* The children of the positions being computed, a segment a level of
     * the recursion (indices, since the stacks grow), and their keys. */
    pending_child *kids;
    uint64_t nkids, kids_cap;
    uint16_t *kid_keys;
    uint64_t nkid_keys, kid_keys_cap;
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
    free(m->kids);
    free(m->kid_keys);
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

/* Lists a position's children on the pending stacks, each with its hash,
 * and asks the memory for each child's slot at once: the lookups that
 * follow are independent, so their cache misses overlap instead of
 * coming one after another (a memo of millions of positions is one miss
 * a lookup; the lookups were three quarters of a breaking game's time). */
typedef struct {
    memo *m;
    bool ok;
} child_list;

static void list_child(void *ctx, int64_t points, const uint16_t *key, int len)
{
    child_list *c = ctx;
    memo *m = c->m;
    if (!c->ok)
        return;
    if (len < 1 || len > MEMO_MAX_KEY) {
        c->ok = false;
        return;
    }
    if (m->nkids == m->kids_cap) {
        m->kids_cap = m->kids_cap ? 2 * m->kids_cap : 256;
        m->kids = xrealloc(m->kids, xmul(m->kids_cap, sizeof *m->kids, "a memo"), "a memo");
    }
    if (m->nkid_keys + (uint64_t)len > m->kid_keys_cap) {
        while (m->nkid_keys + (uint64_t)len > m->kid_keys_cap)
            m->kid_keys_cap = m->kid_keys_cap ? 2 * m->kid_keys_cap : 4096;
        m->kid_keys = xrealloc(m->kid_keys, xmul(m->kid_keys_cap, sizeof *m->kid_keys, "a memo"), "a memo");
    }
    memcpy(m->kid_keys + m->nkid_keys, key, (size_t)len * sizeof *key);
    uint32_t h = (uint32_t)key_hash(key, len);
    __builtin_prefetch(&m->slots[h & (m->nslots - 1)]);
    m->kids[m->nkids++] = (pending_child){.points = points, .hash = h, .len = (uint32_t)len, .off = m->nkid_keys};
    m->nkid_keys += (uint64_t)len;
}

static int64_t value_hashed(memo *m, const uint16_t *key, int len, uint32_t h, bool *ok);

/* The best over the moves of a position, in the order the game lists
 * them (the first child that hits a limit stops it). */
static int64_t best_of_moves(memo *m, const uint16_t *key, int len, bool *ok)
{
    uint64_t base = m->nkids, key_base = m->nkid_keys;
    child_list c = {.m = m, .ok = true};
    if (!m->g->key_moves(m->g->data, key, len, list_child, &c))
        c.ok = false;
    bool any = false;
    int64_t best = 0;
    for (uint64_t i = base; c.ok && i < m->nkids; i++) {
        /* The child's key copied out: deeper levels may move the stack. */
        uint16_t child[MEMO_MAX_KEY];
        pending_child k = m->kids[i];
        memcpy(child, m->kid_keys + k.off, k.len * sizeof *child);
        int64_t v = k.points - value_hashed(m, child, (int)k.len, k.hash, &c.ok);
        best = !any || v > best ? v : best;
        any = true;
    }
    m->nkids = base;
    m->nkid_keys = key_base;
    *ok = c.ok;
    return c.ok && !any ? m->g->terminal(m->g->data, MEMO_NO_RANK, 0) : best;
}

static int64_t value_hashed(memo *m, const uint16_t *key, int len, uint32_t h, bool *ok)
{
    *ok = true;
    uint8_t small_buf[MEMO_INLINE];
    const uint8_t *small = small_key(key, len, small_buf) ? small_buf : NULL;
    memo_slot *s = memo_find(m, key, small, len, h);
    if (s->len)
        return s->value;
    int64_t best = best_of_moves(m, key, len, ok);
    /* The slot may have moved while the children grew the table. */
    if (!*ok || !memo_store(m, key, small, len, h, best)) {
        *ok = false;
        return 0;
    }
    return best;
}

int64_t memo_value(memo *m, const uint16_t *key, int len, bool *ok)
{
    if (len < 1 || len > MEMO_MAX_KEY) {
        *ok = false;
        return 0;
    }
    return value_hashed(m, key, len, (uint32_t)key_hash(key, len), ok);
}
