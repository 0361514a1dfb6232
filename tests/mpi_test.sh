#!/usr/bin/env bash
# mpi_test.sh -- the MPI build on one machine: Stewart families and Scoring
# Nim sweeps (split by blocks of lanes) run over 1, 2 and 3 ranks
# (oversubscribed) give results byte-identical to the single-process run
# (all but summary.json's "run"), and so do other games' tables, shared
# by the ranks layer by layer; runs killed under MPI (SIGKILL to rank 0)
# resume to the same results: a family under another number of ranks, a
# split sweep under the same number (another is refused with exit 2); a
# rank without the memory for its block stops them all before any work.
# With the MPI build that kills itself at a chosen checkpoint (third
# argument), split sweeps are also killed inside one rank's table write and
# right after a checkpoint, and resumed.
#   Usage: tests/mpi_test.sh build/verifier build-mpi/verifier [build-mpi/tests/verifier-kill-in-checkpoint]
set -u
V=$(realpath "$1")
VM=$(realpath "$2")
VK=${3:+$(realpath "$3")}
source "$(dirname "$0")/testlib.sh"
# Containers run as root; one machine, so more ranks than cores.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
MPIRUN=(mpirun --oversubscribe --bind-to none)


mkdir results
i=0
# Each command in one process, then under 1, 2 and 3 ranks: the same exit
# status and byte-identical results.
same_under_ranks() {
    local r
    for r in "$@"; do
        i=$((i + 1))
        # shellcheck disable=SC2086
        "$V" $r --quiet --out "results/one-$i" >/dev/null
        local want=$? n got
        for n in 1 2 3; do
            # shellcheck disable=SC2086
            "${MPIRUN[@]}" -n $n "$VM" $r --quiet --threads 1 --out "results/mpi-$i-$n" >out 2>err
            got=$?
            if [ $got -eq $want ] && same_results "results/one-$i" "results/mpi-$i-$n" \
                && grep -q "\"ranks\": $n" "results/mpi-$i-$n/summary.json"; then
                ok "$r: $n rank(s): exit $got, byte-identical"
            else
                bad "$r: $n rank(s): exit $got (wanted $want): $(tail -3 err | tr '\n' '|')"
            fi
        done
    done
}

# Families, split by games (conj-35 and conj-37 have their own limits: run
# them apart at their sizes).
same_under_ranks "conj --id st/conj-34 --max-take 14" "conj --id st/conj-35/literal --max-take 5" \
    "conj --id st/conj-37/eventual --max-take 2 --to 24"

