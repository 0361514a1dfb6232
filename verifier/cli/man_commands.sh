#!/bin/sh
# man_commands.sh -- the man page's COMMANDS section, for help2man
# --include: one subsection per sub-command that `verifier --help` lists,
# holding that sub-command's own `--help` word for word.  Generated from
# the binary at build time, so the manual cannot drift from the help.
#   Usage: verifier/cli/man_commands.sh BUILD/verifier > FILE
set -eu
bin=${1:?usage: man_commands.sh VERIFIER}

# The sub-commands: the two-space-indented words of --help's "commands:"
# block (a line that starts a command, not a wrapped description).
commands=$("$bin" --help | sed -n '/^commands:$/,/^$/s/^  \([a-z][a-z-]*\)  .*/\1/p')
[ -n "$commands" ] || { echo "man_commands.sh: no command found in $bin --help" >&2; exit 1; }

echo '[COMMANDS]'
# (printf: dash's echo would read \f as a form feed.)
printf '%s\n' 'Each command'"'"'s own help, as \fBverifier\fR \fICOMMAND\fR \fB\-\-help\fR prints it.'
for c in $commands; do
    echo ".SS \"verifier $c\""
    echo '.nf'
    # roff: a backslash is \e; a line may not start with . or ' (a
    # request), so those get a zero-width \& in front.
    "$bin" "$c" --help | sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/"
    echo '.fi'
done
