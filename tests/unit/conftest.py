"""The unit tests call no kernel (issue 34, "CI under 10 minutes"): a test that needs the
compiled core lives in tests/integration or tests/property, so that ``pytest tests/unit``
compiles nothing on a cold cache and the unit tests stay fast.

Every unit test runs with :func:`no_kernels`: a call from Python into a kernel of the package
(a :class:`~shengji_sim.core.base.jit.KernelDispatcher`, the class every ``@njit`` of the core
makes) raises :class:`KernelCalled` before Numba compiles or loads anything. Kernels called by
other kernels never pass through Python, so the first call from Python is what is caught.
"""

from __future__ import annotations

import pytest


class KernelCalled(AssertionError):
    """A unit test called a kernel."""


@pytest.fixture(autouse=True)
def no_kernels():
    from shengji_sim.core.base.jit import KernelDispatcher

    own = KernelDispatcher.__dict__.get("__call__")

    def refuse(self, *args, **kwargs):
        raise KernelCalled(f"a unit test called the kernel {self.py_func.__module__}."
                           f"{self.py_func.__qualname__}: move the test to tests/integration")

    KernelDispatcher.__call__ = refuse
    try:
        yield
    finally:
        if own is None:
            del KernelDispatcher.__call__
        else:
            KernelDispatcher.__call__ = own
