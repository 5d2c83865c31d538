#!/bin/sh
# uicat, the loader of an embedded UI's XML message catalog. It reads every
# <msg> element, keeps its id, width, font and optional icon, and decodes
# the text into the UTF-8 string table; a decimal character reference is
# handled as
#     unsigned long cp = strtoul(p + 2, &end, 10);
#     if (*end != ';' || cp == 0 || cp > 0x10FFFF)
#         return cat_error(c, "bad character reference");
#     o += utf8_put(o, cp);
# and utf8_put() insists on a Unicode scalar value:
#     assert(cp < 0xD800 || cp > 0xDFFF);   /* no UTF-16 surrogates */
# The loader forgot to reject the surrogate range itself, so a reference
# to a code point from 55296 (0xD800) to 57343 (0xDFFF) inclusive aborts
# (SIGABRT). The end of Hangul just below (up to 55295) and the private use
# area just above (57344 on) encode fine, as do CJK and emoji.
# The icon attribute is a code point too, but it is only looked up in the
# font's glyph map (font_glyph() gives the missing-glyph box for anything
# unmapped, surrogates included) and never encoded; the id and the width
# (the text is cut with an ellipsis when too wide) are plain numbers.
res=$(awk '
function fail(m) { print m; bad = 1; exit }
BEGIN { bad = 0; n = 0 }
/^<\?xml/ || /^<catalog / || /^<\/catalog>/ { next }
/^  <msg / {
    line = $0
    if (!match(line, /^  <msg id=.[0-9]+. width=.[0-9]+. font=.[a-z]+.( icon=.[0-9]+.)?>/))
        fail("125 malformed msg")
    head = substr(line, 1, RLENGTH); text = substr(line, RLENGTH + 1)
    if (!sub(/<\/msg>$/, "", text)) fail("125 unterminated msg")
    # icon: glyph lookup only, unmapped -> box
    if (match(head, /icon=.[0-9]+./)) icon = substr(head, RSTART + 6, RLENGTH - 7) + 0
    else icon = -1
    while (text != "") {
        if (substr(text, 1, 2) == "&#") {
            if (!match(text, /^&#[0-9]+;/)) fail("125 bad character reference")
            cp = substr(text, 3, RLENGTH - 3) + 0
            if (cp == 0 || cp > 1114111) fail("125 bad character reference")
            if (cp >= 55296 && cp <= 57343)
                fail("134 utf8_put: assertion `cp < 0xD800 || cp > 0xDFFF` failed (cp " cp ")")
            text = substr(text, RLENGTH + 1)
        } else if (substr(text, 1, 1) == "&") {
            fail("125 stray &")
        } else {
            text = substr(text, 2)
        }
    }
    n++
    next
}
{ fail("125 unexpected line") }
END { if (!bad) print (n > 0 ? "0 ok" : "125 no messages") }
' "$1")
case $res in
    0\ *) exit 0 ;;
    134\ *) echo "uicat: ${res#134 }" >&2; kill -ABRT $$ ;;
    *) echo "uicat: ${res#* }" >&2; exit 125 ;;
esac
