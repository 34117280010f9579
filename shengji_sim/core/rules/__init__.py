"""The rules as kernels: shapes of a play (:mod:`.shapes_nb`), legal leads (:mod:`.lead_nb`),
who wins a trick (:mod:`.trick_nb`), throws (:mod:`.throw_nb`), the kitty (:mod:`.kitty_nb`),
scoring (:mod:`.score_nb`) and declaring and 炒底 (:mod:`.bidding_nb`). Imports only
:mod:`shengji_sim.core.base`."""
