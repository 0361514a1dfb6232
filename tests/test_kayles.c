/*
 * test_kayles.c -- the Kayles claims (ks/...) hold as stated and fail,
 * with witnesses, when fed a wrong statement: another period, another
 * start, the signs the other way round, every bonus instead of those
 * above the pins.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "proofs/claim.h"
#include "proofs/kayles/ks_claims.h"

static claim_status period_verdict(ks_period_statement s, int failing_part)
{
    const claim_def *c = claim_find("ks/grundy-period");
    assert_non_null(c);
    claim_report r;
    assert_int_equal(claim_report_init(&r, c, NULL), 0);
    ks_check_period(NULL, &r, &s);
    claim_report_settle(&r);
    claim_status v = claim_verdict(&r);
    /* The engine's values agree whatever the statement. */
    assert_int_equal(claim_part_status(&r, 0), CLAIM_HOLDS);
    if (failing_part >= 0) {
        assert_int_equal(claim_part_status(&r, failing_part), CLAIM_FAILS);
        assert_true(r.nkept > 0);
        assert_non_null(r.kept[0].where);
    }
    claim_report_free(&r);
    return v;
}

static void test_period_as_printed_is_certified(void **state)
{
    (void)state;
    assert_int_equal(period_verdict((ks_period_statement){12, 71, 2}, -1), CLAIM_CERTIFIED);
}

static void test_period_fails_when_changed(void **state)
{
    (void)state;
    /* Another period, a start one too early, one too late (then an
     * earlier start works: "from no earlier n" fails). */
    assert_int_equal(period_verdict((ks_period_statement){6, 71, 2}, 1), CLAIM_FAILS);
    assert_int_equal(period_verdict((ks_period_statement){11, 71, 2}, 1), CLAIM_FAILS);
    assert_int_equal(period_verdict((ks_period_statement){12, 70, 2}, 1), CLAIM_FAILS);
    assert_int_equal(period_verdict((ks_period_statement){12, 72, 2}, 2), CLAIM_FAILS);
}

static claim_status sign_verdict(ks_sign_statement s)
{
    const claim_def *c = claim_find("ks/sign");
    assert_non_null(c);
    claim_report r;
    assert_int_equal(claim_report_init(&r, c, NULL), 0);
    ks_check_sign(NULL, &r, &s);
    claim_report_settle(&r);
    claim_status v = claim_verdict(&r);
    for (int p = 0; p < r.nparts; p++)
        assert_true(r.cases[p] > 0);
    if (v == CLAIM_FAILS) {
        assert_true(r.nkept > 0);
        assert_non_null(strstr(r.kept[0].where, "at N = "));
    }
    claim_report_free(&r);
    return v;
}

static void test_sign_holds_then_fails_when_changed(void **state)
{
    (void)state;
    assert_int_equal(sign_verdict((ks_sign_statement){.inverted = false, .every_bonus = false}), CLAIM_HOLDS);
    assert_int_equal(sign_verdict((ks_sign_statement){.inverted = true, .every_bonus = false}), CLAIM_FAILS);
    assert_int_equal(sign_verdict((ks_sign_statement){.inverted = false, .every_bonus = true}), CLAIM_FAILS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_period_as_printed_is_certified),
        cmocka_unit_test(test_period_fails_when_changed),
        cmocka_unit_test(test_sign_holds_then_fails_when_changed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
