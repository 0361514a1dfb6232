/*
 * test_table_chain.c -- a checkpoint's table as a chain of segments
 * (verifier/run/table_chain.h): the first segment holds the whole state,
 * a later one only the blocks that changed, and the chain read back is the
 * state; a segment that is cut, changed, missing, of another chain or out
 * of order is refused; the chain starts again once its later segments add
 * up to the state; a chain taken over after a resume goes on appending
 * only what changed; the bytes do not depend on the thread count.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

#include <cmocka.h>

#include "verifier/base/fd_io.h"
#include "verifier/run/table_chain.h"

#define B TABLE_CHAIN_BLOCK
/* A state of two blobs, neither a whole number of blocks. */
#define SIZE0 (9 * B + 123)
#define SIZE1 (3 * B + 5)

typedef struct {
    char dir[64];
    uint8_t *a, *b;
    state_blob blobs[2];
} state;

static void state_new(state *s)
{
    snprintf(s->dir, sizeof s->dir, "/tmp/sn-chain-XXXXXX");
    assert_non_null(mkdtemp(s->dir));
    s->a = malloc(SIZE0);
    s->b = malloc(SIZE1);
    for (uint64_t i = 0; i < SIZE0; i++)
        s->a[i] = (uint8_t)(i * 7 + 3);
    for (uint64_t i = 0; i < SIZE1; i++)
        s->b[i] = (uint8_t)(i * 13 + 1);
    s->blobs[0] = (state_blob){"a", s->a, SIZE0};
    s->blobs[1] = (state_blob){"b", s->b, SIZE1};
}

static void state_free(state *s)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", s->dir);
    assert_int_equal(system(cmd), 0);
    free(s->a);
    free(s->b);
}

static void append_on(table_chain *ch, state *s, int threads)
{
    char err[512];
    int rc = table_chain_append(ch, s->dir, -1, s->blobs, 2, threads, NULL, NULL, err, sizeof err);
    if (rc != 0)
        fail_msg("%s", err);
}

static void append(table_chain *ch, state *s)
{
    append_on(ch, s, 2);
}

/* The bytes of the state segment k holds (as the header says: "raw"). */
static uint64_t held(const table_chain *ch, size_t k)
{
    return (uint64_t)json_integer_value(json_object_get(json_array_get(ch->segments, k), "raw"));
}

/* The chain's entry verifies, and reads back into fresh blobs as the state. */
static void assert_reads_back(const state *s, const table_chain *ch)
{
    char why[256];
    json_t *entry = table_chain_entry(ch, SIZE0 + SIZE1);
    int rc = table_chain_verify(s->dir, entry, why, sizeof why);
    if (rc != 0)
        fail_msg("%s", why);
    uint8_t *a = calloc(1, SIZE0), *b = calloc(1, SIZE1);
    state_blob into[2] = {{"a", a, SIZE0}, {"b", b, SIZE1}};
    rc = table_chain_load(s->dir, entry, into, 2, why, sizeof why);
    if (rc != 0)
        fail_msg("%s", why);
    assert_memory_equal(a, s->a, SIZE0);
    assert_memory_equal(b, s->b, SIZE1);
    free(a);
    free(b);
    json_decref(entry);
}


static void test_later_segments_hold_what_changed(void **unused)
{
    (void)unused;
    state s;
    state_new(&s);
    table_chain ch = {0};
    append(&ch, &s);
    assert_int_equal(held(&ch, 0), SIZE0 + SIZE1);
    assert_int_equal(ch.last_raw, SIZE0 + SIZE1);
    assert_reads_back(&s, &ch);
    /* One byte in block 4 of a, and the last (short) block of b. */
    s.a[4 * B + 17] ^= 0xff;
    s.b[SIZE1 - 1] ^= 0x5a;
    append(&ch, &s);
    assert_int_equal(json_array_size(ch.segments), 2);
    assert_int_equal(held(&ch, 1), B + 5);
    assert_reads_back(&s, &ch);
    /* Nothing changed: a segment of its header alone. */
    append(&ch, &s);
    assert_int_equal(held(&ch, 2), 0);
    /* Two neighbouring blocks and the blob's short last one: one run of
     * two blocks, one of 123 bytes. */
    s.a[2 * B] ^= 1;
    s.a[3 * B + 1] ^= 1;
    s.a[SIZE0 - 1] ^= 1;
    append(&ch, &s);
    assert_int_equal(held(&ch, 3), 2 * B + 123);
    assert_reads_back(&s, &ch);
    table_chain_free(&ch);
    state_free(&s);
}

