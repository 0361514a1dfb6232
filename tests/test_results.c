/*
 * test_results.c -- finished work is never lost and nobody's directory is
 * replaced: a directory that appears under the output name during the run
 * is left alone and the results are kept beside it; runs started in the
 * same second get different names; results/latest follows the newest;
 * an allocation failure stops the process with status 4; a checkpoint's
 * reports are range-checked before its directory is taken over; the
 * default checkpoint interval stretches to keep saves under 5% of the run.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/engine/xalloc.h"
#include "verifier/cli/plot.h"
#include "verifier/output/results.h"
#include "verifier/run/checkpoint.h"

static char *temp_dir(void)
{
    char *d = strdup("/tmp/sn-results-XXXXXX");
    assert_non_null(mkdtemp(d));
    return d;
}

static void remove_tree(const char *d)
{
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", d);
    assert_int_equal(system(cmd), 0);
}

static bool exists(const char *dir, const char *name)
{
    char path[8192];
    struct stat st;
    snprintf(path, sizeof path, "%.4000s/%.4000s", dir, name);
    return lstat(path, &st) == 0;
}

static const results_run empty_run = {.claims_pattern = "none", .started_utc = "2026-01-01T00:00:00Z"};

static void test_directory_appearing_during_the_run_is_not_replaced(void **state)
{
    (void)state;
    char *base = temp_dir(), out[256], err[1024], theirs[512];
    snprintf(out, sizeof out, "%s/out", base);
    results_place place;
    assert_int_equal(results_prepare(&place, out, false, "unused", err, sizeof err), 0);
    /* Someone else takes the name while the run computes. */
    assert_int_equal(mkdir(out, 0777), 0);
    snprintf(theirs, sizeof theirs, "%s/theirs.txt", out);
    FILE *f = fopen(theirs, "w");
    assert_non_null(f);
    fclose(f);
    assert_int_equal(results_write(&place, &empty_run, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "kept in"));
    /* Their directory is untouched; ours is kept under a visible name. */
    assert_true(exists(out, "theirs.txt"));
    assert_false(exists(out, "summary.json"));
    char kept[512];
    snprintf(kept, sizeof kept, "%s.kept-%ld", out, (long)getpid());
    assert_true(exists(kept, "summary.json"));
    assert_true(exists(kept, "mismatches.csv"));
    remove_tree(base);
    free(base);
}

static void test_same_second_runs_get_different_names(void **state)
{
    (void)state;
    char *base = temp_dir(), err[1024], cwd[4096];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(base), 0);
    results_place a, b;
    assert_int_equal(results_prepare(&a, NULL, false, "20260101T000000Z", err, sizeof err), 0);
    assert_int_equal(results_prepare(&b, NULL, false, "20260101T000000Z", err, sizeof err), 0);
    assert_int_equal(results_write(&a, &empty_run, NULL, err, sizeof err), 0);
    assert_int_equal(results_write(&b, &empty_run, NULL, err, sizeof err), 0);
    assert_string_equal(a.final_dir, "results/20260101T000000Z");
    assert_string_equal(b.final_dir, "results/20260101T000000Z-2");
    assert_true(exists("results/20260101T000000Z", "summary.json"));
    assert_true(exists("results/20260101T000000Z-2", "summary.json"));
    char link[256] = "";
    assert_true(readlink("results/latest", link, sizeof link - 1) > 0);
    assert_string_equal(link, "20260101T000000Z-2");
    assert_int_equal(chdir(cwd), 0);
    remove_tree(base);
    free(base);
}

static void test_dangling_symlink_is_taken(void **state)
{
    (void)state;
    char *base = temp_dir(), out[256], err[1024];
    snprintf(out, sizeof out, "%s/link", base);
    assert_int_equal(symlink("/nonexistent/target", out), 0);
    results_place place;
    assert_int_equal(results_prepare(&place, out, false, "unused", err, sizeof err), -1);
    assert_non_null(strstr(err, "symbolic link"));
    remove_tree(base);
    free(base);
}

