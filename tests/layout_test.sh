#!/usr/bin/env bash
# layout_test.sh -- the code is laid out by concern and its imports go
# downward only, with no loops (docs/layout.md):
#   core/engine < core/games < proofs < verifier/base < verifier/output
#   < verifier/run < verifier/nightly < verifier/cli
# a file includes only its own layer or a lower one; a game's folder only
# the engine, the registry, the shared option readers and itself; a
# paper's folder only the engine, the games, proofs/claim.h and itself;
# and no two modules (a .c with its .h) include each other, directly or
# through others (tsort finds loops); and no static function shares its
# name with a function (static or not) or a type of another layer, so that
# a reader with grep, and the structure tools, see no arrow that is not
# there; and nothing under verifier/ names a game or a paper (it asks the
# registries; one exception, named below); the independent checker,
# proofcheck/, includes nothing of the verifier.
# Shown to fail: it plants an upward import, a loop, a game reaching into
# another, a static function named as an upper layer's function, and a
# game and a paper named under verifier/, in a copy of the tree, and
# expects each to be reported.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/tests/testlib.sh"

# expect NAME WANT GOT DETAIL
expect() {
    if [ "$2" = "$3" ]; then ok "$1"; else bad "$1: got $3, wanted $2"; [ -z "$4" ] || echo "$4" | head -20; fi
}

layer() {
    case $1 in
    core/engine/*) echo 0 ;;
    core/games/*) echo 1 ;;
    proofs/*) echo 2 ;;
    verifier/base/*) echo 3 ;;
    verifier/output/*) echo 4 ;;
    verifier/run/*) echo 5 ;;
    verifier/nightly/*) echo 6 ;;
    verifier/cli/*) echo 7 ;;
    *) echo 99 ;;
    esac
}

# check_tree DIR: prints one line per violation; its exit status is the
# number of violations (capped).
check_tree() {
    local dir=$1 bad=0 edges
    edges=$(mktemp)
    while IFS= read -r f; do
        local src=${f#"$dir"/} ls
        ls=$(layer "$src")
        if [ "$ls" = 99 ]; then
            echo "$src: a source outside the layers"
            bad=$((bad + 1))
            continue
        fi
        while IFS= read -r inc; do
            [ -n "$inc" ] || continue
            case $inc in core/* | proofs/* | verifier/* | tests/*) ;; *) continue ;; esac
            local li
            li=$(layer "$inc")
            if [ "$li" -gt "$ls" ]; then
                echo "$src includes $inc: an upward import"
                bad=$((bad + 1))
            fi
            # A game's folder: the engine, the registry, the shared option
            # readers and itself.
            case $src in core/games/*/*)
                case $inc in core/engine/* | core/games/registry.h | core/games/game_options.h | "$(dirname "$src")"/*) ;;
                *) echo "$src includes $inc: a game reaches into another game"; bad=$((bad + 1)) ;;
                esac ;;
            esac
            # A paper's folder: not another paper's.
            case $src in proofs/*/*)
                case $inc in proofs/*/*)
                    [ "$(dirname "$inc")" = "$(dirname "$src")" ] ||
                        { echo "$src includes $inc: a paper reaches into another paper"; bad=$((bad + 1)); } ;;
                esac ;;
            esac
            # Module graph: x.c and x.h are one module.
            local a=${src%.*} b=${inc%.*}
            [ "$a" = "$b" ] || echo "$b $a" >>"$edges"
        done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f")
    done < <(find "$dir/core" "$dir/proofs" "$dir/verifier" -name '*.[ch]' | sort)
    if ! tsort "$edges" >/dev/null 2>"$edges.err"; then
        echo "the modules include each other in a loop: $(grep -v 'input contains a loop' "$edges.err" | sed 's/^tsort: //' | tr '\n' ' ')"
        bad=$((bad + 1))
    fi
    rm -f "$edges" "$edges.err"
    return $((bad > 100 ? 100 : bad))
}

# names DIR: "layer kind name file" for every function defined at the top
# level (kind static or extern) and every type named by a typedef.
names() {
    local dir=$1 f src l
    while IFS= read -r f; do
        src=${f#"$dir"/}
        l=$(layer "$src")
        awk -v l="$l" -v src="$src" '
            # A definition: a line at column 0 that names a function and
            # does not end a declaration, the body opening on the next line.
            /^[A-Za-z_][A-Za-z0-9_ \t*]*[ \t*][A-Za-z_][A-Za-z0-9_]*\(/ && $0 !~ /;[ \t]*$/ && $0 !~ /^typedef/ {
                line = $0
                name = line; sub(/\(.*/, "", name); sub(/.*[ \t*]/, "", name)
                kind = line ~ /^static/ ? "static" : "extern"
                print l, kind, name, src
            }
            /^typedef .*[ \t*]([A-Za-z_][A-Za-z0-9_]*);/ { n = $0; sub(/;.*/, "", n); sub(/.*[ \t*]/, "", n); print l, "type", n, src }
            /^} [A-Za-z_][A-Za-z0-9_]*;/ { n = $2; sub(/;.*/, "", n); print l, "type", n, src }
        ' "$f"
    done < <(find "$dir/core" "$dir/proofs" "$dir/verifier" -name '*.[ch]' | sort)
}
# A static function named as a function or type of another layer.
name_clashes() {
    names "$1" | awk '
        { layer[NR] = $1; kind[NR] = $2; name[NR] = $3; file[NR] = $4; seen[$3] = seen[$3] " " NR }
        END {
            for (i = 1; i <= NR; i++) {
                if (kind[i] != "static") continue
                n = split(seen[name[i]], all, " ")
                for (k = 1; k <= n; k++) {
                    j = all[k]
                    if (layer[j] != layer[i]) {
                        printf "%s: static %s shares its name with a %s of %s\n", file[i], name[i], kind[j] == "type" ? "type" : kind[j] == "static" ? "static function" : "function", file[j]
                    }
                }
            }
        }' | sort -u
}