static void test_chain_starts_again(void **unused)
{
    (void)unused;
    state s;
    state_new(&s);
    table_chain ch = {0};
    append(&ch, &s);
    /* Every byte changes at every save: the later segments reach the
     * state's size after one, and the next save starts a new chain. */
    for (int round = 0; round < 2; round++) {
        for (uint64_t i = 0; i < SIZE0; i++)
            s.a[i]++;
        for (uint64_t i = 0; i < SIZE1; i++)
            s.b[i]++;
        append(&ch, &s);
    }
    assert_int_equal(json_array_size(ch.segments), 1);
    assert_reads_back(&s, &ch);
    table_chain_free(&ch);
    state_free(&s);
}

/* Copies file `from` of dir to `to`. */
static void copy_file(const char *dir, const char *from, const char *to)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cp '%s/%s' '%s/%s'", dir, from, dir, to);
    assert_int_equal(system(cmd), 0);
}

static void test_refuses_broken_chains(void **unused)
{
    (void)unused;
    state s;
    state_new(&s);
    table_chain ch = {0};
    append(&ch, &s);
    s.a[5] ^= 1;
    append(&ch, &s);
    s.b[5] ^= 1;
    append(&ch, &s);
    char why[256];
    json_t *entry = table_chain_entry(&ch, SIZE0 + SIZE1), *segs = json_object_get(entry, "segments");
    assert_int_equal(table_chain_verify(s.dir, entry, why, sizeof why), 0);

    /* Out of order: the second and third swapped (names, sizes and
     * checksums with them, as a header written that way would have). */
    json_t *swapped = json_deep_copy(entry), *ss = json_object_get(swapped, "segments");
    json_t *two = json_incref(json_array_get(ss, 1));
    json_array_set(ss, 1, json_array_get(ss, 2));
    json_array_set_new(ss, 2, two);
    assert_int_equal(table_chain_verify(s.dir, swapped, why, sizeof why), -1);
    assert_non_null(strstr(why, "not the next link of its chain"));
    json_decref(swapped);

    /* A segment of another chain with the same state: the other chain's
     * second segment, under this chain's name and with its own checksum. */
    state t;
    state_new(&t);
    t.a[5] ^= 2;
    table_chain other = {0};
    append(&other, &t);
    t.a[6] ^= 1;
    append(&other, &t);
    json_t *foreign = json_deep_copy(entry), *fs = json_object_get(foreign, "segments");
    json_t *theirs = json_array_get(other.segments, 1);
    const char *name = json_string_value(json_object_get(json_array_get(fs, 1), "file"));
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cp '%s/%s' '%s/foreign.bin'", t.dir,
             json_string_value(json_object_get(theirs, "file")), s.dir);
    assert_int_equal(system(cmd), 0);
    copy_file(s.dir, name, "saved.bin");
    copy_file(s.dir, "foreign.bin", name);
    json_object_set(json_array_get(fs, 1), "sha256", json_object_get(theirs, "sha256"));
    json_object_set(json_array_get(fs, 1), "bytes", json_object_get(theirs, "bytes"));
    assert_int_equal(table_chain_verify(s.dir, foreign, why, sizeof why), -1);
    assert_non_null(strstr(why, "not the next link of its chain"));
    copy_file(s.dir, "saved.bin", name);
    json_decref(foreign);
    table_chain_free(&other);
    state_free(&t);

    /* A later segment alone, as if it were the first: not a first link. */
    json_t *tail = json_deep_copy(entry);
    json_array_remove(json_object_get(tail, "segments"), 0);
    assert_int_equal(table_chain_verify(s.dir, tail, why, sizeof why), -1);
    /* ... and its runs do not cover the state, were it read. */
    uint8_t *a = calloc(1, SIZE0), *b = calloc(1, SIZE1);
    state_blob into[2] = {{"a", a, SIZE0}, {"b", b, SIZE1}};
    assert_int_equal(table_chain_load(s.dir, tail, into, 2, why, sizeof why), -1);
    json_decref(tail);

    /* A state of another shape. */
    into[1].bytes = SIZE1 - 1;
    assert_int_equal(table_chain_load(s.dir, entry, into, 2, why, sizeof why), -1);
    assert_non_null(strstr(why, "does not fit this table"));
    free(a);
    free(b);

    /* Another magic, its checksum in the header made to match, in a chain
     * of that segment alone: refused by the magic alone (the link before
     * the first segment is zeros). */
    {
        const char *first = json_string_value(json_object_get(json_array_get(segs, 0), "file"));
        copy_file(s.dir, first, "first.bin");
        char fpath[256];
        snprintf(fpath, sizeof fpath, "%s/%s", s.dir, first);
        FILE *g = fopen(fpath, "r+b");
        assert_non_null(g);
        assert_int_equal(fputc('W', g), 'W');
        assert_int_equal(fclose(g), 0);
        char cmd[600], hex[65] = "";
        snprintf(cmd, sizeof cmd, "sha256sum '%s'", fpath);
        FILE *sum = popen(cmd, "r");
        assert_non_null(sum);
        assert_int_equal(fscanf(sum, "%64s", hex), 1);
        pclose(sum);
        /* The first segment alone: no later link reads its checksum. */
        json_t *other = json_deep_copy(entry), *os = json_object_get(other, "segments");
        while (json_array_size(os) > 1)
            json_array_remove(os, 1);
        json_object_set_new(json_array_get(os, 0), "sha256", json_string(hex));
        assert_int_equal(table_chain_verify(s.dir, other, why, sizeof why), -1);
        assert_non_null(strstr(why, "not the next link of its chain"));
        json_decref(other);
        copy_file(s.dir, "first.bin", first);
        assert_int_equal(table_chain_verify(s.dir, entry, why, sizeof why), 0);
    }

    /* A changed byte, a cut file, a missing file. */
    const char *last = json_string_value(json_object_get(json_array_get(segs, 2), "file"));
    copy_file(s.dir, last, "saved.bin");
    char path[256];
    snprintf(path, sizeof path, "%s/%s", s.dir, last);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, 70, SEEK_SET);
    fputc('X', f);
    fclose(f);
    assert_int_equal(table_chain_verify(s.dir, entry, why, sizeof why), -1);
    assert_non_null(strstr(why, "corrupt (checksum)"));
    assert_int_equal(truncate(path, 10), 0);
    assert_int_equal(table_chain_verify(s.dir, entry, why, sizeof why), -1);
    assert_non_null(strstr(why, "missing or has the wrong size"));
    unlink(path);
    assert_int_equal(table_chain_verify(s.dir, entry, why, sizeof why), -1);
    assert_non_null(strstr(why, "missing or has the wrong size"));
    copy_file(s.dir, "saved.bin", last);
    assert_int_equal(table_chain_verify(s.dir, entry, why, sizeof why), 0);

    /* Names that are not the verifier's. */
    json_t *named = json_deep_copy(entry);
    json_object_set_new(json_array_get(json_object_get(named, "segments"), 0), "file", json_string("../x.bin"));
    assert_int_equal(table_chain_verify(s.dir, named, why, sizeof why), -1);
    json_decref(named);
    json_decref(entry);
    table_chain_free(&ch);
    state_free(&s);
}

