#!/usr/bin/env python3
"""fresh.py N SEED DIR: N record lists for judging a diagnosis of tlvrare.

The failure is rare among inputs derived uniformly from the grammar (a length
of 9 on the one value of 8 bytes), so these inputs are drawn from the same
grammar with a bias: the word "ox" half of the time and lengths near the
value's own. About a quarter fail. They are made without semdbg, so they
test a diagnosis on inputs it never shaped; the harness labels them."""
import os
import random
import sys

WORDS = ["apple", "cedar", "river", "stone", "maple", "zebra", "tulip"]


def record(rng):
    name = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(1, 6)))
    words = ["ox" if rng.random() < 0.5 else rng.choice(WORDS) for _ in range(3)]
    value = "-".join(words)
    length = min(9, max(0, len(value) + rng.randint(-2, 2)))
    if rng.random() < 0.3:
        length = rng.randint(0, 9)
    return "%s:%d:%s;" % (name, length, value)


def main():
    n, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    for i in range(n):
        text = "".join(record(rng) for _ in range(rng.randint(1, 4)))
        with open(os.path.join(out, "fresh-%03d.txt" % i), "w") as f:
            f.write(text)


main()
