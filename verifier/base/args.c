/*
 * args.c -- strict parsers for the command line (see args.h).
 */
#define _GNU_SOURCE /* vasprintf */
#include "verifier/base/args.h"

#include <errno.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/multiset.h"
#include "core/games/registry.h"
#include "core/games/game_options.h"

/* Bonus values beyond this would make the lanes meaningless and slow. */
#define BONUS_LIMIT 100000000L

static int parse_int_token(const char *s, const char *end, long *out)
{
    if (s == end)
        return -1;
    const char *p = s;
    if (*p == '-' || *p == '+')
        p++;
    if (p == end)
        return -1;
    for (const char *q = p; q < end; q++)
        if (*q < '0' || *q > '9')
            return -1;
    if (end - s > 18)
        return -1;
    char buf[24];
    memcpy(buf, s, (size_t)(end - s));
    buf[end - s] = 0;
    errno = 0;
    *out = strtol(buf, NULL, 10);
    return errno ? -1 : 0;
}

int parse_long(const char *s, long lo, long hi, long *out, const char *what, char *err, int errlen)
{
    if (parse_int_token(s, s + strlen(s), out) != 0 || *out < lo || *out > hi) {
        snprintf(err, (size_t)errlen, "%s must be an integer from %ld to %ld, got '%.40s'", what, lo, hi, s);
        return -1;
    }
    return 0;
}

int parse_duration(const char *s, const char *units, double *seconds)
{
    const char *p = s;
    double v = 0, place = 1;
    while (*p >= '0' && *p <= '9' && p - s < 9)
        v = 10 * v + (*p++ - '0');
    if (p == s)
        return -1;
    if (*p == '.') {
        const char *frac = ++p;
        while (*p >= '0' && *p <= '9' && p - frac < 9)
            v += (*p++ - '0') * (place /= 10);
        if (p == frac)
            return -1;
    }
    double unit = *p == 0 ? 1 : 0;
    if (*p != 0 && p[1] == 0 && strchr(units, *p))
        unit = *p == 's' ? 1 : *p == 'm' ? 60 : *p == 'h' ? 3600 : *p == 'd' ? 86400 : 0;
    if (unit == 0)
        return -1;
    *seconds = v * unit;
    return 0;
}

/* The length of the UTF-8 sequence at p (shortest forms, no surrogates,
 * at most U+10FFFF), or 0 when the bytes there are not one. */
