/*
 * main.c -- the `verifier` command line: parses, dispatches, reports.
 *
 *   verifier list
 *   verifier value PILES [--bonus A:B]
 *   verifier check [--piles P --bound B] [--claims GLOB[,GLOB...]] [sizes] [--threads T] [--out DIR]
 *   verifier conj --id ID [sizes] [--threads T] [--out DIR]
 *   verifier gs (--game CODE [--points P] | --subtraction S) --to L [--sum GAME --m-to M]
 *   verifier clean [DIR]
 *
 * Exit statuses: check.h.  Every return from main goes through
 * guard_finish, which also checks that standard output was written.
 */
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/games/registry.h"
#include "core/engine/table.h"
#include "core/engine/pinning.h"
#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"
#include "proofs/claim.h"
#include "verifier/base/args.h"
#include "verifier/run/check.h"
#include "verifier/run/checkpoint.h"
#include "verifier/base/guard.h"
#include "verifier/nightly/nightly.h"
#include "verifier/base/options.h"
#include "verifier/run/ranks.h"
#include "verifier/output/claim_list.h"
#include "verifier/run/claim_select.h"
#include "verifier/output/results.h"
#include "verifier/cli/sequence_cli.h"
#include "verifier/base/version.h"
#include "verifier/cli/plot.h"
#include "verifier/cli/tree.h"
#include "verifier/cli/value.h"

/* Certificates checked a second time by a plain recomputation, by default. */
#define DEFAULT_RECHECK 0.01

#define EXIT_STATUS_HELP                                                                                           \
    "Exit status (of the claims that count: the strict and literal readings count\n" \
    "only with --strict-readings): 0 every claim HOLDS or is CERTIFIED; 1 some\n"     \
    "claim FAILS; 2 usage error or a size that cannot finish in memory (one line on\n" \
    "stderr, nothing written); 3 nothing fails but some claim is EMPTY, OBSERVED,\n" \
    "UNDECIDED or GARBLED (a printed table not refuted where its text is damaged);\n" \
    "4 the run stopped before a verdict (out of memory, a write error,\n"  \
    "SIGINT, SIGTERM or SIGHUP, a runtime failure): no results written (complete\n"   \
    "results that could not be put in place are kept, and the message says where; a\n" \
    "partial directory holding a checkpoint is kept for --resume; a signal or a\n"    \
    "failure once the results are in place keeps them, and says so: the report on\n"  \
    "standard output may be cut short).  A signal once the verdicts are\n"           \
    "printed ends with their status.  A reader that closes the pipe early (| head)\n" \
    "ends the run by SIGPIPE (141), as for any tool.\n"

/* The top-level help: this head, then a line for each command of the
 * command table (and each sequence command a game offers), then the tail. */
static const char *const MAIN_HELP_HEAD =
    "usage: verifier COMMAND [OPTIONS]\n"
    "\n"
    "Exact exhaustive verifier for the claims of Oginuma-Shinoda, \"Scoring Nim\" (os/*),\n"
    "of Stewart, \"Scoring play combinatorial games\", Section 5 (st/*), of Huibers,\n"
    "\"Strategies for Restricted Nim\" (rn/*), of Holshouser-Reiter, \"Is this\n"
    "Modified Nim Game a Game of Chance?\" (hr/*), and on Kayles (ks/*: Guy and\n"
    "Smith's Grundy period, and the signs of Scoring Kayles).\n"
    "\n"
    "commands:\n";

static const char *const MAIN_HELP_TAIL =
    "\n"
    "`verifier COMMAND --help` describes each command; `verifier --version` prints\n"
    "the version.\n"
    "\n" EXIT_STATUS_HELP;

static const char *const LIST_HELP =
    "usage: verifier list [ID|PATTERN ...] [--json | --markdown]\n"
    "\n"
    "Prints every claim id, its source in the paper, its statement, the domain\n"
    "on which `check` tests it, and what kind of truth its verdict is (proof:\n"
    "proved for every pile size or position by a certificate, the move bound,\n"
    "an induction or a theorem its finding names; a finite statement checked\n"
    "whole, or whole for each k of its domain; a family certified game by game;\n"
    "or swept to a bound); a reading that is not the paper's intent says so.\n"
    "With up to four IDs or shell patterns (as --claims takes them, each may be\n"
    "a comma list: os/prop-5.*, 'st/*', rn/table-4,rn/table-6), those claims only.\n"
    "\n"
    "  --json   one JSON array: per claim id, source, game, statement, checked (the\n"
    "           domain), proof, parts, parts_are_readings, sizes, reading ({of, why})\n"
    "  --markdown  the papers and every claim as Markdown tables (id, game, source,\n"
    "           proof), as docs/claims.md's index of claims has them\n";

static const char *const VALUE_HELP =
    "usage: verifier value PILES [--bonus A:B [--step S] | --bonus N [--explain]]\n"
    "                            [--game NAME] [the game's options] [--json]\n"
    "\n"
    "Prints one line `N f_N(p)` per bonus N = A, A+S, ... <= B (default: every\n"
    "integer N in -(|p|+3):(|p|+3)) for the position PILES, a comma-separated list\n"
    "of pile sizes such as 5,4,2 or (5,4,2).  A, B, N and S are integers, fractions\n"
    "(-3/2, 7/4) or decimals (1.5 is 3/2); values are printed as fractions.  Every\n"
    "value comes from recursion (2) of the paper, exactly: for N = a/b the\n"
    "recursion is scaled by 2b (a stone is worth 2b, the bonus 2a), nothing is\n"
    "interpolated.\n"
    "\n"
    "In a game whose positions carry a state (Huibers' restricted games: the\n"
    "number restricted), the state follows the piles as the thesis writes it,\n"
    "'(27,1)(1)': the value at that state; given the piles alone, the value at\n"
    "every state, and the position's class over them as the thesis' tables\n"
    "write it (P, N, or the one number x whose restriction loses; + or an empty\n"
    "cell in the tables for 1).  A pile of unknown size (unknown-nim) is '?':\n"
    "'?,?' is the start, with the chance after each take and the best takes.  In a\n"
    "game without scores one pile may be a range lo:hi, 22,0:30: every position\n"
    "of the range, then how many the player to move wins and loses.  The ban\n"
    "games (banned-nim) print, at the start, the bans that win in Huibers'\n"
    "notation.\n"
    "\n"
    "  --bonus A:B | N  the bonuses (one value with N)\n"
    "  --step S         between bonuses (default 1), S > 0\n"
    "  --explain        with one N: every optimal first move, and one optimal line\n"
    "                   to the end with each player's running score and the bonus\n"
    "                   (with --json: in the document's \"explain\" object)\n"
    "  --game NAME      another game (verifier games), with its own options, such as\n"
    "                   --subtraction 1,3,4 (which alone names scoring-nim-subtraction):\n"
    "                   its value in its own kind (a margin per N, a Sprague-Grundy\n"
    "                   value and the misere outcome, an N-player outcome, an exact\n"
    "                   probability, win/loss/draw; a game with scores and no bonus,\n"
    "                   such as scoring-octal --code 0.77 whose heaps split, one\n"
    "                   margin); --bonus, --step and --explain only for games with\n"
    "                   a bonus\n"
    "  --json           one JSON document: game, position, piles, values_are (the\n"
    "                   kind) and the value in the kind's fields: values [{N, f}]\n"
    "                   (no bonus: value);\n"
    "                   grundy, normal_play, misere_play (with a state: state_is,\n"
    "                   state, by_state [{state, grundy, ...}] and class);\n"
    "                   players, outcome;\n"
    "                   probability, certainty, options (each with its value and,\n"
    "                   when optimal, both players' mixed strategies); players,\n"
    "                   tree, chances_at_random; or outcome (win, loss, draw);\n"
    "                   what_wins (the bans that win, the takes' chances) where\n"
    "                   the game says more.  A pile of unknown size is null.\n"
    "                   Every number that is not an integer is exact text (\"7/2\")\n"
    "\n"
    "Exit status: 0, 2 on bad input (or more values than fit), 4 when the output\n"
    "cannot be written.\n";

