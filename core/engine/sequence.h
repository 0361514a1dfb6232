/*
 * sequence.h -- a game's values on one heap as a sequence, G(n) for
 * n = 0, 1, 2, ..., and on the sum of a heap n and a heap m under a second
 * rule set, G(n, m): the interface a game offers (through its registry
 * entry, registry.h) so that a command can print, stream and draw such a
 * sequence without knowing the game.
 *
 * The game reads its own rules from text, computes the rows in order, and
 * finds a preperiod and a period; whoever calls it decides where the rows
 * go, how much memory they may take, and what is printed.  Values are
 * exact: int64 multiples of 1/scale, written by format_value.
 */
#ifndef SEQUENCE_H
#define SEQUENCE_H

#include <stdbool.h>
#include <stdint.h>

/* The game's own state: the rules read and the rows in progress. */
typedef struct sequence sequence;

#define SEQUENCE_NAME_MAX 64
#define SEQUENCE_POINTS_MAX 256

/* What the game made of the options it was given. */
typedef struct {
    /* The rules as the user wrote them (the game's name for a game with
     * no rule options; NULL: the game's name), and as the game names them
     * ("0.33" is "{1,2}"); their points (empty: the game has none).  The
     * second heap's when there is one (sum_written NULL: none). */
    const char *written, *sum_written;
    char name[SEQUENCE_NAME_MAX], points[SEQUENCE_POINTS_MAX];
    char sum_name[SEQUENCE_NAME_MAX], sum_points[SEQUENCE_POINTS_MAX];
    /* The last column m (0 without a second heap): a row has columns + 1
     * values. */
    int columns;
    /* A rule the values rest on that the paper does not define (NULL:
     * none): said beside the values. */
    const char *convention;
    int64_t scale;  /* values are integers over scale                  */
    /* Positions are reached, not ranked: memory grows with the rows and
     * the caller checks it (bytes) after each row. */
    bool grows;
} sequence_info;

/* What the game's analysis of rows 0..rows_used-1 found. */
typedef enum { SEQUENCE_CERTIFIED, SEQUENCE_OBSERVED, SEQUENCE_UNDECIDED, SEQUENCE_ERROR } sequence_verdict;

/* "No period seen" is a verdict of its own (UNDECIDED), never a
 * preperiod or period of -1: pre and per mean something only when the
 * verdict is CERTIFIED or OBSERVED. */
typedef struct {
    sequence_verdict verdict;
    const char *verdict_name;  /* "CERTIFIED", "OBSERVED", "UNDECIDED"   */
    int pre, per;              /* preperiod and least period            */
    /* What proves a CERTIFIED period, in words ("a window of rows
     * repeats"); NULL: none said. */
    const char *argument;
    int rows_used;
    /* Stopped because the positions reached filled the bytes allowed. */
    bool capped;
} sequence_period;

/* One option of a game's sequence command (`--game CODE`). */
typedef struct {
    const char *name;   /* without the dashes; NULL ends the list     */
    bool takes_value;
    bool negative_ok;   /* its value may start with '-' and a digit   */
} sequence_option;

#define SEQUENCE_MAX_OPTIONS 8

/* A game's sequence, offered through its registry entry: `verifier
 * sequence GAME` prints it (and the game's own command, if it names one).
 * The command takes --to, --json, --plot and --force itself; every other
 * option is the game's, listed in `options`, and no option another game
 * takes is accepted. */
typedef struct game_sequence {
    /* A command of its own ("gs": Stewart's name for the octal games'
     * sequence), or NULL: `verifier sequence GAME` only.  Two games may
     * not name the same command, nor a command the verifier has. */
    const char *command;
    /* The sequence's symbol in titles and axes ("G_s", "G"). */
    const char *symbol;
    /* Its line in the top-level help ("print G_s values of one scoring
     * octal game"). */
    const char *summary;
    /* For the command's --help: the game's options in the usage line
     * ("(--game CODE [--points P] | --subtraction S)"; "" for none), what
     * it prints (a paragraph), a line or more for each of its options
     * ("" for none), what --json holds besides the rows and the period
     * (lines, each indented like an option's help), and notes on how the
     * rules are read (a paragraph; "" for none). */
    const char *usage, *about, *options_help, *json_help, *notes;
    /* The limits a position may reach, in words, for the message of a
     * row that outgrows them ("96 heaps, heaps up to 1023"). */
    const char *limits;
    sequence_option options[SEQUENCE_MAX_OPTIONS + 1];
    /* Reads the rules from the game's options: values[i] is options[i]'s
     * value ("" for a flag, NULL when not given).  `command` names the
     * command in messages.  NULL with a one-line reason in err (naming
     * the command). */
    sequence *(*open)(const char *command, const char *const *values, char *err, int errlen);
    void (*info)(const sequence *s, sequence_info *out);
    /* Before the first row: rows 0..last will be asked for (a game whose
     * memory does not grow keeps only what the next rows need).  0, or -1
     * with a one-line reason. */
    int (*begin)(sequence *s, int last, char *err, int errlen);
    /* Row n (asked in order 0, 1, 2, ...): the values at m = 0..m_to (one
     * value without a second heap) into values.  0, or -1 when a position
     * outgrows the game's limits. */
    int (*row)(sequence *s, int n, int64_t *values);
    /* Games that grow: the bytes held after rows 0..n. */
    uint64_t (*bytes)(const sequence *s, int n);
    /* The preperiod and period of the rows 0..last (every column m at
     * once: the least period of the rows, the largest preperiod),
     * stopping (capped) rather than holding more than max_bytes of
     * positions reached (games that grow); SEQUENCE_ERROR when the game
     * cannot analyse them. */
    void (*period)(const sequence *s, int last, uint64_t max_bytes, sequence_period *out);
    /* An exact value as text ("5/2", "-3"). */
    void (*format_value)(int64_t v, int64_t scale, char *buf, int len);
    void (*close)(sequence *s);
} game_sequence;

#endif
