"""Charts of the refetch-cancel suite (Results/refetch-cancel.csv).

- refetch-cancel-outcomes: one heat table: a row per scene variant and mode
  (the order of the CSV), a column per outcome, in the order the suite
  writes them (latest-only, duplicate, stale-flash, lost, stale-final,
  spurious-error, wrong-profile, then those of the screens' contracts), each
  cell the share and count of the
  row's trials. A cell's colour is its grade from the CSV's `grade` column:
  forbidden red, interesting orange, acceptable green, deeper the larger the
  share; a forbidden cell that was seen is in bold and its row label red.
  Several runs are tables side by side, rows aligned.

The table has one row per variant and outcome: the trials counted, their
frequency, the grade the contract gives the outcome, the mode (stress or
systematic) and the seed.
"""
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

# The colour of a grade at full share; a cell's colour is mixed from white by its share.
GRADE_COLORS = {"acceptable": (0.17, 0.63, 0.17), "interesting": (1.0, 0.5, 0.05), "forbidden": (0.75, 0.22, 0.17)}
UNGRADED = (0.5, 0.5, 0.5)
FORBIDDEN_TEXT = "#7b1a12"
# How pale a cell of a share of 0 is, and how deep a cell of any share above 0 at least is.
ZERO_TINT, SEEN_TINT = 0.12, 0.35


def draw(tables):
    """Every chart of the suite from the loaded tables ({schema table name: [Table]})."""
    rows = [row for table in tables.get(SUMMARY.table, []) for row in table.rows]
    if not rows:
        return [Skipped(name, f"no {SUMMARY.table}.csv among the inputs") for name in CHARTS]
    return [heat_table(figures.by_source(rows))]


def cell_color(grade, share):
    """A cell's face colour: its grade's colour mixed from white by its share (0 to 1).

    A share of 0 is a pale tint of the grade, so that a forbidden outcome
    that was never seen still reads as forbidden; any share above 0 is at
    least SEEN_TINT deep, so that a rare outcome is never lost in white.
    """
    base = GRADE_COLORS.get(grade, UNGRADED)
    depth = ZERO_TINT if share <= 0 else SEEN_TINT + (1 - SEEN_TINT) * min(share, 1.0)
    return tuple(1 - depth * (1 - channel) for channel in base) + (1.0,)


def layout(groups):
    """The heat table's rows ((variant, mode, seed), first appearance over all runs) and columns (outcomes).

    The columns keep the order the suite writes each variant's outcomes in
    (its table order): the variants' orders merged, each outcome after every
    outcome some variant lists before it, ties by first appearance. No list
    of outcomes is kept here, so an outcome the checker adds has its place.
    """
    keys, first_seen, before = {}, {}, {}
    for rows in groups:
        sequences = {}
        for r in rows:
            key = (r["variant"], r["mode"], r["seed"])
            keys.setdefault(key, None)
            first_seen.setdefault(r["outcome"], len(first_seen))
            sequences.setdefault(key, []).append(r["outcome"])
        for sequence in sequences.values():
            for index, outcome in enumerate(sequence):
                before.setdefault(outcome, set()).update(sequence[:index])
    columns, placed = [], set()
    while len(columns) < len(first_seen):
        ready = [o for o in first_seen if o not in placed and before.get(o, set()) - {o} <= placed]
        # Orders that disagree (two runs of different versions) fall back to first appearance.
        chosen = min(ready or [o for o in first_seen if o not in placed], key=first_seen.get)
        columns.append(chosen)
        placed.add(chosen)
    return list(keys), columns


