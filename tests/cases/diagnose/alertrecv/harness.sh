#!/bin/sh
# amrouter, an alert router (its C logic in Python). It reads the whole
# configuration first: receivers go into a table by name, templates into
# another table, then it resolves every route:
#     r->recv = r->recv_name ? recv_lookup(cfg, r->recv_name) : cfg->deflt;
#     r->notify = r->recv->ops->notify;      /* no NULL check */
# recv_lookup() returns NULL for a name no receiver line declares, and the
# next line dereferences it: SIGSEGV. Order does not matter (a receiver
# declared after its route is found), a receiver declared twice is the last
# one, and a route without receiver= uses the built-in default receiver. A
# template of the same name is no receiver (templates have their own
# table), and repeat=, the inhibition rules, the severities and the
# channels play no part.
exec python3 - "$@" <<'PY'
import re, sys

text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
NAME = r'(ops|dba|oncall|noc)'
BOX = r'(?:alerts|sre|dbteam|webdev)'
SEV = r'(?:critical|warning|info)'
receivers, templates, routes = {}, {}, []
for line in lines[:-1]:
    m = re.fullmatch(r'receiver ' + NAME + r' (email ' + BOX + r'@example\.org|slack #' + BOX + r'|pager [0-9]{4})', line)
    if m:
        receivers[m.group(1)] = m.group(2)
        continue
    m = re.fullmatch(r'route severity=(' + SEV + r')(?: receiver=' + NAME + r')?(?: repeat=([1-9][0-9]?))?', line)
    if m:
        routes.append((m.group(1), m.group(2)))
        continue
    m = re.fullmatch(r'template ' + NAME + r' subject=(' + BOX + r')', line)
    if m:
        templates[m.group(1)] = m.group(2)
        continue
    if re.fullmatch(r'inhibit source=' + SEV + r' target=' + SEV, line):
        continue
    sys.exit(125)
for sev, name in routes:
    if name is None:
        continue                      # the built-in default receiver
    if name not in receivers:
        print("amrouter[%d]: segfault at 8 ip 000055d0c1a2b3f4 sp 00007ffd9e1c2a80 error 4 in amrouter (route severity=%s receiver=%s)" % (4242, sev, name), file=sys.stderr)
        sys.exit(139)
print("amrouter: %d routes, %d receivers" % (len(routes), len(receivers)))
sys.exit(0)
PY
