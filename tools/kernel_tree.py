"""The kernels a call compiles: Numba's own front end and type inference run over a kernel
for given argument types, and again over every kernel it calls, without generating code.

``python -m tools.kernel_tree --players random`` lists, by module, the kernels that a run of
``random`` players' whole-hand kernel (``run_lane_nb``) compiles, after Numba has pruned the
branches that its argument types make dead (``if cand is not None`` with ``cand`` None);
``tests/integration/test_random_run_kernels.py`` fails when such a run reaches a greedy,
heuristic or memory kernel. About 11 s for random players, 19 s for expert ones, with the
kernels cached.

Representation: a kernel is ``"module.qualname"`` (its Python function's), reached once per
argument-type tuple. The walk is Numba's untyped pipeline (bytecode, IR, dead-branch pruning
by argument types) without its inlining pass, and its type inference, stopped there by a pass
that hands back the call types. An ``inline="always"`` kernel is typed on its own with the
argument types of its call, and its signature stands in for it while the walk runs, so typing
its caller neither inlines it (typing ``play_hand_nb`` with its inlined tricks took 130 s) nor
compiles it; it is walked into but not listed (it compiles only as part of its caller).
Typing a call to any other kernel loads (or compiles) it for its argument types, as a real
compile would.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from numba.core import compiler, ir, types
from numba.core.compiler_machinery import FunctionPass, PassManager, register_pass
from numba.core.dispatcher import Dispatcher
from numba.core.typed_passes import NopythonTypeInference
from numba.core.typing import signature
from numba.core.untyped_passes import InlineInlinables


class _Typed(Exception):
    def __init__(self, calltypes, typemap):
        self.calltypes, self.typemap = calltypes, typemap


@register_pass(mutates_CFG=False, analysis_only=True)
class _StopAfterTyping(FunctionPass):
    _name = "shengji_stop_after_typing"

    def __init__(self) -> None:
        FunctionPass.__init__(self)

    def run_pass(self, state) -> bool:
        raise compiler._EarlyPipelineCompletion((state.calltypes, state.typemap,
                                                 state.return_type))


class _TypingOnly(compiler.CompilerBase):
    def define_pipelines(self):
        pm = PassManager("typing only")
        untyped = compiler.DefaultPassBuilder.define_untyped_pipeline(self.state)
        pm.passes.extend(p for p in untyped.passes if p[0] is not InlineInlinables)
        pm.add_pass(NopythonTypeInference, "nopython frontend")
        pm.add_pass(_StopAfterTyping, "stop after typing")
        pm.finalize()
        return [pm]


class _Typed(NamedTuple):
    """What a typed-only ``inline="always"`` kernel leaves in its dispatcher's overloads
    during a walk: its signature, which is all that typing a call to it reads."""

    signature: object
    objectmode: bool = False


def _typed(dispatcher, argtypes: tuple, memo: dict) -> tuple:
    """(call types, type map, return type) of ``dispatcher`` typed with ``argtypes``, after
    Numba's pruning of dead branches; each (kernel, argument types) typed once."""
    key = (dispatcher, argtypes)
    if key not in memo:
        flags = compiler.Flags()  # the kernel's own options (cache, _nrt, ...)
        dispatcher.targetdescr.options.parse_as_flags(flags, dispatcher.targetoptions)
        if dispatcher.targetoptions.get("inline") == "always":  # typed apart from its caller:
            flags.nrt = True  # it may return a view, as it may once inlined
        typingctx = dispatcher.targetdescr.typing_context
        targetctx = dispatcher.targetdescr.target_context
        typingctx.refresh()
        targetctx.refresh()
        memo[key] = compiler.compile_extra(typingctx, targetctx, dispatcher.py_func,
                                           argtypes, None, flags, {},
                                           pipeline_class=_TypingOnly)
    return memo[key]


