"""Every player's decisions as kernels: random and greedy (:mod:`.players_nb`), the heuristic
profiles (:mod:`.heuristic_nb`) and their memory of the cards seen (:mod:`.memory_nb`). They
mirror :mod:`shengji_sim.players` decision for decision (the differential tests)."""