# A file as the compiler reads it: its own lines only (not its headers'),
# comments gone and macros expanded, so that the checks below read code,
# not text (a name in a comment is no use of it; a registry entry whose
# .game is a macro names what the macro says).  A file gcc cannot read
# reads as nothing here: unreadable() below makes that a failure, so no
# check passes on an empty reading.
own_code() {
    local f=$1 dir=$2
    gcc -E -I"$dir" "$f" 2>/dev/null | awk -v f="$f" '/^# [0-9]+ "/ { cur = $3; gsub(/"/, "", cur); next } cur == f'
}

# The files gcc -E cannot read (a header missing, a syntax the
# preprocessor refuses), one a line.
unreadable() {
    local dir=$1 f
    while IFS= read -r f; do
        gcc -E -I"$dir" "$f" >/dev/null 2>&1 || echo "${f#"$dir"/}: gcc -E cannot read it"
    done < <(find "$dir/core" "$dir/proofs" "$dir/verifier" -name '*.[ch]' | sort)
}

# The registered games' names: the .name of each game_entry definition.
game_names() {
    local dir=$1 f
    for f in "$dir"/core/games/*/*.c; do
        own_code "$f" "$dir" | awk '
            /game_entry [A-Za-z_0-9]+ *= *\{/ { entry = 1 }
            entry && match($0, /\.name *= *"[a-z0-9-]*"/) { n = substr($0, RSTART, RLENGTH); sub(/.*= *"/, "", n); sub(/"$/, "", n); print n; entry = 0 }
            /^ *};/ { entry = 0 }'
    done | sort -u
}

# Where code (own_code's lines) uses the literal "NAME" as a name: an
# argument of a lookup or a comparison (game_find, strcmp, ...) or a value
# assigned or initialised; a JSON key ("grundy" in jx_set) or a word in a
# message is not a use of a game.  Prints the matching lines.
uses_name() {
    local name=$1
    grep -nE "(game_find|game_with_sequence|strn?cmp|strcasecmp)[[:space:]]*\\([^;]*\"$name\"|=[[:space:]]*\"$name\"[[:space:]]*[,;}]" || true
}

# No layer above the games and papers names one: nothing under verifier/
# includes a game's or a paper's own folder, or uses a registered game's
# name as a name of its own (it asks the registries; `gs` prints the
# sequence a game offers through its entry, core/engine/sequence.h).
named_above() {
    local dir=$1 games
    games=$(game_names "$dir")
    while IFS= read -r f; do
        local src=${f#"$dir"/} code
        grep -n '#include "core/games/[a-z_0-9]*/\|#include "proofs/[a-z_0-9]*/' "$f" | sed "s|^|$src:|;s|\$| (a game's or a paper's own folder)|"
        code=$(own_code "$f" "$dir")
        for g in $games; do
            echo "$code" | uses_name "$g" | sed "s|^|$src:|;s|\$| (names the game $g)|"
        done
    done < <(find "$dir/verifier" -name '*.[ch]' | sort)
}

