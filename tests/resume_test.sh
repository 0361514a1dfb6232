#!/usr/bin/env bash
# resume_test.sh -- checkpoints and --resume: runs killed with SIGKILL at
# several points (inside a checkpoint's table file, inside its header,
# right after one, at a moment chosen by time), with SIGINT and SIGTERM,
# and resumed, once or twice, end with results byte-identical to an
# uninterrupted run (all but summary.json's "run" object); another run's,
# another version's or a corrupt checkpoint is refused with exit 2.
#   Usage: tests/resume_test.sh build/verifier build/tests/verifier-kill-in-checkpoint
set -u
V=$(realpath "$1")
K=$(realpath "$2")
source "$(dirname "$0")/testlib.sh"


# The one partial directory left in results/ (there must be exactly one).
partial() {
    local n
    n=$(ls -d results/.partial-* 2>/dev/null | wc -l)
    [ "$n" -eq 1 ] && ls -d results/.partial-*
}

SWEEP=(check --piles 3 --bound 30 --quiet)
FAMILY=(conj --id st/conj-34 --max-take 14 --quiet)
MIXED=(check --piles 2 --bound 16 --claims 'os/prop-4.1,os/examples,st/conj-34' --max-take 13 --quiet)
# Printed tables: a report carries its cases not refuted and the grids the
# report draws, saved with each finished claim.
TABLES=(check --claims 'rn/table-11,rn/table-12,rn/table-20' --quiet)
# A table of probabilities beyond 64 bits (from pile 47 on: 125 layers,
# those past about the 47th holding such values): saved exactly, in rank
# order, as the state's last part (test_chance checks what it holds).
BIG=(check --game chance-nim --choices 1,2,6 --against 1,4 --piles 2 --bound 62 --quiet)

# The exit status of each uninterrupted run, which a resumed one must end
# with too: 3 (os/prop-5.2 has no case with fewer than 4 piles: EMPTY),
# 0 (every game of the family certified), 3, 1 (Tables 11 and 20 have
# errata).
declare -A WANT=([sweep]=3 [family]=0 [mixed]=3 [tables]=1 [big]=0)

mkdir results
"$V" "${SWEEP[@]}" --out results/sweep-plain >/dev/null
[ $? -eq 3 ] && ok "sweep, uninterrupted: exit 3" || bad "sweep baseline"
"$V" "${FAMILY[@]}" --out results/family-plain >/dev/null
[ $? -eq 0 ] && ok "family, uninterrupted: exit 0" || bad "family baseline"
"$V" "${MIXED[@]}" --out results/mixed-plain >/dev/null
[ $? -eq 3 ] && ok "mixed claims, uninterrupted: exit 3" || bad "mixed baseline"
"$V" "${TABLES[@]}" --out results/tables-plain >/dev/null
[ $? -eq 1 ] && ok "printed tables, uninterrupted: exit 1" || bad "tables baseline"
"$V" "${BIG[@]}" --out results/big-plain >/dev/null
[ $? -eq 0 ] && ok "probabilities beyond 64 bits, uninterrupted: exit 0" || bad "big baseline"

# A run with checkpoints at every step and nothing killed: same results,
# and no checkpoint left in them.
"$V" "${SWEEP[@]}" --checkpoint-every 0 --out results/sweep-ck >/dev/null
if same_results results/sweep-plain results/sweep-ck && ! ls results/sweep-ck | grep -q -e checkpoint -e table-; then
    ok "checkpoints at every layer change no result and leave no file"
else
    bad "checkpointed run differs"
fi

