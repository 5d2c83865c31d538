#!/usr/bin/env python3
# a toy cron daemon loading a crontab. Two bugs, both an uncaught exception
# (exit 1):
#  - the hour check accepts 0..24 (it should stop at 23), and the schedule
#    table has 24 slots: hour 24 indexes past its end;
#  - a "%" in the command starts the job's standard input (cron's rule); the
#    spawner only creates a stdin pipe for jobs loaded with -i, so writing
#    that input goes to a pipe that was never made.
import re, sys

class Job:
    def __init__(self, minute, hour, command):
        self.minute, self.hour, self.command = minute, hour, command
        self.stdin_pipe = None          # only set up with -i (never here)
        self.input = None

schedule = [[] for _ in range(24)]      # one list of jobs per hour

for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    m = re.fullmatch(r'([0-9]+) ([0-9]+) \* \* \* (.+)', line)
    if not m:
        sys.exit(125)
    minute, hour = int(m.group(1)), int(m.group(2))
    if minute > 59 or hour > 24:        # bug: should be hour > 23
        sys.exit(125)
    job = Job(minute, hour, m.group(3))
    if "%" in job.command:
        job.command, rest = job.command.split("%", 1)
        job.input = rest.replace("%", "\n")
    schedule[hour].append(job)

# prepare the jobs: feed each job's input to its stdin pipe
for slot in schedule:
    for job in slot:
        if job.input is not None:
            job.stdin_pipe.write(job.input)
sys.exit(0)
