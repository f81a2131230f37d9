"""Machinery of the completion problem used by several rooms: configurations and durations
(``.config``), the placement patterns of E2 (``.pattern_set``), list scheduling
(``.lists``), the baselines' placement rules (``.placement``) and their simulated run
(``.simulation``)."""
