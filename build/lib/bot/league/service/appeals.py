"""Appeals: a member appeals a ruling (about a hand or not), a director decides it once."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.store import AppealRow, HandRow, Store, StoreError, Transaction

from .errors import LeagueError

_HAND_NAME = re.compile(r"^\s*#?(\d+)-t(\d+)-h(\d+)\s*$")


def hand_name(hand: HandRow) -> str:
    """The name the table message gives a hand (the engine's hand id)."""
    return f"{hand.tournament_id}-t{hand.table_no}-h{hand.hand_no}"


async def find_hand(store: Store, guild_id: int, name: str) -> HandRow:
    """A hand by the name the table shows ("7-t1-h12") or by its stored number."""
    m = _HAND_NAME.match(name)
    if m:
        hand = await store.hand_by_number(int(m[1]), int(m[2]), int(m[3]))
    elif name.strip().lstrip("#").isdigit():
        hand = await store.hand(int(name.strip().lstrip("#")))
    else:
        hand = None
    t = None if hand is None else await store.tournament(hand.tournament_id)
    if hand is None or t is None or t.guild_id != guild_id:
        raise LeagueError(f"There is no hand '{name.strip()[:40]}' in this server "
                          "(name it as the table does, e.g. 7-t1-h12).")
    return hand


# A member may file at most this many appeals in any APPEAL_WINDOW seconds (directors too):
# enough for a bad night, not for a flood.
APPEALS_PER_WINDOW = 5
APPEAL_WINDOW = 24 * 3600


async def _may_appeal(tx: Transaction, guild_id: int, user_id: int, hand: HandRow | None,
                      director: bool) -> None:
    """Who may appeal what, checked inside the transaction that files the appeal."""
    if hand is not None and not director:
        t = await tx.tournament(hand.tournament_id)
        played = any(e.user_id == user_id and e.status != "withdrawn"
                     for e in await tx.entries(hand.tournament_id))
        if not played:
            name = f"{t.name} (#{t.id})" if t is not None else f"tournament {hand.tournament_id}"
            raise LeagueError(f"Only the players of {name}, or a director, may appeal its "
                              "hands. Nothing was changed.")
    mine = await tx.member_appeals(guild_id, user_id)
    if hand is not None:
        same = next((a for a in mine if a.hand_id == hand.id and a.status == "open"), None)
        if same is not None:
            raise LeagueError(f"Your appeal {same.id} of hand {hand_name(hand)} is still open: "
                              "the league decides it first. Nothing was changed.")
    recent = [a for a in mine if a.created_at > tx.now - APPEAL_WINDOW]
    if len(recent) >= APPEALS_PER_WINDOW:
        again = int(recent[-APPEALS_PER_WINDOW].created_at + APPEAL_WINDOW)
        raise LeagueError(f"You sent {len(recent)} appeals in the last 24 hours, the most the "
                          f"league takes from one member: you can appeal again <t:{again}:R>. "
                          "Nothing was changed.")


async def file_appeal(store: Store, guild_id: int, user_id: int, text: str,
                      hand: str | None = None, *, director: bool = False) -> AppealRow:
    """A member appeals a ruling, about a hand or not. Only that night's players (or a
    director) may appeal a hand; one open appeal per member per hand (a unique index); at most
    APPEALS_PER_WINDOW appeals per member a day. Every check is made in the transaction that
    files the appeal, so two /appeal at once cannot both pass it."""
    statement = " ".join(text.split())
    if not statement:
        raise LeagueError("Say what you are appealing.")
    found = None if hand is None else await find_hand(store, guild_id, hand)

    async def write(tx: Transaction) -> AppealRow:
        await _may_appeal(tx, guild_id, user_id, found, director)
        return await tx.open_appeal(guild_id, user_id, statement[:1500],
                                    hand_id=None if found is None else found.id)

    try:
        return await store.write(write)
    except StoreError as exc:  # the unique index: the same appeal filed a moment ago
        name = hand_name(found) if found is not None else "this hand"
        raise LeagueError(f"You already have an open appeal of hand {name}. "
                          "Nothing was changed.") from exc


@dataclass(frozen=True)
class AppealsPage:
    """One page of a server's appeals, open ones first (oldest first: the queue), then the
    closed ones (latest decided first)."""

    items: tuple[tuple[AppealRow, str | None], ...]  # each with its hand's name, if any
    page: int
    pages: int
    total: int
    open: int


APPEALS_PER_PAGE = 10


async def appeals_page(store: Store, guild_id: int, status: str | None,
                       page: int) -> AppealsPage:
    """Page `page` (from 1; past the end: the last) of the server's appeals, open first."""
    found = await store.appeals(guild_id)
    opened = [a for a in found if a.status == "open"]
    closed = sorted((a for a in found if a.status == "closed"),
                    key=lambda a: (a.decided_at or 0, a.id), reverse=True)
    listed = opened if status == "open" else closed if status == "closed" else opened + closed
    pages = max(1, -(-len(listed) // APPEALS_PER_PAGE))
    page = min(max(page, 1), pages)
    chosen = listed[(page - 1) * APPEALS_PER_PAGE:page * APPEALS_PER_PAGE]
    items = []
    for a in chosen:
        row = None if a.hand_id is None else await store.hand(a.hand_id)
        items.append((a, None if row is None else hand_name(row)))
    return AppealsPage(tuple(items), page, pages, len(listed), len(opened))


async def close_appeal(store: Store, guild_id: int, appeal_id: int, director_id: int,
                       decision: str) -> AppealRow:
    """Decide an appeal, once: checked in the transaction that closes it, so of two directors
    deciding it at once the second is told the first one's decision and changes nothing."""
    text = " ".join(decision.split())
    if not text:
        raise LeagueError("A decision needs its text: it is kept for the future.")

    async def close(tx: Transaction) -> AppealRow:
        appeal = await tx.appeal(appeal_id)
        if appeal is None or appeal.guild_id != guild_id:
            raise LeagueError(f"There is no appeal {appeal_id}.")
        if appeal.status == "closed":
            raise LeagueError(f"Appeal {appeal_id} was already decided: {appeal.decision}")
        return await tx.close_appeal(appeal_id, director_id, text[:1500])

    try:
        return await store.write(close)
    except StoreError as exc:  # the store's own guard (status = 'open' in the UPDATE)
        raise LeagueError(str(exc).capitalize() + ".") from exc