static const char *const CHECK_HELP =
    "usage: verifier check [--piles P --bound B] [--claims GLOB[,GLOB...]|none] [--max-take K] [--to L]\n"
    "                      [--game NAME [the game's options]]\n"
    "                      [--m-to M] [--threads T] [--out DIR] [--kernel K] [--table F]\n"
    "                      [--progress | --quiet] [--verbose] [--recheck F] [--checkpoint-every D]\n"
    "                      [--resume DIR] [--strict-readings] [--force] [--json]\n"
    "                      [--max-mismatches N|all] [--expect FILE] [--write-expected FILE]\n"
    "                      [--check-proofs] [--games-csv]\n"
    "\n"
    "Scoring Nim claims (os/*): computes f_N(p) exactly for every position of P\n"
    "piles (empty piles allowed) with every pile <= B, and every N = k/2 with\n"
    "|N| <= P*B+3, then checks each selected claim on its whole domain.\n"
    "Stewart claims (st/*): computes G_s for the claim's games and sizes.\n"
    "Restricted Nim claims (rn/*): computes the games each speaks of (a sentence's\n"
    "claim at its default sizes or those given by --max-take K and --to L; a\n"
    "printed table at its own), and reads the printed tables line by line.\n"    "Holshouser-Reiter claims (hr/*): solves the games of chance they speak of\n"
    "exactly (hr/theorem and hr/misere sized by --max-take M and --to L).\n"
    "Kayles claims (ks/*): Kayles' Grundy period, certified, and the signs of\n"
    "Scoring Kayles, on the engine's tables of every position of up to 30 pins.\n"
    "Any registered game (--game, verifier games): its table over every position of\n"
    "P piles <= B (of at most B pins in all for a game sized by --bound alone,\n"
    "such as scoring-kayles), through the same engine and driver, and its claims; with\n"
    "--claims none the table alone (its summary, checksum and checkpoints).\n"
    "\n"
    "  --piles P      number of piles, 1..16 (for a table, with --bound)\n"
    "  --bound B      largest pile size, 1..65536\n"
    "  --claims GLOB  claim ids to check, shell patterns, comma-separated (default: the\n"
    "                 claims that read the table of --game, else os/*); none: the\n"
    "                 table alone\n"
    "  --game NAME    the game whose table is swept (default: the selected claims'),\n"
    "                 with its own options (verifier games lists them)\n"
    "  --max-take K   st/*: largest take of the family; rn/*: the largest k\n"
    "                 (maximum move); hr/*: M above; each claim's default otherwise\n"
    "                 (its sizes in verifier list)\n"
    "  --to L         st/*: heap sizes n up to L (the row budget); rn/*, hr/*: the\n"
    "                 largest pile\n"
    "  --m-to M       st/*: second heap m = 0..M\n"
    "  --second-digits D  st/conj-35/*: the second heap's games are the taking codes\n"
    "                 of up to D digits (default 2; 0: no second heap)\n"
    "  --positions P  st/conj-37/*: a breaking game's n stops growing once it has\n"
    "                 memoised more than P positions (default 2000000)\n"
    "  --threads T    worker threads (default OMP_NUM_THREADS, else one per core)\n"
    "  --out DIR      results directory, must not exist (default results/<UTC time>/,\n"
    "                 and results/latest points at it)\n"
    "  --kernel K     Scoring Nim: runmax (default: a running maximum per multiset of\n"
    "                 the other piles) or moves (the plain kernel reading every child;\n"
    "                 the only kernel of the games without a fast path)\n"
    "  --table F      games with bonus lanes: packed (Scoring Nim's default: 2f at one\n"
    "                 N and a bit per half-step, refusing any step that is not +-1) or\n"
    "                 wide (16 bits a value; the other games' default, 64 bits where\n"
    "                 16 cannot hold their values)\n"
    "  --progress     progress on stderr even when it is not a terminal\n"
    "  --quiet        no progress on stderr\n"
    "  --verbose      after each claim's line, its parts and findings (always in\n"
    "                 report.html and summary.json)\n"
    "  --games-csv    write games.csv, a row for every game of the families run\n"
    "                 (conj always writes it; the summary names undecided games)\n"
    "  --recheck F    st/conj-*: check this fraction of the certificates a second time\n"
    "                 by a plain recomputation of the rows (default 0.01; 1: all)\n"
    "  --checkpoint-every D  save the run this often (seconds, or with s, m or h:\n"
    "                 0, 90s, 0.5m, 10m, 2h; or never; default 1m, or longer\n"
    "                 when a save takes more than a twentieth of that: at most\n"
    "                 5% of the run) into its partial directory, which is kept\n"
    "                 when the run is killed (SIGKILL, SIGINT, SIGTERM, out of\n"
    "                 memory); a table is saved as what changed since the save\n"
    "                 before (docs/checkpoints.md)\n"
    "  --resume DIR   go on from the checkpoint in DIR, a killed run's partial\n"
    "                 directory (results/.partial-*), with the same options: the\n"
    "                 results go where that run was writing (another --out only\n"
    "                 beside DIR) and are byte-identical to an uninterrupted\n"
    "                 run's; another run's checkpoint, or a changed or corrupt\n"
    "                 one, is refused and left as it was; a DIR holding no\n"
    "                 checkpoint (killed before its first) starts again from\n"
    "                 the beginning, saying so\n"
    "  --force        --out may name an earlier run's results directory: replaced\n"
    "                 once the new results are complete (nothing else is replaced)\n"
    "  --strict-readings  the strict and literal readings of sentences the papers\n"
    "                 qualify (os/*/strict, st/conj-3x/literal: verifier list marks\n"
    "                 them) set the exit status like claims; by default their\n"
    "                 verdicts are reported apart, a FAILS of theirs expected\n"
    "  --max-mismatches N|all  mismatches of a claim listed in full in mismatches.csv\n"
    "                 (default 1000, the first ones; all: every one, memory\n"
    "                 permitting); every mismatch is counted in summary.json\n"
    "  --json         standard output holds only the verdicts as one JSON document:\n"
    "                 the results directory, the exit status, the totals and each\n"
    "                 claim as in summary.json with its first mismatch (the lines\n"
    "                 for people go to standard error)\n"
    "  --expect FILE  after the summary, say whether every verdict is the one a\n"
    "                 committed record holds (make verify: nightly/verify.json) and\n"
    "                 name each claim whose verdict differs (the exit status is the\n"
    "                 verdicts', as always)\n"
    "  --write-expected FILE  write this run's verdicts as such a record\n"
    "  --check-proofs  at the end, run the independent checker (build/proofcheck,\n"
    "                 docs/proofs.md) on every certificate the run wrote under\n"
    "                 certificates/; one it refuses ends the run with status 4\n"
    "                 (a fault of the verifier's proof), the results kept\n"
    "\n"
    "The run ends with a summary in words: how many claims hold, each one that\n"
    "fails (with its first witness) or is inconclusive (an UNDECIDED one with the\n"
    "option to raise and what that larger run would take), and apart the readings.\n"
    "A size no selected claim reads is refused.  Before any work the run estimates\n"
    "its time (the sweep from measured rates, every other claim from its seconds\n"
    "at its default sizes, a family at other sizes scaled by its work) and its\n"
    "memory (the process's own included; an estimate beside the bound where they\n"
    "differ), and refuses, with the estimate and the largest size that fits, what\n"
    "cannot finish.  Writes summary.json, mismatches.csv, games.csv, preperiods.csv,\n"
    "table.sha256, report.html with figures/, and a claim's data series NAME.dat\n"
    "(see results/README.md).  Under mpirun (build-mpi/verifier, make MPI=1) the\n"
    "Scoring Nim sweep is split over the ranks by blocks of bonus values (each rank\n"
    "holds only its block), the Stewart families by games, and rank 0 writes the\n"
    "results; a split sweep's checkpoint resumes under the same number of ranks.\n" EXIT_STATUS_HELP;

