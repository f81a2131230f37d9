"""OEF machinery used by several rooms: Gavel's measured throughputs (``gavel_data.py``) and the
round-based job simulator (``jobsim.py``) that runs the mechanisms and baselines over time."""
