/*
 * rn_tables.h -- what the claims on Huibers' thesis (Strategies for
 * Restricted Nim, 2018) share: its printed tables as data, the games its
 * statements speak of solved by the engine, and a cell-by-cell comparison.
 *
 * Each printed table is transcribed once, line by line as the extracted
 * text prints it, into proofs/huibers/tables/table-NN.tsv (its caption,
 * notes on what the text damaged or the thesis contradicts, then the
 * lines; the format: tables/README.md); the build embeds the files
 * (rn_table_text), so a claim reads no file.  A table is read against
 * the computed values as printed_table.h describes: a cell differs as an
 * erratum only where it is read cleanly; differences that damage to the
 * extracted text explains, and cells that cannot be decided, are counted
 * apart (GARBLED: not refuted).
 */
#ifndef RN_TABLES_H
#define RN_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/engine/table.h"
#include "core/games/registry.h"
#include "proofs/claim.h"
#include "proofs/printed_table.h"

/* The text of tables/<name>.tsv ("table-04"), or NULL (embedded by the
 * build, as every paper's data files are: proofs/paper_data.h). */
const char *rn_table_text(const char *name);

typedef ptable rn_grid;

/* Loads a table; a malformed file stops the run (an internal error: the
 * tests load every one). */
void rn_grid_load(rn_grid *g, const char *name);
void rn_grid_free(rn_grid *g);

/* A computed cell of row i, column j, written by a cell function into out
 * (every text starts empty):
 *   value    its text in the table's own symbols (RN_VALUE_MAX bytes);
 *   witness  what shows it (the winning moves, say; RN_WITNESS_MAX);
 *   command  the `verifier` command whose output shows the computed value
 *            (every option the game needs, the position as the game reads
 *            it; RN_COMMAND_MAX), and
 *   shows    a text that command's output holds, which states it (a test
 *            runs the command of every erratum of the default run and
 *            looks for it).
 * `printed` is the cell as printed where its line splits exactly at its
 * labels, else NULL: a cell function whose values a table may print in more
 * than one way (a decimal rounded, alternatives in another order) writes
 * the printed text as its value when it denotes the computed one.  Texts
 * go in with rn_append, which stops the run rather than cut one short. */
#define RN_VALUE_MAX 1024
#define RN_WITNESS_MAX 8192
#define RN_COMMAND_MAX 512
/* Winning moves a witness names before it counts the rest. */
#define RN_WITNESS_MOVES 12
typedef struct {
    char *value, *witness, *command, *shows;
} rn_cell_out;
typedef void (*rn_cell_fn)(void *ctx, const rn_grid *g, int i, int j, const char *printed, rn_cell_out *out);
/* rn_append into a cell's texts, each at its own size. */
#define RN_VALUE(out, ...) rn_append((out)->value, RN_VALUE_MAX, __VA_ARGS__)
#define RN_WITNESS(out, ...) rn_append((out)->witness, RN_WITNESS_MAX, __VA_ARGS__)
#define RN_COMMAND(out, ...) rn_append((out)->command, RN_COMMAND_MAX, __VA_ARGS__)
#define RN_SHOWS(out, ...) rn_append((out)->shows, RN_VALUE_MAX, __VA_ARGS__)

/* Reads every printed cell of g against fn's values (printed_table.h):
 * each cell read is a case; each erratum the reading grades (a cell, or a
 * printed symbol that fits no cell: certain or probable) a mismatch with
 * its grade, its evidence in one line, its witness, any note of the thesis
 * on the cell, and the command that shows the computed value; every other
 * difference (explained by the damage, or not convicted) and every
 * undecided cell is counted as not refuted; findings give the counts of
 * each and of each symbol, and the grid goes to the report (report.html
 * draws it).  Returns the errata. */
uint64_t rn_compare_grid(claim_report *r, int part, const rn_grid *g, rn_cell_fn fn, void *ctx);
/* The same, computing the cells column after column (a table whose
 * columns are one game each). */
uint64_t rn_compare_grid_by_column(claim_report *r, int part, const rn_grid *g, rn_cell_fn fn, void *ctx);

/* A table's twist (the wrong statement the tests feed its claim): the
 * first cell of its first line changed to a symbol of the table that line
 * does not print (else to "Z"), which no damage of the line can have put
 * there; a table with no line (Table 5) gets its first row printed with
 * "Z" in every cell. */
void rn_twist_grid(rn_grid *g);
/* Sets the printed text of cell (i, j), whose place in its line must be
 * certain (a twist that names its cell). */
void rn_set_cell(rn_grid *g, int i, int j, const char *text);

/* ---- games solved whole by the engine (on the caller's worker) ---- */

typedef struct {
    const game_entry *entry;
    game_desc *game;
    value_table table;
    char *options;    /* its options as `verifier value` takes them: " --max-move 7 ..." */
} rn_solved;

