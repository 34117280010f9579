"""Built-in data files (variants, strategy profiles) and the words of their error messages.

Representation
--------------
A built-in data folder is the package's data folder ``_<name>`` when the package is installed
(pyproject's wheel ``force-include``), else the repository's top-level ``<name>``; its
files are ``*.toml`` whose stems are the built-in names. A name on the command line is a
path when it :func:`looks_like_path`, else a built-in name.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from pathlib import Path


def data_dir(name: str) -> Path:
    """The built-in folder ``name`` ("variants", "strategies"): installed or in the repo."""
    package = Path(__file__).resolve().parents[1]
    packaged = package / f"_{name}"
    if packaged.is_dir():
        return packaged
    return package.parent / name


def names_in(folder: Path) -> list[str]:
    """Names (file stems) of the ``*.toml`` files of ``folder``, sorted."""
    return sorted(p.stem for p in folder.glob("*.toml"))


def display(path: Path) -> str:
    """A path for messages: relative to the working directory when below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest choice (case-insensitive), or ``""``.

    >>> did_you_mean("Clasic-2deck", ["classic-2deck", "jj-4deck"])
    " (did you mean 'classic-2deck'?)"
    """
    lowered = {c.lower(): c for c in choices}
    if word.lower() in lowered:
        return f" (did you mean {lowered[word.lower()]!r}?)"
    close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f" (did you mean {lowered[close[0]]!r}?)" if close else ""


def looks_like_path(text: str) -> bool:
    """A file path rather than a built-in name: a separator or a ``.toml`` ending."""
    return "/" in text or "\\" in text or text.endswith(".toml")


def locate(folder: Path, name_or_path: str, any_existing_file: bool) -> Path | None:
    """The built-in file of ``folder`` named ``name_or_path`` (plus ``.toml``); else
    ``name_or_path`` itself when it is an existing file (when it looks like a path, unless
    ``any_existing_file``); else None."""
    looks = looks_like_path(name_or_path)
    if not looks and name_or_path in names_in(folder):
        return folder / f"{name_or_path}.toml"
    path = Path(name_or_path)
    if (looks or any_existing_file) and path.is_file():
        return path
    return None


def unknown(name_or_path: str, what: str, builtin: str, names: list[str]) -> str:
    """The one-line message for a name that is neither built in nor a file."""
    return (f"{name_or_path}: unknown {what}{did_you_mean(Path(name_or_path).stem, names)}; "
            f"expected {builtin} ({', '.join(names)}) or a path to a .toml file")

