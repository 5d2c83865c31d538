#!/usr/bin/env python3
# the sync tool writes each contact as an unquoted CSV row name,phone,city,note
# and the server reads it back with split(",", 3): a comma in the city or the
# note only cuts or keeps text in the last columns, but a comma in the name
# shifts a piece of the name into the phone column, which must be digits
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
t = r'[a-zA-Z ,.]+'
rows = []
for line in lines[:-1]:
    m = re.fullmatch(r'contact name="(' + t + r')" phone=([0-9]{4,}) city="(' + t + r')" note="(' + t + r')"', line)
    if not m:
        sys.exit(125)
    rows.append(",".join(m.groups()))
for i, row in enumerate(rows):
    fields = row.split(",", 3)
    if len(fields) < 4 or not fields[1].isdigit():
        print("carddav-import: row %d: phone: not a number: %r" % (i + 1, fields[1] if len(fields) > 1 else ""), file=sys.stderr)
        sys.exit(2)
print("imported %d contacts" % len(rows))
