/*
 * table_chain.c -- a sweep's state as a chain of segment files: writing a
 * segment of what changed, and checking and reading a chain back (see
 * table_chain.h).
 */
#include "verifier/run/table_chain.h"

#include <errno.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <lz4.h>
#include <xxhash.h>

#include "core/engine/xalloc.h"
#include "verifier/base/fd_io.h"
#include "verifier/base/hex.h"
#include "verifier/base/json_checked.h"

static const char MAGIC[8] = {'V', 'S', 'E', 'G', 'M', 'T', '0', '2'};

/* The most bytes of the state one record holds: runs longer are cut
 * into records of this size, each compressed on its own (so that a
 * reader needs one record's room, whatever the state's size). */
#define RECORD_RAW ((uint64_t)1 << 20)
/* LZ4 compresses the tables about 15 times at 2 GB/s a core: less to
 * write and to checksum than the bytes themselves, and fast enough that a
 * checkpoint costs little beside the sweep (zstd's fastest levels were
 * three times slower here; docs/checkpoints.md). */
#define RECORD_BOUND ((size_t)LZ4_COMPRESSBOUND(RECORD_RAW))

/* Most segments a chain may list (a header naming more is not ours). */
#define MAX_SEGMENTS 100000

void table_chain_free(table_chain *ch)
{
    json_decref(ch->segments);
    free(ch->hashes);
    memset(ch, 0, sizeof *ch);
}

static uint64_t blocks_of(uint64_t bytes)
{
    return (bytes + TABLE_CHAIN_BLOCK - 1) / TABLE_CHAIN_BLOCK;
}

uint64_t table_chain_bytes_bound(uint64_t state_bytes, int threads)
{
    /* (The state's blobs each round up to whole blocks: one block a blob
     * more at most, SWEEP_MAX_BLOBS of them.) */
    uint64_t blocks = blocks_of(state_bytes) + SWEEP_MAX_BLOBS;
    uint64_t batch = 4 * (uint64_t)(threads < 1 ? 1 : threads) * (RECORD_BOUND + sizeof(int));
    /* (A record: blob, offset and length, 24 bytes.) */
    return blocks * (2 * 2 * sizeof(uint64_t) + 2 * 3 * sizeof(uint64_t)) + batch;
}

static uint64_t blocks_of_state(const state_blob *blobs, int n)
{
    uint64_t k = 0;
    for (int i = 0; i < n; i++)
        k += blocks_of(blobs[i].bytes);
    return k;
}

/* The hash of every block, the blobs one after another, into h (two
 * words a block). */
static void hash_blocks(const state_blob *blobs, int n, uint64_t *h, int threads)
{
    uint64_t at = 0;
    for (int i = 0; i < n; i++) {
        const uint8_t *p = blobs[i].data;
        uint64_t bytes = blobs[i].bytes, nb = blocks_of(bytes);
        uint64_t *hi = h + 2 * at;
#pragma omp parallel for schedule(static) num_threads(threads)
        for (uint64_t k = 0; k < nb; k++) {
            uint64_t off = k * TABLE_CHAIN_BLOCK, len = bytes - off < TABLE_CHAIN_BLOCK ? bytes - off : TABLE_CHAIN_BLOCK;
            XXH128_hash_t x = XXH3_128bits(p + off, (size_t)len);
            hi[2 * k] = x.low64;
            hi[2 * k + 1] = x.high64;
        }
        at += nb;
    }
}

/* ---- writing ---- */

typedef struct {
    int fd;
    struct sha256_ctx sha;
    uint64_t bytes;      /* written to the file                      */
    uint64_t raw;        /* bytes of the state its records hold       */
    int bad;
} seg_writer;

/* One record: blob i's bytes [off, off + len), len <= RECORD_RAW. */
typedef struct {
    uint32_t blob;
    uint64_t off, len;
} record;

typedef struct {
    record *at;
    size_t n, cap;
} record_list;

