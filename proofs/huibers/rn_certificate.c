/*
 * rn_certificate.c -- a proved case written out as a certificate, and the
 * game's rules as data, played against the engine's moves (see
 * rn_certificate.h; the format is docs/proofs.md's).
 */
#include "proofs/huibers/rn_certificate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/pile_game.h"
#include "core/engine/xalloc.h"

static const char *const restriction_names[] = {"none", "previous", "chosen", "chosen-or-none"};

/* The value of option --name in an options text " --max-move 3 ...", or
 * NULL. */
static const char *option_value(const char *options, const char *name, char *out, size_t len)
{
    char key[48];
    snprintf(key, sizeof key, "--%s ", name);
    const char *at = strstr(options, key);
    if (!at)
        return NULL;
    at += strlen(key);
    size_t n = strcspn(at, " ");
    if (n == 0 || n >= len)
        die("internal error: the option --%s of a certified game", name);
    memcpy(out, at, n);
    out[n] = '\0';
    return out;
}

static int option_int(const char *options, const char *name, int dflt)
{
    char v[24];
    if (!option_value(options, name, v, sizeof v))
        return dflt;
    char *end;
    long n = strtol(v, &end, 10);
    if (*end || n < 0 || n > 1 << 20)
        die("internal error: the option --%s %s of a certified game", name, v);
    return (int)n;
}

void rn_rules_of(const rn_solved *s, int piles, rn_rules *out)
{
    const char *name = s->entry->name, *opts = s->options;
    char v[24];
    memset(out, 0, sizeof *out);
    out->piles = piles;
    out->max_take = option_int(opts, "max-move", 0);
    /* Every certified game takes 1..k chips from one pile (pile_period.h):
     * a move of any size, or from several piles, has no period argument. */
    char takes[24];
    if (out->max_take < 1 || (option_value(opts, "takes", takes, sizeof takes) && strcmp(takes, "pile") != 0))
        die("internal error: a certified game of %s without moves of 1..k from one pile", name);
    const char *rule = option_value(opts, "restriction", v, sizeof v);
    if (strcmp(name, "restricted-nim") == 0) {
        out->game = "restricted-nim";
        out->players = 2;
        rule = rule ? rule : "previous"; /* the game's default */
    } else if (strcmp(name, "nim-players") == 0) {
        out->game = "nim-players";
        out->players = option_int(opts, "players", 3);
        rule = rule ? rule : "none";
    } else {
        die("internal error: a certificate of the game %s, which the format has no rules for", name);
    }
    for (int i = 0; i < 4; i++)
        if (strcmp(rule, restriction_names[i]) == 0) {
            out->restriction = (rn_rule_restriction)i;
            return;
        }
    die("internal error: a certified game with --restriction %s", rule);
}

/* The restricted numbers a position carries under the rules: none (0)
 * only, or 0..k. */
static int rules_tags(const rn_rules *g)
{
    return g->restriction == RULE_NONE ? 1 : g->max_take + 1;
}

/* The children of piles p (n of them, ascending) with `tag` restricted,
 * by the rules alone: every take d of 1..max_take chips (at most the
 * pile) from one pile, d != tag, followed by each restricted number the
 * rule sets; their ranks in s's game into out (room for `most`).  Of two
 * equal piles one is taken from: the same children. */
static int rules_children(const rn_solved *s, const rn_rules *g, const int *p, int n, int tag, uint64_t *out,
                          int most)
{
    int count = 0, q[RN_STRATEGY_PILES];
    for (int i = 0; i < n; i++)
        for (int d = 1; d <= g->max_take && d <= p[i] && (i == 0 || p[i] != p[i - 1]); d++) {
            if (d == tag)
                continue;
            memcpy(q, p, sizeof *q * (size_t)n);
            q[i] -= d;
            int lo = 0, hi = 0;
            switch (g->restriction) {
            case RULE_NONE: lo = hi = 0; break;
            case RULE_PREVIOUS: lo = hi = d; break;
            case RULE_CHOSEN: lo = 1, hi = g->max_take; break;
            case RULE_CHOSEN_OR_NONE: lo = 0, hi = g->max_take; break;
            }
            for (int c = lo; c <= hi; c++) {
                if (count == most)
                    die("internal error: more than %d moves by the rules", most);
                out[count++] = rn_rank(s, q, n, c);
            }
        }
    return count;
}

