/* proofcheck.c -- an independent checker of the verifier's certificates (docs/proofs.md is its specification; the
 * sections below follow it).
 *
 *   proofcheck [--quiet] FILE_OR_DIR...      proofcheck --values FILE
 *
 * Each argument is a certificate (a .cert file) or a directory, searched for .cert files (a results directory holds
 * them under certificates/).  For each certificate it prints one line, ACCEPTED or REFUSED with the first reason, and
 * exits 0 when every one was accepted, 1 when one was refused, 2 when an argument cannot be read.  It shares no code
 * with the verifier: it links the C library and nettle (for SHA-256) only, reads the game's rules from the
 * certificate, generates the moves from those rules, recomputes every value of the region the argument needs, and
 * proves the argument from them. */
#define _GNU_SOURCE /* vasprintf, versionsort */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <nettle/sha2.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- 1. Reading a certificate (docs/proofs.md "The file") ---- */

#define FORMAT 1
#define MAX_PILES 2
#define MAX_TAKE 64
#define MAX_REGION (1L << 20)
/* The most values a region may hold (4 bytes each: 512 MiB). */
#define MAX_CELLS (1L << 27)

enum { RESTRICT_NONE, RESTRICT_PREVIOUS, RESTRICT_CHOSEN, RESTRICT_CHOSEN_OR_NONE };
enum { VIEW_GRUNDY, VIEW_NORMAL_WIN, VIEW_MISERE_WIN, VIEW_BOTH_WIN, VIEW_OUTCOME };

/* A certificate as read: its keys' values. */
typedef struct {
    char argument[32], statement[64], reading[64], game[32], code[32], family[16], sha[65];
    long k, players, piles, max_take;
    int restriction, view;
    long pre, per, region, stmt_per, stmt_from, stmt_region, modulus;
    unsigned long long count;
    char *values;          /* the listing, when the certificate has one */
    long second_digits, m_to, games, ngames; /* row-period: the family's sizes, its games (declared, read) */
    char *game_lines;      /* one line a game, "code points pcode ppoints M A L" */
    size_t game_len;
    long choices[16], against[16]; /* a game of chance: X and X' */
    int nchoices, nagainst, misere;
    int arg;               /* the argument, its index in argument_words */
    unsigned seen;         /* which keys were read (bit per key) */
} cert;

/* The reason a certificate is refused, set once: the first one counts (a text of its own length, freed by the caller). */
typedef struct { char *why; bool refused; } verdict;

static void *must(void *p);

__attribute__((format(printf, 2, 3))) static void refuse(verdict *v, const char *fmt, ...)
{
    if (v->refused)
        return;
    va_list ap;
    va_start(ap, fmt);
    if (vasprintf(&v->why, fmt, ap) < 0)
        must(NULL);
    va_end(ap);
    v->refused = true;
}

/* p, or an exit (status 2) when memory ran out. */
static void *must(void *p)
{
    if (!p) {
        fprintf(stderr, "proofcheck: out of memory\n");
        exit(2);
    }
    return p;
}

/* A whole number in [lo, hi], the whole text. */
static bool whole(const char *t, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long n = strtol(t, &end, 10);
    if (errno || end == t || *end || n < lo || n > hi)
        return false;
    *out = n;
    return true;
}

/* t's index among words, or -1. */
static int word_index(const char *t, const char *const *words, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(t, words[i]) == 0)
            return i;
    return -1;
}

static const char *const restriction_words[] = {"none", "previous", "chosen", "chosen-or-none"};
static const char *const view_words[] = {"grundy", "normal-win", "misere-win", "both-win", "outcome"};
static const char *const argument_words[] = {"pile-period", "octal-period",   "complement-strategy", "move-bound",
                                             "row-period",  "value-induction", "chance-period", "restriction-x"};
#define NARGUMENTS (int)(sizeof argument_words / sizeof *argument_words)

/* The keys of a certificate, in the order docs/proofs.md lists them, each once, and the arguments that need each (a bit
 * per argument, in the order of argument_words; `reading` and the `values` listing may be absent). */
enum { ARG_PILE = 1, ARG_OCTAL = 2, ARG_STRATEGY = 4, ARG_BOUND = 8, ARG_ROWS = 16, ARG_INDUCTION = 32, ARG_CHANCE = 64,
       ARG_X = 128 };
#define ARG_RULES (ARG_PILE | ARG_STRATEGY | ARG_BOUND | ARG_X)
#define ARG_HR (ARG_INDUCTION | ARG_CHANCE)
#define ARG_PERIOD (ARG_PILE | ARG_OCTAL | ARG_HR)
#define ARG_ALL (ARG_RULES | ARG_OCTAL | ARG_ROWS | ARG_HR)
static const struct { const char *key; unsigned need; } keys[] = {
    {"certificate", ARG_ALL}, {"argument", ARG_ALL}, {"statement", ARG_ALL}, {"family", ARG_ROWS},
    {"second-digits", ARG_ROWS}, {"m-to", ARG_ROWS}, {"games", ARG_ROWS}, {"reading", 0}, {"k", ARG_RULES},
    {"game", ARG_RULES | ARG_OCTAL | ARG_HR}, {"code", ARG_OCTAL}, {"players", ARG_RULES}, {"choices", ARG_HR},
    {"against", ARG_HR}, {"play", ARG_HR}, {"piles", ARG_RULES}, {"max-take", ARG_RULES | ARG_OCTAL | ARG_ROWS},
    {"restriction", ARG_RULES}, {"view", ARG_PILE}, {"modulus", ARG_STRATEGY | ARG_BOUND}, {"preperiod", ARG_PERIOD},
    {"period", ARG_PERIOD}, {"region", ARG_PERIOD}, {"statement-period", ARG_PILE}, {"statement-from", ARG_PILE},
    {"statement-region", ARG_PILE}, {"values-count", ARG_PERIOD}, {"values-sha256", ARG_PERIOD}, {"values", 0},
};
#define NKEYS (int)(sizeof keys / sizeof *keys)

/* One line "key value" into c. */
static void read_key(cert *c, const char *key, const char *val, verdict *v)
{
    /* A family's games: a line each, kept in order. */
    if (strcmp(key, "game") == 0 && strcmp(c->argument, "row-period") == 0) {
        size_t n = strlen(val);
        c->game_lines = must(realloc(c->game_lines, c->game_len + n + 2));
        snprintf(c->game_lines + c->game_len, n + 2, "%s\n", val);
        c->game_len += n + 1;
        c->ngames++;
        return;
    }
    int at = 0;
    while (at < NKEYS && strcmp(key, keys[at].key) != 0)
        at++;
    if (at == NKEYS || (c->seen & (1u << at))) {
        refuse(v, at == NKEYS ? "an unknown line '%.60s'" : "the line '%s' twice", key);
        return;
    }
    c->seen |= 1u << at;
    long n = 0;
    /* Numbers: bounded so that every product below fits a long. */
    struct { const char *key; long lo, hi; long *out; } nums[] = {
        {"k", 1, MAX_TAKE, &c->k},                       {"max-take", 1, MAX_TAKE, &c->max_take},
        {"players", 2, 16, &c->players},                 {"piles", 1, MAX_PILES, &c->piles},
        {"preperiod", 0, MAX_REGION, &c->pre},           {"period", 1, MAX_REGION, &c->per},
        {"region", 0, MAX_REGION, &c->region},           {"statement-period", 1, 1 << 20, &c->stmt_per},
        {"statement-from", 0, 1 << 20, &c->stmt_from},   {"statement-region", 0, 1L << 40, &c->stmt_region},
        {"modulus", 1, MAX_TAKE + 2, &c->modulus},       {"second-digits", 0, 4, &c->second_digits},
        {"m-to", 0, 32, &c->m_to},                       {"games", 0, 1L << 30, &c->games},
    };
    for (size_t i = 0; i < sizeof nums / sizeof *nums; i++)
        if (strcmp(key, nums[i].key) == 0) {
            if (!whole(val, nums[i].lo, nums[i].hi, nums[i].out))
                refuse(v, "%s must be a whole number %ld..%ld, got '%.40s'", key, nums[i].lo, nums[i].hi, val);
            return;
        }
    /* Names: one word each. */
    struct { const char *key; char *out; size_t len; } names[] = {
        {"argument", c->argument, sizeof c->argument}, {"statement", c->statement, sizeof c->statement},
        {"game", c->game, sizeof c->game}, {"family", c->family, sizeof c->family}, {"code", c->code, sizeof c->code},
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(key, names[i].key) == 0) {
            if (strlen(val) >= names[i].len || !*val || strpbrk(val, " \t"))
                refuse(v, "the %s '%.40s' is not one word of at most %zu characters", key, val, names[i].len - 1);
            else
                memcpy(names[i].out, val, strlen(val) + 1);
            return;
        }
    if (strcmp(key, "certificate") == 0) {
        if (!whole(val, 0, 1000, &n) || n != FORMAT)
            refuse(v, "certificate format '%.20s': this checker reads format %d", val, FORMAT);
    } else if (strcmp(key, "reading") == 0) {
        /* A reading is a phrase ("must restrict"): kept whole. */
        if (!*val || strlen(val) >= sizeof c->reading)
            refuse(v, "a reading of 1..%zu characters", sizeof c->reading - 1);
        else
            memcpy(c->reading, val, strlen(val) + 1);
    } else if (strcmp(key, "choices") == 0 || strcmp(key, "against") == 0) {
        /* A game of chance's choices: 1..16 whole numbers, small enough that sums of them fit. */
        bool mine = key[0] == 'c';
        long *out = mine ? c->choices : c->against;
        int *n_out = mine ? &c->nchoices : &c->nagainst;
        /* Numbers separated by single spaces, each read whole (no word is cut in two). */
        for (const char *at = val; *at && !v->refused;) {
            char *end;
            errno = 0;
            long x = strtol(at, &end, 10);
            if (end == at || errno || (*end && *end != ' ') || x < -MAX_TAKE || x > MAX_TAKE || *n_out == 16)
                refuse(v, "%s must be 1..16 whole numbers %d..%d, got '%.40s'", key, -MAX_TAKE, MAX_TAKE, val);
            else
                out[(*n_out)++] = x;
            at = *end ? end + 1 : end;
        }
        if (*n_out == 0)
            refuse(v, "%s lists no number", key);
    } else if (strcmp(key, "play") == 0) {
        if ((c->misere = word_index(val, (const char *const[]){"normal", "misere"}, 2)) < 0)
            refuse(v, "play must be normal or misere, got '%.40s'", val);
    } else if (strcmp(key, "restriction") == 0) {
        if ((c->restriction = word_index(val, restriction_words, 4)) < 0)
            refuse(v, "restriction must be none, previous, chosen or chosen-or-none, got '%.40s'", val);
    } else if (strcmp(key, "view") == 0) {
        if ((c->view = word_index(val, view_words, 5)) < 0)
            refuse(v, "view must be grundy, normal-win, misere-win, both-win or outcome, got '%.40s'", val);
    } else if (strcmp(key, "values-count") == 0) {
        char *end;
        errno = 0;
        c->count = strtoull(val, &end, 10);
        if (errno || end == val || *end)
            refuse(v, "values-count must be a whole number, got '%.40s'", val);
    } else if (strcmp(key, "values-sha256") == 0) {
        if (strlen(val) != 64 || strspn(val, "0123456789abcdef") != 64)
            refuse(v, "values-sha256 must be 64 lower-case hexadecimal digits");
        else
            memcpy(c->sha, val, 65);
    }
}

