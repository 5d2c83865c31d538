#!/bin/sh
# a network setup tool (netcfg-style, its C logic in awk for speed) and its
# bring-up test, on a vendor's old kernel. For each interface the tool sets
# the MTU (SIOCSIFMTU) and brings the link up; the test then sends one
# full-size frame (MTU + 14 bytes of Ethernet header + 4 of FCS) through a
# loopback plug. In this kernel each driver validates the MTU in its own
# ndo_change_mtu: the jumbo-capable ones reject an MTU above their maximum
# (-EINVAL; the tool warns and keeps 1500) and size their RX buffers for the
# MTU. Three older drivers, r8169, sky2 and via-rhine, have no jumbo support
# in this build: their RX rings use fixed ETH_FRAME_LEN + ETH_FCS_LEN = 1518
# byte buffers, yet their change_mtu just assigns dev->mtu = new_mtu without
# checking it. An MTU above 1500 on one of them makes the DMA engine write a
# full frame past the buffer: KASAN reports slab-out-of-bounds and the test
# fails (exit 1). The RX queue count is clamped to what the driver offers
# and plays no part. A line that is not an iface line is a syntax error (125).
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
BEGIN {
    ETH_HLEN = 14; ETH_FCS_LEN = 4; ETH_DATA_LEN = 1500
    # driver: max MTU it accepts (0: change_mtu does not check), RX queues
    split("e1000e:9018:2 igb:9216:8 ixgbe:9710:8 r8169:0:1 sky2:0:1 tg3:9000:4 bnx2:9000:8 virtio_net:65535:8 vmxnet3:9000:8 via-rhine:0:1", t, " ")
    for (i in t) { split(t[i], e, ":"); maxmtu[e[1]] = e[2] + 0; maxq[e[1]] = e[3] + 0 }
    n = 0; bad = 0
}
{
    if ($0 !~ /^iface (eth[0-9]|lan[0-9]|wan|dmz) driver=[a-z0-9_-]+ mtu=[1-9][0-9]* queues=[1-8]$/) { bad = 1; next }
    split($0, w, /[ =]/)
    if (!(w[4] in maxmtu)) { bad = 1; next }
    ifn[++n] = w[2]; drv[n] = w[4]; mtu[n] = w[6] + 0; q[n] = w[8] + 0
}
END {
    if (bad || n == 0) exit 125
    for (i = 1; i <= n; i++) {
        d = drv[i]
        # ndo_change_mtu
        cur = ETH_DATA_LEN
        if (maxmtu[d] == 0 || mtu[i] <= maxmtu[d])
            cur = mtu[i]
        else
            printf "%s: SIOCSIFMTU %d: Invalid argument (keeping %d)\n", ifn[i], mtu[i], cur > "/dev/stderr"
        # RX buffers, allocated at link up
        if (maxmtu[d] == 0)
            rxbuf = ETH_DATA_LEN + ETH_HLEN + ETH_FCS_LEN        # fixed, 1518
        else
            rxbuf = int((cur + ETH_HLEN + ETH_FCS_LEN + 1023) / 1024) * 1024
        queues = q[i] < maxq[d] ? q[i] : maxq[d]
        # the test: one full-size frame through the loopback plug
        frame = cur + ETH_HLEN + ETH_FCS_LEN
        if (frame > rxbuf) {
            printf "BUG: KASAN: slab-out-of-bounds in %s rx: write of %d bytes to a %d-byte buffer (%s mtu %d)\n", d, frame, rxbuf, ifn[i], cur > "/dev/stderr"
            exit 1
        }
        printf "%s: %s up, mtu %d, %d rx queue(s), loopback frame of %d bytes ok\n", ifn[i], d, cur, queues, frame
    }
    exit 0
}
' "$f"