/* Builds `game` (core/games/registry.c) on `piles` piles of at most
 * `bound` with options given as name, value pairs ending in NULL, and
 * sweeps its table.  Anything refused stops the run (the claims' games
 * are fixed and small). */
void rn_solve(rn_solved *s, const char *game, int piles, int bound, const char *const *options);
void rn_solved_free(rn_solved *s);
/* A position of s's game as the game reads it back: every pile, the
 * empty ones too, largest first, then its restricted number ("(8,8,0)",
 * "(22,4)(1)"): a three-pile position stays three piles (free it). */
char *rn_position_text(const rn_solved *s, uint64_t rank);
/* The command that shows the value of these piles (every pile written,
 * the empty ones too, in the order given) with restricted number `tag`
 * (-1: every one, and the class over them) in s's game, and a text its
 * output holds, attached to the mismatch just recorded (nothing when it
 * was only counted). */
void rn_replay(claim_report *r, const rn_solved *s, const int *piles, int n, int tag, const char *shows);
/* The same for the class of these piles over every restricted number (P,
 * N, x; "1" for x = 1), normal or misere play: `value` prints it. */
void rn_replay_class(claim_report *r, const rn_solved *s, const int *piles, int n, bool misere);
/* The same for the position at `rank` of a game on piles with
 * Sprague-Grundy values (written as rn_position_text writes it), showing
 * its value and its restricted number. */
void rn_replay_rank(claim_report *r, const rn_solved *s, uint64_t rank);
/* The command alone, into out (len bytes; a command that does not fit
 * stops the run). */
void rn_replay_command(const rn_solved *s, const int *piles, int n, int tag, char *out, size_t len);

/* The rank of these piles with restricted number `tag` (0: none). */
uint64_t rn_rank(const rn_solved *s, const int *piles, int n, int tag);
/* The restricted numbers a position carries (1: none); games on piles
 * (pile_game.h) only. */
int rn_tags(const rn_solved *s);

/* restricted-nim --restriction per-pile: the rank of piles chips[i],
 * each with its own restricted number r[i] (the game's layout: slots
 * chips * (k+1) + r). */
uint64_t rn_rank_per_pile(const rn_solved *s, const int *chips, const int *r, int n, int k);

/* The children of the position at rank, as the game's own move
 * generator gives them (at most max: more stops the run), into out. */
int rn_children(const rn_solved *s, uint64_t rank, uint64_t *out, int max);
/* The chips on the first pile of the position at rank. */
int rn_first_pile(const rn_solved *s, uint64_t rank);

/* Whether the player to move wins at rank (normal or misere play). */
bool rn_wins(const rn_solved *s, uint64_t rank, bool misere);

/* How the player to move fares at these piles over every restricted
 * number 0..tags-1, as the thesis' tables write it (4.3, 6.1.3):
 *   "P"  loses whatever is restricted,  "N"  wins whatever is restricted,
 *   x    wins unless x is restricted (one: the table's symbol for x = 1),
 *   "X"  wins only when 1 is restricted ("Xx" for another x),
 *   "W{..}" wins exactly when one of those is restricted (0: nothing).
 * 'one' is the symbol of x = 1 ("." for an empty cell, "+"). */
void rn_outcome_code(const rn_solved *s, const int *piles, int n, bool misere, const char *one, char *out,
                     size_t len);
/* The moves that win from these piles with nothing restricted, as
 * "winning moves: to 9 (8); ..." (the first RN_WITNESS_MOVES, then how
 * many more; none: "no winning move"), appended to out. */
void rn_winning_moves(const rn_solved *s, const int *piles, int n, bool misere, char *out, size_t len);

/* ---- helpers of the claims on the thesis' games ---- */

/* Solves restricted Nim, the previous take restricted, on `piles` piles of
 * at most `bound` chips, moves of 1..k. */
void rn_solve_previous(rn_solved *s, int piles, int bound, int k);
/* Whether the moves of s (rn_solve_previous on two piles, moves of 1..k)
 * are the rule's at every position of piles up to `bound` and every
 * restricted number: from (a, b) with t restricted, every take d of 1..k
 * chips (at most the pile) from either pile but d = t, restricting d. */
bool rn_moves_are_previous_rule(const rn_solved *s, int k, int bound);
/* The same at one position (a, b) with t restricted. */
bool rn_moves_are_previous_rule_at(const rn_solved *s, int k, int a, int b, int t);
/* The restricted numbers under which the player to move wins at these
 * piles, as a bit set (bit r: wins when r is restricted; 0: nothing). */
