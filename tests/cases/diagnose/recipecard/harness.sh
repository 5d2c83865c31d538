#!/bin/sh
# A kitchen display system (KDS) loads recipe cards and prints a ticket per
# step on the line printer. Its loader, in C:
#     #define MAX_STEP_ING 7        /* ticket: 8 rows, row 0 is the step */
#     static int parse_step(struct step *st, char *list) {
#         const char *ing[MAX_STEP_ING];   /* on the stack */
#         int n = 0;
#         for (char *t = strtok(list, ","); t; t = strtok(NULL, ","))
#             ing[n++] = intern(trim(t));   /* no bound check */
#         ...copy ing[0..n-1] into st->rows...
#     }
# A step with more than 7 ingredients writes past ing[] over the stack
# canary; parse_step's epilogue sees it: "*** stack smashing detected ***",
# abort() (SIGABRT). Exactly 7 passes; a repeated ingredient counts again.
# The garnish line is kept in a growable vector (realloc) and may be as
# long as it likes; nothing is summed over the steps or recipes, so the
# total number of ingredients in a recipe or file does not matter, nor do
# the servings or timers.
r=$(awk '
    /^recipe [a-z]+ serves [0-9]+$/ { recipes++; next }
    /^  step [a-z]+( [0-9]+min)?: / {
        if (!recipes) { bad = 1; exit }
        list = $0; sub(/^[^:]*: /, "", list)
        if (split(list, ing, /, /) > 7) smash = 1
        next
    }
    /^  garnish: / { if (!recipes) bad = 1; next }
    /^$/ { next }
    { bad = 1; exit }
    END { print (bad || !recipes) ? "invalid" : (smash ? "smash" : "ok") }
' "$1")
case $r in
    ok) exit 0 ;;
    smash) echo "*** stack smashing detected ***: terminated" >&2; kill -ABRT $$ ;;
    *) exit 125 ;;
esac
