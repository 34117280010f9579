"""``python -m shengji_sim`` runs the command line."""

from shengji_sim.cli import main

main()
