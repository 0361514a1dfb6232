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

/* A slot: a value and a 24-byte tag.  Short keys (up to MEMO_INLINE
 * words, every word under 256: most positions of a game of small heaps)
 * live in the tag itself, a byte a word after the length and a zero, so a
 * lookup costs one cache miss instead of two (the slot, then the arena)
 * and compares as three 64-bit words.  Longer keys live in the arena; the
 * tag then holds the length, a one, the low 32 bits of the key's hash
 * (compared before the arena is read, and kept for growing the table) and
 * the key's offset in the arena.  Whether a key is inline depends on the
 * key alone, so equal keys always compare in the same form.  Slots are
 * indexed by the low bits of a 32-bit hash (key_tag: the inline form's
 * own for an inline key, the words' for an arena key). */
#define MEMO_INLINE 22
typedef struct {
    uint8_t len;    /* key words (at least one); 0: an empty slot     */
    uint8_t arena;  /* 0: the key is in small[]; 1: in the arena      */
    uint8_t small[MEMO_INLINE];
} memo_tag;

/* Where an arena key's tag keeps its hash and offset (in small[]). */
#define TAG_HASH 2
#define TAG_OFF 6

typedef struct {
    int64_t value;
    memo_tag tag;
} memo_slot;

/* Two slots a cache line; the tag is read as three words. */
_Static_assert(sizeof(memo_tag) == 24 && sizeof(memo_slot) == 32, "a memo slot is 32 bytes");

/* A child met while listing a position's moves, waiting for its value:
 * its points, its tag and hash, and (a key too long for the tag) where
 * its key is in the pending keys' stack. */
typedef struct {
    int64_t points;
    memo_tag tag;
    uint32_t hash;
    uint64_t off;
} pending_child;

struct memo {
    const game_desc *g;
    memo_slot *slots;    /* nslots slots, from a cache line's start */
    void *slots_block;   /* the allocation they lie in (freed)         */
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

static memo_slot *new_slots(uint64_t n, void **block);

memo *memo_new(const game_desc *g)
{
    memo *m = xcalloc(1, sizeof *m, "a memo");
    m->g = g;
    m->nslots = 1 << 12;
    m->slots = new_slots(m->nslots, &m->slots_block);
    m->arena_cap = 1 << 14;
    m->arena = xmalloc(m->arena_cap * sizeof *m->arena, "a memo");
    m->arena_len = 1; /* offset 0 marks an inline key */
    return m;
}

void memo_free(memo *m)
{
    if (!m)
        return;
    free(m->slots_block);
    free(m->arena);
    free(m->kids);
    free(m->kid_keys);
    free(m);
}

void memo_reset(memo *m, const game_desc *g)
{
    /* The slots are kept and cleared: giving them back and faulting them
     * in again, a game every few milliseconds, was a tenth of the time.
     * A table four times larger than the last game needed is given back
     * all the same, so that a run of small games after a large one does
     * not clear the large table each time. */
    uint64_t need = 1 << 12;
    while (need < 2 * m->used)
        need *= 2;
    if (m->nslots > 4 * need) {
        free(m->slots_block);
        m->slots = new_slots(need, &m->slots_block);
        m->nslots = need;
    } else
        memset(m->slots, 0, m->nslots * sizeof *m->slots);
    m->g = g;
    m->used = 0;
    m->arena_len = 1;
    m->nkids = m->nkid_keys = 0;
}

uint64_t memo_size(const memo *m)
{
    return m->used;
}

uint64_t memo_bytes_for(uint64_t entries, int key_words)
{
    return sat_mul(entries, 4 * sizeof(memo_slot) + 4 * (uint64_t)key_words);
}

uint64_t memo_bytes_likely(uint64_t entries)
{
    return sat_mul(entries, 3 * sizeof(memo_slot));
}

/* Four key words at a time, each block mixed by a multiply (the hash of
 * a word at a time was a serial chain of multiplies, a third of the
 * lookup); the length goes in too, so keys of zeros differ.  The last
 * words are shifted in one by one: a partial copy into a 64-bit word
 * read back whole stalls the load behind the stores. */
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
    for (int j = 0; i + j < len; j++)
        w |= (uint64_t)k[i + j] << (16 * j);
    /* MurmurHash3's finaliser: every bit of the key reaches the low bits
     * that index the table. */
    h ^= w;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
}

/* Random odd multipliers of the inline keys' hash: 0-4 for the blocks of
 * four words (a key of at most MEMO_INLINE = 22 words has five), 6 for the
 * last words, 7 for the length (5 is not used). */
static const uint64_t inline_mult[8] = {
    0x9e3779b97f4a7c15ULL, 0xbf58476d1ce4e5b9ULL, 0x94d049bb133111ebULL, 0xff51afd7ed558ccdULL,
    0xc4ceb9fe1a85ec53ULL, 0xd6e8feb86659fd93ULL, 0xa0761d6478bd642fULL, 0xe7037ed1a0b428dbULL,
};

