"""Machinery of the completion problem used by several rooms: configurations and durations
(:mod:`.config`), the placement patterns of E2 (:mod:`.pattern_set`), list scheduling
(:mod:`.lists`), the baselines' placement rules (:mod:`.placement`) and their simulated run
(:mod:`.simulation`)."""
