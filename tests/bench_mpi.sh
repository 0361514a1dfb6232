#!/usr/bin/env bash
# bench_mpi.sh -- part of `make bench`: the cost of MPI on one machine,
# medians of hyperfine runs in one session, as ratios to the default build
# with 2 threads measured in the same session, for
#   - a Stewart family (st/conj-34 --max-take K), split by games;
#   - a Scoring Nim sweep (3 piles, bound 100, every os/* claim), split by
#     blocks of lanes;
#   - a Restricted Nim sweep (3 piles, bound 60, the table alone), shared
#     by the ranks layer by layer;
# each as the default build with 1 and 2 threads, 1 rank of 2 threads
# (bound to the socket) and 2 ranks of 1 thread (each bound to its core:
# ranks pin their workers inside the CPUs mpirun gives them); and the peak
# memory of each rank (summary.json's run.peak_rss_bytes) of a sweep (3
# piles, bound 160, os/cor-3.2) over 1, 2 and 4 ranks (oversubscribed), to
# show the lane split dividing the table.  Asserts nothing.
#   Usage: tests/bench_mpi.sh build/verifier build-mpi/verifier [K]
set -eu
V=$(realpath "$1")
VM=$(realpath "$2")
K=${3:-20}
RUNS=${BENCH_MPI_RUNS:-3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# Medians from hyperfine's JSON, as ratios to its second command (the
# default build with 2 threads).
report() {
    local names=() medians=()
    while IFS= read -r line; do
        case $line in
        *'"command":'*) names+=("$(sed 's/.*"command": "\(.*\)",*/\1/' <<<"$line")") ;;
        *'"median":'*) medians+=("$(sed 's/.*"median": \([0-9.e-]*\),*/\1/' <<<"$line")") ;;
        esac
    done <times.json
    echo "bench mpi: $1, medians of $RUNS runs (hyperfine), ratio to the default build with 2 threads"
    for i in "${!names[@]}"; do
        awk -v n="${names[$i]}" -v m="${medians[$i]}" -v b="${medians[1]}" \
            'BEGIN { printf "  %-34s %8.2f s  %5.2fx\n", n, m, m / b }'
    done
}

# Each run writes a fresh directory (the output name must be free).  A
# sweep whose claims include the failing readings exits 1: a verdict, so
# hyperfine is told to go on (-i).
bench() {
    local label=$1 work=$2
    hyperfine --style basic -i --runs "$RUNS" --warmup 1 --export-json times.json --prepare 'rm -rf out' \
        -n "default build, 1 thread" "$V $work --threads 1 --out out" \
        -n "default build, 2 threads" "$V $work --threads 2 --out out" \
        -n "mpirun -n 1 x 2 threads" "mpirun --bind-to socket -n 1 $VM $work --threads 2 --out out" \
        -n "mpirun -n 2 x 1 thread" "mpirun --bind-to core -n 2 $VM $work --threads 1 --out out" \
        >/dev/null 2>&1
    report "$label"
}

bench "st/conj-34 --max-take $K (games split over the ranks)" "conj --id st/conj-34 --max-take $K --quiet"
bench "check --piles 3 --bound 100 --claims 'os/*' (lanes split over the ranks)" \
    "check --piles 3 --bound 100 --claims os/* --quiet"
bench "check --game restricted-nim --piles 3 --bound 60 (layers shared by the ranks)" \
    "check --game restricted-nim --piles 3 --bound 60 --quiet"

echo "bench mpi: peak memory of each rank, check --piles 3 --bound 160 --claims os/cor-3.2 (lanes split)"
for n in 1 2 4; do
    rm -rf mem
    mpirun --oversubscribe --bind-to none -n "$n" "$VM" check --piles 3 --bound 160 --claims os/cor-3.2 \
        --threads 1 --quiet --out mem >/dev/null 2>&1 || true
    rss=$(tr -d ' \n' <mem/summary.json | sed 's/.*"peak_rss_bytes":\[\([0-9,]*\)\].*/\1/')
    awk -v n="$n" -v r="$rss" 'BEGIN { k = split(r, a, ","); s = ""; for (i = 1; i <= k; i++)
        s = s sprintf("%s%.0f", i > 1 ? ", " : "", a[i] / 1048576); printf "  %d rank(s): %s MiB\n", n, s }'
done
