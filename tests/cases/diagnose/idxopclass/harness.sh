#!/bin/sh
# a database's schema loader (its C logic in awk). For an indexed column
# it looks up the default operator class for the column's type and the
# index method and dereferences it unchecked:
#     const struct opclass *oc = default_opclass[type][method]; /* NULL: none */
#     idx->cmp = oc->support[1];
# json has no btree or hash operator class (no total order, no stable
# hash), and int, float and bool have no gin one (gin indexes the parts of
# a container: json documents, and text through its trigrams): those
# columns dereference NULL (SIGSEGV). Every other pair, and brin on any
# type, is fine. A planner hint only nudges cost estimates and never builds
# an index, so it takes the same types and methods harmlessly; the column
# name, fill factor and cost weight play no part.
exec awk '
$1 == "column" {
    split($3, t, "="); split($4, m, "=")
    if ((t[2] == "json" && (m[2] == "btree" || m[2] == "hash")) || (m[2] == "gin" && (t[2] == "int" || t[2] == "float" || t[2] == "bool"))) { bad = 1; exit }
}
END { if (bad) { system("kill -SEGV $PPID"); exit 139 } }' "$1"