/* Reads a certificate's text (nul-terminated, changed in place). */
static void read_cert(cert *c, char *text, verdict *v)
{
    memset(c, 0, sizeof *c);
    c->restriction = c->view = -1;
    bool ended = false;
    for (char *line = text, *next; line && *line && !v->refused; line = next) {
        next = strchr(line, '\n');
        if (!next) {
            refuse(v, "the last line has no newline (a file cut short?)");
            break;
        }
        *next++ = '\0';
        char *space = strchr(line, ' '), *stop;
        bool comment = line[0] == '#' || line[0] == '\0'; /* or a blank line */
        if (ended) {
            refuse(v, "a line after 'end'");
        } else if (strcmp(line, "end") == 0) {
            ended = true;
        } else if (strcmp(line, "values") == 0) {
            read_key(c, "values", "", v);
            /* The listing runs to "end-values"; kept as one text. */
            stop = strncmp(next, "end-values\n", 11) == 0 ? next - 1 : strstr(next, "\nend-values\n");
            if (!stop) {
                refuse(v, "a values listing without end-values");
                break;
            }
            c->values = must(strndup(next, (size_t)(stop + 1 - next)));
            next = stop + strlen("\nend-values\n");
        } else if (!comment && !space) {
            refuse(v, "a line '%.60s' without a value", line);
        } else if (!comment) {
            *space = '\0';
            read_key(c, line, space + 1, v);
        }
    }
    if (!v->refused && !ended)
        refuse(v, "no 'end' line (a file cut short?)");
    c->arg = word_index(c->argument, argument_words, NARGUMENTS);
    unsigned arg = c->arg < 0 ? 0 : 1u << c->arg;
    if (!v->refused && !arg)
        refuse(v, "an argument '%s' this checker does not know", c->argument);
    for (int i = 0; i < NKEYS && !v->refused; i++) {
        bool seen = c->seen & (1u << i), need = keys[i].need & arg;
        if (!seen && need)
            refuse(v, "no '%s' line", keys[i].key);
        else if (seen && !need && keys[i].need)
            refuse(v, "a line '%s' the argument %s has no use for", keys[i].key, c->argument);
    }
}

/* ---- 2. The game, from its rules (docs/proofs.md "The rules") ---- */

/* A position: its piles, ascending, each below the region, and the restricted number (0: none).  The table holds one
 * value a position, indexed by the piles as digits base `side` and the restricted number. */
typedef struct {
    const cert *c;
    int side;            /* the region: every pile below it          */
    int tags;            /* restricted numbers 0..tags-1             */
    uint32_t *value;     /* side^piles * tags values                 */
} game;

/* Where the value of (p, tag) is in the table. */
static long index_of(const game *g, const int *p, int tag)
{
    long at = 0;
    for (int i = 0; i < g->c->piles; i++)
        at = at * g->side + p[i];
    return at * g->tags + tag;
}

/* Piles ascending (at most MAX_PILES = 2 of them). */
static void sort_piles(int *p, long n)
{
    if (n > 1 && p[0] > p[1]) {
        int t = p[0];
        p[0] = p[1], p[1] = t;
    }
}

/* The next multiset of piles below `side` (ascending) in the listing's order, the last pile fastest; false after the
 * last.  A child's piles always come before its parent's, so one pass computes every value from known ones. */
static bool next_piles(int *p, int n, int side)
{
    for (int i = n - 1; i >= 0; i--)
        if (p[i] + 1 < side) {
            p[i]++;
            for (int j = i + 1; j < n; j++)
                p[j] = p[i];
            return true;
        }
    return false;
}

/* A position's value from its children's, by the view: the least value no child has (Sprague-Grundy); a win exactly
 * when some child is a loss (no moves: a loss in normal play, a win in misere play); both plays at once, 2 for a normal
 * win plus 1 for a misere one, each bit by its own play's rule; with N players, who makes the last
 * move counted from the mover (1 the mover, 0 the one before him), each player choosing the child he ranks best in (the
 * least code: docs/proofs.md). */
static uint32_t rule_value(const game *g, const uint32_t *child, int n)
{
    int view = g->c->view;
    if (view == VIEW_GRUNDY) {
        for (uint32_t m = 0;; m++) {
            bool taken = false;
            for (int i = 0; i < n && !taken; i++)
                taken = child[i] == m;
            if (!taken)
                return m;
        }
    }
    if (view == VIEW_OUTCOME) {
        uint32_t least = UINT32_MAX;
        for (int i = 0; i < n; i++)
            least = child[i] < least ? child[i] : least;
        return n == 0 ? 0 : (least + 1) % (uint32_t)g->c->players;
    }
    if (view == VIEW_BOTH_WIN) {
        bool normal = false, misere = n == 0;
        for (int i = 0; i < n; i++) {
            normal = normal || (child[i] & 2) == 0;
            misere = misere || (child[i] & 1) == 0;
        }
        return (uint32_t)normal << 1 | misere;
    }
    bool win = n == 0 && view == VIEW_MISERE_WIN;
    for (int i = 0; i < n; i++)
        win = win || child[i] == 0;
    return win;
}

/* The children's values of (p, tag) by the rules, into out; their count.  A take of d = 1..max-take chips (d at most
 * the pile, d != tag) from one pile, then each restricted number the rule sets (previous: d; chosen: 1..k;
 * chosen-or-none: 0..k; none: 0). */
static int children(const game *g, const int *p, int tag, uint32_t *out)
{
    const cert *c = g->c;
    int n = 0, q[MAX_PILES];
    for (int i = 0; i < c->piles; i++)
        for (int d = 1; d <= c->max_take && d <= p[i]; d++) {
            if (d == tag)
                continue;
            memcpy(q, p, sizeof q);
            q[i] -= d;
            sort_piles(q, c->piles);
            int lo = c->restriction == RESTRICT_PREVIOUS ? d : c->restriction == RESTRICT_CHOSEN ? 1 : 0;
            int hi = c->restriction == RESTRICT_PREVIOUS ? d : c->restriction == RESTRICT_NONE ? 0 : c->max_take;
            for (int r = lo; r <= hi; r++)
                out[n++] = g->value[index_of(g, q, r)];
        }
    return n;
}

/* Every value of every position whose piles are below `side`. */
static void solve(game *g, const cert *c, int side)
{
    g->c = c;
    g->side = side;
    g->tags = c->restriction == RESTRICT_NONE ? 1 : c->max_take + 1;
    long cells = g->tags;
    for (int i = 0; i < c->piles; i++)
        cells *= side;
    g->value = must(calloc((size_t)cells, sizeof *g->value));
    uint32_t *child = must(malloc(sizeof *child * (size_t)(c->piles * c->max_take * (c->max_take + 1))));
    int p[MAX_PILES] = {0};
    do
        for (int tag = 0; tag < g->tags; tag++)
            g->value[index_of(g, p, tag)] = rule_value(g, child, children(g, p, tag, child));
    while (next_piles(p, c->piles, side));
    free(child);
}

/* ---- 3. The values written out (docs/proofs.md "The values") ---- */

/* The region's values as text: a line per position, its piles, a colon, its values under restricted numbers
 * 0..tags-1. */
static char *values_text(const game *g, unsigned long long *count)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = must(open_memstream(&text, &len));
    int p[MAX_PILES] = {0};
    *count = 0;
    do {
        for (int i = 0; i < g->c->piles; i++)
            fprintf(f, "%s%d", i ? " " : "", p[i]);
        fputc(':', f);
        for (int tag = 0; tag < g->tags; tag++, ++*count)
            fprintf(f, " %" PRIu32, g->value[index_of(g, p, tag)]);
        fputc('\n', f);
    } while (next_piles(p, g->c->piles, g->side));
    if (ferror(f) || fclose(f) != 0)
        must(NULL);
    return text;
}

