#!/bin/sh
# `nft -c -f FILE` (in awk): chains belong to their table, and nft expands
# a table into all its chains first and their rules after, so a jump or goto
# may name a chain of the same table declared before or after the rule, and
# a chain declared twice is one chain (its blocks add up). A jump/goto to a
# chain its own table does not declare (a chain of that name in the other
# table does not count) makes the kernel refuse the batch: "Error: Could not
# process rule: No such file or directory", exit 1. Comments and log
# prefixes take the same names harmlessly.
exec awk '
$1 == "table" { t++; tname[t] = $2 " " $3; next }
$1 == "chain" { chains[t, $2] = 1; next }
{
    for (i = 1; i < NF; i++)
        if ($i == "jump" || $i == "goto") { n++; target[n] = $(i + 1); tab[n] = t; line[n] = NR }
}
END {
    for (k = 1; k <= n; k++)
        if (!((tab[k], target[k]) in chains)) {
            printf "%s:%d: Error: Could not process rule: No such file or directory (chain %s in table %s)\n", FILENAME, line[k], target[k], tname[tab[k]] > "/dev/stderr"
            exit 1
        }
    exit 0
}' "$1"
