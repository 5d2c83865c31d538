#!/usr/bin/env python3
# a blog importer: the target CMS stores a post's tags in eight fixed
# columns (tag1 .. tag8); the importer fills them in order and a ninth tag
# has no column (IndexError), which aborts the import (exit 1). Repeated
# tags are kept as written.
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r"(?:post [1-9][0-9]{0,2} tags=[a-z0-9]+(?:,[a-z0-9]+)*\n)+", text):
    sys.exit(125)
for pid, tags in re.findall(r'post ([0-9]+) tags=(\S+)\n', text):
    columns = [None] * 8
    try:
        for i, tag in enumerate(tags.split(",")):
            columns[i] = tag
    except IndexError:
        print("post %s: more than 8 tags" % pid, file=sys.stderr)
        sys.exit(1)
print("imported")
sys.exit(0)
