#!/bin/sh
# a mail relay's alias loader (its C logic in awk). For each alias line it
# builds the address into a fixed buffer:
#     char addr[24];
#     strcpy(addr, local); strcat(addr, "@"); strcat(addr, domain);
# unchecked: local part, "@", domain and the terminating NUL need
# len(local) + len(domain) + 2 bytes, so a local part and a domain longer
# than 22 bytes together overflow the stack buffer (the build's stack
# protector aborts: SIGABRT). Exactly 22 fits. The priority and the tag are
# parsed apart and play no part.
out=$(awk '
/^alias / {
    split($2, a, "@")
    if (length(a[1]) + length(a[2]) > 22) { print "smash"; exit }
}' "$1")
[ "$out" = smash ] && kill -ABRT $$
exit 0