/* Sorted (by insertion: a move list is short, and this runs at every
 * position of a region), repeats dropped (a take from either of two equal
 * piles is one move of a multiset); the new length. */
static int distinct(uint64_t *v, int n)
{
    for (int i = 1; i < n; i++) {
        uint64_t x = v[i];
        int j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || v[m - 1] != v[i])
            v[m++] = v[i];
    return m;
}

/* Advances piles p (n of them, each below `region`, ascending) to the
 * next multiset in the order the certificate lists them; false after
 * the last. */
static bool next_piles(int *p, int n, int region)
{
    for (int i = n - 1; i >= 0; i--)
        if (p[i] + 1 < region) {
            p[i]++;
            for (int j = i + 1; j < n; j++)
                p[j] = p[i];
            return true;
        }
    return false;
}

void rn_rules_tie(const rn_solved *s, const rn_rules *g, int region)
{
    int n = g->piles, p[RN_STRATEGY_PILES] = {0};
    if (n < 1 || n > RN_STRATEGY_PILES || rules_tags(g) != rn_tags(s))
        die("internal error: the rules of a certificate do not fit its game (%d piles, %d restricted numbers)", n,
            rn_tags(s));
    int most = n * g->max_take * (g->max_take + 1);
    if (s->game->max_moves > most)
        most = s->game->max_moves;
    uint64_t *engine = xmalloc(sizeof *engine * (size_t)most, "a move list");
    uint64_t *rules = xmalloc(sizeof *rules * (size_t)most, "a move list");
    game_move *moves = xmalloc(sizeof *moves * (size_t)most, "a move list");
    do
        for (int tag = 0; tag < rules_tags(g); tag++) {
            /* The engine's own generator, called directly (one list for
             * the whole table). */
            int e = s->game->moves(s->game->data, rn_rank(s, p, n, tag), moves);
            for (int i = 0; i < e; i++)
                engine[i] = moves[i].child;
            int r = rules_children(s, g, p, n, tag, rules, most);
            /* Most often the same list in the same order; else compared
             * as sets. */
            bool same = e == r && memcmp(engine, rules, sizeof *engine * (size_t)e) == 0;
            if (!same) {
                e = distinct(engine, e);
                r = distinct(rules, r);
                same = e == r && memcmp(engine, rules, sizeof *engine * (size_t)e) == 0;
            }
            if (!same) {
                char *at = rn_position_text(s, rn_rank(s, p, n, tag));
                die("internal error: the engine's moves from %s differ from the rules the certificate writes "
                    "(%d against %d)", at, e, r);
            }
        }
    while (next_piles(p, n, region));
    free(engine);
    free(rules);
    free(moves);
}

char *rn_strategy_certificate_text(const char *statement, int k, int m)
{
    return claim_printf(
        "# A proof of one case of a statement, for every pile size, by a strategy: docs/proofs.md\n"
        "# says what each line means; build/proofcheck re-proves it from the rules below.\n"
        "certificate %d\nargument complement-strategy\nstatement %s\nk %d\n"
        "# The game, as for a certificate of a period.\n"
        "game restricted-nim\nplayers 2\npiles 2\nmax-take %d\nrestriction previous\n"
        "# The argument: from two piles both = 0 mod the modulus, whatever is restricted, the\n"
        "# player who answers every take of d chips by taking modulus - d from the same pile\n"
        "# returns to two piles = 0 mod the modulus; (0, 0) has no move.\n"
        "modulus %d\nend\n",
        RN_CERTIFICATE_FORMAT, statement, k, k, m);
}