/* A state whose shape changed (a blob grew or shrank, as the values beyond
 * 64 bits of a table of probabilities do) starts a new chain: appended to
 * the old one its segment would list runs against blocks of another shape
 * and the first segment would not fit it. */
static void test_another_shape_starts_a_chain(void **unused)
{
    (void)unused;
    state s;
    state_new(&s);
    table_chain ch = {0};
    append(&ch, &s);
    s.a[7] ^= 1;
    append(&ch, &s);
    assert_int_equal(json_array_size(ch.segments), 2);
    /* Blob b one block shorter. */
    s.blobs[1].bytes = SIZE1 - B;
    append(&ch, &s);
    assert_int_equal(json_array_size(ch.segments), 1);
    assert_int_equal(held(&ch, 0), SIZE0 + SIZE1 - B);
    char why[256];
    json_t *entry = table_chain_entry(&ch, SIZE0 + SIZE1 - B);
    assert_int_equal(table_chain_verify(s.dir, entry, why, sizeof why), 0);
    uint8_t *a = calloc(1, SIZE0), *b = calloc(1, SIZE1);
    state_blob into[2] = {{"a", a, SIZE0}, {"b", b, SIZE1 - B}};
    assert_int_equal(table_chain_load(s.dir, entry, into, 2, why, sizeof why), 0);
    assert_memory_equal(a, s.a, SIZE0);
    assert_memory_equal(b, s.b, SIZE1 - B);
    free(a);
    free(b);
    json_decref(entry);
    table_chain_free(&ch);
    state_free(&s);
}

