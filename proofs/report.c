/*
 * report.c -- the report a claim's check fills, and the verdict rules.
 * Every text is copied in whole; every list grows (or the run stops for
 * want of memory): nothing is cut short or dropped silently.
 */
#include <nettle/sha2.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/sweep.h"
#include "core/engine/xalloc.h"
#include "proofs/claim.h"

int claim_report_init(claim_report *r, const claim_def *c, const value_table *t)
{
    memset(r, 0, sizeof *r);
    r->claim_id = c->id;
    r->table = t;
    while (r->nparts < CLAIM_MAX_PARTS && c->parts[r->nparts])
        r->nparts++;
    r->readings = c->readings;
    /* Twice the kept number: a Scoring Nim claim collects up to that many
     * before it settles on the first ones. */
    r->keep = CLAIM_KEEP_MISMATCHES;
    r->kept_cap = t ? 2 * CLAIM_KEEP_MISMATCHES : CLAIM_KEEP_MISMATCHES;
    r->kept = xcalloc((size_t)r->kept_cap, sizeof *r->kept, "the mismatch list of a claim");
    r->last = -1;
    return 0;
}

void claim_report_keep(claim_report *r, uint64_t keep)
{
    r->keep = keep;
}

void claim_report_reserve(claim_report *r, int n)
{
    if (n <= r->kept_cap)
        return;
    r->kept = xrealloc(r->kept, (size_t)n * sizeof *r->kept, "the mismatch list of a claim");
    r->kept_cap = n;
}

/* Room for one more kept mismatch: the list grows up to twice `keep`
 * with a table (a Scoring Nim claim then settles on the first `keep` in
 * its order) or to `keep` without one (the first found are kept).
 * False when a mismatch found now is only counted. */
static bool make_room(claim_report *r)
{
    /* The limit first: the list may have room beyond it (allocated before
     * --max-mismatches lowered it). */
    uint64_t limit = r->table ? 2 * r->keep : r->keep;
    if ((uint64_t)r->nkept >= limit) {
        if (!r->table)
            return false;
        claim_report_settle(r);
        return (uint64_t)r->nkept < limit && r->nkept < r->kept_cap;
    }
    if (r->nkept < r->kept_cap)
        return true;
    /* An int counts them: more than that many in memory is refused in
     * words rather than wrapped. */
    if (r->kept_cap > INT_MAX / 2)
        die("more than %d mismatches of one claim to keep in memory; use --max-mismatches N", INT_MAX / 2);
    uint64_t cap = 2 * (uint64_t)r->kept_cap;
    r->kept_cap = (int)(cap < limit ? cap : limit);
    r->kept = xrealloc(r->kept, (size_t)r->kept_cap * sizeof *r->kept, "the mismatch list of a claim");
    return true;
}

bool claim_mismatch_before(const claim_mismatch *a, const claim_mismatch *b)
{
    if (a->rank != b->rank)
        return a->rank < b->rank;
    if (a->has_lane != b->has_lane)
        return !a->has_lane;
    if (a->M != b->M)
        return a->M < b->M;
    if (a->part != b->part)
        return a->part < b->part;
    return a->seq < b->seq;
}

static int cmp_mismatch(const void *x, const void *y)
{
    const claim_mismatch *a = x, *b = y;
    return claim_mismatch_before(a, b) ? -1 : claim_mismatch_before(b, a) ? 1 : 0;
}

static void free_mismatch(claim_mismatch *m)
{
    free(m->where);
    free(m->note);
    free(m->expected);
    free(m->actual);
    free(m->evidence);
    free(m->command);
    free(m->shows);
}

void claim_report_settle(claim_report *r)
{
    if (!r->table)
        return;
    qsort(r->kept, (size_t)r->nkept, sizeof *r->kept, cmp_mismatch);
    while ((uint64_t)r->nkept > r->keep)
        free_mismatch(&r->kept[--r->nkept]);
    if ((uint64_t)r->nkept == r->keep && r->nkept > 0) {
        r->horizon_set = true;
        r->horizon = r->kept[r->nkept - 1];
        r->horizon.where = r->horizon.note = r->horizon.expected = r->horizon.actual = NULL;
        r->horizon.evidence = r->horizon.command = r->horizon.shows = NULL;
    }
}