char *rn_bound_certificate_text(const char *statement, int k, int m)
{
    return claim_printf(
        "# A proof for every pile size by a bound on the moves: docs/proofs.md says what each\n"
        "# line means; build/proofcheck re-proves it from the rules below.\n"
        "certificate %d\nargument move-bound\nstatement %s\nk %d\n"
        "# The game: three players in turn, one pile, moves of 1..max-take, never the number\n"
        "# the player before took.\n"
        "game nim-players\nplayers 3\npiles 1\nmax-take %d\nrestriction previous\n"
        "# The argument: from the modulus and from twice it, whatever the first two players\n"
        "# take, the third brings the pile down by the modulus; from any larger multiple the\n"
        "# same takes are allowed (two takes leave at least max-take chips).\n"
        "modulus %d\nend\n",
        RN_CERTIFICATE_FORMAT, statement, k, k, m);
}

char *rn_x_certificate_text(const char *statement, int k)
{
    return claim_printf(
        "# A proof for every pile size by what a restriction does: docs/proofs.md says what\n"
        "# each line means; build/proofcheck re-proves it from the rules below.\n"
        "certificate %d\nargument restriction-x\nstatement %s\nreading 6.1.3: X only in misere\nk %d\n"
        "# The game, as for a certificate of a period.\n"
        "game restricted-nim\nplayers 2\npiles 2\nmax-take %d\nrestriction previous\n"
        "# The argument: with r restricted the moves are those with nothing restricted but\n"
        "# the takes of r, to the same positions, so a position won only when 1 is restricted\n"
        "# is one where 1 leaves no move: both piles at most 1 chip (k >= 2), where the\n"
        "# checker computes both plays.\n"
        "end\n",
        RN_CERTIFICATE_FORMAT, statement, k, k);
}

void rn_rules_tie_table(const rn_solved *s, int piles, int bound)
{
    rn_rules g;
    rn_rules_of(s, piles, &g);
    rn_rules_tie(s, &g, bound + 1);
}

char *rn_certificate_name(int k, const char *reading)
{
    char *name = claim_printf("k-%d", k);
    if (!reading)
        return name;
    size_t len = strlen(name);
    char *out = xmalloc(len + 2 + strlen(reading), "a certificate's name");
    memcpy(out, name, len);
    free(name);
    bool dash = false;
    out[len++] = '-';
    for (const char *c = reading; *c; c++) {
        char l = *c >= 'A' && *c <= 'Z' ? (char)(*c - 'A' + 'a') : *c;
        bool keep = (l >= 'a' && l <= 'z') || (l >= '0' && l <= '9');
        if (keep) {
            out[len++] = l;
            dash = false;
        } else if (!dash) {
            out[len++] = '-';
            dash = true;
        }
    }
    while (out[len - 1] == '-')
        len--;
    out[len] = '\0';
    return out;
}

static const char *view_word(pile_view v)
{
    switch (v) {
    case PILE_GRUNDY: return "grundy";
    case PILE_NORMAL_WIN: return "normal-win";
    case PILE_MISERE_WIN: return "misere-win";
    case PILE_BOTH_WIN: return "both-win";
    case PILE_OUTCOME: return "outcome";
    }
    return "?";
}

/* The region's values, one line a position "p1 .. pn: v0 .. v(T-1)" in
 * the certificate's order, into a text of its own (the digest's input,
 * and the listing of a certificate of one pile). */
static char *region_values(const rn_case *z, const rn_rules *g, int region, uint64_t *count)
{
    claim_text f;
    claim_text_open(&f);
    int n = g->piles, p[RN_STRATEGY_PILES] = {0};
    *count = 0;
    do {
        for (int i = 0; i < n; i++)
            claim_text_add(&f, "%s%d", i ? " " : "", p[i]);
        claim_text_add(&f, ":");
        for (int tag = 0; tag < rules_tags(g); tag++) {
            claim_text_add(&f, " %llu", (unsigned long long)pile_period_value(&z->s->table, z->c->view, rn_rank(z->s, p, n, tag)));
            ++*count;
        }
        claim_text_add(&f, "\n");
    } while (next_piles(p, n, region));
    return claim_text_close(&f);
}

