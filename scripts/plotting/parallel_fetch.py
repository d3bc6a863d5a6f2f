"""Charts of the parallel-fetch suite (Results/parallel-fetch.csv and parallel-fetch-samples.csv).

- parallel-fetch-speedup: speedup over sequential against latency (2 routes)
  and against the number of routes, with 95 % confidence bands and the ideal.
- parallel-fetch-overhead: time above the ideal, as a distribution per
  strategy and latency (from the samples, else from the percentiles).
- parallel-fetch-time-to-error: how soon each strategy reports a failure that
  happens at once while the other request is slow.
- parallel-fetch-calibration: the mock's configured latency against the one
  it achieved (rows with scenario=calibration).
"""
import math
import statistics

from . import figures
from .chart import Chart, Skipped
from .tables import Schema

SUITE = "parallel-fetch"
PARAMETERS = ("scenario", "strategy", "routes", "latency_ms", "distribution", "transport")
SPEEDUP_COLUMNS = ("speedup", "speedup_ci_low", "speedup_ci_high", "ideal_speedup")
SUMMARY = Schema.summary(
    SUITE,
    PARAMETERS,
    extra=SPEEDUP_COLUMNS,
    extra_numbers=SPEEDUP_COLUMNS,
    parameter_numbers=("routes", "latency_ms"),
)
SAMPLES = Schema.samples(SUITE, PARAMETERS, parameter_numbers=("routes", "latency_ms"))
SCHEMAS = (SUMMARY, SAMPLES)
CHARTS = (
    "parallel-fetch-speedup",
    "parallel-fetch-overhead",
    "parallel-fetch-time-to-error",
    "parallel-fetch-calibration",
)

STRATEGIES = ("sequential", "async-let", "task-group", "dispatch-group")
TITLES = {
    "sequential": "sequential",
    "async-let": "async let",
    "task-group": "task group",
    "dispatch-group": "DispatchGroup",
}
COLORS = {
    "sequential": "#7f7f7f",
    "async-let": "#1f77b4",
    "task-group": "#ff7f0e",
    "dispatch-group": "#2ca02c",
}


def draw(tables):
    """Every chart of the suite from the loaded tables ({schema table name: [Table]})."""
    every = [row for table in tables.get(SUMMARY.table, []) for row in table.rows]
    if not every:
        return [Skipped(name, f"no {SUMMARY.table}.csv among the inputs") for name in CHARTS]
    # Runs over real HTTP (--base-url) have no latency grid: the server sets it.
    summary = [row for row in every if row["transport"] == "mock"]
    samples = [row for table in tables.get(SAMPLES.table, []) for row in table.rows if row["transport"] == "mock"]
    if not summary:
        return [Skipped(name, "only rows over real HTTP (transport is a URL); the charts need the mock") for name in CHARTS]
    groups = figures.by_source(summary)
    return [
        _speedup(groups),
        _overhead(groups, samples),
        _time_to_error(groups),
        _calibration(groups),
    ]


def _ordered(strategies):
    return [s for s in STRATEGIES if s in strategies] + sorted(set(strategies) - set(STRATEGIES))


def _positions(values):
    ordered = sorted(set(values))
    return ordered, {value: index for index, value in enumerate(ordered)}


def _speedup(groups):
    name = "parallel-fetch-speedup"
    rows_of = [
        [r for r in rows if r["scenario"] == "fetch" and r["metric"] == "elapsed_ns" and not math.isnan(r["speedup"])]
        for rows in groups
    ]
    if not any(rows_of):
        return Skipped(name, "no fetch rows with a speedup")
    has_sweep = any(r["routes"] > 2 for rows in rows_of for r in rows)
    figure, axes = figures.grid(2 if has_sweep else 1, len(groups))
    for run, rows in enumerate(rows_of):
        _speedup_panel(
            axes[run][0],
            [r for r in rows if r["routes"] == 2],
            key="latency_ms",
            label=figures.format_latency,
            xlabel="simulated latency per request (ms)",
            title="2 routes: speedup against latency",
        )
        if has_sweep:
            sweep = [r for r in rows if r["routes"] > 2]
            latency = statistics.mode([r["latency_ms"] for r in sweep]) if sweep else None
            _speedup_panel(
                axes[run][1],
                [r for r in rows if r["latency_ms"] == latency],
                key="routes",
                label=lambda v: f"{v:g}",
                xlabel="routes fetched at once",
                title=f"speedup against routes, {figures.format_latency(latency) if latency is not None else ''}",
            )
    figures.finish(
        figure, "parallel-fetch: speedup over sequential (median ratio, shaded: 95 % bootstrap CI)", groups, axes, legend=True
    )
    return Chart(name, figure)


