#!/bin/sh
# an ISAM store's bulk loader (its C logic, in awk for speed). The script
# declares the table's key column as char(N); each row is one allocation,
# the value pointer and then the key slot as a flexible array member:
#
#   struct row { char *val; char key[]; };
#   r = malloc(sizeof *r + t->keywidth);
#   if (strlen(key) > t->keywidth)       /* should be >= : no room for NUL */
#       key[t->keywidth] = '\0';         /* truncate, with a warning */
#   strcpy(r->key, key);                 /* copies strlen(key) + 1 bytes */
#   r->val = strdup(val);
#
# The truncation keeps N characters where the slot holds N - 1 and the
# terminator, so a key of N characters or more writes its NUL one byte past
# the allocation: AddressSanitizer's heap-buffer-overflow (exit 1). Values
# are strdup'ed and may be of any length; the table name plays no part. A
# script that is not in the loader's syntax is an error (125).
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
NR == 1 {
    if ($0 !~ /^create [a-z]+ key=char\([1-9][0-9]*\)$/) { bad = 1; exit }
    table = $2
    w = $3; sub(/^key=char\(/, "", w); sub(/\)$/, "", w); keywidth = w + 0
    next
}
/^insert [a-z][a-z0-9_]* "[a-z ]*"$/ {
    key = $2
    val = substr($0, length("insert " key " \"") + 1); sub(/"$/, "", val)
    rows++
    len = length(key)
    if (len > keywidth) {
        printf "load: warning: row %d: key \"%s\" truncated to %d characters\n", rows, key, keywidth > "/dev/stderr"
        key = substr(key, 1, keywidth); len = keywidth
    }
    # strcpy(r->key, key): len + 1 bytes into a slot of keywidth bytes
    if (len + 1 > keywidth) {
        printf "==ERROR: AddressSanitizer: heap-buffer-overflow: WRITE of size %d (key slot of %d bytes) in strcpy, row %d of table %s\n", len + 1, keywidth, rows, table > "/dev/stderr"
        crashed = 1; exit
    }
    slot[rows] = key; value[rows] = val
    next
}
{ bad = 1; exit }
END {
    if (crashed) exit 1
    if (bad || NR < 2) exit 125
    printf "load: %d rows into %s (key char(%d))\n", rows, table, keywidth
    exit 0
}' "$f"