/* The SHA-256 of a text, in lower-case hexadecimal (65 bytes). */
static void sha_hex(const char *text, char *hex)
{
    uint8_t d[SHA256_DIGEST_SIZE];
    struct sha256_ctx sha;
    sha256_init(&sha);
    sha256_update(&sha, strlen(text), (const uint8_t *)text);
    sha256_digest(&sha, sizeof d, d);
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
        snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

/* The values' text the rules give against the certificate's count, listing (where it has one) and digest. */
static void compare_values(const cert *c, const char *text, unsigned long long count, verdict *v)
{
    char hex[65];
    sha_hex(text, hex);
    if (count != c->count)
        refuse(v, "the region holds %llu values, the certificate counts %llu", count, c->count);
    if (c->values) {
        /* The first line that differs says where. */
        const char *a = text, *b = c->values;
        while (*a && *b) {
            size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
            if (la != lb || memcmp(a, b, la) != 0) {
                refuse(v, "the values listed at '%.*s' are not the rules' '%.*s'", (int)(lb < 80 ? lb : 80), b,
                       (int)(la < 80 ? la : 80), a);
                break;
            }
            a += la + (a[la] != 0);
            b += lb + (b[lb] != 0);
        }
        if (*a || *b)
            refuse(v, "the values listed %s the region's positions", *a ? "stop before the end of" : "go past");
    }
    if (strcmp(hex, c->sha) != 0)
        refuse(v, "the values' SHA-256 is %s by the rules, the certificate says %s", hex, c->sha);
}

/* ---- 4. The argument of periodicity (docs/proofs.md "The argument") ---- */

/* A pile folded onto [0, A + t): what the argument says it plays as. */
static long fold(const cert *c, long n)
{
    return n < c->pre + c->per ? n : c->pre + (n - c->pre) % c->per;
}

/* Every position of the region with a pile of at least A + t has the values of the one with that pile t smaller: the
 * moves being the same from any pile of max-take chips or more, every position then has its folded position's values
 * (the induction of docs/proofs.md). */
static void check_period(const game *g, verdict *v)
{
    const cert *c = g->c;
    int p[MAX_PILES] = {0}, q[MAX_PILES];
    do
        for (int i = 0; i < c->piles; i++)
            for (int tag = 0; p[i] >= c->pre + c->per && tag < g->tags; tag++) {
                memcpy(q, p, sizeof q);
                q[i] -= (int)c->per;
                sort_piles(q, c->piles);
                uint32_t x = g->value[index_of(g, p, tag)], y = g->value[index_of(g, q, tag)];
                if (x == y)
                    continue;
                char at[16] = "", to[16] = ""; /* the second pile, if any */
                if (c->piles > 1)
                    snprintf(at, sizeof at, ",%d", p[1]), snprintf(to, sizeof to, ",%d", q[1]);
                refuse(v, "no period %ld from %ld: (%d%s) with %d restricted has the value %" PRIu32
                          ", (%d%s) has %" PRIu32, c->per, c->pre, p[0], at, tag, x, q[0], to, y);
                return;
            }
    while (next_piles(p, c->piles, g->side));
}

/* ---- 5. The statement (docs/proofs.md "The statement") ---- */

/* The greatest common divisor and the least common multiple. */
static long gcd(long a, long b)
{
    return b ? gcd(b, a % b) : a;
}

static long lcm(long a, long b)
{
    return a / gcd(a, b) * b;
}

/* A position a statement is evaluated at, and what it read there.  A statement sees its position only through the
 * functions below, which record the moduli of the residues it read (their lcm, q), the thresholds of its comparisons
 * (the least pile f from which each is decided the same way), and how far below the position it read values (deep).
 * So, as a function of any one pile, it repeats with period lcm(t, q) from max(f, A + deep) on (docs/proofs.md),
 * whatever its code: a larger pile asks the same questions and gets the same answers. */
typedef struct {
    const game *g;
    long p[MAX_PILES];
    long q, f, deep;
    bool outside;        /* it read a position with a negative pile */
    long l3;             /* the third losing pile (0, n), for rn/rule-4.3.3-third */
} look;

/* What a statement asks of pile i, each question recorded (q, f): its residue mod m, whether it is below c, is c. */
static long pile_mod(look *s, int i, long m)
{
    s->q = lcm(s->q, m);
    return s->p[i] % m;
}

static bool pile_below(look *s, int i, long c)
{
    s->f = c > s->f ? c : s->f;
    return s->p[i] < c;
}

static bool pile_is(look *s, int i, long c)
{
    s->f = c + 1 > s->f ? c + 1 : s->f;
    return s->p[i] == c;
}

/* The value under restricted number tag at piles p[i] + d[i] (abs_at[i] where that is >= 0), read through the fold. */
static uint32_t value_near(look *s, const long *d, const long *abs_at, int tag)
{
    const cert *c = s->g->c;
    int q[MAX_PILES];
    for (int i = 0; i < c->piles; i++) {
        long n = abs_at && abs_at[i] >= 0 ? abs_at[i] : s->p[i] + d[i];
        if (!(abs_at && abs_at[i] >= 0) && -d[i] > s->deep)
            s->deep = -d[i];
        if (n < 0) {
            s->outside = true;
            return 0;
        }
        q[i] = (int)fold(c, n);
    }
    sort_piles(q, c->piles);
    return s->g->value[index_of(s->g, q, tag)];
}

/* The value under restricted number tag at the position moved by (d0, d1). */
static uint32_t value_at(look *s, long d0, long d1, int tag)
{
    long d[MAX_PILES] = {d0, d1};
    return value_near(s, d, NULL, tag);
}

/* The restricted numbers (bit r) under which the mover wins (a value other than 0) at the position moved by (d0,d1). */
static unsigned long long wins_at(look *s, long d0, long d1)
{
    unsigned long long set = 0;
    for (int r = 0; r < s->g->tags; r++)
        if (value_at(s, d0, d1, r) != 0)
            set |= 1ull << r;
    return set;
}

/* Every restricted number, a bit each. */
static unsigned long long all_tags(const look *s)
{
    return (1ull << s->g->tags) - 1;
}

/* The takes (bit d) that win at the position moved by (d0, d1) with r restricted, the previous take restricted: a take
 * of d != r, at most the pile, whose child, d restricted, is lost for its mover. */
static unsigned long long winning_takes(look *s, long d0, long d1, int r)
{
    long d[MAX_PILES] = {d0, d1};
    unsigned long long takes = 0;
    for (int i = 0; i < s->g->c->piles; i++)
        for (int t = 1; t <= s->g->c->max_take; t++) {
            if (t == r || pile_below(s, i, t - d[i]))
                continue;
            d[i] -= t;
            if (value_near(s, d, NULL, t) == 0)
                takes |= 1ull << t;
            d[i] += t;
        }
    return takes;
}

/* A statement: true when it holds at the position, else false with what failed in why.  `k` is the certificate's. */
typedef bool (*statement_fn)(look *s, int k, char *why, size_t len);

/* What failed, into why: false.  The reasons are short; one that does not fit is a fault of this checker, never cut. */
__attribute__((format(printf, 3, 4))) static bool fail_with(char *why, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(why, len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= len) {
        fprintf(stderr, "proofcheck: internal error: a reason longer than %zu bytes\n", len);
        exit(2);
    }
    return false;
}
#define FAIL(...) fail_with(why, len, __VA_ARGS__)

/* rn/rule-4.2: with the mover choosing the restriction (one of 1..k), every value is at most k^2, and no pile of at
 * least one chip has the value 0 with nothing restricted. */
static bool rule_4_2(look *s, int k, char *why, size_t len)
{
    for (int r = 0; r <= k; r++)
        if (value_at(s, 0, 0, r) > (uint32_t)(k * k))
            return FAIL("the value %u with %d restricted is more than k^2", value_at(s, 0, 0, r), r);
    return pile_below(s, 0, 1) || value_at(s, 0, 0, 0) != 0 ? true : FAIL("the value 0 with nothing restricted");
}

/* rn/prop-4.2: every value at most k (its second part, two sets of k consecutive piles with equal values, is any
 * period's repeat). */
static bool prop_4_2(look *s, int k, char *why, size_t len)
{
    for (int r = 0; r <= k; r++)
        if (value_at(s, 0, 0, r) > (uint32_t)k)
            return FAIL("the value %u with %d restricted is more than k", value_at(s, 0, 0, r), r);
    return true;
}

/* rn/prop-4.3: a pile is lost under some restricted number exactly when it is 0 or 1 mod k + 1. */
static bool prop_4_3(look *s, int k, char *why, size_t len)
{
    bool lost = wins_at(s, 0, 0) != all_tags(s);
    long m = pile_mod(s, 0, k + 1);
    return lost == (m == 0 || m == 1) ? true : FAIL("%s under some restricted number, the pile being %ld mod k+1",
                                                    lost ? "lost" : "never lost", m);
}

/* rn/prop-4.3-proof: piles of 2..k are won whatever is restricted; from k + 1 chips on, n = 0 mod k+1 is lost exactly
 * when k is restricted, n = 1 exactly when 1 is, and from n = 1 only taking 1 chip and restricting k wins. */
static bool prop_4_3_proof(look *s, int k, char *why, size_t len)
{
    if (pile_below(s, 0, 2))
        return true;
    unsigned long long w = wins_at(s, 0, 0), all = all_tags(s);
    if (pile_below(s, 0, k + 1))
        return w == all ? true : FAIL("not won under every restricted number");
    long m = pile_mod(s, 0, k + 1);
    if (m == 0 && w != (all & ~(1ull << k)))
        return FAIL("not lost exactly when k is restricted");
    if (m != 1)
        return true;
    if (w != (all & ~2ull))
        return FAIL("not lost exactly when 1 is restricted");
    const cert *c = s->g->c;
    int lo = c->restriction == RESTRICT_CHOSEN ? 1 : 0;
    for (int x = 1; x <= k; x++)
        for (int r = lo; r <= k; r++)
            if (value_at(s, -x, 0, r) == 0 && !(x == 1 && r == k))
                return FAIL("taking %d and restricting %d wins too", x, r);
    return value_at(s, -1, 0, k) == 0 ? true : FAIL("taking 1 and restricting k does not win");
}

/* rn/rule-4.3.1, rn/rule-4.3.2 (part 2): two piles are lost whatever is restricted exactly when both are 0 mod k+1. */
static bool both_zero_iff_lost(look *s, int k, char *why, size_t len)
{
    bool lost = wins_at(s, 0, 0) == 0;
    bool zero = pile_mod(s, 0, k + 1) == 0 && pile_mod(s, 1, k + 1) == 0;
    return lost == zero ? true : FAIL("%s, the piles %s 0 mod k+1", lost ? "lost" : "not lost",
                                      zero ? "both" : "not both");
}

/* rn/prop-4.4 (and its literal reading): two piles both 0 mod k + 1 are lost whatever is restricted. */
static bool both_zero_lost(look *s, int k, char *why, size_t len)
{
    bool zero = pile_mod(s, 0, k + 1) == 0 && pile_mod(s, 1, k + 1) == 0;
    return !zero || wins_at(s, 0, 0) == 0 ? true : FAIL("both piles 0 mod k+1, and not lost");
}

/* rn/prop-4.5: a position with a pile of one chip is won unless 1 is restricted. */
static bool one_pile_of_one(look *s, int k, char *why, size_t len)
{
    (void)k;
    if (!pile_is(s, 0, 1) && !pile_is(s, 1, 1))
        return true;
    return wins_at(s, 0, 0) == (all_tags(s) & ~2ull) ? true : FAIL("not won exactly unless 1 is restricted");
}

/* rn/prop-4.5-strategy: with a pile of one chip and 1 not restricted, the strategy takes 1 chip (from the other pile
 * when it has two or more, else from a pile of one); that leaves, 1 restricted, a loss for its mover, each of whose
 * moves leaves a pile of one chip with 1 not restricted (the strategy's set again). */
static bool one_chip_strategy(look *s, int k, char *why, size_t len)
{
    if (!pile_is(s, 0, 1))
        return true; /* the pile of one is pile 0 (the other order is another position read) */
    long to[MAX_PILES] = {0, pile_below(s, 1, 2) ? 0 : -1};
    if (to[1] == 0)
        to[0] = -1; /* (1, 0) or (1, 1): take the pile of one */
    if (value_at(s, to[0], to[1], 1) != 0)
        return FAIL("the strategy's move (taking 1) leaves a position won for its mover");
    /* Its moves: takes of 2..k from a pile of the target; one from the other pile keeps the pile of one. */
    for (int i = 0; i < 2; i++)
        for (int d = 2; d <= k; d++) {
            /* The pile not taken from: pile 0 (1 + to[0] chips) or pile 1 (its chips + to[1]). */
            bool possible = !pile_below(s, i, d - to[i]);
            bool keeps_one = i == 1 ? to[0] == 0 : pile_is(s, 1, 1 - to[1]);
            if (possible && !keeps_one)
                return FAIL("a reply taking %d leaves no pile of one chip", d);
        }
    return true;
}

/* rn/rule-4.3: with nothing restricted, a position no take wins is lost whatever is restricted; one only the take of d
 * wins, lost exactly when d is restricted; one two takes win, won whatever is restricted. */
static bool classes(look *s, int k, char *why, size_t len)
{
    (void)k;
    unsigned long long t = winning_takes(s, 0, 0, 0), w = wins_at(s, 0, 0), all = all_tags(s);
    if (t == 0)
        return w == 0 ? true : FAIL("no winning take, and won under some restricted number");
    if ((t & (t - 1)) == 0)
        return w == (all & ~t) ? true : FAIL("one winning take, and not lost exactly when it is restricted");
    return w == all ? true : FAIL("two winning takes, and lost under some restricted number");
}

/* rn/rule-4.5 and its literal reading (3 players, A = 2k): with N players, a pile is lost for the player to move (the
 * one before him makes the last move) whatever is restricted exactly when it is a multiple of A. */
static bool players_multiple(look *s, long a, char *why, size_t len)
{
    bool all = wins_at(s, 0, 0) == 0; /* the value 0 whatever is restricted */
    long m = pile_mod(s, 0, a);
    return all == (m == 0) ? true : FAIL("%s whatever is restricted, the pile being %ld mod %ld",
                                         all ? "lost" : "not lost", m, a);
}

/* A: (N - 1)k - ((N + 1)/2 - 2) for rn/rule-4.5, 2k for its literal reading. */
static bool rule_4_5(look *s, int k, char *why, size_t len)
{
    int n = s->g->c->players;
    return players_multiple(s, (long)(n - 1) * k - ((n + 1) / 2 - 2), why, len);
}

static bool rule_4_5_literal(look *s, int k, char *why, size_t len)
{
    return players_multiple(s, 2L * k, why, len);
}

/* Statements with nothing to read at a position.  rn/prop-4.1, rn/rule-4.2-period, rn/rule-4.5-period: once k
 * consecutive rows repeat, the pattern repeats indefinitely; the certificate's period is that pattern (rows A..A+k-1
 * repeated t chips on, every later row following, by the argument).  rn/rule-4.4: the per-pile game is a disjunctive
 * sum of one-pile games, its value the Nim-sum of theirs (Sprague-Grundy): the certificate proves the one-pile values
 * (docs/proofs.md). */
static bool nothing_to_read(look *s, int k, char *why, size_t len)
{
    (void)s, (void)k, (void)why, (void)len;
    return true;
}

/* The exception of rn/rule-4.3.1-large: one pile k mod m, the other 0 mod m (not empty), taking 1 from which leaves a
 * position won whatever is restricted. */
static bool exception_k_zero(look *s, int k)
{
    long m = k + 1;
    for (int x = 0, y = 1; x < 2; x++, y--)
        if (pile_mod(s, x, m) == k && pile_mod(s, y, m) == 0 && !pile_below(s, y, 1) &&
            wins_at(s, y ? 0 : -1, y ? -1 : 0) == all_tags(s))
            return true;
    return false;
}

/* rn/rule-4.3.1-large and rn/rule-4.3.2-same, on two piles, m = k+1 (the text's sentences on large piles,
 * docs/proofs.md): both piles above m and not both 0 mod m, or one of 1..k and the other above m: taking 1 wins; the
 * exception, one pile k and the other 0 mod m (not empty), taking 1 from it leaving a position won whatever is
 * restricted: lost exactly when k is restricted; both above m, one 1 mod m and the other 2..k mod m: taking 1 from the
 * first loses; a small pile a >= 2 that wins alone exactly unless a is restricted: won whatever. */
static bool large_piles(look *s, int k, char *why, size_t len)
{
    long m = k + 1;
    bool above[2] = {!pile_below(s, 0, m + 1), !pile_below(s, 1, m + 1)};
    bool small[2] = {!pile_below(s, 0, 1) && pile_below(s, 0, k + 1), !pile_below(s, 1, 1) && pile_below(s, 1, k + 1)};
    bool both = above[0] && above[1] && (pile_mod(s, 0, m) != 0 || pile_mod(s, 1, m) != 0);
    bool one = (small[0] && above[1]) || (small[1] && above[0]);
    bool edge = (pile_is(s, 0, m) && above[1]) || (pile_is(s, 1, m) && above[0]);
    if (!both && !one && !edge)
        return true;
    if (exception_k_zero(s, k))
        return wins_at(s, 0, 0) == (all_tags(s) & ~(1ull << k))
                   ? true : FAIL("the exception is not lost exactly when k is restricted");
    if (edge)
        return true;
    if (both)
        for (int x = 0; x < 2; x++) {
            long rx = pile_mod(s, x, m), ry = pile_mod(s, 1 - x, m);
            if (rx == 1 && ry >= 2 && value_at(s, x ? 0 : -1, x ? -1 : 0, 1) == 0)
                return FAIL("taking 1 from pile %d to 0 mod k+1 wins", x);
        }
    if (!(winning_takes(s, 0, 0, 0) & 2u))
        return FAIL("taking 1 chip does not win");
    for (int x = 0; one && x < 2; x++) {
        if (!small[x] || !above[1 - x] || pile_below(s, x, 2))
            continue;
        /* The small pile's size a, read as a threshold of each size 2..k. */
        long a = 0;
        for (long c = 2; c <= k && !a; c++)
            if (pile_is(s, x, c))
                a = c;
        long abs_at[MAX_PILES] = {-1, -1}, d[MAX_PILES] = {0, 0};
        abs_at[x] = 0;
        unsigned long long alone = 0;
        for (int r = 0; r < s->g->tags; r++)
            if (value_near(s, d, abs_at, r) != 0)
                alone |= 1ull << r;
        if (alone == (all_tags(s) & ~(1ull << a)) && wins_at(s, 0, 0) != all_tags(s))
            return FAIL("the other pile alone is won exactly unless %ld is restricted, and this is not won "
                        "whatever is restricted", a);
    }
    return true;
}

/* l3 of rn/rule-4.3.3-third, or -1 when there is none below A + 3t + max-take. */
static long third_loss(const game *g)
{
    look s = {.g = g, .q = 1};
    int found = 0;
    long limit = g->c->pre + 3 * g->c->per + g->c->max_take;
    for (long n = 0; n <= limit; n++) {
        s.p[0] = 0, s.p[1] = n;
        if (wins_at(&s, 0, 0) == 0 && ++found == 3)
            return n;
    }
    return -1;
}

/* rn/rule-4.3.3-third (odd k of case 2), l3 the third n >= 0 (0 the first) where (0, n) is lost whatever is restricted:
 * from two piles of at least l3 taking 1 wins; above l3 the position is won exactly unless 1 is restricted, and after a
 * take of t >= 2 from it, taking 1 wins (t restricted). */
static bool third(look *s, int k, char *why, size_t len)
{
    long l3 = s->l3;
    if (pile_below(s, 0, l3) || pile_below(s, 1, l3))
        return true;
    if (!(winning_takes(s, 0, 0, 0) & 2u))
        return FAIL("taking 1 chip does not win (l3 = %ld)", l3);
    if (pile_below(s, 0, l3 + 1) || pile_below(s, 1, l3 + 1))
        return true;
    if (wins_at(s, 0, 0) != (all_tags(s) & ~2ull))
        return FAIL("not won exactly unless 1 is restricted (l3 = %ld)", l3);
    for (int i = 0; i < 2; i++)
        for (int t = 2; t <= k; t++)
            if (!pile_below(s, i, t) && !(winning_takes(s, i ? 0 : -t, i ? -t : 0, t) & 2u))
                return FAIL("after a take of %d from pile %d, taking 1 does not win", t, i);
    return true;
}

/* rn/rule-6.1, S(1,2,3) on two piles (nothing restricted): in normal play adding 4 chips to a pile keeps the outcome,
 * and two piles both 0 mod 4 are lost; in misere play adding 4 chips to one or both piles keeps it; and (both plays)
 * misere and normal play differ exactly where both piles are 0 or 1 mod 4. */
static bool s123_normal(look *s, int k, char *why, size_t len)
{
    (void)k;
    if (value_at(s, 0, 0, 0) != value_at(s, 4, 0, 0))
        return FAIL("adding 4 chips to the first pile changes the outcome");
    if (pile_mod(s, 0, 4) == 0 && pile_mod(s, 1, 4) == 0 && value_at(s, 0, 0, 0) != 0)
        return FAIL("both piles 0 mod 4, and not lost");
    return true;
}

static bool s123_misere(look *s, int k, char *why, size_t len)
{
    (void)k;
    uint32_t v = value_at(s, 0, 0, 0);
    return v == value_at(s, 4, 0, 0) && v == value_at(s, 4, 4, 0) ? true : FAIL("adding 4 chips changes the outcome");
}

static bool s123_both(look *s, int k, char *why, size_t len)
{
    (void)k;
    uint32_t v = value_at(s, 0, 0, 0);
    bool stated = pile_mod(s, 0, 4) <= 1 && pile_mod(s, 1, 4) <= 1;
    return (v >> 1 != (v & 1)) == stated ? true : FAIL("misere and normal play %s", stated ? "agree" : "differ");
}

/* The statements this checker knows: their claim's id, the game they speak of (piles, view), and the code above. */
typedef struct { const char *id; int piles, view; statement_fn fn; } statement_def;

static const statement_def statements[] = {
    {"rn/prop-4.1", 1, VIEW_GRUNDY, nothing_to_read}, {"rn/rule-4.2-period", 1, VIEW_GRUNDY, nothing_to_read},
    {"rn/rule-4.5-period", 1, VIEW_OUTCOME, nothing_to_read}, {"rn/rule-4.2", 1, VIEW_GRUNDY, rule_4_2},
    {"rn/prop-4.2", 1, VIEW_GRUNDY, prop_4_2}, {"rn/prop-4.3-proof", 1, VIEW_NORMAL_WIN, prop_4_3_proof},
    {"rn/prop-4.3", 1, VIEW_NORMAL_WIN, prop_4_3}, {"rn/rule-4.3.1", 2, VIEW_NORMAL_WIN, both_zero_iff_lost},
    {"rn/rule-4.3.2", 2, VIEW_NORMAL_WIN, both_zero_iff_lost}, {"rn/prop-4.4", 2, VIEW_NORMAL_WIN, both_zero_lost},
    {"rn/prop-4.4/literal", 2, VIEW_NORMAL_WIN, both_zero_lost}, {"rn/prop-4.5", 2, VIEW_NORMAL_WIN, one_pile_of_one},
    {"rn/prop-4.5-strategy", 2, VIEW_NORMAL_WIN, one_chip_strategy}, {"rn/rule-4.3", 2, VIEW_NORMAL_WIN, classes},
    {"rn/rule-4.3.1-large", 2, VIEW_NORMAL_WIN, large_piles}, {"rn/rule-4.3.2-same", 2, VIEW_NORMAL_WIN, large_piles},
    {"rn/rule-4.3.3-third", 2, VIEW_NORMAL_WIN, third}, {"rn/rule-4.4", 1, VIEW_GRUNDY, nothing_to_read},
    {"rn/rule-4.5", 1, VIEW_OUTCOME, rule_4_5}, {"rn/rule-4.5/literal", 1, VIEW_OUTCOME, rule_4_5_literal},
    {"rn/rule-6.1", 2, VIEW_NORMAL_WIN, s123_normal}, {"rn/rule-6.1", 2, VIEW_MISERE_WIN, s123_misere},
    {"rn/rule-6.1", 2, VIEW_BOTH_WIN, s123_both},
};

/* The statement at every position with piles below its region (in every order), and that what it read makes it repeat
 * as the certificate declares (docs/proofs.md). */
static void check_statement(const game *g, verdict *v)
{
    const cert *c = g->c;
    const statement_def *def = NULL;
    /* A statement of two plays has a reading a view. */
    for (size_t i = 0; i < sizeof statements / sizeof *statements; i++)
        if (strcmp(statements[i].id, c->statement) == 0 && (!def || statements[i].view == c->view))
            def = &statements[i];
    if (!def)
        refuse(v, "a statement '%s' this checker has no reading of", c->statement);
    else if (def->piles != c->piles || def->view != c->view)
        refuse(v, "the statement %s speaks of %d pile%s in the view %s, the certificate of %ld in %s", def->id,
               def->piles, def->piles == 1 ? "" : "s", view_words[def->view], c->piles, view_words[c->view]);
    long l3 = v->refused || def->fn != third ? 0 : third_loss(g);
    if (l3 < 0)
        refuse(v, "no third losing pile (0, n) below preperiod + 3 periods + max-take");
    if (v->refused)
        return;
    long q = 1, f = 0, deep = 0, region = c->stmt_region;
    long p[MAX_PILES] = {0};
    char why[256];
    for (;;) {
        look s = {.g = g, .q = 1, .l3 = l3};
        memcpy(s.p, p, sizeof p);
        bool holds = def->fn(&s, c->k, why, sizeof why);
        if (s.outside)
            refuse(v, "the statement read a position with a negative pile");
        else if (!holds)
            refuse(v, "the statement fails at (%ld%s%.0ld): %s%s", p[0], c->piles > 1 ? "," : "",
                   c->piles > 1 ? p[1] : 0, why, c->piles > 1 && p[1] == 0 ? " (the second pile empty)" : "");
        if (v->refused)
            return;
        q = lcm(q, s.q);
        f = s.f > f ? s.f : f;
        deep = s.deep > deep ? s.deep : deep;
        int i = c->piles - 1;
        while (i >= 0 && ++p[i] == region)
            p[i--] = 0;
        if (i < 0)
            break;
    }
    /* The descent of docs/proofs.md: a pile of at least the region, shifted down by L = lcm(t, declared period), is at
     * least start = region - L, past every threshold read and with every value read in the periodic part. */
    long L = lcm(c->per, c->stmt_per), start = region - L;
    if (L % q != 0)
        refuse(v, "the statement read residues mod %ld, which lcm(period, statement-period) = %ld is no multiple "
                  "of", q, L);
    else if (start < f)
        refuse(v, "the statement compared a pile with %ld, past the start of its repeat, %ld (declared "
                  "statement-from %ld)", f, start, c->stmt_from);
    else if (start < c->pre + deep)
        refuse(v, "the statement read values %ld chips below its position, so it repeats from preperiod + %ld = "
                  "%ld, past %ld", deep, deep, c->pre + deep, start);
}

/* ---- 6. The octal periodicity argument (docs/proofs.md "Octal games") ---- */

/* G(0 .. n-1) of one heap of the octal game `code` ("0.77"); NULL with the reason in v when the code is not one.  Digit
 * d_j says what removing j beans may leave: bit 1 no heap (j is the whole heap), bit 2 one heap, bit 4 two (of any
 * sizes adding up to the rest).  G(n) is the least value no move gives, heaps a and b giving G(a) xor G(b). */
static uint32_t *octal_values(const char *code, long n, verdict *v)
{
    int digits = (int)strlen(code) - 2;
    if (strncmp(code, "0.", 2) != 0 || digits < 1 || digits > 8 || strspn(code + 2, "01234567") != (size_t)digits) {
        refuse(v, "code '%s' is not an octal code 0.d1d2... of 1..8 digits", code);
        return NULL;
    }
    uint32_t *g = must(calloc((size_t)n, sizeof *g));
    bool *seen = must(calloc((size_t)n + 2, sizeof *seen));
    for (long h = 0; h < n; h++) {
        memset(seen, 0, sizeof *seen * ((size_t)n + 2));
        for (int j = 1; j <= digits && j <= h; j++) {
            int d = code[1 + j] - '0';
            long rest = h - j;
            if ((d & 1) && rest == 0)
                seen[0] = true;
            if ((d & 2) && rest > 0 && g[rest] <= (uint32_t)n)
                seen[g[rest]] = true;
            for (long a = 1; (d & 4) && 2 * a <= rest; a++) {
                uint32_t x = g[a] ^ g[rest - a];
                if (x <= (uint32_t)n)
                    seen[x] = true;
            }
        }
        uint32_t m = 0;
        while (seen[m])
            m++;
        g[h] = m;
    }
    free(seen);
    return g;
}

/* The octal periodicity theorem (Guy and Smith 1956; Winning Ways, Chapter 4): for an octal game whose moves remove at
 * most t beans, if G(n + p) = G(n) for n0 <= n < 2 n0 + p + t, then for every n >= n0.  The region holds the values
 * that reads, G(0 .. 2 n0 + 2p + t - 1).  ks/grundy-period adds "from no earlier n": G(n0 - 1 + p) != G(n0 - 1). */
static void check_octal(const cert *c, verdict *v)
{
    int t = (int)strlen(c->code) - 2;
    long need = 2 * c->pre + 2 * c->per + t;
    if (c->max_take != t)
        refuse(v, "max-take %ld, the code removes at most %d", c->max_take, t);
    else if (c->region != need)
        refuse(v, "the region must hold every value the theorem reads, 2 preperiod + 2 period + max-take = %ld, "
                  "the certificate says %ld", need, c->region);
    else if (strcmp(c->statement, "ks/grundy-period") != 0)
        refuse(v, "a statement '%s' this checker has no reading of", c->statement);
    uint32_t *g = v->refused ? NULL : octal_values(c->code, need, v);
    if (!g)
        return;
    char *text = NULL;
    size_t len = 0;
    FILE *f = must(open_memstream(&text, &len));
    for (long n = 0; n < need; n++)
        fprintf(f, "%ld: %" PRIu32 "\n", n, g[n]);
    if (ferror(f) || fclose(f) != 0)
        must(NULL);
    compare_values(c, text, (unsigned long long)need, v);
    for (long n = c->pre; n < 2 * c->pre + c->per + t && !v->refused; n++)
        if (g[n + c->per] != g[n])
            refuse(v, "no period %ld from %ld: G(%ld) = %" PRIu32 ", G(%ld) = %" PRIu32, c->per, c->pre, n + c->per,
                   g[n + c->per], n, g[n]);
    if (!v->refused && c->pre > 0 && g[c->pre - 1 + c->per] == g[c->pre - 1])
        refuse(v, "the period starts earlier than %ld: G(%ld) = G(%ld)", c->pre, c->pre - 1 + c->per, c->pre - 1);
    free(text);
    free(g);
}

/* ---- 7. The complement strategy and the move bound (docs/proofs.md) ---- */

/* Two piles both = 0 mod m, the previous take restricted: whatever is restricted (r), the opponent takes some d != r of
 * 1..k from a pile of jm chips (j >= 1); the reply takes e = m - d from it, legal when 1 <= e <= k, e != d (now
 * restricted) and e at most jm - d (always); both piles are = 0 mod m again, and (0, 0) has no move.  By induction on
 * the chips the player to move loses from every such position.  The arithmetic is checked for every d, and (a second
 * look, not needed) the rules' values of the positions with piles of at most 2m. */
static void check_strategy(const cert *c, verdict *v)
{
    if (strcmp(c->statement, "rn/prop-4.4") != 0 && strcmp(c->statement, "rn/prop-4.4/literal") != 0)
        refuse(v, "a statement '%s' this checker has no reading of by a strategy", c->statement);
    else if (c->players != 2 || c->piles != 2 || c->restriction != RESTRICT_PREVIOUS || c->k != c->max_take)
        refuse(v, "the strategy is about two players, two piles, the previous take restricted, max-take k");
    else if (c->modulus != c->k + 1)
        refuse(v, "the statement speaks of piles = 0 mod k+1 = %ld, the modulus is %ld", c->k + 1, c->modulus);
    for (int d = 1; d <= c->max_take && !v->refused; d++) {
        long e = c->modulus - d;
        if (e < 1 || e > c->max_take)
            refuse(v, "a take of %d cannot be answered: %ld chips is no move of 1..%ld", d, e, c->max_take);
        else if (e == d)
            refuse(v, "a take of %d cannot be answered by taking %ld: it is the number just taken", d, e);
    }
    if (v->refused)
        return;
    cert w = *c;
    w.view = VIEW_NORMAL_WIN;
    game g;
    solve(&g, &w, (int)(2 * c->modulus + 1));
    for (int a = 0; a <= 2 * c->modulus && !v->refused; a += (int)c->modulus)
        for (int b = a; b <= 2 * c->modulus && !v->refused; b += (int)c->modulus)
            for (int r = 0; r < g.tags && !v->refused; r++)
                if (g.value[index_of(&g, (int[]){a, b}, r)] != 0)
                    refuse(v, "(%d,%d) with %d restricted is won by the rules' values", a, b, r);
    free(g.value);
}

/* rn/rule-4.5-k3 by the move bound: three players, one pile, moves of 1..k, the previous take restricted, m the modulus
 * (6 for k = 3).  From m, whatever the first two take, the pile is not empty; from jm, whatever the first two take (a,
 * then b != a), the third can take c = m - a - b (1 <= c <= k, c != b) to (j - 1)m.  The takes are enumerated at m and
 * 2m; from 2m on two takes leave at least 2m - 2k >= k chips (checked), so the same takes are allowed: what holds at 2m
 * holds at every jm, j >= 2. */
static void check_bound(const cert *c, verdict *v)
{
    int k = c->max_take;
    long m = c->modulus;
    if (strcmp(c->statement, "rn/rule-4.5-k3") != 0)
        refuse(v, "a statement '%s' this checker has no reading of by a move bound", c->statement);
    else if (c->players != 3 || c->piles != 1 || c->restriction != RESTRICT_PREVIOUS || c->k != k)
        refuse(v, "the bound is about three players, one pile, the previous take restricted, max-take k");
    else if (2 * m - 2 * k < k)
        refuse(v, "from 2m = %ld two takes may leave less than k = %d: the bound does not apply", 2 * m, k);
    for (long pile = m; pile <= 2 * m && !v->refused; pile += m)
        for (int a = 1; a <= k && a <= pile && !v->refused; a++)
            for (int b = 1; b <= k && b <= pile - a && !v->refused; b++)
                if (b != a && pile == m && pile - a - b == 0)
                    refuse(v, "from %ld the second player empties the pile (takes %d, %d)", m, a, b);
                else if (b != a && (m - a - b < 1 || m - a - b > k || m - a - b == b || m - a - b > pile - a - b))
                    refuse(v, "from %ld, after takes %d and %d, the third player cannot reach %ld", pile, a, b,
                           pile - m);
}

/* rn/rule-6.1's 6.1.3, X (a win only when 1 is restricted) only in misere play, at (0,1) and (1,1).  With the previous
 * take restricted, r restricted allows the moves of nothing restricted but the takes of r, to the same positions (a
 * child's restricted number is the take that made it): so a move that wins with 1 restricted wins with nothing
 * restricted, and a position won only when 1 is restricted is one where 1 leaves no move at all -- a loss in normal
 * play, a win in misere play -- which, with a take of 2 allowed (k >= 2), is two piles of at most 1 chip.  There both
 * plays are computed. */
static void check_x(const cert *c, verdict *v)
{
    if (strcmp(c->statement, "rn/rule-6.1") != 0)
        refuse(v, "a statement '%s' this checker has no reading of by what a restriction does", c->statement);
    else if (c->players != 2 || c->piles != 2 || c->restriction != RESTRICT_PREVIOUS || c->k != c->max_take ||
             c->k < 2)
        refuse(v, "the argument is about two players, two piles, the previous take restricted, max-take k >= 2");
    for (int misere = 0; misere <= 1 && !v->refused; misere++) {
        cert play = *c;
        game g;
        play.view = misere ? VIEW_MISERE_WIN : VIEW_NORMAL_WIN;
        solve(&g, &play, 2);
        for (int a = 0; a <= 1; a++)
            for (int b = a; b <= 1; b++) {
                unsigned set = 0;
                for (int tag = 0; tag < g.tags; tag++)
                    set |= (unsigned)(g.value[index_of(&g, (int[]){a, b}, tag)] != 0) << tag;
                if ((set == 2u) != (misere && b == 1))
                    refuse(v, "(%d,%d) in %s play: %s", a, b, misere ? "misere" : "normal",
                           set == 2u ? "an X the statement does not allow" : "no X where the statement says one");
            }
        free(g.value);
    }
}

/* ---- 8. The rows of Stewart's scoring games (docs/proofs.md "Stewart's families") ---- */

/* A taking-no-breaking code 0.d1..dk (digits 0..3) and its points, as integers over a common denominator. */
typedef struct { int k, digit[33]; long num[33], den[33]; } taking;

/* A code and its points read into t; false when they are not one. */
static bool read_taking(const char *code, const char *points, taking *t)
{
    int k = (int)strlen(code) - 2;
    if (strncmp(code, "0.", 2) != 0 || k < 1 || k > 32 || strspn(code + 2, "0123") != (size_t)k || code[1 + k] == '0')
        return false;
    t->k = k;
    const char *p = points;
    for (int i = 1; i <= k; i++) {
        t->digit[i] = code[1 + i] - '0';
        char *end;
        t->num[i] = strtol(p, &end, 10);
        t->den[i] = *end == '/' ? strtol(end + 1, &end, 10) : 1;
        if (end == p || t->den[i] < 1 || (*end != (i < k ? ',' : '\0')))
            return false;
        p = end + 1;
    }
    return true;
}

/* The code of number `index` among the codes of k digits whose last digit is not 0. */
static void taking_code(int k, long index, char *out)
{
    out[0] = '0', out[1] = '.';
    out[1 + k] = (char)('1' + index % 3);
    index /= 3;
    for (int i = k - 1; i >= 1; i--, index /= 4)
        out[1 + i] = (char)('0' + index % 4);
    out[2 + k] = '\0';
}

/* The points of a code of k digits: vector `which` of the 8 (vector 0: i points for taking i). */
static void points_text(int k, int which, char *out, size_t len)
{
    size_t at = 0;
    for (int i = 1; i <= k; i++) {
        long n[8] = {i, 1, -i, 2, i % 2 ? i : -i, 1, k + 1 - i, (long)i * i};
        at += (size_t)snprintf(out + at, len - at, which == 5 && i > 1 ? "%s1/%ld" : "%s%ld", i > 1 ? "," : "",
                               which == 5 && i > 1 ? (long)i : n[which]);
    }
}

/* How many game numbers the family has with largest take k (skipped ones included). */
static long family_count(const cert *c, int k)
{
    long codes = 3L << (2 * (k - 1)), seconds = 1;
    for (int kp = 1; kp <= c->second_digits; kp++)
        seconds += 3L << (2 * (kp - 1));
    return strcmp(c->family, "conj-34") == 0 ? 1L << (k - 1) : strcmp(c->family, "conj-35") == 0 ? codes * seconds
           : codes * 8;
}

/* The text ("code points pcode ppoints M") of game `idx` of largest take k, in the family's order as the claims define
 * it (st_conjectures.c's comments say the same); false when that number is skipped (Conjecture 35: no digit 2, 3). */
static bool family_game(const cert *c, int k, long idx, char *out, size_t len)
{
    char code[40], pcode[40] = "-", points[256], ppoints[256] = "-";
    long m = 0;
    if (strcmp(c->family, "conj-34") == 0) {
        /* The subsets of {1..k-1}, as bits, with k: digit 3 at each. */
        code[0] = '0', code[1] = '.';
        for (int sz = 1; sz <= k; sz++)
            code[1 + sz] = sz == k || (idx >> (sz - 1) & 1) ? '3' : '0';
        code[2 + k] = '\0';
        points_text(k, 0, points, sizeof points);
    } else if (strcmp(c->family, "conj-35") == 0) {
        /* A code with a digit 2 or 3, times the second heaps: none, then each code of 1..second-digits digits. */
        long seconds = family_count(c, k) / (3L << (2 * (k - 1))), second = idx % seconds;
        taking_code(k, idx / seconds, code);
        if (!strpbrk(code + 2, "23"))
            return false;
        points_text(k, 0, points, sizeof points);
        int kp = 1;
        for (; second > 3L << (2 * (kp - 1)); kp++)
            second -= 3L << (2 * (kp - 1));
        if (second > 0) {
            taking_code(kp, second - 1, pcode);
            points_text(kp, 0, ppoints, sizeof ppoints);
            m = c->m_to;
        }
    } else {
        /* A code times the 8 point vectors, the second heap the same game. */
        taking_code(k, idx / 8, code);
        points_text(k, (int)(idx % 8), points, sizeof points);
        memcpy(pcode, code, sizeof code);
        memcpy(ppoints, points, sizeof points);
        m = c->m_to;
    }
    snprintf(out, len, "%s %s %s %s %ld", code, points, pcode, ppoints, m);
    return true;
}

/* G_s(n +_l m) for n < rows, m <= M, into g[n * (M + 1) + m] in units of 1/scale: the most a move gains, its points
 * less the value left (Stewart, Definition 31); a move takes i beans, a whole heap (d_i's bit 1) or leaving one (2). */
static void stewart_rows(const taking *o, const taking *p, long M, long rows, long scale, long long *g)
{
    for (long n = 0; n < rows; n++)
        for (long m = 0; m <= M; m++) {
            bool any = false;
            long long best = 0;
            for (int side = 0; side < 2; side++) {
                const taking *t = side ? p : o;
                long h = side ? m : n;
                for (int i = 1; t && i <= t->k && i <= h; i++)
                    if ((h == i && (t->digit[i] & 1)) || (h > i && (t->digit[i] & 2))) {
                        long long v = t->num[i] * (scale / t->den[i]) -
                                      g[(side ? n : n - i) * (M + 1) + (side ? m - i : m)];
                        best = any && best > v ? best : v;
                        any = true;
                    }
            }
            g[n * (M + 1) + m] = best;
        }
}

/* One game: rows n and n + L agree for A <= n <= A + k (k the largest take of heap n); a row n > k being the same
 * function of rows n-k..n-1 (and its own earlier columns), they agree for every n >= A.  Conjectures 34 and 35 say L
 * divides 2k', k' the largest take that leaves a heap; 36 only that a period exists. */
static void check_game(const cert *c, const char *line, verdict *v)
{
    char code[40], points[256], pcode[40], ppoints[256];
    long M, A, L;
    taking o, p;
    if (sscanf(line, "%39s %255s %39s %255s %ld %ld %ld", code, points, pcode, ppoints, &M, &A, &L) != 7 ||
        A < 0 || L < 1 || A + L > 1000000 || !read_taking(code, points, &o) ||
        (strcmp(pcode, "-") != 0 && !read_taking(pcode, ppoints, &p))) {
        refuse(v, "a game line '%.80s' that cannot be read", line);
        return;
    }
    bool sum = strcmp(pcode, "-") != 0;
    long scale = 1;
    for (int i = 1; i <= o.k; i++)
        scale = lcm(scale, o.den[i]);
    for (int i = 1; sum && i <= p.k; i++)
        scale = lcm(scale, p.den[i]);
    long rows = A + L + o.k + 1;
    long long *g = must(malloc(sizeof *g * (size_t)(rows * (M + 1))));
    stewart_rows(&o, sum ? &p : NULL, M, rows, scale, g);
    for (long n = A; n <= A + o.k && !v->refused; n++)
        for (long m = 0; m <= M && !v->refused; m++)
            if (g[n * (M + 1) + m] != g[(n + L) * (M + 1) + m])
                refuse(v, "%s (points %s, sum %s): no period %ld from %ld: G(%ld +_l %ld) differs from G(%ld +_l %ld)",
                       code, points, pcode, L, A, n + L, m, n, m);
    int kk = 0;
    for (int i = 1; i <= o.k; i++)
        kk = o.digit[i] & 2 ? i : kk;
    if (!v->refused && strcmp(c->family, "conj-36") != 0 && (2 * kk) % L != 0)
        refuse(v, "%s (points %s, sum %s): period %ld does not divide 2k = %d", code, points, pcode, L, 2 * kk);
    free(g);
}

/* row-period: the family's games are exactly the lines, in order, and each one's rows repeat as it says. */
static void check_family(const cert *c, verdict *v)
{
    if (word_index(c->family, (const char *const[]){"conj-34", "conj-35", "conj-36"}, 3) < 0)
        refuse(v, "a family '%s' this checker does not know", c->family);
    else if (strcmp(c->statement, "st/conj-34") != 0 && strcmp(c->statement, "st/conj-35/eventual") != 0 &&
             strcmp(c->statement, "st/conj-36/eventual") != 0)
        refuse(v, "a statement '%s' this checker has no reading of", c->statement);
    else if (strncmp(c->statement + 3, c->family, 7) != 0)
        refuse(v, "the statement %s is not about the family %s", c->statement, c->family);
    else if (c->ngames != c->games)
        refuse(v, "%ld game lines, the certificate counts %ld", c->ngames, c->games);
    /* Codes of up to 16 digits: their texts fit this checker's buffers, and the family's count a long. */
    else if (c->max_take > 16)
        refuse(v, "a family of largest take %ld: this checker enumerates families of largest take at most 16",
               c->max_take);
    /* Every game of the family, in its order, each once: the lines are the family, not a sample of it. */
    const char *line = c->game_lines;
    char want[1024];
    for (int k = 1; k <= c->max_take && !v->refused; k++)
        for (long idx = 0; idx < family_count(c, k) && !v->refused; idx++) {
            if (!family_game(c, k, idx, want, sizeof want))
                continue;
            size_t n = strlen(want);
            if (!line || strncmp(line, want, n) != 0 || line[n] != ' ') {
                refuse(v, "the family's game '%s' is not the next line", want);
                break;
            }
            check_game(c, line, v);
            line = strchr(line, '\n') + 1;
        }
    if (!v->refused && line && *line)
        refuse(v, "a game line past the family's games");
}

/* ---- 9. A game of chance (docs/proofs.md "A game of chance") ---- */

/* A pile's class: its value (>= 0), or a lone pile, or none. */
enum { LONE = -1, VALUELESS = -2 };

/* The pile a move of x and x' leaves from n. */
static long chance_after(long n, long x, long y)
{
    return n > x + y ? n - x - y : 0;
}

/* The largest (sign 1) or least (sign -1) of a[0 .. n-1]. */
static long most(const long *a, int n, int sign)
{
    long best = a[0];
    for (int i = 1; i < n; i++)
        best = sign * a[i] > sign * best ? a[i] : best;
    return best;
}

/* Whether one side forces, whatever the other writes, a pile: the mover (some x, every x') one of class u; the opponent
 * (some x', every x) one with a value other than u, or (u = 0) a lone pile. */
static bool forces(const cert *c, const long *v, long n, long u, bool mover)
{
    int rows = mover ? c->nchoices : c->nagainst, cols = mover ? c->nagainst : c->nchoices;
    for (int a = 0; a < rows; a++) {
        bool all = true;
        for (int b = 0; b < cols && all; b++) {
            long d = v[chance_after(n, c->choices[mover ? a : b], c->against[mover ? b : a])];
            all = mover ? d == u : (d >= 0 && d != u) || (u == 0 && d == LONE);
        }
        if (all)
            return true;
    }
    return false;
}

/* The moves the induction needs at pile n (docs/proofs.md): the mover forces every smaller value (misere: the other
 * value), the opponent changes the value; from a lone pile the mover forces value 0.  False with why. */
static bool moves_at(const cert *c, const long *v, long n, char *why, size_t len)
{
    long u = v[n];
    if (u == VALUELESS)
        return true;
    if (c->misere && (u < 0 || u > 1))
        return FAIL("misere play is proved for values 0 and 1 alone: pile %ld", n);
    for (long t = c->misere ? 1 - u : 0; t < (c->misere ? 2 - u : u < 0 ? 1 : u); t++)
        if (!forces(c, v, n, t, true))
            return FAIL("from pile %ld no x forces, whatever x', a pile of value %ld", n, t);
    if (u >= 0 && !forces(c, v, n, u, false))
        return FAIL("against pile %ld no x' forces, whatever x, a pile of another value", n);
    return true;
}

/* The statement's values on piles 0 .. last: for hr-theorem and hr-misere the paper's g (X = X' = {m..M}: g(n) = 1 on
 * (p(m+M), (p+1)(m+M)] for p even); for hr-multi-pile the game's own, each pile read from smaller ones: the u at which
 * both kinds of move hold, else lone when the mover forces value 0, else none. */
static long *statement_values(const cert *c, long last, verdict *v)
{
    long *val = must(calloc((size_t)last + 1, sizeof *val));
    if (strcmp(c->statement, "hr-theorem") == 0 || strcmp(c->statement, "hr-misere") == 0) {
        long m = c->choices[0], M = c->choices[c->nchoices - 1];
        bool interval = c->nchoices == c->nagainst && m >= 1;
        for (int i = 0; i < c->nchoices && interval; i++)
            interval = c->choices[i] == m + i && c->against[i] == m + i;
        if (!interval || c->misere != (c->statement[3] == 'm'))
            refuse(v, "%s is a statement of m = t, M = T (choices and against both m..M, m >= 1) in %s play",
                   c->statement, c->statement[3] == 'm' ? "misere" : "normal");
        for (long n = 1; n <= last; n++)
            val[n] = (n - 1) / (m + M) % 2 == 0;
    } else if (strcmp(c->statement, "hr-multi-pile") == 0 && !c->misere) {
        char why[128];
        for (long n = 1; n <= last; n++) {
            val[n] = VALUELESS;
            for (long u = 0; u <= c->nchoices && val[n] == VALUELESS; u++) {
                val[n] = u;
                val[n] = moves_at(c, val, n, why, sizeof why) ? u : VALUELESS;
            }
            if (val[n] == VALUELESS && forces(c, val, n, 0, true))
                val[n] = LONE;
        }
    } else {
        refuse(v, "a statement '%s' this checker has no reading of in %s play", c->statement,
               c->misere ? "misere" : "normal");
    }
    return val;
}

/* The outcome of a position by its signature: the XOR of its values, how many lone piles (0..3: three or more) and
 * valueless ones (0..2: two or more) it holds.  0 a sure loss, 1 a sure win, 2 left to chance (hr/multi-pile). */
static int sig_outcome(long x, int lone, int none)
{
    if (none == 0 && lone == 0)
        return x != 0;
    return none == 0 && lone == 1 && x == 0 ? 1 : 2;
}

/* The outcome after a pile of class a becomes one of class b.  Three or more lone piles less one leave two or more,
 * which decide as two do, and two or more valueless less one at least one: so the counts are capped again. */
static int child_outcome(long x, int lone, int none, long a, long b)
{
    x ^= (a >= 0 ? a : 0) ^ (b >= 0 ? b : 0);
    lone += (b == LONE) - (a == LONE);
    none += (b == VALUELESS) - (a == VALUELESS);
    return sig_outcome(x, lone < 3 ? lone : 3, none < 2 ? none : 2);
}

/* Whether, taking pile n, a side has a chance: the mover (every x' leaves some x whose child the next player does not
 * surely win) or the opponent (every x leaves some x' whose child he does not surely lose). */
static bool has_a_chance(const cert *c, const long *v, long x, int lone, int none, long n, bool mover)
{
    int rows = mover ? c->nagainst : c->nchoices, cols = mover ? c->nchoices : c->nagainst;
    for (int a = 0; a < rows; a++) {
        bool some = false;
        for (int b = 0; b < cols && !some; b++) {
            long after = chance_after(n, c->choices[mover ? b : a], c->against[mover ? a : b]);
            some = child_outcome(x, lone, none, v[n], v[after]) != (mover ? 1 : 0);
        }
        if (!some)
            return false;
    }
    return true;
}

/* The second induction of hr/multi-pile, on piles 1 .. region (which stand for every pile): every signature left to
 * chance has no sure win (whatever pile of a class it may hold the mover takes, the opponent has a chance) and no sure
 * loss (every pile of some class it must hold gives the mover a chance). */
static void check_chance(const cert *c, const long *v, verdict *vd)
{
    long top = 0, xors = 1;
    for (long n = 0; n <= c->region; n++)
        top = v[n] > top ? v[n] : top;
    while (xors <= top)
        xors *= 2;
    for (long x = 0; x < xors; x++)
        for (int lone = 0; lone <= 3; lone++)
            for (int none = 0; none <= 2 && !vd->refused; none++) {
                if (sig_outcome(x, lone, none) != 2)
                    continue;
                long bit = x, group[3] = {none ? VALUELESS : 0, lone ? LONE : 0, 0};
                while (bit & (bit - 1))
                    bit &= bit - 1;
                bool chance[3] = {none > 0, lone > 0, x > 0};
                for (long n = 1; n <= c->region && !vd->refused; n++) {
                    bool may = v[n] >= 0 || (v[n] == LONE && lone) || (v[n] == VALUELESS && none);
                    if (may && !has_a_chance(c, v, x, lone, none, n, false))
                        refuse(vd, "XOR %ld, %d lone, %d valueless piles: taking pile %ld the mover surely wins", x,
                               lone, none, n);
                    for (int k = 0; k < 3; k++)
                        if (chance[k] && (k < 2 ? v[n] == group[k] : v[n] > 0 && (v[n] & bit)))
                            chance[k] = has_a_chance(c, v, x, lone, none, n, true);
                }
                if (!vd->refused && !chance[0] && !chance[1] && !chance[2])
                    refuse(vd, "XOR %ld, %d lone, %d valueless piles: no pile the position must hold gives the mover "
                               "a chance", x, lone, none);
            }
}

/* The listing ("n: value", n = 0 .. last) against the certificate's, then the period: piles preperiod .. to repeat. */
static void compare_listing(const cert *c, char (*cells)[48], long last, long to, verdict *v)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = must(open_memstream(&text, &len));
    for (long n = 0; n <= last; n++)
        fprintf(f, "%ld: %s\n", n, cells[n]);
    if (ferror(f) || fclose(f) != 0)
        must(NULL);
    if (!c->values)
        refuse(v, "no values listing: this argument lists every value it reads");
    else
        compare_values(c, text, (unsigned long long)last + 1, v);
    for (long n = c->pre; n <= to && !v->refused; n++)
        if (strcmp(cells[n], cells[n + c->per]) != 0)
            refuse(v, "no period %ld from %ld: piles %ld and %ld differ", c->per, c->pre, n, n + c->per);
    free(text);
}

