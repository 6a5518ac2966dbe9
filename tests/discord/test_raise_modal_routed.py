"""The Raise modal's submission is routed by its custom id (`hpm:<hand id>:<event count>`), as
the table's buttons are, not by discord.py's store of the modals it sent: that store learns of
a modal only once Discord's answer to the click comes back (a submission arriving first was
dropped: "This interaction failed"), keeps each for ten minutes, and is empty after a restart,
so a player who opened Raise before the bot restarted could not raise."""

from __future__ import annotations

from pathlib import Path

from bot.discord_ui.buttons import typed_amount
from bot.discord_ui.client import create_bot

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_tournament_flow import button, first_decision


async def test_a_raise_typed_across_a_restart_is_taken(harness: Harness, tmp_path: Path) -> None:
    h = harness
    d = await first_decision(h, [h.alice, h.bob, h.carol])
    shown = await d.player.click(d.msg, custom_id=button(d.msg, "hp:r:"))
    assert shown.modal is not None
    before = len(d.hand.events)
    await h.bot.close()
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new
    result = await d.player.submit_modal(shown, {"amount": "min"})
    assert result.acknowledged and not result.ephemeral
    assert result.response is not None and result.response.id == d.msg.id
    now = new.tournaments.unfinished_in(h.guild.id)[0].tournament.tables[d.table].hand
    assert now is not None and len(now.events) > before
    assert "raise" in (result.response.embeds[0].description or "").lower()


def test_the_amount_is_read_from_rows_or_labels() -> None:
    # Discord sends a modal's text input in an action row, or (newer layouts) in a label.
    row = [{"type": 1, "components": [{"type": 4, "custom_id": "amount", "value": "pot"}]}]
    label = [{"type": 18, "id": 1, "component": {"type": 4, "custom_id": "amount",
                                                  "value": "1,200"}}]
    assert typed_amount(row) == "pot"
    assert typed_amount(label) == "1,200"
    assert typed_amount([{"type": 1, "components": [{"type": 4, "custom_id": "other",
                                                "value": "x"}]}]) is None
    assert typed_amount("not a list") is None
