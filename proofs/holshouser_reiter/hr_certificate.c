/*
 * hr_certificate.c -- the game of chance's proofs as certificate texts
 * (hr_certificate.h; the format is docs/proofs.md's).
 */
#include "proofs/holshouser_reiter/hr_certificate.h"

#include <nettle/sha2.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"

/* A certificate is never cut short: a failure of memory stops the run. */
static void emit(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vfprintf(f, fmt, ap);
    va_end(ap);
    if (rc < 0)
        die("out of memory writing a certificate");
}

static FILE *text_open(char **text, size_t *len)
{
    FILE *f = open_memstream(text, len);
    if (!f)
        die("out of memory writing a certificate");
    return f;
}

/* The text, complete once the stream is closed (open_memstream sets it
 * then, so it is read after fclose). */
static char *text_close(FILE *f, char **text)
{
    if (fclose(f) != 0)
        die("out of memory writing a certificate");
    return *text;
}

/* The listing's count, digest and text (values "n: v", one a line),
 * then the end. */
static void write_listing(FILE *f, const char *values, int count)
{
    uint8_t d[SHA256_DIGEST_SIZE];
    struct sha256_ctx sha;
    sha256_init(&sha);
    sha256_update(&sha, strlen(values), (const uint8_t *)values);
    sha256_digest(&sha, sizeof d, d);
    emit(f, "values-count %d\nvalues-sha256 ", count);
    for (size_t i = 0; i < sizeof d; i++)
        emit(f, "%02x", d[i]);
    emit(f, "\nvalues\n%send-values\nend\n", values);
}

/* The head both arguments share: the format, the argument, the statement
 * and the game's rules. */
static void rules(FILE *f, const char *argument, const char *statement, const value_rule_game *g)
{
    emit(f, "# A proof for every position of a game of chance: docs/proofs.md says what\n"
            "# each line means; build/proofcheck re-proves it from the rules below.\n");
    emit(f, "certificate 1\nargument %s\nstatement %s\n", argument, statement);
    emit(f, "# The game: the mover picks a non-empty pile of n, writes x in choices while the\n"
            "# opponent writes x' in against, at once; the pile becomes n - x - x' (0 when\n"
            "# that is not positive); the last counter wins (normal) or loses (misere).\n");
    emit(f, "game chance-nim\nchoices");
    for (int i = 0; i < g->nx; i++)
        emit(f, " %d", g->x[i]);
    emit(f, "\nagainst");
    for (int i = 0; i < g->nxbar; i++)
        emit(f, " %d", g->xbar[i]);
    emit(f, "\nplay %s\n", g->misere ? "misere" : "normal");
}

char *hr_induction_certificate(const char *statement, const value_rule_game *g, pile_value_fn value,
                               const void *arg, int from, int period, int region)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = text_open(&text, &len);
    rules(f, "value-induction", statement, g);
    emit(f, "# The argument: each pile's value (L a lone pile, N none) repeats with the period\n"
            "# from the preperiod on; the moves the induction needs hold on piles 1 .. region,\n"
            "# which stand for every pile.  Values listed on piles 0 .. region + period.\n");
    emit(f, "preperiod %d\nperiod %d\nregion %d\n", from, period, region);
    char *values = NULL;
    size_t vlen = 0;
    FILE *list = text_open(&values, &vlen);
    for (int n = 0; n <= region + period; n++) {
        int v = value(n, arg);
        if (v >= 0)
            emit(list, "%d: %d\n", n, v);
        else
            emit(list, "%d: %s\n", n, v == VALUE_RULE_LONE ? "L" : "N");
    }
    write_listing(f, text_close(list, &values), region + period + 1);
    free(values);
    return text_close(f, &text);
}

char *hr_period_certificate(const char *statement, const value_rule_game *g, const int64_t *rows, int from,
                            int period, int width)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = text_open(&text, &len);
    rules(f, "chance-period", statement, g);
    emit(f, "# The argument: a pile's exact value (the probability that the player to move\n"
            "# wins) reads the piles below it that a move leaves; piles preperiod ..\n"
            "# preperiod + width - 1 repeat at + period, so every pile from the preperiod on\n"
            "# does.  Values listed on piles 0 .. region (= preperiod + period + width - 1).\n");
    int region = from + period + width - 1;
    emit(f, "preperiod %d\nperiod %d\nregion %d\n", from, period, region);
    char *values = NULL;
    size_t vlen = 0;
    FILE *list = text_open(&values, &vlen);
    for (int n = 0; n <= region; n++)
        emit(list, "%d: %lld/%lld\n", n, (long long)rows[2 * n], (long long)rows[2 * n + 1]);
    write_listing(f, text_close(list, &values), region + 1);
    free(values);
    return text_close(f, &text);
}
