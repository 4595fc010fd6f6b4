"""Shared pytest configuration: the ``--run-slow`` switch and Hypothesis profiles."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# Shared CI machines are slow and noisy: no per-example deadline, and a fixed example order.
settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI", "").lower() not in ("", "0", "false") else "dev")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow",
        action="store_true",
        default=False,
        help="also run tests marked 'slow' (many-seed checks)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip_slow = pytest.mark.skip(reason="slow test: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)