def _callees(dispatcher, argtypes: tuple, memo: dict) -> list[tuple[object, tuple]]:
    """(kernel, argument types) of every call to a kernel in ``dispatcher`` typed with
    ``argtypes``."""
    calltypes, typemap, _ = _typed(dispatcher, argtypes, memo)
    found = []
    for expr, sig in calltypes.items():
        if not (isinstance(expr, ir.Expr) and expr.op == "call" and sig is not None):
            continue
        fnty = typemap.get(expr.func.name)
        if isinstance(fnty, types.Dispatcher):
            found.append((fnty.dispatcher, tuple(sig.args)))
    return found


@contextlib.contextmanager
def _inline_kernels_typed_only(memo: dict) -> Iterator[None]:
    """While the walk runs, a call to an ``inline="always"`` kernel is typed from that
    kernel typed on its own (with the walk's pipeline), not by compiling it: Numba would
    inline it into its caller (one huge function to type: most of a walk's time before) or,
    as here without the inlining pass, compile it. Its branches are pruned by its own
    argument types, as they are once inlined. The stand-in overloads go afterwards."""
    original = Dispatcher.compile
    added: list[tuple[object, tuple]] = []

    def compile(self, sig):
        if self.targetoptions.get("inline") != "always":
            return original(self, sig)
        args = tuple(sig)
        if args not in self.overloads:
            _, _, returns = _typed(self, args, memo)
            self.overloads[args] = _Typed(signature(returns, *args))
            added.append((self, args))
        return None

    Dispatcher.compile = compile
    try:
        yield
    finally:
        Dispatcher.compile = original
        for kernel, args in added:
            kernel.overloads.pop(args, None)


def name_of(dispatcher) -> str:
    f = dispatcher.py_func
    return f"{f.__module__}.{f.__qualname__}"


def kernels_reached(dispatcher, argtypes: Iterable, leaves: tuple[str, ...] = ()) -> set[str]:
    """Every kernel a call of ``dispatcher`` with ``argtypes`` compiles (itself included).
    A kernel whose module starts with one of ``leaves`` is listed but not walked into (for
    rooms whose imports cannot reach what a caller looks for: the layers test keeps the
    core's lower floors from importing its players)."""
    seen: set[tuple[str, tuple]] = set()
    names: set[str] = set()
    memo: dict = {}
    todo = [(dispatcher, tuple(argtypes))]
    with _inline_kernels_typed_only(memo):
        while todo:
            kernel, args = todo.pop()
            key = (name_of(kernel), args)
            if key in seen:
                continue
            seen.add(key)
            if kernel.targetoptions.get("inline") != "always":  # inlined: not compiled
                names.add(key[0])
            if not key[0].startswith(leaves) or kernel is dispatcher:
                todo.extend(_callees(kernel, args, memo))
    return names


def run_kernels(variant_name: str, players: str, leaves: tuple[str, ...] = ()) -> set[str]:
    """The kernels a ``simulate`` run of ``players`` on ``variant_name`` compiles: those its
    whole-hand kernel reaches for the argument types the run gives it (``leaves``: as
    :func:`kernels_reached`)."""
    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.engine.game_nb import run_lane_nb
    from shengji_sim.core.runtime.backend import whole_hand_signature

    return kernels_reached(run_lane_nb, whole_hand_signature(load_variant(variant_name),
                                                             players), leaves)


def main(argv: list[str] | None = None) -> None:
    import argparse
    from collections import Counter

    parser = argparse.ArgumentParser(prog="python -m tools.kernel_tree",
                                     description="The kernels a run compiles, by module.")
    parser.add_argument("--variant", default="classic-2deck")
    parser.add_argument("--players", default="random")
    parser.add_argument("--list", action="store_true", help="every kernel, not only counts")
    args = parser.parse_args(argv)
    names = run_kernels(args.variant, args.players)
    by_module = Counter(name.rsplit(".", 1)[0] for name in names)
    print(f"{len(names)} kernels for {args.players} on {args.variant}")
    for module, n in sorted(by_module.items()):
        print(f"  {n:4d}  {module}")
    if args.list:
        for name in sorted(names):
            print(name)


if __name__ == "__main__":
    main()
