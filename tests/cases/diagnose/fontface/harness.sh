#!/bin/sh
# an e-reader's theme loader (its C logic in awk). The body font is a static
# family shipped as one file per (style, weight); the loader indexes a table
# faces[style][weight] built from the files it finds, and applies each
# body-font line as it reads it, opening the face and asserting it got one
# (assert(face != NULL), SIGABRT). The family ships its italics only from
# 300 to 700 (no 100, 200, 800, 900 italic), and its condensed, expanded and
# small-caps cuts without the hairline 100 and the black 900. Normal and
# oblique (slanted at render time from the upright file) are complete.
# Heading fonts come from a variable font that covers every style and
# weight; text size and margin take two-digit numbers harmlessly.
exec awk '
BEGIN {
    nw = split("100 200 300 400 500 600 700 800 900", W, " ")
    for (i = 1; i <= nw; i++) {
        face["normal", W[i]] = "Literata-" W[i] ".otf"
        face["oblique", W[i]] = "Literata-" W[i] ".otf"       # synthetic slant
        if (W[i] >= 300 && W[i] <= 700) face["italic", W[i]] = "Literata-" W[i] "Italic.otf"
        if (W[i] != 100 && W[i] != 900) {
            face["condensed", W[i]] = "LiterataCond-" W[i] ".otf"
            face["expanded", W[i]] = "LiterataExp-" W[i] ".otf"
            face["smallcaps", W[i]] = "LiterataSC-" W[i] ".otf"
        }
    }
}
$1 == "body-font" {
    f = face[$2, $3]
    if (f == "") {
        print "themeload: theme.c:88: load_body_face: Assertion `face != NULL'"'"' failed." > "/dev/stderr"
        bad = 1; exit
    }
    body = f
}
$1 == "heading-font" { heading = "LiterataVF.ttf:slnt=" $2 ",wght=" $3 }
$1 == "text-size" { size = $2 + 0 }
$1 == "margin" { margin = $2 + 0 }
END { if (bad) { system("kill -ABRT $PPID"); exit 134 } exit 0 }' "$1"
