#!/usr/bin/env python3
"""Draws the charts of IsolationBench results as PNG and SVG files.

With no arguments, reads every CSV file of bench's latest run,
.build/bench-results/ (bench's default output), and writes the charts to
its plots/ folder; where no run was made yet, the published run's,
Results/, into Results/plots/. Name CSV files or folders to plot others;
naming several (two machines' Results folders, say) draws their runs side
by side.

Exit status:
  0  charts written
  1  a CSV file is malformed: missing or extra column, older schema, bad value
  2  bad command line, or an input that does not exist
  3  nothing to plot: no CSV file of a known suite among the inputs
  4  matplotlib is not installed
  5  --strict and a chart of a known suite could not be drawn
"""
import argparse
import pathlib
import sys

sys.dont_write_bytecode = True

from plotting.errors import (  # noqa: E402  (after sys.dont_write_bytecode)
    EXIT_BAD_CSV,
    EXIT_EXPECTED_CHART_MISSING,
    EXIT_NO_MATPLOTLIB,
    EXIT_NOTHING_TO_PLOT,
    EXIT_OK,
    EXIT_USAGE,
    CSVProblem,
)

DEFAULT_RESULTS = pathlib.Path("Results")
LATEST_RUN = pathlib.Path(".build/bench-results")


def default_inputs():
    """bench's latest run where there is one, else the published run."""
    if LATEST_RUN.is_dir():
        print(f"plot.py: plotting the latest run, {LATEST_RUN} (name {DEFAULT_RESULTS} to plot the published one)")
        return [LATEST_RUN]
    return [DEFAULT_RESULTS]


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="plot.py",
        description=__doc__.split("\n\n")[0].strip(),
        epilog="Exit status: 0 charts written, 1 malformed CSV, 2 bad command line, 3 nothing to plot, "
        "4 matplotlib missing, 5 --strict and a chart could not be drawn.",
    )
    parser.add_argument(
        "inputs",
        nargs="*",
        type=pathlib.Path,
        metavar="CSV_OR_FOLDER",
        help=f"CSV files or folders of CSV files (default: {LATEST_RUN} if bench wrote it, else {DEFAULT_RESULTS})",
    )
    parser.add_argument(
        "--output",
        type=pathlib.Path,
        metavar="DIR",
        help="where the charts go (default: <folder>/plots when one folder is given, else Results/plots)",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="fail (exit 5) when a chart of a suite present in the inputs cannot be drawn",
    )
    return parser.parse_args(argv)


def expand(inputs):
    """The CSV files named, folders expanded to their *.csv files (sorted); exits 2 on a missing path."""
    files = []
    for path in inputs:
        if path.is_dir():
            files.extend(sorted(path.glob("*.csv")))
        elif path.is_file():
            files.append(path)
        else:
            print(f"plot.py: error: '{path}' is neither a CSV file nor a folder", file=sys.stderr)
            sys.exit(EXIT_USAGE)
    return files


def main(argv=None):
    arguments = parse_arguments(argv)
    inputs = arguments.inputs or default_inputs()
    output = arguments.output
    if output is None:
        output = inputs[0] / "plots" if len(inputs) == 1 and inputs[0].is_dir() else DEFAULT_RESULTS / "plots"
    files = expand(inputs)
    try:
        from plotting import figures, registry, tables
    except ImportError as error:
        print(
            f"plot.py: error: {error.name or 'matplotlib'} is not installed; "
            "run: python3 -m venv .venv && .venv/bin/pip install -r scripts/requirements.txt",
            file=sys.stderr,
        )
        return EXIT_NO_MATPLOTLIB

    loaded = {}
    problems = []
    for path in files:
        try:
            header = tables.read_header(path)
            schema = tables.identify(path, header, registry.all_schemas())
            if schema is None:
                print(f"note: skipped {path}: not a table of a suite plot.py knows", file=sys.stderr)
                continue
            table = tables.load(path, schema)
        except CSVProblem as problem:
            problems.append(str(problem))
            continue
        loaded.setdefault(registry.module_of(schema), {}).setdefault(schema.table, []).append(table)
    for problem in problems:
        print(f"plot.py: error: {problem}", file=sys.stderr)
    if problems:
        return EXIT_BAD_CSV
    if not loaded:
        names = ", ".join(str(path) for path in inputs)
        print(f"plot.py: error: nothing to plot: no CSV file of a known suite in {names}", file=sys.stderr)
        return EXIT_NOTHING_TO_PLOT

    skipped = 0
    for module in registry.SUITES:
        if module not in loaded:
            continue
        for chart in module.draw(loaded[module]):
            if getattr(chart, "figure", None) is None:
                skipped += 1
                print(f"note: no chart {chart.name}: {chart.reason}", file=sys.stderr)
                continue
            for path in figures.save(chart.figure, output, chart.name):
                print(f"wrote {path}")
    if arguments.strict and skipped:
        print(f"plot.py: error: {skipped} chart(s) could not be drawn (--strict)", file=sys.stderr)
        return EXIT_EXPECTED_CHART_MISSING
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