# A paper names only the games its claims are about: a file under
# proofs/<paper>/ includes a game's folder, or uses a registered game's
# name, only for a game some claim of that paper gives as its .game (that
# arrow points down: the claims compute their game).  The claims' .game
# is read from the code as compiled (a macro or a constant as well as a
# literal).
named_by_papers() {
    local dir=$1 paper folder games
    games=$(game_names "$dir")
    for paper in "$dir"/proofs/*/; do
        paper=${paper%/}
        local own f
        own=$(for f in "$paper"/*.c; do own_code "$f" "$dir"; done |
            grep -oE '\.game[[:space:]]*=[[:space:]]*"[a-z0-9-]*"' | sed 's/.*"\(.*\)"/\1/' | sort -u)
        while IFS= read -r f; do
            local src=${f#"$dir"/} code
            while IFS= read -r folder; do
                local names
                names=$(for g in "$dir/core/games/$folder"/*.c; do own_code "$g" "$dir"; done | awk '
                    /game_entry [A-Za-z_0-9]+ *= *\{/ { entry = 1 }
                    entry && match($0, /\.name *= *"[a-z0-9-]*"/) { n = substr($0, RSTART, RLENGTH); sub(/.*= *"/, "", n); sub(/"$/, "", n); print n; entry = 0 }' | sort -u)
                [ -n "$(comm -12 <(echo "$names") <(echo "$own"))" ] ||
                    echo "$src: includes core/games/$folder/, a game none of its paper's claims is about"
            done < <(sed -n 's|^#include "core/games/\([a-z_0-9]*\)/.*|\1|p' "$f" | sort -u)
            code=$(own_code "$f" "$dir")
            for g in $games; do
                echo "$own" | grep -qx "$g" && continue
                echo "$code" | uses_name "$g" | sed "s|^|$src:|;s|\$| (names the game $g, which none of its paper's claims is about)|"
            done
        done < <(find "$paper" -name '*.[ch]' | sort)
    done
}

out=$(check_tree "$ROOT")
expect "imports go downward only, no loops, games and papers apart" 0 $? "$out"
out=$(unreadable "$ROOT")
expect "every source reads as the compiler reads it (gcc -E), for the checks below" 0 "$(echo -n "$out" | grep -c .)" "$out"
# The games' names come from every game_entry definition (none missed).
entries=$(grep -h '^const game_entry [a-z_0-9]* = {' "$ROOT"/core/games/*/*.c | wc -l)
expect "every game_entry's name is read from the code ($entries)" "$entries" "$(game_names "$ROOT" | wc -l)" ""
out=$(named_above "$ROOT")
expect "no file above the games and papers names one (registries aside)" 0 "$(echo -n "$out" | grep -c .)" "$out"
out=$(named_by_papers "$ROOT")
expect "a paper names only the games its claims are about" 0 "$(echo -n "$out" | grep -c .)" "$out"
out=$(name_clashes "$ROOT")
expect "no static function shares its name with a function or type of another layer" 0 "$(echo -n "$out" | grep -c .)" "$out"