static const char *const CONJ_HELP =
    "usage: verifier conj --id ID [--max-take K] [--to L] [--m-to M] [--second-digits D]\n"
    "                     [--positions P] [--threads T] [--out DIR] [--progress | --quiet]\n"
    "                     [--recheck F] [--checkpoint-every D] [--resume DIR]\n"
    "                     [--strict-readings] [--force] [--json] [--max-mismatches N|all]\n"
    "                     [--check-proofs] [--verbose] [--game CODE]\n"
    "\n"
    "Sweeps every game of the family of one Stewart conjecture (st/conj-34,\n"
    "st/conj-35/literal, st/conj-35/eventual, st/conj-36/..., st/conj-37/...;\n"
    "`verifier list` gives each family and its defaults) on the pinned workers,\n"
    "and writes one row per game (and m) to games.csv: preperiod, least period,\n"
    "status CERTIFIED (a window repeat proves the period), OBSERVED (seen, not\n"
    "proved) or UNDECIDED (no repeat within L), plus the family summary, with\n"
    "per largest take the worst preperiod and the game attaining it (preperiods.csv).\n"
    "Games are generated and analysed a chunk at a time and their rows streamed to\n"
    "games.csv, so memory does not grow with the family.  A deterministic sample of\n"
    "the certificates (--recheck, default 0.01) is checked a second time by a plain\n"
    "recomputation of the rows; a disagreement stops the run with status 4.\n"
    "--game CODE runs the family's games of that code alone (0.26, or {4,5} in\n"
    "Conjecture 34's family): every points and second heap it comes with; their\n"
    "rows and verdicts, as one claim on those games only (no family certificate).\n"
    "Options: --max-take K, --to L, --m-to M, --second-digits D, --positions P, --threads T, --out DIR,\n"
    "--progress, --quiet, --verbose, --recheck F, --checkpoint-every D, --resume DIR, --strict-readings,\n"
    "--force, --json, --max-mismatches N|all, --check-proofs (as for check).\n"
    "Under mpirun (build-mpi/verifier, make MPI=1) each chunk of games is split over\n"
    "the ranks; rank 0 writes the results.\n" EXIT_STATUS_HELP;

static const char *const PLOT_HELP =
    "usage: verifier plot PILES [--bonus A:B] [--overlay F_k,thm-6.3] [--out FILE [--force]]\n"
    "       verifier plot N --game chance-nim [game options] [--out FILE [--force]]\n"
    "\n"
    "f_N(p) of the position PILES (such as 5,4,2) for N from A to B (integers or\n"
    "halves, as 7/2 or 3.5; default -(|p|+3):(|p|+3)), exact at every quarter of N from recursion\n"
    "(2) scaled by 4, and checked to be linear between half-integers (each quarter\n"
    "the mean of its neighbours; a warning on stderr otherwise).  Closed forms of\n"
    "the claims are drawn beside it: F_k (Definition 6.2, dashed) and thm-6.3\n"
    "(Theorem 6.3's form of the position, bold).\n"
    "\n"
    "  --bonus A:B      the window of N\n"
    "  --overlay LIST   comma-separated: F_k (k >= 1), thm-6.3\n"
    "  --out FILE       FILE.svg or FILE.png drawn by gnuplot (Debian: gnuplot-nox),\n"
    "                   with its data in FILE.dat beside it; or FILE.dat alone;\n"
    "                   must not exist; default: the data on stdout\n"
    "  --force          replace FILE and FILE.dat if they exist\n"
    "Data: `N f overlays...` per quarter of N, exact decimals, after # comments.\n"
    "\n"
    "A game of chance (--game chance-nim, values that are probabilities) draws the\n"
    "value of one pile over its size instead: PILES is the largest pile N, and the\n"
    "data are `n value exact outcome` for n = 0..N (outcome: win, loss, uncertain),\n"
    "the figure marking each point by its outcome (Holshouser and Reiter's Fig. 1:\n"
    "verifier plot 100 --game chance-nim --choices 1,4 --against 1,2 --out fig1.svg).\n"
    "\n"
    "Exit status: 0, 2 on bad input (or gnuplot missing), 4 when the output\n"
    "cannot be written.\n";

static const char *const TREE_HELP =
    "usage: verifier tree PILES --bonus N [--depth D] [--optimal-only] [--out FILE [--force]]\n"
    "\n"
    "Writes the game tree of the position PILES (such as 5,4,2) at the bonus N\n"
    "(an integer, a fraction or a decimal) as Graphviz DOT, as the paper's Figure 1 draws it:\n"
    "each position with its value f_N (for the player to move), each move with the\n"
    "mover's points (+ N on the last stone), optimal moves bold.  Values are exact,\n"
    "from recursion (2).\n"
    "\n"
    "  --bonus N        the bonus (required)\n"
    "  --depth D        moves below the position, 1..64 (default 1: every first move)\n"
    "  --optimal-only   only the optimal moves (with a large D: every optimal line)\n"
    "  --out FILE       FILE.dot, or FILE.svg / FILE.png rendered by Graphviz's dot\n"
    "                   (Debian: graphviz); must not exist; default: DOT on stdout\n"
    "  --force          replace FILE if it exists (in one rename, once written whole)\n"
    "\n"
    "Exit status: 0, 2 on bad input (or dot missing for .svg/.png), 4 when the\n"
    "output cannot be written.\n";

static const char *const CLEAN_HELP =
    "usage: verifier clean [DIR] [--older-than AGE] [--keep K]\n"
    "\n"
    "Removes the partial results directories (.partial-<pid>@<host>-*) that runs\n"
    "killed before they finished (SIGKILL, a power loss) left in DIR (default\n"
    "results/), when that process no longer runs on this host, those holding a\n"
    "checkpoint included (they can then no longer be resumed).  Every run does the\n"
    "same in the place it writes to, except for directories holding a checkpoint.\n"
    "A run stopped by SIGINT or SIGTERM removes its own partial directory unless\n"
    "it holds a checkpoint (kept for --resume).\n"
    "\n"
    "With --older-than or --keep it also removes finished results (directories of\n"
    "a run's summary.json, or of a nightly run's junit.xml), never the one\n"
    "DIR/latest points at:\n"
    "  --older-than AGE  those older than AGE (seconds, or with s, m, h or d:\n"
    "                    30d, 12h, 90m, 1.5h, 3600)\n"
    "  --keep K          all but the K newest (with --older-than: those older than\n"
    "                    AGE beyond the K newest)\n"
    "Exit status: 0, 2 when DIR is not a directory or an option is wrong.\n";

