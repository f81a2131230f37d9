"""LTGF machinery used by several rooms: slot view (``slots``), fair-share tracking
(``fairness``), the policy base class (``policy``) and the simulator runner (``simulate``)."""