def _speedup_panel(axis, rows, key, label, xlabel, title):
    axis.set_title(title, fontsize=10)
    axis.set_xlabel(xlabel)
    axis.set_ylabel("speedup over sequential (×)")
    if not rows:
        axis.text(0.5, 0.5, "no rows", transform=axis.transAxes, ha="center")
        return
    values, position = _positions(r[key] for r in rows)
    distributions = [d for d in ("fixed", "jittered") if any(r["distribution"] == d for r in rows)]
    for distribution in distributions:
        subset = [r for r in rows if r["distribution"] == distribution]
        style = "-" if distribution == "fixed" else "--"
        for strategy in _ordered({r["strategy"] for r in subset} - {"sequential"}):
            points = sorted((position[r[key]], r) for r in subset if r["strategy"] == strategy)
            xs = [x for x, _ in points]
            axis.plot(
                xs,
                [r["speedup"] for _, r in points],
                style,
                marker="o" if distribution == "fixed" else "s",
                markersize=4,
                color=COLORS.get(strategy),
                label=f"{TITLES.get(strategy, strategy)}, {distribution}",
            )
            axis.fill_between(
                xs,
                [r["speedup_ci_low"] for _, r in points],
                [r["speedup_ci_high"] for _, r in points],
                color=COLORS.get(strategy),
                alpha=0.15 if distribution == "fixed" else 0.08,
                linewidth=0,
            )
        ideal = {}
        for r in subset:
            ideal.setdefault(position[r[key]], []).append(r["ideal_speedup"])
        xs = sorted(ideal)
        axis.plot(
            xs,
            [statistics.median(ideal[x]) for x in xs],
            ":" if distribution == "jittered" else "--",
            color="black",
            linewidth=1.2,
            label=f"ideal (achieved latencies), {distribution}",
        )
    axis.axhline(1, color=COLORS["sequential"], linewidth=0.8)
    axis.text(0.99, 1, "sequential = 1× ", transform=axis.get_yaxis_transform(), ha="right", va="bottom", fontsize=8, color="#555")
    axis.set_xticks(range(len(values)), [label(v) for v in values])
    axis.set_ylim(bottom=0)
    axis.grid(axis="y", alpha=0.3)


