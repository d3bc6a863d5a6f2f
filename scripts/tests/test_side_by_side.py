"""Tests of scripts/side_by_side.py: several machines' Results folders on one page."""
import shutil

import side_by_side
from test_plot import GOLDEN, rewrite

SUMMARY = """# Results

Written by `bench` (seed 42).

## Environment

| what | value |
| --- | --- |
| host | {host} |

## refetch-cancel

| scene | latest-only |
| --- | --- |
| seed/seed | 61 % |

- [refetch-cancel-outcomes](plots/refetch-cancel-outcomes.png)
"""


def machine(root, name, host):
    folder = root / name
    folder.mkdir()
    shutil.copy(GOLDEN / "refetch-cancel.csv", folder / "refetch-cancel.csv")

    def on_host(header, rows):
        column = header.index("env_host")
        return header, [row[:column] + [host] + row[column + 1 :] for row in rows]

    rewrite(folder / "refetch-cancel.csv", on_host)
    (folder / "SUMMARY.md").write_text(SUMMARY.format(host=host), encoding="utf-8")
    return folder


def test_every_run_is_on_one_page_and_the_charts_side_by_side(tmp_path):
    linux = machine(tmp_path, "linux-swift-6.3", "runner-linux")
    mac = machine(tmp_path, "macos-26", "runner-mac")
    output = tmp_path / "page"
    assert side_by_side.main([str(linux), str(mac), "--output", str(output)]) == 0
    text = (output / "SIDE_BY_SIDE.md").read_text()
    assert "2 runs: `linux-swift-6.3`, `macos-26`." in text
    # Each section once, each run's text under it, in the order of the inputs.
    assert text.count("## refetch-cancel\n") == 1
    assert text.index("### refetch-cancel — `linux-swift-6.3`") < text.index("### refetch-cancel — `macos-26`")
    assert "| host | runner-linux |" in text and "| host | runner-mac |" in text
    # Links into a run's own plots/ do not resolve on the page: they are left out.
    assert "](plots/" not in text
    assert "`refetch-cancel-outcomes.png`" in text
    svg = (output / "plots" / "refetch-cancel-outcomes.svg").read_text()
    assert "2 runs side by side" in svg
    assert "runner-linux" in svg and "runner-mac" in svg


def test_a_run_without_results_is_named_not_dropped(tmp_path):
    linux = machine(tmp_path, "linux-swift-6.2", "runner-linux")
    empty = tmp_path / "macos-15"
    empty.mkdir()
    output = tmp_path / "page"
    assert side_by_side.main([str(linux), str(empty), "--output", str(output), "--no-charts"]) == 0
    text = (output / "SIDE_BY_SIDE.md").read_text()
    assert "1 run: `linux-swift-6.2`." in text
    assert "No SUMMARY.md (the job did not run `bench`, or failed first): `macos-15`." in text
    assert "No charts were drawn" in text


def test_nothing_to_collect_exits_3_and_a_file_exits_2(tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert side_by_side.main([str(empty), "--output", str(tmp_path / "page")]) == 3
    (tmp_path / "file").write_text("x")
    assert side_by_side.main([str(tmp_path / "file"), "--output", str(tmp_path / "page")]) == 2
    assert "is not a folder" in capsys.readouterr().err
