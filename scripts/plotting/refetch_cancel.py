"""Charts of the refetch-cancel suite (Results/refetch-cancel.csv).

- refetch-cancel-outcomes: for each variant, how many trials ended in each
  outcome (latest-only, duplicate, stale-flash, lost, stale-final,
  spurious-error, wrong-profile), forbidden outcomes in red and labelled
  FORBIDDEN.

The table has one row per variant and outcome: the trials counted, their
frequency, the grade the contract gives the outcome, the mode (stress or
systematic) and the seed.
"""
import math

from . import figures
from .chart import Chart, Skipped
from .tables import ENV_COLUMNS, Schema

SUITE = "refetch-cancel"
SUMMARY = Schema(
    suite=SUITE,
    table=SUITE,
    columns=("variant", "mode", "seed", "outcome", "count", "frequency", "grade", *ENV_COLUMNS),
    numbers=frozenset({"count", "frequency"}),
)
SCHEMAS = (SUMMARY,)
CHARTS = ("refetch-cancel-outcomes",)

OUTCOMES = ("latest-only", "duplicate", "stale-flash", "lost", "stale-final", "spurious-error", "wrong-profile")
GRADE_COLORS = {"acceptable": "#2ca02c", "interesting": "#ff7f0e", "forbidden": "#c0392b"}


def draw(tables):
    """Every chart of the suite from the loaded tables ({schema table name: [Table]})."""
    rows = [row for table in tables.get(SUMMARY.table, []) for row in table.rows]
    if not rows:
        return [Skipped(name, f"no {SUMMARY.table}.csv among the inputs") for name in CHARTS]
    return [_outcomes(figures.by_source(rows))]


def _outcomes(groups):
    variants_of = []
    for rows in groups:
        variants = {}
        for r in rows:
            variants.setdefault((r["variant"], r["mode"], r["seed"]), []).append(r)
        variants_of.append(variants)
    panels = max(len(variants) for variants in variants_of)
    figure, axes = figures.grid(panels, len(groups), panel_size=(6.4, 2.6), sharey=False)
    if len(groups) == 1 and panels > 2:
        # One run with many variants: stack them, two per row, instead of one long line.
        import matplotlib.pyplot as plt

        plt.close(figure)
        columns = 2
        lines = math.ceil(panels / columns)
        figure, grid = plt.subplots(lines, columns, figsize=(13, 2.7 * lines + 1.4), squeeze=False)
        flat = [grid[i // columns][i % columns] for i in range(lines * columns)]
        for axis in flat[panels:]:
            axis.set_visible(False)
        axes = [flat[:panels]]
    for run, variants in enumerate(variants_of):
        for panel, ((variant, mode, seed), rows) in enumerate(variants.items()):
            _panel(axes[run][panel], variant, mode, seed, rows)
        for axis in axes[run][len(variants):]:
            axis.set_visible(False)
    for grade, colour in GRADE_COLORS.items():
        axes[0][0].bar([0], [0], color=colour, label=grade, hatch="//" if grade == "forbidden" else None)
    figures.finish(
        figure,
        "refetch-cancel: what the user saw after tapping refresh again (trials per outcome)",
        groups,
        axes,
        legend=True,
    )
    return Chart("refetch-cancel-outcomes", figure)


def _panel(axis, variant, mode, seed, rows):
    by_outcome = {r["outcome"]: r for r in rows}
    names = [o for o in OUTCOMES if o in by_outcome] + sorted(set(by_outcome) - set(OUTCOMES))
    total = sum(r["count"] for r in rows) or 1
    peak = max((r["count"] for r in rows), default=0) or 1
    for y, outcome in enumerate(names):
        r = by_outcome[outcome]
        forbidden = r["grade"] == "forbidden"
        axis.barh(
            y,
            r["count"],
            color=GRADE_COLORS.get(r["grade"], "#7f7f7f"),
            hatch="//" if forbidden else None,
            edgecolor="white" if forbidden else None,
            height=0.7,
        )
        label = f" {r['count']:g} ({share_label(r['count'], total)})"
        if forbidden and r["count"] > 0:
            label += "  FORBIDDEN"
        axis.text(
            r["count"],
            y,
            label,
            va="center",
            fontsize=8,
            color="#c0392b" if forbidden and r["count"] > 0 else "black",
            fontweight="bold" if forbidden and r["count"] > 0 else "normal",
        )
    forbidden_names = {o for o in names if by_outcome[o]["grade"] == "forbidden"}
    axis.set_yticks(range(len(names)), [f"{o} ✗" if o in forbidden_names else o for o in names], fontsize=8)
    for tick, outcome in zip(axis.get_yticklabels(), names):
        if outcome in forbidden_names:
            tick.set_color("#c0392b")
    axis.invert_yaxis()
    axis.set_xlim(0, peak * 1.45)
    axis.set_xlabel(f"trials (of {total:g})")
    seen = sum(by_outcome[o]["count"] for o in names if by_outcome[o]["grade"] == "forbidden")
    verdict = f"{seen:g} forbidden" if seen else "no forbidden outcome"
    axis.set_title(f"{variant}\n{mode}, seed {seed}: {verdict}", fontsize=9, color="#c0392b" if seen else "black")
    axis.grid(axis="x", alpha=0.3)


def share_label(count, total):
    """A count's share of the trials, never rounded to zero: 4 of 100,000 is "<0.1 %"."""
    share = 100 * count / total if total else 0.0
    if 0 < share < 0.05:
        return "<0.1 %"
    return f"{share:.1f} %"
