#!/bin/sh
# a TLS terminator starting up (its C logic, in awk for speed). The first
# line switches FIPS mode; then each listener names the one cipher it
# offers. Cipher names are looked up in the crypto provider's table:
#
#   const EVP_CIPHER *c = provider_fetch(ctx->provider, name);
#   ctx->block = c->block_size;         /* no NULL check */
#
# With FIPS off the default provider knows all ten names. With FIPS on
# only the FIPS module is loaded, and it has no implementation of the
# algorithms that are not FIPS-approved (RC4, single DES and
# ChaCha20-Poly1305; AES in every mode and 3DES are approved): the fetch
# returns NULL and the unchecked dereference dies of SIGSEGV. The port
# plays no part. The config validator knows every name, so an unknown
# cipher or a malformed line is a configuration error (125), not a crash.
ulimit -c 0
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
awk '
BEGIN {
    split("aes128-gcm aes256-gcm aes128-ccm aes128-cbc aes256-cbc 3des-cbc chacha20-poly1305 rc4-128 des-cbc aes256-ctr", all, " ")
    for (i in all) { known[all[i]] = 1; deflt[all[i]] = 1 }
    split("aes128-gcm aes256-gcm aes128-ccm aes128-cbc aes256-cbc 3des-cbc aes256-ctr", ap, " ")
    for (i in ap) fipsmod[ap[i]] = 1
    n = 0
}
NR == 1 {
    if ($0 == "fips on") fips = 1
    else if ($0 == "fips off") fips = 0
    else { bad = 1; exit }
    next
}
/^listen [1-9][0-9]* cipher [a-z0-9-]+$/ {
    if (!($4 in known)) { bad = 1; exit }
    port[++n] = $2; cipher[n] = $4
    next
}
{ bad = 1; exit }
END {
    if (bad || n == 0) exit 125
    for (i = 1; i <= n; i++) {
        # provider_fetch(): the FIPS module when fips is on, else the default provider
        found = fips ? (cipher[i] in fipsmod) : (cipher[i] in deflt)
        if (!found) {
            printf "tlsd: listener :%s: provider_fetch(\"%s\") = NULL in FIPS mode; SIGSEGV reading c->block_size\n", port[i], cipher[i] > "/dev/stderr"
            exit 139
        }
        printf "tlsd: listener :%s ready (%s%s)\n", port[i], cipher[i], fips ? ", FIPS" : ""
    }
    exit 0
}' "$f"
rc=$?
[ $rc = 139 ] && kill -SEGV $$
exit $rc