static void test_allocation_failure_exits_with_run_error(void **state)
{
    (void)state;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        /* More than any machine has: malloc returns NULL. */
        volatile char *p = xmalloc((size_t)-1 / 2, "a test allocation");
        p[0] = 1;
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), EXIT_RUN_ERROR);
}


/* plot's linearity check: silent on a curve of slopes +-1 with its kinks
 * at half-integers, and it names each quarter of a curve kinked between
 * them (both in 4f, N = M/4). */
static void test_plot_linearity_check_can_fail(void **state)
{
    (void)state;
    /* f = |N| on N = -1 .. 1 by quarters: 4f = 4, 3, 2, 1, 0, 1, 2, 3, 4. */
    int32_t linear[] = {4, 3, 2, 1, 0, 1, 2, 3, 4};
    assert_int_equal(plot_nonlinear_quarters(linear, 9, -4), 0);
    /* A kink at N = 1/4 (not a half-integer): the quarter N = 1/4 is off
     * the mean of f(0) and f(1/2). */
    int32_t kinked[] = {4, 3, 2, 1, 0, 0, 1, 2, 3};
    assert_int_equal(plot_nonlinear_quarters(kinked, 9, -4), 1);
}

/* A checkpoint re-signed by hand is range-checked before its directory is
 * taken over: an empty report, a mismatch counted with none kept, more
 * kept than counted, more
 * reports than the run has claims, and a family's place beyond the family
 * are refused; a report as a run writes it passes. */