/* Whether every move removes a counter, and the region is max(preperiod, 1) + w + period - 1 (w: the most a move
 * removes) or, for chance-period, preperiod + period + w - 1. */
static long chance_width(const cert *c, verdict *v)
{
    long w = most(c->choices, c->nchoices, 1) + most(c->against, c->nagainst, 1);
    bool induction = (1u << c->arg) == ARG_INDUCTION;
    long need = induction ? (c->pre > 1 ? c->pre : 1) + w + c->per - 1 : c->pre + c->per + w - 1;
    if (most(c->choices, c->nchoices, -1) + most(c->against, c->nagainst, -1) < 1)
        refuse(v, "a move may remove no counter: the induction over the counters does not run");
    else if (c->pre < 1)
        refuse(v, "the preperiod must be at least 1 (the empty pile is read as 0 counters, not by the recursion)");
    else if (c->region != need)
        refuse(v, "the region must be %s = %ld, the certificate says %ld",
               induction ? "max(preperiod, 1) + w + period - 1" : "preperiod + period + w - 1", need, c->region);
    return w;
}

/* value-induction: the values (recomputed), their period, the moves at every pile of the region, and (hr-multi-pile)
 * the positions left to chance. */
static void check_induction(const cert *c, verdict *v)
{
    chance_width(c, v);
    if (v->refused)
        return;
    long last = c->region + c->per, *val = statement_values(c, last, v);
    char why[128], (*cells)[48] = must(calloc((size_t)last + 1, sizeof *cells));
    for (long n = 0; n <= last; n++)
        snprintf(cells[n], sizeof cells[n], val[n] == LONE ? "L" : val[n] == VALUELESS ? "N" : "%ld", val[n]);
    if (!v->refused)
        compare_listing(c, cells, last, c->region, v);
    for (long n = 1; n <= c->region && !v->refused; n++)
        if (!moves_at(c, val, n, why, sizeof why))
            refuse(v, "%s", why);
    if (!v->refused && c->statement[3] == 'm' && c->statement[4] == 'u')
        check_chance(c, val, v);
    free(cells);
    free(val);
}