static int usage_error(const char *msg)
{
    print_error_line(stderr, msg);
    return EXIT_USAGE;
}


/* ---- games and their options ---- */

/* `fixed` and then --game and every registered game's own options (each
 * name once) into out; returns how many. */
static int with_game_options(const opt_spec *fixed, int n, opt_spec *out)
{
    for (int i = 0; i < n; i++)
        out[i] = fixed[i];
    out[n++] = (opt_spec){"game", true, false};
    for (int g = 0; game_registry[g]; g++)
        for (int i = 0; game_registry[g]->options[i].name; i++) {
            bool seen = false;
            for (int j = 0; j < n; j++)
                seen = seen || strcmp(out[j].name, game_registry[g]->options[i].name) == 0;
            if (!seen) {
                if (n == OPTS_MAX)
                    die("internal error: more game options than a command can take");
                /* A game's value may be a negative number (chance-nim's
                 * --choices -1:1); the game refuses what it cannot take. */
                out[n++] = (opt_spec){game_registry[g]->options[i].name, true, true};
            }
        }
    return n;
}

/* The game of a command line: --game NAME, or else the one game whose own
 * options were given (NULL: neither), with its options' values.  The
 * specs from `first` on are the game options (with_game_options).
 * Returns 0, or an exit status with the message printed. */
static int read_game(const char *cmd, const opt_spec *specs, int nspecs, int first, const opt_result *r,
                     const game_entry **game, const char **option)
{
    char err[256];
    const char *name = opts_get(specs, nspecs, r, "game");
    const game_entry *g = NULL;
    if (name && !(g = game_find(name))) {
        snprintf(err, sizeof err, "%s: unknown game '%.60s' (see verifier games)", cmd, name);
        return usage_error(err);
    }
    for (int i = first; i < nspecs; i++) {
        if (!r->value[i] || strcmp(specs[i].name, "game") == 0)
            continue;
        if (!g) {
            /* The one game that has this option; of several, each named. */
            char *games = xstrdup("", "a message");
            int having = 0;
            for (int e = 0; game_registry[e]; e++)
                if (game_option_index(game_registry[e], specs[i].name) >= 0) {
                    g = game_registry[e];
                    char *more = claim_printf("%s%s%s", games, having++ ? ", " : "", g->name);
                    free(games);
                    games = more;
                }
            if (having > 1) {
                char *line = claim_printf("%s: --%s is an option of %d games (%s): name one with --game", cmd,
                                          specs[i].name, having, games);
                free(games);
                int rc = usage_error(line);
                free(line);
                return rc;
            }
            free(games);
        }
        if (game_option_index(g, specs[i].name) < 0) {
            snprintf(err, sizeof err, "%s: --%s is not an option of %s (see verifier games)", cmd, specs[i].name,
                     g->name);
            return usage_error(err);
        }
        option[game_option_index(g, specs[i].name)] = r->value[i];
    }
    *game = g;
    return 0;
}

static const char *const GAMES_HELP =
    "usage: verifier games [--markdown]\n"
    "\n"
    "Prints every game the verifier can sweep: its name (for --game), how its\n"
    "values combine, its rules, what ends it, and its own options.\n"
    "\n"
    "  --markdown     the same as one Markdown table (docs/engine.md holds it, and\n"
    "                 a test checks that it is the registry's)\n";


static void print_games_markdown(void)
{
    printf("| game | values | rules | ending | options |\n| --- | --- | --- | --- | --- |\n");
    for (int i = 0; game_registry[i]; i++) {
        const game_entry *e = game_registry[i];
        printf("| `%s` | %s | ", e->name, value_kind_name(e->kind));
        markdown_cell_put(stdout, e->summary);
        printf(" | ");
        markdown_cell_put(stdout, e->ending);
        if (e->size_help) {
            printf(" Sizes: ");
            markdown_cell_put(stdout, e->size_help);
        }
        printf(" | ");
        for (int k = 0; e->options[k].name; k++)
            printf("%s`--%s`", k ? ", " : "", e->options[k].name);
        printf("%s |\n", e->options[0].name ? "" : "none");
    }
}

static int cmd_games(int argc, char **argv)
{
    static const opt_spec specs[] = {{"markdown", false, false}};
    opt_result r;
    int rc = opts_parse_or_help(argc, argv, specs, 1, 0, &r, GAMES_HELP);
    if (rc != 0)
        return rc < 0 ? EXIT_USAGE : 0;
    if (r.value[0]) {
        print_games_markdown();
        return 0;
    }
    for (int i = 0; game_registry[i]; i++) {
        const game_entry *e = game_registry[i];
        printf("%s\n    values:  %s\n    rules:   %s\n    ending:  %s\n", e->name, value_kind_name(e->kind), e->summary,
               e->ending);
        if (e->size_help)
            printf("    sizes:   %s\n", e->size_help);
        if (e->sequence)
            printf("    sequence: verifier sequence %s%s%s --to L%s%s%s\n", e->name, e->sequence->usage[0] ? " " : "",
                   e->sequence->usage, e->sequence->command ? " (or verifier " : "",
                   e->sequence->command ? e->sequence->command : "", e->sequence->command ? " ...)" : "");
        for (int k = 0; e->options[k].name; k++)
            printf("    --%s: %s\n", e->options[k].name, e->options[k].help);
    }
    return 0;
}

static int cmd_list(int argc, char **argv)
{
    static const opt_spec specs[] = {{"json", false, false}, {"markdown", false, false}};
    opt_result r;
    int rc = opts_parse_or_help(argc, argv, specs, 2, 4, &r, LIST_HELP);
    if (rc != 0)
        return rc < 0 ? EXIT_USAGE : 0;
    if (r.value[0] && r.value[1])
        return usage_error("list: --json or --markdown, not both");
    if (r.value[1] && r.npositional)
        return usage_error("list: --markdown lists every claim (the index of docs/claims.md); give no ID with it");
    if (r.value[1]) {
        claim_list_markdown(stdout);
        return 0;
    }
    if (!r.npositional) {
        claim_list_print(stdout, r.value[0] != NULL, NULL, 0);
        return 0;
    }
    /* IDs or patterns, as --claims takes them (each may be a comma list). */
    char patterns[1024] = "", err[1280];
    for (int i = 0; i < r.npositional; i++)
        if (snprintf(patterns + strlen(patterns), sizeof patterns - strlen(patterns), "%s%s", i ? "," : "",
                     r.positional[i]) >= (int)(sizeof patterns - strlen(patterns)))
            return usage_error("list: the IDs given are longer than 1000 characters");
    const claim_def *chosen[CLAIMS_MAX];
    int n = select_claims(patterns, chosen, err, sizeof err);
    if (n < 0) {
        char msg[1400];
        snprintf(msg, sizeof msg, "list: %s", err);
        return usage_error(msg);
    }
    claim_list_print(stdout, r.value[0] != NULL, chosen, n);
    return 0;
}

/* The position of value, tree and plot (their one positional argument),
 * and the default window of N, -(|p|+3) .. |p|+3.  0, or an exit status. */
