#!/usr/bin/env python3
# a job scheduler (cron-like daemon) loading its job table. The first pass
# validates the table: a job name given twice is a clean configuration
# error (exit 3, "duplicate job"). The second pass plans each job on the
# daemon's one-minute tick: the interval is converted to whole minutes with
# integer division (seconds // 60), then the number of runs per day is
# 1440 // minutes. An interval that truncates to 0 minutes (0 in any unit,
# or fewer than 60 seconds) divides by zero: in the C daemon an integer
# division by zero, which dies by SIGFPE.
import os, re, signal, sys

text = open(sys.argv[-1]).read()
JOB = re.compile(r'job ([a-z][a-z0-9]*) every (0|[1-9][0-9]{0,2})([smh]) retries ([0-9])')
if not text.endswith('\n'):
    sys.exit(125)
jobs = []
for line in text[:-1].split('\n'):
    m = JOB.fullmatch(line)
    if not m:
        sys.exit(125)
    jobs.append((m.group(1), int(m.group(2)), m.group(3), int(m.group(4))))

# pass 1: validation
seen = set()
for name, n, unit, retries in jobs:
    if name in seen:
        print("jobs: duplicate job '%s'" % name, file=sys.stderr)
        sys.exit(3)
    seen.add(name)

# pass 2: planning
SECONDS = {'s': 1, 'm': 60, 'h': 3600}
plan = []
for name, n, unit, retries in jobs:
    secs = n * SECONDS[unit]
    minutes = secs // 60                    # the daemon's tick is one minute
    try:
        runs_per_day = 1440 // minutes
    except ZeroDivisionError:
        sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGFPE)  # integer division by zero in C
    offset = sum(map(ord, name)) % max(minutes, 1)
    plan.append((name, runs_per_day, offset, retries))
for p in plan:
    print("%s: %d runs/day, offset %d min, %d retries" % p)
sys.exit(0)
