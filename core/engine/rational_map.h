/*
 * rational_map.h -- exact rationals (GMP) keyed by a 64-bit integer: the
 * values a table cannot hold in its fixed-width cells (table.c keeps a
 * probability beyond 64 bits here, keyed by its position's rank).
 *
 * Open addressing, grown by doubling before it is three quarters full:
 * never a cap (an allocation that fails stops the run, xalloc.h).  Not
 * thread-safe: the caller serialises every call on one map.
 */
#ifndef RATIONAL_MAP_H
#define RATIONAL_MAP_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct rational_map rational_map;

rational_map *rational_map_new(void);
void rational_map_free(rational_map *m);
/* Sets key's value to q (a copy). */
void rational_map_put(rational_map *m, uint64_t key, const mpq_t q);
/* Copies key's value into out; false when the map does not hold key. */
bool rational_map_get(const rational_map *m, uint64_t key, mpq_t out);
/* Whether the map holds key. */
bool rational_map_has(const rational_map *m, uint64_t key);
uint64_t rational_map_count(const rational_map *m);

#endif
