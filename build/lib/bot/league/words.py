"""Counts in words for league texts: "1 night", "2 nights" (never "1 nights")."""

from __future__ import annotations


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """`n` and its noun in agreement: counted(1, "night") is "1 night", counted(0, "night")
    "0 nights"; `plural` for an irregular noun (counted(2, "entry", "entries"))."""
    return f"{n:,} {singular if n == 1 else (plural or singular + 's')}"
