"""The reference players (:mod:`.reference`): random, the heuristic profiles and the passive
test player, written for clarity; the core's player kernels make the same decisions."""
