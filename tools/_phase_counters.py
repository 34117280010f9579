"""The cycle counters of ``tools.phase_cycles``, imported by the kernels it instruments (in
its work directory only, never by the package): ``cycles()`` reads the CPU's cycle counter
and ``count(slot, value)`` adds ``value`` to ``BUFFER[slot]`` and one to
``BUFFER[SLOTS + slot]``. ``BUFFER`` is mapped at a fixed address that the compiled code
holds as a constant, so a kernel loaded from the compile cache in another process counts
into that process's buffer."""

from __future__ import annotations

import ctypes

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

ADDRESS = 0x6F0000000000  # tools.phase_cycles.COUNTER_ADDRESS
SLOTS = 64  # tools.phase_cycles.SLOTS
_PROT_READ_WRITE = 3
_MAP_PRIVATE_ANONYMOUS_FIXED_NOREPLACE = 0x02 | 0x20 | 0x100000

_libc = ctypes.CDLL(None, use_errno=True)
_libc.mmap.restype = ctypes.c_void_p
_libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                       ctypes.c_int, ctypes.c_long]
_mapped = _libc.mmap(ADDRESS, 2 * SLOTS * 8, _PROT_READ_WRITE,
                     _MAP_PRIVATE_ANONYMOUS_FIXED_NOREPLACE, -1, 0)
if _mapped != ADDRESS:
    raise OSError(f"cannot map the phase counters at {ADDRESS:#x} (got {_mapped or 0:#x})")
BUFFER = np.ctypeslib.as_array((ctypes.c_int64 * (2 * SLOTS)).from_address(ADDRESS))
BUFFER[:] = 0


@intrinsic
def cycles(typingctx):
    """The CPU's cycle counter (``llvm.readcyclecounter``)."""
    def codegen(context, builder, signature, args):
        fnty = ir.FunctionType(ir.IntType(64), [])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.readcyclecounter")
        return builder.call(fn, [])
    return types.int64(), codegen


@intrinsic
def count(typingctx, slot, value):
    """``BUFFER[slot] += value; BUFFER[SLOTS + slot] += 1``."""
    def codegen(context, builder, signature, args):
        s, v = args
        base = builder.inttoptr(ir.Constant(ir.IntType(64), ADDRESS),
                                ir.IntType(64).as_pointer())
        at = builder.gep(base, [s])
        builder.store(builder.add(builder.load(at), v), at)
        calls = builder.gep(base, [builder.add(s, ir.Constant(ir.IntType(64), SLOTS))])
        builder.store(builder.add(builder.load(calls), ir.Constant(ir.IntType(64), 1)), calls)
        return context.get_dummy_value()
    return types.void(types.int64, types.int64), codegen
