#!/bin/sh
# claim_seconds.sh -- each claim's measured seconds (proofs/claim_seconds.h):
#   claim_seconds.sh tsv SUMMARY.json...   the table proofs/claim_seconds.tsv,
#       from the summary.json of runs of check (make verify's first): a
#       section each, headed by its sweep (piles, bound, positions x bonus
#       values), then run.seconds.per_claim, one "id": seconds line each,
#       as the verifier indents it; make claim-seconds runs it
#   claim_seconds.sh c TSV                  the table as C data, for the build
#       (BUILD/gen/claim_seconds_data.c)
set -eu
usage="usage: claim_seconds.sh tsv SUMMARY.json... | c TSV"
mode=${1:?$usage}
shift
[ $# -ge 1 ] || { echo "$usage" >&2; exit 2; }
case $mode in
tsv)
    echo "# Each claim's seconds at its default sizes on an idle 2-core machine, a section a sweep"
    echo "# measured (sweep, piles, bound, positions x bonus values): make verify's first, then a"
    echo "# sweep of make bench's size; rewritten by make claim-seconds, read by check's estimate"
    echo "# (proofs/claim_seconds.h)."
    for file in "$@"; do
        piles=$(sed -n 's/^ *"piles": \([0-9]*\),$/\1/p' "$file" | head -n 1)
        bound=$(sed -n 's/^ *"bound": \([0-9]*\),$/\1/p' "$file" | head -n 1)
        positions=$(sed -n 's/^ *"positions": \([0-9]*\),$/\1/p' "$file" | head -n 1)
        lanes=$(sed -n 's/^ *"lanes": \([0-9]*\),$/\1/p' "$file" | head -n 1)
        [ -n "$piles" ] && [ -n "$bound" ] && [ -n "$positions" ] && [ -n "$lanes" ] ||
            { echo "claim_seconds.sh: no piles, bound, positions and lanes in $file" >&2; exit 1; }
        rows=$(sed -n '/"per_claim": {/,/}/s/^ *"\([a-z]*\/[^"]*\)": \([0-9.e+-]*\),\{0,1\}$/\1	\2/p' "$file")
        [ -n "$rows" ] || { echo "claim_seconds.sh: no per-claim seconds in $file" >&2; exit 1; }
        printf 'sweep\t%s\t%s\t%s\n' "$piles" "$bound" "$((positions * lanes))"
        printf '%s\n' "$rows"
    done
    ;;
c)
    file=$1
    grep -q '^sweep	' "$file" || { echo "claim_seconds.sh: no sweep line in $file" >&2; exit 1; }
    echo "/* Generated from $file by proofs/claim_seconds.sh: not by hand. */"
    echo '#include "proofs/claim_seconds.h"'
    echo
    awk -F '\t' '
        $1 == "sweep" { n++; piles[n] = $2; bound[n] = $3; cells[n] = $4
                        printf "%sstatic const claim_seconds_entry SWEEP_%d[] = {\n", (n > 1 ? "};\n" : ""), n; next }
        !/^#/ && NF == 2 { printf "    {\"%s\", %s},\n", $1, $2 }
        END {
            print "};"
            print "const claim_seconds_sweep CLAIM_SECONDS_SWEEPS[] = {"
            for (i = 1; i <= n; i++)
                printf "    {%s, %s, %s, SWEEP_%d, (int)(sizeof SWEEP_%d / sizeof *SWEEP_%d)},\n", piles[i], bound[i], cells[i], i, i, i
            print "};"
            print "const int CLAIM_SECONDS_SWEEP_COUNT = (int)(sizeof CLAIM_SECONDS_SWEEPS / sizeof *CLAIM_SECONDS_SWEEPS);"
        }' "$file"
    ;;
*)
    echo "claim_seconds.sh: unknown mode '$mode' (tsv or c)" >&2
    exit 2
    ;;
esac
