"""Convert the vendored Falkenauer triplet instances (GGA-CGT text format, sizes with two
decimals, capacity 100.00) to VPSolver ``.vbp`` files with integer sizes (x10: capacity 1000).

    python scripts/make_ojpp_vbp_triplets.py   # reads instances/ojpp/vbp/raw/t60_*.txt

Scaling by 10 is exact (every size has one significant decimal), so the optimum is unchanged.
Provenance: instances/ojpp/vbp/PROVENANCE.md.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path

VBP = Path(__file__).resolve().parents[1] / "instances" / "ojpp" / "vbp"
SCALE = 10


def read_gga(path: Path) -> tuple[int, list[int], int]:
    """(capacity, sizes, known best) of a GGA-CGT instance file, scaled to integers."""
    values = [ln.strip() for ln in path.read_text().splitlines()
              if ln.strip() and not ln.startswith("//")]
    n, cap, best = int(values[0]), Decimal(values[1]), int(values[2])
    sizes = [Decimal(v) * SCALE for v in values[3:]]
    if len(sizes) != n or any(s != s.to_integral_value() for s in sizes):
        raise ValueError(f"{path}: expected {n} sizes with at most one decimal")
    return int(cap * SCALE), [int(s) for s in sizes], best


def write_vbp(path: Path, cap: int, sizes: list[int]) -> None:
    types = sorted(Counter(sizes).items(), key=lambda t: -t[0])
    body = "".join(f"{s} {d}\n" for s, d in types)
    path.write_text(f"1\n{cap}\n{len(types)}\n{body}")


def main() -> None:
    for raw in sorted((VBP / "raw").glob("t60_*.txt")):
        cap, sizes, best = read_gga(raw)
        write_vbp(VBP / f"{raw.stem}.vbp", cap, sizes)
        print(raw.stem, len(sizes), "items, capacity", cap, "sum", sum(sizes), "best", best)


if __name__ == "__main__":
    main()
