#!/bin/sh
# claim_seconds.sh -- each claim's measured seconds (proofs/claim_seconds.h):
#   claim_seconds.sh tsv SUMMARY.json   the table proofs/claim_seconds.tsv,
#       from a make verify run's summary.json (its sweep's piles and bound,
#       and run.seconds.per_claim: one "id": seconds line each, as the
#       verifier indents it); make claim-seconds runs it
#   claim_seconds.sh c TSV              the table as C data, for the build
#       (BUILD/gen/claim_seconds_data.c)
set -eu
mode=${1:?usage: claim_seconds.sh tsv SUMMARY.json | c TSV}
file=${2:?usage: claim_seconds.sh tsv SUMMARY.json | c TSV}
case $mode in
tsv)
    piles=$(sed -n 's/^ *"piles": \([0-9]*\),$/\1/p' "$file" | head -n 1)
    bound=$(sed -n 's/^ *"bound": \([0-9]*\),$/\1/p' "$file" | head -n 1)
    [ -n "$piles" ] && [ -n "$bound" ] || { echo "claim_seconds.sh: no piles and bound in $file" >&2; exit 1; }
    rows=$(sed -n '/"per_claim": {/,/}/s/^ *"\([a-z]*\/[^"]*\)": \([0-9.e+-]*\),\{0,1\}$/\1	\2/p' "$file")
    [ -n "$rows" ] || { echo "claim_seconds.sh: no per-claim seconds in $file" >&2; exit 1; }
    echo "# Each claim's seconds at its default sizes in make verify on an idle 2-core machine, and the"
    echo "# table sweep they were measured on (piles, bound); rewritten by make claim-seconds, read by"
    echo "# check's estimate (proofs/claim_seconds.h)."
    printf 'sweep\t%s\t%s\n' "$piles" "$bound"
    printf '%s\n' "$rows"
    ;;
c)
    sweep=$(awk -F '\t' '$1 == "sweep" { print $2 ", CLAIM_SECONDS_BOUND = " $3 }' "$file")
    [ -n "$sweep" ] || { echo "claim_seconds.sh: no sweep line in $file" >&2; exit 1; }
    echo "/* Generated from $file by proofs/claim_seconds.sh: not by hand. */"
    echo '#include "proofs/claim_seconds.h"'
    echo
    echo "const int CLAIM_SECONDS_PILES = $sweep;"
    echo 'const claim_seconds_entry CLAIM_SECONDS[] = {'
    awk -F '\t' '!/^#/ && $1 != "sweep" && NF == 2 { printf "    {\"%s\", %s},\n", $1, $2 }' "$file"
    echo '};'
    echo 'const int CLAIM_SECONDS_COUNT = (int)(sizeof CLAIM_SECONDS / sizeof *CLAIM_SECONDS);'
    ;;
*)
    echo "claim_seconds.sh: unknown mode '$mode' (tsv or c)" >&2
    exit 2
    ;;
esac
