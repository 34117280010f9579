"""The decorator every kernel is written with: ``@njit(...)``, Numba's, with two changes.

1. **Cached by default** (``cache=True``), into the source-keyed directory that importing
   :mod:`shengji_sim.core` selects.
2. **One specialisation per kernel and argument kinds, not per constant.** Numba's own
   dispatcher, called from another kernel, compiles the callee afresh for every literal
   argument (``f(x, 0)``, ``f(x, True)``, ``f(x, 4)`` are three compilations, each optimised
   by LLVM with everything it calls) and for every integer width a caller happens to hold
   (``int32`` from a table, ``int64`` from arithmetic). Measured on the cold first run of
   ``simulate`` (``python -m tools.compile_times``), such duplicates were over half of the
   322 specialisations in the cache: ``follow_throw_nb._choice`` alone had 24. Here a call
   from a kernel is typed with literals dropped and signed or small integers widened to
   ``int64`` (a ``uint64`` stays ``uint64``; arrays and booleans are untouched): the callee
   compiles once, and the caller casts its arguments (a widening, never a narrowing).

Calls from Python are typed by Numba as before (a Python ``int`` is ``int64`` already).
Nothing else differs: ``inline``, ``nogil``, ``_nrt`` and the other options are Numba's.
"""

from __future__ import annotations

import inspect

from numba.core import config, types
from numba.core.registry import CPUDispatcher


def call_type(arg: types.Type) -> types.Type:
    """The type a kernel-to-kernel call compiles the callee for (module docstring)."""
    arg = types.unliteral(arg)
    if isinstance(arg, types.Integer) and arg != types.uint64 and arg.bitwidth <= 64:
        return types.int64
    return arg


class KernelDispatcher(CPUDispatcher):
    """Numba's CPU dispatcher, typing calls from other kernels with :func:`call_type`."""

    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(call_type(a) for a in args),
                                         {k: call_type(v) for k, v in kws.items()})


def njit(func=None, *, cache: bool = True, **options):
    """``numba.njit`` (nopython) with :class:`KernelDispatcher` and ``cache=True``."""

    def wrap(py_func):
        if not inspect.isfunction(py_func):
            raise TypeError(f"njit: {py_func!r} is not a function")
        if config.DISABLE_JIT:
            return py_func
        dispatcher = KernelDispatcher(py_func=py_func, locals=options.pop("locals", {}),
                                      targetoptions={"nopython": True, **options})
        if cache:
            dispatcher.enable_caching()
        return dispatcher

    return wrap(func) if func is not None else wrap
