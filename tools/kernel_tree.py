"""The kernels a call compiles: Numba's own front end and type inference run over a kernel
for given argument types, and again over every kernel it calls, without generating code.

``python -m tools.kernel_tree --players random`` lists, by module, the kernels that a run of
``random`` players' whole-hand kernel (``run_lane_nb``) reaches after Numba has pruned the
branches that its argument types make dead (``if cand is not None`` with ``cand`` None);
``tests/integration/test_random_run_kernels.py`` fails when such a run reaches a greedy, heuristic
or memory kernel. Typing a call to another kernel loads (or compiles) that kernel for its
argument types, as a real compile would; with the kernels cached (after the warm-up) the walk
takes seconds.

Representation: a kernel is ``"module.qualname"`` (its Python function's), reached once per
argument-type tuple; the walk is Numba's untyped pipeline (bytecode, IR, inlining of
``inline="always"`` kernels, dead-branch pruning by argument types) and its type inference,
stopped there by a pass that hands back the call types.
"""

from __future__ import annotations

from collections.abc import Iterable

from numba.core import compiler, ir, types
from numba.core.compiler_machinery import FunctionPass, PassManager, register_pass
from numba.core.typed_passes import NopythonTypeInference


class _Typed(Exception):
    def __init__(self, calltypes, typemap):
        self.calltypes, self.typemap = calltypes, typemap


@register_pass(mutates_CFG=False, analysis_only=True)
class _StopAfterTyping(FunctionPass):
    _name = "shengji_stop_after_typing"

    def __init__(self) -> None:
        FunctionPass.__init__(self)

    def run_pass(self, state) -> bool:
        raise compiler._EarlyPipelineCompletion((state.calltypes, state.typemap))


class _TypingOnly(compiler.CompilerBase):
    def define_pipelines(self):
        pm = PassManager("typing only")
        untyped = compiler.DefaultPassBuilder.define_untyped_pipeline(self.state)
        pm.passes.extend(untyped.passes)
        pm.add_pass(NopythonTypeInference, "nopython frontend")
        pm.add_pass(_StopAfterTyping, "stop after typing")
        pm.finalize()
        return [pm]


def _callees(dispatcher, argtypes: tuple) -> list[tuple[object, tuple]]:
    """(kernel, argument types) of every call to a kernel in ``dispatcher`` typed with
    ``argtypes`` (after Numba's pruning of dead branches)."""
    flags = compiler.Flags()  # the kernel's own options (cache, _nrt, ...), as Numba sets them
    dispatcher.targetdescr.options.parse_as_flags(flags, dispatcher.targetoptions)
    typingctx = dispatcher.targetdescr.typing_context
    targetctx = dispatcher.targetdescr.target_context
    typingctx.refresh()
    targetctx.refresh()
    calltypes, typemap = compiler.compile_extra(typingctx, targetctx, dispatcher.py_func,
                                                argtypes, None, flags, {},
                                                pipeline_class=_TypingOnly)
    found = []
    for expr, sig in calltypes.items():
        if not (isinstance(expr, ir.Expr) and expr.op == "call" and sig is not None):
            continue
        fnty = typemap.get(expr.func.name)
        if isinstance(fnty, types.Dispatcher):
            found.append((fnty.dispatcher, tuple(sig.args)))
    return found


def name_of(dispatcher) -> str:
    f = dispatcher.py_func
    return f"{f.__module__}.{f.__qualname__}"


def kernels_reached(dispatcher, argtypes: Iterable) -> set[str]:
    """Every kernel a call of ``dispatcher`` with ``argtypes`` compiles (itself included)."""
    seen: set[tuple[str, tuple]] = set()
    names: set[str] = set()
    todo = [(dispatcher, tuple(argtypes))]
    while todo:
        kernel, args = todo.pop()
        key = (name_of(kernel), args)
        if key in seen:
            continue
        seen.add(key)
        names.add(key[0])
        todo.extend(_callees(kernel, args))
    return names


def run_kernels(variant_name: str, players: str) -> set[str]:
    """The kernels a ``simulate`` run of ``players`` on ``variant_name`` compiles: those its
    whole-hand kernel reaches for the argument types the run gives it."""
    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.engine.game_nb import run_lane_nb
    from shengji_sim.core.runtime.backend import whole_hand_signature

    return kernels_reached(run_lane_nb, whole_hand_signature(load_variant(variant_name),
                                                             players))


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
