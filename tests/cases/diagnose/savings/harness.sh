#!/bin/sh
# a savings calculator (its C logic, in awk), built by its test with
# UndefinedBehaviorSanitizer (-fsanitize=signed-integer-overflow
# -fno-sanitize-recover): it reads a plan (deposit in whole dollars, yearly
# rate in percent, years) and prints the balance year by year, compounding
# once a year. The balance is kept in cents in an int, and each year's
# interest is computed in int too:
#
#     int bal = deposit * 100;
#     for (y = 1; y <= years; y++) {
#         int interest = bal * rate / 100;    /* bal * rate overflows first */
#         bal += interest;                    /* truncated to whole cents */
#         printf("%2d %d.%02d\n", y, bal / 100, bal % 100);
#     }
#
# The bug: with a large enough deposit, rate and number of years together,
# the product bal * rate (or, at a rate of 1, the new balance) exceeds
# INT_MAX (2147483647) in some year, and the sanitizer stops the program
# (exit 1, "signed integer overflow"). The balance printed at the end may
# itself fit: the product overflows years before the balance would. A plan
# it cannot read is 125.
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
awk '
BEGIN { INT_MAX = 2147483647 }
NR == 1 && /^deposit [1-9][0-9]*$/ { dep = $2 + 0; next }
NR == 2 && /^rate [1-9][0-9]*%$/ { rate = substr($2, 1, length($2) - 1) + 0; next }
NR == 3 && /^years [1-9][0-9]*$/ { years = $2 + 0; next }
{ bad = 1 }
END {
    if (bad || NR != 3) exit 125
    bal = dep * 100
    for (y = 1; y <= years; y++) {
        p = bal * rate
        if (p > INT_MAX) {
            printf "savings.c:14: runtime error: signed integer overflow: %d * %d cannot be represented in type '\''int'\''\n", bal, rate > "/dev/stderr"
            exit 1
        }
        interest = int(p / 100)
        if (bal + interest > INT_MAX) {
            printf "savings.c:15: runtime error: signed integer overflow: %d + %d cannot be represented in type '\''int'\''\n", bal, interest > "/dev/stderr"
            exit 1
        }
        bal += interest
        printf "%2d %d.%02d\n", y, int(bal / 100), bal % 100
    }
    exit 0
}
' "$f"
