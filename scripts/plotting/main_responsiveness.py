"""Charts of the main-responsiveness suite (Results/main-responsiveness.csv).

- main-responsiveness-frames: for each frame rate (one row of panels each)
  and payload (posts), each work placement's frame gaps (p50, p99, max)
  against the frame budget and the 1.5-budget drop line, the frames dropped
  per load, and the profile load's latency (p50 with CI, p99).

The summary has one row per variant and metric. Placement rows carry
`load_ns`, `dropped_frames`, `drops`, `max_gap_ns`, `frames` and the pooled
`frame_gap_ns`; `placement=reference` rows time decoding and formatting
alone (`decode_ns`, `format_ns`, `payload_bytes`) and are not drawn here.
"""
import math

from . import figures
from .chart import Chart, Skipped
from .tables import Schema

SUITE = "main-responsiveness"
PARAMETERS = ("placement", "decodes_on", "hertz", "frame_budget_ms", "posts", "body_chars")
NUMERIC_PARAMETERS = ("hertz", "frame_budget_ms", "posts", "body_chars")
SUMMARY = Schema.summary(SUITE, PARAMETERS, parameter_numbers=NUMERIC_PARAMETERS)
SCHEMAS = (SUMMARY,)
CHARTS = ("main-responsiveness-frames",)

# The placements in the order the suite runs them, and their colours.
PLACEMENTS = (
    ("main-actor", "#c0392b"),
    ("struct-worker", "#1f77b4"),
    ("actor-worker", "#2ca02c"),
    ("main-actor-interactor", "#9467bd"),
)
KINDS = ("gaps", "dropped", "load")


def draw(tables):
    """Every chart of the suite from the loaded tables ({schema table name: [Table]})."""
    rows = [row for table in tables.get(SUMMARY.table, []) for row in table.rows]
    if not rows:
        return [Skipped(name, f"no {SUMMARY.table}.csv among the inputs") for name in CHARTS]
    return [_frames(figures.by_source(rows))]


def _colour(placement):
    return dict(PLACEMENTS).get(placement, "#7f7f7f")


def _order(placements):
    known = [name for name, _ in PLACEMENTS if name in placements]
    return known + sorted(set(placements) - set(known))


def _frames(groups):
    name = "main-responsiveness-frames"
    # {run: {hertz: {(placement, posts): {metric: row}}}}
    selected = []
    for rows in groups:
        by_rate = {}
        for r in rows:
            if r["placement"] == "reference" or math.isnan(r["hertz"]):
                continue
            by_rate.setdefault(r["hertz"], {}).setdefault((r["placement"], r["posts"]), {})[r["metric"]] = r
        selected.append(by_rate)
    if not any(
        "frame_gap_ns" in metrics for by_rate in selected for cases in by_rate.values() for metrics in cases.values()
    ):
        return Skipped(name, "no frame_gap_ns rows of a work placement")
    rates = sorted({hertz for by_rate in selected for hertz in by_rate})
    panels = len(rates) * len(KINDS)
    if len(groups) == 1:
        import matplotlib.pyplot as plt

        # A column per frame rate, a row per kind of panel: about 11 in wide,
        # so that it still reads at a README's width.
        figure, grid = plt.subplots(
            len(KINDS), len(rates), figsize=(5.6 * len(rates), 4.2 * len(KINDS) + 2.2), squeeze=False,
        )
        axes = [[grid[kind][row] for row in range(len(rates)) for kind in range(len(KINDS))]]
    else:
        figure, axes = figures.grid(panels, len(groups), panel_size=(7.0, 4.2), sharey="row")
    for run, by_rate in enumerate(selected):
        for row, hertz in enumerate(rates):
            cases = by_rate.get(hertz, {})
            placements = _order({placement for placement, _ in cases})
            posts = sorted({p for _, p in cases})
            gaps, dropped, load = axes[run][row * len(KINDS) : (row + 1) * len(KINDS)]
            budget = next((r["frame_budget_ms"] for m in cases.values() for r in m.values()), 1000 / hertz)
            _gaps(gaps, cases, placements, posts, hertz, budget)
            _dropped(dropped, cases, placements, posts, hertz)
            _load(load, cases, placements, posts, hertz)
    first = axes[0][0]
    for placement in _order({p for by_rate in selected for cases in by_rate.values() for p, _ in cases}):
        first.bar([0], [0], width=0, color=_colour(placement), label=placement)
    first.plot([], [], "o", color="#555555", label="p50 (load latency: with its 95 % CI)")
    first.plot([], [], "^", color="#555555", label="p99")
    first.plot([], [], "x", color="#555555", label="longest frame gap (max)")
    first.plot([], [], "-", color="#333333", linewidth=1, label="frame budget")
    first.plot([], [], "--", color="#c0392b", linewidth=1, label="1.5 budgets: a longer gap drops frames")
    figures.finish(
        figure,
        "main-responsiveness: frame gaps, dropped frames and load latency while a profile loads, by where the work runs",
        groups,
        axes,
        legend=True,
    )
    return Chart(name, figure)


