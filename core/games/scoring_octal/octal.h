/*
 * octal.h -- scoring octal games as data (Stewart, Definition 30).
 *
 * A game is a code d_0 . d_1 d_2 ... d_k and points p_1 ... p_k.  Taking
 * i beans from a heap scores p_i and must leave j non-empty heaps for a
 * set bit j of d_i (bit 0: the heap was exactly i; bit 1: one heap; bit 2:
 * two heaps; bit 3: three heaps, so digits run over 0..f).  d_0 (the digit
 * before the point) only splits: its bits 2 and 3 split a heap into two or
 * three without taking any bean, scoring 0.  Points are rationals, kept
 * exact by scaling every point of the game to an integer multiple of 1/scale.
 */
#ifndef OCTAL_H
#define OCTAL_H

#include <stdbool.h>
#include <stdint.h>

#define OG_MAX_TAKE 32
/* Scaled points stay below this, so sums over long games stay in 64 bits. */
#define OG_POINT_LIMIT 1000000000000LL

typedef struct {
    int max_take;                    /* largest i >= 1 with d_i != 0 (0: none) */
    uint8_t digit[OG_MAX_TAKE + 1];  /* d_0 .. d_max_take                      */
    int64_t num[OG_MAX_TAKE + 1];    /* points p_i = num[i] / den[i]           */
    int64_t den[OG_MAX_TAKE + 1];
    char code[OG_MAX_TAKE + 8];      /* canonical code text, "0.26"            */
} og_rules;

/* "0.26", "4.07", "0.3333", "0.f" (case-insensitive hex digits), or ".26".
 * Points default to p_i = i.  Returns 0, or -1 with a one-line reason. */
int og_parse_code(const char *s, og_rules *g, char *err, int errlen);

/* "{4,5}" or "4,5": digit 3 at each s, points p_s = s. */
int og_parse_subtraction(const char *s, og_rules *g, char *err, int errlen);

/* "1,2" or "1/2,-3,0": p_1 .. p_k; exactly max_take entries. */
int og_parse_points(const char *s, og_rules *g, char *err, int errlen);

/* Sets p_i = num/den for one i (den > 0). */
void og_set_point(og_rules *g, int i, int64_t num, int64_t den);

/* NULL, or the rule the values of g rest on beyond Stewart's Definition
 * 30 (which defines the codes 0.d_1d_2...): a digit before the point. */
const char *og_convention(const og_rules *g);

/* True when some move leaves two or more heaps (the state is a multiset). */
bool og_breaks(const og_rules *g);
/* Largest i with d_i in {2, 3} (bit 1 set, no breaking bits), 0 if none. */
int og_largest_taking_move(const og_rules *g);

/* One way to play on a single heap: take `take`, leave `nparts` heaps,
 * largest first. */
typedef struct {
    int take;
    int nparts;
    int parts[3];
} og_heap_move;

/* How many moves there are from one heap of size h. */
int og_heap_moves_count(const og_rules *g, int h);
/* Every move from one heap of size h (parts in descending order); returns
 * their number.  A list with room for fewer than og_heap_moves_count
 * stops the run: no move is ever dropped. */
int og_heap_moves(const og_rules *g, int h, og_heap_move *out, int cap);
/* Whether one heap of size h admits a move. */
bool og_heap_has_move(const og_rules *g, int h);

/* Room that always holds a game's name and its points, whole: a set of up
 * to 32 members or a code of up to 32 digits; 32 points of at most 14
 * characters over at most 7 (og_name and og_points_text stop the run
 * rather than cut one short, should that ever be wrong). */
#define OG_NAME_MAX 128
#define OG_POINTS_MAX 1024

/* "{4,5}" for a subtraction set with p_s = s, else the code ("0.26"). */
void og_name(const og_rules *g, char *buf, int len);

/* "1,2" / "1/2,-3": the points as text. */
void og_points_text(const og_rules *g, char *buf, int len);

/* Common scale of the points of two games (lcm of all denominators);
 * 0 when it would exceed OG_POINT_LIMIT. */
int64_t og_common_scale(const og_rules *a, const og_rules *b);
/* p_i * scale (an integer by choice of scale). */
int64_t og_scaled_point(const og_rules *g, int i, int64_t scale);

/* "5/2", "-3", "0": a scaled value as a reduced rational, whole: len must
 * be at least OG_VALUE_MAX (an int64 over a scale of at most 10^12). */
#define OG_VALUE_MAX 48
void og_format_value(int64_t v, int64_t scale, char *buf, int len);

#endif
