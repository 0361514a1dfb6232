/*
 * version.h -- the verifier's version, in one place: summary.json,
 * report.html and the checkpoints (which refuse another version's) say it.
 */
#ifndef VERSION_H
#define VERSION_H

#define VERIFIER_VERSION "0.2.0"

#endif
