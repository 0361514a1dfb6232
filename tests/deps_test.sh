#!/usr/bin/env bash
# deps_test.sh -- what the Makefile does about missing Debian packages
# (make deps-ensure, docs/install.md):
#   - everything present: nothing is installed and nothing is asked of
#     apt-get, sudo or dpkg-query, whether they are on PATH or not;
#   - something missing and no apt-get: one line naming the Debian
#     package(s), a non-zero status, nothing built;
#   - something missing, apt-get at hand: an installing goal (make deps)
#     installs exactly what is missing, in one apt-get call; a goal that
#     does not install (make, make MPI=1) only names it;
#   - goals add up: make deps-mpi deps-extra installs both sets.
# It runs the real Makefile with PATH replaced by a directory of links to
# every command on PATH but the package tools, beside fakes of these
# (apt-get, sudo, dpkg-query that write down their calls) and of the
# commands a missing package would provide.
#   Usage: tests/deps_test.sh    (needs what `make deps` installs)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/tests/testlib.sh"
# A make of its own: not the -j, the goals or the variables of the make
# that runs this test (make check SAN=1 passes SAN=1 down, for one).
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES

REAL_PATH=$PATH
CALLS=$WORK/calls

# Each PATH is two directories: DIR.fake (regular files only: the fakes)
# in front of DIR (links to the real commands).  A fake is never written
# through a link, which would overwrite the real command.
#
# fakebin DIR HIDDEN...: DIR holds a link to every command on PATH except
# the package tools and the HIDDEN commands (the first found wins, as on
# PATH); DIR.fake starts empty.
fakebin() {
    local dir=$1 d f name
    shift
    local hidden=" apt-get apt aptitude sudo dpkg dpkg-query $* "
    mkdir -p "$dir" "$dir.fake"
    local IFS=:
    for d in $REAL_PATH; do
        [ -d "$d" ] || continue
        for f in "$d"/*; do
            name=${f##*/}
            [ -x "$f" ] && [ ! -d "$f" ] || continue
            case $hidden in *" $name "*) continue ;; esac
            [ -e "$dir/$name" ] || ln -s "$f" "$dir/$name"
        done
    done
}

# fake DIR NAME: the script on stdin as DIR.fake/NAME.
fake() {
    rm -f "$1.fake/$2"
    cat >"$1.fake/$2"
    chmod +x "$1.fake/$2"
}

# spies DIR: apt-get, sudo and dpkg-query that write their arguments down
# in $CALLS.  apt-get install "installs" by creating $WORK/installed and
# fakes (in DIR.fake) of the commands the optional packages provide.
spies() {
    local dir=$1
    fake "$dir" apt-get <<EOF
#!/bin/sh
echo "apt-get \$*" >>"$CALLS"
case "\$*" in *install*)
    touch "$WORK/installed"
    for c in mpicc mpirun gnuplot dot chromium; do
        rm -f "$dir.fake/\$c"
        printf '#!/bin/sh\nexit 0\n' >"$dir.fake/\$c"
        chmod +x "$dir.fake/\$c"
    done ;;
esac
exit 0
EOF
    fake "$dir" sudo <<EOF
#!/bin/sh
echo "sudo \$*" >>"$CALLS"
exec "\$@"
EOF
    fake "$dir" dpkg-query <<EOF
#!/bin/sh
echo "dpkg-query \$*" >>"$CALLS"
exit 1
EOF
}

# hide_libs DIR LIB...: a pkg-config that does not know LIB (until the
# fake apt-get has run), and passes everything else to the real one.
hide_libs() {
    local dir=$1
    shift
    fake "$dir" pkg-config <<EOF
#!/bin/sh
if [ ! -e "$WORK/installed" ]; then
    for a in "\$@"; do
        case " $* " in *" \$a "*) exit 1 ;; esac
    done
fi
exec $(command -v pkg-config) "\$@"
EOF
}

# run DIR ARGS...: make ARGS in the tree with PATH=DIR.fake:DIR and a
# build directory of the test's own; status in $rc, output in $WORK/out
# and $WORK/err.
run() {
    local dir=$1
    shift
    rm -f "$CALLS" "$WORK/installed"
    PATH=$dir.fake:$dir make --no-print-directory -s -C "$ROOT" BUILD="$WORK/build" "$@" >"$WORK/out" 2>"$WORK/err"
    rc=$?
}

# one_line WANT: stderr is that one line (make's $(error) wraps it as
# "Makefile:N: *** WANT.  Stop."), and stdout is empty.
one_line() {
    [ "$(wc -l <"$WORK/err")" -eq 1 ] && [ ! -s "$WORK/out" ] &&
        grep -qxF "$1.  Stop." <(sed 's/^Makefile:[0-9]*: \*\*\* //' "$WORK/err")
}
show() { echo "    exit $rc; stdout: $(head -c 300 "$WORK/out" | tr '\n' '|'); stderr: $(head -c 300 "$WORK/err" | tr '\n' '|'); calls: $(tr '\n' '|' <"$CALLS" 2>/dev/null)"; }

