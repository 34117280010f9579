"""Reports people read: the run summary (:mod:`.summary`), balance (:mod:`.balance`,
:mod:`.balance_plots`), strategies (:mod:`.tournament`), interpretations
(:mod:`.interpretations`), contradictions (:mod:`.fuzz`) and soak (:mod:`.soak`). They read
what the runs wrote and print figures with their intervals (:mod:`shengji_sim.stats`)."""
