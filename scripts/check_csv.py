#!/usr/bin/env python3
"""Checks that every CSV file in a results folder is well formed.

Well formed means: RFC 4180 parsing succeeds, there is a header and at least
one row, every row has as many fields as the header, and no header name is
empty or repeated. Files named with --require must exist.

Usage: check_csv.py DIR [--require NAME.csv ...]
Exit status: 0 when every file is well formed, 1 otherwise (one line per problem).
"""
import argparse
import csv
import pathlib
import sys


def problems_in(path: pathlib.Path) -> list[str]:
    try:
        with path.open(newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle, strict=True))
    except (csv.Error, UnicodeDecodeError) as error:
        return [f"{path}: not valid CSV: {error}"]
    if not rows:
        return [f"{path}: empty file"]
    header, body = rows[0], rows[1:]
    found = []
    if any(not name for name in header):
        found.append(f"{path}: the header has an empty column name")
    repeated = sorted({name for name in header if header.count(name) > 1})
    if repeated:
        found.append(f"{path}: repeated column(s) {', '.join(repeated)}")
    if not body:
        found.append(f"{path}: a header but no rows")
    for number, row in enumerate(body, start=2):
        if len(row) != len(header):
            found.append(f"{path}:{number}: {len(row)} fields, the header has {len(header)}")
            break
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=pathlib.Path)
    parser.add_argument("--require", action="append", default=[], metavar="NAME.csv")
    arguments = parser.parse_args()
    if not arguments.directory.is_dir():
        print(f"error: {arguments.directory} is not a folder", file=sys.stderr)
        return 1
    problems = [
        f"{arguments.directory / name}: missing"
        for name in arguments.require
        if not (arguments.directory / name).is_file()
    ]
    files = sorted(arguments.directory.glob("*.csv"))
    for path in files:
        problems.extend(problems_in(path))
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"{len(files)} CSV file(s) well formed in {arguments.directory}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
