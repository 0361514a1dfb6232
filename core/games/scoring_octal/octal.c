/*
 * octal.c -- parsing and describing scoring octal games (see octal.h).
 */
#include "core/games/scoring_octal/octal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "core/games/game_options.h"

static int64_t gcd64(int64_t a, int64_t b)
{
    if (a < 0)
        a = -a;
    if (b < 0)
        b = -b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

void og_set_point(og_rules *g, int i, int64_t num, int64_t den)
{
    int64_t d = gcd64(num, den);
    if (d == 0)
        d = 1;
    g->num[i] = num / d;
    g->den[i] = den / d;
}

static void default_points(og_rules *g)
{
    g->num[0] = 0;
    g->den[0] = 1;
    for (int i = 1; i <= OG_MAX_TAKE; i++)
        og_set_point(g, i, i, 1);
}

static void canonical_code(og_rules *g)
{
    int n = snprintf(g->code, sizeof g->code, "%x.", g->digit[0]);
    for (int i = 1; i <= g->max_take; i++)
        n += snprintf(g->code + n, sizeof g->code - (size_t)n, "%x", g->digit[i]);
    if (g->max_take == 0)
        snprintf(g->code + n, sizeof g->code - (size_t)n, "0");
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (char)tolower((unsigned char)c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* The character at p as the user typed it, for a message: a whole UTF-8
 * sequence ("２"), never one byte of it; a byte that starts no valid
 * sequence as "byte 0xff". */
static void character_at(const char *p, char *out, int len)
{
    const unsigned char *u = (const unsigned char *)p;
    int n = u[0] < 0x80 ? 1 : (u[0] & 0xe0) == 0xc0 ? 2 : (u[0] & 0xf0) == 0xe0 ? 3 : (u[0] & 0xf8) == 0xf0 ? 4 : 0;
    for (int i = 1; i < n; i++)
        if ((u[i] & 0xc0) != 0x80)
            n = 0;
    if (n == 0 || (n == 1 && (u[0] < 0x20 || u[0] == 0x7f)))
        snprintf(out, (size_t)len, "byte 0x%02x", u[0]);
    else
        snprintf(out, (size_t)len, "'%.*s'", n, p);
}

int og_parse_code(const char *s, og_rules *g, char *err, int errlen)
{
    /* character_at writes at most "byte 0xff" or a quoted 4-byte sequence. */
    char bad[16];
    memset(g, 0, sizeof *g);
    default_points(g);
    const char *dot = strchr(s, '.');
    if (!dot || strchr(dot + 1, '.') || dot - s > 1) {
        snprintf(err, (size_t)errlen, "bad game code '%.40s': expected digits like 0.26 or 4.07", s);
        return -1;
    }
    if (dot == s + 1) {
        int d = hex_digit(s[0]);
        if (d < 0) {
            character_at(s, bad, sizeof bad);
            snprintf(err, (size_t)errlen, "bad game code: %s before the point is not a digit", bad);
            return -1;
        }
        g->digit[0] = (uint8_t)d;
    }
    int k = 0;
    for (const char *p = dot + 1; *p; p++) {
        int d = hex_digit(*p);
        if (d < 0) {
            character_at(p, bad, sizeof bad);
            snprintf(err, (size_t)errlen, "bad game code: %s is not a digit 0-9 or a-f", bad);
            return -1;
        }
        if (++k > OG_MAX_TAKE) {
            snprintf(err, (size_t)errlen, "bad game code '%.40s': at most %d digits after the point", s, OG_MAX_TAKE);
            return -1;
        }
        g->digit[k] = (uint8_t)d;
    }
    for (int i = 1; i <= k; i++)
        if (g->digit[i])
            g->max_take = i;
    if ((g->digit[0] & 3) != 0) {
        snprintf(err, (size_t)errlen,
                 "bad game code '%.40s': the digit before the point may only split (bits 2 and 3: 0, 4, 8, c)", s);
        return -1;
    }
    if (g->max_take == 0 && g->digit[0] == 0) {
        snprintf(err, (size_t)errlen, "bad game code '%.40s': the game has no move", s);
        return -1;
    }
    canonical_code(g);
    return 0;
}

const char *og_convention(const og_rules *g)
{
    if (g->digit[0] == 0)
        return NULL;
    return "a digit before the point (d_0) is outside Stewart's Definition 30, which defines the codes 0.d_1d_2...; "
           "it is read by the usual octal convention: a move that takes no bean, splits a heap into two non-empty "
           "heaps (d_0 = 4) or three (d_0 = 8), and scores 0";
}

int og_parse_subtraction(const char *s, og_rules *g, char *err, int errlen)
{
    memset(g, 0, sizeof *g);
    default_points(g);
    int takes[OG_MAX_TAKE];
    char why[GAME_WHY_MAX];
    int n = game_parse_set(s, 1, OG_MAX_TAKE, OG_MAX_TAKE, takes, why, sizeof why);
    if (n < 0) {
        snprintf(err, (size_t)errlen, "bad subtraction set '%.40s': %s", s, why);
        return -1;
    }
    /* A subtraction set is the octal game whose digit is 3 at each member:
     * take that many and leave 0 or 1 heaps. */
    for (int i = 0; i < n; i++)
        g->digit[takes[i]] = 3;
    g->max_take = takes[n - 1];
    canonical_code(g);
    return 0;
}

int og_parse_points(const char *s, og_rules *g, char *err, int errlen)
{
    const char *p = s;
    int i = 0;
    while (1) {
        const char *end = strchr(p, ',');
        if (!end)
            end = p + strlen(p);
        const char *slash = memchr(p, '/', (size_t)(end - p));
        long long num, den = 1;
        /* A point reads as --bonus does: an integer, p/q, or a decimal
         * (0.5 is 1/2). */
        int bad = game_parse_decimal(p, end, -1000000, 1000000, &num, &den) != 0;
        if (bad)
            den = 1, bad = game_parse_integer(p, slash ? slash : end, -OG_POINT_LIMIT, OG_POINT_LIMIT, &num);
        if (!bad && slash)
            bad = game_parse_integer(slash + 1, end, 1, 1000000, &den) || slash[1] == '+' || slash[1] == '-';
        if (bad) {
            snprintf(err, (size_t)errlen, "bad points '%.40s': expected rationals like 1,2, 1/2,-3 or 0.5,-3", s);
            return -1;
        }
        if (++i > g->max_take) {
            snprintf(err, (size_t)errlen, "bad points '%.40s': the game %s takes at most %d beans, one point value each",
                     s, g->code, g->max_take);
            return -1;
        }
        og_set_point(g, i, num, den);
        if (*end == 0)
            break;
        p = end + 1;
    }
    if (i != g->max_take) {
        snprintf(err, (size_t)errlen, "bad points '%.40s': the game %s needs %d point values, got %d", s, g->code,
                 g->max_take, i);
        return -1;
    }
    return 0;
}

bool og_breaks(const og_rules *g)
{
    for (int i = 0; i <= g->max_take; i++)
        if (g->digit[i] & ~3u)
            return true;
    return false;
}

int og_largest_taking_move(const og_rules *g)
{
    int k = 0;
    for (int i = 1; i <= g->max_take; i++)
        if (g->digit[i] == 2 || g->digit[i] == 3)
            k = i;
    return k;
}

void og_name(const og_rules *g, char *buf, int len)
{
    bool subtraction = g->digit[0] == 0;
    for (int i = 1; i <= g->max_take; i++)
        subtraction = subtraction && (g->digit[i] == 0 || g->digit[i] == 3) &&
                      (g->digit[i] == 0 || (g->num[i] == i && g->den[i] == 1));
    if (!subtraction) {
        snprintf(buf, (size_t)len, "%s", g->code);
        return;
    }
    int used = snprintf(buf, (size_t)len, "{");
    for (int i = 1; i <= g->max_take && used < len; i++)
        if (g->digit[i])
            used += snprintf(buf + used, (size_t)(len - used), used > 1 ? ",%d" : "%d", i);
    if (used < len)
        used += snprintf(buf + used, (size_t)(len - used), "}");
    /* A name is written whole or the run stops: never a cut one. */
    if (used >= len)
        die("internal error: the name of game %s does not fit %d characters", g->code, len);
}

void og_points_text(const og_rules *g, char *buf, int len)
{
    int used = 0;
    buf[0] = 0;
    for (int i = 1; i <= g->max_take && used < len; i++) {
        if (g->den[i] == 1)
            used += snprintf(buf + used, (size_t)(len - used), i > 1 ? ",%lld" : "%lld", (long long)g->num[i]);
        else
            used += snprintf(buf + used, (size_t)(len - used), i > 1 ? ",%lld/%lld" : "%lld/%lld",
                             (long long)g->num[i], (long long)g->den[i]);
    }
    if (used >= len)
        die("internal error: the points of game %s do not fit %d characters", g->code, len);
}

static int64_t lcm_capped(int64_t a, int64_t b)
{
    int64_t g = gcd64(a, b), l;
    if (__builtin_mul_overflow(a / g, b, &l) || l > OG_POINT_LIMIT)
        return 0;
    return l;
}

/* lcm of the denominators of g folded into s; 0 when too large. */
static int64_t fold_denominators(int64_t s, const og_rules *g)
{
    for (int i = 0; s && i <= g->max_take; i++)
        s = lcm_capped(s, g->den[i]);
    return s;
}

/* Every point of g scaled by s stays within OG_POINT_LIMIT. */
static bool points_fit(int64_t s, const og_rules *g)
{
    for (int i = 0; i <= g->max_take; i++) {
        int64_t n = g->num[i] < 0 ? -g->num[i] : g->num[i];
        if (n != 0 && OG_POINT_LIMIT / (s / g->den[i]) < n)
            return false;
    }
    return true;
}

int64_t og_common_scale(const og_rules *a, const og_rules *b)
{
    int64_t s = fold_denominators(1, a);
    if (s && b)
        s = fold_denominators(s, b);
    if (s && (!points_fit(s, a) || (b && !points_fit(s, b))))
        s = 0;
    return s;
}

int64_t og_scaled_point(const og_rules *g, int i, int64_t scale)
{
    return g->num[i] * (scale / g->den[i]);
}

void og_format_value(int64_t v, int64_t scale, char *buf, int len)
{
    int64_t d = gcd64(v, scale);
    if (d == 0)
        d = 1;
    int n = scale / d == 1 ? snprintf(buf, (size_t)len, "%lld", (long long)(v / d))
                           : snprintf(buf, (size_t)len, "%lld/%lld", (long long)(v / d), (long long)(scale / d));
    if (n >= len)
        die("internal error: a value does not fit %d characters", len);
}

/* ---- the moves of one heap ---- */

/* Lists (or, with out NULL, counts) every move from one heap of size h. */
static int list_heap_moves(const og_rules *g, int h, og_heap_move *out)
{
    int n = 0;
    for (int i = 0; i <= g->max_take && i <= h; i++) {
        int d = g->digit[i], rest = h - i;
        /* Taking nothing may only split (octal.h); bits 0 and 1 of d_0 are unused. */
        if (i == 0)
            d &= ~3;
        if ((d & 1) && rest == 0) {
            if (out)
                out[n] = (og_heap_move){.take = i, .nparts = 0};
            n++;
        }
        if ((d & 2) && rest >= 1) {
            if (out)
                out[n] = (og_heap_move){.take = i, .nparts = 1, .parts = {rest}};
            n++;
        }
        if (d & 4)
            for (int b = 1; 2 * b <= rest; b++) {
                if (out)
                    out[n] = (og_heap_move){.take = i, .nparts = 2, .parts = {rest - b, b}};
                n++;
            }
        if (d & 8)
            for (int c = 1; 3 * c <= rest; c++)
                for (int b = c; b + b + c <= rest; b++) {
                    if (out)
                        out[n] = (og_heap_move){.take = i, .nparts = 3, .parts = {rest - b - c, b, c}};
                    n++;
                }
    }
    return n;
}

/* Whether one heap of size h admits a move: list_heap_moves's conditions,
 * without listing. */
bool og_heap_has_move(const og_rules *g, int h)
{
    for (int i = 0; i <= g->max_take && i <= h; i++) {
        int d = g->digit[i], rest = h - i;
        if (i == 0)
            d &= ~3;
        if (((d & 1) && rest == 0) || ((d & 2) && rest >= 1) || ((d & 4) && rest >= 2) || ((d & 8) && rest >= 3))
            return true;
    }
    return false;
}

int og_heap_moves_count(const og_rules *g, int h)
{
    return list_heap_moves(g, h, NULL);
}

int og_heap_moves(const og_rules *g, int h, og_heap_move *out, int cap)
{
    /* Never a move dropped: a list too short for them all is a bug. */
    int n = og_heap_moves_count(g, h);
    if (n > cap)
        die("internal error: %d moves from a heap of %d in %s, room for %d", n, h, g->code, cap);
    return list_heap_moves(g, h, out);
}