# kill_resume NAME OUT KILLS CMD...: runs CMD under each kill point of
# KILLS in turn (VAR=k, SIGKILL expected), resuming from the partial
# directory each time, then lets the last resume finish; compares with
# results/NAME-plain.
kill_resume() {
    local name=$1 out=$2 kills=$3
    shift 3
    local resume=() k d rc
    for k in $kills; do
        env "$k" "$K" "$@" --checkpoint-every 0 --out "results/$out" "${resume[@]}" >/dev/null 2>err
        rc=$?
        if [ $rc -ne 137 ]; then
            bad "$out: $k: exit $rc, wanted a SIGKILL (137): $(tr '\n' '|' <err)"
            return
        fi
        d=$(partial) || { bad "$out: $k left no single partial directory"; return; }
        # After a whole save, the directory holds the table files its
        # header names and no other (an old chain's are removed).
        case $k in VERIFIER_KILL_AFTER_SAVE=*)
            for f in "$d"/table-*; do
                [ -e "$f" ] || continue
                grep -q "\"${f##*/}\"" "$d/checkpoint.json" \
                    || { bad "$out: $k left ${f##*/}, which its checkpoint does not name"; return; }
            done ;;
        esac
        resume=(--resume "$d")
    done
    "$V" "$@" --checkpoint-every 0 --out "results/$out" "${resume[@]}" >out 2>err
    rc=$?
    if [ $rc -eq "${WANT[$name]:-0}" ] && same_results "results/$name-plain" "results/$out" && ! ls -a results | grep -q partial \
        && grep -q '"resumed": [1-9]' "results/$out/summary.json"; then
        ok "$out: killed at $kills, resumed: byte-identical, says it was resumed"
    else
        bad "$out: exit $rc: $(tr '\n' '|' <err)"
    fi
}

kill_resume sweep sweep-in-table "VERIFIER_KILL_AT_SAVE=5" "${SWEEP[@]}"
kill_resume sweep sweep-after "VERIFIER_KILL_AFTER_SAVE=40" "${SWEEP[@]}"
kill_resume sweep sweep-twice "VERIFIER_KILL_AT_SAVE=2 VERIFIER_KILL_AFTER_SAVE=30" "${SWEEP[@]}"
kill_resume family family-in-header "VERIFIER_KILL_AT_SAVE=3" "${FAMILY[@]}"
kill_resume family family-twice "VERIFIER_KILL_AFTER_SAVE=2 VERIFIER_KILL_AT_SAVE=4" "${FAMILY[@]}"
# Mixed (31 layers, 3 claims, 4 chunks of games): killed during the sweep,
# right after the first claim (the table is saved once more, whole), and
# inside the family's second chunk.
kill_resume mixed mixed-stages "VERIFIER_KILL_AFTER_SAVE=10 VERIFIER_KILL_AFTER_SAVE=23 VERIFIER_KILL_AT_SAVE=3" "${MIXED[@]}"
# Printed tables: killed after the first and after the second claim.
kill_resume tables tables-stages "VERIFIER_KILL_AFTER_SAVE=1 VERIFIER_KILL_AFTER_SAVE=1" "${TABLES[@]}"
# Values beyond 64 bits: killed after the 100th layer's save, then inside
# the 10th save of the resumed run (layer 110).
kill_resume big big-killed "VERIFIER_KILL_AFTER_SAVE=100 VERIFIER_KILL_AT_SAVE=10" "${BIG[@]}"

# Killed half-way through a header, resumed with no checkpoint after: the
# header's temporary file must not end up in the results.
VERIFIER_KILL_AT_SAVE=3 "$K" "${FAMILY[@]}" --checkpoint-every 0 --out results/half-header >/dev/null 2>&1
d=$(partial)
if [ -n "$d" ] && [ -e "$d/checkpoint.json.tmp" ]; then
    "$V" "${FAMILY[@]}" --checkpoint-every never --out results/half-header --resume "$d" >/dev/null 2>err
    if same_results results/family-plain results/half-header; then
        ok "killed inside a header, resumed with no checkpoint after: byte-identical, no leftover"
    else
        bad "half a header: $(differences results/family-plain results/half-header | tr '\n' ' ')"
    fi
else
    bad "killed inside a header: no temporary header left to test with ($d)"
    rm -rf results/.partial-*
