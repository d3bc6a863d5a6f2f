"""The suites plot.py knows, each a module with SUITE, SCHEMAS, CHARTS and draw(tables)."""
from . import (
    build_settings,
    checker_power,
    main_responsiveness,
    parallel_fetch,
    presenter_hop,
    refetch_cancel,
    screen_settings,
    worker_isolation,
)

SUITES = (
    parallel_fetch,
    presenter_hop,
    refetch_cancel,
    main_responsiveness,
    worker_isolation,
    build_settings,
    screen_settings,
    checker_power,
)


def all_schemas():
    """Every table schema of every known suite."""
    return [schema for module in SUITES for schema in module.SCHEMAS]


def module_of(schema):
    """The suite module a schema belongs to."""
    return next(module for module in SUITES if schema in module.SCHEMAS)