static void add_record(record_list *l, int blob, uint64_t off, uint64_t len)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->at = xrealloc(l->at, l->cap * sizeof *l->at, "a checkpoint's list of records");
    }
    l->at[l->n++] = (record){(uint32_t)blob, off, len};
}

/* Blob i's bytes [off, off + len) as records of at most RECORD_RAW bytes
 * (one, empty, for an empty blob: the first segment names every blob). */
static void add_run(record_list *l, int i, uint64_t off, uint64_t len)
{
    do {
        uint64_t k = len < RECORD_RAW ? len : RECORD_RAW;
        add_record(l, i, off, k);
        off += k;
        len -= k;
    } while (len > 0);
}

static void put(seg_writer *w, const void *data, uint64_t bytes)
{
    sha256_update(&w->sha, (size_t)bytes, data);
    w->bytes += bytes;
    if (!w->bad && fd_write_all(w->fd, data, bytes) != 0)
        w->bad = errno;
}

static void put_u32(seg_writer *w, uint32_t v)
{
    uint8_t b[4];
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> (8 * i));
    put(w, b, 4);
}

static void put_u64(seg_writer *w, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (8 * i));
    put(w, b, 8);
}

/* The records of the changed blocks (every block when `all`): each run
 * the longest stretch of changed blocks of one blob. */
static void list_changes(record_list *l, const state_blob *blobs, int n, const uint64_t *old, const uint64_t *now,
                         bool all)
{
    uint64_t at = 0;  /* the blob's first block among all the blobs' */
    for (int i = 0; i < n; i++) {
        uint64_t nb = blocks_of(blobs[i].bytes), start = 0;
        bool in_run = false;
        for (uint64_t k = 0; k <= nb && !all; k++) {
            const uint64_t *o = old + 2 * (at + k), *c = now + 2 * (at + k);
            bool changed = k < nb && (o[0] != c[0] || o[1] != c[1]);
            if (changed && !in_run) {
                start = k;
                in_run = true;
            } else if (!changed && in_run) {
                uint64_t off = start * TABLE_CHAIN_BLOCK, end = k * TABLE_CHAIN_BLOCK;
                add_run(l, i, off, (end < blobs[i].bytes ? end : blobs[i].bytes) - off);
                in_run = false;
            }
        }
        if (all)
            add_run(l, i, 0, blobs[i].bytes);
        at += nb;
    }
}

/* Writes the records: compressed a batch at a time on `threads` threads
 * (each record on its own, so the bytes do not depend on the thread
 * count), written in order: blob (u32), compressed length (u32), offset,
 * length (u64), the compressed bytes.  Calls midway half-way through. */
static void put_records(seg_writer *w, const record_list *l, const state_blob *blobs, int threads,
                        void (*midway)(void *), void *ctx)
{
    size_t batch = (size_t)(4 * threads), cap = RECORD_BOUND;
    uint8_t *packed = xmalloc(batch * cap, "a checkpoint's compressed records");
    int *sizes = xmalloc(batch * sizeof *sizes, "a checkpoint's compressed records");
    bool called = false;
    for (size_t first = 0; first < l->n && !w->bad; first += batch) {
        size_t k = l->n - first < batch ? l->n - first : batch;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
        for (size_t j = 0; j < k; j++) {
            const record *r = &l->at[first + j];
            sizes[j] = LZ4_compress_default((const char *)blobs[r->blob].data + r->off, (char *)packed + j * cap,
                                            (int)r->len, (int)cap);
        }
        for (size_t j = 0; j < k; j++) {
            const record *r = &l->at[first + j];
            /* (0 only for a record longer than LZ4 takes: never.) */
            if (sizes[j] <= 0 && r->len > 0)
                die("internal error: LZ4 could not compress a record of %llu bytes", (unsigned long long)r->len);
            put_u32(w, r->blob);
            put_u32(w, (uint32_t)sizes[j]);
            put_u64(w, r->off);
            put_u64(w, r->len);
            put(w, packed + j * cap, (uint64_t)sizes[j]);
            w->raw += r->len;
        }
        if (midway && !called && first + k >= l->n / 2) {
            midway(ctx);
            called = true;
        }
    }
    if (midway && !called)
        midway(ctx);
    free(sizes);
    free(packed);
}