fi

# A kill before the first checkpoint was whole leaves nothing to go on
# from: resumed, the run starts again from the beginning, says so in one
# line, and ends as an uninterrupted run does.
VERIFIER_KILL_AT_SAVE=1 "$K" "${FAMILY[@]}" --checkpoint-every 0 --out results/restart >/dev/null 2>&1
d=$(partial)
if [ -n "$d" ] && [ ! -e "$d/checkpoint.json" ]; then
    "$V" "${FAMILY[@]}" --checkpoint-every never --out results/restart --resume "$d" >out 2>err
    rc=$?
    if [ $rc -eq 0 ] && same_results results/family-plain results/restart && [ ! -e "$d" ] \
        && [ "$(grep -c 'held no checkpoint.*started again from the beginning' out)" -eq 1 ]; then
        ok "killed before any checkpoint, resumed: started again from the beginning (one line), byte-identical"
    else
        bad "killed before any checkpoint, resumed: exit $rc: $(tr '\n' '|' <out) $(tr '\n' '|' <err)"
    fi
else
    bad "killed before any checkpoint: $(ls -a "$d" 2>&1 | tr '\n' ' ')"
fi

# Not resumed, it is removed by the next run in the same place like any
# stale partial directory.
VERIFIER_KILL_AT_SAVE=1 "$K" "${FAMILY[@]}" --checkpoint-every 0 --out results/none >/dev/null 2>&1
d=$(partial)
if [ -n "$d" ] && [ ! -e "$d/checkpoint.json" ]; then
    "$V" "${FAMILY[@]}" --out results/none2 >/dev/null
    ls -a results | grep -q partial && bad "a partial directory without a checkpoint was left" \
        || ok "killed before any checkpoint: nothing to resume, cleaned by the next run"
else
    bad "killed before any checkpoint: $(ls -a "$d" 2>&1 | tr '\n' ' ')"
fi

# SIGINT and SIGTERM: exit 4, the checkpoint kept and named, and
# resumable; SIGKILL at a moment chosen by time (after the first
# checkpoint, wherever the run then is).
for sig in INT TERM KILL; do
    "$V" conj --id st/conj-34 --max-take 17 --quiet --checkpoint-every 0 --out "results/sig-$sig" >/dev/null 2>err &
    pid=$!
    for _ in $(seq 200); do
        ls results/.partial-*/checkpoint.json >/dev/null 2>&1 && break
        sleep 0.05
    done
    [ $sig = KILL ] && sleep 0.3
    kill -"$sig" $pid
    wait $pid 2>/dev/null
    rc=$?
    d=$(partial)
    if { [ $sig = KILL ] && [ $rc -eq 137 ] && [ -n "$d" ]; } || { [ $rc -eq 4 ] && [ -n "$d" ] && grep -q "resume $d" err; }; then
        "$V" conj --id st/conj-34 --max-take 17 --quiet --out "results/sig-$sig" --resume "$d" >/dev/null 2>err
        if [ $? -eq 0 ] && [ ! -e "$d" ]; then ok "SIG$sig: exit $rc, checkpoint kept, resumed"; else bad "SIG$sig resume: $(tr '\n' '|' <err)"; fi
    else
        bad "SIG$sig: exit $rc, partial '$d': $(tr '\n' '|' <err)"
        rm -rf results/.partial-*
    fi
done
"$V" conj --id st/conj-34 --max-take 17 --quiet --out results/sig-plain >/dev/null
same_results results/sig-plain results/sig-INT && same_results results/sig-plain results/sig-TERM \
    && same_results results/sig-plain results/sig-KILL && ok "SIGINT, SIGTERM and SIGKILL resumes are byte-identical" \
    || bad "signal resumes differ: $(for s in INT TERM KILL; do echo "SIG$s:"; differences results/sig-plain results/sig-$s; done | tr '\n' ' ')"

