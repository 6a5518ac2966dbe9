"""The name of one hand in a tournament, as players see and type it: `7-t1-h12` is tournament 7,
table 1, hand 12 (the hand's number counts across the whole tournament).

This is the one place that builds or reads that text; everything else holds a `HandId`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# ASCII digits only ("²" is a digit to str.isdigit) and at most 9 of them per part: every part
# then fits a SQLite integer, so a typed id can never overflow a query.
_TEXT = re.compile(r"#?([0-9]{1,9})-t([0-9]{1,9})-h([0-9]{1,9})")


@dataclass(frozen=True, order=True)
class HandId:
    tournament: int
    table: int
    number: int

    def __str__(self) -> str:
        return f"{self.tournament}-t{self.table}-h{self.number}"

    @classmethod
    def parse(cls, text: str) -> HandId:
        """Read a hand's name as a player types it (a leading `#` and spaces are fine).

        Raises ValueError with a message saying what is allowed.
        """
        match = _TEXT.fullmatch(text.strip())
        if match is None:
            raise ValueError("A hand is named like 7-t1-h12 (tournament 7, table 1, hand 12), "
                             "as the table message shows it.")
        return cls(*(int(part) for part in match.groups()))

    @classmethod
    def parse_or_none(cls, text: str) -> HandId | None:
        try:
            return cls.parse(text)
        except ValueError:
            return None
