#!/bin/sh
# a small log router (syslog-ng-like) loading its config; its C logic:
#     load_config(): first pass keeps every "source" and "dest" line in two
#         lists (a name defined twice: the later line wins), second pass
#         builds the routes:
#     struct source *s = find_source(cfg, r->src);
#     if (!s) { warn("unknown source %s, using internal", r->src);
#               s = &internal_source; }
#     struct dest *d = find_dest(cfg, r->dst);   /* NULL when undefined */
#     d->ops->open(d);                           /* unchecked: SIGSEGV */
# so a route to a destination that no "dest" line names crashes the
# daemon at start-up, wherever the lines are. An unknown source is only a
# warning; a name defined only as a source, or only mentioned in a
# comment or a route's "# was" note, does not make a destination; the
# level and the destination's kind (file, host) do not matter.
r=$(awk '
    $1 == "source" { src[$2] = 1; next }
    $1 == "dest"   { dst[$2] = 1; next }
    $1 == "options" { opt[$2] = $3; next }
    $1 == "route"  { nr++; rs[nr] = $2; rd[nr] = $4; next }
    /^#/ || /^$/   { next }
    { bad = 1 }
    END {
        if (bad) { print "invalid"; exit }
        for (i = 1; i <= nr; i++) {
            if (!(rs[i] in src))
                printf "warning: unknown source %s, using internal\n", rs[i] > "/dev/stderr"
            if (!(rd[i] in dst)) { print "crash " rd[i]; exit }
        }
        print "ok"
    }' "$1") || exit 125
case $r in
    ok) exit 0 ;;
    crash*) echo "route to undefined destination ${r#crash }: NULL dereference" >&2
            kill -SEGV $$ ;;
    *) exit 125 ;;
esac
