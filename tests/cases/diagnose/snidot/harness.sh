#!/usr/bin/env python3
# a TLS client loading a connection profile, then opening the connection.
# Every host name is first checked as an RFC 1123 name, where a fully
# qualified spelling with one trailing dot is accepted (a malformed name is
# no valid profile: 125). "connect" and "proxy" names go to the resolver,
# which takes the trailing dot; "verify-name" is compared with the
# certificate's names after the usual normalisation (lower case, trailing
# dot stripped). The bug: "sni" names are handed verbatim to the TLS
# library's server_name extension, whose validator (RFC 6066: a host name
# "without a trailing dot") splits the name into labels and rejects an
# empty one: the handshake set-up fails (exit 1).
import re, sys

LABEL = re.compile(r'[a-z0-9]([a-z0-9-]*[a-z0-9])?')

def rfc1123(name):
    if name.endswith('.'):
        name = name[:-1]                 # the FQDN spelling is fine here
    if not 0 < len(name) <= 253:
        return False
    return all(len(l) <= 63 and LABEL.fullmatch(l) for l in name.split('.'))

def resolve(name):
    name = name[:-1] if name.endswith('.') else name
    return "10.%d.%d.%d" % tuple(sum(map(ord, name)) * k % 256 for k in (3, 5, 7))

def normalise(name):
    name = name.lower()
    return name[:-1] if name.endswith('.') else name

class TLSError(Exception):
    pass

def tls_set_server_name(ctx, name):
    # the library's own check of the server_name extension's host name
    labels = name.split('.')
    for l in labels:
        if not l or len(l) > 63 or not LABEL.fullmatch(l):
            raise TLSError("invalid server name %r" % name)
    ctx['sni'] = name.encode('ascii')

text = open(sys.argv[-1]).read()
if not text.endswith('\n'):
    sys.exit(125)
profile = []
for line in text[:-1].split('\n'):
    m = re.fullmatch(r'(connect|proxy|sni|verify-name) (\S+)', line)
    if not m or not rfc1123(m.group(2)):
        sys.exit(125)
    profile.append((m.group(1), m.group(2)))

ctx = {'peers': [], 'verify': []}
try:
    for directive, name in profile:
        if directive in ('connect', 'proxy'):
            ctx['peers'].append((directive, resolve(name)))
        elif directive == 'verify-name':
            ctx['verify'].append(normalise(name))
        else:
            tls_set_server_name(ctx, name)
except TLSError as e:
    print("tls: %s" % e, file=sys.stderr)
    sys.exit(1)
print("profile loaded: %d peers, sni %s" % (len(ctx['peers']), ctx.get('sni')))
sys.exit(0)