def _offsets(count, width=0.8):
    step = width / max(count, 1)
    return [(index - (count - 1) / 2) * step for index in range(count)], step


def _categories(axis, posts):
    axis.set_xticks(range(len(posts)), [f"{p:g} posts" for p in posts], fontsize=8)
    axis.set_xlim(-0.5, len(posts) - 0.5)
    axis.set_xlabel("payload per load")


def _gaps(axis, cases, placements, posts, hertz, budget):
    offsets, step = _offsets(len(placements))
    for offset, placement in zip(offsets, placements):
        colour = _colour(placement)
        for x, count in enumerate(posts):
            r = cases.get((placement, count), {}).get("frame_gap_ns")
            if r is None:
                continue
            at = x + offset
            axis.vlines(at, r["p50"] / 1e6, r["max"] / 1e6, color=colour, linewidth=1.2, alpha=0.6)
            axis.plot(at, r["p50"] / 1e6, "o", color=colour, markersize=5)
            axis.plot(at, r["p99"] / 1e6, "^", color=colour, markersize=5)
            axis.plot(at, r["max"] / 1e6, "x", color=colour, markersize=6, markeredgewidth=1.5)
    axis.axhline(budget, color="#333333", linewidth=1)
    axis.axhline(1.5 * budget, color="#c0392b", linestyle="--", linewidth=1)
    axis.text(1.0, budget, f" budget\n {budget:.2f} ms", transform=axis.get_yaxis_transform(), fontsize=7, va="center")
    axis.text(
        1.0, 1.5 * budget, f" drop line\n {1.5 * budget:.2f} ms", transform=axis.get_yaxis_transform(),
        fontsize=7, va="center", color="#c0392b",
    )
    axis.set_ylim(0, None)
    _categories(axis, posts)
    axis.set_ylabel("gap between frames (ms)")
    axis.set_title(f"{hertz:g} Hz: frame gaps while loading", fontsize=10)
    axis.grid(axis="y", alpha=0.3)


def _dropped(axis, cases, placements, posts, hertz):
    offsets, step = _offsets(len(placements))
    peak = 0.0
    for offset, placement in zip(offsets, placements):
        colour = _colour(placement)
        for x, count in enumerate(posts):
            r = cases.get((placement, count), {}).get("dropped_frames")
            if r is None:
                continue
            axis.bar(x + offset, r["mean"], width=step * 0.9, color=colour)
            peak = max(peak, r["mean"])
            label = f"{r['mean']:.2f}" if r["mean"] > 0 else "0"
            axis.text(x + offset, r["mean"], label, ha="center", va="bottom", fontsize=6.5,
                      rotation=90 if r["mean"] > 0 else 0)
    axis.set_ylim(0, max(peak * 1.35, 0.5))
    _categories(axis, posts)
    axis.set_ylabel("frames dropped per load (mean)")
    axis.set_title(f"{hertz:g} Hz: dropped frames", fontsize=10)
    axis.grid(axis="y", alpha=0.3)


def _load(axis, cases, placements, posts, hertz):
    offsets, step = _offsets(len(placements))
    for offset, placement in zip(offsets, placements):
        colour = _colour(placement)
        for x, count in enumerate(posts):
            r = cases.get((placement, count), {}).get("load_ns")
            if r is None:
                continue
            at = x + offset
            low = 0 if math.isnan(r["p50_ci_low"]) else max(r["p50"] - r["p50_ci_low"], 0)
            high = 0 if math.isnan(r["p50_ci_high"]) else max(r["p50_ci_high"] - r["p50"], 0)
            axis.errorbar(at, r["p50"] / 1e6, yerr=[[low / 1e6], [high / 1e6]], fmt="o", color=colour,
                          capsize=2, markersize=5)
            axis.plot(at, r["p99"] / 1e6, "^", color=colour, markersize=5)
    axis.set_ylim(0, None)
    _categories(axis, posts)
    axis.set_ylabel("tap to profile on screen (ms)")
    axis.set_title(f"{hertz:g} Hz: profile load latency", fontsize=10)
    axis.grid(axis="y", alpha=0.3)
