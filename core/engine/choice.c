/*
 * choice.c -- trees of choices (choice.h): the hash-consed DAG, shifting
 * a child's tree to its parent's players, the rule of Huibers' Section
 * 4.6 that combines the children, and reading trees back as text.
 */
#include "core/engine/choice.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"

#define NO_CODE UINT32_MAX

typedef struct {
    uint8_t leaf, who;
    uint32_t n;          /* outcomes (0 for a leaf)                  */
    uint64_t first;      /* its outcomes: pool[first .. first + n)  */
    uint32_t winners;    /* bit i - 1: player i wins somewhere       */
    uint32_t depth;
    uint64_t leaves;     /* saturating                               */
    choice_code shifted; /* choice_shift of it, NO_CODE until asked  */
} node;

struct choice_dag {
    int players;
    node *nodes;
    uint64_t count, cap;
    choice_code *pool;
    uint64_t pool_len, pool_cap;
    /* Open addressing on codes, at most half full. */
    choice_code *slots;
    uint64_t nslots;
    /* Chances at random: chance[c * players + p - 1] for c < nchance. */
    mpq_t *chance;
    uint64_t nchance, chance_cap;
    /* Scratch of choice_combine and choice_shift. */
    choice_code *scratch;
    uint64_t scratch_cap;
};

choice_dag *choice_dag_new(int players)
{
    if (players < 2 || players > CHOICE_MAX_PLAYERS)
        die("internal error: a choice DAG of %d players", players);
    choice_dag *d = xcalloc(1, sizeof *d, "the choice trees");
    d->players = players;
    d->nslots = 1024;
    d->slots = xmalloc(xmul(d->nslots, sizeof *d->slots, "the choice trees"), "the choice trees");
    memset(d->slots, 0xff, d->nslots * sizeof *d->slots);
    /* The leaves first: code w - 1 is "player w wins". */
    for (int w = 1; w <= players; w++)
        choice_leaf(d, w);
    return d;
}

void choice_dag_free(choice_dag *d)
{
    if (!d)
        return;
    for (uint64_t i = 0; i < d->nchance * (uint64_t)d->players; i++)
        mpq_clear(d->chance[i]);
    free(d->chance);
    free(d->nodes);
    free(d->pool);
    free(d->slots);
    free(d->scratch);
    free(d);
}

int choice_dag_players(const choice_dag *d)
{
    return d->players;
}

uint64_t choice_dag_size(const choice_dag *d)
{
    return d->count;
}

uint64_t choice_dag_bytes(const choice_dag *d)
{
    return d->cap * sizeof *d->nodes + d->pool_cap * sizeof *d->pool + d->nslots * sizeof *d->slots +
           d->chance_cap * (uint64_t)d->players * sizeof(mpq_t);
}

static const node *at(const choice_dag *d, choice_code c)
{
    if (c >= d->count)
        die("internal error: choice tree %u of %llu", c, (unsigned long long)d->count);
    return &d->nodes[c];
}

/* ---- hash-consing ---- */

static uint64_t hash_of(int leaf, int who, const choice_code *alts, uint32_t n)
{
    uint64_t h = 1469598103934665603ull ^ (uint64_t)(leaf * 131 + who);
    for (uint32_t i = 0; i < n; i++)
        h = (h ^ alts[i]) * 1099511628211ull;
    return h ^ (h >> 29);
}

static bool same(const choice_dag *d, const node *x, int leaf, int who, const choice_code *alts, uint32_t n)
{
    return x->leaf == leaf && x->who == who && x->n == n &&
           (n == 0 || memcmp(d->pool + x->first, alts, n * sizeof *alts) == 0);
}

static void grow_slots(choice_dag *d)
{
    uint64_t nslots = d->nslots * 2;
    choice_code *slots = xmalloc(xmul(nslots, sizeof *slots, "the choice trees"), "the choice trees");
    memset(slots, 0xff, nslots * sizeof *slots);
    for (uint64_t c = 0; c < d->count; c++) {
        const node *x = &d->nodes[c];
        uint64_t h = hash_of(x->leaf, x->who, d->pool + x->first, x->n) & (nslots - 1);
        while (slots[h] != NO_CODE)
            h = (h + 1) & (nslots - 1);
        slots[h] = (choice_code)c;
    }
    free(d->slots);
    d->slots = slots;
    d->nslots = nslots;
}

