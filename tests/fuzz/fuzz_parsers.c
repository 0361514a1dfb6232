/*
 * fuzz_parsers.c -- libFuzzer target for every parser of user input:
 * positions, integers, bonus ranges, octal codes with points, subtraction
 * sets (and the games' shared readers of sets, numbers and --play), claim
 * patterns, option lists and the transcriptions of printed tables (read,
 * then every cell read against computed values).  The first byte picks the
 * parser, the rest is its text.  Besides crashes and sanitizer reports it
 * checks what a parser promises when it accepts: values in range, and an
 * accepted game code that prints and re-parses to the same rules.
 *   make fuzz               a longer run (FUZZ_SECONDS, default 60)
 *   make check              a short deterministic run (fixed seed and runs)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/games/game_options.h"
#include "core/games/registry.h"
#include "core/games/scoring_octal/octal.h"
#include "core/engine/multiset.h"
#include "proofs/printed_table.h"
#include "verifier/base/args.h"
#include "verifier/run/claim_select.h"
#include "verifier/base/options.h"

#define CHECK(cond)                                                                                                \
    do {                                                                                                           \
        if (!(cond)) {                                                                                             \
            fprintf(stderr, "fuzz: broken promise: %s (line %d)\n", #cond, __LINE__);                             \
            abort();                                                                                               \
        }                                                                                                          \
    } while (0)

static const claim_def fake[] = {{.id = "os/prop-3.1"}, {.id = "os/eq-1"}, {.id = "st/conj-35/literal"},
                                 {.id = "st/table-2"}};
static const claim_def *const registry[] = {&fake[0], &fake[1], &fake[2], &fake[3], NULL};

static void fuzz_piles(const char *s)
{
    int piles[GAME_MAX_SLOTS], n;
    char err[256];
    /* A pile is a size 0..MS_MAX_BOUND, or "?" (a pile of unknown size). */
    if (parse_piles(s, piles, &n, err, sizeof err) == 0) {
        CHECK(n >= 1 && n <= GAME_MAX_SLOTS);
        for (int i = 0; i < n; i++)
            CHECK(piles[i] == GAME_PILE_UNKNOWN || (piles[i] >= 0 && piles[i] <= MS_MAX_BOUND));
    } else
        CHECK(err[0] != 0);
    /* A position: the same, a state, and at most one pile a range lo:hi. */
    int tag;
    pile_range range;
    if (parse_position(s, piles, &n, &tag, &range, err, sizeof err) == 0) {
        CHECK(n >= 1 && n <= GAME_MAX_SLOTS && tag >= -1 && tag <= MS_MAX_BOUND);
        CHECK(range.at < n);
        if (range.at >= 0)
            CHECK(piles[range.at] >= 0 && piles[range.at] <= range.hi && range.hi <= MS_MAX_BOUND);
        for (int i = 0; i < n; i++)
            CHECK(piles[i] == GAME_PILE_UNKNOWN || (piles[i] >= 0 && piles[i] <= MS_MAX_BOUND));
    } else
        CHECK(err[0] != 0);
}

static void fuzz_numbers(const char *s)
{
    long v, lo, hi;
    char err[256];
    if (parse_long(s, -5, 1000, &v, "--x", err, sizeof err) == 0)
        CHECK(v >= -5 && v <= 1000);
    if (parse_range(s, &lo, &hi, err, sizeof err) == 0)
        CHECK(lo <= hi);
    /* A bonus: an integer, p/q or a decimal, always in lowest terms with
     * a positive denominator; a range never empty. */
    rat a, b;
    if (parse_rational(s, &a, "--bonus", err, sizeof err) == 0)
        CHECK(a.den > 0 && gcd_long(a.num < 0 ? -a.num : a.num, a.den) == 1);
    if (parse_bonus_range(s, &a, &b, err, sizeof err) == 0)
        CHECK(a.den > 0 && b.den > 0 && a.num * b.den <= b.num * a.den);
}

static void fuzz_game(const char *s)
{
    /* "CODE|POINTS" */
    char buf[512];
    snprintf(buf, sizeof buf, "%s", s);
    char *bar = strchr(buf, '|');
    if (bar)
        *bar++ = 0;
    og_rules g, again;
    char err[256];
    if (og_parse_code(buf, &g, err, sizeof err) != 0)
        return;
    CHECK(g.max_take >= 1 || g.digit[0] != 0);
    CHECK(g.max_take <= OG_MAX_TAKE);
    CHECK(og_parse_code(g.code, &again, err, sizeof err) == 0);
    CHECK(memcmp(again.digit, g.digit, sizeof g.digit) == 0 && again.max_take == g.max_take);
    if (bar && og_parse_points(bar, &g, err, sizeof err) == 0)
        for (int i = 1; i <= g.max_take; i++)
            CHECK(g.den[i] >= 1);
    char text[1024];
    og_name(&g, text, sizeof text);
    og_points_text(&g, text, sizeof text);
    og_common_scale(&g, NULL);
}

