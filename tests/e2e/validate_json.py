#!/usr/bin/env python3
"""validate_json.py SCHEMA JSON-FILE...: check that the schema is a valid
JSON Schema (draft-07) and that every file is valid JSON that it accepts.
Prints each violation with its place in the document; exit 1 if any."""
import json
import sys

import jsonschema


def main():
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    bad = 0
    for path in sys.argv[2:]:
        try:
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
        except ValueError as e:
            print(f"{path}: not JSON: {e}")
            bad += 1
            continue
        for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
            where = "/".join(str(p) for p in error.absolute_path) or "(root)"
            print(f"{path}: {where}: {error.message[:300]}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
