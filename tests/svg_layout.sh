#!/usr/bin/env bash
# svg_layout.sh -- the layout rule of every figure the verifier draws
# (docs/commands.md, "Figures"): no text inside the plot area.  The key
# sits outside, below the plot; the title above it; tick labels and axis
# labels beside it; so no legend or label can sit on the data.
#   Usage: tests/svg_layout.sh FILE.svg...
# Reads gnuplot's SVG: the plot area is the border path (a closed
# rectangle of four L points), each text a group placed by translate(x,y).
# Prints one line per text inside the area (with a 1-pixel margin) and
# exits 1 if there is any, 2 if a file has no border to read.
set -u
status=0
for svg in "$@"; do
    out=$(awk '
        # The first closed rectangle drawn in black is the border.
        !have && /<path stroke=.black.  d=.M[0-9.]*,[0-9.]* L.* Z/ {
            n = split($0, pts, /[ML]/)
            for (i = 2; i <= n; i++) {
                split(pts[i], xy, ",")
                x = xy[1] + 0; y = xy[2] + 0
                if (i == 2 || x < x0) x0 = x
                if (i == 2 || x > x1) x1 = x
                if (i == 2 || y < y0) y0 = y
                if (i == 2 || y > y1) y1 = y
            }
            have = 1
        }
        /<g transform="translate\([0-9.]*,[0-9.]*\)" stroke="none"/ {
            match($0, /translate\([0-9.]*,[0-9.]*\)/)
            split(substr($0, RSTART + 10, RLENGTH - 11), xy, ",")
            tx[++texts] = xy[1] + 0; ty[texts] = xy[2] + 0
            getline line
            gsub(/<[^>]*>/, "", line); gsub(/^[ \t]+/, "", line)
            tt[texts] = line
        }
        END {
            if (!have) { print "no border"; exit 2 }
            for (i = 1; i <= texts; i++)
                if (tx[i] > x0 + 1 && tx[i] < x1 - 1 && ty[i] > y0 + 1 && ty[i] < y1 - 1)
                    printf "text \"%s\" at (%.0f,%.0f) inside the plot area (%.0f,%.0f)-(%.0f,%.0f)\n", tt[i], tx[i], ty[i], x0, y0, x1, y1
        }' "$svg")
    rc=$?
    if [ "$rc" -eq 2 ]; then
        echo "$svg: no plot border found"
        status=2
    elif [ -n "$out" ]; then
        echo "$out" | sed "s|^|$svg: |"
        [ "$status" -eq 0 ] && status=1
    fi
done
exit "$status"
