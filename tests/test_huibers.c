/*
 * test_huibers.c -- the claims on Huibers' thesis (rn/...): every one is
 * fed a wrong statement (its twist: a changed formula, or a changed cell
 * of its printed table) and must FAIL with a witness; as printed, each
 * gives the verdict recorded here (a change of verdict is a change of
 * what the verifier says of the thesis, and must be looked at).  Every
 * transcribed table loads, and each of its lines is a line of the thesis'
 * text as extracted (../shared/papers/); a table none of whose cells
 * could be read is EMPTY, never HOLDS; a changed cell of a clean line is
 * reported as one mismatch naming that cell.  How damaged lines are read
 * is tested in test_printed_table.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/engine/xalloc.h"
#include "proofs/claim.h"
#include "proofs/huibers/rn_certificate.h"
#include "proofs/huibers/rn_certify.h"
#include "proofs/huibers/rn_look.h"
#include "proofs/huibers/rn_tables.h"

/* A child forked to stop the run on purpose exits holding the parent's
 * tables; LeakSanitizer (make check SAN=1) would call them leaks and abort
 * the child, hiding its status.  Checking at once, while everything is
 * still reachable, finds none and turns off the check at exit.  Weak: the
 * symbol exists only in a sanitizer build. */
extern void __lsan_do_leak_check(void) __attribute__((weak));
static void child_skips_the_exit_leak_check(void)
{
    if (__lsan_do_leak_check)
        __lsan_do_leak_check();
}

static const rn_check_entry *find_check(const char *id)
{
    const rn_check_entry *const lists[] = {rn_prop_checks, rn_table_checks, rn_ban_checks, rn_unknown_checks,
                                           rn_choice_checks, rn_sentence_checks, rn_proof_checks};
    for (size_t l = 0; l < sizeof lists / sizeof *lists; l++)
        for (int i = 0; lists[l][i].id; i++)
            if (strcmp(lists[l][i].id, id) == 0)
                return &lists[l][i];
    return NULL;
}

/* A claim's check with its twist, at its default sizes. */
static void check_twisted(const rn_check_entry *e, claim_report *r, int twist)
{
    if (e->sized)
        e->sized(r, twist, NULL);
    else
        e->check(r, twist);
}

/* A sized claim run at its defaults says the sizes it swept in a finding
 * ("k up to 20 (--max-take), piles up to 200 (--to)"): each must be a
 * size the claim takes, and its number the default its sizes_help (what
 * `verifier list` prints) names. */
static void sizes_are_the_help(const claim_def *c, const claim_report *r)
{
    for (int i = 0; i < r->nfindings; i++) {
        if (strcmp(r->findings[i].key, "sizes") != 0)
            continue;
        const char *v = r->findings[i].value;
        for (const char *p = strstr(v, "up to "); p; p = strstr(p + 1, "up to ")) {
            int n = atoi(p + 6);
            const char *opt = strstr(p, "(--");
            assert_non_null(opt);
            bool to = strncmp(opt, "(--to)", 6) == 0;
            if (!(c->sizes_used & (to ? CLAIM_USES_TO : CLAIM_USES_MAX_TAKE)))
                fail_msg("%s sweeps %s but does not take it", c->id, to ? "--to" : "--max-take");
            char want[64];
            snprintf(want, sizeof want, "%s, default %d", to ? "--to" : "--max-take", n);
            if (!c->sizes_help || !strstr(c->sizes_help, want))
                fail_msg("%s: swept %s, but its sizes say \"%s\"", c->id, v, c->sizes_help ? c->sizes_help : "");
        }
        return;
    }
    if (c->sizes_used)
        fail_msg("%s takes sizes but says none it swept", c->id);
}

static claim_status run(const claim_def *c, const rn_check_entry *check, int twist, bool *witnessed)
{
    claim_report r;
    assert_int_equal(claim_report_init(&r, c, NULL), 0);
    check_twisted(check, &r, twist);
    if (!twist && check->sized)
        sizes_are_the_help(c, &r);
    claim_report_settle(&r);
    claim_status s = claim_verdict(&r);
    *witnessed = r.nkept > 0;
    claim_report_free(&r);
    return s;
}

/* Every part of every rn claim fails under its twist (a claim whose
 * twist reached one part only would leave the others untested). */
/* Whether a mismatch kept in r speaks of this k ("k = 3, ...", "5
 * players, k = 3, ..."). */
static bool mismatch_of_k(const claim_report *r, int k)
{
    char a[32], b[32];
    snprintf(a, sizeof a, "k = %d,", k);
    snprintf(b, sizeof b, "k = %d ", k);
    for (int i = 0; i < r->nkept; i++)
        if (r->kept[i].where && (strstr(r->kept[i].where, a) || strstr(r->kept[i].where, b)))
            return true;
    return false;
}

/* A claim fed a wrong statement writes no certificate for a k its
 * statement failed for, and then no finding calls that k proved (issue:
 * reports never contradict themselves). */
static int certificates_of_failed_k(const claim_def *c, const claim_report *r)
{
    int bad = 0;
    for (int i = 0; i < r->ncertificates; i++) {
        int k = atoi(r->certificates[i].name + 2);
        if (mismatch_of_k(r, k)) {
            print_message("%s: a certificate %s for a k that fails\n", c->id, r->certificates[i].name);
            bad++;
        }
    }
    for (int i = 0; i < r->nfindings; i++)
        if (strncmp(r->findings[i].key, "proved for every pile size", 26) == 0 && r->ncertificates == 0 &&
            strstr(r->findings[i].value, "by a certificate")) {
            print_message("%s: a finding proves what no certificate shows: %s\n", c->id, r->findings[i].value);
            bad++;
        }
    return bad;
}

static void test_every_part_fails_when_twisted(void **state)
{
    (void)state;
    int bad = 0;
    for (int i = 0; claim_registry[i]; i++) {
        const claim_def *c = claim_registry[i];
        if (strncmp(c->id, "rn/", 3) != 0)
            continue;
        claim_report r;
        assert_int_equal(claim_report_init(&r, c, NULL), 0);
        check_twisted(find_check(c->id), &r, 1);
        for (int p = 0; p < r.nparts; p++)
            if (claim_part_status(&r, p) != CLAIM_FAILS) {
                print_message("%s: part \"%s\" is %s under its twist\n", c->id, c->parts[p],
                              claim_status_name(claim_part_status(&r, p)));
                bad++;
            }
        bad += certificates_of_failed_k(c, &r);
        claim_report_free(&r);
    }
    assert_int_equal(bad, 0);
}