static int read_position(const opt_result *r, value_query *q)
{
    if (r->npositional == 0) {
        char msg[96];
        snprintf(msg, sizeof msg, "%s needs a position such as 5,4,2", q->command);
        return usage_error(msg);
    }
    char err[256];
    /* A range of one pile only for value (one line a position). */
    pile_range range = {-1, 0};
    if (parse_position(r->positional[0], q->piles, &q->n, &q->tag, strcmp(q->command, "value") == 0 ? &range : NULL,
                       err, sizeof err) != 0)
        return usage_error(err);
    q->range_at = range.at;
    q->range_hi = range.hi;
    const game_entry *e = q->game ? q->game : game_default();
    int total = 0;
    for (int i = 0; i < q->n; i++) {
        if (q->piles[i] == GAME_PILE_UNKNOWN && !e->unknown_piles) {
            snprintf(err, sizeof err, "%s: a pile of unknown size ('?') is a position of a game with unknown piles "
                     "(unknown-nim), not of %s", q->command, e->name);
            return usage_error(err);
        }
        total += q->piles[i] > 0 ? q->piles[i] : 0;
    }
    q->lo = (rat){-(long)(total + 3), 1};
    q->hi = (rat){total + 3, 1};
    return 0;
}

static int cmd_value(int argc, char **argv)
{
    static const opt_spec fixed[] = {
        {"bonus", true, true}, {"step", true, false}, {"explain", false, false}, {"json", false, false}};
    opt_spec specs[OPTS_MAX];
    int nfixed = (int)(sizeof fixed / sizeof *fixed), nspecs = with_game_options(fixed, nfixed, specs);
    opt_result r;
    int rc = opts_parse_or_help(argc, argv, specs, nspecs, 1, &r, VALUE_HELP);
    if (rc != 0)
        return rc < 0 ? EXIT_USAGE : 0;
    value_query q = {.command = "value", .step = {1, 1}, .explain = r.value[2] != NULL, .json = r.value[3] != NULL};
    char err[256];
    if ((rc = read_game("value", specs, nspecs, nfixed, &r, &q.game, q.option)) != 0)
        return rc;
    if ((rc = read_position(&r, &q)) != 0)
        return rc;
    /* A game without scores has one value a position: a bonus would be
     * ignored, so it is refused rather than silently dropped. */
    const game_entry *e = q.game ? q.game : game_default();
    if (e->kind != VALUE_MARGIN && (r.value[0] || r.value[1] || q.explain)) {
        snprintf(err, sizeof err, "value: --bonus, --step and --explain are for games with scores; %s has %s values",
                 e->name, value_kind_name(e->kind));
        return usage_error(err);
    }
    if (e->one_lane && (r.value[0] || r.value[1] || q.explain)) {
        snprintf(err, sizeof err, "value: --bonus, --step and --explain are for games with a bonus; %s has none "
                 "(one value a position)", e->name);
        return usage_error(err);
    }
    if (r.value[0] && parse_bonus_range(r.value[0], &q.lo, &q.hi, err, sizeof err) != 0)
        return usage_error(err);
    if (r.value[1]) {
        if (parse_rational(r.value[1], &q.step, "value: --step", err, sizeof err) != 0)
            return usage_error(err);
        if (q.step.num <= 0)
            return usage_error("value: --step must be positive");
    }
    if (q.explain && (q.lo.num != q.hi.num || q.lo.den != q.hi.den))
        return usage_error("value: --explain needs one bonus (--bonus N)");
    return run_value(&q);
}

static int cmd_tree(int argc, char **argv, run_guard *guard)
{
    static const opt_spec fixed[] = {{"bonus", true, true},
                                     {"depth", true, false},
                                     {"optimal-only", false, false},
                                     {"out", true, false},
                                     {"force", false, false}};
    opt_spec specs[OPTS_MAX];
    int nfixed = (int)(sizeof fixed / sizeof *fixed), nspecs = with_game_options(fixed, nfixed, specs);
    opt_result r;
    int rc = opts_parse_or_help(argc, argv, specs, nspecs, 1, &r, TREE_HELP);
    if (rc != 0)
        return rc < 0 ? EXIT_USAGE : 0;
    /* Depth 1 by default: every first move, readable at a glance (two
     * levels of a position of 11 stones are a hundred nodes). */
    tree_query q = {.value = {.command = "tree", .step = {1, 1}}, .guard = guard, .depth = 1, .optimal_only = r.value[2] != NULL,
                    .out = r.value[3], .force = r.value[4] != NULL};
    char err[256];
    if ((rc = read_game("tree", specs, nspecs, nfixed, &r, &q.value.game, q.value.option)) != 0)
        return rc;
    if ((rc = read_position(&r, &q.value)) != 0)
        return rc;
    if (!r.value[0])
        return usage_error("tree needs --bonus N");
    if (strchr(r.value[0], ':'))
        return usage_error("tree: --bonus takes one N, such as 0 or -3/2");
    if (parse_rational(r.value[0], &q.value.lo, "tree: --bonus", err, sizeof err) != 0)
        return usage_error(err);
    q.value.hi = q.value.lo;
    long v;
    if (r.value[1]) {
        char what[] = "tree: --depth";
        if (parse_long(r.value[1], 1, 64, &v, what, err, sizeof err) != 0)
            return usage_error(err);
        q.depth = (int)v;
    }
    return run_tree(&q);
}

/* "F_3,thm-6.3": the names of the closed forms to draw beside f (run_plot
 * finds them among the forms of the papers about the plotted game). */
static int parse_overlays(const char *s, plot_query *q)
{
    char buf[256];
    /* Four overlays are a few dozen characters: a longer list is refused,
     * never cut. */
    if (strlen(s) >= sizeof buf)
        return usage_error("plot: --overlay: at most 4 overlays");
    snprintf(buf, sizeof buf, "%s", s);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (q->noverlays == PLOT_MAX_OVERLAYS)
            return usage_error("plot: at most 4 overlays");
        plot_overlay *o = &q->overlays[q->noverlays++];
        if (strlen(tok) >= sizeof o->name) {
            char err[320];
            snprintf(err, sizeof err, "plot: unknown overlay '%.40s...'", tok);
            return usage_error(err);
        }
        snprintf(o->name, sizeof o->name, "%s", tok);
    }
    return 0;
}

static int cmd_plot(int argc, char **argv, run_guard *guard)
{
    static const opt_spec fixed[] = {
        {"bonus", true, true}, {"overlay", true, false}, {"out", true, false}, {"force", false, false}};
    opt_spec specs[OPTS_MAX];
    int nfixed = (int)(sizeof fixed / sizeof *fixed), nspecs = with_game_options(fixed, nfixed, specs);
    opt_result r;
    int rc = opts_parse_or_help(argc, argv, specs, nspecs, 1, &r, PLOT_HELP);
    if (rc != 0)
        return rc < 0 ? EXIT_USAGE : 0;
    plot_query q = {.value = {.command = "plot", .step = {1, 4}}, .guard = guard, .out = r.value[2], .force = r.value[3] != NULL};
    char err[256];
    if ((rc = read_game("plot", specs, nspecs, nfixed, &r, &q.value.game, q.value.option)) != 0)
        return rc;
    if ((rc = read_position(&r, &q.value)) != 0)
        return rc;
    if (r.value[0]) {
        if (parse_bonus_range(r.value[0], &q.value.lo, &q.value.hi, err, sizeof err) != 0)
            return usage_error(err);
        if (q.value.lo.den > 2 || q.value.hi.den > 2 ||
            (q.value.lo.num == q.value.hi.num && q.value.lo.den == q.value.hi.den))
            return usage_error("plot: --bonus A:B with A < B, integers or halves");
    }
    if (r.value[1] && parse_overlays(r.value[1], &q) != 0)
        return EXIT_USAGE;
    return run_plot(&q);
}

