"""At LOG_LEVEL=DEBUG no hole card and no deck seed reaches the log: aiosqlite
logs every statement with its parameters and discord.py logs request and event bodies at DEBUG,
so those loggers stay at INFO whatever the bot's level (`bot.__main__.SECRET_LOGGERS`)."""

from __future__ import annotations

import logging
import re

import pytest

from bot.__main__ import SECRET_LOGGERS, keep_secrets_out_of_logs
from bot.tournament import events as tev

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import create_and_join, to_act


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[tuple[str, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + logging.Formatter().formatException(record.exc_info)
        self.lines.append((record.name, text))


@pytest.fixture
def debug_log(monkeypatch: pytest.MonkeyPatch):
    root = logging.getLogger()
    records = Records()
    for name in SECRET_LOGGERS:
        monkeypatch.setattr(logging.getLogger(name), "level", logging.NOTSET)
    monkeypatch.setattr(root, "level", logging.DEBUG)
    keep_secrets_out_of_logs()  # what `python -m bot` does with LOG_LEVEL=DEBUG
    root.addHandler(records)
    try:
        yield records
    finally:
        root.removeHandler(records)


def card_patterns(card: str) -> list[re.Pattern[str]]:
    from bot.engine.cards import pretty

    return [re.compile(rf"(?<![0-9A-Za-z]){re.escape(card)}(?![0-9A-Za-z])"),
            re.compile(re.escape(pretty(card)))]


async def test_a_hand_at_debug_logs_no_hole_card_and_no_seed(harness: Harness,
                                                             debug_log: Records) -> None:
    h = harness
    members = [h.alice, h.bob, h.carol]
    session = await create_and_join(h, members)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    table, hand, _ = to_act(session)
    while not hand.is_over:
        _, hnd, seat = to_act(session)
        actor = next(m for m in members if str(m.id) == hnd.players[seat].player)
        await actor.slash(h.channel, "fold")
        await actor.slash(h.channel, "cards")  # his cards, privately: never into the log
    for name in SECRET_LOGGERS:
        assert logging.getLogger(name).getEffectiveLevel() >= logging.INFO
    ours = [(n, t) for n, t in debug_log.lines if not n.startswith("simcord")]
    assert any(n.startswith(("bot", "discord")) for n, _ in ours)  # it ran at DEBUG
    seeds = {e.seed for e in session.tournament.events if isinstance(e, tev.HandDealt)}
    seeds |= {e.seed for e in session.tournament.events if isinstance(e, tev.Started)}
    hidden = {c for p in hand.players.values() for c in (p.hole or ()) if c not in p.shown}
    assert seeds and hidden
    for name, text in ours:
        for seed in seeds:
            assert seed not in text, (name, text[:200])
        for card in hidden:
            for pattern in card_patterns(card):
                assert not pattern.search(text), (name, card, text[:300])