int table_chain_append(table_chain *ch, const char *dir, int part, const state_blob *blobs, int n, int threads,
                       void (*midway)(void *ctx), void *ctx, char *err, int errlen)
{
    if (threads < 1)
        threads = 1;
    uint64_t state = 0;
    for (int i = 0; i < n; i++)
        state += blobs[i].bytes;
    uint64_t nblocks = blocks_of_state(blobs, n);
    /* A new chain: the first save, a state of another shape, or later
     * segments that add up to the state itself (the next restore would
     * read more than twice the state). */
    bool fresh = !ch->segments || ch->nblocks != nblocks || ch->later_raw >= state;
    uint64_t *now = xmalloc((size_t)(2 * nblocks + 1) * sizeof *now, "a checkpoint's block hashes");
    hash_blocks(blobs, n, now, threads);
    unsigned gen = ch->generation + 1;
    char name[64], path[4352], tmp[4400];
    if (part >= 0)
        snprintf(name, sizeof name, "table-%u.r%d.bin", gen, part);
    else
        snprintf(name, sizeof name, "table-%u.bin", gen);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    seg_writer w = {.fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)};
    if (w.fd < 0) {
        snprintf(err, (size_t)errlen, "cannot write the checkpoint %s: %s", tmp, strerror(errno));
        free(now);
        return -1;
    }
    sha256_init(&w.sha);
    static const uint8_t zeros[32];
    put(&w, MAGIC, sizeof MAGIC);
    put(&w, fresh ? zeros : ch->last_sha, 32);
    put_u32(&w, (uint32_t)n);
    put_u32(&w, 0);
    for (int i = 0; i < n; i++)
        put_u64(&w, blobs[i].bytes);
    record_list records = {0};
    list_changes(&records, blobs, n, ch->hashes, now, fresh);
    put_records(&w, &records, blobs, threads, midway, ctx);
    free(records.at);
    if (!w.bad && fsync(w.fd) != 0)
        w.bad = errno;
    if (close(w.fd) != 0 && !w.bad)
        w.bad = errno;
    if (w.bad || rename(tmp, path) != 0) {
        snprintf(err, (size_t)errlen, "cannot write the checkpoint %s: %s", tmp, strerror(w.bad ? w.bad : errno));
        unlink(tmp);
        free(now);
        return -1;
    }
    uint8_t digest[SHA256_DIGEST_SIZE];
    char hex[65];
    sha256_digest(&w.sha, SHA256_DIGEST_SIZE, digest);
    hex_encode(digest, sizeof digest, hex);
    if (fresh) {
        json_decref(ch->segments);
        ch->segments = jx_must(json_array());
        ch->later_raw = 0;
    } else
        ch->later_raw += w.raw;
    jx_append(ch->segments, jx_must(json_pack("{s:s, s:I, s:s, s:I}", "file", name, "bytes", (json_int_t)w.bytes,
                                              "sha256", hex, "raw", (json_int_t)w.raw)));
    memcpy(ch->last_sha, digest, 32);
    ch->last_raw = w.raw;
    free(ch->hashes);
    ch->hashes = now;
    ch->nblocks = nblocks;
    ch->generation = gen;
    return 0;
}

json_t *table_chain_entry(const table_chain *ch, uint64_t state_bytes)
{
    return jx_must(json_pack("{s:O, s:I}", "segments", ch->segments, "bytes", (json_int_t)state_bytes));
}

bool table_chain_names(const json_t *entry, const char *name)
{
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(entry, "segments"), i, v) {
        const char *f = json_string_value(json_object_get(v, "file"));
        if (f && strcmp(f, name) == 0)
            return true;
    }
    return false;
}

/* ---- reading back ---- */

/* A segment's entry: a file of the verifier's own naming (table-..., no
 * path, short enough), its size, its SHA-256 and the bytes of the state
 * it holds. */
