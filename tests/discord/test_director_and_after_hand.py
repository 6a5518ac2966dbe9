"""The director's commands that succeed: what the channel shows, what changes at the table,
what the store keeps, and that no hole card is shown on the way."""

from __future__ import annotations

import random

import discord
import pytest

from bot.discord_ui.client import create_bot
from bot.discord_ui.presenter.limits import chips
from bot.engine.profile import make_profile
from bot.service import Session
from bot.service.usecases.director import director_actions
from bot.service.usecases.director import rulings as director_rulings
from bot.tournament import events as tev

from .conftest import GUILD_ID, Harness, grant_admin_commands
from .test_tournament_flow import (
    Scanner,
    create_and_join,
    public,
    refused,
    reply,
    table_message,
    to_act,
)

# The production delay between hands is 2 s; SimCord's settling (5 virtual seconds) would deal
# the next hand before a test could act "after the hand". A longer delay keeps the table
# between hands until the test advances the clock.
AFTER_HAND = 30.0


@pytest.fixture
def simcord_bot(tmp_path):
    return create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=AFTER_HAND)


def seeded(h: Harness, seed: int) -> None:
    """Deterministic decks for the hands of tournaments created from now on."""
    rng = random.Random(seed)
    h.bot.tournaments.seeds = lambda: f"{rng.getrandbits(128):032x}"


def texts(h: Harness) -> list[str]:
    return [m.content for m in h.channel.history()]


def new_texts(h: Harness, before: int) -> list[str]:
    return texts(h)[before:]


async def started(h: Harness, members: list, **options: object) -> Session:
    session = await create_and_join(h, members, **options)
    await h.director.slash(h.channel, "tournament start")
    assert any(t.startswith("Shuffle up and deal!") for t in texts(h))
    await h.advance(AFTER_HAND)
    assert to_act(session) is not None
    return session


def pid(member) -> str:
    return str(member.id)


async def test_td_role_and_profile_change_who_directs_and_the_rules(harness: Harness) -> None:
    h = harness
    admins = h.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = h.guild.add_member(h.env.create_user("admin"), roles=[admins])
    floor = h.guild.create_role("Floor")
    floor_member = h.guild.add_member(h.env.create_user("floorman"), roles=[floor])
    await grant_admin_commands(h.bot, h.guild, h.director_role, floor)
    # Before: the "Tournament Director" role directs, the floor man does not.
    r = await floor_member.slash(h.channel, "td profile", profile="tavern")
    assert "director" in refused(h, r)
    r = await admin.slash(h.channel, "td role", role=floor)
    assert r.ephemeral
    assert reply(r).startswith("Directors are now members with the role **Floor**.")
    settings = await h.bot.store.guild_settings(h.guild.id)
    assert settings.director_role_id == floor.id
    # After: the old role no longer directs; the new one does.
    r = await h.director.slash(h.channel, "td profile", profile="tavern")
    assert "director" in refused(h, r)
    rule = h.bot.rulebook.get("make-it")
    before = await h.alice.slash(h.channel, "rule", topic="make-it")
    assert before.response.embeds[0].description == rule.text_for(make_profile("tda"))
    r = await floor_member.slash(h.channel, "td profile", profile="tavern",
                                 knobs="clock_seconds=90")
    posted = public(h, r)
    assert "`tavern`" in posted and "clock_seconds=90" in posted
    settings = await h.bot.store.guild_settings(h.guild.id)
    assert settings.profile == "tavern" and settings.knob_overrides == {"clock_seconds": 90}
    after = await h.alice.slash(h.channel, "rule", topic="make-it")
    tavern = make_profile("tavern", clock_seconds=90)
    assert after.response.embeds[0].description == rule.text_for(tavern)
    assert after.response.embeds[0].description != before.response.embeds[0].description
    assert "profile: tavern" in after.response.embeds[0].footer.text
    # A tournament created now plays the new profile.
    session = await create_and_join(h, [h.alice, h.bob])
    assert session.tournament.profile.name == "tavern"
    assert session.tournament.profile.clock_seconds == 90


