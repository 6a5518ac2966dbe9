"""After an all-in with no betting left, the board runs out on the table message a street at a
time, each pot's chances shown. The hand is over and saved at once; only the showing
waits, and the next deal waits for it. No hole card shows earlier than the face-up rule says."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Sequence

import pytest

from bot.discord_ui.announcer import table_edits
from bot.discord_ui.client import LeagueBot, create_bot
from bot.discord_ui.presenter.hands import shows_chances
from bot.engine import equity
from bot.engine.events import Event
from bot.engine.runout import runout_frames

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_table_message import click, dealt
from .test_tournament_flow import table_message, to_act

PAUSE = 10.0  # above SimCord's 5 s settle window: each street waits for h.advance


@pytest.fixture
def simcord_bot(tmp_path) -> LeagueBot:
    return create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY,
                      runout_pause=PAUSE, idle_ping_seconds=0)


def description(h: Harness, session, table: int) -> str:
    return table_message(h, session, table).embeds[0].description


async def all_in_three_ways(h: Harness, *, deal_early: bool = False):
    """Hand 1 folded round (stacks differ), hand 2 all-in three ways: the hand over, at
    least two players left (the decks are drawn from fixed seeds chosen so)."""
    seeds = (f"runout-{i}" for i in itertools.count())
    h.bot.tournaments.seeds = lambda: next(seeds)
    session = await dealt(h, players=3)
    if deal_early:  # as if another timer dealt the table before the run-out was all shown
        session.runout_pause = 0.0
    table, hand, _ = to_act(session)
    while not hand.is_over:
        await click(h, session, "hp:f:")
    await h.advance(HAND_DELAY)
    table, hand, _ = to_act(session)
    while not hand.is_over:
        msg = table_message(h, session, table)
        shove = next(c for row in msg.components for c in row.children
                     if c.custom_id.startswith("hp:a:"))
        await click(h, session, "hp:c:" if shove.disabled else "hp:a:")
    assert sum(1 for p in session.tournament.players.values() if p.stack) >= 2
    return session, table, hand


async def test_the_board_runs_out_street_by_street_with_each_pots_chances(
        harness: Harness) -> None:
    h = harness
    session, table, hand = await all_in_three_ways(h)
    cards = h.bot.card_art.for_server(True).cards
    ts = session.tournament.tables[table]
    # Over and saved at once: the table holds no hand, the store has the hand's end.
    assert ts.hand is None and ts.last_hand is hand
    assert len(runout_frames(hand.events)) == 4  # before the flop, turn, river; then whole
    board = hand.board
    text = description(h, session, table)
    first = text.splitlines()[0]
    assert first.startswith("Preflop"), first
    assert "Hand over" not in text
    assert table_message(h, session, table).attachments == []  # the proof comes at the end
    # Each pot's chances on lines of their own: the main pot among all three, the side pot
    # among the two who covered the short stack.
    lines = text.splitlines()
    main = next(ln for ln in lines if ln.startswith("main: "))
    side = next(ln for ln in lines if ln.startswith("side 1: "))
    assert main.count("%") == 3 and side.count("%") == 2, text
    # Face up as the rule says (every live hand, at the all-in): all three are live.
    for p in hand.players.values():
        assert cards(p.shown) in text
    await h.advance(PAUSE)
    first = description(h, session, table).splitlines()[0]
    assert first.startswith(cards(board[:3])) and cards(board[3:4]) not in first, first
    await h.advance(PAUSE)
    first = description(h, session, table).splitlines()[0]
    assert first.startswith(cards(board[:4])) and cards(board[4:]) not in first, first
    assert session.tournament.tables[table].hand is None  # the next deal waits for the river
    await h.advance(PAUSE)
    text = description(h, session, table)
    assert text.splitlines()[0].startswith(cards(board)) and "**Hand over.**" in text
    assert len(table_message(h, session, table).attachments) == 1
    await h.advance(HAND_DELAY)
    assert session.tournament.tables[table].hand is not None  # dealt once it was all shown



async def test_a_called_all_in_is_answered_at_once_and_its_chances_follow(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The click that turns the hands face up is not kept waiting while the chances are
    counted (10-30 ms in the worker process, more behind other tables' counts at a network's
    peak): it shows the hands at once, and the chances come in an edit once counted."""
    h = harness
    counted = asyncio.Event()
    count_ahead = table_edits.count_ahead

    async def slow_count(events: Sequence[Event]) -> None:
        await h.env.external_wait(counted.wait(), reason="a worker process still counting")
        await count_ahead(events)

    monkeypatch.setattr(table_edits, "count_ahead", slow_count)
    monkeypatch.setattr(equity, "_counts", type(equity._counts)())  # nothing kept before
    session = await dealt(h, players=2)
    table, hand, _ = to_act(session)
    await click(h, session, "hp:a:")
    answer = await click(h, session, "hp:c:")  # the call: both hands face up
    assert shows_chances(hand)
    shown = answer.response.embeds[0].description  # type: ignore[attr-defined]
    cards = h.bot.card_art.for_server(True).cards
    for p in hand.players.values():
        assert cards(p.shown) in shown
    assert "%" not in shown  # not counted yet: no figure, and nothing waited for one
    counted.set()
    await h.advance(1)
    text = description(h, session, table)
    assert text.splitlines()[0].startswith("Preflop") and text.count("%") == 2, text


async def test_a_restart_mid_runout_shows_the_whole_hand(harness: Harness, tmp_path) -> None:
    h = harness
    session, table, hand = await all_in_three_ways(h)
    await h.advance(PAUSE)  # the flop is shown
    msg_id = table_message(h, session, table).id
    assert "Hand over" not in description(h, session, table)
    await h.bot.close()
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY,
                     runout_pause=PAUSE, idle_ping_seconds=0)
    await h.env.restart_bot(new)
    h.bot = new
    old = next(m for m in h.channel.history() if m.id == msg_id)
    text = old.embeds[0].description
    cards = h.bot.card_art.for_server(True).cards
    assert text.splitlines()[0].startswith(cards(hand.board)) and "**Hand over.**" in text


async def test_a_hand_dealt_before_the_runout_is_all_shown_shows_the_last_one_whole_first(
        harness: Harness) -> None:
    h = harness
    session, table, hand = await all_in_three_ways(h, deal_early=True)
    await h.advance(HAND_DELAY)
    # The next hand is dealt a second after the all-in, long before the river's turn came.
    assert session.tournament.tables[table].hand is not None
    old = next(m for m in h.channel.history()
               if m.embeds and f"Hand {hand.hand_id} " in (m.embeds[0].title or ""))
    assert "**Hand over.**" in old.embeds[0].description and len(old.attachments) == 1
    assert table_message(h, session, table).id != old.id

