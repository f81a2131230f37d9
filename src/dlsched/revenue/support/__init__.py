"""Revenue machinery used by several rooms: configurations and the θ / λ rules
(``configs``), the Astraea mechanism (``mechanism``) and its runs (``runs``), the
exact models' horizon (``horizon``) and the baselines' placement helpers
(``placement``)."""