static int utf8_length(const unsigned char *p)
{
    int n = p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : p[0] >= 0xe0 ? 3 : p[0] >= 0xc2 && p[0] < 0xe0 ? 2 : 0;
    for (int i = 1; i < n; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    if ((n == 3 && p[0] == 0xe0 && p[1] < 0xa0) || (n == 3 && p[0] == 0xed && p[1] >= 0xa0) ||
        (n == 4 && p[0] == 0xf0 && p[1] < 0x90) || (n == 4 && p[0] == 0xf4 && p[1] >= 0x90))
        return 0;
    return n;
}

void print_error_line(FILE *f, const char *msg)
{
    fputs("verifier: ", f);
    for (const unsigned char *p = (const unsigned char *)msg; *p;) {
        int n = *p < 0x80 ? 1 : utf8_length(p);
        if (*p < 0x20 || *p == 0x7f || n == 0) {
            fprintf(f, "\\x%02x", *p);
            p++;
        } else {
            fwrite(p, 1, (size_t)n, f);
            p += n;
        }
    }
    fputc('\n', f);
}

void say_error(const char *fmt, ...)
{
    char *msg;
    va_list ap;
    va_start(ap, fmt);
    int n = vasprintf(&msg, fmt, ap);
    va_end(ap);
    if (n < 0) {
        /* The error is still an error: its status is the caller's. */
        fputs("verifier: an error whose message could not be written (out of memory)\n", stderr);
        return;
    }
    print_error_line(stderr, msg);
    free(msg);
}

/* parse_piles, and where `range` is not NULL one pile may be a range
 * "lo:hi" (lo <= hi): its lo goes in the list, range->at its index and
 * range->hi its top (range->at -1 when none is given). */
static int parse_piles_ranged(const char *s, int *piles, int *n, pile_range *range, char *err, int errlen)
{
    *n = 0;
    if (range)
        range->at = -1;
    const char *p = s;
    while (1) {
        const char *end = strchr(p, ',');
        if (!end)
            end = p + strlen(p);
        long v;
        const char *colon = memchr(p, ':', (size_t)(end - p));
        if (colon && range) {
            long lo, hi;
            if (range->at >= 0 || parse_int_token(p, colon, &lo) != 0 || parse_int_token(colon + 1, end, &hi) != 0 ||
                lo < 0 || hi < lo || hi > MS_MAX_BOUND || *n == GAME_MAX_SLOTS) {
                snprintf(err, (size_t)errlen,
                         "bad position '%.40s': one pile may be a range lo:hi of sizes 0..%d (lo <= hi), like 22,0:30",
                         s, MS_MAX_BOUND);
                return -1;
            }
            range->at = *n;
            range->hi = (int)hi;
            piles[(*n)++] = (int)lo;
            if (*end == 0)
                return 0;
            p = end + 1;
            continue;
        }
        /* "?": a pile whose size is not known yet (a game with unknown
         * piles takes it; value refuses it for the others). */
        if (end == p + 1 && *p == '?') {
            if (*n == GAME_MAX_SLOTS) {
                snprintf(err, (size_t)errlen, "bad position '%.40s': at most %d piles", s, GAME_MAX_SLOTS);
                return -1;
            }
            piles[(*n)++] = GAME_PILE_UNKNOWN;
            if (*end == 0)
                return 0;
            p = end + 1;
            continue;
        }
        bool digits = end > p && (*p >= '0' && *p <= '9');
        if (!digits || parse_int_token(p, end, &v) != 0 || v < 0 || v > MS_MAX_BOUND) {
            snprintf(err, (size_t)errlen, "bad position '%.40s': expected pile sizes 0..%d separated by commas, like 5,4,2",
                     s, MS_MAX_BOUND);
            return -1;
        }
        if (*n == GAME_MAX_SLOTS) {
            snprintf(err, (size_t)errlen, "bad position '%.40s': at most %d piles", s, GAME_MAX_SLOTS);
            return -1;
        }
        piles[(*n)++] = (int)v;
        if (*end == 0)
            return 0;
        p = end + 1;
    }
}

int parse_piles(const char *s, int *piles, int *n, char *err, int errlen)
{
    return parse_piles_ranged(s, piles, n, NULL, err, errlen);
}

int parse_position(const char *s, int *piles, int *n, int *tag, pile_range *range, char *err, int errlen)
{
    size_t len = strlen(s);
    *tag = -1;
    /* The trailing state "(r)", when the text ends with ')' and has an
     * opening before it that is not the first character of a lone
     * "(5,4,2)". */
    const char *open = len && s[len - 1] == ')' ? strrchr(s, '(') : NULL;
    size_t piles_len = len;
    if (open && open > s) {
        long v;
        if (parse_int_token(open + 1, s + len - 1, &v) != 0 || v < 0 || v > MS_MAX_BOUND) {
            snprintf(err, (size_t)errlen,
                     "bad position '%.40s': the state after the piles must be a number 0..%d in parentheses, like "
                     "(27,1)(1)",
                     s, MS_MAX_BOUND);
            return -1;
        }
        *tag = (int)v;
        piles_len = (size_t)(open - s);
    }
    /* The piles, with or without their parentheses. */
    const char *from = s, *to = s + piles_len;
    if (piles_len >= 2 && s[0] == '(' && s[piles_len - 1] == ')') {
        from++;
        to--;
    }
    if (memchr(from, '(', (size_t)(to - from)) || memchr(from, ')', (size_t)(to - from)) || to <= from) {
        snprintf(err, (size_t)errlen,
                 "bad position '%.40s': expected pile sizes separated by commas, like 5,4,2 or (5,4,2), then "
                 "optionally a restricted number, like (27,1)(1)",
                 s);
        return -1;
    }
    char buf[4096];
    if ((size_t)(to - from) >= sizeof buf) {
        snprintf(err, (size_t)errlen, "bad position '%.40s': too long", s);
        return -1;
    }
    memcpy(buf, from, (size_t)(to - from));
    buf[to - from] = '\0';
    if (parse_piles_ranged(buf, piles, n, range, err, errlen) != 0) {
        if (strchr(buf, ':'))
            return -1;
        /* The message names the text as given. */
        snprintf(err, (size_t)errlen, "bad position '%.40s': expected pile sizes 0..%d separated by commas, like "
                 "5,4,2 or (27,1)(1) with a restricted number",
                 s, MS_MAX_BOUND);
        return -1;
    }
    return 0;
}

int parse_range(const char *s, long *lo, long *hi, char *err, int errlen)
{
    const char *colon = strchr(s, ':');
    if (!colon || parse_int_token(s, colon, lo) != 0 || parse_int_token(colon + 1, colon + strlen(colon), hi) != 0) {
        snprintf(err, (size_t)errlen, "bad bonus range '%.40s': expected integers A:B such as -12:12", s);
        return -1;
    }
    if (*lo > *hi) {
        snprintf(err, (size_t)errlen, "empty bonus range '%.40s': A must not exceed B", s);
        return -1;
    }
    if (*lo < -BONUS_LIMIT || *hi > BONUS_LIMIT) {
        snprintf(err, (size_t)errlen, "bonus range '%.40s' is outside -%ld:%ld", s, BONUS_LIMIT, BONUS_LIMIT);
        return -1;
    }
    return 0;
}

long gcd_long(long a, long b)
{
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* A number's limits: its value within +-RAT_LIMIT, its denominator at
 * most RAT_LIMIT (so a numerator within +-RAT_LIMIT^2). */
#define RAT_LIMIT 1000000L
/* A decimal integer spanning exactly [s, end), within +-limit. */
static int rat_part(const char *s, const char *end, long limit, long *out)
{
    char buf[32];
    if (end - s <= 0 || end - s >= (long)sizeof buf)
        return -1;
    memcpy(buf, s, (size_t)(end - s));
    buf[end - s] = 0;
    if (parse_int_token(buf, buf + strlen(buf), out) != 0 || *out < -limit || *out > limit)
        return -1;
    return 0;
}

/* A decimal such as -1.5 or 0.25 exactly (core/games/game_options.h),
 * false when s is not one. */
static bool decimal_part(const char *s, const char *end, long *num, long *den)
{
    long long n, d;
    if (game_parse_decimal(s, end, -RAT_LIMIT, RAT_LIMIT, &n, &d) != 0)
        return false;
    *num = (long)n;
    *den = (long)d;
    return true;
}

int parse_rational(const char *s, rat *out, const char *what, char *err, int errlen)
{
    const char *slash = strchr(s, '/'), *end = s + strlen(s);
    long num, den = 1;
    /* An integer, a fraction p/q, or a decimal (1.5 is 3/2): the same
     * number whichever way it is written. */
    bool ok = !slash && decimal_part(s, end, &num, &den);
    /* The parts are read to RAT_LIMIT^2 (a numerator), then the value and
     * the denominator are each held to their own limit, so the message
     * can say which one a number passes. */
    if (!ok)
        ok = rat_part(s, slash ? slash : end, RAT_LIMIT * RAT_LIMIT, &num) == 0 &&
             (!slash || (rat_part(slash + 1, end, RAT_LIMIT * RAT_LIMIT, &den) == 0 && den > 0));
    if (!ok) {
        snprintf(err, (size_t)errlen,
                 "%s: bad number '%.40s': expected an integer, a fraction such as -3/2 or 7/4, or a decimal such as "
                 "1.5 (a value within +-%ld, a denominator at most %ld)",
                 what, s, RAT_LIMIT, RAT_LIMIT);
        return -1;
    }
    long g = gcd_long(num, den);
    num /= g;
    den /= g;
    if (den > RAT_LIMIT) {
        snprintf(err, (size_t)errlen, "%s: '%.40s' has the denominator %ld in lowest terms; at most %ld is read", what,
                 s, den, RAT_LIMIT);
        return -1;
    }
    if (num > RAT_LIMIT * den || num < -RAT_LIMIT * den) {
        snprintf(err, (size_t)errlen, "%s: '%.40s' is beyond +-%ld; a value within +-%ld is read", what, s, RAT_LIMIT,
                 RAT_LIMIT);
        return -1;
    }
    out->num = num;
    out->den = den;
    return 0;
}

int parse_bonus_range(const char *s, rat *lo, rat *hi, char *err, int errlen)
{
    const char *colon = strchr(s, ':');
    if (!colon) {
        if (parse_rational(s, lo, "--bonus", err, errlen) != 0)
            return -1;
        *hi = *lo;
        return 0;
    }
    char left[64];
    if (colon - s >= (long)sizeof left) {
        snprintf(err, (size_t)errlen, "--bonus: bad range '%.40s': expected A:B such as -3/2:5/2", s);
        return -1;
    }
    memcpy(left, s, (size_t)(colon - s));
    left[colon - s] = 0;
    if (parse_rational(left, lo, "--bonus", err, errlen) != 0 || parse_rational(colon + 1, hi, "--bonus", err, errlen) != 0)
        return -1;
    /* lo <= hi, compared exactly (the products fit: a numerator within
     * 1e12, a denominator within 1e6). */
    if (lo->num * hi->den > hi->num * lo->den) {
        snprintf(err, (size_t)errlen, "--bonus: empty range '%.40s': A must not exceed B", s);
        return -1;
    }
    return 0;
}
