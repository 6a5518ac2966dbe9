"""The use cases without Discord: one "still current" check, one refusal type, and director
actions read back from the events (never written twice), old databases' rows included."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import Outcome
from bot.service.usecases import Click, Refused, Why, director, play, still_current
from bot.service.usecases.running import run
from bot.tournament import events as tev
from tests.service.helpers import FakeClock, started_service


async def test_a_click_from_a_moment_that_has_passed_is_refused_and_changes_nothing(
        tmp_path: Path) -> None:
    clock = FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(tmp_path / "db.sqlite3", clock, heard)
    t = session.tournament
    hand = next(ts.hand for ts in t.tables.values() if ts.hand is not None)
    assert hand.to_act is not None
    actor = hand.players[hand.to_act].player
    click = Click(hand.hand_id, len(hand.events))
    done = await play.play(session, actor, "check_or_call", click=click)
    assert isinstance(done.result, play.Played) and done.result.acted is not None
    count = t.event_count
    # The same click again (a double click, a queued one): the moment has passed.
    with pytest.raises(Refused) as stale:
        await play.play(session, actor, "check_or_call", click=click)
    assert stale.value.why is Why.STALE
    assert t.event_count == count
    assert len(await service.store.load_events(session.store_id, "tournament")) == count
    # Someone else than the player to act, on a current click: not his turn, and whose it is.
    assert hand.to_act is not None
    now_acting = hand.players[hand.to_act].player
    other = next(p.player for s, p in hand.players.items() if s != hand.to_act)
    session.set_name(now_acting, "Dana")
    with pytest.raises(Refused) as turn:
        await play.play(session, other, "fold", click=Click(hand.hand_id, len(hand.events)))
    assert turn.value.why is Why.NOT_YOUR_TURN
    assert turn.value.fields["to_act"] == now_acting
    assert turn.value.names[now_acting] == "Dana"  # named for the presenter
    assert t.event_count == count
    # The same function answers before the lock (a button's early check) the same way.
    with pytest.raises(Refused) as early:
        still_current(t, actor, click)
    assert early.value.why is Why.STALE
    await service.store.close()


async def test_the_tournaments_own_moved_on_guard_is_the_same_stale_refusal(
        tmp_path: Path) -> None:
    """`Tournament.act(expect=...)` guards the moment too: a caller that skips `still_current`
    still gets the one STALE refusal, not a second text."""
    clock = FakeClock()
    service, session = await started_service(tmp_path / "db.sqlite3", clock, [])
    t = session.tournament
    table, ts = next((n, ts) for n, ts in t.tables.items() if ts.hand is not None)
    assert ts.hand is not None and ts.hand.to_act is not None
    seat, old = ts.hand.to_act, (ts.hand.hand_id, len(ts.hand.events) - 1)
    count = t.event_count
    with pytest.raises(Refused) as moved:
        await run(session, lambda tt, now: tt.act(table, seat, "fold", now=now, expect=old))
    assert moved.value.why is Why.STALE
    assert t.event_count == count
    await service.store.close()


async def test_a_refusal_of_the_game_is_the_same_refusal_type(tmp_path: Path) -> None:
    clock = FakeClock()
    service, session = await started_service(tmp_path / "db.sqlite3", clock, [])
    with pytest.raises(Refused) as refused:
        await director.resume(session, "7")  # not paused
    assert refused.value.why is Why.RULES
    assert "not paused" in refused.value.fields["text"]
    await service.store.close()


async def test_director_actions_are_read_from_the_events_and_written_once(
        tmp_path: Path) -> None:
    clock = FakeClock()
    service, session = await started_service(tmp_path / "db.sqlite3", clock, [])
    await director.pause(session, "7", "dinner")
    clock.now += 60
    await director.resume(session, "7")
    await director.penalize(session, "102", 2, "7", "abusive chat",
                            seen=session.tournament.event_count)
    # Nothing of these in the director_actions table: the events are the record.
    assert await service.store.director_actions(session.store_id) == []
    actions = await director.director_actions(service.store, session.store_id)
    assert [(a.action, a.reason, a.director_id, a.target_user_id, a.data) for a in actions] == [
        ("pause", "dinner", 7, None, {}), ("resume", "resumed", 7, None, {}),
        ("penalty", "abusive chat", 7, 102, {"hands": 2})]
    assert actions[0].created_at < actions[1].created_at
    await service.store.close()


async def test_an_old_database_shows_its_director_actions_once(tmp_path: Path) -> None:
    """Before the projection, a power wrote its event AND a row in the same transaction; the
    rows of what is not an event (create) are all that was ever kept apart."""
    clock = FakeClock()
    service, session = await started_service(tmp_path / "db.sqlite3", clock, [])
    sid = session.store_id
    await service.store.write(lambda tx: tx.add_director_action(sid, 7, "create",
                                                                "created the tournament"))
    clock.now += 1
    await session.run(lambda t, now: t.pause("7", "storm", now),
                      also=lambda tx: tx.add_director_action(sid, 7, "pause", "storm"))
    assert [a.action for a in await service.store.director_actions(sid)] == ["create", "pause"]
    actions = await director.director_actions(service.store, sid)
    assert [(a.action, a.reason) for a in actions] == [
        ("create", "created the tournament"), ("pause", "storm")]
    await service.store.close()


async def test_two_penalties_for_one_incident_give_one(tmp_path: Path) -> None:
    clock = FakeClock()
    service, session = await started_service(tmp_path / "db.sqlite3", clock, [])
    seen = session.tournament.event_count  # both directors asked now
    await director.penalize(session, "102", 1, "7", "slow roll", seen=seen)
    with pytest.raises(Refused) as second:
        await director.penalize(session, "102", 1, "8", "slow roll", seen=seen)
    assert second.value.why is Why.PENALTY_MEANWHILE
    assert second.value.fields == {"player": "102", "hands": 1, "reason": "slow roll"}
    assert sum(isinstance(e, tev.PenaltyGiven) for e in session.tournament.events) == 1
    await service.store.close()
