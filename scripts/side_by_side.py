#!/usr/bin/env python3
"""Puts several machines' Results folders on one page: charts side by side
and each suite's SUMMARY.md tables one run after the other.

Each input is a Results folder as `bench` writes it (CSV files and
SUMMARY.md), named after the machine it came from: CI downloads each matrix
job's artifact into a folder of its own (linux-swift-6.2, macos-26, ...).
Writes OUTPUT/SIDE_BY_SIDE.md and, with plot.py, OUTPUT/plots/, where each
chart shows the runs side by side. Folders without CSV files are listed as
missing, never silently dropped.

Exit status:
  0  page written (charts too, if matplotlib is installed and a CSV was found)
  2  bad command line, or an input that is not a folder
  3  no input folder holds a CSV file or a SUMMARY.md
"""
import argparse
import pathlib
import re
import sys

sys.dont_write_bytecode = True

EXIT_OK, EXIT_USAGE, EXIT_NOTHING = 0, 2, 3
PAGE = "SIDE_BY_SIDE.md"


def parse_arguments(argv):
    parser = argparse.ArgumentParser(prog="side_by_side.py", description=__doc__.split("\n\n")[0].strip())
    parser.add_argument("inputs", nargs="+", type=pathlib.Path, metavar="RESULTS_FOLDER",
                        help="a Results folder per machine, named after it")
    parser.add_argument("--output", type=pathlib.Path, required=True, metavar="DIR",
                        help="where SIDE_BY_SIDE.md and plots/ go")
    parser.add_argument("--no-charts", action="store_true", help="write the page only, without plot.py's charts")
    return parser.parse_args(argv)


def sections(summary):
    """A SUMMARY.md's text by `## ` heading, in order: {heading: body}."""
    found, heading, lines = {}, None, []
    for line in summary.splitlines():
        match = re.match(r"## (.+)", line)
        if match:
            if heading is not None:
                found[heading] = "\n".join(lines).strip()
            heading, lines = match.group(1).strip(), []
        elif heading is not None:
            lines.append(line)
    if heading is not None:
        found[heading] = "\n".join(lines).strip()
    return found


def without_chart_links(text):
    """A section without its links to plots/*.png, which do not resolve outside the run's folder."""
    kept = [line for line in text.splitlines() if not re.search(r"\]\(plots/[^)]*\)", line)]
    return "\n".join(kept).strip()


def page(runs, charts):
    """The markdown page: which runs, the charts drawn, then each section with every run's text in turn.

    `runs` is [(name, {heading: body} or None when the run has no SUMMARY.md)];
    `charts` the chart files written (names), or None when none were drawn.
    """
    lines = ["# Results side by side", ""]
    present = [name for name, found in runs if found is not None]
    missing = [name for name, found in runs if found is None]
    plural = "" if len(present) == 1 else "s"
    lines.append(f"{len(present)} run{plural}: " + ", ".join(f"`{name}`" for name in present) + ".")
    if missing:
        lines.append("")
        lines.append("No SUMMARY.md (the job did not run `bench`, or failed first): "
                     + ", ".join(f"`{name}`" for name in missing) + ".")
    lines.append("")
    if charts:
        lines.append("The charts, each with the runs side by side (columns left to right in the order above), "
                     "are in this job's artifact, under `plots/`: " + ", ".join(f"`{c}`" for c in charts) + ".")
    else:
        lines.append("No charts were drawn (no CSV files among the inputs, or matplotlib is missing).")
    headings = []
    for _, found in runs:
        for heading in found or {}:
            if heading not in headings:
                headings.append(heading)
    for heading in headings:
        lines += ["", f"## {heading}"]
        for name, found in runs:
            if found is None:
                continue
            lines += ["", f"### {heading} — `{name}`", ""]
            body = without_chart_links(found.get(heading, ""))
            lines.append(body or "_not in this run_")
    return "\n".join(lines) + "\n"


def main(argv=None):
    arguments = parse_arguments(argv)
    for folder in arguments.inputs:
        if not folder.is_dir():
            print(f"side_by_side.py: error: '{folder}' is not a folder", file=sys.stderr)
            return EXIT_USAGE
    runs, with_csv = [], []
    for folder in arguments.inputs:
        summary = folder / "SUMMARY.md"
        runs.append((folder.name, sections(summary.read_text(encoding="utf-8")) if summary.is_file() else None))
        if any(folder.glob("*.csv")):
            with_csv.append(folder)
    if not with_csv and all(found is None for _, found in runs):
        print("side_by_side.py: error: no input folder holds a CSV file or a SUMMARY.md", file=sys.stderr)
        return EXIT_NOTHING
    output = arguments.output
    output.mkdir(parents=True, exist_ok=True)
    charts = None
    if with_csv and not arguments.no_charts:
        sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
        import plot

        status = plot.main([*map(str, with_csv), "--output", str(output / "plots")])
        if status == 0:
            charts = sorted(path.name for path in (output / "plots").glob("*.png"))
        else:
            print(f"side_by_side.py: note: plot.py exited {status}; the page has no charts", file=sys.stderr)
    (output / PAGE).write_text(page(runs, charts), encoding="utf-8")
    print(f"wrote {output / PAGE}")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
