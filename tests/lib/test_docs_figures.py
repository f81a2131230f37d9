"""docs/lib.md quotes the library's figures as generated from the records (never by hand)."""

from __future__ import annotations

from pathlib import Path

from dlsched.lib.summary import MARK_END, MARK_START, figures_markdown, replace_block

PAGE = Path(__file__).resolve().parents[2] / "docs" / "lib.md"


def test_docs_lib_figures_are_the_records() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert MARK_START in text and MARK_END in text
    assert replace_block(text, figures_markdown()) == text, \
        "docs/lib.md is stale: run python scripts/lib_docs.py"


def test_a_changed_record_makes_the_page_stale(tmp_path: Path) -> None:
    import shutil

    from dlsched.lib.records import format_number, read_index, set_dir, write_index

    folder = Path(shutil.copytree(set_dir("completion/tractable"),
                                   tmp_path / "completion" / "tractable"))
    rows = read_index(folder)
    row = next(r for r in rows if r["status"] == "open")
    best = float(row["best_known"])
    row.update(bound=format_number(best), gap="0.0", status="optimal")
    write_index(folder, rows)
    assert "| completion/tractable | 12 | 1/12 |" in figures_markdown(tmp_path) or \
        f"| completion/tractable | {len(rows)} |" in figures_markdown(tmp_path)
    assert figures_markdown(tmp_path) != figures_markdown()