def _overhead(groups, samples):
    name = "parallel-fetch-overhead"
    sample_groups = {}
    for row in samples:
        if row["metric"] == "overhead_ns":
            sample_groups.setdefault(figures.source_key(row), []).append(row)
    selected = []
    for rows in groups:
        fetch = [r for r in rows if r["scenario"] == "fetch" and r["routes"] == 2 and r["distribution"] == "fixed"]
        summary = [r for r in fetch if r["metric"] == "overhead_ns"]
        raw = [
            r
            for r in sample_groups.get(figures.source_key(rows[0]), [])
            if r["scenario"] == "fetch" and r["routes"] == 2 and r["distribution"] == "fixed"
        ]
        selected.append((summary, raw))
    if not any(summary for summary, _ in selected):
        return Skipped(name, "no overhead_ns rows for 2 routes at fixed latencies")
    figure, axes = figures.grid(1, len(groups), panel_size=(8.5, 4.6))
    for run, (summary, raw) in enumerate(selected):
        axis = axes[run][0]
        latencies, position = _positions(r["latency_ms"] for r in summary)
        strategies = _ordered({r["strategy"] for r in summary})
        width = 0.8 / len(strategies)
        for index, strategy in enumerate(strategies):
            offset = -0.4 + width * (index + 0.5)
            if raw:
                data, at = [], []
                for latency in latencies:
                    values = [
                        r["value"] / 1e3 for r in raw if r["strategy"] == strategy and r["latency_ms"] == latency
                    ]
                    if values:
                        data.append(values)
                        at.append(position[latency] + offset)
                parts = axis.boxplot(
                    data,
                    positions=at,
                    widths=width * 0.85,
                    whis=(5, 95),
                    patch_artist=True,
                    showfliers=True,
                    flierprops={"marker": ".", "markersize": 3, "alpha": 0.5},
                    medianprops={"color": "black"},
                )
                for box in parts["boxes"]:
                    box.set_facecolor(COLORS.get(strategy, "#999"))
                    box.set_alpha(0.75)
                axis.plot([], [], "s", color=COLORS.get(strategy), label=TITLES.get(strategy, strategy))
            else:
                for r in summary:
                    if r["strategy"] != strategy:
                        continue
                    x = position[r["latency_ms"]] + offset
                    axis.vlines(x, r["p50"] / 1e3, r["p99"] / 1e3, color=COLORS.get(strategy), linewidth=1)
                    axis.vlines(x, r["p50"] / 1e3, r["p90"] / 1e3, color=COLORS.get(strategy), linewidth=5, alpha=0.7)
                    axis.plot(x, r["p50"] / 1e3, "o", color="black", markersize=4)
                    axis.plot(x, r["p99"] / 1e3, "_", color="black", markersize=10)
                axis.plot([], [], "s", color=COLORS.get(strategy), label=TITLES.get(strategy, strategy))
        source = "raw samples: box 25–75 %, whiskers 5–95 %, dots beyond" if raw else (
            "from the summary percentiles (no samples CSV): dot p50, thick to p90, thin to p99"
        )
        axis.set_title(f"2 routes, fixed latency; {source}", fontsize=9)
        figures.log_scale(axis, "y")
        axis.set_ylabel("overhead above the ideal (µs, log scale)")
        axis.set_xlabel("simulated latency per request (ms)")
        axis.set_xticks(range(len(latencies)), [figures.format_latency(v) for v in latencies])
        axis.grid(axis="y", which="both", alpha=0.25)
        axis.legend(fontsize=8, loc="upper left", ncol=len(strategies))
    figures.finish(
        figure,
        "parallel-fetch: overhead = measured − ideal (ideal: slowest achieved request, or their sum for sequential)",
        groups,
        axes,
    )
    return Chart(name, figure)


def _time_to_error(groups):
    name = "parallel-fetch-time-to-error"
    selected = [[r for r in rows if r["scenario"] == "time-to-error"] for rows in groups]
    if not any(any(r["metric"] == "elapsed_ns" for r in rows) for rows in selected):
        return Skipped(name, "no time-to-error rows")
    figure, axes = figures.grid(1, len(groups), panel_size=(8.0, 3.8), sharey=True)
    for run, rows in enumerate(selected):
        axis = axes[run][0]
        elapsed = {r["strategy"]: r for r in rows if r["metric"] == "elapsed_ns"}
        ideal = {r["strategy"]: r for r in rows if r["metric"] == "ideal_ns"}
        strategies = list(reversed(_ordered(elapsed)))
        for y, strategy in enumerate(strategies):
            r = elapsed[strategy]
            p50 = r["p50"] / 1e6
            axis.barh(y, p50, color=COLORS.get(strategy, "#999"), alpha=0.8, height=0.6)
            axis.errorbar(
                p50,
                y,
                xerr=[[p50 - r["p50_ci_low"] / 1e6], [r["p50_ci_high"] / 1e6 - p50]],
                color="black",
                capsize=3,
                linewidth=1,
            )
            axis.plot(r["p99"] / 1e6, y, "|", color="black", markersize=14, markeredgewidth=2)
            axis.text(
                max(p50, r["p99"] / 1e6),
                y,
                f"  p50 {_time(r['p50'])}, p99 {_time(r['p99'])}",
                va="center",
                fontsize=8,
            )
        latency = statistics.mode([r["latency_ms"] for r in elapsed.values()])
        axis.axvline(latency, color="#c0392b", linestyle="--", linewidth=1, label=f"slow request: {latency:g} ms")
        if ideal:
            known = statistics.median([r["p50"] for r in ideal.values()]) / 1e6
            axis.axvline(known, color="black", linestyle=":", linewidth=1, label=f"ideal: failure known ({_time(known * 1e6)})")
        axis.plot([], [], "|", color="black", markersize=10, markeredgewidth=2, label="p99")
        axis.set_yticks(range(len(strategies)), [TITLES.get(s, s) for s in strategies])
        axis.set_xlabel("time until the error reaches the caller (ms; bar p50 with 95 % CI)")
        axis.set_xlim(0, max(latency, max(r["p99"] for r in elapsed.values()) / 1e6) * 1.45)
        axis.grid(axis="x", alpha=0.3)
    figures.finish(figure, "parallel-fetch: time to error (posts fails at once, user is slow)", groups, axes, legend=True)
    return Chart(name, figure)