# Starts `mpirun -n 2` on a command with a checkpoint at every step, kills
# rank 0 (whose pid names the partial directory) with SIGKILL once a
# checkpoint is there, and leaves that directory in $d.
kill_rank0_after_a_checkpoint() {
    local out=$1
    shift
    rm -rf results/.partial-*
    "${MPIRUN[@]}" -n 2 "$VM" "$@" --quiet --threads 1 --checkpoint-every 0 --out "$out" >/dev/null 2>&1 &
    local mpid=$!
    for _ in $(seq 400); do
        ls results/.partial-*/checkpoint.json >/dev/null 2>&1 && break
        sleep 0.05
    done
    sleep 0.3
    d=$(ls -d results/.partial-* 2>/dev/null | head -1)
    local pid=${d#results/.partial-}
    pid=${pid%%@*}
    [ -n "$pid" ] && kill -9 "$pid"
    wait $mpid 2>/dev/null
}

# A family killed under MPI, resumed with three ranks.
R="conj --id st/conj-34 --max-take 17"
# shellcheck disable=SC2086
"$V" $R --quiet --out results/k-one >/dev/null
# shellcheck disable=SC2086
kill_rank0_after_a_checkpoint results/k-mpi $R
if [ -n "$d" ] && [ -e "$d/checkpoint.json" ] && [ ! -e results/k-mpi ]; then
    # shellcheck disable=SC2086
    "${MPIRUN[@]}" -n 3 "$VM" $R --quiet --threads 1 --out results/k-mpi --resume "$d" >out 2>err
    if [ $? -eq 0 ] && same_results results/k-one results/k-mpi && grep -q '"resumed": 1' results/k-mpi/summary.json; then
        ok "killed under 2 ranks, resumed under 3: byte-identical"
    else
        bad "MPI resume: $(tail -3 err | tr '\n' '|')"
    fi
else
    bad "no checkpoint left by the killed MPI run ($d)"
fi

# The same in one process of the default build: killed once a checkpoint
# is there; the partial directory in $d.
kill_one_process_after_a_checkpoint() {
    local out=$1
    shift
    rm -rf results/.partial-*
    "$V" "$@" --quiet --checkpoint-every 0 --out "$out" >/dev/null 2>&1 &
    local spid=$!
    for _ in $(seq 400); do
        ls results/.partial-*/checkpoint.json >/dev/null 2>&1 && break
        sleep 0.05
    done
    kill -9 $spid
    wait $spid 2>/dev/null
    d=$(ls -d results/.partial-* 2>/dev/null | head -1)
}

# A single-process checkpoint resumed under MPI.
# shellcheck disable=SC2086
kill_one_process_after_a_checkpoint results/k2 $R
# shellcheck disable=SC2086
"${MPIRUN[@]}" -n 2 "$VM" $R --quiet --threads 1 --out results/k2 --resume "$d" >out 2>err
if [ $? -eq 0 ] && same_results results/k-one results/k2; then
    ok "a single-process checkpoint resumed under 2 ranks: byte-identical"
else
    bad "single-process checkpoint under MPI: $(tail -3 err | tr '\n' '|')"
fi

# Scoring Nim sweeps split by lanes: every os/* claim (those that fail
# included, with more mismatches than are kept), a four-pile sweep, the
# wide table and the plain kernel, a run mixed with a family.
same_under_ranks "check --piles 3 --bound 24" "check --piles 4 --bound 5" \
    "check --piles 3 --bound 12 --table wide --kernel moves" \
    "check --piles 2 --bound 8 --claims os/prop-5.5,os/remark-6.5,st/conj-34 --max-take 10"
# Another margin game, its lanes split the same way (the plain kernel, the
# wide table its values need).
same_under_ranks "check --game scoring-nim-subtraction --subtraction 1,3,4 --piles 3 --bound 14"

# Any other game's table shared by the ranks layer by layer (each rank
# its part of a layer, every rank the whole table): chance Nim (values
# beyond 64 bits at bound 62 included), Restricted Nim, Kayles; and
# Scoring Kayles, a margin game, split by lanes.
same_under_ranks "check --game chance-nim --piles 2 --bound 30" \
    "check --game chance-nim --choices 1,2,6 --against 1,4 --piles 2 --bound 62" \
    "check --game restricted-nim --piles 3 --bound 14" "check --game restricted-nim --piles 3 --bound 12 --max-move 3 --restriction chosen" \
    "check --game kayles --bound 16" "check --game scoring-kayles --bound 12"

# A table shared by layers is one table file, rank 0's: killed under 2
# ranks mid-sweep, it resumes under 3 ranks and in one process alike.
L="check --game chance-nim --choices 1,2,6 --against 1,4 --piles 2 --bound 62"
# shellcheck disable=SC2086
"$V" $L --quiet --out results/l-want >/dev/null
# shellcheck disable=SC2086
kill_rank0_after_a_checkpoint results/l-mpi $L
if [ -n "$d" ] && [ -e "$d/checkpoint.json" ] && [ ! -e results/l-mpi ]; then
    cp -a "$d" results/l-copy
    # shellcheck disable=SC2086
    "${MPIRUN[@]}" -n 3 "$VM" $L --quiet --threads 1 --out results/l-mpi --resume "$d" >out 2>err
    rc=$?
    if [ $rc -eq 0 ] && same_results results/l-want results/l-mpi \
        && grep -q '"resumed": 1' results/l-mpi/summary.json; then
        ok "a sweep shared by layers, killed under 2 ranks, resumed under 3: byte-identical"
    else
        bad "layer-shared resume under 3: exit $rc: $(tail -3 err | tr '\n' '|')"
    fi
    mv results/l-copy "$d"
    # shellcheck disable=SC2086
    "$V" $L --quiet --out results/l-one --resume "$d" >out 2>err
    rc=$?
    if [ $rc -eq 0 ] && same_results results/l-want results/l-one; then
        ok "the same checkpoint resumed in one process: byte-identical"
    else
        bad "layer-shared resume in one process: exit $rc: $(tail -3 err | tr '\n' '|')"
    fi
else
    bad "no checkpoint left by the killed layer-shared sweep ($d)"
fi

# A split sweep killed under 2 ranks mid-sweep (a table file a rank),
# refused under 3, resumed under 2.
S="check --piles 3 --bound 40 --claims os/prop-3.1,os/prop-5.5,os/examples-2k1/strict"
# shellcheck disable=SC2086
"$V" $S --quiet --out results/s-one >/dev/null
swant=$?
# shellcheck disable=SC2086
kill_rank0_after_a_checkpoint results/s-mpi $S
if [ -n "$d" ] && ls "$d"/table-*.r1.bin >/dev/null 2>&1 && [ ! -e results/s-mpi ]; then
    # shellcheck disable=SC2086
    "${MPIRUN[@]}" -n 3 "$VM" $S --quiet --threads 1 --out results/s-mpi --resume "$d" >out 2>err
    rc=$?
    if [ $rc -eq 2 ] && grep -q "resume it under mpirun -n 2" err && [ -e "$d/checkpoint.json" ]; then
        ok "a split sweep's checkpoint under another number of ranks: refused, exit 2, kept"
    else
        bad "split checkpoint under 3 ranks: exit $rc: $(grep verifier: err | tr '\n' '|')"
    fi
    # shellcheck disable=SC2086
    "${MPIRUN[@]}" -n 2 "$VM" $S --quiet --threads 1 --out results/s-mpi --resume "$d" >out 2>err
    rc=$?
    if [ $rc -eq $swant ] && same_results results/s-one results/s-mpi \
        && grep -q '"resumed": 1' results/s-mpi/summary.json; then
        ok "a split sweep killed under 2 ranks, resumed under 2: byte-identical"
    else
        bad "split sweep resume: exit $rc: $(tail -3 err | tr '\n' '|')"
    fi
else
    bad "no split checkpoint left by the killed MPI sweep ($d)"
fi

# Killed at chosen points of a split sweep's checkpoints (2 ranks, a
# checkpoint at every layer), resumed under 2: rank 1 inside its third
# table file; rank 0 inside its fifth (rank 1's may be whole); rank 0
# right after its fourth header.
if [ -n "$VK" ]; then
    kills=("1 VERIFIER_KILL_AT_SAVE=3" "0 VERIFIER_KILL_AT_SAVE=5" "0 VERIFIER_KILL_AFTER_SAVE=4")
    for k in "${kills[@]}"; do
        who=${k%% *}
        var=${k#* }
        rm -rf results/.partial-* results/s-kill
        if [ "$who" = 0 ]; then
            # shellcheck disable=SC2086
            "${MPIRUN[@]}" -n 1 env "$var" "$VK" $S --quiet --threads 1 --checkpoint-every 0 --out results/s-kill : \
                -n 1 "$VK" $S --quiet --threads 1 --checkpoint-every 0 --out results/s-kill >/dev/null 2>&1
        else
            # shellcheck disable=SC2086
            "${MPIRUN[@]}" -n 1 "$VK" $S --quiet --threads 1 --checkpoint-every 0 --out results/s-kill : \
                -n 1 env "$var" "$VK" $S --quiet --threads 1 --checkpoint-every 0 --out results/s-kill >/dev/null 2>&1
        fi
        d=$(ls -d results/.partial-* 2>/dev/null | head -1)
        # mpirun may return while the rank it signalled is still on its way
        # out (a resume refuses a directory whose process lives).
        pid=${d#results/.partial-}
        pid=${pid%%@*}
        for _ in $(seq 100); do
            [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if [ -z "$d" ] || [ ! -e "$d/checkpoint.json" ] || [ -e results/s-kill ]; then
            bad "rank $who killed at $var: no checkpoint left ($d)"
            continue
        fi
        # shellcheck disable=SC2086
        "${MPIRUN[@]}" -n 2 "$VM" $S --quiet --threads 1 --out results/s-kill --resume "$d" >out 2>err
        rc=$?
        if [ $rc -eq $swant ] && same_results results/s-one results/s-kill; then
            ok "split sweep, rank $who killed at $var, resumed under 2: byte-identical"
        else
            bad "split sweep, rank $who killed at $var: exit $rc: $(tail -3 err | tr '\n' '|')"
        fi
    done

    # D12: rank 1 killed after rank 0 has printed its verdicts and put its
    # results in place (rank 0 lingers, VERIFIER_PAUSE_AFTER_VERDICT):
    # mpirun ends the job, and rank 0 says that what it printed and wrote
    # stands, never "no verdict".  mpirun's status is the killed rank's.
    P="check --piles 3 --bound 12 --claims os/eq-1,os/prop-3.1 --threads 1"
    "$V" $P --quiet --out results/v-one >/dev/null 2>&1
    vwant=$?
    rm -rf results/v-kill
    # shellcheck disable=SC2086
    "${MPIRUN[@]}" -n 2 env VERIFIER_PAUSE_AFTER_VERDICT=30 "$VK" $P --out results/v-kill >out 2>err &
    mpid=$!
    for _ in $(seq 600); do [ -e results/v-kill/summary.json ] && break; sleep 0.05; done
    r1=""
    for e in /proc/[0-9]*/environ; do
        if grep -qa 'OMPI_COMM_WORLD_RANK=1' "$e" 2>/dev/null && grep -qa 'results/v-kil[l]' "${e%environ}cmdline" 2>/dev/null; then
            r1=${e#/proc/}; r1=${r1%/environ}
        fi
    done
    [ -n "$r1" ] && kill -9 "$r1"
    wait $mpid
    rc=$?
    if [ -n "$r1" ] && [ $rc -ne 0 ] && same_results results/v-one results/v-kill \
        && [ "$(grep -c -e '^HOLDS' -e '^FAILS' out)" -eq 2 ] \
        && grep -q "came after the run had finished; what it printed and wrote stands (exit $vwant)" err \
        && ! grep -q "no verdict" err; then
        ok "rank 1 killed after the verdict: the verdicts and results stand, and rank 0 says so"
    else
        bad "rank 1 killed after the verdict (pid '$r1'): exit $rc: $(grep -v '^ *$' err | head -5 | tr '\n' '|') out: $(tr '\n' '|' <out)"
    fi
else
    echo "== mpi: kills inside checkpoints skipped: no kill build given"
fi

# A single-process sweep checkpoint cannot be split afterwards: refused.
# shellcheck disable=SC2086
kill_one_process_after_a_checkpoint results/s2 $S
# shellcheck disable=SC2086
"${MPIRUN[@]}" -n 2 "$VM" $S --quiet --threads 1 --out results/s2 --resume "$d" >out 2>err
rc=$?
if [ $rc -eq 2 ] && grep -q "resume it in one process" err && [ ! -e results/s2 ]; then
    ok "a single-process sweep checkpoint under 2 ranks: refused, exit 2"
else
    bad "single-process sweep checkpoint under MPI: exit $rc: $(grep verifier: err | tr '\n' '|')"
fi

# One rank that cannot hold its block (an address-space limit on rank 1
# alone) stops every rank before any work: exit 2, its line, nothing
# written, and no rank left waiting (timeout).
M="check --piles 3 --bound 300 --claims os/cor-3.2 --threads 1 --out results/mem"
rm -rf results/.partial-*
# shellcheck disable=SC2086
timeout 120 "${MPIRUN[@]}" -n 1 "$VM" $M : -n 1 sh -c "ulimit -v 1000000; exec \"\$0\" \"\$@\"" "$VM" $M >out 2>err
rc=$?
if [ $rc -eq 2 ] && grep -q "rank 1's block of lanes" err && ! grep -q "interrupted" err && [ ! -e results/mem ] \
    && ! ls -d results/.partial-* >/dev/null 2>&1; then
    ok "a rank without the memory for its block: every rank stops, exit 2, its line"
else
    bad "a rank short of memory: exit $rc: $(grep verifier: err | tr '\n' '|')"
fi

# A bad command line is said once (by rank 0), exit 2, nothing written.
"${MPIRUN[@]}" -n 3 "$VM" check --piles 3 --bound 10 --threads 0 --out results/bad >out 2>err
rc=$?
if [ $rc -eq 2 ] && [ "$(grep -c '^verifier:' err)" -eq 1 ] && [ ! -e results/bad ]; then
    ok "a bad option under 3 ranks: one line, exit 2"
else
    bad "a bad option under 3 ranks: exit $rc: $(grep verifier: err | tr '\n' '|')"
fi

# A table that cannot be shared by layers (trees of choices share one
# graph; a graph with cycles is one retrograde analysis): one line, exit 2.
for g in "nim-players-unranked --piles 2 --bound 5" "graph --edges 0>1,1>2,2>0 --piles 1 --bound 2"; do
    # shellcheck disable=SC2086
    "${MPIRUN[@]}" -n 2 "$VM" check --game $g --out results/noshare >out 2>err
    rc=$?
    if [ $rc -eq 2 ] && [ "$(grep -c '^verifier:' err)" -eq 1 ] && grep -q "cannot be swept by 2 processes" err \
        && [ ! -e results/noshare ]; then
        ok "$g under 2 ranks: refused in one line, exit 2"
    else
        bad "$g under 2 ranks: exit $rc: $(grep verifier: err | tr '\n' '|')"
    fi
done

# The MPI build alone (no mpirun) is one process, like the default build.
"$VM" conj --id st/conj-34 --max-take 14 --quiet --out results/alone >/dev/null 2>err
same_results results/one-1 results/alone && ok "the MPI build without mpirun: byte-identical" \
    || bad "MPI build alone: $(tr '\n' '|' <err)"

finish mpi
