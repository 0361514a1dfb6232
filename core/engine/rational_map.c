/*
 * rational_map.c -- exact rationals keyed by a 64-bit integer (see the
 * header): linear probing over a power-of-two array of slots.
 */
#include "core/engine/rational_map.h"

#include <stdlib.h>

#include "core/engine/xalloc.h"

typedef struct {
    bool used;
    uint64_t key;
    mpq_t value;
} slot;

struct rational_map {
    slot *slots;
    uint64_t nslots, used;
};

/* A 64-bit mix (splitmix64's finaliser): ranks are consecutive, and
 * linear probing wants them spread. */
static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static slot *slots_new(uint64_t n)
{
    return xcalloc((size_t)n, sizeof(slot), "the values beyond 64 bits");
}

rational_map *rational_map_new(void)
{
    rational_map *m = xcalloc(1, sizeof *m, "the values beyond 64 bits");
    m->nslots = 16;
    m->slots = slots_new(m->nslots);
    return m;
}

void rational_map_free(rational_map *m)
{
    if (!m)
        return;
    for (uint64_t i = 0; i < m->nslots; i++)
        if (m->slots[i].used)
            mpq_clear(m->slots[i].value);
    free(m->slots);
    free(m);
}

/* The slot holding key, or the empty slot where it would go. */
static slot *find(const rational_map *m, uint64_t key)
{
    uint64_t mask = m->nslots - 1;
    for (uint64_t i = mix(key) & mask;; i = (i + 1) & mask)
        if (!m->slots[i].used || m->slots[i].key == key)
            return &m->slots[i];
}

/* Doubles the slots, moving every value (the mpq_t's limbs move with
 * their struct: GMP keeps no pointer back to it). */
static void grow(rational_map *m)
{
    slot *old = m->slots;
    uint64_t n = m->nslots;
    if (n > UINT64_MAX / 2 / sizeof(slot))
        die_oom("the values beyond 64 bits", (size_t)-1);
    m->nslots = 2 * n;
    m->slots = slots_new(m->nslots);
    for (uint64_t i = 0; i < n; i++)
        if (old[i].used)
            *find(m, old[i].key) = old[i];
    free(old);
}

void rational_map_put(rational_map *m, uint64_t key, const mpq_t q)
{
    slot *s = find(m, key);
    if (!s->used) {
        /* Three quarters full at most, so that a probe ends soon. */
        if (4 * (m->used + 1) > 3 * m->nslots) {
            grow(m);
            s = find(m, key);
        }
        s->used = true;
        s->key = key;
        mpq_init(s->value);
        m->used++;
    }
    mpq_set(s->value, q);
}

bool rational_map_get(const rational_map *m, uint64_t key, mpq_t out)
{
    const slot *s = find(m, key);
    if (!s->used)
        return false;
    mpq_set(out, s->value);
    return true;
}

bool rational_map_has(const rational_map *m, uint64_t key)
{
    return find(m, key)->used;
}

uint64_t rational_map_count(const rational_map *m)
{
    return m->used;
}
