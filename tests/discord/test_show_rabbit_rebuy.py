"""After the hand (/show one card, both, show one show all; /rabbit), /show during the hand
(shown at the showdown even when it loses), and /tournament rebuy and addon."""

from __future__ import annotations

import pytest

from bot.discord_ui.client import create_bot
from bot.engine.cards import pretty_cards
from bot.engine.hand import Hand
from bot.engine.hand_events import Shown
from bot.service import Session

from .conftest import GUILD_ID, Harness
from .test_director_and_after_hand import AFTER_HAND, new_texts, pid, seeded, started, texts
from .test_races_tournament import stored_buys
from .test_tournament_flow import Scanner, button, refused, reply, table_message, to_act


@pytest.fixture
def simcord_bot(tmp_path):
    # Between hands until the test advances the clock (see test_director_and_after_hand).
    return create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=AFTER_HAND)


def faces(h: Harness, cards) -> str:
    """Cards as the channel shows them: the bot's card emojis (four colours by default)."""
    return h.bot.card_art.for_server(True).cards(cards)


def table_text(h: Harness, session: Session, table: int = 1) -> str:
    """What the hand's table message shows now."""
    return table_message(h, session, table).embeds[0].description or ""


def member_of(members: list, player: str):
    return next(m for m in members if pid(m) == player)


async def fold_round(h: Harness, session: Session, members: list,
                     scanner: Scanner) -> Hand:
    """Everyone folds to the big blind; returns the finished hand (no showdown)."""
    found = to_act(session)
    assert found is not None
    table, hand, _ = found
    while not hand.is_over:
        _, hnd, seat = to_act(session)
        r = await member_of(members, hnd.players[seat].player).slash(h.channel, "fold")
        assert reply(r) == "You fold."
        scanner.step(session)
    assert session.tournament.tables[table].last_hand is hand
    return hand


async def test_show_one_card_then_show_one_show_all(harness: Harness) -> None:
    h = harness
    seeded(h, 21)
    members = [h.alice, h.bob, h.carol]
    session = await started(h, members)
    scanner = Scanner(h, session.store_id)
    n0 = len(texts(h)) - 1  # the table message of this hand
    hand = await fold_round(h, session, members, scanner)
    winner_seat = hand.live_seats[0]
    winner = member_of(members, hand.players[winner_seat].player)
    first, second = hand.hole_cards(winner_seat)
    n = len(texts(h))
    assert not any(c[0] in x or pretty_cards([c]) in x
                   for x in new_texts(h, n0) for c in (first, second))
    r = await winner.slash(h.channel, "show", cards=first)
    assert reply(r) == "Shown to the table."
    # Shown in the hand's table message, not in a post of its own.
    assert new_texts(h, n) == []
    assert f"{winner.name} shows {faces(h, [first])}" in table_text(h, session)
    scanner.step(session)  # the other card is still hidden everywhere
    assert faces(h, [second]) not in table_text(h, session)
    asker = next(m for m in members if m is not winner)
    r = await asker.slash(h.channel, "show", player=winner)
    assert reply(r) == "Asked: the rest of that hand is shown."
    assert (f"{winner.name} at the table's request, shows {faces(h, [second])}"
            in table_text(h, session))
    r = await asker.slash(h.channel, "show", player=winner)
    assert "already face up" in refused(h, r)
    # A folded player shows both of his cards with the table's button.
    folder_seat = next(s for s in hand.players if s != winner_seat)
    folder = member_of(members, hand.players[folder_seat].player)
    msg = table_message(h, session, 1)
    cid = button(msg, "hp:s:")
    assert cid is not None
    r = await folder.click(msg, custom_id=cid)
    assert reply(r) == "Shown to the table."
    both = hand.hole_cards(folder_seat)
    assert f"{folder.name} shows {faces(h, both)}" in table_text(h, session)
    scanner.step(session)
    # The next hand closes the window: asking to see is refused, nothing changes.
    await h.advance(AFTER_HAND)
    assert session.tournament.tables[1].last_hand is None
    before = len(session.tournament.events)
    r = await asker.slash(h.channel, "show", player=winner)
    assert "after the hand" in refused(h, r)
    assert len(session.tournament.events) == before
    scanner.step(session)
    assert scanner.checked > 0


async def test_rabbit_hunt_when_every_player_agrees(harness: Harness) -> None:
    h = harness
    seeded(h, 22)
    members = [h.alice, h.bob, h.carol]
    session = await started(h, members, profile="tavern")
    scanner = Scanner(h, session.store_id)
    hand = await fold_round(h, session, members, scanner)
    assert hand.board == []
    # The real next cards of this deck: burn, flop, burn, turn, burn, river.
    pos = hand.deck_pos
    expected = [*hand.deck[pos + 1:pos + 4], hand.deck[pos + 5], hand.deck[pos + 7]]
    assert hand.rabbit_cards() == expected
    hunt = faces(h, expected)
    players = [member_of(members, hand.players[s].player) for s in sorted(hand.players)]
    for i, m in enumerate(players[:-1]):
        r = await m.slash(h.channel, "rabbit")
        assert reply(r) == f"Agreed. Waiting for {len(players) - i - 1} more player(s) of " \
                           "the hand to agree."
        assert f"{m.name} agrees to a rabbit hunt" in table_text(h, session)
        assert not any(hunt in x for x in texts(h))
        assert hunt not in table_text(h, session)
    r = await players[0].slash(h.channel, "rabbit")
    assert "already agreed" in refused(h, r)
    # The last one agrees with the table's button.
    msg = table_message(h, session, 1)
    cid = button(msg, "hp:h:")
    assert cid is not None
    n = len(texts(h))
    r = await players[-1].click(msg, custom_id=cid)
    assert reply(r) == "Everyone agreed: the rabbit is hunted."
    assert new_texts(h, n) == []
    assert (f"Rabbit hunt: the rest of the board would have been {hunt}"
            in table_text(h, session))
    # No hole card was among them, and none leaked.
    holes = {c for s in hand.players for c in hand.hole_cards(s)}
    assert not holes & set(expected)
    scanner.step(session)
    r = await players[0].slash(h.channel, "rabbit")
    assert "already been hunted" in refused(h, r) or "already agreed" in refused(h, r)


