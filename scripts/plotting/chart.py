"""What a suite module returns for each chart: a figure to save, or why there is none."""
from dataclasses import dataclass


@dataclass
class Chart:
    """A drawn chart, saved as `<name>.png` and `<name>.svg`."""

    name: str
    figure: object


@dataclass
class Skipped:
    """A chart that could not be drawn from these inputs, and why (printed, never silent)."""

    name: str
    reason: str
