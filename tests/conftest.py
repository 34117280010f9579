"""Shared fixtures and hypothesis profiles (DESIGN.md "Tests and benchmarks").

Profiles: ``dev`` (default), ``ci`` (built on hypothesis' own CI profile, derandomized),
``nightly`` and ``mutmut`` (mutation testing, small and derandomized); choose with
HYPOTHESIS_PROFILE or ``--hypothesis-profile``. Deadlines are off everywhere: jitted code pays
its compile time on first call.

Example budgets come from the loaded profile, never from a fixed ``max_examples``: a test that
needs more (or fewer) examples than the profile's ``max_examples`` is decorated with
``@budget(weight)`` (:func:`tests.helpers.budget`), which gives it ``weight`` times the
profile's budget (at least one example). Weights are relative to the dev profile's 100, so
``budget(4)`` is 400 examples under dev, 800 under ci, 40,000 under nightly and 80 under
mutmut; ``HYPOTHESIS_PROFILE=nightly`` scales every test alike.

Session fixtures ``follow_buf``, ``trick_kernels`` and ``rule_kernels`` compile (or load) the
Numba kernels once for the kernel tests (:mod:`tests.differential`, imported only when a test
asks for one, so the reference tests never load the core).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, Phase, settings

from tests.helpers import NAMES

settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile(
    "ci", parent=settings.get_profile("ci"), deadline=None, max_examples=200,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("nightly", deadline=None, max_examples=10_000)
# Mutation testing (pyproject [tool.mutmut] passes --hypothesis-profile=mutmut): a small fixed
# draw, so a mutant's verdict does not depend on the run, and no shrinking, so a mutant that
# fails a property fails at once instead of running into mutmut's timeout.
settings.register_profile("mutmut", deadline=None, max_examples=20, derandomize=True,
                          database=None, suppress_health_check=list(HealthCheck),
                          phases=(Phase.explicit, Phase.generate))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(autouse=True)
def _cold_rule_caches():
    """Under mutmut (which sets MUTANT_UNDER_TEST) every test starts with empty rule caches.

    The reference caches rankings, tractor runs, decompositions and contexts (lru_cache); a
    cache filled by an earlier test would hide a mutant in the code behind it, and would
    credit only the first test that fills it with covering that code. Elsewhere: no-op.
    """
    if "MUTANT_UNDER_TEST" in os.environ:
        from shengji_sim.fuzz.positions import context_for, variant_for
        from shengji_sim.rules.ranking import _build
        from shengji_sim.rules.shapes import _decompose, tractor_kinds

        for cached in (_build, _decompose, tractor_kinds, context_for, variant_for):
            cached.cache_clear()
    yield


@pytest.fixture(scope="session")
def variant_names() -> dict[str, str]:
    return dict(NAMES)


@pytest.fixture(scope="session")
def follow_buf():
    """The follow kernels, compiled once per session; their work buffers."""
    from tests.differential import warm_follow_kernels

    return warm_follow_kernels()


@pytest.fixture(scope="session")
def trick_kernels() -> bool:
    """The shapes and trick kernels, compiled once per session."""
    from tests.differential import warm_trick_kernels

    return warm_trick_kernels()


@pytest.fixture(scope="session")
def rule_kernels() -> bool:
    """The throw, kitty, score and match kernels, compiled once per session."""
    from tests.differential import warm_rule_kernels

    return warm_rule_kernels()
