"""Repository tools: scripts that read the whole checkout (docs/, tests/), so they live outside
the installed ``shengji_sim`` package. Run them from the repository root as ``python -m
tools.NAME``."""
