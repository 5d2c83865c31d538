#!/bin/sh
# a Modbus/TCP gateway replaying a request log to its serial bus. Reads (fc 03,
# 04) check their count against the 125-register limit and answer an exception
# (no failure); fc 06 writes one register and ignores count. Write Multiple
# Registers (fc 16) copies count*2 bytes into a 246-byte PDU buffer without a
# check: a count above 123 overflows it (SIGSEGV). Ids, units, addresses vary freely.
exec awk '
$0 !~ /^tx=[1-9][0-9][0-9] unit=([1-9]|247) fc=(03|04|06|16) addr=[0-9]+ count=[1-9][0-9]*$/ { bad = 1; next }
{
    split($0, w, /[ =]/)
    fc = w[6]; addr = w[8] + 0; cnt = w[10] + 0
    if (fc == "03" || fc == "04") {
        if (cnt > 125) { printf "tx %s: exception 03 (illegal data value)\n", w[2]; next }
        printf "tx %s: read %d registers at %d\n", w[2], cnt, addr
    } else if (fc == "06") {
        printf "tx %s: write register %d\n", w[2], addr
    } else {
        # memcpy(pdu + 6, regs, count * 2) into uint8_t pdu[253]
        if (cnt * 2 > 246) { crash = 1; exit }
        printf "tx %s: write %d registers at %d\n", w[2], cnt, addr
    }
}
END {
    if (crash) { system("kill -SEGV $PPID"); exit 139 }
    if (bad || NR == 0) exit 125
    exit 0
}' "$1"
