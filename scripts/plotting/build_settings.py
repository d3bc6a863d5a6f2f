"""Charts of the build-settings suite (Results/build-settings.csv).

- build-settings-main-gap: the payload sweep: the main actor's longest gap
  (a 1 ms heartbeat) against the posts per response (10, 100, 1,000), while
  one load and while four loads run, a line per setting (solid where the
  setting decodes on the main actor), medians with the rounds' min–max as
  error bars; dashed lines at one 60 Hz and one 120 Hz frame.
- build-settings-frames: frames a 60 Hz and a 120 Hz main-actor frame loop
  missed, per setting and payload, one load and four at once, as a table
  whose cells are red where a frame was missed (median of the rounds).
- build-settings-speedup (largest payload): `async let` over sequential fetches, and the
  throughput of four loads at once, per setting, medians with min–max.
- build-settings-placements (largest payload): where each stage ran under each setting, as a
  table: main actor in red, an actor in orange, the global executor in green;
  settings that do not build say so, with their error count.
- build-settings-hop: the hop from the scene's interactor to its presenter,
  one way and round trip, beside the same-run floor (two threads waking each
  other), per setting, medians of the rounds' medians with their range.
- build-settings-refetch: the refetch checker's stress outcomes of each
  setting's scene behind the guides' view: the share of trials with a stale
  flash (both cancellation styles) and with a cancellation shown as an
  error (URLError), with the rounds' lowest and highest share.

The table has one row per setting, payload (`posts`, empty for measures
that do not depend on it) and measure: the median (`value`), the rounds'
`min` and `max`, the rounds or probes counted (`n`), and a `detail` (a
placement, or the kinds of diagnostics).
"""
import math
import textwrap

from . import figures
from .chart import Chart, Skipped
from .tables import ENV_COLUMNS, Schema

SUITE = "build-settings"
SUMMARY = Schema(
    suite=SUITE,
    table=SUITE,
    columns=("setting", "title", "flags", "posts", "measure", "value", "unit", "min", "max", "n", "detail", *ENV_COLUMNS),
    numbers=frozenset({"posts", "value", "min", "max", "n"}),
)
SCHEMAS = (SUMMARY,)
CHARTS = (
    "build-settings-main-gap",
    "build-settings-frames",
    "build-settings-speedup",
    "build-settings-placements",
    "build-settings-hop",
    "build-settings-refetch",
)

STAGES = (
    ("placement_network-wait", "worker: network wait"),
    ("placement_decoding", "worker: decoding (async let)"),
    ("placement_decoding_awaited_from_actor", "worker: decoding, awaited from an actor"),
    ("placement_bookkeeping", "interactor: bookkeeping"),
    ("placement_formatting", "presenter: formatting"),
)
PLACEMENT_COLORS = {"main actor": "#f5b7b1", "global executor": "#abebc6"}


def draw(tables):
    """Every chart of the suite from the loaded tables ({schema table name: [Table]})."""
    rows = [row for table in tables.get(SUMMARY.table, []) for row in table.rows]
    if not rows:
        return [Skipped(name, f"no {SUMMARY.table}.csv among the inputs") for name in CHARTS]
    groups = figures.by_source(rows)
    return [
        _sweep(groups),
        _frames(groups),
        _bars(groups, "build-settings-speedup", (("async_let_speedup", "async let ÷ sequential (×)"),),
              "speedup (×, median; bars: min–max)", "async let over sequential user + posts, by setting",
              second=((("throughput_loads_per_s", "4 loads at once, each its own scene"),), "throughput (loads/s, median)")),
        _placements(groups),
        _bars(groups, "build-settings-hop", (("hop_one_way_ns", "hop, one way"), ("floor_one_way_ns", "floor, one way")),
              "ns (median of the rounds; bars: lowest–highest round)",
              "interactor → @MainActor presenter hop beside the floor, by setting",
              second=((("hop_round_trip_ns", "hop, round trip"), ("floor_round_trip_ns", "floor, round trip")),
                      "ns, round trip")),
        _bars(groups, "build-settings-refetch",
              (("refetch_cancellation-error_stale-flash", "stale flash (CancellationError)"),
               ("refetch_url-session_stale-flash", "stale flash (URLError)"),
               ("refetch_url-session_spurious-error", "cancellation shown as error (URLError)")),
              "share of trials (bars: lowest–highest round)",
              "the refetch checker on each setting's scene, behind the guides' view"),
    ]


def _settings(rows):
    order = []
    for r in rows:
        if r["setting"] not in order:
            order.append(r["setting"])
    return order