def _calibration(groups):
    name = "parallel-fetch-calibration"
    selected = [
        sorted((r for r in rows if r["scenario"] == "calibration" and r["metric"] == "overshoot_ns"),
               key=lambda r: r["latency_ms"])
        for rows in groups
    ]
    if not any(selected):
        return Skipped(name, "no calibration rows (scenario=calibration needs a fixed latency above 0)")
    figure, axes = figures.grid(2, len(groups), panel_size=(5.6, 4.2), sharey=False)
    for run, rows in enumerate(selected):
        configured = [r["latency_ms"] for r in rows]
        left, right = axes[run]
        left.plot(configured, configured, "--", color="black", linewidth=1, label="achieved = configured")
        left.plot(configured, [c + r["p50"] / 1e6 for c, r in zip(configured, rows)], "o-", label="achieved p50")
        left.plot(configured, [c + r["p99"] / 1e6 for c, r in zip(configured, rows)], "^:", label="achieved p99")
        left.set_xlabel("configured latency (ms)")
        left.set_ylabel("achieved latency (ms)")
        left.set_title("configured against achieved", fontsize=10)
        left.legend(fontsize=8)
        left.grid(alpha=0.3)
        positions = range(len(rows))
        for key, marker, label in (("p50", "o-", "p50"), ("p90", "s--", "p90"), ("p99", "^:", "p99")):
            right.plot(positions, [r[key] / 1e3 for r in rows], marker, label=label)
        right.fill_between(
            positions,
            [r["p50_ci_low"] / 1e3 for r in rows],
            [r["p50_ci_high"] / 1e3 for r in rows],
            alpha=0.2,
            label="p50 95 % CI",
        )
        for x, r in zip(positions, rows):
            right.annotate(f"n={r['count']:g}", (x, r["p50"] / 1e3), textcoords="offset points", xytext=(4, -12), fontsize=7)
        right.set_xlim(-0.3, len(rows) - 0.5)
        figures.log_scale(right, "y")
        right.set_xticks(list(positions), [figures.format_latency(c) for c in configured])
        right.set_xlabel("configured latency (ms)")
        right.set_ylabel("overshoot: achieved − configured (µs, log scale)")
        right.set_title("how late the mock answers", fontsize=10)
        right.legend(fontsize=8)
        right.grid(axis="y", which="both", alpha=0.25)
    figures.finish(figure, "parallel-fetch: mock calibration (fixed latency, per request)", groups, axes)
    return Chart(name, figure)


def _time(nanoseconds):
    if nanoseconds >= 1e6:
        return f"{nanoseconds / 1e6:.2f} ms"
    if nanoseconds >= 1e3:
        return f"{nanoseconds / 1e3:.1f} µs"
    return f"{nanoseconds:.0f} ns"