static uint64_t saturating_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* The code of (leaf, who, alts), made if new; alts sorted, distinct, each
 * an existing code. */
static choice_code intern(choice_dag *d, int leaf, int who, const choice_code *alts, uint32_t n)
{
    uint64_t h = hash_of(leaf, who, alts, n) & (d->nslots - 1);
    while (d->slots[h] != NO_CODE) {
        if (same(d, &d->nodes[d->slots[h]], leaf, who, alts, n))
            return d->slots[h];
        h = (h + 1) & (d->nslots - 1);
    }
    /* NO_CODE is never a code. */
    if (d->count >= NO_CODE)
        die("more than %u distinct trees of choices: the values of this game outgrow what the table can name; "
            "lower the bound",
            NO_CODE - 1);
    if (d->count == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 256;
        d->nodes = xrealloc(d->nodes, xmul(d->cap, sizeof *d->nodes, "the choice trees"), "the choice trees");
    }
    if (d->pool_len + n > d->pool_cap) {
        while (d->pool_len + n > d->pool_cap)
            d->pool_cap = d->pool_cap ? 2 * d->pool_cap : 1024;
        d->pool = xrealloc(d->pool, xmul(d->pool_cap, sizeof *d->pool, "the choice trees"), "the choice trees");
    }
    node x = {.leaf = (uint8_t)leaf, .who = (uint8_t)who, .n = n, .first = d->pool_len, .shifted = NO_CODE};
    if (n)
        memcpy(d->pool + d->pool_len, alts, n * sizeof *alts);
    d->pool_len += n;
    if (leaf) {
        x.winners = 1u << (who - 1);
        x.leaves = 1;
    }
    for (uint32_t i = 0; i < n; i++) {
        const node *a = &d->nodes[alts[i]];
        x.winners |= a->winners;
        x.depth = a->depth + 1 > x.depth ? a->depth + 1 : x.depth;
        x.leaves = saturating_add(x.leaves, a->leaves);
    }
    choice_code c = (choice_code)d->count;
    d->nodes[d->count++] = x;
    d->slots[h] = c;
    if (2 * d->count > d->nslots)
        grow_slots(d);
    return c;
}

choice_code choice_leaf(choice_dag *d, int w)
{
    if (w < 1 || w > d->players)
        die("internal error: player %d of %d wins", w, d->players);
    return intern(d, 1, w, NULL, 0);
}

static int cmp_code(const void *a, const void *b)
{
    choice_code x = *(const choice_code *)a, y = *(const choice_code *)b;
    return x < y ? -1 : x > y;
}

static choice_code *scratch(choice_dag *d, uint64_t n)
{
    if (n > d->scratch_cap) {
        d->scratch_cap = n > 2 * d->scratch_cap ? n : 2 * d->scratch_cap;
        d->scratch = xrealloc(d->scratch, xmul(d->scratch_cap, sizeof *d->scratch, "the choice trees"),
                              "the choice trees");
    }
    return d->scratch;
}

/* Sorts and drops duplicates in place; returns the count left. */
static int sort_unique(choice_code *a, int n)
{
    qsort(a, (size_t)n, sizeof *a, cmp_code);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || a[i] != a[m - 1])
            a[m++] = a[i];
    return m;
}

choice_code choice_node(choice_dag *d, int chooser, const choice_code *alts, int n)
{
    if (n < 1 || chooser < 1 || chooser > d->players)
        die("internal error: player %d of %d chooses between %d outcomes", chooser, d->players, n);
    choice_code *a = xmalloc(xmul((size_t)n, sizeof *a, "the choice trees"), "the choice trees");
    for (int i = 0; i < n; i++) {
        at(d, alts[i]);
        a[i] = alts[i];
    }
    int m = sort_unique(a, n);
    choice_code c = m == 1 ? a[0] : intern(d, 0, chooser, a, (uint32_t)m);
    free(a);
    return c;
}

