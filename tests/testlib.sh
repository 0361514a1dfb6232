# testlib.sh -- what the shell tests share: a work directory removed on
# exit, the ok/bad tally, and the comparison of two results directories.
# Sourced after V (the verifier) is set; the test ends with `finish NAME`.
set -u
# (Before the cd below: the path this file was sourced by may be relative.)
source "$(dirname "${BASH_SOURCE[0]}")/testlib_compare.sh"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

# finish NAME: the tally, and the status of the test (a test in which
# no check ran at all fails: it proved nothing).
finish() {
    echo "$1: $passed passed, $failed failed"
    if [ $((passed + failed)) -eq 0 ]; then
        echo "FAIL $1: no check ran"
        return 1
    fi
    [ "$failed" -eq 0 ]
}
