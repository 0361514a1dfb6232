/*
 * proofcheck_run.h -- `check --check-proofs`: the independent checker of
 * certificates (build/proofcheck, docs/proofs.md) found before the run
 * and run on the results it wrote.
 */
#ifndef PROOFCHECK_RUN_H
#define PROOFCHECK_RUN_H

#include <stdio.h>

/* The checker's path: `proofcheck` beside this program's executable (the
 * build directory, or the installed bin/), else one on PATH, into path
 * (PROOFCHECK_PATH_MAX bytes).  0, or -1 with the reason in err. */
#define PROOFCHECK_PATH_MAX 4096
int proofcheck_find(char *path, char *err, int errlen);

/* Runs the checker at `path` on the results directory `dir`, its lines
 * (the refused certificates and its tally) to `out`.  0 when it accepted
 * every certificate; -1 with the reason in err otherwise (a refusal, or a
 * checker that could not run). */
int proofcheck_run(const char *path, const char *dir, FILE *out, char *err, int errlen);

#endif
