# testlib_compare.sh -- the comparison of two results directories, for
# the shell tests (sourced by testlib.sh, and alone by tests that keep
# their own tally).
# same_results A B: the same files, every one byte-identical, summary.json
# up to its "run" object and report.html but its section of times (the
# parts that depend on the machine and the moment).
same_results() {
    local a=$1 b=$2 f
    [ -d "$a" ] && [ -d "$b" ] || return 1
    [ "$(ls -A "$a")" = "$(ls -A "$b")" ] || return 1
    for f in "$a"/*; do
        f=$(basename "$f")
        if [ "$f" = summary.json ]; then
            cmp -s <(sed '/"run": {/,$d' "$a/$f") <(sed '/"run": {/,$d' "$b/$f") || return 1
        elif [ "$f" = report.html ]; then
            # All but its section of times, which changes from run to run.
            cmp -s <(sed '/^<section id="run">/,/^<\/section>/d' "$a/$f") \
                <(sed '/^<section id="run">/,/^<\/section>/d' "$b/$f") || return 1
        elif [ -d "$a/$f" ]; then
            # A folder of the results (figures/): every file in it the same.
            diff -rq "$a/$f" "$b/$f" >/dev/null || return 1
        else
            cmp -s "$a/$f" "$b/$f" || return 1
        fi
    done
}

# differences A B: the files that differ between two results directories.
differences() {
    local a=$1 b=$2 f
    diff <(ls -A "$a" 2>&1) <(ls -A "$b" 2>&1) | sed -n 's/^[<>] /only on one side: /p'
    for f in "$a"/*; do
        f=$(basename "$f")
        [ -e "$b/$f" ] || continue
        if [ "$f" = summary.json ]; then
            cmp -s <(sed '/"run": {/,$d' "$a/$f") <(sed '/"run": {/,$d' "$b/$f") || echo "differs: $f"
        elif [ "$f" = report.html ]; then
            cmp -s <(sed '/^<section id="run">/,/^<\/section>/d' "$a/$f") \
                <(sed '/^<section id="run">/,/^<\/section>/d' "$b/$f") || echo "differs: $f"
        elif [ -d "$a/$f" ]; then
            diff -rq "$a/$f" "$b/$f" >/dev/null || echo "differs: $f/"
        else
            cmp -s "$a/$f" "$b/$f" || echo "differs: $f"
        fi
    done
}
