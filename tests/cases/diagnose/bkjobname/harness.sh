#!/bin/sh
# a backup scheduler running its job list (its C logic, in awk for speed).
# Each job becomes one shell command run through system():
#
#   snprintf(cmd, sizeof cmd,
#            "tar -czf /var/backups/%s.tgz --label=%s -C %s .",
#            job->name, shell_quote(job->note), shell_quote(job->dir));
#
# The directory and the note go through shell_quote() ('...'), but the job
# name is pasted in raw: names were meant to be identifiers, and nothing
# checks them. Most punctuation is harmless in an unquoted shell word
# ('#' in the middle of a word is no comment, ':' '=' '@' '.' '-' '_' are
# plain characters), but a ';' ends the tar command: tar runs without its
# file operand and the rest of the name starts a command that does not
# exist ("...tgz: not found", 127), and the scheduler reports the job as
# failed (exit 1). The same ';' in a directory or a note is quoted and
# harmless. A line outside the format is no job list (125).
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk -v Q="'" '
function shell_quote(s,   r) {             # the helper: one quoted word
    r = s; gsub(Q, Q "\\" Q Q, r)
    return Q r Q
}
# a small POSIX sh: splits cmd into ";"-separated commands of words,
# honouring single quotes and "#" comments (a "#" starts a comment only at
# the beginning of a word); runs them and returns the last one`s status
function sh(cmd,   i, c, q, w, inw, nc, st) {
    nc = 1; cnt[1] = 0; w = ""; inw = 0; q = 0
    for (i = 1; i <= length(cmd); i++) {
        c = substr(cmd, i, 1)
        if (q) { if (c == Q) q = 0; else w = w c; continue }
        if (c == Q) { q = 1; inw = 1; continue }
        if (c == "#" && !inw) break
        if (c == " " || c == ";") {
            if (inw) { argv[nc, ++cnt[nc]] = w; w = ""; inw = 0 }
            if (c == ";") {
                if (cnt[nc] == 0) { print "sh: 1: Syntax error: \";\" unexpected" > "/dev/stderr"; return 2 }
                cnt[++nc] = 0
            }
            continue
        }
        w = w c; inw = 1
    }
    if (q) { print "sh: 1: Syntax error: Unterminated quoted string" > "/dev/stderr"; return 2 }
    if (inw) argv[nc, ++cnt[nc]] = w
    st = 0
    for (i = 1; i <= nc; i++) if (cnt[i]) st = run(i)
    return st
}
function run(j,   k, arch, ops) {
    if (argv[j, 1] != "tar") { printf "sh: 1: %s: not found\n", argv[j, 1] > "/dev/stderr"; return 127 }
    arch = ""; ops = 0
    for (k = 2; k <= cnt[j]; k++) {
        if (argv[j, k] == "-czf") arch = argv[j, ++k]
        else if (argv[j, k] == "-C") k++
        else if (argv[j, k] !~ /^--label=/) ops++
    }
    if (arch == "" || ops == 0) { print "tar: Cowardly refusing to create an empty archive" > "/dev/stderr"; return 2 }
    return 0
}
/^job [a-z][^ ]* dir \/srv\/[a-z][^ ]* note [^ ]*$/ { line[++n] = $0; next }
{ bad = 1; exit }
END {
    if (bad || n == 0) exit 125
    for (i = 1; i <= n; i++) {
        split(line[i], fld, " ")
        name = fld[2]; dir = fld[4]; note = fld[6]
        cmd = "tar -czf /var/backups/" name ".tgz --label=" shell_quote(note) " -C " shell_quote(dir) " ."
        st = sh(cmd)
        if (st != 0) { printf "bkjobd: job %s failed (exit %d): %s\n", name, st, cmd > "/dev/stderr"; exit 1 }
        printf "bkjobd: job %s: /var/backups/%s.tgz\n", name, name
    }
    exit 0
}' "$f"
