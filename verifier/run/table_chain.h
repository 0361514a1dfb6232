/*
 * table_chain.h -- a sweep's state in a checkpoint as a chain of segment
 * files, so that a checkpoint costs what changed rather than the whole
 * table.
 *
 * The state (sweep.h, sweep_state: the table's values and flags, the fast
 * path's state) is cut into blocks of TABLE_CHAIN_BLOCK bytes.  The first
 * segment of a chain holds every byte; each later one holds only the
 * blocks whose contents changed since the segment before (found by a
 * 128-bit XXH3 hash of every block, kept between saves).  Every segment
 * begins with the SHA-256 of the one before it (zeros for the first), and
 * the checkpoint's header lists each segment's name, size and SHA-256, so
 * on resume a segment that is missing, cut, changed, out of order or of
 * another chain is refused.  Once the segments after the first hold as
 * many bytes as the state, the next save starts a new chain (the old one
 * is removed once the header names the new), so a resume never reads
 * more than about twice the state.  The bytes are compressed (LZ4: the
 * tables shrink about 15 times), so a segment costs less to write,
 * checksum and read than what it holds.
 *
 * A segment file:
 *   "VSEGMT01"               8 bytes
 *   SHA-256 of the segment before (zeros for the first)   32 bytes
 *   blobs n (u32), 0 (u32), each blob's size (u64) n times
 *   records to the end: blob (u32), compressed length c (u32), offset
 *   (u64), length (u64), then c bytes: the blob's bytes from offset, of
 *   that length (at most 1 MiB), compressed by LZ4 (its block format)
 * integers little-endian.
 */
#ifndef TABLE_CHAIN_H
#define TABLE_CHAIN_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/engine/sweep.h"

#define TABLE_CHAIN_BLOCK ((uint64_t)1 << 14)

typedef struct {
    /* [{file, bytes, sha256, raw}] of the chain (raw: the bytes of the
     * state a segment holds); NULL: none yet. */
    json_t *segments;
    uint64_t later_raw;    /* the later segments' raw, added up            */
    uint8_t last_sha[32];  /* the last segment's SHA-256                   */
    /* Two words (XXH3-128) a block of the state, the blobs one after
     * another, as the last segment left them; NULL before the first. */
    uint64_t *hashes;
    uint64_t nblocks;
    unsigned generation;   /* of the last segment's name                   */
    uint64_t last_raw;     /* bytes of the state the last segment holds    */
} table_chain;

void table_chain_free(table_chain *ch);

/* The most bytes a save of a state of `state_bytes` holds besides the
 * state, on `threads` threads: the blocks' hashes, old and new, the
 * list of records (a record a block at worst, grown by doubling) and a
 * batch of compressed records; for the run's memory check. */
uint64_t table_chain_bytes_bound(uint64_t state_bytes, int threads);

/* Appends a segment of the blocks of `blobs` that changed since the last
 * (every block when the chain is new or due to start again), named
 * table-<generation>.bin, or table-<generation>.r<part>.bin when
 * part >= 0, in dir; written under a temporary name, synced and renamed.
 * Hashing and compressing run on `threads` threads (the bytes do not
 * depend on it).  midway, when not NULL, is called half-way through the
 * data (the resume test's kill).  Returns 0, or -1 with a reason (nothing
 * changes then). */
int table_chain_append(table_chain *ch, const char *dir, int part, const state_blob *blobs, int n, int threads,
                       void (*midway)(void *ctx), void *ctx, char *err, int errlen);

/* The chain as the header names it: {"segments": [...], "bytes": the
 * state's size} (a new reference). */
json_t *table_chain_entry(const table_chain *ch, uint64_t state_bytes);
/* Whether `name` is a file of the chain `entry` describes. */
bool table_chain_names(const json_t *entry, const char *name);

/* Checks the chain an entry of a header describes against the files of
 * dir: every segment there, of its size and SHA-256, each naming the one
 * before.  0, or -1 with a reason (after "cannot resume from DIR: "). */
int table_chain_verify(const char *dir, const json_t *entry, char *why, int whylen);
/* Reads the chain (verified) into the state's blobs: the first segment
 * must cover every byte.  0, or -1 with a reason. */
int table_chain_load(const char *dir, const json_t *entry, const state_blob *blobs, int n, char *why, int whylen);
/* Takes over a loaded chain, so that the next save appends to it: its
 * segments and the hashes of the state as loaded. */
void table_chain_adopt(table_chain *ch, const json_t *entry, const state_blob *blobs, int n, int threads);

#endif
