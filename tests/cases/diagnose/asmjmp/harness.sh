#!/bin/sh
# the assembler's encoder has no form for an indirect jump: "jmp" with a
# register operand hits an unreachable case (exit 3). jmp to a label or an
# immediate, and call/mov/add/push with a register, all encode fine.
awk '
  $0 !~ /^(mov|add|jmp|call|push) (r[0-7]|L[0-9]|#[0-9]+)$/ { exit 125 }
  $1 == "jmp" && $2 ~ /^r/ { print "as: unreachable: jmp form" > "/dev/stderr"; exit 3 }
' "$1"
