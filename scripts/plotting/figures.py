"""What every chart shares: the grid of panels, titles naming the machine and
build, the "not comparable" stamp, and writing PNG and SVG files."""
import pathlib
import textwrap

import matplotlib

matplotlib.use("Agg")
# Keep text as text in SVG files, so that they can be searched (and tested).
matplotlib.rcParams["svg.fonttype"] = "none"
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)

from .tables import source_key, source_label  # noqa: E402

PNG_DPI = 150


def by_source(rows):
    """Rows grouped by run (machine, build, start time), in order of first appearance."""
    groups = {}
    for row in rows:
        groups.setdefault(source_key(row), []).append(row)
    return list(groups.values())


# The widest a one-run figure is drawn, in inches (1,500 px at PNG_DPI): a README
# shows a chart about 800 px wide, and a figure much wider than this shrinks
# its text below what reads.
MAX_WIDTH = 10.0


def grid(panel_count, source_count, panel_size=(6.4, 4.4), sharey="row"):
    """A figure with one column per run and one row per panel.

    One run: panels side by side while they fit in MAX_WIDTH, else as many
    per row as fit (at least one), in reading order, so that the chart
    still reads at a README's width. Returns the figure and axes[run][panel].
    """
    if source_count == 1:
        per_row = max(1, min(panel_count, int(MAX_WIDTH // panel_size[0])))
        lines = -(-panel_count // per_row)
        figure, axes = plt.subplots(
            lines,
            per_row,
            figsize=(panel_size[0] * per_row, (panel_size[1] + (0.4 if lines > 1 else 0)) * lines + 1.2),
            squeeze=False,
        )
        flat = [axes[line][column] for line in range(lines) for column in range(per_row)]
        for axis in flat[panel_count:]:
            axis.set_visible(False)
        return figure, [flat[:panel_count]]
    figure, axes = plt.subplots(
        panel_count,
        source_count,
        figsize=(panel_size[0] * source_count, (panel_size[1] + 0.4) * panel_count + 1.2),
        squeeze=False,
        sharey=sharey,
    )
    return figure, [[axes[panel][run] for panel in range(panel_count)] for run in range(source_count)]


def describe_machine(row):
    """One line naming the machine and build of a run."""
    build = row["env_build"] + ("" if row["env_sanitizer"] == "none" else f", {row['env_sanitizer']} sanitizer")
    date = row["env_date"].replace("T", " ")[:16]
    return (
        f"{row['env_host']}: {row['env_cpu']} ({row['env_cpus']} CPUs), {row['env_os']}; "
        f"Swift {row['env_swift']} {build}; {date} UTC, commit {row['env_commit']}"
    )


def incomparable_reason(rows):
    """Why rows must not be compared (debug or sanitizer build), or None when they may be."""
    bad = [row for row in rows if row["comparable"] != "true"]
    if not bad:
        return None
    row = bad[0]
    reasons = []
    if row["env_build"] != "release":
        reasons.append(f"{row['env_build']} build")
    if row["env_sanitizer"] != "none":
        reasons.append(f"{row['env_sanitizer']} sanitizer")
    return " and ".join(reasons) or "comparable=false"


def finish(figure, title, groups, run_axes=None, legend=False):
    """Titles the figure with the machines and builds, and stamps runs that are not comparable.

    `groups` are the rows of each run, in the order of `run_axes` (the axes of
    each run), so that a stamp lands on the run it concerns. With `legend`,
    the panels' legend entries are gathered into one legend below them.
    """
    lines = [title]
    if len(groups) == 1:
        lines.append(describe_machine(groups[0][0]))
    else:
        lines.append(f"{len(groups)} runs side by side (columns left to right)")
        for number, rows in enumerate(groups, start=1):
            lines.append(f"run {number}: {describe_machine(rows[0])}")
    if any(row["partial"] == "true" for rows in groups for row in rows):
        lines.append("PARTIAL: the run stopped before measuring everything")
    width = max(40, int(figure.get_figwidth() * 12))
    lines = [wrapped for line in lines for wrapped in textwrap.wrap(line, width, subsequent_indent="    ")]
    figure.suptitle("\n".join(lines), fontsize=10, x=0.01, ha="left", y=0.995, va="top")
    if run_axes is not None and len(groups) > 1:
        for number, axes in enumerate(run_axes, start=1):
            axes[0].set_title(f"run {number}: {source_label(groups[number - 1][0])}\n{axes[0].get_title()}", fontsize=9)
    stamped = False
    for index, rows in enumerate(groups):
        reason = incomparable_reason(rows)
        if reason is None:
            continue
        stamped = True
        for axis in run_axes[index] if run_axes is not None else figure.axes:
            axis.text(
                0.5,
                0.5,
                f"NOT COMPARABLE\n{reason}",
                transform=axis.transAxes,
                ha="center",
                va="center",
                rotation=20,
                fontsize=22,
                fontweight="bold",
                color="#c0392b",
                alpha=0.35,
                zorder=10,
            )
    if stamped:
        figure.text(
            0.99,
            0.995,
            "NOT COMPARABLE: debug or sanitizer build",
            ha="right",
            va="top",
            fontsize=10,
            fontweight="bold",
            color="white",
            bbox={"boxstyle": "round", "facecolor": "#c0392b", "edgecolor": "none"},
        )
    height = figure.get_figheight()
    bottom = 0.0
    if legend:
        entries = {}
        for axis in figure.axes:
            for handle, label in zip(*axis.get_legend_handles_labels()):
                entries.setdefault(label, handle)
        # About 3 in a column, so that a narrow figure's legend is not cut at its edges.
        columns = min(4, max(1, len(entries)), max(1, int(figure.get_figwidth() // 3)))
        legend_rows = -(-len(entries) // columns)
        figure.legend(
            list(entries.values()), list(entries), loc="lower center", ncol=columns, fontsize=8, frameon=False
        )
        bottom = min((legend_rows * 0.2 + 0.1) / height, 0.4)
    # tight_layout keeps the axes below the suptitle by itself.
    figure.tight_layout(rect=(0, bottom, 1, 1))


def save(figure, directory, name):
    """Writes `<name>.png` and `<name>.svg` into `directory`; returns their paths."""
    directory = pathlib.Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for extension, options in (("png", {"dpi": PNG_DPI}), ("svg", {})):
        path = directory / f"{name}.{extension}"
        figure.savefig(path, **options)
        paths.append(path)
    plt.close(figure)
    return paths


def log_scale(axis, which="y"):
    """A log scale whose ticks read as plain numbers (0.1, 1, 10, 100), not powers of ten."""
    from matplotlib.ticker import FuncFormatter

    target = axis.yaxis if which == "y" else axis.xaxis
    (axis.set_yscale if which == "y" else axis.set_xscale)("log")
    target.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))


def format_latency(milliseconds):
    """A latency in milliseconds as a tick label, like `0 ms` or `1.5 ms`."""
    return f"{milliseconds:g} ms"
