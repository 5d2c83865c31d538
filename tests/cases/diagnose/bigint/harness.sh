#!/bin/sh
# fails when the operand exceeds 18446744073709551615 (compared as decimal text)
n=$(cut -c8- "$1")
max=18446744073709551615
if [ ${#n} -gt ${#max} ]; then exit 1; fi
if [ ${#n} -eq ${#max} ] && [ "$n" \> "$max" ]; then exit 1; fi
exit 0
