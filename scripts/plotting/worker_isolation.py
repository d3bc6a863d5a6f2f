"""Charts of the worker-isolation suite (Results/worker-isolation.csv).

- worker-isolation-throughput: loads per second (p50 with its 95 % CI)
  against how many loads share one worker at once (log2 axis), struct worker
  against actor worker, one panel per decode cost (posts per load), with the
  actor's throughput as a ratio of the struct's (`throughput_vs_struct`).
  Below, when the table has `busy_cores` rows: CPU time over wall time (the
  cores the batch kept busy) against the same loads, with the CPU count.
"""
import math

from . import figures
from .chart import Chart, Skipped
from .tables import Schema

SUITE = "worker-isolation"
PARAMETERS = ("worker", "loads", "posts", "body_chars", "latency_ms")
NUMERIC_PARAMETERS = ("loads", "posts", "body_chars", "latency_ms")
RATIO_COLUMNS = ("throughput_vs_struct", "throughput_vs_struct_ci_low", "throughput_vs_struct_ci_high")
SUMMARY = Schema.summary(
    SUITE, PARAMETERS, extra=RATIO_COLUMNS, extra_numbers=RATIO_COLUMNS, parameter_numbers=NUMERIC_PARAMETERS
)
SCHEMAS = (SUMMARY,)
CHARTS = ("worker-isolation-throughput",)

WORKERS = (("struct", "#1f77b4", "o-", "struct worker (no isolation)"), ("actor", "#c0392b", "s--", "actor worker"))


def draw(tables):
    """Every chart of the suite from the loaded tables ({schema table name: [Table]})."""
    rows = [row for table in tables.get(SUMMARY.table, []) for row in table.rows]
    if not rows:
        return [Skipped(name, f"no {SUMMARY.table}.csv among the inputs") for name in CHARTS]
    return [_throughput(figures.by_source(rows))]


def _throughput(groups):
    name = "worker-isolation-throughput"
    selected = [[r for r in rows if r["metric"] in ("loads_per_s", "busy_cores")] for rows in groups]
    if not any(r["metric"] == "loads_per_s" for rows in selected for r in rows):
        return Skipped(name, "no loads_per_s rows")
    posts = sorted({r["posts"] for rows in selected for r in rows if r["metric"] == "loads_per_s"})
    busy = any(r["metric"] == "busy_cores" for rows in selected for r in rows)
    kinds = ("loads_per_s", "busy_cores") if busy else ("loads_per_s",)
    if len(groups) == 1:
        import matplotlib.pyplot as plt

        # A row per payload, a column per kind: at most two panels across, so
        # that it still reads at a README's width.
        figure, grid = plt.subplots(
            len(posts), len(kinds), figsize=(5.4 * len(kinds), 3.8 * len(posts) + 1.8), squeeze=False
        )
        axes = [[grid[column][row] for row in range(len(kinds)) for column in range(len(posts))]]
    else:
        figure, axes = figures.grid(len(kinds) * len(posts), len(groups), panel_size=(6.4, 4.0), sharey=False)
    for run, rows in enumerate(selected):
        for row, metric in enumerate(kinds):
            for column, count in enumerate(posts):
                axis = axes[run][row * len(posts) + column]
                cases = [r for r in rows if r["metric"] == metric and r["posts"] == count]
                if metric == "loads_per_s":
                    _rate_panel(axis, cases, count)
                else:
                    _busy_panel(axis, cases, count, groups[run][0]["env_cpus"])
    axes[0][0].fill_between([], [], color="#555555", alpha=0.2, label="p50 95 % CI")
    figures.finish(
        figure,
        "worker-isolation: concurrent loads through one shared worker, stateless struct against actor",
        groups,
        axes,
        legend=True,
    )
    return Chart(name, figure)


def _series(cases, worker):
    return sorted((r for r in cases if r["worker"] == worker), key=lambda r: r["loads"])


def _loads_axis(axis, cases):
    figures.log_scale(axis, "x")
    loads = sorted({r["loads"] for r in cases})
    if loads:
        axis.set_xticks(loads, [f"{value:g}" for value in loads])
        axis.minorticks_off()
        axis.set_xlim(loads[0] / 1.4, loads[-1] * 1.4)
    axis.set_xlabel("loads at once through one worker (log₂ scale)")
    axis.grid(which="major", alpha=0.3)


def _rate_panel(axis, cases, posts):
    for worker, colour, style, label in WORKERS:
        series = _series(cases, worker)
        if not series:
            continue
        xs = [r["loads"] for r in series]
        axis.plot(xs, [r["p50"] for r in series], style, color=colour, label=label, markersize=5)
        if not any(math.isnan(r["p50_ci_low"]) or math.isnan(r["p50_ci_high"]) for r in series):
            axis.fill_between(
                xs, [r["p50_ci_low"] for r in series], [r["p50_ci_high"] for r in series], color=colour, alpha=0.2
            )
        if worker == "actor":
            # Along the top of the panel, clear of the lines: the actor's throughput over the struct's.
            for r in series:
                if math.isnan(r["throughput_vs_struct"]):
                    continue
                interval = ""
                if not (math.isnan(r["throughput_vs_struct_ci_low"]) or math.isnan(r["throughput_vs_struct_ci_high"])):
                    interval = f"\n[{r['throughput_vs_struct_ci_low']:.2f}–{r['throughput_vs_struct_ci_high']:.2f}]"
                axis.text(
                    r["loads"],
                    0.97,
                    f"{r['throughput_vs_struct']:.2f}×{interval}",
                    transform=axis.get_xaxis_transform(),
                    ha="center",
                    va="top",
                    fontsize=7,
                    color=colour,
                )
    _loads_axis(axis, cases)
    peak = max((r["p50_ci_high"] if not math.isnan(r["p50_ci_high"]) else r["p50"] for r in cases), default=1)
    axis.set_ylim(0, peak * 1.25)
    axis.set_ylabel("throughput (loads/s, p50)")
    axis.set_title(f"{posts:g} posts per load: throughput; actor ÷ struct [95 % CI] along the top", fontsize=9)


def _busy_panel(axis, cases, posts, cpus):
    for worker, colour, style, label in WORKERS:
        series = _series(cases, worker)
        if not series:
            continue
        xs = [r["loads"] for r in series]
        axis.plot(xs, [r["p50"] for r in series], style, color=colour, label=label, markersize=5)
        if not any(math.isnan(r["p50_ci_low"]) or math.isnan(r["p50_ci_high"]) for r in series):
            axis.fill_between(
                xs, [r["p50_ci_low"] for r in series], [r["p50_ci_high"] for r in series], color=colour, alpha=0.2
            )
    try:
        count = float(cpus)
    except ValueError:
        count = math.nan
    if not math.isnan(count):
        axis.axhline(count, color="#333333", linestyle=":", linewidth=1.2)
        axis.text(0.01, count, f" {count:g} CPUs", transform=axis.get_yaxis_transform(), fontsize=7, va="bottom")
        axis.set_ylim(0, max([count] + [r["p50_ci_high"] for r in cases if not math.isnan(r["p50_ci_high"])]) * 1.15)
    else:
        axis.set_ylim(0, None)
    _loads_axis(axis, cases)
    axis.set_ylabel("cores busy (CPU time ÷ wall time, p50)")
    axis.set_title(f"{posts:g} posts per load: cores busy", fontsize=9)