# ---- everything present ----
fakebin "$WORK/none"
run "$WORK/none" deps
if [ "$rc" -eq 0 ] && [ ! -s "$WORK/out" ] && [ ! -s "$WORK/err" ]; then
    ok "no apt-get, sudo or dpkg-query, everything present: make deps does nothing, exit 0"
else
    bad "no apt-get, sudo or dpkg-query, everything present: make deps"; show
fi
# Goals that build are run with -n: make still expands deps-ensure (the
# probe, and the one-line stop) and runs the sub-makes, but compiles
# nothing.
for goal in all verify install; do
    run "$WORK/none" -n "$goal"
    if [ "$rc" -eq 0 ] && ! grep -q 'missing' "$WORK/err"; then
        ok "no apt-get, sudo or dpkg-query, everything present: make -n $goal goes on to the build"
    else
        bad "no apt-get, sudo or dpkg-query, everything present: make -n $goal"; show
    fi
done

fakebin "$WORK/spy"
spies "$WORK/spy"
for goal in deps "-n all" "-n install"; do
    run "$WORK/spy" $goal
    if [ "$rc" -eq 0 ] && [ ! -e "$CALLS" ] && ! grep -q 'missing' "$WORK/err"; then
        ok "apt-get, sudo and dpkg-query on PATH, everything present: make $goal calls none of them"
    else
        bad "apt-get, sudo and dpkg-query on PATH, everything present: make $goal"; show
    fi
done

# ---- a library missing, no apt-get ----
want="verifier: missing libhwloc-dev (hwloc); install it with apt-get install libhwloc-dev"
hide_libs "$WORK/none" hwloc
for goal in deps all check install verify; do
    run "$WORK/none" "$goal"
    if [ "$rc" -ne 0 ] && one_line "$want" && [ ! -e "$WORK/build" ]; then
        ok "hwloc missing, no apt-get: make $goal says so in one line, exits $rc, builds nothing"
    else
        bad "hwloc missing, no apt-get: make $goal"; show
    fi
done
hide_libs "$WORK/none" hwloc jansson
run "$WORK/none" deps
if [ "$rc" -ne 0 ] && one_line "verifier: missing libhwloc-dev (hwloc), libjansson-dev (jansson); install them with apt-get install libhwloc-dev libjansson-dev"; then
    ok "two libraries missing: both named in the one line"
else
    bad "two libraries missing"; show
fi

# ---- a library missing, apt-get at hand ----
hide_libs "$WORK/spy" hwloc
run "$WORK/spy" deps
if [ "$rc" -eq 0 ] && grep -qx 'apt-get install -y -qq libhwloc-dev' "$CALLS" &&
    [ "$(grep -c 'apt-get install' "$CALLS")" -eq 1 ] && ! grep -q dpkg-query "$CALLS" &&
    grep -qx 'installing: libhwloc-dev' "$WORK/out"; then
    ok "hwloc missing, apt-get at hand: make deps installs libhwloc-dev and nothing else"
else
    bad "hwloc missing, apt-get at hand: make deps"; show
fi
run "$WORK/spy" all
if [ "$rc" -ne 0 ] && [ ! -e "$CALLS" ] && one_line "$want"; then
    ok "hwloc missing, apt-get at hand: make (no installing goal) only names it"
else
    bad "hwloc missing, apt-get at hand: make"; show
fi

# ---- the optional sets: goals add up ----
fakebin "$WORK/bare" mpicc mpirun gnuplot dot chromium
spies "$WORK/bare"
run "$WORK/bare" MPI=1
if [ "$rc" -ne 0 ] && [ ! -e "$CALLS" ] &&
    one_line "verifier: missing libopenmpi-dev (mpi.h), openmpi-bin (mpicc, mpirun); install them with apt-get install libopenmpi-dev openmpi-bin"; then
    ok "no Open MPI: make MPI=1 names its two packages"
else
    bad "no Open MPI: make MPI=1"; show
fi
for goals in "deps-mpi deps-extra" "deps deps-mpi deps-extra"; do
    run "$WORK/bare" $goals
    if [ "$rc" -eq 0 ] && [ "$(grep -c 'apt-get install' "$CALLS")" -eq 1 ] &&
        grep -qx 'apt-get install -y -qq chromium gnuplot-nox graphviz libopenmpi-dev openmpi-bin' "$CALLS"; then
        ok "make $goals: Open MPI, gnuplot, Graphviz and chromium in one apt-get call"
    else
        bad "make $goals"; show
    fi
    rm -f "$WORK/bare.fake"/{mpicc,mpirun,gnuplot,dot,chromium}
done
finish deps
