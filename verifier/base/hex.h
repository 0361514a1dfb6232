/*
 * hex.h -- bytes as lowercase hexadecimal text and back (checksums in
 * checkpoints, a family's saved state).
 */
#ifndef HEX_H
#define HEX_H

#include <stddef.h>
#include <stdint.h>

/* The n bytes of b as 2n hex digits and a terminating NUL into out. */
void hex_encode(const uint8_t *b, size_t n, char *out);
/* 2n lowercase hex digits of s into n bytes: 0, or -1 at a character
 * that is not one. */
int hex_decode(const char *s, uint8_t *out, size_t n);

#endif
