"""Tests of scripts/plot.py: golden CSV files in, the expected charts out, and
one-line errors for files it cannot plot."""
import csv
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

import plot
from plotting import registry

SCRIPTS = pathlib.Path(__file__).resolve().parents[1]
GOLDEN = pathlib.Path(__file__).resolve().parent / "golden"
ALL_CHARTS = [name for module in registry.SUITES for name in module.CHARTS]


@pytest.fixture
def results(tmp_path):
    """A copy of the golden results folder."""
    folder = tmp_path / "Results"
    shutil.copytree(GOLDEN, folder)
    return folder


def keep_only(folder, *names):
    """Leaves only the named CSV files in `folder`, so that a test about one
    suite's charts draws only that suite's (drawing every chart takes seconds)."""
    for path in folder.glob("*.csv"):
        if path.name not in names:
            path.unlink()


def rewrite(path, change):
    """Rewrites a CSV file: `change(header, rows)` returns the new header and rows."""
    with open(path, newline="", encoding="utf-8") as handle:
        header, *rows = list(csv.reader(handle))
    header, rows = change(header, rows)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle, lineterminator="\n").writerows([header, *rows])


def drop_column(name):
    def change(header, rows):
        index = header.index(name)
        return header[:index] + header[index + 1 :], [row[:index] + row[index + 1 :] for row in rows]

    return change


def test_every_chart_of_every_suite_is_written_as_png_and_svg(results, tmp_path, capsys):
    output = tmp_path / "plots"
    assert plot.main([str(results), "--output", str(output), "--strict"]) == 0
    for name in ALL_CHARTS:
        png = output / f"{name}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
        assert (output / f"{name}.svg").stat().st_size > 1000, name
    assert sorted(path.name for path in output.iterdir()) == sorted(
        f"{name}.{extension}" for name in ALL_CHARTS for extension in ("png", "svg")
    )


def test_without_arguments_it_reads_results_and_writes_results_plots(results, monkeypatch):
    keep_only(results, "parallel-fetch.csv")
    monkeypatch.chdir(results.parent)
    assert plot.main([]) == 0
    assert (results / "plots" / "parallel-fetch-speedup.png").is_file()


def test_without_arguments_it_plots_the_latest_run_where_bench_wrote_one(results, tmp_path, monkeypatch):
    keep_only(results, "parallel-fetch.csv")
    latest = tmp_path / "package" / ".build" / "bench-results"
    latest.parent.mkdir(parents=True)
    results.rename(latest)
    monkeypatch.chdir(tmp_path / "package")
    assert plot.main([]) == 0
    assert (latest / "plots" / "parallel-fetch-speedup.png").is_file()
    assert not (tmp_path / "package" / "Results").exists()


def test_one_folder_plots_into_its_own_plots_folder(results):
    keep_only(results, "refetch-cancel.csv")
    assert plot.main([str(results)]) == 0
    assert (results / "plots" / "refetch-cancel-outcomes.png").is_file()


def test_titles_name_the_machine_and_build(results, tmp_path):
    keep_only(results, "parallel-fetch.csv")
    plot.main([str(results), "--output", str(tmp_path)])
    svg = (tmp_path / "parallel-fetch-speedup.svg").read_text()
    assert "AMD EPYC (2 CPUs)" in svg
    assert "Swift 6.3.1 release" in svg
    assert "NOT COMPARABLE" not in svg


def test_debug_rows_are_stamped_not_comparable(results, tmp_path):
    keep_only(results, "parallel-fetch.csv", "presenter-hop.csv")
    def debug(header, rows):
        build, comparable = header.index("env_build"), header.index("comparable")
        for row in rows:
            row[build], row[comparable] = "debug", "false"
        return header, rows

    rewrite(results / "parallel-fetch.csv", debug)
    plot.main([str(results), "--output", str(tmp_path)])
    svg = (tmp_path / "parallel-fetch-speedup.svg").read_text()
    assert "NOT COMPARABLE" in svg
    assert "debug build" in svg
    assert "NOT COMPARABLE" not in (tmp_path / "presenter-hop-floor.svg").read_text()