void claim_report_absorb(claim_report *dst, claim_report *src)
{
    for (int p = 0; p < dst->nparts && p < src->nparts; p++) {
        dst->cases[p] += src->cases[p];
        dst->mismatches[p] += src->mismatches[p];
        dst->explained[p] += src->explained[p];
        dst->undecided[p] += src->undecided[p];
    }
    for (int i = 0; i < src->nkept; i++) {
        if (!make_room(dst)) {
            free_mismatch(&src->kept[i]);
            continue;
        }
        dst->kept[dst->nkept] = src->kept[i];
        dst->kept[dst->nkept++].seq = dst->found++;
    }
    src->nkept = 0;
    src->last = dst->last = -1;
    for (int i = 0; i < src->nfindings; i++) {
        if (dst->nfindings == dst->findings_cap) {
            dst->findings_cap = dst->findings_cap ? 2 * dst->findings_cap : 16;
            dst->findings =
                xrealloc(dst->findings, (size_t)dst->findings_cap * sizeof *dst->findings, "the findings");
        }
        dst->findings[dst->nfindings++] = src->findings[i];
    }
    src->nfindings = 0;
    for (int i = 0; i < src->ncertificates; i++)
        claim_certificate_add(dst, src->certificates[i].name, src->certificates[i].text);
    dst->rechecked += src->rechecked;
}

static char *copy(const char *s)
{
    return s ? xstrdup(s, "a claim's text") : NULL;
}

void claim_report_free(claim_report *r)
{
    for (int i = 0; i < r->nkept; i++)
        free_mismatch(&r->kept[i]);
    for (int i = 0; i < r->nfindings; i++) {
        free(r->findings[i].key);
        free(r->findings[i].value);
    }
    for (int i = 0; i < 4 * r->nrows; i++)
        free(r->row_text[i]);
    for (int i = 0; i < r->nper_k; i++) {
        free(r->per_k[i].worst_game);
        free(r->per_k[i].worst_points);
        free(r->per_k[i].worst_sum);
    }
    for (int i = 0; i < r->ngrids; i++) {
        claim_grid *g = &r->grids[i];
        size_t cells = (size_t)g->rows * (size_t)g->cols;
        for (size_t k = 0; k < cells; k++) {
            free(g->printed[k]);
            free(g->computed[k]);
        }
        for (int k = 0; k < g->rows; k++)
            free(g->row_label[k]);
        for (int k = 0; k < g->cols; k++)
            free(g->col_label[k]);
        free(g->printed);
        free(g->computed);
        free(g->how);
        free(g->row_label);
        free(g->col_label);
        free(g->title);
    }
    free(r->grids);
    for (int i = 0; i < r->nseries; i++) {
        claim_series *sr = &r->series[i];
        for (uint64_t k = 0; k < sr->nrows; k++)
            free(sr->rows[k]);
        free(sr->rows);
        free(sr->name);
        free(sr->title);
        free(sr->columns);
    }
    free(r->series);
    for (int i = 0; i < r->ncertificates; i++) {
        free(r->certificates[i].name);
        free(r->certificates[i].text);
    }
    free(r->certificates);
    free(r->kept);
    free(r->findings);
    free(r->rows);
    free(r->row_text);
    free(r->per_k);
    memset(r, 0, sizeof *r);
}

void claim_game_emit(claim_report *r, const claim_row_sink *sink, const claim_game_row *row)
{
    if (sink) {
        sink->row(sink->ctx, row);
        r->rows_streamed++;
        return;
    }
    if (r->nrows == r->rows_cap) {
        r->rows_cap = r->rows_cap ? 2 * r->rows_cap : 256;
        r->rows = xrealloc(r->rows, xmul((size_t)r->rows_cap, sizeof *r->rows, "the rows of games.csv"),
                              "the rows of games.csv");
        r->row_text = xrealloc(r->row_text, xmul((size_t)r->rows_cap * 4, sizeof *r->row_text, "the rows of games.csv"),
                                  "the rows of games.csv");
    }
    char **text = r->row_text + 4 * (size_t)r->nrows;
    text[0] = copy(row->game);
    text[1] = copy(row->points);
    text[2] = copy(row->sum);
    text[3] = copy(row->note);
    claim_game_row *kept = &r->rows[r->nrows++];
    *kept = *row;
    kept->game = text[0];
    kept->points = text[1];
    kept->sum = text[2];
    kept->note = text[3];
}