# Refusals: exit 2, one line, the checkpoint left as it was.
VERIFIER_KILL_AFTER_SAVE=3 "$K" "${SWEEP[@]}" --checkpoint-every 0 --out results/refuse >/dev/null 2>&1
d=$(partial)
refused() { # refused NAME PATTERN CMD...: exit 2, one line matching PATTERN, $d intact
    local name=$1 pat=$2
    shift 2
    "$@" >out 2>err
    local rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <err)" -eq 1 ] && grep -q "$pat" err && [ -e "$d/checkpoint.json" ] \
        && [ ! -e results/refused ]; then
        ok "refused: $name"
    else
        bad "$name: exit $rc: $(tr '\n' '|' <err)"
    fi
}
refused "another bound" "belongs to another run (bound" "$V" check --piles 3 --bound 31 --quiet --out results/refused --resume "$d"
refused "other claims" "belongs to another run (claims" "$V" check --piles 3 --bound 30 --claims 'os/eq-1' --quiet --out results/refused --resume "$d"
refused "not a partial directory" "not the partial directory" "$V" "${SWEEP[@]}" --out results/refused --resume results/sweep-plain
refused "results elsewhere" "beside it" "$V" "${SWEEP[@]}" --out refused --resume "$d"
mkdir -p elsewhere
refused "results in another directory" "beside it" "$V" "${SWEEP[@]}" --out elsewhere/refused --resume "$d"
refused "bad duration" "checkpoint-every" "$V" "${SWEEP[@]}" --checkpoint-every 5x --out results/refused
cp "$d/checkpoint.json" saved.json
sed -i 's/"verifier":"[^"]*"/"verifier":"0.0.1"/' "$d/checkpoint.json"
refused "another version" "another version" "$V" "${SWEEP[@]}" --out results/refused --resume "$d"
printf '{"checkpoint_format":1,' >"$d/checkpoint.json"
refused "a cut header" "is corrupt" "$V" "${SWEEP[@]}" --out results/refused --resume "$d"
cp saved.json "$d/checkpoint.json"
# The table is a chain of segments: the first holds the whole state, each
# later one only the blocks that changed since the one before.
segs=$(grep -o '"file":"table-[^"]*"' "$d/checkpoint.json" | sed 's/.*"\(table-[^"]*\)"$/\1/')
first=$d/$(echo "$segs" | head -n 1)
t=$d/$(echo "$segs" | tail -n 1)
if [ "$(echo "$segs" | wc -l)" -eq 3 ] && [ "$(stat -c %s "$t")" -lt "$(stat -c %s "$first")" ] \
    && [ "$(ls "$d" | grep -c '^table-')" -eq 3 ]; then
    ok "three checkpoints of a sweep: a chain of three segments, the last smaller than the first (what changed)"
else
    bad "the chain after three checkpoints: $(echo $segs) in $(ls "$d" | tr '\n' ' ')"
