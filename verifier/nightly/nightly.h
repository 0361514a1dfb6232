/*
 * nightly.h -- `verifier nightly`: regression sweeps against a golden
 * record (see nightly.c).
 */
#ifndef NIGHTLY_H
#define NIGHTLY_H

/* Each sweep runs as a child process with its own guard (guard.h); an
 * interrupted nightly run exits 4 and its children stop with it. */
int cmd_nightly(int argc, char **argv);

#endif