static void test_checkpoint_reports_checked_before_takeover(void **state)
{
    (void)state;
    const claim_def *claims[] = {claim_find("st/table-2"), claim_find("st/conj-34")};
    assert_non_null(claims[0]);
    assert_non_null(claims[1]);
    claim_sizes sizes = {.max_take = 3};
    claim_report r;
    assert_int_equal(claim_report_init(&r, claims[0], NULL), 0);
    claim_cases(&r, 0, 5);
    json_t *good = ckpt_report_json(&r);
    claim_report_free(&r);
    char err[512];
    ckpt_loaded l = {0};
    l.claims_done = 1;
    l.header = json_pack("{s:[O]}", "reports", good);
    assert_int_equal(ckpt_check_reports(&l, claims, 2, &sizes, 1000, err, sizeof err), 0);
    json_decref(l.header);
    /* reports: [{}] */
    l.header = json_pack("{s:[{}]}", "reports");
    assert_int_equal(ckpt_check_reports(&l, claims, 2, &sizes, 1000, err, sizeof err), -1);
    assert_non_null(strstr(err, "corrupt"));
    json_decref(l.header);
    /* One mismatch counted, none kept. */
    json_t *edited = json_deep_copy(good);
    json_array_set_new(json_object_get(edited, "mismatches"), 0, json_integer(1));
    l.header = json_pack("{s:[o]}", "reports", edited);
    assert_int_equal(ckpt_check_reports(&l, claims, 2, &sizes, 1000, err, sizeof err), -1);
    json_decref(l.header);
    /* One mismatch counted, two kept (the kept are the first counted:
     * never more). */
    assert_int_equal(claim_report_init(&r, claims[0], NULL), 0);
    claim_report_keep(&r, 10);
    claim_cases(&r, 0, 5);
    claim_mismatch_at(&r, 0, "n = 1", "1", "2", "");
    claim_mismatch_at(&r, 0, "n = 2", "1", "2", "");
    json_t *two = ckpt_report_json(&r);
    claim_report_free(&r);
    l.header = json_pack("{s:[O]}", "reports", two);
    assert_int_equal(ckpt_check_reports(&l, claims, 2, &sizes, 1000, err, sizeof err), 0);
    json_decref(l.header);
    /* A kept mismatch of a part past the claim's, or of a grade past the
     * last. */
    json_t *kept0 = json_array_get(json_object_get(two, "kept"), 0);
    json_t *part = json_incref(json_object_get(kept0, "part")), *grade = json_incref(json_object_get(kept0, "grade"));
    json_object_set_new(kept0, "part", json_integer(1000));
    l.header = json_pack("{s:[O]}", "reports", two);
    assert_int_equal(ckpt_check_reports(&l, claims, 2, &sizes, 1000, err, sizeof err), -1);
    json_decref(l.header);
    json_object_set_new(kept0, "part", part);
    json_object_set_new(kept0, "grade", json_integer(CLAIM_GRADE_WORDING + 1));
    l.header = json_pack("{s:[O]}", "reports", two);
    assert_int_equal(ckpt_check_reports(&l, claims, 2, &sizes, 1000, err, sizeof err), -1);
    json_decref(l.header);
    json_object_set_new(kept0, "grade", grade);
    l.header = json_pack("{s:[O]}", "reports", two);
    assert_int_equal(ckpt_check_reports(&l, claims, 2, &sizes, 1000, err, sizeof err), 0);
    json_decref(l.header);
    json_array_set_new(json_object_get(two, "mismatches"), 0, json_integer(1));
    l.header = json_pack("{s:[o]}", "reports", two);
    assert_int_equal(ckpt_check_reports(&l, claims, 2, &sizes, 1000, err, sizeof err), -1);
    json_decref(l.header);
    /* More claims done than the run has. */
    l.claims_done = 3;
    l.header = json_pack("{s:[O,O,O]}", "reports", good, good, good);
    assert_int_equal(ckpt_check_reports(&l, claims, 2, &sizes, 1000, err, sizeof err), -1);
    json_decref(l.header);
    /* A family in progress: its place must fit the family (st/conj-34 at
     * --max-take 3 has 4 games: the sets of {1..K} with max K, K <= 3). */
    assert_int_equal(claim_report_init(&r, claims[1], NULL), 0);
    json_t *fam = ckpt_report_json(&r);
    claim_report_free(&r);
    l.claims_done = 1;
    l.in_family = true;
    l.header = json_pack("{s:[O,O]}", "reports", good, fam);
    l.family_games = 2;
    size_t right_bytes = 0;
    for (size_t b = 1; b < 4096 && !right_bytes; b++)
        if (claims[1]->resume_fits(&sizes, 0, b))
            right_bytes = b;
    assert_true(right_bytes > 0);
    l.family_state_bytes = right_bytes;
    assert_int_equal(ckpt_check_reports(&l, claims, 2, &sizes, 1000, err, sizeof err), 0);
    l.family_games = 1000000;
    assert_int_equal(ckpt_check_reports(&l, claims, 2, &sizes, 1000, err, sizeof err), -1);
    assert_non_null(strstr(err, "does not fit"));
    l.family_games = 2;
    l.family_state_bytes = right_bytes + 1;
    assert_int_equal(ckpt_check_reports(&l, claims, 2, &sizes, 1000, err, sizeof err), -1);
    json_decref(l.header);
    json_decref(fam);
    json_decref(good);
}

/* The default interval stretches so that checkpoints take at most 5% of
 * the run: after a save of 100 s, a checkpoint due by the interval waits;
 * an interval given on the command line does not. */
static void test_checkpoint_interval_stretches(void **unused)
{
    (void)unused;
    ckpt c;
    ckpt_init(&c, "/nonexistent", 0, NULL);
    assert_true(ckpt_due(&c));
    c.last_cost = 100;
    assert_true(ckpt_due(&c));
    ckpt_set_stretch(&c, true);
    assert_false(ckpt_due(&c));
    /* Longer than the save, shorter than 19 times it: not yet. */
    c.last -= 101;
    assert_false(ckpt_due(&c));
    c.last -= CKPT_STRETCH * 100;
    assert_true(ckpt_due(&c));
    ckpt_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_directory_appearing_during_the_run_is_not_replaced),
        cmocka_unit_test(test_same_second_runs_get_different_names),
        cmocka_unit_test(test_dangling_symlink_is_taken),
        cmocka_unit_test(test_allocation_failure_exits_with_run_error),
        cmocka_unit_test(test_plot_linearity_check_can_fail),
        cmocka_unit_test(test_checkpoint_reports_checked_before_takeover),
        cmocka_unit_test(test_checkpoint_interval_stretches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
