"""Charts of the presenter-hop suite (Results/presenter-hop.csv).

- presenter-hop-floor: each way of reaching the @MainActor presenter, p50 and
  p99 one-way and round trip, against the condition-variable floor measured
  in the same run, on a log scale.
- presenter-hop-load: the guide's hop against how busy the main actor is
  (idle, then a share of each 60 or 120 Hz frame spent working).
"""
import math

from . import figures
from .chart import Chart, Skipped
from .tables import Schema

SUITE = "presenter-hop"
PARAMETERS = ("section", "mechanism", "posts", "batch_size", "interactors", "frame_hz", "frame_work_ms")
RATIO_COLUMNS = ("floor_metric", "ratio_to_floor", "ratio_ci_low", "ratio_ci_high")
NUMERIC_PARAMETERS = ("posts", "batch_size", "interactors", "frame_hz", "frame_work_ms")
SUMMARY = Schema.summary(
    SUITE,
    PARAMETERS,
    extra=RATIO_COLUMNS,
    extra_numbers=RATIO_COLUMNS[1:],
    parameter_numbers=NUMERIC_PARAMETERS,
)
SAMPLES = Schema.samples(SUITE, PARAMETERS, parameter_numbers=NUMERIC_PARAMETERS)
SCHEMAS = (SUMMARY, SAMPLES)
CHARTS = ("presenter-hop-floor", "presenter-hop-load")

METRICS = (("one_way_ns", "one way: interactor → presenter"), ("round_trip_ns", "round trip: and back to the actor"))
GUIDE = "await-presenter"


def draw(tables):
    """Every chart of the suite from the loaded tables ({schema table name: [Table]})."""
    summary = [row for table in tables.get(SUMMARY.table, []) for row in table.rows]
    if not summary:
        return [Skipped(name, f"no {SUMMARY.table}.csv among the inputs") for name in CHARTS]
    groups = figures.by_source(summary)
    return [_floor(groups), _load(groups)]


def _short(variant):
    """A variant title without the payload, which is the same for every row of a section."""
    return variant.rsplit(", ", 1)[0] if variant.endswith(" posts") else variant


def _floor(groups):
    name = "presenter-hop-floor"
    selected = [[r for r in rows if r["section"] in ("floor", "mechanism")] for rows in groups]
    if not any(any(r["section"] == "floor" for r in rows) for rows in selected):
        return Skipped(name, "no floor rows (section=floor)")
    figure, axes = figures.grid(len(METRICS), len(groups), panel_size=(6.6, 4.6), sharey=False)
    for run, rows in enumerate(selected):
        for panel, (metric, title) in enumerate(METRICS):
            axis = axes[run][panel]
            floor = next((r for r in rows if r["section"] == "floor" and r["metric"] == metric), None)
            hops = [r for r in rows if r["section"] == "mechanism" and r["metric"] == metric]
            hops.sort(key=lambda r: r["p50"], reverse=True)
            for y, r in enumerate(hops):
                colour = "#1f77b4" if r["mechanism"] == GUIDE else "#555555"
                axis.hlines(y, r["p50"] / 1e3, r["p99"] / 1e3, color=colour, linewidth=1.5, alpha=0.6)
                axis.errorbar(
                    r["p50"] / 1e3,
                    y,
                    xerr=[[max(r["p50"] - r["p50_ci_low"], 0) / 1e3], [max(r["p50_ci_high"] - r["p50"], 0) / 1e3]],
                    fmt="o",
                    color=colour,
                    capsize=2,
                    markersize=5,
                )
                axis.plot(r["p99"] / 1e3, y, "|", color=colour, markersize=12, markeredgewidth=2)
                if not math.isnan(r["ratio_to_floor"]):
                    axis.annotate(
                        f"{r['ratio_to_floor']:.2f}× floor",
                        (r["p99"] / 1e3, y),
                        textcoords="offset points",
                        xytext=(6, -3),
                        fontsize=7,
                        color=colour,
                    )
            if floor is not None:
                axis.axvspan(floor["p50"] / 1e3, floor["p99"] / 1e3, color="#c0392b", alpha=0.08)
                axis.axvline(floor["p50"] / 1e3, color="#c0392b", linestyle="--", linewidth=1.2)
                axis.text(
                    floor["p50"] / 1e3,
                    1.0,
                    f" floor p50 {floor['p50'] / 1e3:.1f} µs",
                    transform=axis.get_xaxis_transform(),
                    color="#c0392b",
                    fontsize=8,
                    va="bottom",
                )
            figures.log_scale(axis, "x")
            axis.set_yticks(range(len(hops)), [_short(r["variant"]) for r in hops], fontsize=8)
            axis.set_ylim(-0.6, len(hops) - 0.4)
            axis.set_xlabel(f"{title} (µs, log scale)")
            axis.set_title(title, fontsize=10, pad=14)
            axis.grid(axis="x", which="both", alpha=0.25)
            left, right = axis.get_xlim()
            axis.set_xlim(left, right * 8)
    axes[0][0].plot([], [], "o", color="#555555", label="p50 with 95 % CI")
    axes[0][0].plot([], [], "|", color="#555555", markersize=10, markeredgewidth=2, label="p99 (line from p50)")
    axes[0][0].plot([], [], "--", color="#c0392b", label="floor: condition-variable ping-pong, p50")
    axes[0][0].fill_between([], [], color="#c0392b", alpha=0.15, label="floor p50 to p99")
    axes[0][0].plot([], [], "o", color="#1f77b4", label="the guide's await presenter.presentProfile")
    figures.finish(
        figure,
        "presenter-hop: reaching the @MainActor presenter, against two plain threads waking each other",
        groups,
        axes,
        legend=True,
    )
    return Chart(name, figure)


