/*
 * main.c -- the `verifier` command line: parses, dispatches, reports.
 *
 *   verifier list
 *   verifier value PILES [--bonus A:B]
 *   verifier check [--piles P --bound B] [--claims GLOB[,GLOB...]] [sizes] [--threads T] [--out DIR]
 *   verifier conj --id ID [sizes] [--threads T] [--out DIR]
 *   verifier gs (--game CODE [--points P] | --subtraction S) --to L [--sum GAME --m-to M]
 *
 * Exit status: 0 every selected claim HOLDS or is CERTIFIED; 1 some claim
 * FAILS; 2 usage or input error (one line on stderr, nothing written);
 * 3 nothing failed but some claim is EMPTY, OBSERVED or UNDECIDED.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/payoff.h"
#include "../core/pinning.h"
#include "../proofs/claim.h"
#include "../core/octal.h"
#include "args.h"
#include "check.h"
#include "stewart_cli.h"

#define EXIT_USAGE 2

static const char *const MAIN_HELP =
    "usage: verifier COMMAND [OPTIONS]\n"
    "\n"
    "Exact exhaustive verifier for the claims of Oginuma-Shinoda, \"Scoring Nim\" (os/*),\n"
    "and of Stewart, \"Scoring play combinatorial games\", Section 5 (st/*).\n"
    "\n"
    "commands:\n"
    "  list      print every claim id with its source and statement\n"
    "  value     print f_N(p) for one Scoring Nim position, one line per integer N\n"
    "  check     sweep every position up to a bound and check the claims\n"
    "  conj      sweep one family of scoring octal games for a conjecture st/conj-*\n"
    "  gs        print G_s values of one scoring octal game\n"
    "\n"
    "`verifier COMMAND --help` describes each command.\n";

static const char *const LIST_HELP =
    "usage: verifier list\n"
    "\n"
    "Prints every claim id, its source in the paper, its statement and the domain\n"
    "on which `check` tests it.\n";

static const char *const VALUE_HELP =
    "usage: verifier value PILES [--bonus A:B]\n"
    "\n"
    "Prints one line `N f_N(p)` per integer N in [A, B] (default: -(|p|+3):(|p|+3))\n"
    "for the position PILES, a comma-separated list of pile sizes such as 5,4,2.\n"
    "Values come from recursion (2) of the paper, exactly.\n";

static const char *const CHECK_HELP =
    "usage: verifier check [--piles P --bound B] [--claims GLOB[,GLOB...]] [--max-take K] [--to L]\n"
    "                      [--m-to M] [--threads T] [--out DIR]\n"
    "\n"
    "Scoring Nim claims (os/*): computes f_N(p) exactly for every position of P\n"
    "piles (empty piles allowed) with every pile <= B, and every N = k/2 with\n"
    "|N| <= P*B+3, then checks each selected claim on its whole domain.\n"
    "Stewart claims (st/*): computes G_s for the claim's games and sizes.\n"
    "\n"
    "  --piles P      number of piles, 1..16 (needed by os/* claims)\n"
    "  --bound B      largest pile size, 1..4096 (needed by os/* claims)\n"
    "  --claims GLOB  claim ids to check, shell patterns, comma-separated (default os/*)\n"
    "  --max-take K   st/*: largest take of the family (each claim's default otherwise)\n"
    "  --to L         st/*: heap sizes n up to L (the row budget)\n"
    "  --m-to M       st/*: second heap m = 0..M\n"
    "  --threads T    worker threads (default OMP_NUM_THREADS, else one per core)\n"
    "  --out DIR      results directory, must not exist (default results/<UTC time>/,\n"
    "                 and results/latest points at it)\n"
    "\n"
    "Writes summary.json, mismatches.csv, games.csv and table.sha256 (see\n"
    "results/README.md).  Exit status: 0 all HOLD or are CERTIFIED, 1 some claim\n"
    "FAILS, 2 usage error, 3 some claim EMPTY, OBSERVED or UNDECIDED.\n";

static const char *const CONJ_HELP =
    "usage: verifier conj --id ID [--max-take K] [--to L] [--m-to M] [--threads T] [--out DIR]\n"
    "\n"
    "Sweeps every game of the family of one Stewart conjecture (st/conj-34,\n"
    "st/conj-35/literal, st/conj-35/eventual, st/conj-36/..., st/conj-37/...;\n"
    "`verifier list` gives each family and its defaults) on the pinned workers,\n"
    "and writes one row per game (and m) to games.csv: preperiod, least period,\n"
    "status CERTIFIED (a window repeat proves the period), OBSERVED (seen, not\n"
    "proved) or UNDECIDED (no repeat within L), plus the family summary, with\n"
    "per largest take the worst preperiod and the game attaining it.\n"
    "Exit status as for check.\n";

static int usage_error(const char *msg)
{
    fprintf(stderr, "verifier: %s\n", msg);
    return EXIT_USAGE;
}

static bool wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return true;
    return false;
}

static int cmd_list(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(LIST_HELP, stdout);
        return 0;
    }
    if (argc > 1)
        return usage_error("list takes no arguments");
    for (int i = 0; claim_registry[i]; i++) {
        const claim_def *c = claim_registry[i];
        printf("%s\n    source:    %s\n    statement: %s\n    checked:   %s\n", c->id, c->source, c->statement,
               c->domain);
        if (c->check_games && c->sizes_help && strcmp(c->sizes_help, "fixed") != 0)
            printf("    sizes:     %s\n", c->sizes_help);
    }
    return 0;
}

static int cmd_value(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(VALUE_HELP, stdout);
        return 0;
    }
    const char *piles_arg = NULL, *bonus_arg = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--bonus") == 0) {
            if (++i == argc)
                return usage_error("--bonus needs a range A:B");
            bonus_arg = argv[i];
        } else if (strncmp(argv[i], "--bonus=", 8) == 0)
            bonus_arg = argv[i] + 8;
        else if (argv[i][0] == '-' && argv[i][1] != 0 && !(argv[i][1] >= '0' && argv[i][1] <= '9'))
            return usage_error("value: unknown option (see verifier value --help)");
        else if (piles_arg)
            return usage_error("value takes one position");
        else
            piles_arg = argv[i];
    }
    if (!piles_arg)
        return usage_error("value needs a position such as 5,4,2");
    int piles[SN_MAX_PILES], n;
    char err[256];
    if (parse_piles(piles_arg, piles, &n, err, sizeof err) != 0)
        return usage_error(err);
    int total = 0, biggest = 0;
    for (int i = 0; i < n; i++) {
        total += piles[i];
        biggest = piles[i] > biggest ? piles[i] : biggest;
    }
    long lo = -(long)(total + 3), hi = total + 3;
    if (bonus_arg && parse_range(bonus_arg, &lo, &hi, err, sizeof err) != 0)
        return usage_error(err);
    return run_value(piles, n, biggest, lo, hi);
}

static int cmd_check(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(strcmp(argv[0], "conj") == 0 ? CONJ_HELP : CHECK_HELP, stdout);
        return 0;
    }
    static const struct option opts[] = {
        {"piles", required_argument, NULL, 'p'},  {"bound", required_argument, NULL, 'b'},
        {"claims", required_argument, NULL, 'c'}, {"threads", required_argument, NULL, 't'},
        {"out", required_argument, NULL, 'o'},    {"max-take", required_argument, NULL, 'k'},
        {"to", required_argument, NULL, 'L'},     {"m-to", required_argument, NULL, 'M'},
        {"id", required_argument, NULL, 'i'},     {NULL, 0, NULL, 0},
    };
    check_options o = {.piles = 0, .bound = 0, .claims = "os/*", .threads = 0, .out = NULL};
    bool is_conj = strcmp(argv[0], "conj") == 0, has_id = false;
    char err[256];
    long v;
    opterr = 0;
    optind = 1;
    int ch;
    while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (ch) {
        case 'p':
            if (is_conj)
                return usage_error("conj: unknown option --piles (see verifier conj --help)");
            if (parse_long(optarg, 1, SN_MAX_PILES, &v, "--piles", err, sizeof err) != 0)
                return usage_error(err);
            o.piles = (int)v;
            break;
        case 'b':
            if (parse_long(optarg, 1, SN_MAX_BOUND, &v, "--bound", err, sizeof err) != 0)
                return usage_error(err);
            o.bound = (int)v;
            break;
        case 'c':
            o.claims = optarg;
            break;
        case 't':
            if (parse_long(optarg, 1, 4096, &v, "--threads", err, sizeof err) != 0)
                return usage_error(err);
            o.threads = (int)v;
            break;
        case 'o':
            o.out = optarg;
            break;
        case 'k':
            if (parse_long(optarg, 1, 20, &v, "--max-take", err, sizeof err) != 0)
                return usage_error(err);
            o.sizes.max_take = (int)v;
            break;
        case 'L':
            if (parse_long(optarg, 1, 10000000, &v, "--to", err, sizeof err) != 0)
                return usage_error(err);
            o.sizes.rows = (int)v;
            break;
        case 'M':
            if (parse_long(optarg, 0, 32, &v, "--m-to", err, sizeof err) != 0)
                return usage_error(err);
            /* 0 means "the claim's default"; m = 0 alone is asked as -1. */
            o.sizes.m_to = v == 0 ? -1 : (int)v;
            break;
        case 'i':
            if (!is_conj)
                return usage_error("check: unknown option --id (see verifier check --help)");
            if (strncmp(optarg, "st/conj-", 8) != 0 || strpbrk(optarg, "*?[,")) {
                snprintf(err, sizeof err, "conj: --id must be one conjecture id such as st/conj-34, got '%.60s'", optarg);
                return usage_error(err);
            }
            o.claims = optarg;
            has_id = true;
            break;
        case ':':
            return usage_error("an option is missing its value (see verifier check --help)");
        default:
            snprintf(err, sizeof err, "check: unknown option %s (see verifier check --help)", argv[optind - 1]);
            return usage_error(err);
        }
    }
    if (optind < argc) {
        snprintf(err, sizeof err, "check: unexpected argument %s", argv[optind]);
        return usage_error(err);
    }
    if (is_conj && !has_id)
        return usage_error("conj needs --id (see verifier conj --help)");
    if ((o.piles == 0) != (o.bound == 0))
        return usage_error("check needs both --piles and --bound");
    return run_check(&o);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("missing command (see verifier --help)");
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(MAIN_HELP, stdout);
        return 0;
    }
    if (strcmp(cmd, "list") == 0)
        return cmd_list(argc - 1, argv + 1);
    if (strcmp(cmd, "value") == 0)
        return cmd_value(argc - 1, argv + 1);
    if (strcmp(cmd, "check") == 0 || strcmp(cmd, "conj") == 0)
        return cmd_check(argc - 1, argv + 1);
    if (strcmp(cmd, "gs") == 0)
        return cmd_gs(argc - 1, argv + 1);
    char err[256];
    snprintf(err, sizeof err, "unknown command '%.64s' (see verifier --help)", cmd);
    return usage_error(err);
}