static void fuzz_subtraction(const char *s)
{
    og_rules g;
    char err[256];
    if (og_parse_subtraction(s, &g, err, sizeof err) == 0) {
        CHECK(g.max_take >= 1 && g.max_take <= OG_MAX_TAKE);
        for (int i = 1; i <= OG_MAX_TAKE; i++)
            CHECK(g.digit[i] == 0 || g.digit[i] == 3);
    }
    /* The games' shared readers on the same text: a set is 1..max
     * distinct members in range, ascending; a whole number is digits. */
    int set[8];
    char why[GAME_WHY_MAX];
    int n = game_parse_set(s, 2, 100, 8, set, why, sizeof why);
    CHECK(n == -1 || (n >= 1 && n <= 8));
    for (int i = 0; i < n; i++)
        CHECK(set[i] >= 2 && set[i] <= 100 && (i == 0 || set[i - 1] < set[i]));
    long long v;
    if (game_parse_whole(s, s + strlen(s), 3, 5000, &v) == 0)
        CHECK(v >= 3 && v <= 5000 && s[0] >= '0' && s[0] <= '9');
    CHECK(game_parse_play(s) == (strcmp(s, "normal") == 0 ? 0 : strcmp(s, "misere") == 0 ? 1 : -1));
}

static void fuzz_claims(const char *s)
{
    const claim_def *out[8];
    char err[256];
    int n = select_claims_in(registry, s, out, err, sizeof err);
    CHECK(n <= 4);
    for (int i = 1; i < n; i++)
        CHECK(out[i - 1] < out[i]); /* registry order, no repeats */
}

static void fuzz_options(char *s)
{
    /* Tokens separated by newlines; argv[0] is the command. */
    char *argv[32] = {"check"};
    int argc = 1;
    for (char *tok = strtok(s, "\n"); tok && argc < 32; tok = strtok(NULL, "\n"))
        argv[argc++] = tok;
    static const opt_spec specs[] = {{"piles", true, false}, {"bonus", true, true}, {"flag", false, false}};
    opt_result r;
    char err[256];
    int rc = opts_parse(argc, argv, specs, 3, 2, &r, err, sizeof err);
    CHECK(rc >= -1 && rc <= 1);
    if (rc == 0)
        CHECK(r.npositional <= 2);
    if (rc < 0)
        CHECK(strncmp(err, "check: ", 7) == 0);
}

/* A transcription (proofs/huibers/tables/README.md): accepted, its rows and
 * lines are in range, and reading it against computed values puts every
 * cell in exactly one class. */
static void fuzz_transcription(const char *s)
{
    ptable t;
    char err[256] = "";
    if (ptable_parse(&t, "table-fuzz", s, err, sizeof err) != 0) {
        CHECK(err[0] != 0);
        return;
    }
    CHECK(t.rows > 0 && t.cols > 0);
    for (int i = 0; i < t.rows; i++)
        CHECK(t.line_of[i] >= -1 && t.line_of[i] < t.nlines);
    for (int k = 0; k < t.nlines; k++)
        for (int j = 0; j < t.line[k].nrows; j++)
            CHECK(t.line[k].row[j] >= 0 && t.line[k].row[j] < t.rows);
    /* The reading aligns each damaged line with its cells, at a cost that
     * grows fast with the fields of a line: read only small tables here,
     * so that make check's short run stays short. */
    int widest = 0;
    for (int k = 0; k < t.nlines; k++)
        widest = t.line[k].nfields > widest ? t.line[k].nfields : widest;
    if ((long)t.rows * t.cols <= 16 && widest <= 6) {
        static const char *const values[] = {"0", "1", "P", "N"};
        const char **computed = malloc(sizeof *computed * (size_t)(t.rows * t.cols));
        for (int i = 0; i < t.rows * t.cols; i++)
            computed[i] = values[i % 4];
        ptable_reading r;
        ptable_read(&t, computed, &r);
        uint64_t total = 0;
        for (int c = 0; c < PT_NCLASSES; c++)
            total += r.count[c];
        CHECK(total == (uint64_t)t.rows * (uint64_t)t.cols);
        ptable_reading_free(&r);
        free(computed);
    }
    ptable_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    char *s = malloc(size);
    memcpy(s, data + 1, size - 1);
    s[size - 1] = 0;
    switch (data[0] % 7) {
    case 0: fuzz_piles(s); break;
    case 1: fuzz_numbers(s); break;
    case 2: fuzz_game(s); break;
    case 3: fuzz_subtraction(s); break;
    case 4: fuzz_claims(s); break;
    case 5: fuzz_options(s); break;
    default: fuzz_transcription(s); break;
    }
    free(s);
    return 0;
}
