/*
 * stewart_cli.h -- the `gs` command: G_s values of one scoring octal game.
 */
#ifndef SN_STEWART_CLI_H
#define SN_STEWART_CLI_H

int cmd_gs(int argc, char **argv);

#endif
