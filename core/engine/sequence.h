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

/* What the game made of the text it was given. */
typedef struct {
    /* The rules as the game names them ("0.33" may be "{1,2}"), and their
     * points; the second heap's when there is one (else empty). */
    char name[SEQUENCE_NAME_MAX], points[SEQUENCE_POINTS_MAX];
    char sum_name[SEQUENCE_NAME_MAX], sum_points[SEQUENCE_POINTS_MAX];
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

typedef struct {
    sequence_verdict verdict;
    const char *verdict_name;  /* "CERTIFIED", "OBSERVED", "UNDECIDED"   */
    int pre, per;              /* preperiod and least period            */
    int rows_used;
    /* Stopped because the positions reached filled the bytes allowed. */
    bool capped;
} sequence_period;

typedef struct game_sequence {
    /* The command that prints it ("gs") and the sequence's symbol in
     * titles and axes ("G_s"). */
    const char *command, *symbol;
    /* Its line in the top-level help ("print G_s values of one scoring
     * octal game"). */
    const char *summary;
    /* For the command's --help: what it prints (a paragraph), the lines
     * of the options that name the rules (--game, --points,
     * --subtraction) and the second heap's (--sum, --sum-points), and
     * notes on how the rules are read (a paragraph). */
    const char *about, *rules_help, *sum_help, *notes;
    /* The limits a position may reach, in words, for the message of a
     * row that outgrows them ("96 heaps, heaps up to 1023"). */
    const char *limits;
    /* Reads the rules: `rules` (with `subtraction`, always a subtraction
     * set), their points (NULL: the default), and optionally the second
     * heap's rules `sum` and points with columns m = 0..m_to.  NULL with a
     * one-line reason in err. */
    sequence *(*open)(const char *rules, bool subtraction, const char *points, const char *sum,
                      const char *sum_points, int m_to, char *err, int errlen);
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