/* A first segment must end with its last blob whole: one whose last record
 * (the end of a blob of more than one record) is cut away is refused,
 * never read with the blob's end left as it was. */
static void test_a_first_segment_holds_its_last_blob_whole(void **unused)
{
    (void)unused;
    state s;
    state_new(&s);
    /* Blob b of 1 MiB and 100 bytes: two records, the second of 100. */
    uint64_t big = ((uint64_t)1 << 20) + 100;
    uint8_t *b = malloc(big);
    for (uint64_t i = 0; i < big; i++)
        b[i] = (uint8_t)(i * 31 + 7);
    s.blobs[1] = (state_blob){"b", b, big};
    table_chain ch = {0};
    append(&ch, &s);
    char why[256], path[256];
    json_t *entry = table_chain_entry(&ch, SIZE0 + big);
    const char *first = json_string_value(json_object_get(json_array_get(json_object_get(entry, "segments"), 0),
                                                          "file"));
    snprintf(path, sizeof path, "%s/%s", s.dir, first);
    /* Walk the records (after the 8 + 32 + 8 + 2 x 8 bytes of the head)
     * to the last one's start. */
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    long at = 64, last = -1;
    uint8_t rec[24];
    while (fseek(f, at, SEEK_SET) == 0 && fread(rec, 1, sizeof rec, f) == sizeof rec) {
        uint32_t c = (uint32_t)rec[4] | (uint32_t)rec[5] << 8 | (uint32_t)rec[6] << 16 | (uint32_t)rec[7] << 24;
        last = at;
        at += (long)sizeof rec + (long)c;
    }
    fclose(f);
    assert_true(last > 64);
    uint8_t *a2 = calloc(1, SIZE0), *b2 = calloc(1, big);
    state_blob into[2] = {{"a", a2, SIZE0}, {"b", b2, big}};
    assert_int_equal(table_chain_load(s.dir, entry, into, 2, why, sizeof why), 0);
    assert_int_equal(truncate(path, last), 0);
    assert_int_equal(table_chain_load(s.dir, entry, into, 2, why, sizeof why), -1);
    assert_non_null(strstr(why, "does not fit this table"));
    free(a2);
    free(b2);
    json_decref(entry);
    table_chain_free(&ch);
    free(s.b);
    s.b = b;
    state_free(&s);
}

/* A first segment must hold each blob whole before the next: one whose
 * first blob's last record (of two) is cut out of the middle of the file,
 * the second blob whole after it, is refused. */