async def test_void_adjust_and_penalty(harness: Harness) -> None:
    h = harness
    seeded(h, 11)
    members = [h.alice, h.bob, h.carol]
    session = await started(h, members)
    t = session.tournament
    scanner = Scanner(h, session.store_id)
    table, hand, seat = to_act(session)
    start_stacks = {p: t.players[p].stack for p in t.players}
    voided_id = hand.hand_id
    actor = next(m for m in members if pid(m) == hand.players[seat].player)
    r = await actor.slash(h.channel, "raise", to="pot")
    assert reply(r).startswith("You ")
    assert hand.pot_total > 75
    scanner.step(session)
    n = len(texts(h))
    r = await h.director.slash(h.channel, "td void", reason="misdeal: a card was exposed")
    assert reply(r) == f"Hand at table {table} voided."
    posted = new_texts(h, n)
    assert any(f"Hand {voided_id} is void by the director: misdeal: a card was exposed" in x
               and "Stacks go back" in x for x in posted), posted
    assert t.tables[table].hand is None
    assert {p: t.players[p].stack for p in t.players} == start_stacks
    scanner.step(session)
    # Between hands (the next deal is a second away): set alice's stack, with a reason.
    alice = pid(h.alice)
    old = t.players[alice].stack
    total = sum(p.stack for p in t.players.values())
    n = len(texts(h))
    r = await h.director.slash(h.channel, "td adjust", player=h.alice, stack=old + 500,
                               reason="chips miscounted at the deal")
    assert reply(r) == "Stack adjusted."
    assert t.players[alice].stack == old + 500
    new_total = sum(p.stack for p in t.players.values())
    assert new_total == total + 500
    assert any(f"Director: alice's stack {chips(old)} → {chips(old + 500)}: chips miscounted "
               "at the deal" in x for x in new_texts(h, n)), new_texts(h, n)
    # Penalty: bob sits the next hand out; his blinds are posted all the same.
    bob = pid(h.bob)
    n = len(texts(h))
    r = await h.director.slash(h.channel, "td penalty", player=h.bob, hands=1,
                               reason="abusive chat")
    assert reply(r) == "Penalty given."
    assert any("Penalty: bob sits out 1 hand(s): abusive chat" in x for x in new_texts(h, n))
    assert t.players[bob].penalty_hands == 1
    await h.advance(AFTER_HAND)
    scanner.step(session)
    ts = t.tables[table]
    penalised = ts.hand if ts.hand is not None else ts.last_hand
    assert penalised is not None and penalised.hand_id != voided_id
    bob_seat = penalised.seat_of(bob)
    assert bob_seat is not None
    assert not penalised.players[bob_seat].live
    begun = next(e for e in t.events if isinstance(e, tev.HandDealt)
                 and e.hand_id == penalised.hand_id)
    blind = (begun.big_blind if bob_seat == begun.big_blind_seat else
             begun.small_blind if bob_seat == begun.small_blind_seat
             and begun.small_blind_posted else 0)
    assert penalised.players[bob_seat].committed == blind
    # A routine event: a line of the table message, in words, no rule id and no post.
    assert not any("hand is dead" in x for x in new_texts(h, n))
    log = table_message(h, session, table).embeds[0].description
    assert "bob's hand is dead (penalty)" in log
    assert t.players[bob].penalty_hands == 0
    actions = {a.action: a for a in await director_actions(h.bot.store, session.store_id)}
    assert actions["void"].reason == "misdeal: a card was exposed"
    assert actions["void"].data == {"table": table}
    assert actions["adjust"].reason == "chips miscounted at the deal"
    assert actions["adjust"].data == {"stack": old + 500}
    assert actions["adjust"].target_user_id == h.alice.id
    assert actions["penalty"].reason == "abusive chat"
    assert actions["penalty"].target_user_id == h.bob.id
    assert actions["penalty"].data == {"hands": 1}
    scanner.step(session)
    assert scanner.checked > 0


