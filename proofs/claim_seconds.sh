#!/bin/sh
# claim_seconds.sh -- writes proofs/claim_seconds.c from a results
# directory's summary.json: each claim's seconds (run.seconds.per_claim,
# one "id": seconds line each, as the verifier indents it).
#   Usage: proofs/claim_seconds.sh results/latest/summary.json > proofs/claim_seconds.c
set -eu
summary=${1:?usage: claim_seconds.sh SUMMARY.json}
# The sweep they were measured on: the first "piles" and "bound" of the
# configuration.
piles=$(sed -n 's/^ *"piles": \([0-9]*\),$/\1/p' "$summary" | head -n 1)
bound=$(sed -n 's/^ *"bound": \([0-9]*\),$/\1/p' "$summary" | head -n 1)
[ -n "$piles" ] && [ -n "$bound" ] || { echo "claim_seconds.sh: no piles and bound in $summary" >&2; exit 1; }
rows=$(sed -n '/"per_claim": {/,/}/s/^ *"\([a-z]*\/[^"]*\)": \([0-9.e+-]*\),\{0,1\}$/    {"\1", \2},/p' "$summary")
[ -n "$rows" ] || { echo "claim_seconds.sh: no per-claim seconds in $summary" >&2; exit 1; }
cat <<HEAD
/*
 * claim_seconds.c -- each claim's seconds at its default sizes, measured
 * in the default sweep (make verify) on 2 cores (claim_seconds.h).
 * Written by \`make claim-seconds\` (proofs/claim_seconds.sh); not by hand.
 */
#include "proofs/claim_seconds.h"

#include <string.h>

const int CLAIM_SECONDS_PILES = $piles, CLAIM_SECONDS_BOUND = $bound;

const claim_seconds_entry CLAIM_SECONDS[] = {
HEAD
printf '%s\n' "$rows"
cat <<TAIL
};
const int CLAIM_SECONDS_COUNT = (int)(sizeof CLAIM_SECONDS / sizeof *CLAIM_SECONDS);

double claim_default_seconds(const char *id)
{
    for (int i = 0; i < CLAIM_SECONDS_COUNT; i++)
        if (strcmp(CLAIM_SECONDS[i].id, id) == 0)
            return CLAIM_SECONDS[i].seconds;
    return -1;
}
TAIL