uint64_t rn_win_set(const rn_solved *s, const int *piles, int n);
/* Every restricted number's bit. */
uint64_t rn_all_tags(const rn_solved *s);
/* A win set in words ("wins when restricted is {0,2} (0: nothing)"), of
 * at most 64 restricted numbers: RN_SET_MAX bytes hold any (a text that
 * does not fit in len stops the run, as rn_append does). */
#define RN_SET_MAX 256
void rn_set_text(uint64_t set, int tags, char *out, size_t len);
/* One case of part `part`: the win set at `piles` must be `want` (a
 * mismatch with the winning moves as witness otherwise). */
void rn_expect_set(claim_report *r, int part, const rn_solved *s, int k, const int *piles, int n, uint64_t want);
/* The takes that win from these piles with nothing restricted (bit t: a
 * take of t chips wins). */
uint64_t rn_winning_takes(const rn_solved *s, const int *piles, int n);
/* The thesis' cases of k: 0 even, 1 odd with (k+1)/2^m odd for an even
 * m, 2 odd with it odd for an odd m. */
int rn_k_case(int k);
/* The exponent of 2 in n > 0. */
int rn_twos(int n);

/* ---- strategies, played against every reply ---- */

#define RN_STRATEGY_PILES 8
#define RN_STRATEGY_OPTIONS 16
/* A position a strategy moves to: its piles (in the order of the
 * position's piles) and its state (the number then restricted; 0 in a
 * game without states). */
typedef struct {
    int piles[RN_STRATEGY_PILES];
    int tag;
} rn_target;
/* A strategy as the thesis states one: the moves its rules allow from
 * these piles (ascending, n of them) with `tag` restricted, into out (at
 * most max); returns how many (0: its rules offer no move here). */
typedef int (*rn_strategy_fn)(void *ctx, const int *piles, int n, int tag, rn_target *out, int max);
/* A strategy to play (misere: the player who cannot move wins), and what
 * is proven of it so far; rn_strategy_free frees it. */
typedef struct rn_strategy rn_strategy;
rn_strategy *rn_strategy_new(const rn_solved *s, rn_strategy_fn f, void *ctx, bool misere);
void rn_strategy_free(rn_strategy *k);
/* Whether every way of following the strategy wins for its player, from
 * `start` with that player to move (other_first: the other player moves
 * first), against every reply of the other.  A move the strategy allows
 * that is not a move of the game fails it.  On failure, witness (wlen
 * bytes) gets the line of play and what went wrong. */
bool rn_strategy_wins(rn_strategy *k, uint64_t start, bool other_first, char *witness, size_t wlen);
/* After rn_strategy_wins failed: the last position of the failing line,
 * and the line's length in positions. */
uint64_t rn_strategy_failed_at(const rn_strategy *k, int *depth);

/* ---- the checks, for the tests ---- */

/* A claim's check with its statement as printed (twist 0) or changed on
 * purpose (twist 1: the wrong statement the tests feed it, each check
 * saying which: a formula changed, or one readable cell of the printed
 * table changed).  The claim_def calls it with 0. */
typedef void (*rn_check_fn)(claim_report *r, int twist);
/* The sizes a claim is checked at, when it takes sizes: the largest k
 * (the most a move takes, --max-take) and the largest pile (--to); 0:
 * the claim's default (claim_def.sizes_help says both). */
typedef struct {
    int max_k, pile;
    const claim_ctx *ctx;   /* for claim_progress; NULL in tests */
} rn_sizes;
typedef void (*rn_sized_fn)(claim_report *r, int twist, const rn_sizes *sizes);
/* Each claim's check: `check` for one at fixed sizes, else `sized`. */
typedef struct {
    const char *id;
    rn_check_fn check;
    rn_sized_fn sized;
} rn_check_entry;
/* The run's sizes (--max-take, --to), 0 where not given (ctx NULL: none). */
rn_sizes rn_sizes_of(const claim_ctx *ctx);
/* A size, or the claim's default when not given. */
int rn_size_k(const rn_sizes *z, int dflt);
int rn_size_pile(const rn_sizes *z, int dflt);
/* The finding that says the sizes a claim was checked at (-1: the claim
 * has no such size). */
void rn_swept(claim_report *r, int max_k, int pile);
/* NULL-terminated: rn_props.c's, rn_table_claims.c's, rn_ban_claims.c's,
 * rn_unknown_claims.c's, rn_choice_claims.c's, rn_sentences.c's, rn_proofs.c's. */
extern const rn_check_entry rn_prop_checks[], rn_table_checks[], rn_ban_checks[], rn_unknown_checks[],
    rn_choice_checks[], rn_sentence_checks[], rn_proof_checks[];


/* Appends to the NUL-terminated text in out (len bytes in all); a text
 * that does not fit stops the run (an internal error: no text is cut). */
void rn_append(char *out, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A whole number from a label ("12", "3(2)" gives 3); -1 if none. */
int rn_label_number(const char *label);

#endif
