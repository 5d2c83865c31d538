#!/usr/bin/env python3
# a batch scheduler's submission filter (like a Slurm job_submit plugin):
# each job's allocation is charged up front as nodes times wall-clock hours
# against the project's per-job cap of 2000 node-hours; a job whose charge
# is above the cap is rejected and the whole submission aborted (exit 1).
# The cap is per job: the jobs' total over the file is not checked, and a
# large node count or a long wall time alone is fine.
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:job [a-z][a-z0-9_]* nodes=[1-9][0-9]{0,2} hours=[1-9][0-9]?\n)+', text):
    sys.exit(125)
CAP = 2000
for name, nodes, hours in re.findall(r'job (\S+) nodes=([0-9]+) hours=([0-9]+)\n', text):
    charge = int(nodes) * int(hours)
    if charge > CAP:
        print("sbatch: job %s: %d node-hours exceeds the per-job cap of %d"
              % (name, charge, CAP), file=sys.stderr)
        sys.exit(1)
print("submitted")
sys.exit(0)
