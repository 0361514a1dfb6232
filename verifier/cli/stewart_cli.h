/*
 * stewart_cli.h -- the `gs` command: G_s values of one scoring octal game.
 */
#ifndef STEWART_CLI_H
#define STEWART_CLI_H

#include "verifier/base/guard.h"

/* guard: removes --plot's temporary files if the run stops. */
int cmd_gs(int argc, char **argv, run_guard *guard);

#endif
