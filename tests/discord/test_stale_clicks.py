"""A click that is no longer current has one answer, whichever way it comes: the table's
buttons (refused early, before the lock), the raise modal and the slash commands (refused under
the lock) are decided by the same `still_current` and told the same words; nothing changes."""

from __future__ import annotations

from bot.discord_ui.presenter.answers import PASSED

from .conftest import Harness
from .test_reliability import actor_of, dealt
from .test_tournament_flow import button, refused, reply, table_message, to_act


async def test_a_passed_moment_and_a_turn_not_yours_are_told_the_same_everywhere(
        harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    t = session.tournament
    table, hand, _ = to_act(session)
    first = actor_of(h, session)
    msg = table_message(h, session, table)
    call_id, raise_id = button(msg, "hp:c:"), button(msg, "hp:r:")
    assert call_id is not None and raise_id is not None
    shown = await first.click(msg, custom_id=raise_id)  # the modal, opened at this moment
    assert shown.modal is not None
    await first.click(msg, custom_id=call_id)  # he acts: the moment passes
    count = t.event_count
    found = to_act(session)
    assert found is not None and found[1] is hand
    second = actor_of(h, session)
    assert second is not first
    # His modal, sent after he acted: the moment has passed.
    sent = await first.submit_modal(shown, {"amount": "min"})
    assert reply(sent) == PASSED
    # Not his turn any more: the table's button (early) and /call (under the lock) agree.
    msg = table_message(h, session, table)
    fresh = button(msg, "hp:c:")
    assert fresh is not None
    by_button = await first.click(msg, custom_id=fresh)
    by_command = await first.slash(h.channel, "call")
    assert reply(by_button) == refused(h, by_command) == (
        f"Not your turn: it is {second.name}'s turn. Nothing was changed.")
    assert t.event_count == count
