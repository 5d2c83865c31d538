#!/usr/bin/env python3
# a message broker restoring its spool at start-up: each queue is rebuilt as
# a ring buffer of the size it was declared with, and its pending messages
# are pushed back in order. The broker admits up to `size` messages into a
# queue, but the ring keeps head == tail to mean "empty", so one slot always
# stays free and it holds only size - 1: restoring a queue that was exactly
# full (or fuller) finds the ring full and the restore aborts (exit 2).
import re, sys

class Ring:
    def __init__(self, size):
        self.buf = [None] * size
        self.head = self.tail = 0
    def push(self, item):
        nxt = (self.tail + 1) % len(self.buf)
        if nxt == self.head:            # full: one slot is the sentinel
            return False
        self.buf[self.tail] = item
        self.tail = nxt
        return True

text = open(sys.argv[-1]).read()
if not text.endswith('\n'):
    sys.exit(125)
HEAD = re.compile(r'queue ([a-z][a-z0-9.]*) size ([1-9])')
PUT = re.compile(r'  put ([a-z]+)=([a-z0-9]*)')
queues = []
ring = None
for line in text[:-1].split('\n'):
    m = HEAD.fullmatch(line)
    if m:
        ring = Ring(int(m.group(2)))
        queues.append((m.group(1), ring))
        continue
    m = PUT.fullmatch(line)
    if not m or ring is None:
        sys.exit(125)
    if not ring.push((m.group(1), m.group(2))):
        print("spool: queue %s: ring full, cannot restore message %s"
              % (queues[-1][0], m.group(1)), file=sys.stderr)
        sys.exit(2)
print("restored %d queues" % len(queues))
sys.exit(0)
