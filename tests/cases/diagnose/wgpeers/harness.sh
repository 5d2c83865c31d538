#!/bin/sh
# a user-space WireGuard daemon (its C logic, in awk for speed), started by
# its test with the configuration and "--up-and-exit": it loads the
# configuration, brings the tunnel up (a handshake timer for every peer on
# the device's list) and exits. Peers live on the device's list and in a
# hash table keyed by public key. wg(8) treats a second [Peer] section with
# a public key it already has as more settings for that same peer; this
# daemon's loader replaces it instead, and forgets the list:
#
#     old = pubkey_hashtable_lookup(dev->peers_by_key, key);
#     if (old) {                           /* "replace": drop the old peer */
#         pubkey_hashtable_remove(dev->peers_by_key, old);
#         peer_put(old);                   /* last reference: freed */
#     }                                    /* ...still on dev->peer_list */
#     peer = peer_create(dev, key);        /* appended to dev->peer_list */
#
# so bringing the tunnel up walks into the freed peer: AddressSanitizer's
# heap-use-after-free (exit 1). Peers with distinct keys pass, whatever
# their allowed IPs (an overlap moves the route to the later peer, as in
# WireGuard) and endpoints; the private key and the ports play no part. A
# line the loader does not know is a configuration error (125).
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
BEGIN { sect = ""; np = 0; nlist = 0 }
/^$/ { next }
/^\[Interface\]$/ { if (np || ifc) { bad = 1; exit } ifc = 1; sect = "if"; next }
/^\[Peer\]$/ { if (!ifc) { bad = 1; exit } sect = "peer"; np++; cur = 0; next }
sect == "if" && /^PrivateKey = [A-Za-z0-9+\/]+=$/ && length($3) == 44 { privkey = $3; next }
sect == "if" && /^ListenPort = [0-9]+$/ { lport = $3; next }
sect == "if" && /^Address = [0-9.]+\/[0-9]+$/ { addr = $3; next }
sect == "peer" && /^PublicKey = [A-Za-z0-9+\/]+=$/ && length($3) == 44 {
    key = $3
    if (key in bykey) {                    # replace: freed, still listed
        old = bykey[key]; freed[old] = 1
        delete bykey[key]
    }
    obj++; list[++nlist] = obj; bykey[key] = obj; pkey[obj] = key
    cur = obj; next
}
sect == "peer" && cur && /^AllowedIPs = / {
    n = split(substr($0, 14), ip, ", ")
    for (i = 1; i <= n; i++) {
        if (ip[i] !~ /^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+\/[0-9]+$/) { bad = 1; exit }
        route[ip[i]] = cur                 # the later peer takes the route
    }
    next
}
sect == "peer" && cur && /^Endpoint = [a-z0-9.]+:[0-9]+$/ { endpoint[cur] = $3; next }
sect == "peer" && cur && /^PersistentKeepalive = [0-9]+$/ { keepalive[cur] = $3 + 0; next }
{ bad = 1; exit }
END {
    if (bad || !ifc || privkey == "" || nlist == 0) exit 125
    for (i = 1; i <= nlist; i++) {
        p = list[i]
        if (p in freed) {
            printf "==ERROR: AddressSanitizer: heap-use-after-free on a peer (public key %s, [Peer] section %d)\n    #0 timers_init timers.c:88\n    #1 device_up device.c:301\n", pkey[p], i > "/dev/stderr"
            exit 1
        }
        printf "peer %s: handshake timer armed%s\n", substr(pkey[p], 1, 8) "...", (p in endpoint) ? ", endpoint " endpoint[p] : ", no endpoint"
    }
    nr = 0; for (r in route) nr++
    printf "wg0: up on port %s, %d peers, %d routes\n", lport, nlist, nr
    exit 0
}' "$f"
