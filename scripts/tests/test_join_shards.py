"""Tests of scripts/join_shards.py: a sharded systematic run's tables joined into one."""
import csv

import join_shards

HEADER = ["variant", "mode", "seed", "outcome", "count", "frequency", "grade", "env_commit", "partial"]


def shard(path, counts, mode="systematic", commit="abc", partial="false"):
    total = sum(counts.values())
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(HEADER)
        for outcome, count in counts.items():
            writer.writerow(["seed/seed", mode, "42", outcome, count, f"{count / total:.6f}", "forbidden", commit, partial])
    return path


def rows(path):
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def test_counts_add_up_and_frequencies_are_recomputed(tmp_path):
    first = shard(tmp_path / "1.csv", {"latest-only": 30, "stale-flash": 10})
    second = shard(tmp_path / "2.csv", {"latest-only": 50, "stale-flash": 30}, partial="true")
    assert join_shards.main([str(first), str(second), "--output", str(tmp_path / "joined.csv")]) == 0
    joined = rows(tmp_path / "joined.csv")
    assert [(r["outcome"], r["count"], r["frequency"]) for r in joined] == [
        ("latest-only", "80", "0.666667"), ("stale-flash", "40", "0.333333")]
    assert all(r["partial"] == "true" for r in joined)


def test_shards_of_different_commits_are_refused_in_one_line(tmp_path, capsys):
    first = shard(tmp_path / "1.csv", {"latest-only": 1})
    second = shard(tmp_path / "2.csv", {"latest-only": 1}, commit="def")
    assert join_shards.main([str(first), str(second), "--output", str(tmp_path / "j.csv")]) == 2
    assert capsys.readouterr().err == "join_shards.py: the shards come from different commits: abc, def\n"
    assert not (tmp_path / "j.csv").exists()


def test_a_stress_row_is_refused(tmp_path, capsys):
    first = shard(tmp_path / "1.csv", {"latest-only": 1}, mode="stress")
    assert join_shards.main([str(first), "--output", str(tmp_path / "j.csv")]) == 2
    assert "only systematic runs are sharded" in capsys.readouterr().err


def test_a_missing_file_is_refused(tmp_path, capsys):
    assert join_shards.main([str(tmp_path / "none.csv"), "--output", str(tmp_path / "j.csv")]) == 2
    assert capsys.readouterr().err.startswith("join_shards.py: ")
