#!/usr/bin/env python3
# a boot-time mounter: a network file system ("nfs") mounted without the
# "_netdev" option is mounted before the network is up and the boot hangs
# (exit 32, mount's "mount failure"); "_netdev" on a local file system is
# harmless. The device and mount point play no part.
import re, sys
t = open(sys.argv[-1]).read()
OPT = r'(?:defaults|noatime|ro|_netdev|nofail|user)'
rec = r'(/dev/sd[a-c][1-4]|srv:/[a-z]+) (/[a-z]*) (ext4|xfs|nfs|tmpfs) (' + OPT + '(?:,' + OPT + r')*) 0 0\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
for dev, mnt, fs, opts in re.findall(rec, t):
    if fs == "nfs" and "_netdev" not in opts.split(","):
        print("mount %s: network is unreachable" % mnt, file=sys.stderr)
        sys.exit(32)
sys.exit(0)
