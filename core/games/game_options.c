/*
 * game_options.c -- the games' shared option readers (see game_options.h).
 */
#include "core/games/game_options.h"

#include <stdio.h>
#include <string.h>

#include "core/engine/multiset.h"
#include "core/engine/xalloc.h"

int game_parse_integer(const char *s, const char *end, long long lo, long long hi, long long *out)
{
    const char *p = s;
    if (p < end && (*p == '-' || *p == '+'))
        p++;
    /* 15 characters: no overflow of long long before the range check. */
    if (p == end || end - s > 15)
        return -1;
    long long v = 0;
    for (const char *q = p; q < end; q++) {
        if (*q < '0' || *q > '9')
            return -1;
        v = v * 10 + (*q - '0');
    }
    *out = *s == '-' ? -v : v;
    return *out < lo || *out > hi ? -1 : 0;
}

int game_parse_decimal(const char *s, const char *end, long long lo, long long hi, long long *num, long long *den)
{
    const char *dot = s;
    while (dot < end && *dot != '.')
        dot++;
    long long whole, frac, scale = 1;
    /* "-.5" and "5." are not read: a digit on each side of the point. */
    const char *digits = s < end && (*s == '-' || *s == '+') ? s + 1 : s;
    if (dot == end || dot == digits || end - dot - 1 < 1 || end - dot - 1 > 6 || dot[1] == '-' || dot[1] == '+')
        return -1;
    if (game_parse_integer(s, dot, -999999999, 999999999, &whole) != 0 ||
        game_parse_whole(dot + 1, end, 0, 999999, &frac) != 0)
        return -1;
    for (const char *q = dot + 1; q < end; q++)
        scale *= 10;
    /* The sign of "-0.5" is in the text, not in whole. */
    long long v = (whole < 0 ? -whole : whole) * scale + frac;
    *num = *s == '-' ? -v : v;
    *den = scale;
    return *num < lo * scale || *num > hi * scale ? -1 : 0;
}

int game_parse_whole(const char *s, const char *end, long long lo, long long hi, long long *out)
{
    if (s < end && (*s == '-' || *s == '+'))
        return -1;
    return game_parse_integer(s, end, lo, hi, out);
}

int game_parse_set(const char *text, int lo, int hi, int max, int *out, char *why, int whylen)
{
    if (whylen < GAME_WHY_MAX)
        die("internal error: %d bytes is too little room for the reason a set is refused (%d needed)", whylen,
            GAME_WHY_MAX);
    const char *p = text, *stop = text + strlen(text);
    if (*p == '{') {
        if (stop == p + 1 || stop[-1] != '}') {
            snprintf(why, (size_t)whylen, "expected 1,3,4 or {1,3,4}");
            return -1;
        }
        p++;
        stop--;
    }
    int n = 0;
    while (p < stop) {
        const char *end = memchr(p, ',', (size_t)(stop - p));
        if (!end)
            end = stop;
        long long v;
        /* A range that reaches below 0 takes a sign. */
        if ((lo < 0 ? game_parse_integer(p, end, lo, hi, &v) : game_parse_whole(p, end, lo, hi, &v)) != 0) {
            snprintf(why, (size_t)whylen, "members are %s %d..%d", lo < 0 ? "integers" : "whole numbers", lo, hi);
            return -1;
        }
        for (int i = 0; i < n; i++)
            if (out[i] == v) {
                snprintf(why, (size_t)whylen, "%lld is there twice", v);
                return -1;
            }
        if (n == max) {
            snprintf(why, (size_t)whylen, "at most %d members", max);
            return -1;
        }
        out[n++] = (int)v;
        p = end < stop ? end + 1 : end;
        if (end < stop && p == stop) {
            snprintf(why, (size_t)whylen, "a comma ends it");
            return -1;
        }
    }
    if (n == 0) {
        snprintf(why, (size_t)whylen, "it has no member");
        return -1;
    }
    ms_sort_ascending(out, n);
    return n;
}

int game_parse_play(const char *text)
{
    if (!text || strcmp(text, "normal") == 0)
        return 0;
    return strcmp(text, "misere") == 0 ? 1 : -1;
}
