#!/usr/bin/env bash
# End-to-end: diagnose examples/expression and judge the diagnosis on fresh inputs.
# Its failure (division by a computed zero) is beyond the catalog: the diagnosis
# runs for at most 150 s (less when SEMDBG_E2E_TIME_LIMIT says so) and must not
# claim "confirmed" unless it is exact on the fresh inputs. Its approximation (a
# divisor whose every number is 0, "Zero after a field", since session 48;
# before, literal zero divisors as "/ 0" and "/ (0") must still reach precision
# and recall 0.95 on the fresh inputs: until session 34, seed 1 kept a cause that
# passing inputs had contradicted and dropped it at the end (recall 0.01). A
# divisor that is zero by arithmetic, "(3 - 3)" or "(15 / 8 / 2)", is outside it
# (1.6% of random failures); where a hunt finds one, as at seed 3, the report
# falls short.
limit=${SEMDBG_E2E_TIME_LIMIT:-150}
[ "$limit" -gt 150 ] 2>/dev/null && limit=150
export SEMDBG_E2E_TIME_LIMIT=$limit
exec bash "$(dirname "$0")/lib/diagnose.sh" "$1" "$2" expression expression 1 1
