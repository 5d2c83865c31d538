#!/bin/sh
# an embedded UI's message catalog compiler (its C logic in sh/awk): it
# reads a PO file into
#     struct msg { char *ctxt, *id, *id_plural; char *str[MAX_FORMS]; int nstr; };
# (calloc'ed, MAX_FORMS 6: msgstr[i] lines fill str[i] in order), takes
# nplurals from the header's Plural-Forms line and then lays out the
# binary table; a plural message's translation is its forms joined by NULs:
#     if (m->id_plural)
#         for (int i = 0; i < cat->nplurals; i++)
#             len += strlen(m->str[i]) + 1;      /* nstr never consulted */
# A plural message with FEWER msgstr[] forms than nplurals leaves
# str[nstr] NULL and strlen(NULL) crashes (SIGSEGV). Exactly nplurals
# forms is right; more forms than nplurals are simply not emitted. Plain
# messages only ever use str[0], whatever nplurals is. The plural
# expression is copied as text and never evaluated here (even when it can
# yield an index >= nplurals); references, flags and contexts are copied
# through or dropped.
awk '
BEGIN { np = -1; inmsg = 0 }
function finish() {
    if (inmsg && isplural && nstr < np) crash = 1
    inmsg = 0; isplural = 0; nstr = 0
}
/^"Plural-Forms: / {
    s = $0; sub(/.*nplurals=/, "", s); sub(/;.*/, "", s); np = s + 0
    next
}
/^$/ { finish(); inmsg = 1; next }
/^msgid_plural / { isplural = 1; next }
/^msgstr\[[0-9]\] / {
    i = substr($0, 8, 1) + 0
    if (i != nstr || i >= 6) { bad = 1; exit }   # out of order / too many
    nstr++
    next
}
{ next }
END {
    if (bad || np < 0) exit 125
    finish()
    if (np < 1) exit 125
    if (crash) exit 139
    exit 0
}' "$1"
rc=$?
[ $rc = 125 ] && exit 125
[ $rc = 139 ] && kill -SEGV $$
exit 0
