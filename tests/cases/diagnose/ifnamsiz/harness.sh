#!/usr/bin/env python3
# an interface configurator: for each stanza it fills a struct ifreq, whose
# ifr_name is a char[IFNAMSIZ] (16 bytes), with strcpy; a name of 16
# characters or more (with its terminating NUL) overruns it and the stack
# protector aborts (exit 134)
import re, sys

IFNAMSIZ = 16

def strcpy(dst, src):
    data = src.encode() + b"\0"
    if len(data) > len(dst):
        print("*** stack smashing detected ***", file=sys.stderr)
        sys.exit(134)
    dst[:len(data)] = data

ifaces = []
current = None
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    m = re.fullmatch(r'iface ([a-z][a-z0-9.]*) inet (static|dhcp|manual)', line)
    if m:
        ifr_name = bytearray(IFNAMSIZ)
        strcpy(ifr_name, m.group(1))
        current = {"name": bytes(ifr_name), "method": m.group(2), "opts": {}}
        ifaces.append(current)
        continue
    m = re.fullmatch(r'    (address|netmask|gateway|mtu) ([0-9][0-9.]*)', line)
    if m and current is not None:
        current["opts"][m.group(1)] = m.group(2)
        continue
    sys.exit(125)
sys.exit(0)
