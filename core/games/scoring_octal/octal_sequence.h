/*
 * octal_sequence.h -- G_s of one scoring octal game as a sequence (the
 * interface of core/engine/sequence.h), offered through the game's
 * registry entry.
 */
#ifndef OCTAL_SEQUENCE_H
#define OCTAL_SEQUENCE_H

#include "core/engine/sequence.h"

extern const game_sequence octal_sequence;

#endif
