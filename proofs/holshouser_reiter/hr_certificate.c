/*
 * hr_certificate.c -- the game of chance's proofs as certificate texts
 * (hr_certificate.h; the format is docs/proofs.md's).
 */
#include "proofs/holshouser_reiter/hr_certificate.h"

#include <stdlib.h>

#include "proofs/claim.h"

/* The head both arguments share: the format, the argument, the statement
 * and the game's rules. */
static void rules(claim_text *t, const char *argument, const char *statement, const value_rule_game *g)
{
    claim_text_add(t, "# A proof for every position of a game of chance: docs/proofs.md says what\n"
                      "# each line means; build/proofcheck re-proves it from the rules below.\n");
    claim_text_add(t, "certificate 1\nargument %s\nstatement %s\n", argument, statement);
    claim_text_add(t, "# The game: the mover picks a non-empty pile of n, writes x in choices while the\n"
                      "# opponent writes x' in against, at once; the pile becomes n - x - x' (0 when\n"
                      "# that is not positive); the last counter wins (normal) or loses (misere).\n");
    claim_text_add(t, "game chance-nim\nchoices");
    for (int i = 0; i < g->nx; i++)
        claim_text_add(t, " %d", g->x[i]);
    claim_text_add(t, "\nagainst");
    for (int i = 0; i < g->nxbar; i++)
        claim_text_add(t, " %d", g->xbar[i]);
    claim_text_add(t, "\nplay %s\n", g->misere ? "misere" : "normal");
}

/* The listing (values "n: v", one a line, its own text `values`, freed
 * here) after its count and digest, then the end: the certificate's
 * text, to free. */
static char *finish(claim_text *t, char *values, int count)
{
    char hex[65];
    claim_sha256_hex(values, hex);
    claim_text_add(t, "values-count %d\nvalues-sha256 %s\nvalues\n%send-values\nend\n", count, hex, values);
    free(values);
    return claim_text_close(t);
}

char *hr_induction_certificate(const char *statement, const value_rule_game *g, pile_value_fn value,
                               const void *arg, int from, int period, int region)
{
    claim_text t, list;
    claim_text_open(&t);
    rules(&t, "value-induction", statement, g);
    claim_text_add(&t, "# The argument: each pile's value (L a lone pile, N none) repeats with the period\n"
                       "# from the preperiod on; the moves the induction needs hold on piles 1 .. region,\n"
                       "# which stand for every pile.  Values listed on piles 0 .. region + period.\n");
    claim_text_add(&t, "preperiod %d\nperiod %d\nregion %d\n", from, period, region);
    claim_text_open(&list);
    for (int n = 0; n <= region + period; n++) {
        int v = value(n, arg);
        if (v >= 0)
            claim_text_add(&list, "%d: %d\n", n, v);
        else
            claim_text_add(&list, "%d: %s\n", n, v == VALUE_RULE_LONE ? "L" : "N");
    }
    return finish(&t, claim_text_close(&list), region + period + 1);
}

char *hr_period_certificate(const char *statement, const value_rule_game *g, const int64_t *rows, int from,
                            int period, int width)
{
    claim_text t, list;
    claim_text_open(&t);
    rules(&t, "chance-period", statement, g);
    claim_text_add(&t, "# The argument: a pile's exact value (the probability that the player to move\n"
                       "# wins) reads the piles below it that a move leaves; piles preperiod ..\n"
                       "# preperiod + width - 1 repeat at + period, so every pile from the preperiod on\n"
                       "# does.  Values listed on piles 0 .. region (= preperiod + period + width - 1).\n");
    int region = from + period + width - 1;
    claim_text_add(&t, "preperiod %d\nperiod %d\nregion %d\n", from, period, region);
    claim_text_open(&list);
    for (int n = 0; n <= region; n++)
        claim_text_add(&list, "%d: %lld/%lld\n", n, (long long)rows[2 * n], (long long)rows[2 * n + 1]);
    return finish(&t, claim_text_close(&list), region + 1);
}
