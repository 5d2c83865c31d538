#!/bin/sh
# fails when the automatic mode runs with the fan off (no default airflow is
# set on that path); the level does not matter
awk '{ exit ($2 == "auto" && $4 == "off") }' "$1"
