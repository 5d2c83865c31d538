#!/bin/sh
# a personal-finance tool importing a bank's CSV export (its C logic, in awk
# for speed). Like many CSV readers it infers each column's type from the
# FIRST data row only: an amount that reads as a number makes the column
# NUMERIC, anything else (blank, "n/a") makes it TEXT. Every later cell is
# then tokenised with a fast path that does not look at the column's type:
#
#   if (looks_numeric(tok)) { cell->num = strtod(tok, NULL); }   /* union */
#   else if (col->type == COL_TEXT) { cell->str = strdup(tok); }
#   else { cell->num = NAN; }               /* a NUMERIC column's gap */
#
# In a NUMERIC column a blank or "n/a" amount in a later row is a gap,
# skipped when the column is summed (pass). In a TEXT column a later numeric
# amount is stored as a double in the cell's union, and the import summary,
# which prints a TEXT column's cells with strlen(cell->str), dereferences
# the double's bits as a pointer: SIGSEGV. So the import crashes exactly
# when the first row's amount is blank or "n/a" and some later row has a
# numeric amount; blanks in later rows are harmless. The dates and payees
# are distractors. A file that is not such a CSV export is refused (125).
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
awk '
function looks_numeric(s) { return s ~ /^-?(0|[1-9][0-9]*)\.[0-9][0-9]$/ }
NR == 1 { if ($0 != "date,payee,amount") bad = 1; next }
{
    if ($0 !~ /^2024-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8]),[a-z]+,[^,]*$/) { bad = 1; next }
    n = split($0, fld, ",")
    tok = fld[3]
    if (tok != "" && tok != "n/a" && !looks_numeric(tok)) { bad = 1; next }
    rows++
    if (rows == 1) coltype = looks_numeric(tok) ? "NUMERIC" : "TEXT"
    if (looks_numeric(tok)) { kind[rows] = "num"; num[rows] = tok + 0 }
    else if (coltype == "TEXT") { kind[rows] = "str"; str[rows] = tok }
    else kind[rows] = "nan"
}
END {
    if (bad || rows == 0) exit 125
    # the import summary
    if (coltype == "NUMERIC") {
        total = 0; gaps = 0
        for (i = 1; i <= rows; i++) if (kind[i] == "num") total += num[i]; else gaps++
        printf "imported %d rows: amount NUMERIC, total %.2f, %d pending\n", rows, total, gaps
        exit 0
    }
    for (i = 1; i <= rows; i++) {
        if (kind[i] == "num") {
            # strlen(cell->str) on a cell holding a double
            printf "row %d: amount column is TEXT (inferred from row 1) but the cell holds %s as a double\n", i, num[i] > "/dev/stderr"
            exit 139
        }
        width = length(str[i]) > width ? length(str[i]) : width
    }
    printf "imported %d rows: amount TEXT (width %d)\n", rows, width
    exit 0
}
' "$f"
rc=$?
if [ "$rc" = 139 ]; then
    ulimit -c 0 2>/dev/null
    kill -SEGV $$
fi
exit $rc
