"""Reading result CSV files and checking them against the schema of their suite.

A suite's table is recognised by its file name (`parallel-fetch.csv`, or a
name ending in `-parallel-fetch.csv` such as `laptop-parallel-fetch.csv`) or,
failing that, by carrying exactly the columns of a known table. A recognised
file must then have exactly that table's columns, in any order: a missing or
extra column is an error naming the file and the column, never a guess.
"""
import csv
import math
import pathlib
from dataclasses import dataclass, field

from .errors import CSVProblem

# The columns BenchKit appends to every row (BenchEnvironment.columns, then
# comparable and partial), in the order it writes them.
ENV_COLUMNS = (
    "env_swift",
    "env_build",
    "env_sanitizer",
    "env_os",
    "env_kernel",
    "env_cpu",
    "env_cpus",
    "env_timer_slack_ns",
    "env_clock_overhead_ns",
    "env_clock_resolution_ns",
    "env_date",
    "env_host",
    "env_commit",
    "comparable",
    "partial",
)

# The statistics of BenchKit's summary table (RunResult.summaryColumns).
SUMMARY_STATISTICS = (
    "metric",
    "count",
    "min",
    "p50",
    "p90",
    "p99",
    "p999",
    "max",
    "mean",
    "stddev",
    "p50_ci_low",
    "p50_ci_high",
    "outliers_low",
    "outliers_high",
    "requested",
    "truncated",
    "interrupted",
    "converged",
)
SUMMARY_NUMBERS = frozenset(SUMMARY_STATISTICS) - {"metric", "truncated", "interrupted", "converged"}

# The columns of BenchKit's long samples table after the parameters.
SAMPLE_COLUMNS = ("iteration", "metric", "value")


@dataclass(frozen=True)
class Schema:
    """The exact columns of one table a suite writes, and which hold numbers."""

    suite: str
    table: str
    columns: tuple
    numbers: frozenset = field(default_factory=frozenset)

    @staticmethod
    def summary(suite, parameters, extra=(), extra_numbers=(), table=None, parameter_numbers=()):
        """BenchKit's summary shape: variant, parameters, statistics, extras, environment."""
        return Schema(
            suite=suite,
            table=table or suite,
            columns=("variant", *parameters, *SUMMARY_STATISTICS, *extra, *ENV_COLUMNS),
            numbers=SUMMARY_NUMBERS | frozenset(extra_numbers) | frozenset(parameter_numbers),
        )

    @staticmethod
    def samples(suite, parameters, parameter_numbers=()):
        """BenchKit's long samples shape: variant, parameters, iteration, metric, value, environment."""
        return Schema(
            suite=suite,
            table=f"{suite}-samples",
            columns=("variant", *parameters, *SAMPLE_COLUMNS, *ENV_COLUMNS),
            numbers=frozenset({"iteration", "value"}) | frozenset(parameter_numbers),
        )


@dataclass
class Table:
    """The rows of one checked CSV file; numeric cells are floats (nan when empty)."""

    path: pathlib.Path
    schema: Schema
    rows: list

    @property
    def is_comparable(self):
        return all(row["comparable"] == "true" for row in self.rows)


def read_header(path):
    """The header of a CSV file, or a CSVProblem if it has none."""
    try:
        with open(path, newline="", encoding="utf-8") as handle:
            header = next(csv.reader(handle, strict=True), None)
    except (OSError, csv.Error, UnicodeDecodeError) as error:
        raise CSVProblem(path, f"cannot be read as CSV: {error}") from None
    if not header:
        raise CSVProblem(path, "is empty; expected a header line")
    return header


def identify(path, header, schemas):
    """The schema a file is meant to follow: by file name, else by its exact columns, else None."""
    stem = pathlib.Path(path).stem
    for schema in sorted(schemas, key=lambda s: len(s.table), reverse=True):
        if stem == schema.table or stem.endswith("-" + schema.table):
            return schema
    for schema in schemas:
        if set(header) == set(schema.columns):
            return schema
    return None


def load(path, schema):
    """Reads and checks a file against `schema`; raises CSVProblem with a one-line reason."""
    try:
        with open(path, newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle, strict=True))
    except (OSError, csv.Error, UnicodeDecodeError) as error:
        raise CSVProblem(path, f"cannot be read as CSV: {error}") from None
    if not rows or not rows[0]:
        raise CSVProblem(path, "is empty; expected a header line")
    header, body = rows[0], rows[1:]
    repeated = sorted({name for name in header if header.count(name) > 1})
    if repeated:
        raise CSVProblem(path, f"column '{repeated[0]}' appears more than once")
    missing = [name for name in schema.columns if name not in header]
    if missing:
        raise CSVProblem(
            path,
            f"missing column '{missing[0]}' of the {schema.table} table "
            "(an older or different schema? rerun bench to rewrite it)",
        )
    extra = [name for name in header if name not in schema.columns]
    if extra:
        raise CSVProblem(path, f"unexpected column '{extra[0]}', not in the {schema.table} table's schema")
    if not body:
        raise CSVProblem(path, "has a header but no rows; nothing to plot")
    records = []
    for line, cells in enumerate(body, start=2):
        if len(cells) != len(header):
            raise CSVProblem(path, f"line {line} has {len(cells)} fields, the header has {len(header)}")
        record = dict(zip(header, cells))
        for name in schema.numbers:
            record[name] = _number(path, line, name, record[name])
        if record["comparable"] not in ("true", "false"):
            raise CSVProblem(path, f"line {line}: column 'comparable' holds '{record['comparable']}', not true or false")
        records.append(record)
    return Table(path=pathlib.Path(path), schema=schema, rows=records)


def _number(path, line, column, text):
    if text == "":
        return math.nan
    try:
        return float(text)
    except ValueError:
        raise CSVProblem(path, f"line {line}: column '{column}' holds '{text}', not a number") from None


def source_key(row):
    """What tells runs apart when files are plotted side by side: machine, build and start time."""
    return (row["env_host"], row["env_cpu"], row["env_build"], row["env_sanitizer"], row["env_date"])


def source_label(row):
    """A short human label of a run, like `vm, AMD EPYC, release, 2026-11-29 19:36`."""
    build = row["env_build"] + ("" if row["env_sanitizer"] == "none" else f"+{row['env_sanitizer']} sanitizer")
    date = row["env_date"].replace("T", " ")[:16]
    return f"{row['env_host']}, {row['env_cpu']}, {build}, {date}"