/* An integer option in [lo, hi], or an error naming the command. */
static int int_option(const char *cmd, const char *name, const char *v, long lo, long hi, long *out)
{
    char what[64], err[256];
    snprintf(what, sizeof what, "%s: --%s", cmd, name);
    if (parse_long(v, lo, hi, out, what, err, sizeof err) != 0)
        return usage_error(err);
    return 0;
}

/* Reads check's or conj's command line into o.  Returns 0, EXIT_USAGE
 * (said on stderr), or -1 when it printed the help (the command is done). */
static int parse_check(int argc, char **argv, check_options *out)
{
    bool is_conj = strcmp(argv[0], "conj") == 0;
    /* conj has no --piles, --bound or --claims (its family is --id);
     * check has no --id. */
    static const opt_spec check_specs[] = {
        {"piles", true, false},   {"bound", true, false}, {"claims", true, false}, {"threads", true, false},
        {"out", true, false},     {"max-take", true, false}, {"to", true, false},  {"m-to", true, false},
        {"kernel", true, false},  {"table", true, false},  {"progress", false, false}, {"quiet", false, false},
        {"recheck", true, false}, {"second-digits", true, false}, {"positions", true, false},
        {"checkpoint-every", true, false}, {"resume", true, false}, {"strict-readings", false, false},
        {"force", false, false}, {"json", false, false}, {"max-mismatches", true, false},
        {"expect", true, false}, {"write-expected", true, false}, {"check-proofs", false, false},
        {"verbose", false, false}, {"games-csv", false, false},
    };
    static const opt_spec conj_specs[] = {
        {"id", true, false},      {"threads", true, false}, {"out", true, false}, {"max-take", true, false},
        {"to", true, false},      {"m-to", true, false},    {"progress", false, false}, {"quiet", false, false},
        {"recheck", true, false}, {"second-digits", true, false}, {"positions", true, false},
        {"checkpoint-every", true, false}, {"resume", true, false}, {"strict-readings", false, false},
        {"force", false, false}, {"json", false, false}, {"max-mismatches", true, false},
        {"check-proofs", false, false}, {"verbose", false, false}, {"game", true, false},
    };
    opt_spec check_all[OPTS_MAX];
    int ncheck = (int)(sizeof check_specs / sizeof *check_specs);
    int ncheck_all = with_game_options(check_specs, ncheck, check_all);
    const opt_spec *specs = is_conj ? conj_specs : check_all;
    int nspecs = is_conj ? (int)(sizeof conj_specs / sizeof *conj_specs) : ncheck_all;
    opt_result r;
    int rc = opts_parse_or_help(argc, argv, specs, nspecs, 0, &r, is_conj ? CONJ_HELP : CHECK_HELP);
    if (rc != 0)
        return rc < 0 ? EXIT_USAGE : -1;
#define GET(name) opts_get(specs, nspecs, &r, name)
    const char *cmd = argv[0], *piles = GET("piles"), *bound = GET("bound"), *threads = GET("threads"),
               *max_take = GET("max-take"), *to = GET("to"), *m_to = GET("m-to");
    check_options o = {.command = cmd, .out = GET("out"), .strict_readings = GET("strict-readings") != NULL,
                       .force = GET("force") != NULL, .json = GET("json") != NULL,
                       .verbose = GET("verbose") != NULL,
                       /* conj's rows are what it is run for; check's on request. */
                       .games_csv = is_conj || GET("games-csv") != NULL,
                       .check_proofs = GET("check-proofs") != NULL, .argc = argc,
                       .argv = (const char *const *)argv};
    if (!is_conj) {
        o.expect = GET("expect");
        o.write_expected = GET("write-expected");
    }
    if (o.force && !o.out)
        return usage_error("--force replaces the directory --out names: give --out");
    o.max_mismatches = CLAIM_KEEP_MISMATCHES;
    const char *max_mism = GET("max-mismatches");
    if (max_mism && strcmp(max_mism, "all") == 0)
        o.max_mismatches = CLAIM_KEEP_ALL;
    else if (max_mism) {
        long keep;
        if (int_option(cmd, "max-mismatches", max_mism, 0, 100000000, &keep))
            return EXIT_USAGE;
        o.max_mismatches = (uint64_t)keep;
    }
    if (!is_conj && (rc = read_game(cmd, specs, nspecs, ncheck, &r, &o.game, o.game_option)) != 0)
        return rc;
    long v;
    if (piles && int_option(cmd, "piles", piles, 1, MS_MAX_SLOTS, &v))
        return EXIT_USAGE;
    o.piles = piles ? (int)v : 0;
    if (bound && int_option(cmd, "bound", bound, 1, MS_MAX_BOUND, &v))
        return EXIT_USAGE;
    o.bound = bound ? (int)v : 0;
    if (threads && int_option(cmd, "threads", threads, 1, 4096, &v))
        return EXIT_USAGE;
    o.threads = threads ? (int)v : 0;
    if (max_take && int_option(cmd, "max-take", max_take, 1, 64, &v))
        return EXIT_USAGE;
    o.sizes.max_take = max_take ? (int)v : 0;
    if (to && int_option(cmd, "to", to, 1, 10000000, &v))
        return EXIT_USAGE;
    o.sizes.rows = to ? (int)v : 0;
    if (m_to) {
        if (int_option(cmd, "m-to", m_to, 0, 32, &v))
            return EXIT_USAGE;
        /* 0 means "the claim's default"; m = 0 alone is asked as -1. */
        o.sizes.m_to = v == 0 ? -1 : (int)v;
    }
    const char *second = GET("second-digits");
    if (second) {
        if (int_option(cmd, "second-digits", second, 0, 8, &v))
            return EXIT_USAGE;
        /* 0 means "the claim's default"; no second heap is asked as -1. */
        o.sizes.second_digits = v == 0 ? -1 : (int)v;
    }
    const char *positions = GET("positions");
    if (positions) {
        if (int_option(cmd, "positions", positions, 1000, 2000000000L, &v))
            return EXIT_USAGE;
        o.sizes.positions = v;
    }
    o.sizes_given = (max_take ? CLAIM_USES_MAX_TAKE : 0) | (to ? CLAIM_USES_TO : 0) | (m_to ? CLAIM_USES_M_TO : 0) |
                    (second ? CLAIM_USES_SECOND_DIGITS : 0) | (positions ? CLAIM_USES_POSITIONS : 0);
    char err[256];
    /* conj --game CODE: the family's games of that code alone (the
     * family reads the code: check_options_fit, before any work). */
    if (is_conj)
        o.sizes.game = GET("game");
    const char *kernel = GET("kernel"), *table = GET("table");
    if (kernel && strcmp(kernel, "runmax") != 0 && strcmp(kernel, "moves") != 0) {
        snprintf(err, sizeof err, "%s: --kernel must be runmax or moves, got '%.40s'", cmd, kernel);
        return usage_error(err);
    }
    o.kernel = kernel && strcmp(kernel, "moves") == 0 ? KERNEL_PLAIN : KERNEL_FAST;
    o.kernel_given = kernel != NULL;
    if (table && strcmp(table, "packed") != 0 && strcmp(table, "wide") != 0) {
        snprintf(err, sizeof err, "%s: --table must be packed or wide, got '%.40s'", cmd, table);
        return usage_error(err);
    }
    o.format = table && strcmp(table, "wide") == 0 ? FORMAT_WIDE : FORMAT_PACKED;
    o.format_given = table != NULL;
    if (GET("progress") && GET("quiet"))
        return usage_error("--progress and --quiet exclude each other");
    o.progress = GET("progress") ? 1 : GET("quiet") ? -1 : 0;
    o.recheck = DEFAULT_RECHECK;
    if (GET("recheck")) {
        char *end;
        const char *v = GET("recheck");
        double f = strtod(v, &end);
        if (end == v || *end || !(f >= 0 && f <= 1)) {
            snprintf(err, sizeof err, "%s: --recheck must be a fraction from 0 to 1, got '%.40s'", cmd, v);
            return usage_error(err);
        }
        o.recheck = f;
    }
    o.checkpoint_every = CKPT_DEFAULT_EVERY;
    o.checkpoint_stretch = !GET("checkpoint-every");
    if (GET("checkpoint-every") && ckpt_parse_duration(GET("checkpoint-every"), &o.checkpoint_every, err, sizeof err) != 0)
        return usage_error(err);
    o.resume = GET("resume");
    if (is_conj) {
        const char *id = GET("id");
        if (!id)
            return usage_error("conj needs --id (see verifier conj --help)");
        /* One family claim: the registry says which claims spread a
         * family of games over the workers. */
        const claim_def *family = strpbrk(id, "*?[,") ? NULL : claim_find(id);
        if (!family || !family->spreads_games) {
            snprintf(err, sizeof err, "conj: --id must be one conjecture id such as st/conj-34, got '%.60s'", id);
            return usage_error(err);
        }
        o.claims = id;
    } else {
        if (GET("claims"))
            o.claims = GET("claims");
    }
#undef GET
    *out = o;
    return 0;
}

