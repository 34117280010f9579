"""Legal follows as kernels: the follow tables (:mod:`.follow_data`), the rows of a follow
(:mod:`.follow_rows_nb`), realising a row as cards (:mod:`.follow_realize_nb`), following a
throw (:mod:`.follow_throw_nb`), the families of legal follows (:mod:`.follow_families_nb`),
counting them (:mod:`.follow_count_nb`) and the fast paths (:mod:`.follow_fast_nb`). Imports
the base and rules rooms of the core."""
