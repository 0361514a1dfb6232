#!/usr/bin/env bash
# errata_replay_test.sh -- every erratum of the default run replays: each
# numbered erratum of docs/errata.md (the default run's errata list, which
# records_test.sh ties to the golden record) names at least one command,
# and every command it names (`- Replay: `COMMAND` (its output: "TEXT")`)
# runs, with this build's verifier for "verifier", and prints TEXT, the
# computed fact the erratum states.
# Shown to fail: a replay whose expected text is changed, a command whose
# option is dropped, and an erratum without a command.
# Usage: errata_replay_test.sh build/verifier
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
V=$(realpath "$1")
. "$ROOT/tests/testlib.sh"

# The markdown's escapes undone: a backslash before any character.
unescape() { sed 's/\\\(.\)/\1/g'; }

# replays FILE: "COMMAND<TAB>TEXT" a line, for every replay line of FILE.
replays() {
    sed -n 's/^ *- Replay: `\(.*\)` (its output: "\(.*\)")$/\1\t\2/p' "$1"
}

# errata_without_replay FILE: the numbered errata (in "### Errata"
# sections) none of whose lines names a command.
errata_without_replay() {
    awk '
        /^### / { in_errata = ($0 == "### Errata") }
        in_errata && /^[0-9]+\. / { if (item != "" && !seen) print item; item = $0; seen = 0; next }
        in_errata && /^ *- Replay: `/ { seen = 1 }
        /^## / { if (item != "" && !seen) print item; item = ""; seen = 0 }
        END { if (item != "" && !seen) print item }
    ' "$1"
}

# check_replays NAME FILE: every replay of FILE prints its text, and every
# erratum has one; prints what does not.
check_replays() {
    local name=$1 file=$2 n=0 wrong="" cmd text out
    while IFS=$'\t' read -r cmd text; do
        n=$((n + 1))
        text=$(printf '%s' "$text" | unescape)
        case "$cmd" in
            "verifier "*) ;;
            *) wrong="$wrong; not a verifier command: $cmd"; continue ;;
        esac
        # The command as printed (its quotes too), with this build.
        out=$(eval "\"\$V\" ${cmd#verifier }" 2>&1)
        case "$out" in
            *"$text"*) ;;
            *) wrong="$wrong; $cmd does not print \"$text\"" ;;
        esac
    done < <(replays "$file")
    local missing
    missing=$(errata_without_replay "$file")
    [ -n "$missing" ] && wrong="$wrong; errata without a command: $(echo "$missing" | head -n 3 | tr '\n' ' ')"
    if [ -z "$wrong" ] && [ "$n" -gt 0 ]; then
        ok "$name ($n commands)"
        return 0
    fi
    [ "$n" -eq 0 ] && wrong="$wrong; no command found"
    echo "    ${wrong#; }"
    return 1
}

D=${ERRATA:-$ROOT/docs/errata.md}
if check_replays "every erratum of docs/errata.md names a command, and each prints the fact it states" "$D"; then
    :
else
    bad "the replays of docs/errata.md"
fi

# Shown to fail, each on a copy with one thing changed.
sed '0,/its output: "/s/its output: "/its output: "no such text /' "$D" >changed-text.md
if check_replays "x" changed-text.md >/dev/null; then bad "a changed expected text is not caught"; else ok "a changed expected text is caught"; fi
# The first option after the game's name, in the first replay of an
# unknown-nim position (its --ranges make its value).
target=$(replays "$D" | cut -f1 | grep -m1 -- '--ranges')
opt=$(printf '%s' "$target" | sed -n 's/^.* --game [^ ]*\( --[a-z-]* [^ ]*\).*$/\1/p')
if [ -n "$opt" ]; then
    awk -v c="$target" -v o="$opt" '{ i = index($0, c); if (i && !done) { j = index($0, o); $0 = substr($0, 1, j - 1) substr($0, j + length(o)); done = 1 } print }' "$D" >dropped.md
    if check_replays "x" dropped.md >/dev/null; then bad "a command without its option$opt is not caught"; else ok "a command without its option is caught"; fi
else
    bad "the first replay has no option after its game to drop"
fi
# Every replay of the first erratum removed.
awk '/^### / || /^[0-9]+\. / { first = 0 } /^[0-9]+\. / && !n++ { first = 1 } !(first && /^ *- Replay: `/)' "$D" >no-command.md
if check_replays "x" no-command.md >/dev/null; then bad "an erratum without a command is not caught"; else ok "an erratum without a command is caught"; fi

finish errata_replay