/* Values listed in full up to this many positions (one pile: always);
 * past it only their digest is written, the checker recomputing them. */
#define LISTED_POSITIONS 2000

char *rn_certificate_text(const rn_case *z)
{
    const char *statement = z->statement, *reading = z->reading;
    if (z->stmt_region <= 0)
        die("internal error: a certificate of k = %d without its statement's region", z->k);
    rn_rules g;
    rn_rules_of(z->s, z->piles, &g);
    int region = z->c->pre + z->c->per + z->c->reach;
    if (z->c->reach != g.max_take || region - 1 > z->bound)
        die("internal error: a certificate of k = %d whose region (piles below %d) is not in its table", z->k,
            region);
    /* Past the region, as far as the statement's region: a statement may
     * read the table there (its values are then the rules' too). */
    int tied = z->stmt_region > region ? z->stmt_region : region;
    rn_rules_tie(z->s, &g, tied < z->bound + 1 ? tied : z->bound + 1);
    uint64_t count;
    char *values = region_values(z, &g, region, &count);
    char digest[65];
    claim_sha256_hex(values, digest);

    claim_text f;
    claim_text_open(&f);
    claim_text_add(&f, "# A proof of one case of a statement, for every pile size: docs/proofs.md says\n"
           "# what each line means; build/proofcheck re-proves it from the rules below.\n");
    claim_text_add(&f, "certificate %d\n", RN_CERTIFICATE_FORMAT);
    claim_text_add(&f, "argument pile-period\n");
    claim_text_add(&f, "statement %s\n", statement);
    if (reading)
        claim_text_add(&f, "reading %s\n", reading);
    claim_text_add(&f, "k %d\n", z->k);
    claim_text_add(&f, "# The game: positions are %d pile%s and the number of chips the player to move\n"
           "# may not take (0: none); a move takes 1..max-take chips from one pile, never\n"
           "# the restricted number, and the restriction rule sets the next one.\n",
        g.piles, g.piles == 1 ? "" : "s");
    claim_text_add(&f, "game %s\n", g.game);
    claim_text_add(&f, "players %d\n", g.players);
    claim_text_add(&f, "piles %d\n", g.piles);
    claim_text_add(&f, "max-take %d\n", g.max_take);
    claim_text_add(&f, "restriction %s\n", restriction_names[g.restriction]);
    claim_text_add(&f, "# The argument: the values (view) repeat with the period in every pile from the\n"
           "# preperiod on, shown on every position whose piles are below the region\n"
           "# (preperiod + period + max-take).\n");
    claim_text_add(&f, "view %s\n", view_word(z->c->view));
    claim_text_add(&f, "preperiod %d\n", z->c->pre);
    claim_text_add(&f, "period %d\n", z->c->per);
    claim_text_add(&f, "region %d\n", region);
    claim_text_add(&f, "# The statement repeats with its own period from its own start; it was checked\n"
           "# at every position whose piles are below max(preperiod + max-take, its start)\n"
           "# + lcm(period, its period).\n");
    claim_text_add(&f, "statement-period %d\n", z->stmt_q);
    claim_text_add(&f, "statement-from %d\n", z->stmt_from);
    claim_text_add(&f, "statement-region %d\n", z->stmt_region);
    claim_text_add(&f, "values-count %llu\n", (unsigned long long)count);
    claim_text_add(&f, "values-sha256 %s\n", digest);
    uint64_t positions = count / (uint64_t)rules_tags(&g);
    if (g.piles == 1 || positions <= LISTED_POSITIONS)
        claim_text_add(&f, "values\n%send-values\n", values);
    claim_text_add(&f, "end\n");
    free(values);
    return claim_text_close(&f);
}
