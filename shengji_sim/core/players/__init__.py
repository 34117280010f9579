"""Every player's decisions as kernels: random (:mod:`.random_nb`) and greedy (:mod:`.greedy_nb`,
:mod:`.greedy_walks_nb`, :mod:`.greedy_fast_nb`; the walks over the options they share with the
expert follower in :mod:`.walks_nb`, :mod:`.fills_nb` and :mod:`.one_family_nb`), the heuristic
profiles (:mod:`.heuristic_nb`) and their memory of the cards seen (:mod:`.memory_nb`). They mirror
:mod:`shengji_sim.players` decision for decision (the differential tests)."""
