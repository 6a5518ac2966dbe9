"""Each player's DM channel is kept in the store: a restarted bot sends the next
deal's hole cards there instead of asking Discord to open every player's DM channel again (one
request each under the global limit: thousands when a league network's bot restarts at its
peak). A kept channel that is gone is opened again, once, and the cards still arrive."""

from __future__ import annotations

from pathlib import Path

from simcord import MemberActor

from bot.discord_ui.client import create_bot

from .conftest import GUILD_ID, HAND_DELAY, Harness
from .test_tournament_flow import actor, first_decision, to_act


def opened_dms(h: Harness, since: int) -> list[str]:
    return [c for c in h.env.transcript().splitlines()[since:]
            if c.startswith("HTTP     POST /users/@me/channels")]


async def fold_out_and_deal(h: Harness, members: list[MemberActor]) -> None:
    """The hand in play folded to its end, then the next one dealt."""
    session = h.bot.tournaments.unfinished_in(h.guild.id)[0]
    first = to_act(session)
    while (found := to_act(session)) is not None and first is not None \
            and found[1].hand_id == first[1].hand_id:
        await actor(members, found[1], found[2]).slash(h.channel, "fold")
    await h.advance(HAND_DELAY)


async def restart(h: Harness, tmp_path: Path) -> None:
    await h.bot.close()
    new = create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=HAND_DELAY)
    await h.env.restart_bot(new)
    h.bot = new


async def test_a_restarted_bot_deals_without_opening_dm_channels_again(
        harness: Harness, tmp_path: Path) -> None:
    h = harness
    members = [h.alice, h.bob, h.carol]
    await first_decision(h, members)
    assert len(opened_dms(h, 0)) == 3  # the first deal opened each player's DM channel
    await restart(h, tmp_path)
    seen = len(h.env.transcript().splitlines())
    await fold_out_and_deal(h, members)  # the next hand, dealt by the restarted bot
    assert opened_dms(h, seen) == []
    for m in members:
        dealt = [x.content for x in h.dms(m) if "your cards are" in x.content]
        assert len(dealt) == 2 and "1-t1-h2" in dealt[-1], dealt


async def test_a_kept_dm_channel_that_is_gone_is_opened_again(harness: Harness,
                                                              tmp_path: Path) -> None:
    h = harness
    members = [h.alice, h.bob, h.carol]
    await first_decision(h, members)
    await restart(h, tmp_path)
    # Alice's kept channel is refused as unknown once (as if deleted on Discord's side).
    alice_dm = h.dms(h.alice)[-1].channel.id
    h.env.inject_error("POST", f"/channels/{alice_dm}/messages", status=404, code=10003,
                       message="Unknown Channel")
    seen = len(h.env.transcript().splitlines())
    await fold_out_and_deal(h, members)
    assert len(opened_dms(h, seen)) == 1  # hers only, opened again
    dealt = [x.content for x in h.dms(h.alice) if "your cards are" in x.content]
    assert len(dealt) == 2 and "1-t1-h2" in dealt[-1], dealt
