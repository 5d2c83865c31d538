#!/usr/bin/env python3
# the upload gateway has a cap per kind of file: images up to 5000 KiB,
# videos up to 50000 KiB, texts up to 100 KiB; a file over its kind's cap
# is rejected with status 2; the tag plays no part
import sys
CAP = {"image": 5000, "video": 50000, "text": 100}
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    _, kind, size, tag = line.split(" ")
    if int(size[:-1]) > CAP[kind]:
        sys.exit(2)
sys.exit(0)