fi
cp -a "$d" saved-dir
printf 'X' | dd of="$t" bs=1 seek=100 conv=notrunc 2>/dev/null
refused "a corrupt table file" "corrupt (checksum)" "$V" "${SWEEP[@]}" --out results/refused --resume "$d"
truncate -s 1000 "$t"
refused "a short table file" "wrong size" "$V" "${SWEEP[@]}" --out results/refused --resume "$d"
cp saved-dir/* "$d"/
rm "$first"
refused "a chain missing its first segment" "$(basename "$first") is missing" "$V" "${SWEEP[@]}" --out results/refused --resume "$d"
cp saved-dir/* "$d"/
cp saved.json "$d/checkpoint.json"
# A hand-edited header (how far the sweep got, a claim's mismatch count)
# is refused by its checksum, before anything is adopted.
sed -i 's/"layers":\([0-9]*\)/"layers":1\1/' "$d/checkpoint.json"
refused "an edited layer count" "corrupt (checksum)" "$V" "${SWEEP[@]}" --out results/refused --resume "$d"
cp saved.json "$d/checkpoint.json"
sed -i 's/"header_sha256":"[0-9a-f]*"/"header_sha256":"0000"/' "$d/checkpoint.json"
refused "a changed checksum" "corrupt (checksum)" "$V" "${SWEEP[@]}" --out results/refused --resume "$d"
cp saved.json "$d/checkpoint.json"

# --resume DIR alone: the results go where the killed run was writing (an
# --out name, or a default name with results/latest), and it says so.
VERIFIER_KILL_AFTER_SAVE=5 "$K" "${SWEEP[@]}" --checkpoint-every 0 --out results/named >/dev/null 2>&1
n=$(ls -d results/.partial-* | grep -v "$(basename "$d")")
"$V" "${SWEEP[@]}" --resume "$n" >out 2>err
rc=$?
if [ $rc -eq 3 ] && grep -q "^resumed: $n, results into results/named " out && same_results results/sweep-plain results/named \
    && [ ! -e "$n" ]; then
    ok "--resume alone: into the --out the run had"
else
    bad "--resume alone (named): exit $rc: $(tr '\n' '|' <err) $(head -1 out)"
fi
VERIFIER_KILL_AFTER_SAVE=5 "$K" "${SWEEP[@]}" --checkpoint-every 0 >/dev/null 2>&1
n=$(ls -d results/.partial-* | grep -v "$(basename "$d")")
rm -f results/latest
"$V" "${SWEEP[@]}" --resume "$n" >out 2>err
rc=$?
stamped=$(sed -n 's/^resumed: .*, results into \(results\/[0-9TZ-]*\) .*/\1/p' out)
if [ $rc -eq 3 ] && [ -n "$stamped" ] && same_results results/sweep-plain "$stamped" \
    && [ "$(readlink results/latest)" = "$(basename "$stamped")" ]; then
    ok "--resume alone: into the default place, results/latest updated"
else
    bad "--resume alone (default): exit $rc, '$stamped': $(tr '\n' '|' <err)"
fi
# Only the files a run writes go on: a stray file or directory in the
# partial directory is not carried into the results.
VERIFIER_KILL_AFTER_SAVE=5 "$K" "${SWEEP[@]}" --checkpoint-every 0 --out results/stray >/dev/null 2>&1
n=$(ls -d results/.partial-* | grep -v "$(basename "$d")")
echo notes >"$n/notes.txt"
mkdir "$n/extra" && echo x >"$n/extra/file"
"$V" "${SWEEP[@]}" --out results/stray --resume "$n" >out 2>err
rc=$?
if [ $rc -eq 3 ] && same_results results/sweep-plain results/stray && [ ! -e results/stray/notes.txt ] \
    && [ ! -e results/stray/extra ] && [ ! -e results/stray/.resumed-from ]; then
    ok "resume carries only the files a run writes"
else
    bad "stray files on resume: exit $rc: $(ls -A results/stray | tr '\n' ' ') $(tr '\n' '|' <err)"
fi
# Two resumes of one directory at once: one takes it, the other says that
# another process did (and which, once the winner has left its mark).
VERIFIER_KILL_AFTER_SAVE=5 "$K" "${SWEEP[@]}" --checkpoint-every 0 --out results/race >/dev/null 2>&1
n=$(ls -d results/.partial-* | grep -v "$(basename "$d")")
"$V" "${SWEEP[@]}" --out results/race-a --resume "$n" >out-a 2>err-a &
pa=$!
"$V" "${SWEEP[@]}" --out results/race-b --resume "$n" >out-b 2>err-b &
pb=$!
wait $pa
ra=$?
wait $pb
rb=$?
if { [ $ra -eq 3 ] && [ $rb -eq 2 ] && grep -qE "another process \([0-9]+\) took it over first|it is gone" err-b; } ||
    { [ $rb -eq 3 ] && [ $ra -eq 2 ] && grep -qE "another process \([0-9]+\) took it over first|it is gone" err-a; }; then
    ok "two resumes at once: one resumes, the other says the directory was taken ($(cat err-a err-b | head -c 160))"
