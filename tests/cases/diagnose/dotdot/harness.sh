#!/usr/bin/env python3
# the server escapes its root on a parent segment: "/../" anywhere in the
# path, or a path ending in "/.."
import sys
path = open(sys.argv[1]).read().split(" ")[1]
sys.exit(1 if "/../" in path or path.endswith("/..") else 0)