void claim_certificate_add(claim_report *r, const char *name, const char *text)
{
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
            die("internal error: a certificate named '%s' (only a-z, 0-9 and '-')", name);
    for (int k = 0; k < r->ncertificates; k++)
        if (strcmp(r->certificates[k].name, name) == 0)
            die("internal error: two certificates named %s", name);
    r->certificates = xrealloc(r->certificates,
                               xmul((size_t)r->ncertificates + 1, sizeof *r->certificates, "a claim's certificates"),
                               "a claim's certificates");
    size_t len = strlen(text);
    r->certificates[r->ncertificates++] = (claim_certificate){copy(name), copy(text), len, len + 1};
}

static claim_certificate *certificate_named(claim_report *r, const char *name)
{
    for (int k = 0; k < r->ncertificates; k++)
        if (strcmp(r->certificates[k].name, name) == 0)
            return &r->certificates[k];
    return NULL;
}

void claim_certificate_append(claim_report *r, const char *name, const char *text)
{
    claim_certificate *c = certificate_named(r, name);
    if (!c) {
        claim_certificate_add(r, name, "");
        c = &r->certificates[r->ncertificates - 1];
    }
    size_t add = strlen(text);
    if (c->len + add + 1 > c->cap) {
        /* Twice the room (amortised: a family appends a line a game). */
        size_t cap = c->cap * 2 > c->len + add + 1 ? c->cap * 2 : c->len + add + 1;
        c->text = xrealloc(c->text, cap, "a certificate");
        c->cap = cap;
    }
    memcpy(c->text + c->len, text, add + 1);
    c->len += add;
}

void claim_certificate_finish(claim_report *r, const char *name, bool keep, const char *head, const char *tail)
{
    claim_certificate *c = certificate_named(r, name);
    if (!c)
        return;
    if (keep) {
        char *text = claim_printf("%s%s%s", head, c->text, tail);
        free(c->text);
        c->text = text;
        c->len = strlen(text);
        c->cap = c->len + 1;
        return;
    }
    free(c->name);
    free(c->text);
    int at = (int)(c - r->certificates);
    memmove(c, c + 1, sizeof *c * (size_t)(r->ncertificates - at - 1));
    r->ncertificates--;
}

int claim_series_new(claim_report *r, const char *name, const char *title, const char *columns)
{
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
            die("internal error: a series named '%s' (only a-z, 0-9 and '-')", name);
    r->series = xrealloc(r->series, xmul((size_t)r->nseries + 1, sizeof *r->series, "a claim's series"),
                         "a claim's series");
    claim_series *sr = &r->series[r->nseries];
    memset(sr, 0, sizeof *sr);
    sr->name = copy(name);
    sr->title = copy(title);
    sr->columns = copy(columns);
    return r->nseries++;
}

void claim_series_row(claim_report *r, int series, const char *fmt, ...)
{
    if (series < 0 || series >= r->nseries)
        die("internal error: series %d of %d", series, r->nseries);
    claim_series *sr = &r->series[series];
    if (sr->nrows == sr->cap) {
        sr->cap = sr->cap ? 2 * sr->cap : 64;
        sr->rows = xrealloc(sr->rows, xmul(sr->cap, sizeof *sr->rows, "a claim's series"), "a claim's series");
    }
    va_list ap;
    va_start(ap, fmt);
    sr->rows[sr->nrows++] = claim_vprintf(fmt, ap);
    va_end(ap);
}