/* Exact fractions num/den, den > 0, in lowest terms. */
typedef struct { long long num, den; } frac;

static bool frac_less(frac a, frac b)
{
    return (__int128)a.num * b.den < (__int128)b.num * a.den;
}

/* The value of the matrix game a (rows: the mover's x, who maximises; columns: x') of at most 2 by 2: a saddle point
 * when the lower and upper values meet, else (ad - bc) / (a + d - b - c). */
static frac game_value(frac a[2][2], int rows, int cols, verdict *v)
{
    frac lower = {0, 0}, upper = {0, 0};
    for (int i = 0; i < rows; i++) {
        frac low = a[i][0];
        for (int j = 1; j < cols; j++)
            low = frac_less(a[i][j], low) ? a[i][j] : low;
        lower = !lower.den || frac_less(lower, low) ? low : lower;
    }
    for (int j = 0; j < cols; j++) {
        frac high = a[0][j];
        for (int i = 1; i < rows; i++)
            high = frac_less(high, a[i][j]) ? a[i][j] : high;
        upper = !upper.den || frac_less(high, upper) ? high : upper;
    }
    if (!frac_less(lower, upper))
        return lower;
    /* Denominators below 2^15 keep every product below in 128 bits. */
    for (int k = 0; k < 4; k++)
        if (a[k / 2][k % 2].den >= 1LL << 15) {
            refuse(v, "a value with a denominator of 2^15 or more: this checker stops there");
            return lower;
        }
    __int128 D = (__int128)a[0][0].den * a[0][1].den * a[1][0].den * a[1][1].den, n[4], g, r;
    for (int k = 0; k < 4; k++)
        n[k] = a[k / 2][k % 2].num * (D / a[k / 2][k % 2].den);
    __int128 num = n[0] * n[3] - n[1] * n[2], den = D * (n[0] + n[3] - n[1] - n[2]);
    for (g = num < 0 ? -num : num, r = den < 0 ? -den : den; r;) {
        __int128 t = g % r;
        g = r;
        r = t;
    }
    num /= g ? g : 1, den /= g ? g : 1;
    if (den < 0)
        num = -num, den = -den;
    if (num > INT64_MAX || num < -INT64_MAX || den > INT64_MAX)
        refuse(v, "a value past 64 bits: this checker stops there");
    return (frac){(long long)num, (long long)den};
}

