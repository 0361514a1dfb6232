/*
 * game_options.h -- reading the games' own command-line options: whole
 * numbers, sets of them and the way of play, strictly and alike for every
 * game (each game words its own message around the reason given here).
 */
#ifndef GAME_OPTIONS_H
#define GAME_OPTIONS_H

/* Room for any reason game_parse_set gives (the longest is under 50
 * bytes); a smaller buffer stops the run (an internal error). */
#define GAME_WHY_MAX 96

/* A decimal integer in [lo, hi] from [s, end): an optional sign, then 1
 * to 15 digits and nothing else.  0, or -1. */
int game_parse_integer(const char *s, const char *end, long long lo, long long hi, long long *out);

/* A decimal such as -1.5 or 0.25 from [s, end), exactly: its digits as
 * *num over *den = 10^places (1 to 6 places after the point, a digit
 * before it), the value within [lo, hi].  Not reduced.  0, or -1. */
int game_parse_decimal(const char *s, const char *end, long long lo, long long hi, long long *num, long long *den);

/* The same without a sign: a whole number in [lo, hi] from [s, end). */
int game_parse_whole(const char *s, const char *end, long long lo, long long hi, long long *out);

/* "1,3,4" or "{1,3,4}": distinct whole numbers (digits only) in lo..hi,
 * or integers with a sign allowed when lo < 0, at most max of them,
 * ascending into out (room for max).  Returns how many, or -1 with the
 * reason (without the text) in why. */
int game_parse_set(const char *text, int lo, int hi, int max, int *out, char *why, int whylen);

/* --play: NULL (the default) or "normal" 0, "misere" 1, anything else -1. */
int game_parse_play(const char *text);

#endif