int claim_grid_new(claim_report *r, int part, const char *title, int rows, int cols, char *const *row_label,
                   char *const *col_label)
{
    if (part < 0 || part >= r->nparts || rows < 0 || cols < 0)
        die("internal error: a grid of part %d, %d x %d", part, rows, cols);
    r->grids = xrealloc(r->grids, xmul((size_t)r->ngrids + 1, sizeof *r->grids, "a claim's grid"), "a claim's grid");
    claim_grid *g = &r->grids[r->ngrids];
    size_t cells = xmul((size_t)rows, (size_t)cols, "a claim's grid");
    g->part = part;
    g->title = copy(title);
    g->rows = rows;
    g->cols = cols;
    g->row_label = xcalloc((size_t)rows + 1, sizeof *g->row_label, "a claim's grid");
    g->col_label = xcalloc((size_t)cols + 1, sizeof *g->col_label, "a claim's grid");
    for (int i = 0; i < rows; i++)
        g->row_label[i] = copy(row_label[i]);
    for (int j = 0; j < cols; j++)
        g->col_label[j] = copy(col_label[j]);
    g->printed = xcalloc(cells + 1, sizeof *g->printed, "a claim's grid");
    g->computed = xcalloc(cells + 1, sizeof *g->computed, "a claim's grid");
    g->how = xcalloc(cells + 1, sizeof *g->how, "a claim's grid");
    return r->ngrids++;
}

void claim_grid_cell(claim_report *r, int grid, int i, int j, const char *printed, const char *computed,
                     ptable_class how)
{
    if (grid < 0 || grid >= r->ngrids)
        die("internal error: grid %d of %d", grid, r->ngrids);
    claim_grid *g = &r->grids[grid];
    if (i < 0 || i >= g->rows || j < 0 || j >= g->cols || how < 0 || how >= PT_NCLASSES)
        die("internal error: cell (%d, %d) of a %d x %d grid", i, j, g->rows, g->cols);
    size_t k = (size_t)i * (size_t)g->cols + (size_t)j;
    free(g->printed[k]);
    free(g->computed[k]);
    g->printed[k] = copy(printed);
    g->computed[k] = copy(computed);
    g->how[k] = (unsigned char)how;
}

void claim_progress(const claim_ctx *ctx, uint64_t done, uint64_t total, const char *unit)
{
    if (ctx && ctx->progress)
        ctx->progress(ctx->progress_arg, done, total, unit);
}

void claim_sweep(const claim_ctx *ctx, value_table *t)
{
    if (ctx && ctx->sweep)
        ctx->sweep(ctx->sweep_arg, t);
    else
        table_sweep(t, NULL);
}

claim_per_k *claim_per_k_at(claim_report *r, int k)
{
    for (int i = 0; i < r->nper_k; i++)
        if (r->per_k[i].k == k)
            return &r->per_k[i];
    r->per_k = xrealloc(r->per_k, (size_t)(r->nper_k + 1) * sizeof *r->per_k, "the per-k table");
    claim_per_k *line = &r->per_k[r->nper_k++];
    memset(line, 0, sizeof *line);
    line->k = k;
    line->worst_pre = -1;
    return line;
}

void claim_per_k_worst(claim_per_k *line, int pre, int m, int period, const char *game, const char *points,
                       const char *sum)
{
    free(line->worst_game);
    free(line->worst_points);
    free(line->worst_sum);
    line->worst_pre = pre;
    line->worst_m = m;
    line->worst_period = period;
    line->worst_game = copy(game);
    line->worst_points = copy(points);
    line->worst_sum = copy(sum);
}

bool claim_keeps_mismatch(const claim_report *r)
{
    return r->table || (uint64_t)r->nkept < r->keep;
}

bool claim_keeps_mismatch_at(const claim_report *r, int part, uint64_t rank, int M, bool has_lane)
{
    if (!r->table)
        return (uint64_t)r->nkept < r->keep;
    if (r->keep == 0)
        return false;
    if (!r->horizon_set)
        return true;
    /* Found now, it would come after everything with its key (its seq is
     * the largest yet): kept only when its key is strictly before. */
    claim_mismatch m = {.part = part, .rank = rank, .M = M, .has_lane = has_lane, .seq = 0};
    return claim_mismatch_before(&m, &r->horizon) && !(m.rank == r->horizon.rank && m.has_lane == r->horizon.has_lane &&
                                                       m.M == r->horizon.M && m.part == r->horizon.part);
}

/* A part the claim does not have is a claim's bug: it would count in
 * another part's place. */
