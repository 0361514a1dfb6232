/*
 * nightly.h -- `verifier nightly`: regression sweeps against a golden
 * record (see nightly.c).
 */
#ifndef SN_NIGHTLY_H
#define SN_NIGHTLY_H

#include "guard.h"

int cmd_nightly(int argc, char **argv, run_guard *guard);

#endif
