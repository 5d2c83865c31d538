#!/bin/sh
# a directory sync tool (its C logic in awk) adds LDIF-like person entries:
# it names each entry "cn=<cn>,ou=people,dc=example,dc=org", pasting the
# common name in without RFC 4514 escaping, and parses that DN back with
# ldap_str2dn() to find the parent entry. A "," in the common name splits it
# into an extra RDN without "=", a "+" makes a multi-valued RDN with a part
# without "=": ldap_str2dn() fails, returns NULL in *dn, and the tool
# dereferences dn[1] unchecked (SIGSEGV). The surname, given name,
# organisation and description go out as attribute values, where commas and
# plus signs are plain characters; mail local parts play no part.
exec awk '
function str2dn(s,    n, rdns, i, m, avas, j) {
    n = split(s, rdns, ",")
    for (i = 1; i <= n; i++) {
        m = split(rdns[i], avas, "+")
        for (j = 1; j <= m; j++)
            if (avas[j] !~ /^ *[A-Za-z][A-Za-z0-9-]*=/) return 0
    }
    return n
}
/^cn: / { cn = substr($0, 5); dn = "cn=" cn ",ou=people,dc=example,dc=org"
          if (str2dn(dn) == 0) { segv = 1; exit } ; entries++ ; next }
/^(sn|givenName|o|description|mail): / { attrs++ ; next }
END { if (segv) { system("kill -SEGV $PPID"); exit 139 } exit 0 }' "$1"
