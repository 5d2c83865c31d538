#!/bin/sh
# a backup tool (Python; its configparser logic in awk) reads its INI file
# with ConfigParser(strict=False) and the default BasicInterpolation, then
# walks config.items(section) for every section, which interpolates each
# value. %(name)s is looked up in the value's OWN section only (there is no
# [DEFAULT] section): a url or path naming a setting that exists only in
# another section raises InterpolationMissingOptionError, which the tool
# does not catch (a traceback, exit status 1). %% is an escaped "%", so
# %%(name)s is literal text. A setting given twice in a section keeps its
# last value (strict=False); only whether it exists matters here.
exec awk '
/^\[/ { sec = substr($0, 2, length($0) - 2); order[++nsec] = sec; next }
/ = / {
    k = substr($0, 1, index($0, " = ") - 1); v = substr($0, index($0, " = ") + 3)
    if (!((sec, k) in val)) keys[sec] = keys[sec] " " k
    val[sec, k] = v
}
function interp(s, k, raw,   out, rest, c, name, j) {
    out = ""; rest = raw
    while ((j = index(rest, "%")) > 0) {
        out = out substr(rest, 1, j - 1); rest = substr(rest, j)
        c = substr(rest, 2, 1)
        if (c == "%") { out = out "%"; rest = substr(rest, 3); continue }
        # "%(name)s"
        name = substr(rest, 3, index(rest, ")") - 3)
        if (!((s, name) in val)) {
            printf "configparser.InterpolationMissingOptionError: Bad value substitution: option %c%s%c in section %c%s%c contains an interpolation key %c%s%c which is not a valid option name. Raw value: %c%s%c\n", 39, k, 39, 39, s, 39, 39, name, 39, 39, raw, 39 > "/dev/stderr"
            failed = 1; exit 1
        }
        out = out val[s, name]; rest = substr(rest, index(rest, ")s") + 2)
    }
    return out rest
}
END {
    if (failed) exit 1
    for (i = 1; i <= nsec; i++) {
        n = split(keys[order[i]], ks, " ")
        for (m = 1; m <= n; m++) printf "%s.%s = %s\n", order[i], ks[m], interp(order[i], ks[m], val[order[i], ks[m]])
    }
    exit 0
}' "$1" >/dev/null
