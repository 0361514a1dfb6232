#!/usr/bin/env bash
# install_test.sh -- make install and make uninstall (docs/install.md):
# into a temporary DESTDIR, the binary runs and prints its version, the
# man page (help2man's) is a man page that groff reads without a warning
# and that holds every sub-command's --help; the bash completion offers
# sub-commands, options, claim ids and games; make uninstall removes the
# three files; and an install that cannot finish leaves nothing installed.
#   Usage: tests/install_test.sh BUILD [VAR=VALUE...]
# BUILD is the build directory of `make check` (relative to the top of the
# tree, or absolute); the VAR=VALUEs (SAN=1 ...) are passed to make so
# that it builds nothing the check has not built, with the same flags.
# Skipped, and said so, when help2man is not installed.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:?usage: tests/install_test.sh BUILD [VAR=VALUE...]}
shift
case $BUILD in /*) B=$BUILD ;; *) B=$ROOT/$BUILD ;; esac
. "$ROOT/tests/testlib.sh"
# A make of its own (not the -j of the make that runs this test).
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES

if ! command -v help2man >/dev/null; then
    echo "== install: skipped: help2man is not installed (make deps or make install installs it)"
    exit 0
fi

# mk ARGS...: make in the tree with the check's build; status in $rc.
mk() {
    make --no-print-directory -s -C "$ROOT" BUILD="$BUILD" "$@" >"$WORK/out" 2>"$WORK/err"
    rc=$?
}
show() { echo "    exit $rc; stdout: $(head -c 300 "$WORK/out" | tr '\n' '|'); stderr: $(head -c 300 "$WORK/err" | tr '\n' '|')"; }

D=$WORK/root
BIN=$D/usr/local/bin/verifier
MAN=$D/usr/local/share/man/man1/verifier.1
COMP=$D/usr/local/share/bash-completion/completions/verifier

mk "$@" install PREFIX=/usr/local DESTDIR="$D"
if [ "$rc" -eq 0 ] && [ -f "$BIN" ] && [ -x "$D/usr/local/bin/proofcheck" ] && [ -f "$MAN" ] && [ -f "$COMP" ]; then
    ok "make install DESTDIR=... PREFIX=/usr/local: bin/verifier, bin/proofcheck, share/man/man1/verifier.1, share/bash-completion/completions/verifier"
else
    bad "make install"; show
fi
if [ "$(stat -c %a "$BIN" 2>/dev/null)" = 755 ] && [ "$(stat -c %a "$MAN" 2>/dev/null)" = 644 ] \
    && [ "$(stat -c %a "$COMP" 2>/dev/null)" = 644 ]; then
    ok "modes 755, 644 and 644"
else
    bad "modes: $(stat -c '%a %n' "$BIN" "$MAN" 2>&1 | tr '\n' ' ')"
fi
left=$(find "$D" -name '.*.new')
if [ -z "$left" ]; then ok "no temporary file left"; else bad "left: $left"; fi

version=$("$BIN" --version 2>&1)
if [ "$version" = "$("$B/verifier" --version 2>&1)" ] && [[ $version =~ ^verifier\ [0-9]+\.[0-9]+\.[0-9]+$ ]]; then
    ok "the installed binary runs: $version"
else
    bad "the installed binary: --version printed '$version'"
fi

# A man page: help2man's comment, then .TH with the name, section 1 and
# the version; NAME, DESCRIPTION; the commands of `verifier --help`.
th=$(grep -v '^\.\\"' "$MAN" | head -1)
if [[ $th == ".TH VERIFIER \"1\" "*"\"$version\""* ]]; then
    ok "it starts with .TH VERIFIER \"1\" ... \"$version\""
else
    bad "its first line is not a .TH for verifier(1): $th"
fi
missing=""
for want in '^\.SH NAME$' '^verifier \\- ' '^\.SH DESCRIPTION$' '^list$' '^check$' '^nightly$' 'Scoring Nim'; do
    grep -q "$want" "$MAN" || missing="$missing $want"
done
if [ -z "$missing" ]; then ok "NAME, DESCRIPTION and the commands are there"; else bad "the man page lacks:$missing"; fi
# Every sub-command has its own subsection, holding its --help's usage
# line and an option of its own (generated, so they cannot drift).
missing=""
for c in $("$BIN" --help | sed -n '/^commands:$/,/^$/s/^  \([a-z][a-z-]*\)  .*/\1/p'); do
    grep -qx ".SS \"verifier $c\"" "$MAN" || missing="$missing $c"
    grep -qF "$("$BIN" "$c" --help | head -n 1)" "$MAN" || missing="$missing $c(usage)"