/* Points fd (1 or 2) at /dev/null; returns a copy of what it was, to put
 * back with restore_fd (-1: nothing to put back). */
static int silence_fd(int fd)
{
    fflush(fd == 1 ? stdout : stderr);
    int saved = dup(fd), null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (saved < 0 || null < 0 || dup2(null, fd) < 0)
        die("cannot silence a rank's output");
    close(null);
    return saved;
}

static void restore_fd(int fd, int saved)
{
    if (saved < 0)
        return;
    fflush(fd == 1 ? stdout : stderr);
    if (dup2(saved, fd) < 0)
        die("cannot restore a rank's output");
    close(saved);
}

static int cmd_check(int argc, char **argv, run_guard *guard)
{
    /* Under mpirun (a build with MPI=1) the processes join first, so that
     * rank 0 alone says what is wrong with a command line every rank reads
     * alike; alone, this is one process. */
    char err[256];
    run_ranks ranks;
    if (ranks_init(&ranks, &argc, &argv, err, sizeof err) != 0) {
        print_error_line(stderr, err);
        return EXIT_RUN_ERROR;
    }
    int out = ranks.rank != 0 ? silence_fd(1) : -1, errs = ranks.rank != 0 ? silence_fd(2) : -1;
    check_options o;
    int status = parse_check(argc, argv, &o);
    restore_fd(2, errs);
    if (status == 0) {
        o.ranks = &ranks;
        /* Rank 0 speaks for the run: the others' standard output stays
         * silenced. */
        if (ranks.rank != 0)
            o.progress = -1;
        status = run_check(&o, guard);
    } else {
        /* Rank 0's status is the run's (and mpirun's); -1: help shown. */
        status = ranks.rank == 0 && status > 0 ? status : 0;
    }
    /* The work is over: a rank other than 0 signalled now (mpirun ending
     * the job when rank 0 exits with a verdict or a refusal) has nothing
     * to clean up or to say.  (A rank's own failure keeps its status and
     * its words.) */
    if (ranks.rank != 0 && status == 0)
        guard_done(guard);
    /* Rank 0's verdict is printed and its results are in place: mpirun
     * ending the job now (another rank died after the work was done)
     * must not make it say "no verdict". */
    if (ranks.rank == 0)
        guard_ended(guard, status);
#ifdef TEST_KILL_IN_CHECKPOINT
    /* Only in the resume test's build: rank 0 lingers after its verdict. */
    const char *pause = getenv("VERIFIER_PAUSE_AFTER_VERDICT");
    if (pause && ranks.rank == 0)
        sleep((unsigned)atoi(pause));
#endif
    restore_fd(1, out);
    ranks_finalize(&ranks);
    return status;
}

static int cmd_clean(int argc, char **argv)
{
    static const opt_spec specs[] = {{"older-than", true, false}, {"keep", true, false}};
    opt_result r;
    int rc = opts_parse_or_help(argc, argv, specs, 2, 1, &r, CLEAN_HELP);
    if (rc != 0)
        return rc < 0 ? EXIT_USAGE : 0;
    const char *dir = r.npositional ? r.positional[0] : "results";
    double older = -1;
    long keep = -1;
    char err[4096];
    if (r.value[0] && parse_duration(r.value[0], "smhd", &older) != 0) {
        snprintf(err, sizeof err, "clean: --older-than must be an age such as 30d, 12h, 90m or 3600s, got '%.40s'",
                 r.value[0]);
        return usage_error(err);
    }
    if (r.value[1] && parse_long(r.value[1], 0, 1000000, &keep, "clean: --keep", err, sizeof err) != 0)
        return usage_error(err);
    /* A place that is not a directory is said so, not cleaned of nothing. */
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, sizeof err, "clean: %.3800s %s", dir, stat(dir, &st) != 0 ? "does not exist" : "is not a directory");
        return usage_error(err);
    }
    int removed = 0, finished = 0;
    uint64_t bytes = 0;
    results_clean_stale(dir, true, &removed);
    if ((r.value[0] || r.value[1]) && results_clean_finished(dir, older, (int)keep, &finished, &bytes, err,
                                                            sizeof err) != 0) {
        say_error("clean: %s", err);
        return EXIT_RUN_ERROR;
    }
    printf("clean: removed %d partial director%s", removed, removed == 1 ? "y" : "ies");
    if (r.value[0] || r.value[1]) {
        char size[MEM_BYTES_TEXT];
        mem_format_bytes(bytes, size, sizeof size);
        printf(" and %d finished results director%s (%s)", finished, finished == 1 ? "y" : "ies", size);
    }
    printf(" in %s\n", dir);
    return 0;
}

/* ---- the commands ---- */

static int command_list(int argc, char **argv, run_guard *guard)
{
    (void)guard;
    return cmd_list(argc, argv);
}

static int command_games(int argc, char **argv, run_guard *guard)
{
    (void)guard;
    return cmd_games(argc, argv);
}

static int command_value(int argc, char **argv, run_guard *guard)
{
    (void)guard;
    return cmd_value(argc, argv);
}

static int command_clean(int argc, char **argv, run_guard *guard)
{
    (void)guard;
    return cmd_clean(argc, argv);
}

static int command_nightly(int argc, char **argv, run_guard *guard)
{
    (void)guard;
    return cmd_nightly(argc, argv);
}

/* A command: its name, its line in the top-level help (a second line
 * indented to the text's column where it wraps), and what runs it (argv[0]
 * the command's name). */
