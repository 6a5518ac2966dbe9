"""The bot's hot posts (hole-card DMs, the table's posts and rulings) carry a nonce of the bot's
own, drawn without `secrets` (nonces.py): discord.py's own draw is `os.urandom`, a system call
that lets go of the GIL each message."""

from __future__ import annotations

import secrets

import pytest

from bot.discord_ui.nonces import nonce

from .conftest import Harness
from .test_tournament_flow import first_hand


async def test_a_deal_draws_no_nonce_from_the_system(harness: Harness,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    drawn: list[int] = []
    system = secrets.randbits

    def randbits(k: int) -> int:
        drawn.append(k)
        return system(k)

    monkeypatch.setattr(secrets, "randbits", randbits)  # discord.py's nonce: secrets.randbits(64)
    await first_hand(h, [h.alice, h.bob, h.carol])
    cards = [m for who in (h.alice, h.bob, h.carol) for m in h.dms(who)]
    assert len(cards) == 3 and all(m.content.startswith("Hand ") for m in cards)
    assert drawn == []


def test_nonces_differ_and_fit_discord() -> None:
    drawn = {nonce() for _ in range(10_000)}
    assert len(drawn) == 10_000
    assert all(0 <= n < 2**63 for n in drawn)
