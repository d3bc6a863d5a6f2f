"""Charts of the checker-power suite (Results/checker-power.csv).

- checker-power-found: one heat table: a row per fixture (the flawed ones,
  then the correct counterparts, in the order of the CSV), a column per
  exploration strategy (in the order the suite writes them), each cell the
  runs that found a forbidden outcome out of the runs made and, below, the
  median orderings before the first finding. On a flawed fixture a cell is
  green, deeper the larger the share of runs that found the flaw, and grey
  when none did; on a correct fixture any finding is a false alarm and red.
  Several runs are tables side by side, rows aligned.
"""
from . import figures
from .chart import Chart, Skipped
from .tables import ENV_COLUMNS, Schema

SUITE = "checker-power"
# The counts and times of a row, after its fixture, kind, flawed, actions and strategy.
COUNTS = (
    "runs",
    "orderings_per_run",
    "found_runs",
    "found_share",
    "orderings_to_first_median",
    "orderings_to_first_max",
    "seconds_to_first_median",
    "seconds_median",
)
SUMMARY = Schema(
    suite=SUITE,
    table=SUITE,
    columns=("fixture", "kind", "flawed", "actions", "strategy", *COUNTS, *ENV_COLUMNS),
    numbers=frozenset({"actions", *COUNTS}),
)
SCHEMAS = (SUMMARY,)
CHARTS = ("checker-power-found",)

FOUND = (0.17, 0.55, 0.24)
FALSE_ALARM = (0.75, 0.22, 0.17)
MISSED = "#e3e3e3"
QUIET = "#eef6ee"


def draw(tables):
    """Every chart of the suite from the loaded tables ({schema table name: [Table]})."""
    rows = [row for table in tables.get(SUMMARY.table, []) for row in table.rows]
    if not rows:
        return [Skipped(name, f"no {SUMMARY.table}.csv among the inputs") for name in CHARTS]
    return [heat_table(figures.by_source(rows))]


def layout(groups):
    """The rows (fixtures, flawed first, each in first appearance) and columns (strategies, first appearance)."""
    fixtures, strategies = {}, {}
    for rows in groups:
        for r in rows:
            fixtures.setdefault((r["flawed"] != "true", r["fixture"]), None)
            strategies.setdefault(r["strategy"], None)
    return [name for _, name in sorted(fixtures, key=lambda key: key[0])], list(strategies)


def cell(row):
    """A cell's kind (found, missed, false-alarm, quiet), colour, text and text colour."""
    share = row["found_share"]
    if row["flawed"] != "true":
        if row["found_runs"] > 0:
            return "false-alarm", FALSE_ALARM, f"{row['found_runs']:.0f}/{row['runs']:.0f}\nfalse alarm", "white"
        return "quiet", QUIET, f"0/{row['runs']:.0f}", "#4d4d4d"
    if row["found_runs"] == 0:
        return "missed", MISSED, f"0/{row['runs']:.0f}", "#8c8c8c"
    depth = 0.3 + 0.7 * min(share, 1.0)
    colour = tuple(1 - depth * (1 - channel) for channel in FOUND)
    text = f"{row['found_runs']:.0f}/{row['runs']:.0f}\n{row['orderings_to_first_median']:,.0f} ord."
    return "found", colour, text, "white" if depth > 0.65 else "black"


def heat_table(groups):
    """The checker-power-found chart: one heat table per run, side by side."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    fixtures, strategies = layout(groups)
    label_width, column_width, row_height = 3.4, 1.1, 0.42
    width = label_width + column_width * len(strategies) * len(groups) + 0.3 * len(groups)
    height = row_height * len(fixtures) + 1.6 + (0.2 * len(groups) if len(groups) > 1 else 0)
    figure, axes = plt.subplots(1, len(groups), figsize=(width, height), squeeze=False, sharey=True)
    for run, rows in enumerate(groups):
        axis = axes[0][run]
        cells = {(r["fixture"], r["strategy"]): r for r in rows}
        for y, fixture in enumerate(fixtures):
            for x, strategy in enumerate(strategies):
                r = cells.get((fixture, strategy))
                if r is None:
                    kind, face, text, colour = "none", "#f7f7f7", "–", "#999999"
                else:
                    kind, face, text, colour = cell(r)
                axis.add_patch(
                    Rectangle(
                        (x, y), 1, 1, facecolor=face, edgecolor="white", linewidth=1.5, gid=f"cell:{kind}:{strategy}"
                    )
                )
                axis.text(x + 0.5, y + 0.5, text, ha="center", va="center", fontsize=7.5, color=colour, linespacing=1.1)
        axis.set_xlim(0, len(strategies))
        axis.set_ylim(len(fixtures), 0)
        axis.xaxis.tick_top()
        axis.set_xticks([x + 0.5 for x in range(len(strategies))], strategies, fontsize=7.5)
        axis.tick_params(length=0)
        for spine in axis.spines.values():
            spine.set_visible(False)
        if run == 0:
            flawed = {r["fixture"]: r["flawed"] == "true" for rows in groups for r in rows}
            actions = {r["fixture"]: r["actions"] for rows in groups for r in rows}
            labels = [
                f"{name}{'' if flawed[name] else ' (correct)'} · {actions[name]:.0f} actions" for name in fixtures
            ]
            axis.set_yticks([y + 0.5 for y in range(len(fixtures))], labels, fontsize=8)
    axes[0][0].add_patch(Rectangle((0, 0), 0, 0, facecolor=FOUND, label="flaw found (deeper: more seeds)"))
    axes[0][0].add_patch(Rectangle((0, 0), 0, 0, facecolor=MISSED, label="flaw missed"))
    axes[0][0].add_patch(Rectangle((0, 0), 0, 0, facecolor=FALSE_ALARM, label="false alarm"))
    figures.finish(
        figure,
        "checker-power: runs finding something forbidden / runs, median orderings to the first",
        groups,
        [[axes[0][run]] for run in range(len(groups))],
        legend=True,
    )
    return Chart("checker-power-found", figure)
