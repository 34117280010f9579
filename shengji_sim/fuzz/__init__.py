"""Fuzzing harness (DESIGN.md "Fuzzing"): strategies, the property catalogue, the runner,
interpretation diffs and the soak (the reports they feed are in :mod:`shengji_sim.report`).

* :mod:`.positions`: the ``Position`` every strategy draws and every property checks, and
  ``position(...)`` notation.
* :mod:`.strategies`: the hypothesis strategy for each position kind (``positions_of``), drawn
  from :mod:`.card_strategies` (readings, leads, hands, plays), :mod:`.trick_strategies` and
  :mod:`.flow_strategies`; :mod:`.game_machine`: whole games (``GameMachine``).
* :mod:`.properties`: ``CATALOGUE`` of named properties (checks in :mod:`.trick_properties`,
  :mod:`.engine_properties`, :mod:`.flow_properties`); :mod:`.property_base`: ``Property``
  and ``PropertyFailure``, classified ``engine_defect`` or ``rule_set_finding``.
* :mod:`.runner`: ``run_catalogue`` / ``run_property``: fixed example counts or a time
  budget, a seed, distinct failures per property, every alternative reading (``vary``).
* :mod:`.explain`: each finding's seed lines, related items, judge under the alternative
  readings and verdict.
* :mod:`.soak`: the reference and the core play the same hands, compared decision by
  decision (``shengji-sim soak``).
* :mod:`.diff`: ``diff_readings``: the same deals under two readings of an AMB item.
"""

from shengji_sim.fuzz.properties import CATALOGUE
from shengji_sim.fuzz.property_base import ENGINE, RULESET, Property, PropertyFailure

__all__ = ["CATALOGUE", "ENGINE", "RULESET", "Property", "PropertyFailure"]