static bool segment_entry(const json_t *seg, const char **file, uint64_t *bytes, uint8_t sha[32], uint64_t *raw)
{
    json_t *b = json_object_get(seg, "bytes"), *w = json_object_get(seg, "raw");
    const char *hex = json_string_value(json_object_get(seg, "sha256"));
    *file = json_string_value(json_object_get(seg, "file"));
    if (!*file || strchr(*file, '/') || strncmp(*file, "table-", 6) != 0 || strlen(*file) >= 64 || !hex ||
        strlen(hex) != 64 || hex_decode(hex, sha, 32) != 0 || !json_is_integer(b) || json_integer_value(b) < 0 ||
        !json_is_integer(w) || json_integer_value(w) < 0)
        return false;
    *bytes = (uint64_t)json_integer_value(b);
    *raw = (uint64_t)json_integer_value(w);
    return true;
}

/* The segments of an entry, range-checked: NULL when it is not a chain
 * the verifier wrote. */
static json_t *segments_of(const json_t *entry)
{
    json_t *segs = json_object_get(entry, "segments");
    if (!json_is_array(segs) || json_array_size(segs) == 0 || json_array_size(segs) > MAX_SEGMENTS)
        return NULL;
    return segs;
}

int table_chain_verify(const char *dir, const json_t *entry, char *why, int whylen)
{
    json_t *segs = segments_of(entry);
    if (!segs) {
        snprintf(why, (size_t)whylen, "its checkpoint is corrupt (table)");
        return -1;
    }
    uint8_t prev[32] = {0}, want[32];
    enum { PIECE = 1 << 20 };
    uint8_t *buf = xmalloc(PIECE, "reading a checkpoint");
    size_t i;
    json_t *seg;
    int rc = 0;
    json_array_foreach(segs, i, seg) {
        const char *file;
        uint64_t bytes, raw;
        if (!segment_entry(seg, &file, &bytes, want, &raw)) {
            snprintf(why, (size_t)whylen, "its checkpoint is corrupt (table)");
            rc = -1;
            break;
        }
        char path[4352];
        snprintf(path, sizeof path, "%s/%s", dir, file);
        struct stat st;
        if (stat(path, &st) != 0 || (uint64_t)st.st_size != bytes) {
            snprintf(why, (size_t)whylen, "its table file %.64s is missing or has the wrong size", file);
            rc = -1;
            break;
        }
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            snprintf(why, (size_t)whylen, "%s", strerror(errno));
            rc = -1;
            break;
        }
        struct sha256_ctx ctx;
        sha256_init(&ctx);
        ssize_t r;
        uint64_t seen = 0;
        uint8_t head[40];
        while ((r = read(fd, buf, PIECE)) != 0) {
            if (r < 0 && errno == EINTR)
                continue;
            if (r < 0)
                break;
            /* The magic and the link to the segment before. */
            for (ssize_t k = 0; k < r && seen + (uint64_t)k < sizeof head; k++)
                head[seen + (uint64_t)k] = buf[k];
            seen += (uint64_t)r;
            sha256_update(&ctx, (size_t)r, buf);
        }
        close(fd);
        uint8_t got[32];
        sha256_digest(&ctx, 32, got);
        if (r < 0 || memcmp(got, want, 32) != 0) {
            snprintf(why, (size_t)whylen, "its table file %.64s is corrupt (checksum)", file);
            rc = -1;
            break;
        }
        if (seen < sizeof head || memcmp(head, MAGIC, 8) != 0 || memcmp(head + 8, prev, 32) != 0) {
            snprintf(why, (size_t)whylen, "its table file %.64s is not the next link of its chain", file);
            rc = -1;
            break;
        }
        memcpy(prev, want, 32);
    }
    free(buf);
    return rc;
}

static uint64_t get_le(const uint8_t *b, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}

/* Applies one segment to the blobs; the first of a chain (first) must
 * hold each blob whole, in order. */
