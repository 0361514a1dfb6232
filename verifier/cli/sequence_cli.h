/*
 * sequence_cli.h -- the commands that print one game's sequence of values:
 * `verifier sequence GAME` for every game that offers one through its
 * registry entry (core/engine/sequence.h), and the command a game names
 * for its own (`verifier gs`).
 */
#ifndef SEQUENCE_CLI_H
#define SEQUENCE_CLI_H

#include "core/games/registry.h"
#include "verifier/base/guard.h"

/* The longest name a sequence command may have: "sequence GAME", or the
 * command a game names for its own.  Its messages build on the name in
 * buffers sized from this; main checks every game's names against it on
 * every run (an internal error, never a name cut short). */
#define SEQUENCE_COMMAND_MAX 95

/* The command of game e's sequence (argv[0] is its name as typed, for
 * the messages).  guard: removes --plot's temporary files if the run
 * stops. */
int cmd_sequence(const game_entry *e, int argc, char **argv, run_guard *guard);

/* `verifier sequence GAME ...` (argv[0] "sequence", argv[1] the game; with
 * --help in its place, the games that offer a sequence). */
int cmd_sequence_of(int argc, char **argv, run_guard *guard);

#endif