def _value(rows, setting, measure, posts=None):
    """The setting's row of a measure: at `posts`, or else at the largest payload measured."""
    found = [r for r in rows if r["setting"] == setting and r["measure"] == measure]
    if posts is not None:
        found = [r for r in found if r["posts"] == posts]
    return max(found, key=lambda r: -1 if math.isnan(r["posts"]) else r["posts"], default=None)


def _payloads(rows):
    return sorted({r["posts"] for r in rows if not math.isnan(r["posts"])})


def _on_main_actor(rows, setting):
    row = _value(rows, setting, "placement_decoding")
    return row is not None and row["detail"].startswith("main actor")


def _sweep(groups):
    """build-settings-main-gap: the main actor's longest gap against the payload, a line per setting."""
    name = "build-settings-main-gap"
    # Not on one y scale: four loads' gaps (up to tens of ms) would flatten one load's.
    panels = (("main_gap_one_load_ms", "1 load"), ("main_gap_n_loads_ms", "4 loads at once"))
    figure, axes = figures.grid(len(panels), len(groups), panel_size=(4.9, 4.4), sharey=False)
    drawn = False
    for run, rows in enumerate(groups):
        payloads = _payloads(rows)
        for panel, (measure, title) in enumerate(panels):
            axis = axes[run][panel]
            for index, setting in enumerate(_settings(rows)):
                points = [_value(rows, setting, measure, posts) for posts in payloads]
                points = [r for r in points if r is not None and not math.isnan(r["value"])]
                if not points:
                    continue
                drawn = True
                main = _on_main_actor(rows, setting)
                axis.errorbar(
                    [r["posts"] for r in points],
                    [r["value"] for r in points],
                    yerr=[[r["value"] - r["min"] for r in points], [r["max"] - r["value"] for r in points]],
                    marker="o" if main else "s",
                    markersize=4,
                    linestyle="-" if main else ":",
                    linewidth=2 if main else 1.2,
                    capsize=2,
                    color=f"C{index}",
                    label=setting + (" (decodes on the main actor)" if main else ""),
                )
            for hertz, style in ((60, "--"), (120, "-.")):
                axis.axhline(1000 / hertz, color="#c0392b", linestyle=style, linewidth=1,
                             label=f"one {hertz} Hz frame ({1000 / hertz:.2f} ms)")
            figures.log_scale(axis, "x")
            axis.set_xticks(payloads, [f"{p:,.0f}" for p in payloads])
            axis.set_xlabel("posts per response")
            axis.set_ylabel("longest main-actor gap (ms, median; bars: min–max)")
            axis.set_title(title, fontsize=10)
            axis.grid(alpha=0.3)
    if not drawn:
        return Skipped(name, "no measured settings")
    figures.finish(figure, "build-settings: the main actor's longest gap by payload and setting", groups, axes,
                   legend=True)
    return Chart(name, figure)


def _frames(groups):
    """build-settings-frames: frames missed per setting and payload, as a table, missed frames in red."""
    name = "build-settings-frames"
    import matplotlib.pyplot as plt

    sizes = [len(_payloads(rows)) for rows in groups]
    if not any(sizes):
        return Skipped(name, "no payload rows (a build-settings.csv from before the payload sweep?)")
    settings_count = max(len(_settings(rows)) for rows in groups)
    width = max(8.0, 2.8 + 1.1 * 2 * max(sizes))
    figure, axes = figures.grid(1, len(groups), panel_size=(width, 0.3 * settings_count + 0.5), sharey=False)
    for run, rows in enumerate(groups):
        axis = axes[run][0]
        axis.axis("off")
        payloads = _payloads(rows)
        settings = _settings(rows)
        columns = [(posts, load) for load in ("one_load", "n_loads") for posts in payloads]
        cells, colours = [], []
        for setting in settings:
            line, tint = [], []
            for posts, load in columns:
                missed = [_value(rows, setting, f"frames_missed_{hertz}hz_{load}", posts) for hertz in (60, 120)]
                if any(r is None or math.isnan(r["value"]) for r in missed):
                    line.append("–")
                    tint.append("#eeeeee")
                    continue
                line.append(" / ".join(f"{r['value']:g}" for r in missed))
                tint.append("#f1948a" if missed[0]["value"] > 0 else "#f9d5d0" if missed[1]["value"] > 0 else "#d5f5e3")
            cells.append(line)
            colours.append(tint)
        labels = [f"{'1 load' if load == 'one_load' else '4 loads'}\n{posts:,.0f} posts" for posts, load in columns]
        names = [f"{setting} (main actor)" if _on_main_actor(rows, setting) else setting for setting in settings]
        table = axis.table(cellText=cells, cellColours=colours, rowLabels=names, colLabels=labels, loc="center",
                           cellLoc="center")
        _style_table(table, fontsize=9, header_height=1.6)
    figures.finish(
        figure,
        "build-settings: frames missed at 60 / 120 Hz while the scene loads, by payload (median of the rounds; "
        "red: a 60 Hz frame missed, pink: a 120 Hz frame; (main actor): the setting decodes there)",
        groups,
        axes,
    )
    plt.setp(figure.axes, frame_on=False)
    return Chart(name, figure)


