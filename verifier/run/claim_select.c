/*
 * claim_select.c -- --claims patterns to claims (see claim_select.h).
 */
#include "verifier/run/claim_select.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"

static bool printable_ascii(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
            return false;
    return true;
}

static bool already(const claim_def **out, int n, const claim_def *c)
{
    for (int j = 0; j < n; j++)
        if (out[j] == c)
            return true;
    return false;
}

int select_claims_in(const claim_def *const *registry, const char *patterns, const claim_def **out, char *err,
                     int errlen)
{
    if (!printable_ascii(patterns)) {
        snprintf(err, (size_t)errlen, "--claims must be printable ASCII claim ids or patterns");
        return -1;
    }
    int size = 0;
    while (registry[size])
        size++;
    /* out holds every claim at most once; a larger registry is a bug. */
    if (size > CLAIMS_MAX)
        die("internal error: %d claims registered, at most %d supported", size, CLAIMS_MAX);
    int n = 0;
    char *copy = xstrdup(patterns, "the claim patterns"), *save = NULL;
    bool any_pattern = false;
    for (char *pat = strtok_r(copy, ",", &save); pat; pat = strtok_r(NULL, ",", &save)) {
        any_pattern = true;
        bool matched = false;
        for (int i = 0; registry[i]; i++) {
            if (fnmatch(pat, registry[i]->id, 0) != 0)
                continue;
            matched = true;
            if (!already(out, n, registry[i]))
                out[n++] = registry[i];
        }
        if (!matched) {
            snprintf(err, (size_t)errlen, "unknown claim '%.60s' (see verifier list)", pat);
            free(copy);
            return -1;
        }
    }
    free(copy);
    if (!any_pattern) {
        snprintf(err, (size_t)errlen, "--claims needs at least one claim id or pattern");
        return -1;
    }
    /* Report in registry order whatever order the patterns came in. */
    const claim_def *sorted[CLAIMS_MAX];
    int k = 0;
    for (int i = 0; registry[i]; i++)
        if (already(out, n, registry[i]))
            sorted[k++] = registry[i];
    memcpy(out, sorted, (size_t)k * sizeof *out);
    return k;
}
