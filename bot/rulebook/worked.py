"""What a question with amounts comes to: the numbers the engine gives in the spot it describes
(bot/rulebook/amounts.py reads and plays hands, bot/rulebook/pot_sums.py shares pots), for the
presenter's words (bot/discord_ui/presenter/rules.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from bot.engine.hand import Seat
from bot.engine.profile import Profile

# The seats of a spot's table: a pot split, a side pot or a hand played has at most this many.
TABLE_SIZE = 10
# Stacks of the players whose stack the question does not name: deep enough for any spot.
DEEP = 10**9

SpotKind = Literal[
    "min-raise", "min-bet", "short-all-in", "reopened", "not-reopened", "make-it",
    "declared", "said-raise-call", "raise-it", "declared-vs-chips", "below-call",
    "over-stack", "split", "side-pots", "uncalled", "single-chip", "string", "clock", "forced-bets",
    "heads-up-posts", "blind-pair", "chip-race", "call-for-less", "blinds-after-bust",
    "blind-posts",
]


@dataclass(frozen=True)
class Worked:
    """What the engine does in the spot a question describes.

    `amount` is the answer's main number; `figures` every number the answer states as a
    result (the total and the chips put in, each share of a split pot); `facts` the other
    numbers the words need (the last raise, the call, the chips returned...)."""

    kind: SpotKind
    rule_id: str
    amount: int
    figures: tuple[int, ...]
    facts: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    profile: str = ""


def worked(kind: SpotKind, rule_id: str, figures: Sequence[int], profile: Profile,
            **facts: int) -> Worked:
    return Worked(kind, rule_id, figures[0], tuple(figures), MappingProxyType(dict(facts)),
                  profile.name)


def spot_seats(count: int, stacks: Mapping[int, int]) -> tuple[Seat, ...]:
    """Seats 1..count of a spot played on the engine, each with the stack the question names
    or a deep one."""
    return tuple(Seat(s, f"p{s}", stacks.get(s, DEEP)) for s in range(1, count + 1))
