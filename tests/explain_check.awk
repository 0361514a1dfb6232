# explain_check.awk -- reads the output of `verifier value P --bonus N
# --explain` and checks its last line of arithmetic exactly: the
# expression "(a + N) - b" or "a - (b + N)" (N an integer or p/q, negative
# in brackets) must equal the f printed after it and the table's value
# printed on the next line.  Fractions are kept as integer pairs (awk's
# doubles hold these small integers exactly).  Prints "ok" or the reason.

function gcd(a, b,    t) { a = a < 0 ? -a : a; b = b < 0 ? -b : b; while (b) { t = a % b; a = b; b = t } return a }
# Parses "p", "-p", "p/q", "(-p/q)" into NUM, DEN.
function frac(s,    parts) {
    gsub(/[() ]/, "", s)
    if (split(s, parts, "/") == 2) { NUM = parts[1] + 0; DEN = parts[2] + 0 } else { NUM = s + 0; DEN = 1 }
}
/gets N = / && / f = / {
    line = $0
    n = split(line, eq, " = ")
    # eq[n-1]: the expression; eq[n]: f.
    expr = eq[n - 1]; result = eq[n]
    frac(result); rn = NUM; rd = DEN
    if (expr ~ /^\(/) {
        # (a + N) - b
        match(expr, /^\([^+]+\+ /); a = substr(expr, 2, RLENGTH - 4) + 0
        rest = substr(expr, RLENGTH + 1)
        k = index(rest, ") - "); ns = substr(rest, 1, k - 1); b = substr(rest, k + 4) + 0
        frac(ns); num = (a - b) * DEN + NUM; den = DEN
    } else {
        # a - (b + N)
        k = index(expr, " - ("); a = substr(expr, 1, k - 1) + 0
        rest = substr(expr, k + 4)
        k = index(rest, " + "); b = substr(rest, 1, k - 1) + 0
        ns = substr(rest, k + 3); sub(/\)$/, "", ns)
        frac(ns); num = (a - b) * DEN - NUM; den = DEN
    }
    seen = 1
}
/the table's value: / { sub(/.*the table's value: /, ""); sub(/\)$/, ""); frac($0); tn = NUM; td = DEN; table = 1 }
END {
    if (!seen || !table) { print "no arithmetic line or no table value"; exit }
    if (num * rd != rn * den) { print "the arithmetic gives " num "/" den ", the line prints " rn "/" rd; exit }
    if (rn * td != tn * rd) { print "the line prints " rn "/" rd ", the table's value is " tn "/" td; exit }
    print "ok"
}
