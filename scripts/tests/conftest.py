"""Lets the tests import plot.py and its plotting package from scripts/."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
