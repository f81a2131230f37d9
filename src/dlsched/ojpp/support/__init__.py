"""OJPP machinery used by several rooms: collision probability, interference, the cluster state
and placement skeleton of the algorithms, feasible device patterns, Gavel's measured data and
the vector-packing instance classes (perfect packings, Caprara & Toth classes)."""