static void check_part(const claim_report *r, int part)
{
    if (part < 0 || part >= r->nparts)
        die("internal error: a claim counts in part %d; it has %d", part, r->nparts);
}

void claim_mismatch_count(claim_report *r, int part)
{
    check_part(r, part);
    r->mismatches[part]++;
    r->found++;
}

void claim_mismatch_at(claim_report *r, int part, const char *where, const char *expected, const char *actual,
                       const char *note)
{
    claim_mismatch_text(r, part, 0, 0, false, expected, actual);
    if (r->last < 0)
        return;
    claim_mismatch *m = &r->kept[r->last];
    m->where = copy(where);
    m->note = copy(note ? note : "");
}

void claim_mismatch_grade(claim_report *r, claim_grade grade, const char *evidence)
{
    if (r->last < 0)
        return;
    claim_mismatch *m = &r->kept[r->last];
    m->grade = grade;
    free(m->evidence);
    m->evidence = copy(evidence);
}

void claim_mismatch_replay(claim_report *r, const char *command, const char *shows)
{
    if (r->last < 0)
        return;
    claim_mismatch *m = &r->kept[r->last];
    free(m->command);
    free(m->shows);
    m->command = copy(command);
    m->shows = copy(shows);
}

claim_grade claim_mismatch_grade_of(const claim_def *c, const claim_mismatch *m)
{
    if (m->grade != CLAIM_GRADE_NONE)
        return m->grade;
    return c->erratum.grade != CLAIM_GRADE_NONE ? c->erratum.grade : CLAIM_GRADE_CERTAIN;
}

const char *claim_grade_name(claim_grade g)
{
    static const char *const name[] = {"none", "certain", "probable", "wording"};
    return g >= CLAIM_GRADE_NONE && g <= CLAIM_GRADE_WORDING ? name[g] : "?";
}

void claim_mismatch_first(claim_report *r, int part, const char *where, const char *expected, const char *actual,
                          const char *note)
{
    int at = -1;
    for (int i = 0; i < r->nkept && at < 0; i++) {
        const claim_mismatch *m = &r->kept[i];
        if (m->part == part && m->where && strcmp(m->where, where) == 0 && strcmp(m->actual, actual) == 0)
            at = i;
    }
    claim_mismatch first;
    r->last = -1;
    if (at >= 0)
        first = r->kept[at];
    else {
        /* Not kept (found past the list's end): it takes the last one's
         * place, or a new one while the list has room. */
        if (r->nkept > 0 && (uint64_t)r->nkept >= r->keep)
            free_mismatch(&r->kept[--r->nkept]);
        else if (!make_room(r))
            return;
        first = (claim_mismatch){.part = part, .where = copy(where), .note = copy(note ? note : ""),
                                 .expected = copy(expected), .actual = copy(actual)};
        at = r->nkept++;
    }
    memmove(&r->kept[1], &r->kept[0], (size_t)at * sizeof *r->kept);
    r->kept[0] = first;
    r->last = 0;
}

claim_status claim_part_status(const claim_report *r, int part)
{
    if (r->mismatches[part] > 0)
        return CLAIM_FAILS;
    if (r->cases[part] == 0)
        return CLAIM_EMPTY;
    return r->explained[part] + r->undecided[part] > 0 ? CLAIM_GARBLED : CLAIM_HOLDS;
}

int claim_reading_that_holds(const claim_report *r)
{
    for (int p = 0; r->readings && p < r->nparts; p++)
        if (claim_part_status(r, p) == CLAIM_HOLDS)
            return p;
    return -1;
}

bool claim_undecidable(const claim_report *r)
{
    for (int f = 0; f < r->nfindings; f++)
        if (strcmp(r->findings[f].key, CLAIM_FINDING_UNDECIDABLE) == 0)
            return true;
    return false;
}