/* ---- shifting and combining ---- */

static int next_player(const choice_dag *d, int p)
{
    return p == d->players ? 1 : p + 1;
}

/* The shifted tree of one code whose outcomes are all shifted already. */
static choice_code shift_one(choice_dag *d, choice_code x)
{
    const node nx = d->nodes[x];
    if (nx.leaf)
        return choice_leaf(d, next_player(d, nx.who));
    choice_code *a = xmalloc(xmul(nx.n, sizeof *a, "the choice trees"), "the choice trees");
    for (uint32_t i = 0; i < nx.n; i++)
        a[i] = d->nodes[d->pool[nx.first + i]].shifted;
    choice_code s = choice_node(d, next_player(d, nx.who), a, (int)nx.n);
    free(a);
    return s;
}

choice_code choice_shift(choice_dag *d, choice_code c)
{
    at(d, c);
    /* Depth first with a stack of its own (trees nest deeply): a code is
     * shifted once all its outcomes are. */
    uint64_t top = 0;
    choice_code *stack = scratch(d, 16);
    stack[top++] = c;
    while (top) {
        choice_code x = d->scratch[top - 1];
        if (d->nodes[x].shifted != NO_CODE) {
            top--;
            continue;
        }
        bool ready = true;
        for (uint32_t i = 0; i < d->nodes[x].n; i++) {
            choice_code a = d->pool[d->nodes[x].first + i];
            if (d->nodes[a].shifted == NO_CODE) {
                scratch(d, top + 1)[top] = a;
                top++;
                ready = false;
            }
        }
        if (!ready)
            continue;
        /* choice_leaf and choice_node may move d->nodes: index again. */
        choice_code s = shift_one(d, x);
        d->nodes[x].shifted = s;
        top--;
    }
    return d->nodes[c].shifted;
}

choice_code choice_combine(choice_dag *d, choice_rule rule, const choice_code *shifted, int k)
{
    if (k < 1)
        die("internal error: a choice between no outcomes");
    choice_code win = choice_leaf(d, 1);
    choice_code *a = scratch(d, (uint64_t)k);
    int n = 0;
    for (int i = 0; i < k; i++) {
        at(d, shifted[i]);
        if (shifted[i] == win)
            return win;
        a[n++] = shifted[i];
    }
    /* The outcomes in which the mover may still win, if any. */
    int m = 0;
    for (int i = 0; i < n; i++)
        if (d->nodes[a[i]].winners & 1u)
            a[m++] = a[i];
    if (m == 0)
        m = n;
    if (rule == CHOICE_BEST_CHANCE && m > 1 && (d->nodes[a[0]].winners & 1u)) {
        mpq_t best, q;
        mpq_inits(best, q, NULL);
        choice_chance(d, a[0], 1, best);
        for (int i = 1; i < m; i++) {
            choice_chance(d, a[i], 1, q);
            if (mpq_cmp(q, best) > 0)
                mpq_set(best, q);
        }
        int kept = 0;
        for (int i = 0; i < m; i++) {
            choice_chance(d, a[i], 1, q);
            if (mpq_equal(q, best))
                a[kept++] = a[i];
        }
        m = kept;
        mpq_clears(best, q, NULL);
    }
    /* choice_node copies the outcomes before it may grow the scratch. */
    return choice_node(d, 1, a, m);
}

/* ---- reading ---- */

bool choice_is_leaf(const choice_dag *d, choice_code c)
{
    return at(d, c)->leaf;
}

int choice_who(const choice_dag *d, choice_code c)
{
    return at(d, c)->who;
}

int choice_count(const choice_dag *d, choice_code c)
{
    return (int)at(d, c)->n;
}

choice_code choice_alt(const choice_dag *d, choice_code c, int i)
{
    const node *x = at(d, c);
    if (i < 0 || (uint32_t)i >= x->n)
        die("internal error: outcome %d of a choice between %u", i, x->n);
    return d->pool[x->first + (uint64_t)i];
}