static int apply_segment(const char *path, bool first, const state_blob *blobs, int n)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    uint8_t head[48];
    int rc = fd_read_exact(fd, head, sizeof head);
    if (rc == 0 && get_le(head + 40, 4) != (uint64_t)n)
        rc = -1;
    for (int i = 0; i < n && rc == 0; i++) {
        uint8_t b[8];
        rc = fd_read_exact(fd, b, 8) != 0 || get_le(b, 8) != blobs[i].bytes ? -1 : 0;
    }
    size_t cap = RECORD_BOUND;
    uint8_t *packed = xmalloc(cap, "reading a checkpoint");
    /* The first segment: the blob being read and where its next record
     * must start (each blob whole, in order, at least one record each). */
    uint64_t blob = 0, at = 0;
    bool started = false;
    while (rc == 0) {
        uint8_t rec[24];
        ssize_t r = read(fd, rec, 1);
        if (r == 0)
            break;
        if (r < 0 || fd_read_exact(fd, rec + 1, sizeof rec - 1) != 0) {
            rc = -1;
            break;
        }
        uint64_t i = get_le(rec, 4), c = get_le(rec + 4, 4), off = get_le(rec + 8, 8), len = get_le(rec + 16, 8);
        if (first && started && i != blob) {
            if (at != blobs[blob].bytes || i != blob + 1) {
                rc = -1;
                break;
            }
            blob = i;
            at = 0;
        }
        if (i >= (uint64_t)n || off > blobs[i].bytes || len > blobs[i].bytes - off || len > RECORD_RAW ||
            c > cap || (first && (i != blob || off != at))) {
            rc = -1;
            break;
        }
        if (fd_read_exact(fd, packed, c) != 0 ||
            LZ4_decompress_safe((const char *)packed, (char *)blobs[i].data + off, (int)c, (int)len) != (int)len) {
            rc = -1;
            break;
        }
        started = true;
        at = off + len;
    }
    free(packed);
    close(fd);
    /* The first segment ends with the last blob whole. */
    if (rc == 0 && first && !(started && blob == (uint64_t)n - 1 && at == blobs[n - 1].bytes))
        rc = -1;
    return rc;
}

int table_chain_load(const char *dir, const json_t *entry, const state_blob *blobs, int n, char *why, int whylen)
{
    json_t *segs = segments_of(entry);
    if (!segs) {
        snprintf(why, (size_t)whylen, "its checkpoint is corrupt (table)");
        return -1;
    }
    size_t i;
    json_t *seg;
    json_array_foreach(segs, i, seg) {
        char path[4352];
        snprintf(path, sizeof path, "%s/%s", dir, json_string_value(json_object_get(seg, "file")));
        if (apply_segment(path, i == 0, blobs, n) != 0) {
            snprintf(why, (size_t)whylen, "its table file %.64s does not fit this table",
                     json_string_value(json_object_get(seg, "file")));
            return -1;
        }
    }
    return 0;
}

void table_chain_adopt(table_chain *ch, const json_t *entry, const state_blob *blobs, int n, int threads)
{
    table_chain_free(ch);
    json_t *segs = segments_of(entry);
    if (!segs)
        return;
    ch->segments = jx_must(json_deep_copy(segs));
    size_t i;
    json_t *seg;
    json_array_foreach(segs, i, seg) {
        const char *file;
        uint64_t bytes, raw;
        uint8_t sha[32];
        if (!segment_entry(seg, &file, &bytes, sha, &raw))
            continue;
        if (i > 0)
            ch->later_raw += raw;
        memcpy(ch->last_sha, sha, 32);
        unsigned gen = 0;
        if (sscanf(file, "table-%u", &gen) == 1 && gen > ch->generation)
            ch->generation = gen;
    }
    ch->nblocks = blocks_of_state(blobs, n);
    ch->hashes = xmalloc((size_t)(2 * ch->nblocks + 1) * sizeof *ch->hashes, "a checkpoint's block hashes");
    hash_blocks(blobs, n, ch->hashes, threads < 1 ? 1 : threads);
}