const char *claim_truth_text(claim_truth t)
{
    switch (t) {
    case CLAIM_WHOLE:
        return "a finite statement, checked whole";
    case CLAIM_WHOLE_PER_K:
        return "a finite statement for each k (the positions it names), checked whole for each k of the domain; "
               "a larger k is not checked";
    case CLAIM_EVERY_SIZE:
        return "proved for every pile size by a certificate of the values' period (or, where its finding says, the "
               "thesis' own strategy checked on the game's moves), per k where the game has a k: CERTIFIED when it "
               "holds, a counterexample when not, UNDECIDED for a k without a proof";
    case CLAIM_PARTLY_EVERY_SIZE:
        return "proved for every pile size where its finding says (per k or per game, by a certificate), swept to a "
               "bound elsewhere";
    case CLAIM_PER_GAME:
        return "a family of games: each game's period certified by a repeat of its rows, or only observed";
    case CLAIM_EVERY_SIZE_BY_SHIFT:
        return "proved for every pile size: the sizes checked, and the moves from every larger size compared with "
               "those of one checked, which by the move bound they equal (the argument in docs/claims.md): "
               "CERTIFIED when they agree, the check's verdict when they do not";
    case CLAIM_EVERY_POSITION:
        return "proved for every position of any number of piles of any size, per game, by local properties "
               "checked on every pile (by their period) and an induction written out in docs/claims.md: CERTIFIED "
               "when it goes through, the sweep's verdict when it does not";
    case CLAIM_BY_THEOREM:
        return "proved for every size by a theorem its finding names, with why the theorem applies to this game, "
               "and checked on the domain besides: CERTIFIED when the check agrees, its verdict when it does not";
    default:
        return "swept to a bound: true on the domain checked, not proved beyond it";
    }
}

const char *claim_truth_short(claim_truth t)
{
    switch (t) {
    case CLAIM_WHOLE:
        return "checked whole";
    case CLAIM_WHOLE_PER_K:
        return "checked whole per k";
    case CLAIM_EVERY_SIZE:
        return "proved for every size";
    case CLAIM_PARTLY_EVERY_SIZE:
        return "partly proved for every size";
    case CLAIM_PER_GAME:
        return "certified or observed per game";
    case CLAIM_EVERY_SIZE_BY_SHIFT:
        return "proved for every size by the move bound";
    case CLAIM_EVERY_POSITION:
        return "proved for every position";
    case CLAIM_BY_THEOREM:
        return "proved for every size by a theorem";
    default:
        return "swept to a bound";
    }
}

claim_status claim_verdict(const claim_report *r)
{
    if (r->readings && r->nparts > 0) {
        if (claim_reading_that_holds(r) >= 0)
            return r->has_family_status ? r->family_status : CLAIM_HOLDS;
        for (int p = 0; p < r->nparts; p++)
            if (claim_part_status(r, p) == CLAIM_FAILS)
                return CLAIM_FAILS;
        for (int p = 0; p < r->nparts; p++)
            if (claim_part_status(r, p) == CLAIM_GARBLED)
                return CLAIM_GARBLED;
        return CLAIM_EMPTY;
    }
    bool empty = r->nparts == 0, garbled = false;
    for (int p = 0; p < r->nparts; p++) {
        claim_status s = claim_part_status(r, p);
        if (s == CLAIM_FAILS)
            return CLAIM_FAILS;
        empty |= s == CLAIM_EMPTY;
        garbled |= s == CLAIM_GARBLED;
    }
    if (empty)
        return CLAIM_EMPTY;
    if (garbled)
        return CLAIM_GARBLED;
    return r->has_family_status ? r->family_status : CLAIM_HOLDS;
}

void claim_not_refuted(claim_report *r, int part, uint64_t explained, uint64_t undecided)
{
    check_part(r, part);
    r->explained[part] += explained;
    r->undecided[part] += undecided;
}

void claim_set_family_status(claim_report *r, claim_status s)
{
    r->has_family_status = true;
    r->family_status = s;
}

const char *claim_status_name(claim_status s)
{
    switch (s) {
    case CLAIM_HOLDS:
        return "HOLDS";
    case CLAIM_FAILS:
        return "FAILS";
    case CLAIM_CERTIFIED:
        return "CERTIFIED";
    case CLAIM_OBSERVED:
        return "OBSERVED";
    case CLAIM_UNDECIDED:
        return "UNDECIDED";
    case CLAIM_GARBLED:
        return "GARBLED";
    default:
        return "EMPTY";
    }
}

