"""After an all-in with no betting left, the board runs out on the table message a street at a
time, each pot's chances shown (issue 23). The hand is over and saved at once; only the showing
waits, and the next deal waits for it. No hole card shows earlier than the face-up rule says."""

from __future__ import annotations

import pytest

from bot.discord_ui.client import LeagueBot, create_bot
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


async def test_the_board_runs_out_street_by_street_with_each_pots_chances(
        harness: Harness) -> None:
    h = harness
    session = await dealt(h, players=3)
    table, hand, _ = to_act(session)
    while not hand.is_over:  # hand 1: folded round to the big blind (stacks now differ)
        await click(h, session, "hp:f:")
    await h.advance(HAND_DELAY)
    table, hand, _ = to_act(session)
    cards = h.bot.card_art.for_server(True).cards
    while not hand.is_over:  # everyone all-in (or calling all-in): a side pot between two
        msg = table_message(h, session, table)
        shove = next(c for row in msg.components for c in row.children
                     if c.custom_id.startswith("hp:a:"))
        await click(h, session, "hp:c:" if shove.disabled else "hp:a:")
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