else
    bad "two resumes at once: exits $ra and $rb: $(cat err-a err-b | tr '\n' '|')"
fi
rm -rf results/race-a results/race-b
# A resume after another has taken the directory names that process.
VERIFIER_KILL_AFTER_SAVE=5 "$K" "${SWEEP[@]}" --checkpoint-every 0 --out results/taken >/dev/null 2>&1
n=$(ls -d results/.partial-* | grep -v "$(basename "$d")")
VERIFIER_KILL_AFTER_SAVE=40 "$K" "${SWEEP[@]}" --checkpoint-every 0 --out results/taken --resume "$n" >/dev/null 2>&1 &
pt=$!
for _ in $(seq 100); do [ -e "$n" ] || break; sleep 0.05; done
sleep 0.2
"$V" "${SWEEP[@]}" --out results/taken2 --resume "$n" >out 2>err
rc=$?
wait $pt
if [ $rc -eq 2 ] && grep -q "another process ($pt) took it over first" err; then
    ok "a resume of a directory another run took over names that process ($pt)"
else
    bad "resume of a taken directory: exit $rc: $(tr '\n' '|' <err)"
fi
for p in results/.partial-*; do [ "$p" = "$d" ] || rm -rf "$p"; done

# A run that has finished but was not yet reaped (a zombie: an MPI job's
# rank 0 for a second or two after mpirun returns) no longer runs: its
# directory is resumed at once.
VERIFIER_KILL_AFTER_SAVE=5 "$K" "${SWEEP[@]}" --checkpoint-every 0 --out results/zombie >/dev/null 2>&1
n=$(ls -d results/.partial-* | grep -v "$(basename "$d")")
zfile=$(mktemp)
# The child exits after a second; its parent, by then sleep, never reaps
# it.  (A child that exited at once could be reaped by bash before the
# exec, on a loaded machine: no zombie, and the test could not run.)
bash -c 'sleep 1 & echo $! >"$1"; exec sleep 60' _ "$zfile" &
zparent=$!
zstate=""
for _ in $(seq 300); do
    zpid=$(cat "$zfile" 2>/dev/null)
    [ -n "$zpid" ] && zstate=$(awk '{print $3}' "/proc/$zpid/stat" 2>/dev/null)
    [ "$zstate" = Z ] && break
    sleep 0.1
done
rm -f "$zfile"
host=$(uname -n | tr -c 'a-zA-Z0-9._\n' '_' | head -c 64)
z="results/.partial-$zpid@$host-ZOMBIE"
if [ "$zstate" = Z ] && mv "$n" "$z"; then
    "$V" "${SWEEP[@]}" --out results/zombie --resume "$z" >out 2>err
    rc=$?
    if [ $rc -eq 3 ] && same_results results/sweep-plain results/zombie; then
        ok "a finished process not yet reaped (a zombie) does not hold its directory"
    else
        bad "resume of a zombie's directory: exit $rc: $(tr '\n' '|' <err)"
    fi
else
    bad "could not make a zombie process for the test (state '$zstate')"
    rm -rf "$n"
fi
kill "$zparent" 2>/dev/null
wait "$zparent" 2>/dev/null

# A games.csv shorter than the family's checkpoint says: refused before
# the directory is taken over.
VERIFIER_KILL_AFTER_SAVE=3 "$K" "${FAMILY[@]}" --checkpoint-every 0 --out results/short >/dev/null 2>&1
f=$(ls -d results/.partial-* | grep -v "$(basename "$d")")
truncate -s 10 "$f/games.csv"
d_saved=$d
d=$f
refused "a games.csv cut short" "games.csv is shorter" "$V" "${FAMILY[@]}" --out results/refused --resume "$f"
rm -rf "$f"
d=$d_saved

