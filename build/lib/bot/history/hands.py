"""A stored tournament's hands as the engine played them, for exports, stats and appeals.

The store keeps only the tournament's own log (each action once, so neither memory nor the
database grows by a copy of every hand); a hand's events, deck proof included, are derived
from it when asked, by replaying the tournament in a worker thread. Hands written by older
versions of the bot still have their own stream in the store ("hand:<id>"); those are read as
stored.

What a viewer may see of a derived hand follows the store's privacy rules (bot/store/privacy.py):
hole cards only to their owner, the deck seed never, a director everything.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from bot.engine.events import Event, event_from_dict
from bot.engine.hand import Hand
from bot.engine.hand_events import HoleCardsDealt
from bot.store import (
    DIRECTOR,
    PUBLIC,
    TOURNAMENT_STREAM,
    HandRow,
    Store,
    StoredEvent,
    Viewer,
    audience_for,
    redact,
)
from bot.tournament.hand_id import HandId
from bot.tournament.tournament import Tournament

# Replays kept: a /history or /stats run asks for several hands of the same tournaments.
# One cache per store: tournament ids restart at 1 in every database, so a key of
# (tournament id, log length) alone would hand one database's hands to another.
_CACHED_TOURNAMENTS = 8
_caches: weakref.WeakKeyDictionary[Store, OrderedDict[tuple[int, int], dict[str, Hand]]] = (
    weakref.WeakKeyDictionary())


def replay_hands(events: Sequence[StoredEvent]) -> dict[str, Hand]:
    """Every hand a tournament's log deals, by the engine's hand id, as played (pure, CPU)."""
    tournament = Tournament()
    hands: dict[str, Hand] = {}
    for stored in events:
        tournament.apply_stored([event_from_dict(stored.data)])
        for ts in tournament.tables.values():
            for hand in (ts.hand, ts.last_hand):
                if hand is not None:
                    hands.setdefault(hand.hand_id, hand)
    return hands


async def _derived(store: Store, tournament_id: int) -> dict[str, Hand]:
    events = await store.load_events(tournament_id, TOURNAMENT_STREAM)
    key = (tournament_id, len(events))
    cache = _caches.setdefault(store, OrderedDict())
    hands = cache.get(key)
    if hands is None:
        # Off the event loop: a long tournament is thousands of events to replay.
        hands = await asyncio.to_thread(replay_hands, events)
        cache[key] = hands
        while len(cache) > _CACHED_TOURNAMENTS:
            cache.popitem(last=False)
    cache.move_to_end(key)
    return hands


async def played_hand(store: Store, row: HandRow) -> Hand | None:
    """The whole hand (every card: for exports, which then reveal only what they may)."""
    stored = await store.hand_events(row.id, DIRECTOR)
    if stored:
        return Hand.replay(event_from_dict(e.data) for e in stored)
    name = str(HandId(row.tournament_id, row.table_no, row.hand_no))
    return (await _derived(store, row.tournament_id)).get(name)


def _visible(hand: Hand, events: Sequence[Event], viewer: Viewer) -> list[dict[str, Any]]:
    out = []
    for e in events:
        data = e.to_dict()
        owner = (hand.player(e.seat).player,) if isinstance(e, HoleCardsDealt) else None
        if not viewer.may_see(audience_for(data, owner)):
            continue
        shown = redact(data, viewer)
        if shown is not None:
            out.append(shown)
    return out


async def hand_events(store: Store, row: HandRow, viewer: Viewer = PUBLIC) -> list[dict[str, Any]]:
    """A hand's events (as dicts with their "type") as `viewer` may see them."""
    stored = await store.hand_events(row.id, viewer)
    if stored or await store.hand_events(row.id, DIRECTOR):
        return [{"type": e.type, **e.data} for e in stored]
    hand = await played_hand(store, row)
    return [] if hand is None else _visible(hand, hand.events, viewer)


async def tournament_hand_events(store: Store, tournament_id: int,
                                 viewer: Viewer = PUBLIC) -> dict[int, list[dict[str, Any]]]:
    """Every hand of a tournament (by hand row id) as `viewer` may see it."""
    stored = await store.tournament_hand_events(tournament_id, viewer)
    full = await store.tournament_hand_events(tournament_id, DIRECTOR)
    out: dict[int, list[dict[str, Any]]] = {}
    derived: dict[str, Hand] | None = None
    for row in await store.tournament_hands(tournament_id):
        if full.get(row.id):  # written by an older bot: as stored
            out[row.id] = [{"type": e.type, **e.data} for e in stored.get(row.id, [])]
            continue
        if derived is None:
            derived = await _derived(store, tournament_id)
        hand = derived.get(str(HandId(row.tournament_id, row.table_no, row.hand_no)))
        out[row.id] = [] if hand is None else _visible(hand, hand.events, viewer)
    return out