def _load(groups):
    name = "presenter-hop-load"
    selected = []
    for rows in groups:
        idle = next(
            (
                r
                for r in rows
                if r["section"] == "mechanism" and r["mechanism"] == GUIDE and r["metric"] == "one_way_ns"
            ),
            None,
        )
        busy = [r for r in rows if r["section"] == "busy-main" and r["metric"] == "one_way_ns"]
        selected.append((idle, busy))
    if not any(busy for _, busy in selected):
        return Skipped(name, "no busy-main rows (section=busy-main)")
    figure, axes = figures.grid(1, len(groups), panel_size=(8.0, 4.6))
    for run, (idle, busy) in enumerate(selected):
        axis = axes[run][0]
        points = []
        if idle is not None:
            points.append(("idle main actor", idle))
        for r in sorted(busy, key=lambda r: (r["frame_hz"], r["frame_work_ms"])):
            frame_ms = 1000 / r["frame_hz"]
            share = 100 * r["frame_work_ms"] / frame_ms
            points.append(
                (f"{r['frame_hz']:g} Hz frame, busy {r['frame_work_ms']:g} of {frame_ms:.1f} ms ({share:.0f} %)", r)
            )
        xs = range(len(points))
        for key, style, label in (("p50", "o-", "p50"), ("p90", "s--", "p90"), ("p99", "^:", "p99")):
            axis.plot(xs, [r[key] / 1e3 for _, r in points], style, label=label)
        axis.fill_between(
            xs,
            [r["p50_ci_low"] / 1e3 for _, r in points],
            [r["p50_ci_high"] / 1e3 for _, r in points],
            alpha=0.2,
            label="p50 95 % CI",
        )
        for x, (_, r) in zip(xs, points):
            axis.annotate(f"n={r['count']:g}", (x, r["p50"] / 1e3), textcoords="offset points", xytext=(5, -12), fontsize=7)
        axis.set_xticks(list(xs), [label for label, _ in points], fontsize=8)
        axis.set_xlim(-0.4, len(points) - 0.6)
        figures.log_scale(axis, "y")
        axis.set_ylabel("one-way hop to the presenter (µs, log scale)")
        axis.set_xlabel("main-actor load")
        axis.grid(axis="y", which="both", alpha=0.25)
        axis.legend(fontsize=8, loc="upper left")
    figures.finish(
        figure, "presenter-hop: the guide's hop while the main actor is busy part of every frame", groups, axes
    )
    return Chart(name, figure)
