#!/bin/sh
# a cron-run mirror tool (its C logic in sh). For each "mirror" line it
# refuses a job whose source and destination are the same string
#     if (strcmp(job->src, job->dst) == 0) { warnx("%s: same path", ...); continue; }
# and otherwise copies the tree:
#     static void copy_tree(const char *src, const char *dst) {
#         char s[PATH_MAX], d[PATH_MAX];
#         mkdir_p(dst);                        /* the mirror is made first */
#         DIR *dp = opendir(src);              /* ... then the source listed */
#         while ((e = readdir(dp))) if (is_dir(e)) {
#             sprintf(s, "%s/%s", src, e->d_name);   /* unchecked */
#             sprintf(d, "%s/%s", dst, e->d_name);
#             copy_tree(s, d);
#         } else copy_file(...);
#     }
# Nothing checks that the destination lies INSIDE the source: when dst is
# src + "/" + more, mkdir_p() creates it before the listing, the walk finds
# the new directory and descends into it, creating dst/<same path> again,
# without end; the path grows past PATH_MAX and sprintf() overruns d[] on
# the stack: SIGSEGV. A destination that merely starts with the source's
# text ("/home/ann" -> "/home/anna/...", "/srv/web" -> "/srv/webcache") is
# a sibling, not inside, and copies fine; so does a source inside its
# destination (the walk never sees the destination), and an equal pair is
# refused. The kept copies and the exclude pattern change nothing here;
# the jobs run one after the other, so jobs do not interact.
jobs=0
while IFS= read -r line || [ -n "$line" ]; do
    [ -z "$line" ] && continue
    set -f; set -- $line; set +f
    [ "$1" = mirror ] && [ "$4" = "->" ] || exit 125
    name=$2 src=$3 dst=$5
    case $src in /*) ;; *) exit 125 ;; esac
    case $dst in /*) ;; *) exit 125 ;; esac
    jobs=$((jobs + 1))
    if [ "$src" = "$dst" ]; then
        echo "mirror: $name: $src: same path, skipped" >&2
        continue
    fi
    case $dst in
        "$src"/*)
            echo "mirror: $name: copying $src into $dst recurses without end" >&2
            kill -SEGV $$ ;;
    esac
done < "$1"
[ "$jobs" -gt 0 ] || exit 125
exit 0