/* Packs a key into its tag when it can be inline, and hashes it as it
 * goes: true with the hash in *h; else false, with only the length in
 * the tag.  The hash is multilinear (Lemire and Kaser): the packed 32-bit
 * blocks times fixed random multipliers, summed, the high half kept, a
 * universal hash whose products are independent of each other (a chain
 * of multiplies, each waiting for the last, was a sixth of a breaking
 * game's time), taken from the blocks while they are in registers. */
static bool pack_inline(const uint16_t *k, int len, memo_tag *tag, uint32_t *h)
{
    memset(tag, 0, sizeof *tag);
    tag->len = (uint8_t)len;
    if (len > MEMO_INLINE)
        return false;
    /* Four words at a time: their high bytes gathered to see that all are
     * under 256, their low bytes packed side by side (a word at a time
     * with a test for each was a seventh of the time). */
    uint64_t high = 0, sum = inline_mult[7] * (uint64_t)len;
    int i = 0;
    for (; i + 4 <= len; i += 4) {
        uint64_t w;
        memcpy(&w, k + i, sizeof w);
        high |= w;
        uint32_t b = (uint32_t)((w & 0xff) | (w >> 8 & 0xff00) | (w >> 16 & 0xff0000) | (w >> 24 & 0xff000000));
        memcpy(tag->small + i, &b, sizeof b);
        sum += inline_mult[i / 4] * b;
    }
    uint64_t tail = 0;
    for (int j = 0; i < len; i++, j++) {
        high |= k[i];
        tag->small[i] = (uint8_t)k[i];
        tail |= (uint64_t)(k[i] & 0xff) << (8 * j);
    }
    if ((high & 0xff00ff00ff00ff00ULL) != 0) {
        memset(tag->small, 0, sizeof tag->small);
        return false;
    }
    sum += inline_mult[6] * tail;
    *h = (uint32_t)(sum >> 32);
    return true;
}

/* The tag a key is looked up by, and its hash: an inline key hashed by
 * its packed bytes; else the length, the arena mark and the hash of its
 * words (the offset is the stored slot's).  Whether a key is inline
 * depends on the key alone, so equal keys always get the same tag and
 * hash. */
static uint32_t key_tag(const uint16_t *k, int len, memo_tag *tag)
{
    uint32_t h;
    if (pack_inline(k, len, tag, &h))
        return h;
    h = (uint32_t)key_hash(k, len);
    tag->arena = 1;
    memcpy(tag->small + TAG_HASH, &h, sizeof h);
    return h;
}

static uint64_t tag_word(const memo_tag *t, int i)
{
    uint64_t w;
    memcpy(&w, (const unsigned char *)t + 8 * i, sizeof w);
    return w;
}

static uint32_t tag_off(const memo_tag *t)
{
    uint32_t off;
    memcpy(&off, t->small + TAG_OFF, sizeof off);
    return off;
}

/* The slot holding the key of tag t (k: the key, read only when it is in
 * the arena), or the empty slot where it goes. */
static memo_slot *memo_find(memo *m, const uint16_t *k, const memo_tag *t, uint32_t h)
{
    uint64_t mask = m->nslots - 1, w0 = tag_word(t, 0);
    for (uint64_t i = h & mask;; i = (i + 1) & mask) {
        memo_slot *s = &m->slots[i];
        if (s->tag.len == 0)
            return s;
        /* The first word holds the length, the form and (in the arena)
         * the hash, or (inline) the first six words of the key. */
        if (tag_word(&s->tag, 0) != w0)
            continue;
        if (!t->arena ? tag_word(&s->tag, 1) == tag_word(t, 1) && tag_word(&s->tag, 2) == tag_word(t, 2)
                      : memcmp(m->arena + tag_off(&s->tag), k, (size_t)t->len * sizeof *k) == 0)
            return s;
    }
}

/* The hash a stored key was placed by: kept for an arena key, recomputed
 * from the tag for an inline one. */
static uint32_t slot_hash(const memo_slot *s)
{
    uint32_t h;
    if (s->tag.arena) {
        memcpy(&h, s->tag.small + TAG_HASH, sizeof h);
        return h;
    }
    uint16_t k[MEMO_INLINE];
    memo_tag again;
    for (int i = 0; i < s->tag.len; i++)
        k[i] = s->tag.small[i];
    return key_tag(k, s->tag.len, &again);
}

/* A zeroed table of n slots, starting on a cache line (*block: the
 * allocation to free).  A large calloc returns a line's start plus 16
 * bytes, and then every other 32-byte slot straddled two lines: a probe
 * there waited on two misses, the second not prefetched.  Large tables
 * ask for huge pages: a memo of millions of positions is probed at
 * random, and with 4 KiB pages most probes also missed the TLB. */
static memo_slot *new_slots(uint64_t n, void **block)
{
    enum { LINE = 64 };
    unsigned char *raw = xcalloc(1, sat_add(xmul(n, sizeof(memo_slot), "a memo"), LINE), "a memo");
    memo_slot *slots = (memo_slot *)(void *)(raw + (LINE - (uintptr_t)raw % LINE) % LINE);
    *block = raw;
    advise_huge_pages(slots, n * sizeof *slots);
    return slots;
}