/* chance-period: one pile's exact values from the rules (a matrix game over the piles a move leaves, 1 less the next
 * player's value), the listing, and the repeat of piles preperiod .. preperiod + w - 1 a period on (a pile above w
 * reads the w below it). */
static void check_chance_period(const cert *c, verdict *v)
{
    long w = chance_width(c, v);
    if (c->nchoices > 2 || c->nagainst > 2)
        refuse(v, "this checker solves matrix games of at most 2 choices a side, not %d by %d", c->nchoices,
               c->nagainst);
    else if (strcmp(c->statement, "hr-fig-1") != 0)
        refuse(v, "a statement '%s' this checker has no reading of", c->statement);
    if (v->refused)
        return;
    frac *val = must(calloc((size_t)c->region + 1, sizeof *val));
    char(*cells)[48] = must(calloc((size_t)c->region + 1, sizeof *cells));
    /* The empty pile: the player to move has lost (normal play) or won (misere play). */
    val[0] = (frac){c->misere, 1};
    for (long n = 0; n <= c->region && !v->refused; n++) {
        frac a[2][2];
        for (int i = 0; n > 0 && i < c->nchoices; i++)
            for (int j = 0; j < c->nagainst; j++) {
                frac child = val[chance_after(n, c->choices[i], c->against[j])];
                a[i][j] = (frac){child.den - child.num, child.den};
            }
        if (n > 0)
            val[n] = game_value(a, c->nchoices, c->nagainst, v);
        snprintf(cells[n], sizeof cells[n], "%lld/%lld", val[n].num, val[n].den);
    }
    if (!v->refused)
        compare_listing(c, cells, c->region, c->pre + w - 1, v);
    free(cells);
    free(val);
}

