"""Races on the tournament side: two directors (or a player and a director) run the
same command at the same moment. Each command checks, waits on Discord (its "thinking..."),
then writes; here both pass their checks before either writes. Exactly one wins; the other is
told privately, clearly, that nothing was changed, and nothing of his is written: no invented
prize money, no bust undone twice, no chips bought twice."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any
from unittest.mock import patch

import discord
from simcord import MemberActor

from bot.discord_ui.presenter.limits import chips
from bot.engine.events import event_from_dict
from bot.service.usecases.director import director_actions
from bot.store import TOURNAMENT_STREAM, Store
from bot.tournament import events as tev

from .conftest import Harness
from .test_live_desk import started_night
from .test_live_guests import embed_text, night, points_of
from .test_live_night import GUESTS, table_of
from .test_tournament_flow import create_and_join, refused, reply


async def stored_buys(store: Store, tournament_id: int) -> list[tuple[str, str, int]]:
    """The chips bought as the store keeps them, in its event log (the one record of the
    night's money): (rebuy or addon, player, cost), in order."""
    events = [event_from_dict(e.data)
              for e in await store.load_events(tournament_id, TOURNAMENT_STREAM)]
    return [("rebuy" if isinstance(e, tev.Rebuy) else "addon", e.player, e.cost)
            for e in events if isinstance(e, tev.Rebuy | tev.AddOn)]


async def in_flight_together(h: Harness, sends: list[Callable[[], Awaitable[Any]]]
                             ) -> list[Any]:
    """Interactions in flight together: each runs until it waits on Discord (its defer, after
    its checks), and none goes on before all are there; then all go on at once."""
    barrier = asyncio.Barrier(len(sends))
    original = discord.InteractionResponse.defer

    async def defer(self: discord.InteractionResponse[Any], **kwargs: Any) -> Any:
        await barrier.wait()
        return await original(self, **kwargs)

    async def not_yet(**_: Any) -> None:
        return None

    results = []
    with patch.object(discord.InteractionResponse, "defer", defer):
        # All but the last are sent without waiting for the bot; the last one's wait runs all.
        h.env._settle_internal = not_yet  # type: ignore[method-assign]
        try:
            for send in sends[:-1]:
                results.append(await send())
        finally:
            del h.env._settle_internal
        results.append(await sends[-1]())
    return results


async def at_once(h: Harness, *calls: tuple[MemberActor, str, dict[str, Any]]) -> list[Any]:
    """Slash commands in flight together (see in_flight_together)."""
    return await in_flight_together(h, [
        lambda a=actor, n=name, o=options: a.slash(h.channel, n, **o)
        for actor, name, options in calls])


def winner_and_loser(h: Harness, results: list[Any], won: str) -> tuple[int, str]:
    """Which of the two was told `won` (a start), and what the other was told."""
    texts = [reply(r) for r in results]
    winners = [i for i, text in enumerate(texts) if text.startswith(won)]
    assert len(winners) == 1, texts
    loser = results[1 - winners[0]]
    return winners[0], refused(h, loser)


# ---------------------------------------------------------------------- /td link


async def dana_won_a_night(h: Harness) -> None:
    """A finished live night that the guest "Dana Smith" won: 3 entries of 20, prize 60."""
    posts = await night(h, "Guest Night", [h.alice, h.bob], ("Dana Smith",), ["alice", "bob"])
    assert posts[-1].startswith("🏆 **Dana Smith** wins Guest Night! 3 entries, prize pool 60.")


async def test_two_links_of_one_guest_to_two_members_link_him_once(harness: Harness) -> None:
    h = harness
    cat, dev = h.add_member("cat"), h.add_member("dev")
    second = h.add_member("director2", director=True)
    await dana_won_a_night(h)

    results = await at_once(h, (h.director, "td link", {"name": "Dana Smith", "member": cat}),
                            (second, "td link", {"name": "Dana Smith", "member": dev}))
    first, text = winner_and_loser(h, results, "Linked: ")
    member, other = (cat, dev) if first == 0 else (dev, cat)
    assert text == (f"Dana Smith is already linked to the member <@{member.id}>: nothing to "
                    "do. Nothing was changed.")

    standings = embed_text(await h.carol.slash(h.channel, "standings"))
    assert points_of(standings, member.user.name) is not None, standings
    assert points_of(standings, other.user.name) is None, standings
    settled = embed_text(await h.carol.slash(h.channel, "settle"))
    # One prize of 60 won, by the member linked; nobody else is paid money that never was.
    assert f"1. {member.user.name}: paid 20, won 60, net 40" in settled, settled
    assert other.user.name not in settled, settled
    won = [int(w) for w in re.findall(r"won (\d+)", settled)]
    assert sum(won) == 60, settled


async def test_two_links_of_one_guest_to_the_same_member_link_him_once(
        harness: Harness) -> None:
    h = harness
    cat = h.add_member("cat")
    second = h.add_member("director2", director=True)
    await dana_won_a_night(h)

    results = await at_once(h, (h.director, "td link", {"name": "Dana Smith", "member": cat}),
                            (second, "td link", {"name": "Dana Smith", "member": cat}))
    _, text = winner_and_loser(h, results, "Linked: ")
    assert text == (f"Dana Smith is already linked to the member <@{cat.id}>: nothing to do. "
                    "Nothing was changed.")
    settled = embed_text(await h.carol.slash(h.channel, "settle"))
    assert "1. cat: paid 20, won 60, net 40" in settled, settled
    assert sum(int(w) for w in re.findall(r"won (\d+)", settled)) == 60, settled


async def test_two_links_of_tonights_guest_link_him_once(harness: Harness) -> None:
    h = harness
    cat, dev = h.add_member("cat"), h.add_member("dev")
    second = h.add_member("director2", director=True)
    seen, session, _ = await started_night(h)
    t = session.tournament
    larry = next(p for p, g in t.guests.items() if g.name == GUESTS[0])

    results = await at_once(h, (h.director, "td link", {"name": larry, "member": cat}),
                            (second, "td link", {"name": larry, "member": dev}))
    first, text = winner_and_loser(h, results, "Linked: ")
    member = (cat, dev)[first]
    assert text == f"{GUESTS[0]} is already linked to {member.user.name}. Nothing was changed."
    assert t.guests[larry].member == str(member.id)
    assert [p for p in seen.new() if p.startswith("🔗")] == [
        f"🔗 **{GUESTS[0]}** is the member **{member.user.name}**: tonight's result counts "
        "for the member."]
    entries = {e.user_id for e in await h.bot.store.entries(session.store_id)}
    assert member.id in entries and (cat, dev)[1 - first].id not in entries


# ---------------------------------------------------------------------- live nights


async def test_two_busts_of_one_player_at_once_record_one(harness: Harness) -> None:
    h = harness
    seen, session, _ = await started_night(h)
    t = session.tournament
    second = h.add_member("director2", director=True)
    victim, knocker = table_of(session, 1)[:2]
    results = await at_once(h, (h.director, "bust", {"player": victim}),
                            (second, "bust", {"player": victim, "by": knocker}))
    _, text = winner_and_loser(h, results, "Recorded: ")
    assert text.endswith("is already out (14th place). Nothing was changed."), text
    posts = [p for p in seen.new() if p.startswith("💀")]
    assert len(posts) == 1 and "out in **14th** place" in posts[0], posts
    assert [p.place for p in t.players.values() if p.place] == [14]


async def test_two_undos_at_once_take_back_one_bust(harness: Harness) -> None:
    h = harness
    seen, session, _ = await started_night(h)
    t = session.tournament
    second = h.add_member("director2", director=True)
    first_out, last_out = table_of(session, 1)[:2]
    for who in (first_out, last_out):
        await h.director.slash(h.channel, "bust", player=who)
    seen.new()

    results = await at_once(h, (h.director, "td undo", {}), (second, "td undo", {}))
    _, text = winner_and_loser(h, results, "The last bust is undone")
    assert text.endswith("Nothing was changed."), text
    assert "already undone" in text, text
    # The second bust is taken back; the first stands.
    assert t.players[last_out].status == "playing"
    assert t.players[first_out].status == "out" and t.players[first_out].place == 14
    assert len([p for p in seen.new() if "back in" in p or "undone" in p.casefold()]) == 1


async def test_two_rebuys_of_one_guest_at_once_buy_once(harness: Harness) -> None:
    h = harness
    seen, session, clock = await started_night(h)
    t = session.tournament
    second = h.add_member("director2", director=True)
    larry = next(p for p, g in t.guests.items() if g.name == GUESTS[0])
    await h.director.slash(h.channel, "bust", player=larry)
    seen.new()

    results = await at_once(h, (h.director, "td rebuy", {"player": larry}),
                            (second, "td rebuy", {"player": larry}))
    _, text = winner_and_loser(h, results, "Re-buy recorded")
    assert text == ("Dana Smith's re-buy was just recorded by another director: this one "
                    "bought nothing. Nothing was changed."), text
    assert t.players[larry].rebuys == 1
    assert len([p for p in seen.new() if p.startswith("🔁")]) == 1
    assert "Prize pool **300**" in seen.message(clock).content  # 14 buy-ins, one re-buy


async def test_two_add_ons_of_one_member_at_once_buy_once(harness: Harness) -> None:
    h = harness
    seen, session, _ = await started_night(h)
    t = session.tournament
    second = h.add_member("director2", director=True)
    alice = str(h.alice.id)

    results = await at_once(h, (h.director, "td addon", {"player": alice}),
                            (second, "td addon", {"player": alice}))
    _, text = winner_and_loser(h, results, "Add-on recorded")
    assert text == ("Alice's add-on was just recorded by another director: this one bought "
                    "nothing. Nothing was changed."), text
    assert t.players[alice].add_ons == 1
    assert await stored_buys(h.bot.store, session.store_id) == [("addon", alice, 20)]
    assert len([p for p in seen.new() if p.startswith("➕")]) == 1


async def test_a_players_own_rebuy_and_add_on_sent_twice_buy_once(harness: Harness) -> None:
    h = harness
    seen, session, _ = await started_night(h)
    t = session.tournament
    alice = str(h.alice.id)
    await h.director.slash(h.channel, "bust", player=alice)

    results = await at_once(h, (h.alice, "tournament rebuy", {}),
                            (h.alice, "tournament rebuy", {}))
    _, text = winner_and_loser(h, results, "You re-buy for ")
    assert text == ("Your re-buy is already recorded (sent twice?): this one bought nothing. "
                    "Nothing was changed."), text
    results = await at_once(h, (h.alice, "tournament addon", {}),
                            (h.alice, "tournament addon", {}))
    _, text = winner_and_loser(h, results, "You take the add-on")
    assert text == ("Your add-on is already recorded (sent twice?): this one bought nothing. "
                    "Nothing was changed."), text
    assert (t.players[alice].rebuys, t.players[alice].add_ons) == (1, 1)
    assert sorted(await stored_buys(h.bot.store, session.store_id)) == [
        ("addon", alice, 20), ("rebuy", alice, 20)]


# ---------------------------------------------------------------------- online: /td adjust, penalty


async def test_two_stack_adjustments_at_once_apply_one(harness: Harness) -> None:
    h = harness
    session = await create_and_join(h, [h.alice, h.bob, h.carol])
    await h.director.slash(h.channel, "tournament start")
    # Between hands: paused, and the hand dealt is void.
    await h.director.slash(h.channel, "td pause", reason="a break")
    await h.director.slash(h.channel, "td void", reason="misdeal")
    t = session.tournament
    second = h.add_member("director2", director=True)
    alice = str(h.alice.id)
    old = t.players[alice].stack

    results = await at_once(
        h, (h.director, "td adjust", {"player": h.alice, "stack": old + 500,
                                      "reason": "miscounted"}),
        (second, "td adjust", {"player": h.alice, "stack": old + 900, "reason": "miscounted"}))
    first, text = winner_and_loser(h, results, "Stack adjusted.")
    assert text == (f"Alice's stack changed while you asked (another director or a hand): it "
                    f"is {chips(t.players[alice].stack)} now. Check it, then adjust again. "
                    "Nothing was changed."), text
    assert t.players[alice].stack == old + (500, 900)[first]
    actions = await director_actions(h.bot.store, session.store_id)
    assert [a.data for a in actions if a.action == "adjust"] == [{"stack": old + (500, 900)[first]}]


async def test_two_penalties_at_once_give_one(harness: Harness) -> None:
    h = harness
    session = await create_and_join(h, [h.alice, h.bob, h.carol])
    await h.director.slash(h.channel, "tournament start")
    t = session.tournament
    second = h.add_member("director2", director=True)

    results = await at_once(
        h, (h.director, "td penalty", {"player": h.bob, "hands": 2, "reason": "abusive chat"}),
        (second, "td penalty", {"player": h.bob, "hands": 2, "reason": "abusive chat"}))
    _, text = winner_and_loser(h, results, "Penalty given.")
    assert text == ("Another director gave bob a penalty while you asked (2 hand(s): abusive "
                    "chat). If both are meant, give yours again. Nothing was changed."), text
    assert t.players[str(h.bob.id)].penalty_hands == 2
    actions = await director_actions(h.bot.store, session.store_id)
    assert [a.action for a in actions if a.action == "penalty"] == ["penalty"]


async def test_an_undo_never_takes_back_a_bust_recorded_while_it_waited(
        harness: Harness) -> None:
    h = harness
    seen, session, _ = await started_night(h)
    t = session.tournament
    second = h.add_member("director2", director=True)
    first_out, newcomer = table_of(session, 1)[:2]
    await h.director.slash(h.channel, "bust", player=first_out)
    seen.new()

    undo, bust = await at_once(h, (h.director, "td undo", {}),
                               (second, "bust", {"player": newcomer}))
    assert reply(bust).startswith("Recorded: "), reply(bust)
    # The bust recorded meanwhile stands, whichever came first.
    assert t.players[newcomer].status == "out"
    if reply(undo) == "The last bust is undone.":
        assert t.players[first_out].status == "playing"  # the one the director saw
    else:
        assert refused(h, undo).startswith("A bust was recorded while you asked: the last "
                                           "one is now "), reply(undo)
        assert t.players[first_out].status == "out"
