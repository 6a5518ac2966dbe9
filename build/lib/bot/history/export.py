"""Export stored hands for a viewer.

A player's export shows his own hole cards and the cards shown at the table, nothing else: the
hand is rebuilt from the full log (bot/history/hands.py), and the writers print only revealed or
shown cards. A director's export reveals every hand (his export is the record for rulings and
appeals).

A hand still being played has no history yet: its summary (pot, who showed, who won) does not
exist, and writing one would invent a result. `export_hand` refuses it (`HandInPlay`), and a
tournament's export holds only the hands that are over.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Literal

from bot.engine.hand import Hand
from bot.engine.phh import to_phh
from bot.engine.pokerstars import to_pokerstars
from bot.history.hands import played_hand
from bot.store import HandRow, Store

Format = Literal["phh", "text"]


class ExportError(ValueError):
    pass


class HandInPlay(ExportError):
    """The hand is not over: asked again after it ends, it exports."""


async def _rebuild(store: Store, row: HandRow) -> Hand:
    hand = await played_hand(store, row)
    if hand is None:
        raise ExportError(f"hand {row.id} has no recorded events")
    return hand


async def export_hand(store: Store, hand_id: int, *, viewer: int | None, fmt: Format = "phh",
                      director: bool = False, names: Mapping[str, str] | None = None) -> str:
    """`viewer` is the user asking (his own cards are revealed); `director` reveals all.
    Players are named by `names` (player id -> display name), else by their entries."""
    row = await store.hand(hand_id)
    if row is None:
        raise ExportError(f"there is no hand {hand_id}")
    hand = await _rebuild(store, row)
    if not hand.is_over:
        raise HandInPlay(f"hand {row.id} is still being played")
    return await _write(store, row, hand, viewer=viewer, fmt=fmt, director=director,
                        names=names)


async def export_tournament(store: Store, tournament_id: int, *, viewer: int | None,
                            fmt: Format = "phh", director: bool = False,
                            names: Mapping[str, str] | None = None) -> str:
    parts = []
    for row in await store.tournament_hands(tournament_id):
        hand = await _rebuild(store, row)
        if not hand.is_over:
            continue  # no result yet (the hand in play, or one its tournament never finished)
        parts.append(await _write(store, row, hand, viewer=viewer, fmt=fmt, director=director,
                                  names=names))
    if not parts:
        raise ExportError(f"tournament {tournament_id} has no hands yet")
    return "\n\n".join(parts) if fmt == "text" else "\n".join(parts)


async def _write(store: Store, row: HandRow, hand: Hand, *, viewer: int | None, fmt: Format,
                 director: bool, names: Mapping[str, str] | None) -> str:
    if director:
        reveal = set(hand.players)
    else:
        seat = hand.seat_of(str(viewer)) if viewer is not None else None
        reveal = {seat} if seat is not None else set()
    if names is None:
        names = {str(e.user_id): e.display_name for e in await store.entries(row.tournament_id)}
    if fmt == "phh":
        return _named_players(to_phh(hand, reveal=reveal), names)
    when = datetime.fromtimestamp(row.started_at, UTC).strftime("%Y/%m/%d %H:%M:%S UTC")
    return to_pokerstars(hand, names=names, reveal=reveal, tournament=str(row.tournament_id),
                         started_at=when, table_name=str(row.table_no))


def _named_players(phh: str, names: Mapping[str, str]) -> str:
    """The PHH `players` list by display name: a reader knows the players by name, and a
    Discord id says nothing to him."""
    lines = phh.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("players = "):
            ids = tomllib.loads(line)["players"]
            # A JSON string is a valid TOML basic string (quotes, backslashes, controls escaped).
            named = ", ".join(json.dumps(names.get(str(p), str(p))) for p in ids)
            lines[i] = f"players = [{named}]"
    return "\n".join(lines)
