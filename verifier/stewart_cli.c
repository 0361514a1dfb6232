/*
 * stewart_cli.c -- `verifier gs`: prints "n G_s(n)" or, with --sum,
 * "n m G_s(n +_l m)" lines, values as exact rationals ("5/2").
 */
#include "stewart_cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/octal.h"
#include "../core/octal_values.h"
#include "args.h"

static const char *const GS_HELP =
    "usage: verifier gs (--game CODE [--points P] | --subtraction S) --to L\n"
    "                   [--sum GAME [--sum-points Q] --m-to M]\n"
    "\n"
    "Prints G_s (Stewart, Definition 31) exactly: `n G` for n = 0..L, or with\n"
    "--sum, `n m G` for the heap n under the game plus the heap m under GAME.\n"
    "\n"
    "  --game CODE      octal code: 0.26, 4.07, 0.3333 (hex digits leave three heaps)\n"
    "  --points P       points p_1,...,p_k, rationals: 1,2 or 1/2,-3 (default p_i = i)\n"
    "  --subtraction S  subtraction set, {4,5} or 4,5 (taking s scores s)\n"
    "  --to L           largest heap n (games that break heaps: keep L small)\n"
    "  --sum GAME       the second heap's game: a code or a subtraction set {..}\n"
    "  --sum-points Q   its points (default q_j = j)\n"
    "  --m-to M         largest second heap m, 0..1000\n";

static int gs_error(const char *msg)
{
    fprintf(stderr, "verifier: %s\n", msg);
    return 2;
}

static int load(const char *code, const char *points, bool subtraction, og_rules *g, char *err, int errlen)
{
    int rc = subtraction || code[0] == '{' ? og_parse_subtraction(code, g, err, errlen)
                                           : og_parse_code(code, g, err, errlen);
    if (rc == 0 && points)
        rc = og_parse_points(points, g, err, errlen);
    return rc;
}

int cmd_gs(int argc, char **argv)
{
    static const struct option opts[] = {
        {"game", required_argument, NULL, 'g'}, {"points", required_argument, NULL, 'p'},
        {"subtraction", required_argument, NULL, 's'}, {"to", required_argument, NULL, 'L'},
        {"sum", required_argument, NULL, 'S'}, {"sum-points", required_argument, NULL, 'q'},
        {"m-to", required_argument, NULL, 'M'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0},
    };
    const char *game = NULL, *points = NULL, *sub = NULL, *sum = NULL, *sum_points = NULL;
    long L = -1, M = -1;
    char err[256];
    opterr = 0;
    optind = 1;
    int ch;
    while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (ch) {
        case 'h':
            fputs(GS_HELP, stdout);
            return 0;
        case 'g': game = optarg; break;
        case 'p': points = optarg; break;
        case 's': sub = optarg; break;
        case 'S': sum = optarg; break;
        case 'q': sum_points = optarg; break;
        case 'L':
            if (parse_long(optarg, 0, 10000000, &L, "--to", err, sizeof err) != 0)
                return gs_error(err);
            break;
        case 'M':
            if (parse_long(optarg, 0, 1000, &M, "--m-to", err, sizeof err) != 0)
                return gs_error(err);
            break;
        case ':':
            return gs_error("an option is missing its value (see verifier gs --help)");
        default:
            snprintf(err, sizeof err, "gs: unknown option %s (see verifier gs --help)", argv[optind - 1]);
            return gs_error(err);
        }
    }
    if (optind < argc) {
        snprintf(err, sizeof err, "gs: unexpected argument %s", argv[optind]);
        return gs_error(err);
    }
    if (!game == !sub)
        return gs_error("gs needs exactly one of --game and --subtraction");
    if (L < 0)
        return gs_error("gs needs --to L");
    if (!sum != (M < 0))
        return gs_error("--sum and --m-to go together");
    if (sub && points)
        return gs_error("--points goes with --game (a subtraction set scores s for taking s)");
    og_rules O, P;
    if (load(game ? game : sub, points, sub != NULL, &O, err, sizeof err) != 0)
        return gs_error(err);
    if (sum && load(sum, sum_points, false, &P, err, sizeof err) != 0)
        return gs_error(err);
    if (sum_points && !sum)
        return gs_error("--sum-points goes with --sum");
    const og_rules *pp = sum ? &P : NULL;
    int64_t scale = og_common_scale(&O, pp);
    if (scale == 0)
        return gs_error("the points' common denominator is too large");
    bool breaking = og_breaks(&O) || O.digit[0] || (pp && (og_breaks(pp) || pp->digit[0]));
    if (breaking && L + (M > 0 ? M : 0) > 200)
        return gs_error("games that break heaps need L + M <= 200 (the multisets grow exponentially)");
    int width = sum ? (int)M + 1 : 1;
    og_rowtab t;
    og_memo *memo = NULL;
    if (breaking) {
        memo = og_memo_new(&O, pp, scale);
        if (!memo)
            return gs_error("out of memory");
    } else if (og_rowtab_init(&t, &O, pp, sum ? (int)M : 0, err, sizeof err) != 0 || og_rowtab_extend(&t, (int)L + 1) != 0)
        return gs_error("out of memory");
    for (int n = 0; n <= L; n++)
        for (int m = 0; m < width; m++) {
            int64_t v;
            if (breaking) {
                bool ok;
                v = og_memo_value(memo, &n, 1, &m, 1, &ok);
                if (!ok) {
                    og_memo_free(memo);
                    return gs_error("the position grew beyond the engine's limits (96 heaps)");
                }
            } else
                v = og_rowtab_at(&t, n, m);
            char text[64];
            og_format_value(v, scale, text, sizeof text);
            if (sum)
                printf("%d %d %s\n", n, m, text);
            else
                printf("%d %s\n", n, text);
        }
    if (breaking)
        og_memo_free(memo);
    else
        og_rowtab_free(&t);
    return 0;
}
