/*
 * stewart_cli.h -- the `gs` command: G_s values of one scoring octal game.
 */
#ifndef STEWART_CLI_H
#define STEWART_CLI_H

int cmd_gs(int argc, char **argv);

#endif