def heat_table(groups):
    """The refetch-cancel-outcomes chart: one heat table per run, side by side."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    keys, columns = layout(groups)
    label_width, column_width, row_height = 3.6, 0.78, 0.34
    width = label_width + column_width * len(columns) * len(groups) + 0.3 * (len(groups) - 1) + 0.3
    header_lines = 3 if len(groups) == 1 else 3 + len(groups)
    height = row_height * len(keys) + 1.3 + 0.2 * header_lines
    figure, axes = plt.subplots(1, len(groups), figsize=(width, height), squeeze=False, sharey=True)
    run_axes = [[axes[0][run]] for run in range(len(groups))]
    for run, rows in enumerate(groups):
        axis = axes[0][run]
        cells = {(r["variant"], r["mode"], r["seed"], r["outcome"]): r for r in rows}
        totals = {}
        for r in rows:
            key = (r["variant"], r["mode"], r["seed"])
            totals[key] = totals.get(key, 0) + r["count"]
        seen_forbidden = set()
        for y, key in enumerate(keys):
            for x, outcome in enumerate(columns):
                r = cells.get((*key, outcome))
                if r is None:
                    axis.add_patch(Rectangle((x, y), 1, 1, facecolor="#f2f2f2", edgecolor="white", gid="cell:none"))
                    axis.text(x + 0.5, y + 0.5, "–", ha="center", va="center", fontsize=8, color="#999999")
                    continue
                total = totals[key]
                share = r["count"] / total if total else 0.0
                forbidden = r["grade"] == "forbidden"
                seen = forbidden and r["count"] > 0
                if seen:
                    seen_forbidden.add(key)
                axis.add_patch(
                    Rectangle(
                        (x, y), 1, 1, facecolor=cell_color(r["grade"], share), edgecolor="white", linewidth=1.5,
                        gid=f"cell:{r['grade']}:{outcome}",
                    )
                )
                if r["count"] == 0:
                    text, colour = "0", "#8c8c8c"
                else:
                    text = f"{share_label(r['count'], total)}\n{r['count']:,.0f}"
                    colour = "white" if share > 0.55 else (FORBIDDEN_TEXT if forbidden else "black")
                axis.text(
                    x + 0.5, y + 0.5, text, ha="center", va="center", fontsize=8, color=colour,
                    fontweight="bold" if seen else "normal", linespacing=1.1,
                )
        axis.set_xlim(0, len(columns))
        axis.set_ylim(len(keys), 0)
        axis.xaxis.tick_top()
        # Two lines ("stale-" / "flash"), level: a column is narrower than "spurious-error" at a readable size.
        names = [outcome.replace("-", "-\n", 1) for outcome in columns]
        axis.set_xticks([x + 0.5 for x in range(len(columns))], names, fontsize=8.5, linespacing=1.0)
        grades = {r["outcome"]: r["grade"] for r in rows}
        for tick, outcome in zip(axis.get_xticklabels(), columns):
            if grades.get(outcome) == "forbidden":
                tick.set_color(FORBIDDEN_TEXT)
        axis.tick_params(length=0)
        for spine in axis.spines.values():
            spine.set_visible(False)
        if run == 0:
            labels = [f"{variant} · {mode} ({sum_label(totals.get((variant, mode, seed)))})"
                      for variant, mode, seed in keys]
            axis.set_yticks([y + 0.5 for y in range(len(keys))], labels, fontsize=8)
            for tick, key in zip(axis.get_yticklabels(), keys):
                if key in seen_forbidden:
                    tick.set_color(FORBIDDEN_TEXT)
                    tick.set_fontweight("bold")
        if len(groups) > 1:
            axis.set_title("", fontsize=9)
    for grade in ("acceptable", "interesting", "forbidden"):
        axes[0][0].add_patch(Rectangle((0, 0), 0, 0, facecolor=cell_color(grade, 0.6), label=grade))
    figures.finish(
        figure,
        "refetch-cancel: what the user saw after a second tap; share and count of trials (red: forbidden)",
        groups,
        run_axes,
        legend=True,
    )
    return Chart("refetch-cancel-outcomes", figure)


def sum_label(total):
    """A row's trial count for its label, or "not run" when the run has no such row."""
    return "not run" if total is None else f"{total:,.0f} trials"


def share_label(count, total):
    """A count's share of the trials, never rounded to zero: 4 of 100,000 is "<0.1 %"."""
    share = 100 * count / total if total else 0.0
    if 0 < share < 0.05:
        return "<0.1 %"
    return f"{share:.1f} %"
