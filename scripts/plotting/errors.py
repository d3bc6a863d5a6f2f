"""The one error a CSV can raise, and the exit statuses of plot.py."""

# Exit statuses of plot.py (documented in docs/plots-and-compare.md).
EXIT_OK = 0
EXIT_BAD_CSV = 1
EXIT_USAGE = 2  # argparse's own status for a bad command line
EXIT_NOTHING_TO_PLOT = 3
EXIT_NO_MATPLOTLIB = 4
EXIT_EXPECTED_CHART_MISSING = 5


class CSVProblem(Exception):
    """A CSV file that cannot be plotted; str() is the one-line message."""

    def __init__(self, path, message):
        super().__init__(f"{path}: {message}")
        self.path = path
