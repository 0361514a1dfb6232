/*
 * partial.h -- what a run's partial results directory may hold besides
 * its results: the files of a checkpoint (run/checkpoint.h writes them).
 * The guard, the results place and the checkpoints all ask the same
 * questions of it, so the names live here once.
 */
#ifndef PARTIAL_H
#define PARTIAL_H

#include <stdbool.h>

/* The checkpoint's header; its table files are named table-*. */
#define PARTIAL_CHECKPOINT "checkpoint.json"

/* Whether `dir` holds a checkpoint. */
bool partial_holds_checkpoint(const char *dir);

/* Removes the checkpoint files of `dir` (the header, a header cut short
 * under its temporary name, every table file). */
void partial_remove_checkpoint(const char *dir);

#endif