static void test_a_first_segment_holds_each_blob_whole(void **unused)
{
    (void)unused;
    state s;
    state_new(&s);
    uint64_t big = ((uint64_t)1 << 20) + 100;
    uint8_t *a = malloc(big);
    for (uint64_t i = 0; i < big; i++)
        a[i] = (uint8_t)(i * 17 + 5);
    s.blobs[0] = (state_blob){"a", a, big};
    table_chain ch = {0};
    append(&ch, &s);
    char why[256], path[256];
    json_t *entry = table_chain_entry(&ch, big + SIZE1);
    const char *first = json_string_value(json_object_get(json_array_get(json_object_get(entry, "segments"), 0),
                                                          "file"));
    snprintf(path, sizeof path, "%s/%s", s.dir, first);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    uint8_t *file = malloc((size_t)size);
    fseek(f, 0, SEEK_SET);
    assert_int_equal(fread(file, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    /* The records: blob 0's two, then blob 1's; the second cut out. */
    long at = 64, starts[8];
    int nrec = 0;
    while (at < size && nrec < 8) {
        starts[nrec++] = at;
        uint32_t c = (uint32_t)file[at + 4] | (uint32_t)file[at + 5] << 8 | (uint32_t)file[at + 6] << 16 |
                     (uint32_t)file[at + 7] << 24;
        at += 24 + (long)c;
    }
    assert_true(nrec >= 3);
    assert_int_equal(file[starts[1]], 0);
    assert_int_equal(file[starts[2]], 1);
    f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(file, 1, (size_t)starts[1], f);
    fwrite(file + starts[2], 1, (size_t)(size - starts[2]), f);
    fclose(f);
    uint8_t *a2 = calloc(1, big), *b2 = calloc(1, SIZE1);
    state_blob into[2] = {{"a", a2, big}, {"b", b2, SIZE1}};
    assert_int_equal(table_chain_load(s.dir, entry, into, 2, why, sizeof why), -1);
    assert_non_null(strstr(why, "does not fit this table"));
    free(file);
    free(a2);
    free(b2);
    json_decref(entry);
    table_chain_free(&ch);
    free(s.a);
    s.a = a;
    state_free(&s);
}

static void test_adopted_chain_appends_changes(void **unused)
{
    (void)unused;
    state s;
    state_new(&s);
    table_chain ch = {0};
    append(&ch, &s);
    s.a[B + 1] ^= 1;
    append(&ch, &s);
    json_t *entry = table_chain_entry(&ch, SIZE0 + SIZE1);
    table_chain_free(&ch);
    /* A resumed run: the state read back, the chain taken over. */
    table_chain taken = {0};
    table_chain_adopt(&taken, entry, s.blobs, 2, 1);
    json_decref(entry);
    assert_int_equal(json_array_size(taken.segments), 2);
    s.b[2 * B] ^= 1;
    append(&taken, &s);
    assert_int_equal(json_array_size(taken.segments), 3);
    assert_int_equal(held(&taken, 2), B);
    /* Its name goes on from the chain's (no file is overwritten). */
    assert_string_equal(json_string_value(json_object_get(json_array_get(taken.segments, 2), "file")),
                        "table-3.bin");
    assert_reads_back(&s, &taken);
    table_chain_free(&taken);
    state_free(&s);
}

/* The same segments, byte for byte, whatever the thread count. */
static void test_same_bytes_any_threads(void **unused)
{
    (void)unused;
    char sums[2][512];
    for (int t = 1; t <= 2; t++) {
        state s;
        state_new(&s);
        table_chain ch = {0};
        append_on(&ch, &s, t == 1 ? 1 : 3);
        s.a[7 * B] ^= 1;
        append_on(&ch, &s, t == 1 ? 1 : 3);
        char cmd[256];
        snprintf(cmd, sizeof cmd, "cd '%s' && cat table-1.bin table-2.bin | sha256sum", s.dir);
        FILE *p = popen(cmd, "r");
        assert_non_null(fgets(sums[t - 1], sizeof sums[0], p));
        pclose(p);
        table_chain_free(&ch);
        state_free(&s);
    }
    assert_string_equal(sums[0], sums[1]);
}

/* A read that meets the end of the file before its count is a read cut
 * short: -1 at once (a read of 0 bytes is the end, not "try again"; an
 * alarm turns a loop there into a failure, not a hang). */
static void test_read_stops_at_end_of_file(void **unused)
{
    (void)unused;
    char path[] = "/tmp/fd-io-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    unlink(path);
    assert_int_equal(fd_write_all(fd, "abc", 3), 0);
    assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
    char buf[8];
    alarm(10);
    assert_int_equal(fd_read_exact(fd, buf, 3), 0);
    assert_memory_equal(buf, "abc", 3);
    assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
    assert_int_equal(fd_read_exact(fd, buf, 8), -1);
    /* A read that fails (a directory: EISDIR) is an error at once, not
     * retried as an interrupted one would be. */
    int dir = open("/tmp", O_RDONLY | O_DIRECTORY);
    assert_true(dir >= 0);
    assert_int_equal(fd_read_exact(dir, buf, 8), -1);
    close(dir);
    alarm(0);
    close(fd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_later_segments_hold_what_changed),
        cmocka_unit_test(test_chain_starts_again),
        cmocka_unit_test(test_refuses_broken_chains),
        cmocka_unit_test(test_another_shape_starts_a_chain),
        cmocka_unit_test(test_a_first_segment_holds_its_last_blob_whole),
        cmocka_unit_test(test_a_first_segment_holds_each_blob_whole),
        cmocka_unit_test(test_adopted_chain_appends_changes),
        cmocka_unit_test(test_same_bytes_any_threads),
        cmocka_unit_test(test_read_stops_at_end_of_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
