/*
 * os_figures.c -- Scoring Nim's closed forms and figures, as the paper
 * registry (proofs/registry.c) hands them to `plot --overlay` and to
 * report.html: Definition 6.2's F_k and Theorem 6.3's form of a position,
 * which are the very functions the claims check (os_forms.h), and the
 * payoff curves of the paper's Figures 2-6, each over the paper's own
 * window of N with the paper's overlays (as `make figures` draws them).
 */
#include "proofs/oginuma_shinoda/os_forms.h"

/* F_k is one function of N whatever the position. */
static bool form_F(int k, const int *piles, int n, int64_t M, int64_t den, int64_t *out)
{
    (void)piles;
    (void)n;
    *out = os_F_scaled(k, M, den);
    return true;
}

static bool form_thm63(int k, const int *piles, int n, int64_t M, int64_t den, int64_t *out)
{
    (void)k;
    return os_thm63_scaled(piles, n, M, den, out);
}

enum { FORM_F, FORM_THM63 };

const paper_form os_forms[] = {
    [FORM_F] = {.name = "F", .takes_k = true, .legend = "F_%d(N) (Definition 6.2)", .column = "F_%d(N)",
                .key = "F_%d(N)", .value = form_F},
    [FORM_THM63] = {.name = "thm-6.3", .legend = "Theorem 6.3 closed form (os/thm-6.3)", .column = "Theorem-6.3",
                    .key = "Theorem 6.3", .bold = true,
                    .where = "(2k+1,2k,1), (x,2k,1) and (x,2k+1,1) with x >= 2k+2", .value = form_thm63},
    {.name = NULL},
};

/* The paper draws max{F_3(N), -4+|N|} bold in Figure 4: Theorem 6.3's form. */
const paper_figure os_figures[] = {
    {.piles = {5, 4, 2}, .n = 3, .id = "f-5-4-2", .title = "Figure 2: f_N(5,4,2)", .lo = -14, .hi = 14},
    {.piles = {7, 6, 1}, .n = 3, .id = "f-7-6-1",
     .title = "Figure 3: F_3(N) = f_N(7,6,1), with F_3 (Definition 6.2, dashed)", .lo = -9, .hi = 9,
     .overlay = {{FORM_F, 3}}, .noverlays = 1},
    {.piles = {8, 7, 1}, .n = 3, .id = "f-8-7-1",
     .title = "Figure 4: f_N(8,7,1), with F_3 (dashed) and Theorem 6.3's max{F_3(N), -4+|N|} (bold)", .lo = -10,
     .hi = 10, .overlay = {{FORM_F, 3}, {FORM_THM63, 0}}, .noverlays = 2},
    {.piles = {6, 4, 1}, .n = 3, .id = "f-6-4-1",
     .title = "Figure 5: f_N(6,4,1), with Theorem 6.3's closed form (bold): minima at N = +-4", .lo = -8, .hi = 8,
     .overlay = {{FORM_THM63, 0}}, .noverlays = 1},
    {.piles = {5, 4, 3}, .n = 3, .id = "f-5-4-3", .title = "Figure 6: f_N(5,4,3)", .lo = -15, .hi = 15},
    {.id = NULL},
};
