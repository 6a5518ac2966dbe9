"""A click is answered with its table before the posts its outcome makes (a bust, the winner):
with Discord's round trip on every request, each post made the player wait for his table's
edit (the listener answers the click first, under the tournament's lock, table_edits.py
`answer_click`)."""

from __future__ import annotations

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import (
    actor,
    button,
    confirm_all_in,
    first_hand,
    table_message,
    to_act,
)


async def test_the_call_that_busts_a_player_is_answered_before_the_bust_is_posted(
        harness: Harness) -> None:
    h = harness
    members = [h.alice, h.bob]
    session = await first_hand(h, members)
    for _ in range(10):  # a split pot busts nobody: the next hand, then
        found = to_act(session)
        assert found is not None
        table, hand, seat = found
        msg = table_message(h, session, table)
        player = actor(members, hand, seat)
        await confirm_all_in(player, await player.click(msg, custom_id=button(msg, "hp:a:")))
        found = to_act(session)
        assert found is not None and found[1] is hand
        msg = table_message(h, session, table)
        seen = len(h.env.transcript().splitlines())
        await actor(members, hand, found[2]).click(msg, custom_id=button(msg, "hp:c:"))
        sent = [c for c in h.env.transcript().splitlines()[seen:] if c.startswith("HTTP")]
        busts = [i for i, c in enumerate(sent) if "is out in" in c]
        if busts:
            answer = next(i for i, c in enumerate(sent) if "/callback" in c)
            assert "'type': 7" in sent[answer]  # the table, in the click's own response
            assert answer < busts[0], sent
            assert session.tournament.winner is not None
            return
        await h.advance(HAND_DELAY)
    raise AssertionError("ten all-ins in a row were split")