typedef struct {
    const char *name, *summary;
    int (*run)(int argc, char **argv, run_guard *guard);
} command;

/* Every command, in the order the help lists them; `sequence` (its
 * summary names the games that offer one, from the registry) is followed by
 * the commands games name for their own sequence (gs). */
static const command COMMANDS[] = {
    {"list", "print the claims (all, or those named): source, game, statement", command_list},
    {"games", "print every game the verifier can sweep, with its rules and options", command_games},
    {"value", "print the exact value of one position (Scoring Nim's f_N(p) at any\n"
              "            rational N by default; any game with --game)",
     command_value},
    {"tree", "draw the game tree of a position at one N (Graphviz DOT)", cmd_tree},
    {"plot", "draw f_N(p) over N with the claims' closed forms, or a game of\n"
             "            chance's single-pile values (gnuplot)",
     cmd_plot},
    {"check", "sweep every position of a game up to a bound and check the claims", cmd_check},
    {"conj", "sweep one family of scoring octal games for a conjecture st/conj-*", cmd_check},
    {"sequence", NULL, cmd_sequence_of},
    {"clean", "remove partial results left by runs that were killed", command_clean},
    {"nightly", "run the regression sweeps and compare them with the golden record", command_nightly},
};

static const command *command_named(const char *name)
{
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++)
        if (strcmp(COMMANDS[i].name, name) == 0)
            return &COMMANDS[i];
    return NULL;
}

/* `sequence`'s line in the top-level help: the games that offer one. */
static void print_sequence_line(FILE *f)
{
    fprintf(f, "  %-9s print one game's values on one heap and their period; games:", "sequence");
    int col = 74;
    for (int g = 0; game_registry[g]; g++) {
        if (!game_registry[g]->sequence)
            continue;
        int len = (int)strlen(game_registry[g]->name) + 1;
        if (col + len > 80) {
            fprintf(f, "\n           ");
            col = 11;
        }
        fprintf(f, " %s", game_registry[g]->name);
        col += len;
    }
    fputc('\n', f);
}

/* The top-level help, its command list from the table and the games. */
static void print_main_help(FILE *f)
{
    fputs(MAIN_HELP_HEAD, f);
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++) {
        if (COMMANDS[i].run != cmd_sequence_of) {
            fprintf(f, "  %-9s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
            continue;
        }
        print_sequence_line(f);
        /* The commands games name for their own sequence. */
        for (int g = 0; game_registry[g]; g++) {
            const game_sequence *q = game_registry[g]->sequence;
            if (q && q->command)
                fprintf(f, "  %-9s %s\n", q->command, q->summary);
        }
    }
    fputs(MAIN_HELP_TAIL, f);
}

/* A game's command for its sequence may not be a command the verifier
 * has, nor another game's: found on every run, it is a bug in the
 * registry, not a choice left to the order of the lists. */
static void check_sequence_commands(void)
{
    for (int g = 0; game_registry[g]; g++) {
        const game_sequence *q = game_registry[g]->sequence;
        if (!q)
            continue;
        /* "sequence GAME" and the game's own command: names the messages
         * are built on, in buffers of SEQUENCE_COMMAND_MAX. */
        if (strlen("sequence ") + strlen(game_registry[g]->name) > SEQUENCE_COMMAND_MAX ||
            (q->command && strlen(q->command) > SEQUENCE_COMMAND_MAX))
            die("internal error: the game %s's name or its sequence's command is longer than a command's name "
                "may be (%d bytes)",
                game_registry[g]->name, SEQUENCE_COMMAND_MAX);
        if (!q->command)
            continue;
        if (command_named(q->command) || game_with_sequence(q->command) != game_registry[g])
            die("internal error: the game %s names the command '%s' for its sequence, which %s already has",
                game_registry[g]->name, q->command, command_named(q->command) ? "the verifier" : "another game");
    }
}

static int dispatch(int argc, char **argv, run_guard *guard)
{
    check_sequence_commands();
    if (argc < 2)
        return usage_error("missing command (see verifier --help)");
    const char *cmd = argv[1];
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        if (argc > 2)
            return usage_error("--version takes no arguments");
        printf("verifier " VERIFIER_VERSION "\n");
        return 0;
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        if (argc > 2)
            return usage_error("--help takes no arguments; try verifier COMMAND --help");
        print_main_help(stdout);
        return 0;
    }
    const command *c = command_named(cmd);
    if (c)
        return c->run(argc - 1, argv + 1, guard);
    /* A command a game names for its own sequence (`gs`). */
    const game_entry *sequence_game = game_with_sequence(cmd);
    if (sequence_game)
        return cmd_sequence(sequence_game, argc - 1, argv + 1, guard);
    char err[256];
    snprintf(err, sizeof err, "unknown command '%.64s' (see verifier --help)", cmd);
    return usage_error(err);
}

/* Whether main has begun: the one flag the process has before main, for
 * the handler below (nothing else exists yet to hold it). */
static volatile int main_began;

/* An exit before main: a library's constructor gave up (libgomp, when
 * its first allocation fails, prints its own line and exits with status
 * 1, which reads as "some claim FAILS").  Say that no verdict was
 * reached, and make it the error status.  From main on the guard
 * (guard.h) decides. */
static void on_exit_before_main(int status, void *arg)
{
    if (*(volatile int *)arg)
        return;
    fprintf(stderr, "verifier: a library stopped the process before it began (exit %d); no verdict was reached\n",
            status);
    _exit(EXIT_RUN_ERROR);
}

/* Run from the executable's preinit array, before any library's
 * constructor (the dynamic loader runs those after it). */
static void watch_exit_before_main(int argc, char **argv, char **envp)
{
    (void)argc, (void)argv, (void)envp;
    on_exit(on_exit_before_main, (void *)&main_began);
}
__attribute__((section(".preinit_array"), used)) static void (*const preinit_watch)(int, char **, char **) =
    watch_exit_before_main;

int main(int argc, char **argv)
{
    main_began = 1;
    /* hwloc loads its plugins (PCI, OpenGL, OpenCL, and libxml2 with ICU
     * behind it) with its first topology; the verifier reads only cores,
     * and an allocation failing inside the dynamic loader there ends the
     * process with status 127 from ld.so before the verifier can say a
     * word.  A user's own setting is kept. */
    setenv("HWLOC_PLUGINS_BLACKLIST", "hwloc_xml_libxml,hwloc_pci,hwloc_gl,hwloc_opencl", 0);
    /* One malloc arena for every thread.  Each further arena reserves 64
     * MiB of address space when, and only if, ulimit -v leaves room for
     * it, so with several the memory budget (ulimit -v less what is
     * mapped) could shrink as the limit grows; with one it grows with the
     * limit.  The hot loops allocate nothing (a 5-pile sweep with the
     * os claims: 51 s with one arena, 54 s with glibc's default). */
    mallopt(M_ARENA_MAX, 1);
    xalloc_for_gmp();
    run_guard guard;
    if (guard_install(&guard) != 0) {
        /* Its exit handler may hold &guard: leave without running it. */
        fprintf(stderr, "verifier: cannot install the exit and signal handlers; no verdict was reached\n");
        fflush(stderr);
        _exit(EXIT_RUN_ERROR);
    }
    /* exit, not return: the exit handler reads the guard, which lives in
     * this frame. */
    exit(guard_finish(&guard, dispatch(argc, argv, &guard)));
}
