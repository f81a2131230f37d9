"""Revenue machinery used by several rooms: configurations and the θ / λ rules
(:mod:`.configs`), the Astraea mechanism (:mod:`.mechanism`) and its runs (:mod:`.runs`), the
exact models' horizon (:mod:`.horizon`) and the baselines' placement helpers
(:mod:`.placement`)."""
