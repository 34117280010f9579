"""Shared fixtures and hypothesis profiles (DESIGN.md "Tests and benchmarks").

Profiles: ``dev`` (default), ``ci`` (built on hypothesis' own CI profile, derandomized) and
``nightly``; choose with HYPOTHESIS_PROFILE. Deadlines are off everywhere: jitted code pays
its compile time on first call.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.helpers import NAMES

settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile(
    "ci", parent=settings.get_profile("ci"), deadline=None, max_examples=200,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("nightly", deadline=None, max_examples=10_000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="session")
def variant_names() -> dict[str, str]:
    return dict(NAMES)