def test_without_samples_the_overhead_comes_from_the_percentiles(results, tmp_path):
    keep_only(results, "parallel-fetch.csv", "parallel-fetch-samples.csv")
    (results / "parallel-fetch-samples.csv").unlink()
    assert plot.main([str(results), "--output", str(tmp_path)]) == 0
    assert "from the summary percentiles" in (tmp_path / "parallel-fetch-overhead.svg").read_text()


def test_two_runs_are_drawn_side_by_side(results, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(results / "parallel-fetch.csv", other / "parallel-fetch.csv")

    def another_machine(header, rows):
        host = header.index("env_host")
        for row in rows:
            row[host] = "laptop"
        return header, rows

    rewrite(other / "parallel-fetch.csv", another_machine)
    output = tmp_path / "plots"
    assert plot.main([str(results / "parallel-fetch.csv"), str(other), "--output", str(output)]) == 0
    svg = (output / "parallel-fetch-speedup.svg").read_text()
    assert "2 runs side by side" in svg
    assert "laptop" in svg


@pytest.mark.parametrize(
    ("file", "change", "message"),
    [
        (
            "parallel-fetch.csv",
            drop_column("speedup_ci_low"),
            "parallel-fetch.csv: missing column 'speedup_ci_low' of the parallel-fetch table "
            "(an older or different schema? rerun bench to rewrite it)",
        ),
        (
            "presenter-hop.csv",
            lambda header, rows: (header + ["colour"], [row + ["red"] for row in rows]),
            "presenter-hop.csv: unexpected column 'colour', not in the presenter-hop table's schema",
        ),
        (
            "refetch-cancel.csv",
            drop_column("env_swift"),
            "refetch-cancel.csv: missing column 'env_swift' of the refetch-cancel table "
            "(an older or different schema? rerun bench to rewrite it)",
        ),
        (
            "main-responsiveness.csv",
            drop_column("frame_budget_ms"),
            "main-responsiveness.csv: missing column 'frame_budget_ms' of the main-responsiveness table "
            "(an older or different schema? rerun bench to rewrite it)",
        ),
        (
            "worker-isolation.csv",
            drop_column("throughput_vs_struct_ci_low"),
            "worker-isolation.csv: missing column 'throughput_vs_struct_ci_low' of the worker-isolation table "
            "(an older or different schema? rerun bench to rewrite it)",
        ),
        (
            "worker-isolation.csv",
            lambda header, rows: (header, [[*rows[0][: header.index("loads")], "many", *rows[0][header.index("loads") + 1 :]], *rows[1:]]),
            "worker-isolation.csv: line 2: column 'loads' holds 'many', not a number",
        ),
        (
            "parallel-fetch-samples.csv",
            lambda header, rows: (header, [[*rows[0][: header.index("value")], "fast", *rows[0][header.index("value") + 1 :]], *rows[1:]]),
            "parallel-fetch-samples.csv: line 2: column 'value' holds 'fast', not a number",
        ),
        (
            "parallel-fetch.csv",
            lambda header, rows: (header, []),
            "parallel-fetch.csv: has a header but no rows; nothing to plot",
        ),
    ],
)
def test_a_bad_table_is_one_line_naming_the_file_and_column(results, tmp_path, capsys, file, change, message):
    rewrite(results / file, change)
    assert plot.main([str(results), "--output", str(tmp_path / "plots")]) == 1
    error = capsys.readouterr().err
    assert error == f"plot.py: error: {results / message}\n"
    assert not (tmp_path / "plots").exists()


def test_a_bad_table_never_prints_a_traceback(results, tmp_path):
    rewrite(results / "parallel-fetch.csv", drop_column("p50"))
    finished = subprocess.run(
        [sys.executable, str(SCRIPTS / "plot.py"), str(results), "--output", str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert finished.returncode == 1
    assert "Traceback" not in finished.stderr
    assert finished.stderr.count("\n") == 1
    assert "missing column 'p50'" in finished.stderr


def test_an_unknown_csv_is_skipped_with_a_note(results, tmp_path, capsys):
    keep_only(results, "presenter-hop.csv")
    (results / "frame-gaps.csv").write_text("variant,gap_ns\na,1\n")
    assert plot.main([str(results), "--output", str(tmp_path)]) == 0
    assert f"note: skipped {results / 'frame-gaps.csv'}: not a table of a suite plot.py knows\n" in capsys.readouterr().err


def test_a_renamed_table_is_recognised_by_its_columns(results, tmp_path):
    keep_only(results, "refetch-cancel.csv")
    shutil.move(results / "refetch-cancel.csv", results / "laptop.csv")
    assert plot.main([str(results), "--output", str(tmp_path)]) == 0
    assert (tmp_path / "refetch-cancel-outcomes.png").is_file()


def test_nothing_to_plot_exits_3(tmp_path, capsys):
    (tmp_path / "notes.csv").write_text("a,b\n1,2\n")
    assert plot.main([str(tmp_path)]) == 3
    assert capsys.readouterr().err.endswith(f"plot.py: error: nothing to plot: no CSV file of a known suite in {tmp_path}\n")


def test_a_missing_input_exits_2(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit:
        plot.main([str(tmp_path / "nope")])
    assert exit.value.code == 2
    assert capsys.readouterr().err == f"plot.py: error: '{tmp_path / 'nope'}' is neither a CSV file nor a folder\n"


def test_strict_fails_when_a_chart_cannot_be_drawn(results, tmp_path, capsys):
    keep_only(results, "parallel-fetch.csv", "parallel-fetch-samples.csv")
    rewrite(results / "parallel-fetch.csv", lambda h, rows: (h, [r for r in rows if r[1] != "calibration"]))
    assert plot.main([str(results), "--output", str(tmp_path)]) == 0
    assert plot.main([str(results), "--output", str(tmp_path), "--strict"]) == 5
    assert "note: no chart parallel-fetch-calibration: no calibration rows" in capsys.readouterr().err


def test_runs_over_real_http_are_left_out_with_a_note(results, tmp_path, capsys):
    keep_only(results, "parallel-fetch.csv", "parallel-fetch-samples.csv")
    def over_http(header, rows):
        transport = header.index("transport")
        for row in rows:
            row[transport] = "http://127.0.0.1:8080"
        return header, rows

    rewrite(results / "parallel-fetch.csv", over_http)
    assert plot.main([str(results), "--output", str(tmp_path)]) == 0
    assert "note: no chart parallel-fetch-speedup: only rows over real HTTP" in capsys.readouterr().err
    assert not (tmp_path / "parallel-fetch-speedup.png").exists()


def test_summary_links_and_plot_names_agree():
    """SUMMARY.md links the charts bench declares; plot.py must draw exactly those."""
    declared = re.findall(r'"([a-z-]+)"', (SCRIPTS.parent / "Sources/BenchSuites/Support/SuiteCharts.swift").read_text())
    drawn = [name for module in registry.SUITES for name in module.CHARTS]
    assert sorted(declared) == sorted(drawn)


def only_metrics(*metrics):
    def change(header, rows):
        metric = header.index("metric")
        return header, [row for row in rows if row[metric] in metrics]

    return change


def test_frame_gaps_are_drawn_against_the_budget_and_the_drop_line(results, tmp_path):
    keep_only(results, "main-responsiveness.csv")
    assert plot.main([str(results), "--output", str(tmp_path), "--strict"]) == 0
    svg = (tmp_path / "main-responsiveness-frames.svg").read_text()
    for text in ("16.67 ms", "8.33 ms", "25.00 ms", "main-actor-interactor", "frames dropped per load", "(ms)"):
        assert text in svg, text


def test_main_responsiveness_without_frame_gaps_fails_strict(results, tmp_path, capsys):
    keep_only(results, "main-responsiveness.csv")
    rewrite(results / "main-responsiveness.csv", only_metrics("load_ns", "dropped_frames", "decode_ns"))
    assert plot.main([str(results), "--output", str(tmp_path)]) == 0
    assert plot.main([str(results), "--output", str(tmp_path), "--strict"]) == 5
    assert "note: no chart main-responsiveness-frames: no frame_gap_ns rows of a work placement" in capsys.readouterr().err


def test_worker_throughput_shows_the_ratio_and_the_busy_cores(results, tmp_path):
    keep_only(results, "worker-isolation.csv")
    assert plot.main([str(results), "--output", str(tmp_path), "--strict"]) == 0
    svg = (tmp_path / "worker-isolation-throughput.svg").read_text()
    for text in ("0.57×", "[0.54–0.58]", "loads/s", "cores busy", "2 CPUs"):
        assert text in svg, text


def test_worker_throughput_without_busy_cores_is_throughput_alone(results, tmp_path):
    keep_only(results, "worker-isolation.csv")
    rewrite(results / "worker-isolation.csv", only_metrics("loads_per_s"))
    assert plot.main([str(results), "--output", str(tmp_path), "--strict"]) == 0
    svg = (tmp_path / "worker-isolation-throughput.svg").read_text()
    assert "loads/s" in svg
    assert "cores busy" not in svg


def test_worker_isolation_without_throughput_fails_strict(results, tmp_path, capsys):
    keep_only(results, "worker-isolation.csv")
    rewrite(results / "worker-isolation.csv", only_metrics("busy_cores"))
    assert plot.main([str(results), "--output", str(tmp_path), "--strict"]) == 5
    assert "note: no chart worker-isolation-throughput: no loads_per_s rows" in capsys.readouterr().err


@pytest.mark.parametrize(("file", "chart"), [
    ("main-responsiveness.csv", "main-responsiveness-frames"),
    ("worker-isolation.csv", "worker-isolation-throughput"),
])
def test_sanitizer_runs_of_the_placement_suites_are_stamped(results, tmp_path, file, chart):
    keep_only(results, file)
    def sanitized(header, rows):
        sanitizer, comparable = header.index("env_sanitizer"), header.index("comparable")
        for row in rows:
            row[sanitizer], row[comparable] = "thread", "false"
        return header, rows

    rewrite(results / file, sanitized)
    assert plot.main([str(results), "--output", str(tmp_path)]) == 0
    svg = (tmp_path / f"{chart}.svg").read_text()
    assert "NOT COMPARABLE" in svg
    assert "thread sanitizer" in svg


def test_two_runs_of_the_placement_suites_are_drawn_side_by_side(results, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    for file in ("main-responsiveness.csv", "worker-isolation.csv"):
        shutil.copy(results / file, other / file)

        def another_machine(header, rows):
            host = header.index("env_host")
            for row in rows:
                row[host] = "laptop"
            return header, rows

        rewrite(other / file, another_machine)
    output = tmp_path / "plots"
    inputs = [str(results / "main-responsiveness.csv"), str(results / "worker-isolation.csv"), str(other)]
    assert plot.main([*inputs, "--output", str(output), "--strict"]) == 0
    for chart in ("main-responsiveness-frames", "worker-isolation-throughput"):
        svg = (output / f"{chart}.svg").read_text()
        assert "2 runs side by side" in svg, chart
        assert "laptop" in svg, chart


def test_a_rare_outcome_share_is_never_shown_as_zero():
    from plotting.refetch_cancel import share_label

    assert share_label(4, 100_000) == "<0.1 %"
    assert share_label(0, 100_000) == "0.0 %"
    assert share_label(2_171, 10_000) == "21.7 %"
    assert share_label(0, 0) == "0.0 %"


def test_heat_table_columns_follow_the_suites_order_without_a_list_of_their_own():
    from plotting.refetch_cancel import layout

    def rows(variant, outcomes):
        return [{"variant": variant, "mode": "systematic", "seed": "1", "outcome": o} for o in outcomes]

    # A refresh-only screen first: its outcomes alone would put lost before
    # stale-flash; the latest-wins screen after it says where the rest go.
    refresh = rows("refresh-only/url-session", ["latest-only", "lost", "stale-final", "spurious-error"])
    latest = rows(
        "search/url-session",
        ["latest-only", "duplicate", "stale-flash", "lost", "stale-final", "spurious-error", "wrong-results", "new-one"],
    )
    _, columns = layout([refresh + latest])
    assert columns == [
        "latest-only", "duplicate", "stale-flash", "lost", "stale-final", "spurious-error", "wrong-results", "new-one",
    ]
    # Two runs whose orders disagree still give every outcome once.
    _, columns = layout([rows("a", ["x", "y"]), rows("a", ["y", "x"])])
    assert sorted(columns) == ["x", "y"]


def cells_of(svg):
    """The heat table's cells in an SVG file: [(grade, outcome)], from the cells' ids."""
    return re.findall(r'id="cell:([a-z]+):([a-z-]+)"', svg)


def test_refetch_outcomes_are_one_heat_table(results, tmp_path):
    assert plot.main([str(results / "refetch-cancel.csv"), "--output", str(tmp_path), "--strict"]) == 0
    with open(results / "refetch-cancel.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    scenes = {(row["variant"], row["mode"], row["seed"]) for row in rows}
    svg = (tmp_path / "refetch-cancel-outcomes.svg").read_text()
    cells = cells_of(svg)
    # One cell per CSV row, each with the grade its row gives it.
    assert len(cells) == len(rows)
    assert sorted(cells) == sorted((row["grade"], row["outcome"]) for row in rows)
    from matplotlib import image

    height, width = image.imread(tmp_path / "refetch-cancel-outcomes.png").shape[:2]
    # One figure, about 0.34 in (51 px) a scene and mode, at most 1,600 px wide:
    # not a grid of bar charts 6,690 px tall.
    assert height < 60 * len(scenes) + 400
    assert width <= 1600


def test_heat_table_colours_forbidden_cells_apart_from_allowed_ones():
    from plotting.refetch_cancel import cell_color

    forbidden, acceptable, interesting = (cell_color(grade, 0.3) for grade in ("forbidden", "acceptable", "interesting"))
    assert len({forbidden, acceptable, interesting}) == 3
    # Red dominates a forbidden cell, seen or not; a rare outcome is never white.
    for share in (0.0, 0.0001, 0.5, 1.0):
        red, green, blue, _ = cell_color("forbidden", share)
        assert red > green and red > blue
    assert cell_color("forbidden", 0.0001) != cell_color("forbidden", 0.0)
    assert cell_color("forbidden", 0.9)[1] < cell_color("forbidden", 0.1)[1]


def test_heat_table_of_two_runs_aligns_their_rows(results, tmp_path):
    other = tmp_path / "other"
    other.mkdir()

    def another_machine_with_fewer_scenes(header, rows):
        host, variant = header.index("env_host"), header.index("variant")
        return header, [row[:host] + ["laptop"] + row[host + 1 :] for row in rows if row[variant].startswith("seed/")]

    shutil.copy(results / "refetch-cancel.csv", other / "refetch-cancel.csv")
    rewrite(other / "refetch-cancel.csv", another_machine_with_fewer_scenes)
    output = tmp_path / "plots"
    assert plot.main([str(results / "refetch-cancel.csv"), str(other), "--output", str(output), "--strict"]) == 0
    svg = (output / "refetch-cancel-outcomes.svg").read_text()
    assert "2 runs side by side" in svg
    assert "laptop" in svg
    with open(results / "refetch-cancel.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    seeds = [row for row in rows if row["variant"].startswith("seed/")]
    # The second run's missing scenes are empty cells, not shifted rows.
    assert len(cells_of(svg)) == len(rows) + len(seeds)
    assert svg.count('id="cell:none"') == len(rows) - len(seeds)


def test_build_settings_payload_sweep_shows_each_payload_and_the_frame_lines(results, tmp_path):
    assert plot.main([str(results / "build-settings.csv"), "--output", str(tmp_path), "--strict"]) == 0
    gap = (tmp_path / "build-settings-main-gap.svg").read_text()
    for text in ("posts per response", "1,000", "one 60 Hz frame (16.67 ms)", "one 120 Hz frame (8.33 ms)",
                 "swift6-mainactor (decodes on the main actor)"):
        assert text in gap, text
    frames = (tmp_path / "build-settings-frames.svg").read_text()
    for text in ("1 load", "4 loads", "10 posts", "1,000 posts", "xcode26-default (main actor)"):
        assert text in frames, text
    assert "xcode26-fixed (main actor)" not in frames


def test_a_build_settings_table_from_before_the_sweep_is_an_older_schema(results, tmp_path, capsys):
    rewrite(results / "build-settings.csv", drop_column("posts"))
    assert plot.main([str(results / "build-settings.csv"), "--output", str(tmp_path)]) == 1
    assert "missing column 'posts' of the build-settings table" in capsys.readouterr().err


def test_checker_power_is_one_heat_table_with_false_alarms_apart(results, tmp_path):
    def a_false_alarm_on_a_correct_fixture(header, rows):
        flawed, found, strategy = header.index("flawed"), header.index("found_runs"), header.index("strategy")
        first = next(i for i, row in enumerate(rows) if row[flawed] == "false" and row[strategy] == "random")
        rows[first][found] = "1"
        return header, rows

    rewrite(results / "checker-power.csv", a_false_alarm_on_a_correct_fixture)
    assert plot.main([str(results / "checker-power.csv"), "--output", str(tmp_path), "--strict"]) == 0
    with open(results / "checker-power.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    cells = re.findall(r'id="cell:([a-z-]+):([a-z0-9-]+)"', (tmp_path / "checker-power-found.svg").read_text())
    # One cell per CSV row; a finding on a correct fixture is a false alarm, and only there.
    assert len(cells) == len(rows)
    assert cells.count(("false-alarm", "random")) == 1
    expected = {
        ("found" if int(row["found_runs"]) else "missed") if row["flawed"] == "true" else None for row in rows
    } - {None}
    assert expected <= {kind for kind, _ in cells}


def test_screen_settings_costs_are_a_panel_per_action_that_calls(results, tmp_path):
    keep_only(results, "screen-settings-costs.csv")
    output = tmp_path / "plots"
    assert plot.main([str(results), "--output", str(output), "--strict"]) == 0
    assert (output / "screen-settings-costs.png").stat().st_size > 1000
    from plotting import screen_settings

    assert screen_settings._panels([
        {"screen": "search", "action": "floor", "calls": 0},
        {"screen": "search", "action": "type", "calls": 1},
        {"screen": "search", "action": "clear", "calls": 0},
        {"screen": "search", "action": "type", "calls": 1},
    ]) == [("search", "type")]


def test_screen_settings_without_an_action_that_calls_fails_strict(results, tmp_path, capsys):
    keep_only(results, "screen-settings-costs.csv")
    rewrite(results / "screen-settings-costs.csv",
            lambda header, rows: (header, [row for row in rows if row[header.index("calls")] == "0"]))
    assert plot.main([str(results), "--output", str(tmp_path / "plots"), "--strict"]) != 0
    assert "no action that calls an endpoint" in capsys.readouterr().err