/* ---- 10. One certificate ---- */

/* The argument of periodicity in every pile (sections 2 to 5). */
static void check_pile_period(const cert *c, verdict *v)
{
    long need = c->pre + c->per + c->max_take, cells = c->restriction == RESTRICT_NONE ? 1 : c->max_take + 1;
    if ((c->players > 2) != (c->view == VIEW_OUTCOME))
        refuse(v, "the view %s of a game of %ld players", view_words[c->view], c->players);
    else if (c->region != need)
        refuse(v, "the region must hold every position with piles below preperiod + period + max-take = %ld, "
                  "the certificate says %ld", need, c->region);
    for (int i = 0; i < c->piles && !v->refused; i++)
        if ((cells *= need) > MAX_CELLS)
            refuse(v, "a region of %ld chips in %ld piles, more values than this checker solves (%ld)", need,
                   c->piles, MAX_CELLS);
    if (v->refused)
        return;
    game g;
    unsigned long long count;
    solve(&g, c, (int)need);
    char *text = values_text(&g, &count);
    compare_values(c, text, count, v);
    free(text);
    if (!v->refused)
        check_period(&g, v);
    long from = c->pre + c->max_take > c->stmt_from ? c->pre + c->max_take : c->stmt_from;
    long want = from + lcm(c->per, c->stmt_per);
    if (c->stmt_region != want)
        refuse(v, "the statement's region must be max(preperiod + max-take, statement-from) + lcm(period, "
                  "statement-period) = %ld, the certificate says %ld", want, c->stmt_region);
    if (!v->refused)
        check_statement(&g, v);
    free(g.value);
}

