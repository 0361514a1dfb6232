/*
 * st_checks.h -- the Stewart checks with their statements as parameters,
 * so that tests can feed them wrong statements and see them fail.  The
 * registered claims (st_basics.c, st_conjectures.c) call these with the
 * paper's statements.
 */
#ifndef ST_CHECKS_H
#define ST_CHECKS_H

#include "core/games/scoring_octal/octal.h"
#include "core/games/scoring_octal/octal_family.h"
#include "proofs/claim.h"

/* Compares G_s(0..n-1) of g with printed[] (whole numbers). */
void st_expect_values(claim_report *r, int part, const og_rules *g, const char *name, const int *printed, int n);

/* The text after Table 1: G(13) = 4 - G(9) = 3 > 5 - G(8), from the two
 * moves' scores take4 = 4 - G(9), take5 = 5 - G(8) and g13 = G(13). */
bool st_table1_take4_wins(int64_t take4, int64_t take5, int64_t g13);

/* Lemma 33 over every subtraction set with max K' <= K, n <= rows, with
 * the stated values of G_s(s + 2ik) and G_s(s + (2i-1)k) as functions. */
typedef int (*st_lemma_value)(int s, int k);
void st_lemma33_sets(claim_report *r, int K, int rows, st_lemma_value even, st_lemma_value odd);

/* Theorem 32 on its spread of games; right_sign = -1 is the paper's
 * G_s = -n_F^SR. */
void st_thm32_games(claim_report *r, int right_sign);

typedef enum { READ_EVENTUAL, READ_LITERAL } st_reading;

typedef struct st_family st_family;
typedef struct st_verdict st_verdict;

/* One conjecture's family of games, as a record: which games (numbered
 * 0 .. count-1 for each largest take k, in a fixed order), how game idx is
 * built, and how the statement judges an analysed game. */
typedef struct {
    const char *name;      /* "Conjecture 34"                              */
    const char *id;        /* "conj-34": the family as a certificate names it */
    uint64_t (*count)(const st_family *f, int k);
    /* Game idx of largest take k into j (its inputs); false when that
     * number is no game of the family (it is skipped). */
    bool (*build)(const st_family *f, int k, uint64_t idx, og_job *j);
    /* The statement on one analysed game (the reading is f->how). */
    void (*judge)(const st_family *f, const og_job *j, st_verdict *v);
    bool breaking;         /* its games break heaps (for the memory bound) */
    bool second_heap;      /* it has a second heap m                       */
    /* NULL, or which of its games rest on a rule the paper does not
     * define, and that rule (a finding of every run of the family). */
    const char *convention;
} st_family_def;

/* Conjectures 34-37 (st_conjectures.c). */
extern const st_family_def st_conj34, st_conj35, st_conj36, st_conj37;

struct st_family {
    const st_family_def *def;
    st_reading how;
    int K, KP, M, rows;
    uint64_t max_positions; /* 37: positions a game may memoise (0: any) */
    int break_window;  /* tests only: certify from windows one row short,
                          a broken certificate the recheck must catch   */
    bool keyed_store;  /* 37: the keyed memo always (the reference the
                          tests and benchmarks compare the ranked store
                          with; og_job.keyed_store)                     */
    int fixed_T;       /* > 0: state "G(n+T +_l m) = G(n +_l m)" with this
                          T instead of the conjecture's own statement   */
    char only[OG_NAME_MAX]; /* conj --game: the games of this code alone
                               (its name as og_name writes it; "": all) */
};

void st_run_family(const st_family *f, const claim_ctx *ctx, claim_report *r);

#endif
