#!/bin/sh
# a bulk loader on SQLite sends each insert job as one multi-row INSERT with
# a bound "?" per cell, rows * cols variables, and a delete as DELETE ... IN
# (?,...) with one per row id. Bug: it never splits a batch, and SQLite allows
# at most 999 variables per statement: an insert with rows * cols > 999 fails
# to prepare ("too many SQL variables") and the loader exits 1. 999 passes.
exec awk '
{
    split($0, w, /[ =]/)
    if (w[1] == "insert") { nvars = w[4] * w[6] }
    else if (w[1] == "delete") { nvars = w[4] + 0 }
    else { nvars = w[4] + 1 }
    if (nvars > 999) {
        printf "loader: %s %s: prepare: too many SQL variables (%d)\n", w[1], w[2], nvars > "/dev/stderr"
        failed = 1; exit 1
    }
}
END { exit failed ? 1 : 0 }' "$1"