async def test_rabbit_refused_under_tda(harness: Harness) -> None:
    h = harness
    seeded(h, 23)
    members = [h.alice, h.bob, h.carol]
    session = await started(h, members)
    scanner = Scanner(h, session.store_id)
    assert session.tournament.profile.name == "tda"
    hand = await fold_round(h, session, members, scanner)
    assert button(table_message(h, session, 1), "hp:h:") is None
    before = len(session.tournament.events)
    r = await member_of(members, hand.players[min(hand.players)].player).slash(
        h.channel, "rabbit")
    assert "do not allow a rabbit hunt" in refused(h, r)
    assert len(session.tournament.events) == before
    assert not any(x.startswith("Rabbit hunt") for x in texts(h))


async def test_show_during_the_hand_is_shown_at_the_showdown_even_losing(
        harness: Harness) -> None:
    h = harness
    seeded(h, 24)
    members = [h.alice, h.bob]
    session = await started(h, members)
    scanner = Scanner(h, session.store_id)
    alice = pid(h.alice)
    for _ in range(30):
        if to_act(session) is None:
            await h.advance(AFTER_HAND)
        table, hand, _ = to_act(session)
        seat = hand.seat_of(alice)
        n = len(texts(h))
        r = await h.alice.slash(h.channel, "show")
        assert r.ephemeral and reply(r) == "Your hand will be shown at the showdown."
        assert not [x for x in new_texts(h, n) if x]  # nothing in the channel, no card
        r = await h.alice.slash(h.channel, "show")
        assert "already be shown" in refused(h, r)
        r = await h.alice.slash(h.channel, "show", cards=hand.hole_cards(seat)[0])
        assert "after the hand" in refused(h, r)
        scanner.step(session)
        # Check it down.
        while not hand.is_over:
            _, hnd, s = to_act(session)
            legal = hnd.legal()
            m = member_of(members, hnd.players[s].player)
            await m.slash(h.channel, "check" if legal.can_check else "call")
            scanner.step(session)
        assert hand.showdown
        won = hand.players[seat].won
        text = table_text(h, session, table)
        assert faces(h, hand.hole_cards(seat)) in text  # on her seat line
        assert f"~~{seat} alice" not in text  # not mucked (struck through)
        shown = [e.seat for e in hand.events if isinstance(e, Shown)]
        bob_seat = hand.seat_of(pid(h.bob))
        if won == 0 and shown[0] == bob_seat:
            # Bob showed first and beat her: without the request her hand would be mucked.
            assert "bob wins" in text
            break
    else:
        pytest.fail("no hand where alice lost the showdown after bob showed")


async def test_rebuy_and_add_on(harness: Harness) -> None:
    h = harness
    seeded(h, 25)
    members = [h.alice, h.bob, h.carol]
    session = await started(h, members, structure="regular")
    t = session.tournament
    scanner = Scanner(h, session.store_id)
    rb, ao = t.structure.rebuys, t.structure.add_on
    assert rb is not None and ao is not None
    busted = None
    for _ in range(10):
        if to_act(session) is None:
            await h.advance(AFTER_HAND)
        _, hand, _ = to_act(session)
        acted = 0
        while not hand.is_over:
            _, hnd, s = to_act(session)
            m = member_of(members, hnd.players[s].player)
            command = "allin" if acted == 0 else "call" if acted == 1 else "fold"
            if command == "call" and hnd.legal().can_check:
                command = "check"
            await m.slash(h.channel, command)
            acted += 1
            scanner.step(session)
        out = [p for p in t.players.values() if p.status == "out"]
        if out:
            busted = out[0]
            break
    assert busted is not None and t.status == "running"
    buster = member_of(members, busted.player)
    pool = t.pool
    r = await buster.slash(h.channel, "tournament rebuy")
    assert reply(r) == f"You re-buy for {rb.chips:,} chips."  # the channel hears it below
    p = t.players[busted.player]
    assert p.status == "playing" and p.stack == rb.chips and p.table is not None
    assert any(x.startswith(f"{buster.name} re-buys: table {p.table} seat ") for x in texts(h))
    assert t.pool >= pool
    r = await buster.slash(h.channel, "tournament rebuy")
    assert refused(h, r)
    # Between hands, a player still in takes the add-on.
    other = next(m for m in members if t.players[pid(m)].status == "playing"
                 and m is not buster)
    before = t.players[pid(other)].stack
    r = await other.slash(h.channel, "tournament addon")
    assert reply(r) == f"You take the add-on: {ao.chips:,} chips."
    assert t.players[pid(other)].stack == before + ao.chips
    assert f"{other.name} takes the add-on ({ao.chips:,} chips)." in texts(h)
    r = await other.slash(h.channel, "tournament addon")
    assert "one add-on" in refused(h, r).lower()
    assert await stored_buys(h.bot.store, session.store_id) == [
        ("rebuy", pid(buster), rb.cost), ("addon", pid(other), ao.cost)]
    # The re-bought player is dealt into the next hand.
    await h.advance(AFTER_HAND)
    hand = t.tables[p.table].hand
    assert hand is not None and hand.seat_of(busted.player) is not None
    scanner.step(session)
