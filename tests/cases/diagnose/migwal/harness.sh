#!/bin/sh
# the migration runner of an embedded SQL store (its C logic, in awk for
# speed), run by the deploy pipeline's test on a migration file against a
# copy of the production database, which holds the live tables users,
# orders and tags and the legacy copies old_*, tmp_* and bak_* of them.
# Rows are written through the write-ahead log, which db_open() opens; DDL
# goes to the schema journal. DROP TABLE must not leave logged rows that
# point into the pages it frees, so it checkpoints the WAL first, before it
# even looks the table up (IF EXISTS), and that checkpoint mode closes it:
#
#     case STMT_DROP:
#         if (db->wal_open) {
#             wal_checkpoint(db->wal);     /* copy the frames into the file */
#             wal_close(db->wal);          /* free()s the handle */
#             db->wal_open = 0;            /* ...but db->wal still points */
#         }                                /* at it */
#         ...
#     static struct wal *db_wal(struct db *db)   /* every row write */
#     {
#         if (!db->wal)                    /* should test db->wal_open */
#             db->wal = wal_open(db->path);
#         return db->wal;
#     }
#
# so the lazy reopen never happens and the first INSERT after any DROP
# appends its frame through the freed handle: AddressSanitizer's
# heap-use-after-free (exit 1). Inserts before the first drop, a drop with
# no insert after it, several drops (only the first closes the log),
# CREATE TABLE / CREATE INDEX (the journal) and PRAGMA lines pass; table
# names, rows and values play no part. A statement the runner does not
# know is a broken migration (125).
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
BEGIN {
    n = split("users orders tags old_users old_orders old_tags tmp_users tmp_orders tmp_tags bak_users bak_orders bak_tags", t, " ")
    for (i = 1; i <= n; i++) { have[t[i]] = 1; rows[t[i]] = 0 }
    wal_open = 1; wal_freed = 0; frames = 0; ckpt = 0
}
function db_wal(stmt) {
    if (wal_freed) {
        printf "==ERROR: AddressSanitizer: heap-use-after-free on address 0x6060000012a8: WRITE of size 8\n    #0 wal_append_frame wal.c:214\n    #1 exec_insert migrate.c:377\n    #2 run_migration migrate.c:512 (line %d: %s)\nfreed by thread T0 here:\n    #0 free\n    #1 wal_close wal.c:96\n    #2 exec_drop migrate.c:441 (line %d)\n", NR, stmt, dropline > "/dev/stderr"
        crashed = 1; exit
    }
}
/^CREATE TABLE IF NOT EXISTS [a-z_]+ \(id INTEGER PRIMARY KEY(, [a-z_]+ (TEXT|INTEGER))*\);$/ {
    if (!($6 in have)) { have[$6] = 1; rows[$6] = 0; made++ }
    next
}
/^CREATE INDEX IF NOT EXISTS [a-z_]+ ON [a-z_]+ \([a-z_]+\);$/ {
    if (!($8 in have)) { printf "migrate: line %d: no such table: %s\n", NR, $8 > "/dev/stderr"; err = 1; exit }
    if (!($6 in ix)) { ix[$6] = $8; nix++ }
    next
}
/^INSERT INTO [a-z_]+ VALUES \([0-9]+, '"'"'[a-z ]*'"'"'\);$/ {
    db_wal($0)
    if (!($3 in have)) { printf "migrate: line %d: no such table: %s\n", NR, $3 > "/dev/stderr"; err = 1; exit }
    rows[$3]++; frames++
    next
}
/^DROP TABLE IF EXISTS [a-z_]+;$/ {
    if (wal_open) { ckpt += frames; frames = 0; wal_open = 0; wal_freed = 1; dropline = NR }
    name = $5; sub(/;$/, "", name)
    if (name in have) { delete have[name]; dropped++ }
    next
}
/^PRAGMA [a-z_]+ = [0-9]+;$/ { pragma[$2] = $4 + 0; next }
{ bad = 1; exit }
END {
    if (crashed || err) exit 1
    if (bad || NR == 0) exit 125
    if (wal_open) ckpt += frames
    printf "migrate: %d statements: %d tables created, %d dropped, %d indexes, %d rows checkpointed\n", NR, made, dropped, nix, ckpt
    exit 0
}' "$f"
