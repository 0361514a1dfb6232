#!/usr/bin/env bash
# bench_mpi.sh -- part of `make bench`: the cost of MPI on one machine for a
# Stewart family (st/conj-34 --max-take K), medians of hyperfine runs in one
# session: the default build with 1 and 2 threads, the MPI build alone, and
# 1 rank of 2 threads (bound to the socket) and 2 ranks of 1 thread (each
# bound to its core: ranks pin their workers inside the CPUs mpirun gives
# them) under mpirun.  Asserts nothing.
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
FAMILY="conj --id st/conj-34 --max-take $K --quiet"
# Each run writes a fresh directory (the output name must be free).
hyperfine --style basic --runs "$RUNS" --warmup 1 --export-json times.json --prepare 'rm -rf out' \
    -n "default build, 1 thread" "$V $FAMILY --threads 1 --out out" \
    -n "default build, 2 threads" "$V $FAMILY --threads 2 --out out" \
    -n "MPI build, no mpirun, 2 threads" "$VM $FAMILY --threads 2 --out out" \
    -n "mpirun -n 1 x 2 threads" "mpirun --bind-to socket -n 1 $VM $FAMILY --threads 2 --out out" \
    -n "mpirun -n 2 x 1 thread" "mpirun --bind-to core -n 2 $VM $FAMILY --threads 1 --out out" \
    >/dev/null
# Medians from hyperfine's JSON, as ratios to the 2-thread default build.
names=() medians=()
while IFS= read -r line; do
    case $line in
    *'"command":'*) names+=("$(sed 's/.*"command": "\(.*\)",*/\1/' <<<"$line")") ;;
    *'"median":'*) medians+=("$(sed 's/.*"median": \([0-9.e-]*\),*/\1/' <<<"$line")") ;;
    esac
done <times.json
echo "bench mpi: st/conj-34 --max-take $K, medians of $RUNS runs (hyperfine), ratio to the default build with 2 threads"
for i in "${!names[@]}"; do
    awk -v n="${names[$i]}" -v m="${medians[$i]}" -v b="${medians[1]}" \
        'BEGIN { printf "  %-34s %8.2f s  %5.2fx\n", n, m, m / b }'
done