done
for opt in '\-\-max\-mismatches' '\-\-explain' '\-\-sum\-points' '\-\-bless' '\-\-older\-than'; do
    grep -q -- "$opt" "$MAN" || missing="$missing $opt"
done
if [ -z "$missing" ] && [ "$(grep -c '^\.SS "verifier ' "$MAN")" -ge 10 ]; then
    ok "the man page has every sub-command's --help ($(grep -c '^\.SS "verifier ' "$MAN") subsections)"
else
    bad "the man page lacks:$missing"
fi
# The completion, sourced in a bash of its own and run as bash would.
complete_words() {
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _verifier; echo "${COMPREPLY[*]}"' \
        _ "$COMP" "$BIN" "$@"
}
if [ "$(complete_words ch)" = check ] && [ "$(complete_words check --cl)" = --claims ] \
    && [ "$(complete_words check --claims os/eq-1,rn/prop-4.1)" = "os/eq-1,rn/prop-4.1 os/eq-1,rn/prop-4.10 os/eq-1,rn/prop-4.11 os/eq-1,rn/prop-4.12" ] \
    && [ "$(complete_words value 5 --game chance)" = chance-nim ] \
    && [ "$(complete_words value 5 --subt)" = --subtraction ] \
    && [ "$(complete_words conj --id st/conj-3)" = "st/conj-34 st/conj-35/literal st/conj-35/eventual st/conj-36/literal st/conj-36/eventual st/conj-37/literal st/conj-37/eventual" ] \
    && [ -z "$(complete_words conj --id os/)" ] \
    && [ "$(complete_words sequence ka)" = kayles ] \
    && [ "$(complete_words sequence scoring-octal --to 5 --sum-p)" = --sum-points ] \
    && [ -z "$(complete_words sequence kayles --po)" ]; then
    ok "bash completion: sub-commands, options (the games' too), claim ids in a comma list (conj --id: the families only), games, a sequence's games and each one's own options"
else
    bad "bash completion: '$(complete_words ch)' '$(complete_words check --cl)' '$(complete_words check --claims os/eq-1,rn/prop-4.1)' '$(complete_words value 5 --game chance)'"
fi
if command -v groff >/dev/null; then
    # -ww: every warning; -z: no output, only the reading.
    if groff -man -Tutf8 -ww -z "$MAN" 2>"$WORK/groff" && [ ! -s "$WORK/groff" ] &&
        groff -man -Tascii "$MAN" 2>/dev/null | grep -q 'VERIFIER(1)'; then
        ok "groff reads it without a warning (VERIFIER(1))"
    else
        bad "groff: $(head -5 "$WORK/groff" | tr '\n' '|')"
    fi
else
    echo "skip the groff reading of the man page: groff is not installed (make deps installs groff-base)"
fi

mk "$@" uninstall PREFIX=/usr/local DESTDIR="$D"
if [ "$rc" -eq 0 ] && [ -z "$(find "$D" ! -type d)" ]; then
    ok "make uninstall removes the three files"
else
    bad "make uninstall: left $(find "$D" ! -type d | tr '\n' ' ')"; show
fi
mk "$@" uninstall PREFIX=/usr/local DESTDIR="$D"
if [ "$rc" -eq 0 ]; then ok "make uninstall again: nothing to do, exit 0"; else bad "make uninstall twice"; show; fi

# An install that cannot finish installs nothing: the man page's place is
# taken by a file (the directories cannot be made), or by a directory
# where the man page's temporary copy goes (the second copy fails after
# the first succeeded).
D2=$WORK/blocked
mkdir -p "$D2/usr/local/share"
touch "$D2/usr/local/share/man"
mk "$@" install PREFIX=/usr/local DESTDIR="$D2"
if [ "$rc" -ne 0 ] && [ -z "$(find "$D2" -type f ! -path "$D2/usr/local/share/man")" ]; then
    ok "no place for the man page: make install fails (exit $rc) and installs nothing"
else
    bad "no place for the man page: exit $rc, files: $(find "$D2" -type f | tr '\n' ' ')"; show
fi
D3=$WORK/blocked2
mkdir -p "$D3/usr/local/share/man/man1/.verifier.1.new"
mk "$@" install PREFIX=/usr/local DESTDIR="$D3"
if [ "$rc" -ne 0 ] && [ -z "$(find "$D3" -type f)" ]; then
    ok "the man page's copy fails after the binary's: make install fails (exit $rc), no binary left"
else
    bad "the man page's copy fails: exit $rc, files: $(find "$D3" -type f | tr '\n' ' ')"; show
fi
finish install