/* --values: the lines region, values-count, values-sha256 and values that this certificate's rules give on the region
 * its preperiod, period and max-take need, whatever it says of them; a refusal when it cannot be read. */
static void print_values(const cert *c, verdict *v)
{
    long need = c->pre + c->per + c->max_take;
    if (strcmp(c->argument, "pile-period") != 0)
        refuse(v, "--values reads a certificate of the argument pile-period only");
    else if (need > MAX_REGION || (c->piles > 1 && need * need * (c->max_take + 1) > MAX_CELLS))
        refuse(v, "a region of %ld chips, more than this checker solves", need);
    if (v->refused)
        return;
    game g;
    unsigned long long count;
    solve(&g, c, (int)need);
    char *values = values_text(&g, &count), hex[65];
    sha_hex(values, hex);
    printf("region %ld\nvalues-count %llu\nvalues-sha256 %s\nvalues\n%send-values\n", need, count, hex, values);
    free(values);
    free(g.value);
}

/* The check of each argument, in the order of argument_words. */
static void (*const argument_checks[])(const cert *, verdict *) = {
    check_pile_period, check_octal, check_strategy, check_bound, check_family, check_induction, check_chance_period,
    check_x};

/* ---- 11. Files and directories ---- */

/* A file's text, nul-terminated; NULL with the reason in err when it cannot be read or is not text. */
static char *read_file(const char *path, const char **err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        *err = strerror(errno);
        return NULL;
    }
    char *text = NULL;
    size_t len = 0, cap = 0, n;
    do {
        if (len + 4096 + 1 > cap)
            text = must(realloc(text, cap = 2 * cap + 4096 + 1));
        len += n = fread(text + len, 1, 4096, f);
    } while (n == 4096);
    bool bad = ferror(f);
    fclose(f);
    if (bad || memchr(text, '\0', len)) {
        *err = bad ? "a read error" : "not a text file";
        free(text);
        return NULL;
    }
    text[len] = '\0';
    return text;
}

/* What the files came to; --values prints the rules' values and judges nothing. */
typedef struct { bool quiet, values; int accepted, refused, unreadable; } tally;

/* One certificate: its line, ACCEPTED or REFUSED with the reason (--values: its values, or the reason on stderr). */
static void check_file(const char *path, tally *t)
{
    const char *err = NULL;
    char *text = read_file(path, &err);
    if (!text) {
        fprintf(stderr, "proofcheck: cannot read %s: %s\n", path, err);
        t->unreadable++;
        return;
    }
    cert c;
    verdict v = {.refused = false};
    read_cert(&c, text, &v);
    if (t->values)
        print_values(&c, &v);
    else if (!v.refused)
        argument_checks[c.arg](&c, &v);
    if (v.refused && t->values)
        fprintf(stderr, "proofcheck: %s: %s\n", path, v.why);
    else if (v.refused)
        printf("REFUSED %s: %s\n", path, v.why);
    else if (!t->quiet && !t->values)
        printf("ACCEPTED %s\n", path);
    t->refused += v.refused;
    t->accepted += !v.refused;
    free(v.why);
    free(c.values);
    free(c.game_lines);
    free(text);
}

/* Every .cert file under dir, in the order of their names, runs of digits by their number ("k-2" before "k-10",
 * versionsort), so the output is the same on every machine. */
static void check_dir(const char *dir, tally *t)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, versionsort);
    if (n < 0) {
        fprintf(stderr, "proofcheck: cannot read %s: %s\n", dir, strerror(errno));
        t->unreadable++;
        return;
    }
    for (int i = 0; i < n; i++) {
        const char *name = names[i]->d_name;
        size_t nl = strlen(name), len = strlen(dir) + nl + 2;
        char *path = must(malloc(len));
        snprintf(path, len, "%s/%s", dir, name);
        struct stat st;
        bool shown = name[0] != '.';
        if (shown && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            check_dir(path, t);
        else if (shown && nl > 5 && strcmp(name + nl - 5, ".cert") == 0)
            check_file(path, t);
        free(path);
        free(names[i]);
    }
    free(names);
}

/* The options and the files or directories (see the top of the file). */
int main(int argc, char **argv)
{
    tally t = {.quiet = argc > 1 && strcmp(argv[1], "--quiet") == 0,
               .values = argc > 1 && strcmp(argv[1], "--values") == 0};
    int first = t.quiet || t.values ? 2 : 1;
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("usage: proofcheck [--quiet] FILE_OR_DIR...\n       proofcheck --values FILE\n"
               "Re-proves the verifier's certificates (docs/proofs.md) from the rules they hold:\n"
               "one line per certificate, ACCEPTED or REFUSED with the first reason (--quiet: the\n"
               "refused only). Exit 0: all accepted; 1: one refused; 2: an argument unreadable.\n"
               "--values prints the values the certificate's rules give on the region its\n"
               "preperiod, period and max-take need (its region, values-count, values-sha256\n"
               "and values lines), judging nothing.\n");
        return 0;
    }
    if (first >= argc) {
        fprintf(stderr, "proofcheck: usage: proofcheck [--quiet | --values] FILE_OR_DIR... (--help says more)\n");
        return 2;
    }
    for (int i = first; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "proofcheck: cannot read %s: %s\n", argv[i], strerror(errno));
            t.unreadable++;
        } else if (S_ISDIR(st.st_mode)) {
            check_dir(argv[i], &t);
        } else {
            check_file(argv[i], &t);
        }
    }
    if (t.values)
        return t.unreadable ? 2 : t.refused ? 1 : 0;
    if (t.accepted + t.refused == 0 && t.unreadable == 0) {
        fprintf(stderr, "proofcheck: no certificate found\n");
        return 2;
    }
    printf("proofcheck: %d accepted, %d refused%s\n", t.accepted, t.refused,
           t.unreadable ? ", some arguments unreadable" : "");
    return t.unreadable ? 2 : t.refused ? 1 : 0;
}