def _bars(groups, name, series, ylabel, title, frame=False, second=None):
    panels = 2 if second else 1
    figure, axes = figures.grid(panels, len(groups), panel_size=(9.0, 4.4), sharey=False)
    drawn = False
    for run, rows in enumerate(groups):
        settings = _settings(rows)
        specs = [(series, ylabel)] + ([(second[0], second[1])] if second else [])
        for panel, (measures, label) in enumerate(specs):
            axis = axes[run][panel]
            width = 0.8 / len(measures)
            for index, (measure, legend) in enumerate(measures):
                xs, ys, low, high = [], [], [], []
                for position, setting in enumerate(settings):
                    row = _value(rows, setting, measure)
                    if row is None or math.isnan(row["value"]):
                        continue
                    xs.append(position + (index - (len(measures) - 1) / 2) * width)
                    ys.append(row["value"])
                    low.append(row["value"] - row["min"] if not math.isnan(row["min"]) else 0)
                    high.append(row["max"] - row["value"] if not math.isnan(row["max"]) else 0)
                if xs:
                    drawn = True
                    axis.bar(xs, ys, width, yerr=[low, high], capsize=3, label=legend, alpha=0.85)
            if frame and panel == 0:
                axis.axhline(1000 / 60, color="#c0392b", linestyle="--", linewidth=1, label="one 60 Hz frame")
            axis.set_xticks(range(len(settings)), settings, rotation=30, ha="right", fontsize=9.5)
            axis.set_ylabel(label)
            axis.grid(axis="y", alpha=0.3)
            for position, setting in enumerate(settings):
                built = _value(rows, setting, "builds")
                if built is not None and built["value"] == 0:
                    axis.text(position, 0, "does not build", rotation=90, ha="center", va="bottom", fontsize=7)
    if not drawn:
        return Skipped(name, "no measured settings")
    figures.finish(figure, f"build-settings: {title}", groups, axes, legend=True)
    return Chart(name, figure)


def _placements(groups):
    name = "build-settings-placements"
    import matplotlib.pyplot as plt

    figure, axes = figures.grid(1, len(groups), panel_size=(10.0, 3.6), sharey=False)
    for run, rows in enumerate(groups):
        axis = axes[run][0]
        axis.axis("off")
        settings = _settings(rows)
        cells, colours = [], []
        for setting in settings:
            line, colour_line = [], []
            built = _value(rows, setting, "builds")
            errors = _value(rows, setting, "errors")
            for measure, _ in STAGES:
                row = _value(rows, setting, measure)
                if built is not None and built["value"] == 0:
                    text = f"does not build ({int(errors['value']) if errors else '?'} errors)"
                else:
                    text = row["detail"] if row else ""
                line.append(text)
                colour_line.append(_colour(text))
            cells.append(line)
            colours.append(colour_line)
        table = axis.table(
            cellText=cells,
            cellColours=colours,
            rowLabels=settings,
            # Labels on two or three lines ("worker:" / "decoding (async let)"): five columns fit 10 in.
            colLabels=[textwrap.fill(label, 22) for _, label in STAGES],
            loc="center",
            cellLoc="center",
        )
        _style_table(table, fontsize=8.5, header_height=2.2)
    figures.finish(figure, "build-settings: where each stage of one load ran, by setting", groups, axes)
    plt.setp(figure.axes, frame_on=False)
    return Chart(name, figure)


def _colour(text):
    if text in PLACEMENT_COLORS:
        return PLACEMENT_COLORS[text]
    if text.startswith("actor "):
        return "#fad7a0"
    return "#eeeeee"


def _style_table(table, fontsize, header_height):
    """A chart's table at a fixed font size, its rows 1.6 times their height
    and its header row `header_height` times that, for two-line labels."""
    table.auto_set_font_size(False)
    table.set_fontsize(fontsize)
    table.scale(1, 1.6)
    for (line, _), cell in table.get_celld().items():
        if line == 0:
            cell.set_height(cell.get_height() * header_height)