/* The engine tied to the rules a certificate writes: the rules of a
 * game are read from it (not from the claim), and a game whose moves
 * differ from the rules on the region stops the run. */
static void test_a_certificate_names_the_rules_the_engine_plays(void **state)
{
    (void)state;
    rn_solved s;
    rn_solve(&s, "restricted-nim", 1, 20, (const char *const[]){"max-move", "3", "restriction", "chosen", NULL});
    rn_rules g;
    rn_rules_of(&s, 1, &g);
    assert_int_equal(g.max_take, 3);
    assert_int_equal(g.restriction, RULE_CHOSEN);
    assert_int_equal(g.players, 2);
    rn_rules_tie(&s, &g, 20); /* the same moves: returns */
    /* Rules that say "or nothing" for a game that must restrict: the same
     * restricted numbers, other moves; the run stops. */
    rn_rules other = g;
    other.restriction = RULE_CHOSEN_OR_NONE;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        child_skips_the_exit_leak_check();
        if (!freopen("/dev/null", "w", stderr))
            _exit(3);
        rn_rules_tie(&s, &other, 20);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), EXIT_RUN_ERROR);
    rn_solved_free(&s);
    /* The certificate's text names those rules and the region. */
    rn_cert z;
    char why[PILE_PERIOD_WHY_MAX];
    assert_true(rn_cert_make(&z, rn_solver_previous, NULL, 1, 3, PILE_GRUNDY, 400, why, sizeof why));
    assert_true(rn_cert_region(&z, 4, 0, 1000) > 0);
    char *text = rn_certificate_text(&(rn_case){&z.s, 1, z.bound, 3, &z.c, "rn/prop-4.2", NULL, z.stmt_q,
                                                z.stmt_from, z.stmt_region});
    char region[64];
    snprintf(region, sizeof region, "\nregion %d\n", z.c.pre + z.c.per + 3);
    assert_non_null(strstr(text, "\nmax-take 3\nrestriction previous\n"));
    assert_non_null(strstr(text, region));
    assert_non_null(strstr(text, "\nstatement-period 4\n"));
    free(text);
    rn_cert_free(&z);
}

/* Statements planted for the test of rn_look (a test-only statement of
 * Proposition 4.2's game): every value at most k, true; the same but
 * "false at a pile of 1000", a difference far past the window; and one
 * that reads the pile mod 7, which its declared period 1 does not cover. */
static bool planted_true(rn_look *s, const void *ctx)
{
    (void)ctx;
    for (int t = 0; t <= s->z->k; t++)
        if (rn_look_value(s, 0, 0, t) > (uint64_t)s->z->k)
            return false;
    return true;
}

static bool planted_far(rn_look *s, const void *ctx)
{
    return planted_true(s, ctx) && !rn_look_is(s, 0, 1000);
}

static bool planted_mod(rn_look *s, const void *ctx)
{
    /* True everywhere, but it asks the residue mod 7 (the answer unused). */
    int seventh = rn_look_mod(s, 0, 7);
    return planted_true(s, ctx) && seventh >= 0;
}

/* The status a process ends with after checking one planted statement on
 * the certificate of k = 3, declared to repeat with period 1 from 0. */
