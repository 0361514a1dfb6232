/*
 * version.h -- the verifier's version, in one place: summary.json,
 * report.html and the checkpoints (which refuse another version's) say it.
 */
#ifndef SN_VERSION_H
#define SN_VERSION_H

#define SN_VERIFIER_VERSION "0.2.0"

#endif