# `clean` removes a resumable directory (it is asked to); a plain run does not.
"$V" "${FAMILY[@]}" --out results/other >/dev/null
[ -e "$d/checkpoint.json" ] && ok "a plain run leaves a resumable directory alone" || bad "a run removed a checkpoint"
"$V" clean results >/dev/null
[ -e "$d" ] && bad "clean left $d" || ok "clean removes it"

# Every kind of game checkpoints and resumes through the same driver: a
# sweep killed inside a table file and right after a checkpoint, resumed to
# the same bytes (margin without a fast path, Sprague-Grundy, N players,
# exact matrix games, the octal grid computed rank by rank).
for g in "subtraction|--game scoring-nim-subtraction --subtraction 1,3,4 --piles 3 --bound 14" \
    "nim|--game nim --piles 3 --bound 14" "players|--game nim-players --players 3 --max-move 3 --piles 3 --bound 10" \
    "chance|--game chance-nim --choices 1,4 --against 1,2 --piles 2 --bound 14" \
    "octal|--game scoring-octal --code 0.3333 --claims none --piles 1 --bound 120"; do
    name=${g%%|*}
    read -ra args <<<"${g#*|}"
    if "$V" check "${args[@]}" --quiet --out "results/$name-plain" >/dev/null; then
        kill_resume "$name" "$name-killed" "VERIFIER_KILL_AT_SAVE=3 VERIFIER_KILL_AFTER_SAVE=7" check "${args[@]}" --quiet
    else
        bad "check ${args[*]}: no baseline"
    fi
done
# Another game's options are another run.
VERIFIER_KILL_AFTER_SAVE=3 "$K" check --game scoring-nim-subtraction --subtraction 1,3,4 --piles 3 --bound 14 --quiet \
    --checkpoint-every 0 --out results/refuse-game >/dev/null 2>&1
g=$(partial)
d=$g
refused "another game's options" "belongs to another run (game_options" "$V" check --game scoring-nim-subtraction \
    --subtraction 1,3 --piles 3 --bound 14 --quiet --out results/refused --resume "$g"
rm -rf "$g"

# A family of slow games keeps the promise of its checkpoint line: with
# --checkpoint-every 1s its chunks are sized to last about half of that,
# so a run killed after a few seconds has saved part of the family (not
# one chunk of all 111 games, which would leave nothing), and resumes from
# it to the uninterrupted run's results.  (--to 44: about 8 s on 2 cores;
# at --to 40 the ranked store finishes before a save.)
SLOW=(conj --id st/conj-37/eventual --to 44 --quiet)
"$V" "${SLOW[@]}" --out results/slow-plain >/dev/null
rm -rf results/.partial-*
"$V" "${SLOW[@]}" --checkpoint-every 1s --out results/slow >/dev/null 2>&1 &
spid=$!
for _ in $(seq 200); do
    ls results/.partial-*/checkpoint.json >/dev/null 2>&1 && break
    sleep 0.05
done
sleep 1
kill -9 $spid 2>/dev/null
wait $spid 2>/dev/null
s=$(ls -d results/.partial-* 2>/dev/null | head -1)
games=$(sed -n 's/.*"family": *{[^}]*"games": *\([0-9]*\).*/\1/p' "$s/checkpoint.json" 2>/dev/null | head -1)
if [ -n "$s" ] && [ -n "$games" ] && [ "$games" -gt 0 ] && [ "$games" -lt 111 ] && [ ! -e results/slow ]; then
    "$V" "${SLOW[@]}" --out results/slow --resume "$s" >/dev/null 2>err
    if same_results results/slow-plain results/slow; then
        ok "a family of slow games saved after $games of 111 games, resumed byte-identical"
    else
        bad "slow family resume: $(tr '\n' '|' <err)"
    fi
else
    bad "a family of slow games left no checkpoint part way ('$s', games '$games')"
fi
rm -rf results/.partial-*

finish resume_test
