"""League nights before they are played, as the channel, the DMs and the Discord event show
them: scheduled, signed up for, reminded, started, played, repeated."""

from __future__ import annotations

import pytest

from .conftest import Harness
from .test_tournament_flow import reply


@pytest.mark.bot_options(freeze_every=None)
async def test_smoke(harness: Harness) -> None:
    h = harness
    r = await h.director.slash(h.channel, "td settings", timezone="Europe/Paris")
    print(reply(r))
    r = await h.director.slash(h.channel, "night schedule", when="fri 19:30", seats=3,
                               place="The Oak", buy_in=20)
    print(reply(r))
    msg = h.channel.last_message
    print(msg.content)
    for m in h.players:
        r = await m.click(msg, label="I'm in")
        print(reply(r))
    print(h.channel.last_message.content)
    print(h.guild.id, [e for e in h.env.backend.get_guild(h.guild.id).scheduled_events.values()])
