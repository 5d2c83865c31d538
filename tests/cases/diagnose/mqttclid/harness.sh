#!/bin/sh
# mqbroker, an MQTT broker's start-up (its C logic in Python). It reads the
# access rules into a list (any number per client id, and a rule for a
# bridge's own client id is the usual thing), then starts the bridges in
# the order given. Each bridge gets a local client context registered in
# the broker's client-id hash under its local_clientid, and an id already
# there is taken for a client reconnecting: the session take-over path
#     HASH_FIND(hh_id, db->contexts_by_id, id, strlen(id), old);
#     if (old) { context__disconnect(old); context__free(old); }
# frees the earlier bridge's context while that bridge still points at it
# (bridge->context); the bridge loop's next keep-alive check on it reads
# freed memory and calls through a stale function pointer: SIGSEGV. So two
# bridges with the same local client id crash the broker, whatever their
# names, addresses, ports and topics. The remote_clientid is only sent to
# the remote broker in CONNECT (never registered here: two bridges may
# present the same one, and it may equal a local id), the connection name
# is only a log label (two bridges may share one), two bridges may go to
# the same remote broker, and the access rules play no part.
exec python3 - "$@" <<'PY'
import re, sys

text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
CID = r'(edge-a|edge-b|edge-c|hub)'
TOPIC = r'(?:sensors/#|cmd/\+|status|#)'
acls, bridges = [], []
for line in lines[:-1]:
    m = re.fullmatch(r'bridge (north|south|cloud|lab) (10\.0\.0\.[1-9]|broker\.example\.net):(1883|8883) local_clientid=' + CID + r'(?: remote_clientid=' + CID + r')?(?: topic=' + TOPIC + r')?', line)
    if m:
        bridges.append((m.group(1), m.group(4), m.group(5)))
        continue
    m = re.fullmatch(r'acl clientid=' + CID + r' (?:read|write|readwrite) ' + TOPIC, line)
    if m:
        acls.append(m.group(1))
        continue
    sys.exit(125)
contexts = {}
for name, local, remote in bridges:
    if local in contexts:
        print("mqbroker: bridge %s: client %s already connected, taking over its session" % (name, local), file=sys.stderr)
        print("mqbroker[1187]: segfault at 55d3a0c4e2b8 ip 000055d3a0c4e2b8 sp 00007ffc3a9d1f40 error 15", file=sys.stderr)
        sys.exit(139)
    contexts[local] = name
print("mqbroker: %d bridges up, %d access rules" % (len(bridges), len(acls)))
sys.exit(0)
PY
