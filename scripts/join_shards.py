#!/usr/bin/env python3
"""Joins the refetch-cancel.csv files of a sharded systematic run into one.

`bench refetch-cancel --mode systematic --shard i/n` runs the i-th of n
shares of each exhaustive exploration (the machines of a CI matrix run one
each); the counts of the shards add up to the whole run's. This script adds
them: for every variant, mode, seed and outcome it sums `count` and
recomputes `frequency` over the joined trials, keeping the first input's
environment columns (`partial` is true if any shard's is). The shards must
come from the same commit and seed, and hold systematic rows only.

Exit status:
  0  joined table written
  2  bad command line, an unreadable file, or inputs that cannot be joined
     (different columns, commits or seeds, a stress row), one line on stderr
"""
import argparse
import csv
import pathlib
import sys

sys.dont_write_bytecode = True

EXIT_OK, EXIT_USAGE = 0, 2
KEY = ("variant", "mode", "seed", "outcome")


class JoinError(Exception):
    """Inputs that cannot be joined; its message is the one line printed."""


def parse_arguments(argv):
    parser = argparse.ArgumentParser(prog="join_shards.py", description=__doc__.split("\n\n")[0].strip())
    parser.add_argument("inputs", nargs="+", type=pathlib.Path, metavar="SHARD_CSV",
                        help="each shard's refetch-cancel.csv")
    parser.add_argument("--output", type=pathlib.Path, required=True, metavar="CSV", help="the joined table")
    return parser.parse_args(argv)


def read(path):
    try:
        with path.open(newline="") as handle:
            reader = csv.DictReader(handle)
            return list(reader.fieldnames or []), list(reader)
    except OSError as error:
        raise JoinError(f"{path}: {error.strerror}") from error


def join(tables):
    """The joined header and rows of [(path, header, rows)]."""
    first_path, header, _ = tables[0]
    missing = [column for column in KEY + ("count", "frequency") if column not in header]
    if missing:
        raise JoinError(f"{first_path}: not a refetch-cancel table (no {', '.join(missing)} column)")
    commits = set()
    order, totals, joined = [], {}, {}
    for path, columns, rows in tables:
        if columns != header:
            raise JoinError(f"{path}: its columns differ from {first_path}'s")
        for row in rows:
            if row["mode"] != "systematic":
                raise JoinError(f"{path}: a {row['mode']} row ({row['variant']}); only systematic runs are sharded")
            if "env_commit" in row:
                commits.add(row["env_commit"])
            key = tuple(row[column] for column in KEY)
            count = int(row["count"])
            if key not in joined:
                order.append(key)
                joined[key] = dict(row, count=0)
            joined[key]["count"] += count
            if row.get("partial") == "true":
                joined[key]["partial"] = "true"
            totals[key[:3]] = totals.get(key[:3], 0) + count
    if len(commits) > 1:
        raise JoinError(f"the shards come from different commits: {', '.join(sorted(commits))}")
    out = []
    for key in order:
        row = joined[key]
        total = totals[key[:3]]
        row["frequency"] = f"{row['count'] / total:.6f}" if total else "0.000000"
        row["count"] = str(row["count"])
        out.append(row)
    return header, out


def main(argv=None):
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    try:
        header, rows = join([(path, *read(path)) for path in arguments.inputs])
    except JoinError as error:
        print(f"join_shards.py: {error}", file=sys.stderr)
        return EXIT_USAGE
    with arguments.output.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=header, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    print(f"joined {len(arguments.inputs)} shards: {len(rows)} rows in {arguments.output}")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
