/*
 * sequence_cli.h -- the commands that print one game's sequence of values
 * (`verifier gs`): a game offers its sequence through its registry entry
 * (core/engine/sequence.h), and the command is named by it.
 */
#ifndef SEQUENCE_CLI_H
#define SEQUENCE_CLI_H

#include "core/games/registry.h"
#include "verifier/base/guard.h"

/* The command of game e's sequence (argv[0] is its name).  guard: removes
 * --plot's temporary files if the run stops. */
int cmd_sequence(const game_entry *e, int argc, char **argv, run_guard *guard);

#endif
