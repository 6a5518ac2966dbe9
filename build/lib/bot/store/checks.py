"""Chip conservation over stored events, pluggable because the store does not know the rules.

A check gets a tournament and its full event log and returns a list of problems, or None when it
does not understand this tournament's events (so several engines' checks can coexist). Whoever
runs the check passes the checks it knows (`python -m bot.db check` passes the game's, from
`bot.service.conservation_checks()`); nothing registers itself on import.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .rows import StoredEvent, TournamentRow

ConservationCheck = Callable[[TournamentRow, Sequence[StoredEvent]], list[str] | None]


@dataclass
class TournamentCheck:
    tournament_id: int
    name: str
    checked: bool
    problems: list[str] = field(default_factory=list)


@dataclass
class CheckReport:
    integrity: list[str]
    foreign_keys: list[str]
    tournaments: list[TournamentCheck]

    @property
    def ok(self) -> bool:
        return (
            self.integrity == ["ok"]
            and not self.foreign_keys
            and not any(t.problems for t in self.tournaments)
        )

    def lines(self) -> list[str]:
        out = [f"integrity_check: {', '.join(self.integrity)}"]
        out.append(f"foreign_key_check: {len(self.foreign_keys)} problem(s)")
        out.extend(f"  {p}" for p in self.foreign_keys)
        for t in self.tournaments:
            if not t.checked:
                verdict = "no conservation check knows its events"
            else:
                verdict = "chips conserved" if not t.problems else "CHIPS NOT CONSERVED"
            out.append(f"tournament {t.tournament_id} ({t.name}): {verdict}")
            out.extend(f"  {p}" for p in t.problems)
        out.append("OK" if self.ok else "FAILED")
        return out


def run_checks(
    tournament: TournamentRow, events: Sequence[StoredEvent], checks: Sequence[ConservationCheck]
) -> TournamentCheck:
    result = TournamentCheck(tournament.id, tournament.name, checked=False)
    for check in checks:
        problems = check(tournament, events)
        if problems is None:
            continue
        result.checked = True
        result.problems.extend(problems)
    return result