async def test_disqualify_takes_the_chips_and_gives_the_place(harness: Harness) -> None:
    h = harness
    seeded(h, 12)
    members = [h.alice, h.bob, h.carol]
    session = await started(h, members)
    t = session.tournament
    scanner = Scanner(h, session.store_id)
    carol = pid(h.carol)
    total = sum(p.stack for p in t.players.values())
    table, hand, _ = to_act(session)
    carol_stack = t.players[carol].stack
    carol_committed = hand.players[hand.seat_of(carol)].committed
    n = len(texts(h))
    r = await h.director.slash(h.channel, "td disqualify", player=h.carol,
                               reason="collusion")
    assert reply(r) == "Disqualified."
    posted = new_texts(h, n)
    assert any("carol is **disqualified**: collusion" in x for x in posted), posted
    # Her hand is dead; once the hand is over her chips leave play and she takes 3rd place.
    for _ in range(20):
        if t.players[carol].status == "out":
            break
        found = to_act(session)
        if found is None:
            await h.advance(AFTER_HAND)
            continue
        _, hnd, s = found
        actor = next(m for m in members if pid(m) == hnd.players[s].player)
        await actor.slash(h.channel, "fold")
        scanner.step(session)
    p = t.players[carol]
    assert p.status == "out" and p.stack == 0 and p.place == 3 and p.disqualified
    assert t.players[carol].table is None
    posted = new_texts(h, n)
    gone = [x for x in posted if "carol's" in x and "chips leave play; place 3rd" in x]
    assert gone, posted
    # The chips that left play are hers: what she had left when her dead hand was over.
    removed = next(e for e in t.events if isinstance(e, tev.ChipsRemoved))
    finished = next(e for e in t.events if isinstance(e, tev.HandFinished)
                    and e.hand_id == hand.hand_id)
    assert removed.amount == finished.stacks[carol]
    assert carol_stack - carol_committed <= removed.amount <= carol_stack
    assert f"carol's {chips(removed.amount)} chips leave play" in "\n".join(posted)
    assert sum(q.stack for q in t.players.values()) == total - removed.amount
    actions = await director_actions(h.bot.store, session.store_id)
    dq = [a for a in actions if a.action == "disqualify"]
    assert dq and dq[0].reason == "collusion" and dq[0].target_user_id == h.carol.id
    r = await h.carol.slash(h.channel, "tournament rebuy")
    assert refused(h, r)
    scanner.step(session)


async def test_pause_stops_the_level_clock_and_resume_restarts_it(harness: Harness) -> None:
    h = harness
    seeded(h, 13)
    session = await started(h, [h.alice, h.bob])
    t = session.tournament
    level_seconds = t.structure.periods[0].seconds
    await h.advance(level_seconds / 2)
    n = len(texts(h))
    r = await h.director.slash(h.channel, "td pause", reason="dinner break")
    assert reply(r) == "Paused."
    assert any("⏸ The director paused the tournament: dinner break." in x
               for x in new_texts(h, n))
    assert t.paused
    played = t.play_time(h.now())
    await h.advance(level_seconds * 3)
    assert t.level_number(h.now()) == 1
    assert t.play_time(h.now()) == played
    assert not any(x.startswith("**Level 2**") for x in texts(h))
    assert not any("ran out of time" in x for x in new_texts(h, n))  # action clocks stop too
    r = await h.director.slash(h.channel, "td resume")
    assert reply(r) == "Resumed."
    assert "▶ The tournament resumes." in texts(h)[-1] or any(
        "▶ The tournament resumes." in x for x in texts(h))
    assert not t.paused
    # The level has the rest of its time left: half a level later, level 2 starts.
    assert t.level_number(h.now()) == 1
    await h.advance(level_seconds / 2 + 1)
    assert t.level_number(h.now()) == 2
    actions = [(a.action, a.reason) for a in await director_actions(
        h.bot.store, session.store_id)]
    assert ("pause", "dinner break") in actions and ("resume", "resumed") in actions


async def test_ruling_is_posted_and_kept(harness: Harness) -> None:
    h = harness
    session = await started(h, [h.alice, h.bob])
    n = len(texts(h))
    r = await h.director.slash(h.channel, "td ruling", player=h.bob,
                               text="Bob's verbal call stands: 600 to call")
    assert reply(r) == "Ruling posted."
    posted = new_texts(h, n)
    line = next(x for x in posted if x.startswith("Ruling by the director: "))
    assert "Bob's verbal call stands: 600 to call" in line
    assert line.endswith("Concerns bob.")  # whom it concerns
    rulings = await director_rulings(h.bot.store, session.store_id)
    assert rulings[-1].text == "Bob's verbal call stands: 600 to call"
    assert rulings[-1].director == str(h.director.id)
    ev = [e for e in session.tournament.events if isinstance(e, tev.DirectorRuling)]
    assert ev and ev[-1].players == (pid(h.bob),)