uint32_t choice_winners(const choice_dag *d, choice_code c)
{
    return at(d, c)->winners;
}

int choice_depth(const choice_dag *d, choice_code c)
{
    return (int)at(d, c)->depth;
}

uint64_t choice_leaves(const choice_dag *d, choice_code c)
{
    return at(d, c)->leaves;
}

void choice_chance(choice_dag *d, choice_code c, int p, mpq_t out)
{
    at(d, c);
    if (p < 1 || p > d->players)
        die("internal error: the chance of player %d of %d", p, d->players);
    int np = d->players;
    /* Chances of every code up to c, in code order (outcomes first). */
    if (c >= d->nchance) {
        if (d->count > d->chance_cap) {
            d->chance_cap = d->count > 2 * d->chance_cap ? d->count : 2 * d->chance_cap;
            d->chance = xrealloc(d->chance, xmul(xmul(d->chance_cap, (size_t)np, "the choice trees"), sizeof(mpq_t),
                                                 "the choice trees"),
                                 "the choice trees");
        }
        for (uint64_t x = d->nchance; x <= c; x++) {
            const node *nx = &d->nodes[x];
            for (int q = 0; q < np; q++) {
                mpq_ptr v = d->chance[x * (uint64_t)np + (uint64_t)q];
                mpq_init(v);
                if (nx->leaf) {
                    mpq_set_ui(v, nx->who == q + 1, 1);
                    continue;
                }
                for (uint32_t i = 0; i < nx->n; i++)
                    mpq_add(v, v, d->chance[(uint64_t)d->pool[nx->first + i] * (uint64_t)np + (uint64_t)q]);
                mpz_mul_ui(mpq_denref(v), mpq_denref(v), nx->n);
                mpq_canonicalize(v);
            }
        }
        d->nchance = (uint64_t)c + 1;
    }
    mpq_set(out, d->chance[(uint64_t)c * (uint64_t)np + (uint64_t)(p - 1)]);
}

/* ---- text ---- */

/* A growing string. */
typedef struct {
    char *s;
    size_t len, cap;
} text;

static void dag_put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void dag_put(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        die("internal error: a text of a tree");
    if (t->len + (size_t)n + 1 > t->cap) {
        t->cap = (t->len + (size_t)n + 1) * 2;
        t->s = xrealloc(t->s, t->cap, "the text of a tree");
    }
    va_start(ap, fmt);
    vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The tree written out (bounded by the caller through its leaf count). */
static char *full_text(const choice_dag *d, choice_code c)
{
    const node *x = at(d, c);
    text t = {0};
    if (x->leaf) {
        dag_put(&t, "%d", x->who);
        return t.s;
    }
    char **alt = xmalloc(xmul(x->n, sizeof *alt, "the text of a tree"), "the text of a tree");
    bool composite = false;
    for (uint32_t i = 0; i < x->n; i++) {
        choice_code a = d->pool[x->first + i];
        alt[i] = full_text(d, a);
        composite = composite || !d->nodes[a].leaf;
    }
    qsort(alt, x->n, sizeof *alt, cmp_text);
    dag_put(&t, "P%d: ", x->who);
    for (uint32_t i = 0; i < x->n; i++) {
        bool leaf = strchr(alt[i], ':') == NULL;
        dag_put(&t, "%s%s%s%s", i ? (composite ? " / " : "/") : "", leaf ? "" : "(", alt[i], leaf ? "" : ")");
        free(alt[i]);
    }
    free(alt);
    return t.s;
}

char *choice_text(const choice_dag *d, choice_code c, uint64_t max_leaves)
{
    if (at(d, c)->leaves > max_leaves)
        return NULL;
    return full_text(d, c);
}

/* The names of choice_dag_text: a structural key of every node below the
 * top (its player and its outcomes' keys, in a fixed order), so that the
 * same tree gets the same names whatever codes the table gave its nodes
 * (the codes follow the order positions were swept in: (0,5,5) and (5,5)
 * differ there, not in their trees). */
typedef struct {
    const choice_dag *d;
    uint64_t *key;      /* per code below the top: its structural key */
    uint32_t *name;     /* per code: its name Tn, 0 when not named yet */
    uint32_t named;
    text *t;
} dag_names;

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}

