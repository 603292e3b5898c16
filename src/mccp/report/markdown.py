"""Markdown for the generated docs: tables, number cells, and blocks between markers."""

from __future__ import annotations


def replace_between(text: str, begin: str, end: str, block: str) -> str | None:
    """`text` with `block` between the markers; None if the markers are absent."""
    start = text.find(begin)
    stop = text.find(end, start + len(begin)) if start >= 0 else -1
    if start < 0 or stop < 0:
        return None
    return text[: start + len(begin)] + "\n" + block.rstrip("\n") + "\n" + text[stop:]


def md_table(head: list[str], rows: list[list]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return out


def fmt(x, digits: int = 2) -> str:
    if x is None:
        return "—"
    if isinstance(x, float):
        return f"{x:.{digits}f}".rstrip("0").rstrip(".")
    return str(x)