void claim_cases(claim_report *r, int part, uint64_t n)
{
    check_part(r, part);
    r->cases[part] += n;
}

void claim_format_half(int64_t twice, char *buf, int len)
{
    /* As `value` writes N and f: "3", "7/2", "-1/2". */
    if (twice % 2 == 0)
        snprintf(buf, (size_t)len, "%lld", (long long)(twice / 2));
    else
        snprintf(buf, (size_t)len, "%lld/2", (long long)twice);
}

void claim_format_half_decimal(int64_t twice, char *buf, int len)
{
    int64_t whole = twice / 2;
    if (twice % 2 == 0)
        snprintf(buf, (size_t)len, "%lld", (long long)whole);
    else if (twice < 0)
        snprintf(buf, (size_t)len, "-%lld.5", (long long)(-twice / 2));
    else
        snprintf(buf, (size_t)len, "%lld.5", (long long)whole);
}

void claim_mismatch_text(claim_report *r, int part, uint64_t rank, int M, bool has_lane,
                         const char *expected, const char *actual)
{
    if (r->table && !claim_keeps_mismatch_at(r, part, rank, M, has_lane)) {
        claim_mismatch_count(r, part);
        r->last = -1;
        return;
    }
    r->mismatches[part]++;
    uint64_t seq = r->found++;
    r->last = -1;
    if (!make_room(r))
        return;
    claim_mismatch *m = &r->kept[r->nkept++];
    *m = (claim_mismatch){.seq = seq, .part = part, .rank = rank, .M = M, .has_lane = has_lane};
    m->expected = copy(expected);
    m->actual = copy(actual);
    r->last = r->nkept - 1;
}

void claim_mismatch_values(claim_report *r, int part, uint64_t rank, int M, int64_t expected2,
                           int64_t actual2)
{
    char e[32], a[32];
    claim_format_half(expected2, e, sizeof e);
    claim_format_half(actual2, a, sizeof a);
    claim_mismatch_text(r, part, rank, M, true, e, a);
}

char *claim_vprintf(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *s = xmalloc((size_t)n + 1, "a claim's text");
    vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return s;
}

void claim_probability64(const value_table *t, uint64_t rank, int64_t *num, int64_t *den)
{
    if (!table_probability(t, rank, num, den)) {
        char *pos = table_position_text(t, rank);
        die("the exact value of %s needs more than 64 bits, which this claim's check reads as 64-bit integers", pos);
    }
}

char *claim_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = claim_vprintf(fmt, ap);
    va_end(ap);
    return s;
}

void claim_text_open(claim_text *t)
{
    t->text = NULL;
    t->len = 0;
    t->f = open_memstream(&t->text, &t->len);
    if (!t->f)
        die("out of memory writing a certificate");
}

void claim_text_add(claim_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vfprintf(t->f, fmt, ap);
    va_end(ap);
    if (rc < 0)
        die("out of memory writing a certificate");
}

char *claim_text_close(claim_text *t)
{
    /* open_memstream sets the text's pointer at the close. */
    if (fclose(t->f) != 0)
        die("out of memory writing a certificate");
    t->f = NULL;
    return t->text;
}

void claim_sha256_hex(const char *text, char hex[65])
{
    uint8_t d[SHA256_DIGEST_SIZE];
    struct sha256_ctx sha;
    sha256_init(&sha);
    sha256_update(&sha, strlen(text), (const uint8_t *)text);
    sha256_digest(&sha, sizeof d, d);
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
        snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

void claim_suggest_next(claim_report *r, const claim_sizes *next, double factor)
{
    r->next = *next;
    r->has_next = true;
    r->next_factor = factor;
}

void claim_finding_add(claim_report *r, const char *key, const char *fmt, ...)
{
    if (r->nfindings == r->findings_cap) {
        r->findings_cap = r->findings_cap ? 2 * r->findings_cap : 16;
        r->findings = xrealloc(r->findings, (size_t)r->findings_cap * sizeof *r->findings, "the findings");
    }
    claim_finding *f = &r->findings[r->nfindings++];
    f->key = copy(key);
    va_list ap;
    va_start(ap, fmt);
    f->value = claim_vprintf(fmt, ap);
    va_end(ap);
}