static int planted_status(rn_look_fn holds)
{
    pid_t pid = fork();
    if (pid == 0) {
        child_skips_the_exit_leak_check();
        if (!freopen("/dev/null", "w", stderr))
            _exit(3);
        rn_cert z;
        char why[PILE_PERIOD_WHY_MAX];
        if (!rn_cert_make(&z, rn_solver_previous, NULL, 1, 3, PILE_GRUNDY, 400, why, sizeof why))
            _exit(3);
        int region = rn_cert_region(&z, 1, 0, 100000);
        bool all = rn_look_all(&z, region, holds, NULL);
        rn_cert_free(&z);
        _exit(all ? 0 : 1);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* A statement's code that reads more than its declared period and start
 * covers stops the run: a difference planted at a pile far past the
 * window, or a residue the period does not divide, is never CERTIFIED. */
static void test_a_statement_reads_what_its_period_covers(void **state)
{
    (void)state;
    assert_int_equal(planted_status(planted_true), 0);
    assert_int_equal(planted_status(planted_far), EXIT_RUN_ERROR);
    assert_int_equal(planted_status(planted_mod), EXIT_RUN_ERROR);
}

/* The proof's own edges (the mutants of docs/mutation.md's round 4): a
 * claim with no k proved is not CERTIFIED; a statement's region that
 * reaches the budget exactly is inside it, one more is not. */
static void test_a_proof_stops_at_its_edges(void **state)
{
    (void)state;
    const claim_def *c = claim_find("rn/prop-4.2");
    claim_report r;
    assert_int_equal(claim_report_init(&r, c, NULL), 0);
    rn_proof p;
    rn_proof_begin(&p, &r);
    /* Cases checked, none failed, but no k proved: UNDECIDED, not EMPTY
     * and never CERTIFIED. */
    for (int part = 0; part < r.nparts; part++)
        claim_cases(&r, part, 1);
    rn_proof_end(&p, &r);
    claim_report_settle(&r);
    assert_int_equal(claim_verdict(&r), CLAIM_UNDECIDED);
    assert_int_equal(r.ncertificates, 0);
    claim_report_free(&r);
    rn_cert z;
    char why[PILE_PERIOD_WHY_MAX];
    assert_true(rn_cert_make(&z, rn_solver_previous, NULL, 1, 3, PILE_GRUNDY, 400, why, sizeof why));
    int region = rn_cert_region(&z, 4, 0, 100000);
    assert_true(region > 0);
    assert_int_equal(rn_cert_region(&z, 4, 0, region), region);
    assert_int_equal(rn_cert_region(&z, 4, 0, region - 1), -1);
    /* A witness's note: an empty pile has no winning take, a pile of 1
     * (nothing restricted) wins by taking 1. */
    char note[RN_WITNESS_MAX];
    rn_cert_takes_note(&z, (int[]){0}, 1, note, sizeof note);
    assert_non_null(strstr(note, "no winning take; (0) has the values of (0)"));
    rn_cert_takes_note(&z, (int[]){1}, 1, note, sizeof note);
    assert_non_null(strstr(note, "winning takes (nothing restricted): 1;"));
    /* The second look at a repeat of rows reads rows up to
     * max(start, k) + period + k - 1: a table of exactly those is enough,
     * one row fewer is too short (false: UNDECIDED), never read past. */
    int start = z.c.pre, per = z.c.per, last = (start > 3 ? start : 3) + per + 3 - 1;
    assert_true(last <= z.bound);
    assert_int_equal(claim_report_init(&r, c, NULL), 0);
    assert_true(rn_recheck_rows(&r, &z.s, last, PILE_GRUNDY, 3, start, per, NULL, false));
    assert_int_equal(r.rechecked, 1);
    assert_false(rn_recheck_rows(&r, &z.s, last - 1, PILE_GRUNDY, 3, start, per, NULL, false));
    assert_int_equal(r.rechecked, 1);
    claim_report_free(&r);
    rn_cert_free(&z);
}

static void test_every_rn_claim_fails_when_twisted(void **state)
{
    (void)state;
    int seen = 0;
    for (int i = 0; claim_registry[i]; i++) {
        const claim_def *c = claim_registry[i];
        if (strncmp(c->id, "rn/", 3) != 0)
            continue;
        seen++;
        const rn_check_entry *check = find_check(c->id);
        if (!check)
            fail_msg("%s has no twisted check: add it to an rn_*_checks list", c->id);
        bool witnessed;
        if (run(c, check, 1, &witnessed) != CLAIM_FAILS || !witnessed)
            fail_msg("%s does not fail (with a witness) when fed a wrong statement", c->id);
    }
    assert_true(seen >= 30);
}

/* What the verifier says of the thesis, claim by claim, at this commit. */
static const struct {
    const char *id;
    claim_status want;
} verdicts[] = {
    {"rn/table-2", CLAIM_HOLDS},      {"rn/table-3", CLAIM_HOLDS},     {"rn/prop-4.1", CLAIM_CERTIFIED},
    {"rn/prop-4.2", CLAIM_CERTIFIED},     {"rn/prop-4.3", CLAIM_CERTIFIED},    {"rn/rule-4.2", CLAIM_CERTIFIED},
    {"rn/prop-4.4", CLAIM_CERTIFIED},     {"rn/rule-4.3.1", CLAIM_CERTIFIED},  {"rn/prop-4.5", CLAIM_CERTIFIED},
    {"rn/prop-4.6", CLAIM_HOLDS},     {"rn/prop-4.7", CLAIM_HOLDS},    {"rn/prop-4.8", CLAIM_HOLDS},
    {"rn/table-5", CLAIM_EMPTY},      {"rn/prop-4.9", CLAIM_HOLDS},    {"rn/prop-4.10", CLAIM_HOLDS},
    {"rn/prop-4.11", CLAIM_HOLDS},    {"rn/prop-4.12", CLAIM_HOLDS},   {"rn/table-8", CLAIM_HOLDS},
    {"rn/table-9", CLAIM_HOLDS},      {"rn/rule-4.5", CLAIM_CERTIFIED},
    {"rn/prop-5.1", CLAIM_HOLDS},     {"rn/table-17", CLAIM_HOLDS},    {"rn/table-18", CLAIM_HOLDS},
    {"rn/table-19", CLAIM_HOLDS},     {"rn/rule-4.4", CLAIM_CERTIFIED},    {"rn/table-10", CLAIM_HOLDS},
    {"rn/rule-4.6", CLAIM_HOLDS},     {"rn/rule-4.3.3", CLAIM_HOLDS},  {"rn/table-27", CLAIM_HOLDS},
    {"rn/table-21", CLAIM_HOLDS},     {"rn/table-22", CLAIM_HOLDS},    {"rn/table-23", CLAIM_HOLDS},
    {"rn/table-28", CLAIM_HOLDS},     {"rn/table-24", CLAIM_HOLDS},    {"rn/rule-6.4", CLAIM_HOLDS},
    {"rn/rule-2", CLAIM_CERTIFIED},       {"rn/rule-4.3", CLAIM_HOLDS},    {"rn/rule-4.3.1-equal", CLAIM_HOLDS},
    {"rn/rule-4.3.1-large", CLAIM_CERTIFIED}, {"rn/rule-4.3.2", CLAIM_CERTIFIED}, {"rn/rule-4.3.3-third", CLAIM_CERTIFIED},
    {"rn/rule-4.4-shared", CLAIM_CERTIFIED}, {"rn/rule-4.5-k4", CLAIM_HOLDS}, {"rn/rule-5.1", CLAIM_HOLDS},
    {"rn/rule-4.2-period", CLAIM_CERTIFIED},
    {"rn/prop-4.3-proof", CLAIM_CERTIFIED}, {"rn/prop-4.5-strategy", CLAIM_CERTIFIED}, {"rn/prop-4.7-strategy", CLAIM_HOLDS},
    {"rn/prop-4.8-strategy", CLAIM_HOLDS}, {"rn/rule-4.3-square", CLAIM_HOLDS}, {"rn/rule-4.3.3-proofs", CLAIM_HOLDS},
    {"rn/rule-4.5-period", CLAIM_CERTIFIED}, {"rn/rule-4.5-k3", CLAIM_CERTIFIED}, {"rn/rule-6.1-strategy", CLAIM_HOLDS},
    {"rn/rule-6.2.2", CLAIM_HOLDS},
    /* Statements of the text the engine contradicts (each with witnesses). */
    {"rn/rule-5", CLAIM_FAILS},       {"rn/rule-6.1", CLAIM_FAILS},    {"rn/rule-6.2", CLAIM_FAILS},
    {"rn/rule-6.2.1", CLAIM_FAILS},   {"rn/rule-4.3.1-next", CLAIM_FAILS}, {"rn/rule-4.3.3-half", CLAIM_FAILS},
    {"rn/rule-4.3.2-same", CLAIM_FAILS}, {"rn/rule-5-strategy", CLAIM_FAILS},
    /* Literal readings (expected to fail: verifier list says why). */
    {"rn/rule-2/literal", CLAIM_FAILS}, {"rn/prop-4.4/literal", CLAIM_FAILS},
    {"rn/rule-4.3.1-next/literal", CLAIM_FAILS}, {"rn/rule-4.3.3-third/literal", CLAIM_FAILS},
    {"rn/rule-4.5/literal", CLAIM_FAILS}, {"rn/rule-4.2/literal", CLAIM_FAILS},
    {"rn/prop-4.7-strategy/literal", CLAIM_FAILS}, {"rn/rule-6.2/literal", CLAIM_FAILS},
    /* Tables with errata graded certain or probable: cells of text no
     * damage makes, or symbols a line prints beyond its cells that no
     * shift explains. */
    {"rn/table-11", CLAIM_FAILS},     {"rn/table-13", CLAIM_FAILS},    {"rn/table-14", CLAIM_FAILS},
    {"rn/table-26", CLAIM_FAILS},     {"rn/table-29", CLAIM_FAILS},
    /* Tables whose differences the damage to the extracted text explains,
     * or that nothing convicts: not refuted.  Table 6 lacks an N the
     * extraction may have lost (the table only loses symbols); Table 20's
     * row is a block shifted by one after a run, as the thesis' Tables
     * 22-24 confirm. */
    {"rn/table-4", CLAIM_GARBLED},    {"rn/table-6", CLAIM_GARBLED},   {"rn/table-7", CLAIM_GARBLED},
    {"rn/table-12", CLAIM_GARBLED},   {"rn/table-15", CLAIM_GARBLED},  {"rn/table-16", CLAIM_GARBLED},
    {"rn/table-20", CLAIM_GARBLED},   {"rn/table-25", CLAIM_GARBLED},
};

/* A cell of a printed table as its claim read it (its report's grid). */
static ptable_class grid_class(const claim_report *r, const char *row, const char *col)
{
    assert_true(r->ngrids > 0);
    const claim_grid *g = &r->grids[0];
    for (int i = 0; i < g->rows; i++)
        for (int j = 0; j < g->cols; j++)
            if (strcmp(g->row_label[i], row) == 0 && strcmp(g->col_label[j], col) == 0)
                return (ptable_class)g->how[i * g->cols + j];
    fail_msg("%s has no cell (%s, %s)", g->title, row, col);
    return PT_NCLASSES;
}

/* A WORDING erratum rests on a table beside the sentence printing the
 * right value: each cell its evidence cites is read as printed and agrees
 * with the computation (else the grade would claim what the table does
 * not show). */
static void test_wording_errata_cite_cells_the_tables_print_rightly(void **state)
{
    (void)state;
    static const struct {
        const char *claim, *table, *row, *col;
    } cited[] = {
        {"rn/rule-4.3.1-next", "rn/table-4", "1", "9"}, {"rn/rule-4.3.1-next", "rn/table-4", "9", "1"},
        {"rn/rule-6.1", "rn/table-18", "normal,1", "1"}, {"rn/rule-6.1", "rn/table-18", "normal,2", "2"},
        {"rn/rule-6.1", "rn/table-18", "normal,1", "5"}, {"rn/rule-6.2", "rn/table-24", "11", "3"},
        {"rn/rule-6.2.1", "rn/table-27", "4-28", "1"},   {"rn/rule-6.2.1", "rn/table-27", "4-28", "2"},
        {"rn/rule-6.2.1", "rn/table-27", "4-28", "3"},   {"rn/rule-6.2.1", "rn/table-27", "4-28", "4"},
    };
    for (size_t k = 0; k < sizeof cited / sizeof *cited; k++) {
        const claim_def *c = claim_find(cited[k].claim), *t = claim_find(cited[k].table);
        assert_non_null(c);
        assert_non_null(t);
        assert_int_equal(c->erratum.grade, CLAIM_GRADE_WORDING);
        /* The evidence names the table ("rn/table-4": "Table 4"). */
        char name[32];
        snprintf(name, sizeof name, "Table %s", t->id + strlen("rn/table-"));
        assert_non_null(strstr(c->erratum.evidence, name));
        claim_report r;
        assert_int_equal(claim_report_init(&r, t, NULL), 0);
        check_twisted(find_check(t->id), &r, 0);
        if (grid_class(&r, cited[k].row, cited[k].col) != PT_AGREES)
            fail_msg("%s cites %s (%s, %s), which is not read as printed and agreeing", c->id, t->id, cited[k].row,
                     cited[k].col);
        claim_report_free(&r);
    }
    /* Every claim graded WORDING is among those checked here. */
    for (int i = 0; claim_registry[i]; i++) {
        const claim_def *c = claim_registry[i];
        bool listed = false;
        for (size_t k = 0; k < sizeof cited / sizeof *cited; k++)
            listed = listed || strcmp(cited[k].claim, c->id) == 0;
        if (c->erratum.grade == CLAIM_GRADE_WORDING && !listed)
            fail_msg("%s is graded WORDING but no cited cell of it is checked here", c->id);
    }
}

/* Every erratum of a claim that fails as printed can be replayed: its
 * listed mismatches carry a verifier command and what it shows (the
 * replays themselves run in tests/errata_replay_test.sh). */
static void test_every_erratum_names_its_command(void **state)
{
    (void)state;
    if (getenv("SAN")) {
        skip();
        return;
    }
    for (size_t i = 0; i < sizeof verdicts / sizeof *verdicts; i++) {
        const claim_def *c = claim_find(verdicts[i].id);
        if (verdicts[i].want != CLAIM_FAILS || c->reading_of)
            continue;
        claim_report r;
        assert_int_equal(claim_report_init(&r, c, NULL), 0);
        check_twisted(find_check(c->id), &r, 0);
        claim_report_settle(&r);
        assert_true(r.nkept > 0);
        for (int k = 0; k < r.nkept && k < 3; k++)
            if (!r.kept[k].command || !r.kept[k].shows || !r.kept[k].shows[0] ||
                strncmp(r.kept[k].command, "verifier value ", 15) != 0)
                fail_msg("%s: its mismatch at %s names no command to replay it", c->id,
                         r.kept[k].where ? r.kept[k].where : "?");
        claim_report_free(&r);
    }
}

static void test_rn_verdicts_as_printed(void **state)
{
    (void)state;
    /* The sanitizer build runs every check once already (the twists above)
     * and the plain build checks the verdicts: here they would only double
     * its time. */
    if (getenv("SAN")) {
        skip();
        return;
    }
    for (size_t i = 0; i < sizeof verdicts / sizeof *verdicts; i++) {
        const claim_def *c = claim_find(verdicts[i].id);
        assert_non_null(c);
        bool witnessed;
        claim_status s = run(c, find_check(c->id), 0, &witnessed);
        if (s != verdicts[i].want)
            fail_msg("%s: %s, recorded %s", c->id, claim_status_name(s), claim_status_name(verdicts[i].want));
    }
}

/* The lines of the thesis' text (../shared/papers/), or NULL when it is not
 * there (the test then says so and skips). */
static char **thesis_lines(int *n)
{
    FILE *f = fopen("../shared/papers/restricted-nim-huibers-leiden-msc-2018.txt", "r");
    if (!f)
        return NULL;
    int cap = 2048;
    char **line = malloc(sizeof *line * (size_t)cap), buf[65536];
    *n = 0;
    while (fgets(buf, sizeof buf, f)) {
        buf[strcspn(buf, "\n")] = '\0';
        if (*n == cap)
            line = realloc(line, sizeof *line * (size_t)(cap *= 2));
        line[(*n)++] = strdup(buf);
    }
    fclose(f);
    return line;
}

/* A line's fields as the transcriptions write them: split at tabs (and at
 * spaces too when `spaces`), an empty field written ".", the empty fields
 * at the end dropped (layout padding). */
static int normal_fields(const char *text, bool spaces, char **out, int max)
{
    int n = 0;
    const char *p = text;
    for (;;) {
        size_t len = strcspn(p, spaces ? "\t " : "\t");
        if (n == max)
            return -1;
        out[n++] = len ? strndup(p, len) : strdup(".");
        if (!p[len])
            break;
        p += len + 1;
    }
    while (n > 0 && strcmp(out[n - 1], ".") == 0)
        free(out[--n]);
    return n;
}

/* Every transcription loads, every row is printed or says why not, and
 * each printed line is a line of the thesis' text as extracted, in the
 * transcription's order, within the lines its "# text:" note names. */
static void test_every_table_loads_and_is_the_text(void **state)
{
    (void)state;
    int ntext = 0;
    char **text = thesis_lines(&ntext);
    if (!text)
        print_message("../shared/papers is not here: the transcriptions are not read against the text\n");
    char name[32];
    for (int n = 2; n <= 29; n++) {
        snprintf(name, sizeof name, "table-%02d", n);
        rn_grid g;
        rn_grid_load(&g, name);
        assert_true(g.rows > 0 && g.cols > 0);
        assert_non_null(strstr(g.caption, "Table"));
        for (int i = 0; i < g.rows; i++)
            assert_true((g.line_of[i] >= 0) != (g.missing[i] != NULL));
        const char *src = rn_table_text(name);
        int from = 0, to = -1;
        const char *at = strstr(src, "# text: line");
        if (at && (sscanf(at, "# text: lines %d-%d", &from, &to) == 2 || sscanf(at, "# text: line %d", &from) == 1))
            to = to < 0 ? from : to;
        bool spaces = strstr(src, "# fields: split at tabs and at spaces") != NULL;
        int next = from - 1;
        for (int l = 0; text && l < g.nlines; l++) {
            const ptable_line *ln = &g.line[l];
            char *want[512];
            int nw = ln->nfields;
            while (nw > 0 && strcmp(ln->field[nw - 1], ".") == 0)
                nw--;
            bool found = false;
            for (; next < to && next < ntext && !found; next++) {
                char *have[512];
                int nh = normal_fields(text[next], spaces, have, 512);
                found = nh == nw;
                for (int k = 0; k < nh; k++) {
                    found = found && strcmp(have[k], ln->field[k]) == 0;
                    free(have[k]);
                }
            }
            (void)want;
            if (!found)
                fail_msg("%s: the line of row %s is not a line of the text between lines %d and %d (in order)", name,
                         g.row_label[ln->row[0]], from, to);
        }
        rn_grid_free(&g);
    }
    for (int k = 0; text && k < ntext; k++)
        free(text[k]);
    free(text);
}

/* A fixed cell function: every cell "P". */
static void all_p(void *ctx, const rn_grid *g, int i, int j, const char *printed, rn_cell_out *out)
{
    (void)ctx, (void)g, (void)i, (void)j, (void)printed;
    snprintf(out->value, RN_VALUE_MAX, "P");
    snprintf(out->witness, RN_WITNESS_MAX, "w");
}

/* In a table whose lines read as printed (and whose positions are its
 * cells alone), one cell changed to a symbol its line holds nowhere else
 * is one erratum naming its row (a run of P's around it: which P it
 * replaced is not known, so a probable erratum of the line), every other
 * cell agrees or is undecided; a table none of whose rows is printed is
 * EMPTY. */
static void test_changed_cell_is_one_named_mismatch(void **state)
{
    (void)state;
    rn_grid g;
    rn_grid_load(&g, "table-24");
    assert_false(g.unordered);
    for (int i = 0; i < g.rows; i++)
        for (int j = 0; j < g.cols; j++)
            rn_set_cell(&g, i, j, i == 3 && j == 4 ? "N" : "P");
    claim_def c = {.id = "test/cell", .parts = {"cells"}};
    claim_report r;
    assert_int_equal(claim_report_init(&r, &c, NULL), 0);
    assert_int_equal(rn_compare_grid(&r, 0, &g, all_p, NULL), 1);
    claim_report_settle(&r);
    assert_int_equal(r.mismatches[0], 1);
    assert_int_equal(r.cases[0], (uint64_t)(g.rows * g.cols));
    assert_non_null(strstr(r.kept[0].where, g.row_label[3]));
    assert_string_equal(r.kept[0].expected, "N");
    assert_string_equal(r.kept[0].actual, "P");
    assert_int_equal(r.kept[0].grade, CLAIM_GRADE_PROBABLE);
    assert_non_null(strstr(r.kept[0].evidence, "a surplus no shift explains"));
    if (!strstr(r.findings[0].value, "1 probable") || !strstr(r.findings[0].value, "1 graded"))
        fail_msg("the finding: %s", r.findings[0].value);
    assert_int_equal(r.ngrids, 1);
    claim_report_free(&r);
    rn_grid_free(&g);

    rn_grid_load(&g, "table-05");
    assert_int_equal(claim_report_init(&r, &c, NULL), 0);
    rn_compare_grid(&r, 0, &g, all_p, NULL);
    assert_int_equal(claim_verdict(&r), CLAIM_EMPTY);
    claim_report_free(&r);
    rn_grid_free(&g);
}

/* Computed values for a planted transcription: rows of texts apart by
 * "|" (the cell function reads them). */
typedef struct {
    const char *const *rows;
} planted_values;

static void planted_cell(void *ctx, const rn_grid *g, int i, int j, const char *printed, rn_cell_out *out)
{
    (void)g, (void)printed;
    const planted_values *v = ctx;
    const char *p = v->rows[i];
    for (int k = 0; k < j; k++)
        p = strchr(p, '|') + 1;
    const char *end = strchr(p, '|');
    snprintf(out->value, RN_VALUE_MAX, "%.*s", (int)(end ? end - p : (long)strlen(p)), p);
    snprintf(out->witness, RN_WITNESS_MAX, "w");
    snprintf(out->command, RN_COMMAND_MAX, "verifier value %d,%d", i, j);
    snprintf(out->shows, RN_VALUE_MAX, "x");
}

/* One planted transcription through a table claim's whole path (the
 * reading, the grades, the report): its verdict, and the grade of its
 * first erratum (NONE when it has none). */
static claim_status planted_verdict(const char *text, const char *const *rows, claim_grade *grade)
{
    rn_grid g;
    char err[256];
    if (ptable_parse(&g, "planted", text, err, sizeof err) != 0)
        fail_msg("planted transcription: %s", err);
    claim_def c = {.id = "test/planted", .parts = {"cells as printed"}};
    claim_report r;
    assert_int_equal(claim_report_init(&r, &c, NULL), 0);
    planted_values v = {rows};
    rn_compare_grid(&r, 0, &g, planted_cell, &v);
    claim_report_settle(&r);
    claim_status s = claim_verdict(&r);
    *grade = r.nkept ? r.kept[0].grade : CLAIM_GRADE_NONE;
    if (r.nkept && (!r.kept[0].evidence || !r.kept[0].command))
        fail_msg("a planted erratum without its evidence or command");
    claim_report_free(&r);
    rn_grid_free(&g);
    return s;
}

/* Each kind of case planted in a transcription gets its verdict (issue:
 * errata a referee would sign): a block shifted inside a full-width line
 * and a missing symbol in a table that only loses symbols are GARBLED; a
 * surplus symbol no shift explains FAILS, probable; a cell the thesis'
 * prose confirms differs from is GARBLED (certain only where no damage
 * makes it); a changed cell of text FAILS, certain. */
static void test_planted_cases_get_their_verdicts(void **state)
{
    (void)state;
    claim_grade grade;
    static const char *const full[] = {"P|+|N|+|+", "+|+|+|+|+"};
    /* A block shifted inside a full-width line: N one cell early, a filler after. */
    assert_int_equal(planted_verdict("# Table 1: t.\n# filler: +\ncolumns\t0\t1\t2\t3\t4\n"
                                     "0\t0\tP\tN\t+\t+\t+\n1\t1\t+\t+\t+\t+\t+\n",
                                     full, &grade),
                     CLAIM_GARBLED);
    /* A missing symbol, the table only losing symbols. */
    assert_int_equal(planted_verdict("# Table 1: t.\n# filler: +\ncolumns\t0\t1\t2\t3\t4\n"
                                     "0\t0\tP\t+\t+\t+\t+\n1\t1\t+\t+\t+\t+\t+\n",
                                     full, &grade),
                     CLAIM_GARBLED);
    /* A surplus symbol no shift explains: an N in the all-filler row. */
    assert_int_equal(planted_verdict("# Table 1: t.\n# filler: +\ncolumns\t0\t1\t2\t3\t4\n"
                                     "0\t0\tP\t+\tN\t+\t+\n1\t1\t+\t+\t+\tN\t+\n",
                                     full, &grade),
                     CLAIM_FAILS);
    assert_int_equal(grade, CLAIM_GRADE_PROBABLE);
    /* The same surplus on a cell the prose says is as computed, in a table
     * of text where it is pinned: not refuted. */
    static const char *const bans[] = {"1+2|1+2 or 2+4|-*"};
    assert_int_equal(planted_verdict("# Table 26: t.\ncolumns\t3\t4\t5\n27\t27\t1+2\t1+2\t-*\n", bans, &grade),
                     CLAIM_FAILS);
    assert_int_equal(grade, CLAIM_GRADE_PROBABLE);
    assert_int_equal(planted_verdict("# Table 26: t.\n# conflict 27 4: the text says 1+2 or 2+4\ncolumns\t3\t4\t5\n"
                                     "27\t27\t1+2\t1+2\t-*\n",
                                     bans, &grade),
                     CLAIM_GARBLED);
    /* A changed cell of text: certain, the note notwithstanding. */
    assert_int_equal(planted_verdict("# Table 26: t.\n# conflict 27 4: the text says 1+2 or 2+4\ncolumns\t3\t4\t5\n"
                                     "27\t27\t1+2\t1+5\t-*\n",
                                     bans, &grade),
                     CLAIM_FAILS);
    assert_int_equal(grade, CLAIM_GRADE_CERTAIN);
}

/* A claim that takes sizes checks at the sizes asked, and says them in a
 * finding; given none, at its defaults. */
static void test_sizes_are_honoured(void **state)
{
    (void)state;
    const claim_def *c = claim_find("rn/prop-4.4");
    assert_non_null(c);
    assert_true(c->sizes_used & CLAIM_USES_MAX_TAKE);
    claim_report small, dflt;
    assert_int_equal(claim_report_init(&small, c, NULL), 0);
    assert_int_equal(claim_report_init(&dflt, c, NULL), 0);
    find_check(c->id)->sized(&small, 0, &(rn_sizes){4, 30, NULL});
    find_check(c->id)->sized(&dflt, 0, NULL);
    assert_int_equal(claim_verdict(&small), CLAIM_CERTIFIED);
    assert_true(small.cases[0] > 0 && small.cases[0] < dflt.cases[0]);
    assert_string_equal(small.findings[0].value, "k up to 4 (--max-take), piles up to 30 (--to)");
    assert_string_equal(dflt.findings[0].value, "k up to 20 (--max-take), piles up to 400 (--to)");
    claim_report_free(&small);
    claim_report_free(&dflt);
}

/* A claim proved for every pile size fails where a wrong statement first
 * fails, however far past any sweep: rn/prop-4.5 fed "(1, 10001) is lost
 * whatever is restricted" (its twist 2) fails there first, with the fold
 * that found it as witness. */
static void test_a_proof_finds_a_counterexample_past_any_sweep(void **state)
{
    (void)state;
    const claim_def *c = claim_find("rn/prop-4.5");
    assert_non_null(c);
    claim_report r;
    assert_int_equal(claim_report_init(&r, c, NULL), 0);
    find_check(c->id)->sized(&r, 2, &(rn_sizes){4, 0, NULL});
    claim_report_settle(&r);
    assert_int_equal(claim_verdict(&r), CLAIM_FAILS);
    assert_true(r.nkept >= 1);
    assert_string_equal(r.kept[0].where, "k = 2, piles (1,10001)");
    assert_non_null(strstr(r.kept[0].note, "(1,10001) has the values of"));
    /* Every k fails there, and nowhere else. */
    assert_int_equal(r.mismatches[0], 3);
    claim_report_free(&r);
}

/* The per-pile sum solved on these piles, moves of 1..k. */
static void solve_sum(rn_solved *s, int k, int bound)
{
    char kt[16];
    snprintf(kt, sizeof kt, "%d", k);
    rn_solve(s, "restricted-nim", 2, bound, (const char *const[]){"max-move", kt, "restriction", "per-pile", NULL});
}

/* The proof of rn/rule-4.4 for every size: the Nim-sum of the certified
 * one-pile values satisfies the sum's rule on the region, and then is
 * the sum's value on a table twice as large, computed outright; the check
 * refuses a sum's table one pile short of the region, and a one-pile
 * value planted in the window (the Nim-sum then breaks the sum's rule). */
static void test_the_sum_proof_holds_and_refuses_plants(void **state)
{
    (void)state;
    int k = 4;
    rn_cert one;
    char why[256];
    assert_true(rn_cert_make(&one, rn_solver_previous, NULL, 1, k, PILE_GRUNDY, 400, why, sizeof why));
    int region = rn_cert_region(&one, 1, 0, 400);
    assert_true(region > k);
    rn_solved sum;
    solve_sum(&sum, k, region - 1);
    assert_true(rn_cert_sum_check(&one, &sum, why, sizeof why));
    rn_solved_free(&sum);
    /* Past the region, as the argument says. */
    solve_sum(&sum, k, 2 * region);
    for (int a = 0; a <= 2 * region; a++)
        for (int b = a; b <= 2 * region; b++)
            for (int ra = 0; ra <= k; ra++)
                for (int rb = 0; rb <= k; rb++) {
                    uint64_t h = rn_cert_value(&one, &a, 1, ra) ^ rn_cert_value(&one, &b, 1, rb);
                    assert_int_equal(table_grundy(&sum.table, rn_rank_per_pile(&sum, (int[]){a, b}, (int[]){ra, rb}, 2, k)),
                                     h);
                }
    rn_solved_free(&sum);
    /* One pile short. */
    solve_sum(&sum, k, region - 2);
    assert_false(rn_cert_sum_check(&one, &sum, why, sizeof why));
    assert_non_null(strstr(why, "beyond"));
    rn_solved_free(&sum);
    /* A value of the window's last row changed: 0 becomes 1, any other 0. */
    solve_sum(&sum, k, region - 1);
    int n = one.c.pre + one.c.per - 1;
    uint64_t rank = rn_rank(&one.s, &n, 1, 0);
    uint32_t saved = one.s.table.grundy[rank];
    one.s.table.grundy[rank] = (saved & 0x80000000u) | ((saved & 0x7fffffffu) == 0 ? 1u : 0u);
    assert_false(rn_cert_sum_check(&one, &sum, why, sizeof why));
    assert_non_null(strstr(why, "the rule on its children"));
    one.s.table.grundy[rank] = saved;
    rn_solved_free(&sum);
    rn_cert_free(&one);
}

/* rn/rule-6.1's 6.1.3 for every pile size rests on the game's moves
 * being the rule's (a restriction only removes the take it names): the
 * check holds for the game it describes and refuses a game with other
 * moves (another k; the restricted number chosen; takes from both piles,
 * which show only once a pile holds chips); the claim proves every k = 2..10 and, fed X at (0,1) only
 * (its twist), fails at (1,1). */
static void test_the_restriction_argument_refuses_other_moves(void **state)
{
    (void)state;
    rn_solved s;
    rn_solve_previous(&s, 2, 9, 4);
    assert_true(rn_moves_are_previous_rule(&s, 4, 9));
    assert_false(rn_moves_are_previous_rule(&s, 3, 9));
    rn_solved_free(&s);
    /* Same restricted numbers, other moves: the mover chooses what is
     * restricted; or he may also take from both piles. */
    rn_solve(&s, "restricted-nim", 2, 9, (const char *const[]){"max-move", "4", "restriction", "chosen", NULL});
    assert_false(rn_moves_are_previous_rule(&s, 4, 9));
    rn_solved_free(&s);
    rn_solve(&s, "restricted-nim", 2, 9, (const char *const[]){"max-move", "4", "takes", "wythoff", NULL});
    assert_false(rn_moves_are_previous_rule(&s, 4, 9));
    assert_true(rn_moves_are_previous_rule(&s, 4, 0));
    rn_solved_free(&s);
    const claim_def *c = claim_find("rn/rule-6.1");
    assert_non_null(c);
    for (int twist = 0; twist <= 1; twist++) {
        claim_report r;
        assert_int_equal(claim_report_init(&r, c, NULL), 0);
        find_check(c->id)->check(&r, twist);
        claim_report_settle(&r);
        bool proved = false;
        for (int i = 0; i < r.nfindings; i++)
            proved = proved || (strcmp(r.findings[i].key, "proved for every pile size: 6.1.3") == 0 &&
                                strncmp(r.findings[i].value, "k = 2, 3, 4, 5, 6, 7, 8, 9, 10:", 31) == 0);
        /* Twisted, every k fails: none is called proved, none written. */
        assert_int_equal(proved, !twist);
        int written = 0;
        for (int i = 0; i < r.ncertificates; i++)
            written += strstr(r.certificates[i].name, "-x-only-in-misere") != NULL;
        assert_int_equal(written, twist ? 0 : 9);
        assert_int_equal(r.mismatches[5], twist ? 9 : 0);
        if (twist) {
            bool at11 = false;
            for (int i = 0; i < r.nkept; i++)
                at11 = at11 || strstr(r.kept[i].where, "misere play, piles (1,1)") != NULL;
            assert_true(at11);
        }
        claim_report_free(&r);
    }
}

/* Proposition 4.4 by the thesis' strategy (answer d by k+1-d from the
 * same pile): it proves even k, k = 34 too (whose values repeat only
 * past 4,967 chips); it refuses odd k (a take of (k+1)/2 cannot be
 * answered), a wrong modulus (k+2: a take of 1 cannot be answered), and
 * a game whose moves are not the rule's (the restricted number chosen). */
static void test_the_strategy_proof_refuses_what_it_cannot_answer(void **state)
{
    (void)state;
    char why[256];
    assert_true(rn_complement_strategy_proves(4, 5, why, sizeof why));
    assert_true(rn_complement_strategy_proves(34, 35, why, sizeof why));
    assert_false(rn_complement_strategy_proves(5, 6, why, sizeof why));
    assert_non_null(strstr(why, "a take of 3 chips cannot be answered by taking 3"));
    assert_false(rn_complement_strategy_proves(4, 6, why, sizeof why));
    assert_non_null(strstr(why, "a take of 1 chips cannot be answered by taking 5"));
    rn_solved s;
    rn_solve(&s, "restricted-nim", 2, 10, (const char *const[]){"max-move", "4", "restriction", "chosen", NULL});
    assert_false(rn_complement_strategy_check(&s, 4, 5, why, sizeof why));
    assert_non_null(strstr(why, "are not the rule's"));
    rn_solved_free(&s);
    rn_solve_previous(&s, 2, 9, 4);
    assert_false(rn_complement_strategy_check(&s, 4, 5, why, sizeof why));
    rn_solved_free(&s);
}

/* A generator that is the rule's everywhere but at one position: the
 * original generator and that position's rank (set by the test that
 * plants it, restored after; a test's own state, not the engine's). */
static struct {
    int (*moves)(const void *data, uint64_t rank, game_move *out);
    uint64_t rank;
} planted;

/* The planted generator: at planted.rank, the last move is missing. */
static int moves_but_one(const void *data, uint64_t rank, game_move *out)
{
    int n = planted.moves(data, rank, out);
    return rank == planted.rank && n > 0 ? n - 1 : n;
}

/* The strategy proof looks at two equal piles too, and under every
 * restricted number: a game whose moves differ from the rule's only at
 * (5,5) with nothing restricted is refused (k = 4, m = 5), and so at (0,5)
 * or (10,10), or at (0,5) with 4 (= k) restricted. */
static void test_the_strategy_proof_sees_equal_piles(void **state)
{
    (void)state;
    char why[256];
    const int at[][3] = {{5, 5, 0}, {0, 5, 0}, {10, 10, 0}, {0, 5, 4}};
    for (int i = 0; i < 4; i++) {
        rn_solved s;
        rn_solve_previous(&s, 2, 10, 4);
        assert_true(rn_complement_strategy_check(&s, 4, 5, why, sizeof why));
        planted.moves = s.game->moves;
        planted.rank = rn_rank(&s, at[i], 2, at[i][2]);
        s.game->moves = moves_but_one;
        assert_false(rn_complement_strategy_check(&s, 4, 5, why, sizeof why));
        char where[64];
        snprintf(where, sizeof where, "from (%d,%d) with %d restricted are not the rule's", at[i][0], at[i][1],
                 at[i][2]);
        assert_non_null(strstr(why, where));
        s.game->moves = planted.moves;
        rn_solved_free(&s);
    }
}

/* A table whose only differences the damaged text explains is GARBLED:
 * no mismatch, its differences counted as not refuted, never HOLDS; the
 * same table with a symbol planted that no cell holds FAILS. */
static void test_garbled_table_is_not_refuted(void **state)
{
    (void)state;
    const claim_def *c = claim_find("rn/table-12");
    assert_non_null(c);
    claim_report r;
    assert_int_equal(claim_report_init(&r, c, NULL), 0);
    c->check_games(NULL, &r);
    assert_int_equal(claim_verdict(&r), CLAIM_GARBLED);
    assert_int_equal(r.mismatches[0], 0);
    assert_true(r.explained[0] > 0);
    claim_report_free(&r);
    bool witnessed;
    assert_int_equal(run(c, find_check(c->id), 1, &witnessed), CLAIM_FAILS);
    assert_true(witnessed);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_table_loads_and_is_the_text),
        cmocka_unit_test(test_changed_cell_is_one_named_mismatch),
        cmocka_unit_test(test_garbled_table_is_not_refuted),
        cmocka_unit_test(test_sizes_are_honoured),
        cmocka_unit_test(test_a_proof_finds_a_counterexample_past_any_sweep),
        cmocka_unit_test(test_the_sum_proof_holds_and_refuses_plants),
        cmocka_unit_test(test_the_restriction_argument_refuses_other_moves),
        cmocka_unit_test(test_the_strategy_proof_refuses_what_it_cannot_answer),
        cmocka_unit_test(test_the_strategy_proof_sees_equal_piles),
        cmocka_unit_test(test_a_proof_stops_at_its_edges),
        cmocka_unit_test(test_every_rn_claim_fails_when_twisted),
        cmocka_unit_test(test_every_part_fails_when_twisted),
        cmocka_unit_test(test_a_certificate_names_the_rules_the_engine_plays),
        cmocka_unit_test(test_a_statement_reads_what_its_period_covers),
        cmocka_unit_test(test_rn_verdicts_as_printed),
        cmocka_unit_test(test_wording_errata_cite_cells_the_tables_print_rightly),
        cmocka_unit_test(test_planted_cases_get_their_verdicts),
        cmocka_unit_test(test_every_erratum_names_its_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
