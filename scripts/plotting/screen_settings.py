"""Charts of the screen-settings suite (Results/screen-settings-costs.csv).

- screen-settings-costs: for each screen and each action that calls an
  endpoint, the main actor's busy time while the action's work runs,
  against the items per answer, a line per setting (solid where the
  setting runs the action's payload work on the main actor), medians with
  the middle 80 % of the repetitions as error bars, beside the same run's
  floor (an action that does nothing, measured the same way), dashed.

The table has one row per setting, screen, action and payload size; each
figure is a median with its `_low` and `_high` (10th and 90th percentiles).
"""
import math

from . import figures
from .chart import Chart, Skipped
from .tables import ENV_COLUMNS, Schema

SUITE = "screen-settings"
FIGURES = ("time_to_result_ms", "main_busy_ms", "longest_stretch_ms", "missed_frames_60hz", "missed_frames_120hz",
           "off_main_cpu_ms")
COSTS = Schema(
    suite=SUITE,
    table="screen-settings-costs",
    columns=("package", "setting", "screen", "action", "payload_size", "repetitions",
             *[name for figure in FIGURES for name in (figure, f"{figure}_low", f"{figure}_high")],
             "calls", "payload_bytes", "payload_work_on", "build", *ENV_COLUMNS),
    numbers=frozenset({"payload_size", "repetitions", "calls", "payload_bytes",
                       *[name for figure in FIGURES for name in (figure, f"{figure}_low", f"{figure}_high")]}),
)
SCHEMAS = (COSTS,)
CHARTS = ("screen-settings-costs",)


def draw(tables):
    """Every chart of the suite from the loaded tables ({schema table name: [Table]})."""
    rows = [row for table in tables.get(COSTS.table, []) for row in table.rows]
    if not rows:
        return [Skipped(name, f"no {COSTS.table}.csv among the inputs") for name in CHARTS]
    return [_costs(figures.by_source(rows))]


def _ordered(rows, key):
    order = []
    for r in rows:
        if r[key] not in order:
            order.append(r[key])
    return order


def _costs(groups):
    name = "screen-settings-costs"
    panels = max(len(_panels(rows)) for rows in groups)
    if panels == 0:
        return Skipped(name, "no action that calls an endpoint was measured")
    figure, axes = figures.grid(panels, len(groups), panel_size=(5.6, 4.4), sharey=False)
    for run, rows in enumerate(groups):
        for panel, (screen, action) in enumerate(_panels(rows)):
            axis = axes[run][panel]
            for index, setting in enumerate(_ordered(rows, "setting")):
                for measured, style in ((action, None), ("floor", "floor")):
                    points = sorted((r for r in rows if r["setting"] == setting and r["screen"] == screen
                                     and r["action"] == measured and not math.isnan(r["main_busy_ms"])),
                                    key=lambda r: r["payload_size"])
                    if not points or (style == "floor" and index > 0):
                        continue
                    main = points[-1]["payload_work_on"] == "main-actor"
                    axis.errorbar(
                        [r["payload_size"] for r in points],
                        [r["main_busy_ms"] for r in points],
                        yerr=[[r["main_busy_ms"] - r["main_busy_ms_low"] for r in points],
                              [r["main_busy_ms_high"] - r["main_busy_ms"] for r in points]],
                        marker="o" if main else "s", markersize=4, capsize=2,
                        linestyle="--" if style else "-" if main else ":",
                        linewidth=1 if style else 2 if main else 1.2,
                        color="black" if style else f"C{index}",
                        label="floor (an empty action)" if style else
                        setting + (" (payload work on the main actor)" if main else ""),
                    )
            sizes = sorted({r["payload_size"] for r in rows if r["screen"] == screen})
            figures.log_scale(axis, "x")
            axis.set_xticks(sizes, [f"{s:,.0f}" for s in sizes])
            axis.set_xlabel("items per answer")
            axis.set_ylabel("main actor busy (ms, median; bars: middle 80 %)")
            axis.set_title(f"{screen}: {action}", fontsize=10)
            axis.grid(alpha=0.3)
    figures.finish(figure, "screen-settings: what each action costs the main actor, by payload and setting",
                   groups, axes, legend=True)
    return Chart(name, figure)


def _panels(rows):
    """(screen, action) of every action that called an endpoint, in the table's order."""
    panels = []
    for r in rows:
        key = (r["screen"], r["action"])
        if r["action"] != "floor" and r["calls"] > 0 and key not in panels:
            panels.append(key)
    return panels
