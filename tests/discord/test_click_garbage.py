"""A table click, the Raise modal's answer and a slash command leave nothing big for the garbage
collector (dpy.release): the interaction, the message it came with and its response are
freed when the click or command is answered.
At 1,000 tables their cycles were ~40 objects a click, and those the collector found in flight
aged into the old generation, whose full passes hold the loop for 0.3-0.5 s (bench/night.py)."""

from __future__ import annotations

import contextlib
import gc
from collections import Counter
from collections.abc import Iterator

import discord
import pytest

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import actor, button, first_hand, table_message, to_act

# The interactions and all they carry: the message, its embed and buttons, the member, the
# response; the Raise modal and its text input.
CARRIED = (discord.Interaction, discord.InteractionResponse, discord.Message, discord.Embed,
           discord.Member, discord.User, discord.components.ActionRow, discord.components.Button,
           discord.ui.Modal, discord.ui.TextInput)


@contextlib.contextmanager
def carried_left_in_cycles() -> Iterator[Counter[str]]:
    """The CARRIED objects the collector finds unreachable during the block, by class name
    (filled when the block ends; gc.DEBUG_SAVEALL keeps what a pass finds in gc.garbage)."""
    left: Counter[str] = Counter()
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield left
        gc.collect()
        left.update(type(o).__name__ for o in gc.garbage if isinstance(o, CARRIED))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


# No freeze (collector.py) during these tests: frozen, a cycle would not be found.
@pytest.mark.bot_options(freeze_every=None)
async def test_an_answered_click_leaves_no_discord_object_in_a_cycle(harness: Harness) -> None:
    h = harness
    members = [h.alice, h.bob, h.carol]
    session = await first_hand(h, members)
    # The Raise modal is drawn and let go of once sent (its submission is routed by its custom
    # id): it and its text input, which point at each other, are counted too.
    with carried_left_in_cycles() as left:
        clicks = 0
        while clicks < 8:
            found = to_act(session)
            if found is None:
                await h.advance(HAND_DELAY)
                continue
            table, hand, seat = found
            player = actor(members, hand, seat)
            msg = table_message(h, session, table)
            act = "hp:r:" if clicks == 0 else "hp:c:"  # a raise by the modal, then calls
            events = len(hand.events)
            r = await player.click(msg, custom_id=button(msg, act))
            if act == "hp:r:":
                legal = hand.legal()
                assert legal is not None
                r = await player.submit_modal(r, {"amount": str(legal.min_raise_to)})
            assert not r.ephemeral and len(hand.events) > events  # answered with the table
            clicks += 1
    assert left == Counter(), left


@pytest.mark.bot_options(freeze_every=None)
async def test_answered_slash_commands_leave_no_discord_object_in_a_cycle(
        harness: Harness) -> None:
    """Commands answered with a reply (/rule), refused (/join twice: the error handler) and
    playing the hand (/call, /check), at ~300 commands a minute at 1,000 tables."""
    h = harness
    members = [h.alice, h.bob, h.carol]
    session = await first_hand(h, members)
    with carried_left_in_cycles() as left:
        reply = await h.alice.slash(h.channel, "rule", topic="string-bet")
        assert reply.response is not None and reply.response.embeds
        refused = await h.alice.slash(h.channel, "tournament join")
        assert refused.ephemeral
        assert h.env.errors  # SimCord captured the refusal (reading acknowledges it)
        found = to_act(session)
        assert found is not None
        _, hand, seat = found
        events = len(hand.events)
        legal = hand.legal()
        assert legal is not None
        await actor(members, hand, seat).slash(h.channel, "check" if legal.can_check else "call")
        assert len(hand.events) > events
    assert left == Counter(), left