# The independent checker (proofcheck/, docs/proofs.md) includes system
# headers only: nothing of the verifier's code, quoted includes none.
apart() {
    grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$1"/proofcheck/*.c "$1"/proofcheck/*.h 2>/dev/null
    grep -ln 'core/\|proofs/\|verifier/' "$1"/proofcheck/*.c 2>/dev/null | while read -r f; do
        grep -n '#[[:space:]]*include.*\(core\|proofs\|verifier\)/' "$f"
    done
}
out=$(apart "$ROOT")
expect "proofcheck/ includes nothing of the verifier (system headers only)" 0 "$(echo -n "$out" | grep -c .)" "$out"

# The check itself can fail: an upward import and a loop, planted in a copy.
copy=$WORK/tree
mkdir "$copy"
cp -r "$ROOT/core" "$ROOT/proofs" "$ROOT/verifier" "$copy"/
echo '#include "verifier/run/check.h"' >>"$copy/core/engine/table.c"
echo '#include "verifier/output/results.h"' >>"$copy/verifier/base/guard.c"
echo '#include "verifier/base/guard.h"' >>"$copy/verifier/base/partial.c"
echo '#include "verifier/base/partial.h"' >>"$copy/verifier/base/options.c"
echo '#include "verifier/base/options.h"' >>"$copy/verifier/base/guard.c"
echo '#include "core/games/nim/nim.c"' >>"$copy/core/games/graph/graph.c"
out=$(check_tree "$copy")
expect "a planted upward import is found" 1 "$(echo "$out" | grep -c 'table.c includes verifier/run/check.h: an upward import')" "$out"
expect "a planted loop is found" 1 "$(echo "$out" | grep -c 'in a loop')" "$out"
expect "a game reaching into another is found" 1 "$(echo "$out" | grep -c 'a game reaches into another game')" "$out"
printf 'static int run_check(int x)\n{\n    return x;\n}\n' >>"$copy/core/engine/xalloc.c"
echo '#include "proofs/huibers/rn_tables.h"' >>"$copy/verifier/run/progress.c"
printf 'static const char *g = "restricted-nim";\n' >>"$copy/verifier/output/tools.c"
# Not uses of a game: a JSON key spelled as a game's name, and a name in a
# comment.
printf 'static const char *json_key(void)\n{\n    return json_string_value(json_object_get(NULL, "kayles")); /* "nim" */\n}\n' \
    >>"$copy/verifier/output/results.c"
out=$(named_above "$copy")
expect "a game's name as a JSON key or in a comment is not a use of it" 0 \
    "$(echo "$out" | grep -c 'results.c:.*names the game')" "$out"
expect "a planted include of a paper's folder above it is found" 1 "$(echo "$out" | grep -c '^verifier/run/progress.c:.*proofs/huibers')" "$out"
expect "a planted game name above the games is found" 1 "$(echo "$out" | grep -c '^verifier/output/tools.c:.*names the game restricted-nim')" "$out"
echo '#include "core/games/nim/nim.h"' >>"$copy/proofs/stewart/st_basics.c"
# A claim whose .game is a macro names that game: Kayles' papers may then
# use "nim" (the planted macro), but not "chance-nim".
printf '#define PLANTED_GAME "nim"\nconst claim_def planted_claim = {.id = "ks/planted", .game = PLANTED_GAME};\nstatic const char *pg(void) { return strcmp(PLANTED_GAME, "x") == 0 ? "nim" : NULL; }\nstatic int pn(const char *s) { return strcmp(s, "nim"); }\n' \
    >>"$copy/proofs/kayles/ks_claims.c"
printf 'static const char *h = "chance-nim";\n' >>"$copy/proofs/kayles/ks_claims.c"
out=$(named_by_papers "$copy")
expect "a paper including a game none of its claims is about is found" 1 \
    "$(echo "$out" | grep -c '^proofs/stewart/st_basics.c: includes core/games/nim/')" "$out"
expect "a paper naming a game none of its claims is about is found" 1 \
    "$(echo "$out" | grep -c '^proofs/kayles/ks_claims.c:.*names the game chance-nim')" "$out"
expect "a claim's .game given by a macro counts as its game" 0 \
    "$(echo "$out" | grep -c '^proofs/kayles/ks_claims.c:.*names the game nim,')" "$out"
mkdir "$copy/proofcheck"
cp "$ROOT/proofcheck/proofcheck.c" "$copy/proofcheck/"
echo '#include "core/engine/xalloc.h"' >>"$copy/proofcheck/proofcheck.c"
out=$(apart "$copy")
expect "a planted include of the verifier's code in proofcheck/ is found" 1 "$(echo "$out" | grep -q 'xalloc.h' && echo 1 || echo 0)" "$out"
echo '#include "core/engine/no_such_header.h"' >>"$copy/core/engine/pinning.c"
out=$(unreadable "$copy")
expect "a file gcc -E cannot read is found" 1 "$(echo "$out" | grep -c '^core/engine/pinning.c: gcc -E cannot read it')" "$out"
out=$(name_clashes "$copy")
expect "a planted static function named as an upper layer's function is found" 1 \
    "$(echo "$out" | grep -c 'core/engine/xalloc.c: static run_check shares its name with a function of verifier/run/check')" "$out"
finish layout