/* Whether outcome a is written before b: leaves first, by player, then
 * the others by key (ties, which only a collision of keys could make, by
 * code). */
static bool outcome_before(const dag_names *g, choice_code a, choice_code b)
{
    const node *x = &g->d->nodes[a], *y = &g->d->nodes[b];
    if (x->leaf != y->leaf)
        return x->leaf;
    if (x->leaf)
        return x->who < y->who;
    if (g->key[a] != g->key[b])
        return g->key[a] < g->key[b];
    return a < b;
}

/* The outcomes of node x in that order (an insertion sort: a node has few). */
static choice_code *ordered_outcomes(const dag_names *g, const node *x)
{
    choice_code *alt = xmalloc(xmul(x->n, sizeof *alt, "the text of a tree"), "the text of a tree");
    memcpy(alt, g->d->pool + x->first, x->n * sizeof *alt);
    for (uint32_t i = 1; i < x->n; i++)
        for (uint32_t j = i; j > 0 && outcome_before(g, alt[j], alt[j - 1]); j--) {
            choice_code k = alt[j];
            alt[j] = alt[j - 1];
            alt[j - 1] = k;
        }
    return alt;
}

/* Names every node below x, outcomes before the node (so every name is
 * defined before it is used), then writes x's definition. */
static void name_below(dag_names *g, choice_code c)
{
    const node *x = &g->d->nodes[c];
    if (x->leaf || g->name[c])
        return;
    choice_code *alt = ordered_outcomes(g, x);
    for (uint32_t i = 0; i < x->n; i++)
        name_below(g, alt[i]);
    g->name[c] = ++g->named;
    dag_put(g->t, "T%u = P%d: ", g->name[c], x->who);
    for (uint32_t i = 0; i < x->n; i++) {
        const node *a = &g->d->nodes[alt[i]];
        if (a->leaf)
            dag_put(g->t, "%s%d", i ? " / " : "", a->who);
        else
            dag_put(g->t, "%sT%u", i ? " / " : "", g->name[alt[i]]);
    }
    dag_put(g->t, "; ");
    free(alt);
}

char *choice_dag_text(const choice_dag *d, choice_code c)
{
    const node *top = at(d, c);
    text t = {0};
    if (top->leaf) {
        dag_put(&t, "%d", top->who);
        return t.s;
    }
    /* Keys going up (an outcome's code is below its node's): a leaf's from
     * its player, a node's from its player and its outcomes' keys sorted. */
    dag_names g = {.d = d, .t = &t};
    g.key = xcalloc((size_t)c + 1, sizeof *g.key, "the text of a tree");
    g.name = xcalloc((size_t)c + 1, sizeof *g.name, "the text of a tree");
    for (uint64_t x = 0; x <= c; x++) {
        const node *nx = &d->nodes[x];
        uint64_t h = mix(nx->leaf ? 1 : 2, nx->who);
        if (!nx->leaf) {
            uint64_t *keys = xmalloc(xmul(nx->n, sizeof *keys, "the text of a tree"), "the text of a tree");
            for (uint32_t i = 0; i < nx->n; i++)
                keys[i] = g.key[d->pool[nx->first + i]];
            /* Sorted: the outcomes are a set, their codes' order is not. */
            for (uint32_t i = 1; i < nx->n; i++)
                for (uint32_t j = i; j > 0 && keys[j - 1] > keys[j]; j--) {
                    uint64_t k = keys[j];
                    keys[j] = keys[j - 1];
                    keys[j - 1] = k;
                }
            for (uint32_t i = 0; i < nx->n; i++)
                h = mix(h, keys[i]);
            free(keys);
        }
        g.key[x] = h;
    }
    name_below(&g, c);
    dag_put(&t, "value T%u", g.name[c]);
    free(g.key);
    free(g.name);
    return t.s;
}