static void memo_grow(memo *m)
{
    uint64_t n = m->nslots * 2;
    void *block;
    memo_slot *slots = new_slots(n, &block);
    for (uint64_t i = 0; i < m->nslots; i++) {
        memo_slot *s = &m->slots[i];
        if (!s->tag.len)
            continue;
        uint64_t j = slot_hash(s) & (n - 1);
        while (slots[j].tag.len)
            j = (j + 1) & (n - 1);
        slots[j] = *s;
    }
    free(m->slots_block);
    m->slots = slots;
    m->slots_block = block;
    m->nslots = n;
}

static bool memo_store(memo *m, const uint16_t *k, const memo_tag *t, uint32_t h, int64_t value)
{
    /* Indexed by 32 bits of the hash: a larger table is a limit of the
     * engine (and far beyond any memory budget), reported as such. */
    if (2 * (m->used + 1) > m->nslots) {
        if (m->nslots >= ((uint64_t)1 << 32))
            return false;
        memo_grow(m);
    }
    memo_slot *s = memo_find(m, k, t, h);
    *s = (memo_slot){.tag = *t, .value = value};
    if (t->arena) {
        int len = t->len;
        if (m->arena_len + (uint64_t)len > m->arena_cap) {
            uint64_t cap = m->arena_cap * 2;
            while (cap < m->arena_len + (uint64_t)len)
                cap *= 2;
            /* Keys are addressed by 32-bit offsets: a larger memo is a
             * limit of the engine, reported as such (never as a verdict). */
            if (cap > UINT32_MAX) {
                *s = (memo_slot){0};
                return false;
            }
            m->arena = xrealloc(m->arena, cap * sizeof *m->arena, "a memo");
            m->arena_cap = cap;
        }
        uint32_t off = (uint32_t)m->arena_len;
        memcpy(m->arena + off, k, (size_t)len * sizeof *k);
        memcpy(s->tag.small + TAG_OFF, &off, sizeof off);
        m->arena_len += (uint64_t)len;
    }
    m->used++;
    return true;
}

/* Lists a position's children on the pending stacks, each with its tag
 * and hash (an inline key packed once, here), and asks the memory for each child's slot at once: the lookups that
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
    pending_child *kid = &m->kids[m->nkids++];
    kid->points = points;
    kid->hash = key_tag(key, len, &kid->tag);
    __builtin_prefetch(&m->slots[kid->hash & (m->nslots - 1)]);
    /* An inline key lives in its tag; only a longer one is copied. */
    if (!kid->tag.arena)
        return;
    if (m->nkid_keys + (uint64_t)len > m->kid_keys_cap) {
        while (m->nkid_keys + (uint64_t)len > m->kid_keys_cap)
            m->kid_keys_cap = m->kid_keys_cap ? 2 * m->kid_keys_cap : 4096;
        m->kid_keys = xrealloc(m->kid_keys, xmul(m->kid_keys_cap, sizeof *m->kid_keys, "a memo"), "a memo");
    }
    key_copy(m->kid_keys + m->nkid_keys, key, len);
    kid->off = m->nkid_keys;
    m->nkid_keys += (uint64_t)len;
}

static int64_t value_hashed(memo *m, const memo_tag *tag, const uint16_t *key, uint32_t h, bool *ok);

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
        /* A copy: a child computed afresh lists its own children, which
         * may move the stacks.  An arena key is read in place: a child
         * found in the memo (most are) needs it only for the lookup,
         * before anything can move the stack; one computed afresh copies
         * it first (value_hashed). */
        pending_child k = m->kids[i];
        int64_t v = k.points - value_hashed(m, &k.tag, k.tag.arena ? m->kid_keys + k.off : NULL, k.hash, &c.ok);
        best = !any || v > best ? v : best;
        any = true;
    }
    m->nkids = base;
    m->nkid_keys = key_base;
    *ok = c.ok;
    return c.ok && !any ? m->g->terminal(m->g->data, MEMO_NO_RANK, 0) : best;
}

/* The value of the key of tag `tag` (key: its words when they are in the
 * arena's form, else NULL).  `key` may lie in the pending stack, which
 * deeper levels grow (and so move): it is read only before the recursion,
 * or copied. */
static int64_t value_hashed(memo *m, const memo_tag *tag, const uint16_t *key, uint32_t h, bool *ok)
{
    *ok = true;
    memo_slot *s = memo_find(m, key, tag, h);
    if (s->tag.len)
        return s->value;
    uint16_t own[MEMO_MAX_KEY];
    int len = tag->len;
    if (tag->arena)
        memcpy(own, key, (size_t)len * sizeof *own);
    else
        for (int i = 0; i < len; i++)
            own[i] = tag->small[i];
    /* The tag is the caller's own copy, which the recursion leaves alone. */
    int64_t best = best_of_moves(m, own, len, ok);
    /* The slot may have moved while the children grew the table. */
    if (!*ok || !memo_store(m, own, tag, h, best)) {
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
    memo_tag tag;
    uint32_t h = key_tag(key, len, &tag);
    return value_hashed(m, &tag, key, h, ok);
}
