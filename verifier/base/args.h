/*
 * args.h -- strict parsing of command-line values (pile lists, integer
 * options, bonus ranges).  Each parser returns 0, or -1 with a one-line
 * reason in err.
 */
#ifndef ARGS_H
#define ARGS_H

#include <stdio.h>

/* "5,4,2": decimal pile sizes 0..MS_MAX_BOUND, 1..GAME_MAX_SLOTS (registry.h) of them. */
int parse_piles(const char *s, int *piles, int *n, char *err, int errlen);
/* One pile of a position given as a range of sizes ("22,0:30"): its
 * index in the list (-1: none) and its top (the list holds its bottom). */
typedef struct {
    int at, hi;
} pile_range;
/* A position: piles as parse_piles reads them, also in parentheses,
 * "(5,4,2)", and followed by a state in parentheses, as Huibers writes
 * a position with its restricted number: "(27,1)(1)" or "27,1(1)"; *tag is
 * that number 0..MS_MAX_BOUND, or -1 when none is written.  A pile may be
 * "?" (GAME_PILE_UNKNOWN: a pile not known yet) and, with range not NULL,
 * one pile a range lo:hi (range->at -1 when none is). */
int parse_position(const char *s, int *piles, int *n, int *tag, pile_range *range, char *err, int errlen);

/* A decimal integer in [lo, hi]; `what` names the option in messages. */
int parse_long(const char *s, long lo, long hi, long *out, const char *what, char *err, int errlen);

/* A duration as --help documents it: a number of at most 9 digits, with
 * at most 9 decimals after a point ("90", "0.5"), then one unit letter from
 * `units` ("smhd": seconds, minutes, hours, days) or none (seconds).
 * Nothing else: no sign, space, exponent, hexadecimal, inf or nan.
 * Returns 0 with the seconds in *seconds, or -1. */
int parse_duration(const char *s, const char *units, double *seconds);

/* "verifier: MSG\n" on f, MSG on one line whatever the arguments quoted in
 * it hold: control bytes, and bytes that are not UTF-8, written \xNN. */
void print_error_line(FILE *f, const char *msg);
/* The same on stderr, the message formatted as printf does. */
void say_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "A:B" with integers A <= B. */
int parse_range(const char *s, long *lo, long *hi, char *err, int errlen);

/* The greatest common divisor of |a| and |b| (0 when both are 0). */
long gcd_long(long a, long b);

/* An exact rational, reduced, den > 0. */
typedef struct {
    long num, den;
} rat;

/* "3", "-3/2", "7/4", "1.5": a value within +-1000000 and a denominator
 * (in lowest terms) at most 1000000; `what` names the option. */
int parse_rational(const char *s, rat *out, const char *what, char *err, int errlen);
/* "A:B" or "A", rationals as parse_rational reads them, A <= B (A = B for
 * one value). */
int parse_bonus_range(const char *s, rat *lo, rat *hi, char *err, int errlen);

#endif
