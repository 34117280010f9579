"""Variants and strategy profiles as data: the variant schema and its loading
(:mod:`.variant`), the ambiguity items and their readings (:mod:`.interpretations`), the
strategy profiles (:mod:`.strategy`), the built-in data folders (:mod:`.datafiles`) and seat
specs such as ``NS=expert,EW=random`` (:mod:`.seats`). Nothing here plays a card."""
