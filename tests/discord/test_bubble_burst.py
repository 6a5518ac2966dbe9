"""The bubble bursting at two tables at once, played through in SimCord: online,
two tables on the bubble play hand for hand (players left = places paid + 1): each table plays
exactly one hand a round and waits for the others. A player at each table goes out in the same
round: both are placed as the profile's rule says (every profile follows the TDA: by their
stacks at the start of their hands, the bigger stack the better place, whoever went out
first), the channel says so and names the player out on the bubble, once, and hand-for-hand
ends.

The showdowns are the test's: the director sets the two players' stacks short between hands
(/td adjust), and the deck is stacked (tests/discord/stacked_deck.py) so that at each table the
short stack's all-in loses to the player who calls it."""

from __future__ import annotations

import pytest
from simcord import MemberActor

from bot.discord_ui.presenter.announcements import Announcements
from bot.engine.hand import Hand
from bot.service import Session
from bot.tournament import events as tev
from bot.tournament import hfh_events as hev
from bot.tournament.state import Result

from .conftest import HAND_DELAY, Harness
from .stacked_deck import StackedDeck, planned_action
from .test_td_clock import posted_since
from .test_tournament_flow import (
    create_and_join,
    message_text,
    reply,
    table_message,
    where_of,
)

PROFILES = ("treps", "tavern", "tda")
FOUR_PAID = ("four.csv", b"players, 2, 4, 100\nplayers, 5, 10, 40, 30, 20, 10\n")
BIG, SMALL = 1_000, 600  # the two short stacks the director sets
COMMANDS = {"all_in": "allin", "check": "check", "call": "call", "fold": "fold"}


def _live_hand(session: Session, table: int) -> Hand | None:
    ts = session.tournament.tables.get(table)
    hand = ts.hand if ts is not None else None
    return hand if hand is not None and not hand.is_over else None


async def _act(h: Harness, session: Session, table: int, by_id: dict[str, MemberActor],
               plan: dict[str, str]) -> None:
    """The hand in play at `table` played to its end (only that hand: the next round may be
    dealt the moment it ends), each player as `planned_action` says: the stacked deck found
    its cards by playing it the same way."""
    first = _live_hand(session, table)
    while (hand := _live_hand(session, table)) is first and hand is not None \
            and hand.to_act is not None:
        legal = hand.legal()
        assert legal is not None
        player = hand.players[legal.seat].player
        command = COMMANDS[planned_action(player, legal, plan)]
        r = await by_id[player].slash(where_of(h, session, table), command)
        assert reply(r).startswith("You "), reply(r)


async def _dealt_round(h: Harness, session: Session) -> dict[int, Hand]:
    """The next round, once both tables have dealt it (a hand delay or so)."""
    for _wait in range(30):
        hands = {table: _live_hand(session, table) for table in (1, 2)}
        if all(hands.values()):
            return {table: hand for table, hand in hands.items() if hand is not None}
        await h.advance(HAND_DELAY)
    raise AssertionError("both tables deal the round")


async def _on_the_bubble(h: Harness, profile: str) -> tuple[Session, dict[str, MemberActor]]:
    """Five players at two tables, four paid: hand for hand from the first hand."""
    r = await h.director.slash(h.channel, "td payouts upload", name="Four paid", file=FOUR_PAID)
    assert "Four paid" in reply(r), reply(r)
    members = [*h.players, h.add_member("erin")]
    session = await create_and_join(h, members, profile=profile, seats=3, payouts="Four paid",
                                    buy_in=10)  # pool 50: 20 / 15 / 10 / 5
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    t = session.tournament
    assert sorted(t.tables) == [1, 2] and t.hand_for_hand  # 5 left, 4 paid: the bubble
    return session, {str(m.id): m for m in members}


@pytest.mark.bot_options(idle_ping_seconds=0, stacked_deck=True)
async def test_each_table_plays_exactly_one_hand_a_round(harness: Harness) -> None:
    h = harness
    session, by_id = await _on_the_bubble(h, "tda")
    t = session.tournament
    for _ in range(4):
        hands = await _dealt_round(h, session)
        # Table 2 finishes at once; it deals nothing until table 1's hand is over too.
        await _act(h, session, 2, by_id, {})
        await h.advance(3 * HAND_DELAY)
        assert _live_hand(session, 2) is None and _live_hand(session, 1) is hands[1]
        assert t.hand_for_hand_waits(2)
        await _act(h, session, 1, by_id, {})
        await h.advance(HAND_DELAY)
    dealt = [e.data["table"] for e in await h.bot.store.load_events(session.store_id,
                                                                    "tournament")
             if e.type == tev.HandDealt.type]
    # Round after round, one hand at each table: 1, 2, 1, 2, ...
    assert len(dealt) >= 8 and all(sorted(dealt[i:i + 2]) == [1, 2]
                                   for i in range(0, len(dealt) - 1, 2)), dealt


@pytest.mark.bot_options(idle_ping_seconds=0, stacked_deck=True)  # see conftest
@pytest.mark.parametrize(("profile", "bigger_first"),
                         [*((p, True) for p in PROFILES), ("tda", False)])
async def test_two_outs_at_two_tables_in_one_round_burst_the_bubble(
        harness: Harness, profile: str, bigger_first: bool) -> None:
    h = harness
    session, by_id = await _on_the_bubble(h, profile)
    names = {p: by_id[p].name for p in by_id}
    t = session.tournament
    deck = h.bot.stacked_deck
    assert isinstance(deck, StackedDeck)

    # Between hands the director makes one player at each table short.
    await h.director.slash(h.channel, "td pause", reason="stacks")
    for table in (1, 2):
        await _act(h, session, table, by_id, {})
    big = min(t.tables[1].seats.values())
    small = min(t.tables[2].seats.values())
    for player, stack in ((big, BIG), (small, SMALL)):
        r = await h.director.slash(h.channel, "td adjust", player=by_id[player], stack=stack,
                                   reason="test setup")
        assert reply(r) == "Stack adjusted.", reply(r)
    # The next round's deck: each short stack's all-in loses to the player who calls it.
    callers = {1: max(p for p in t.tables[1].seats.values() if p != big),
               2: max(p for p in t.tables[2].seats.values() if p != small)}
    deck.plan(1, big, callers[1])
    deck.plan(2, small, callers[2])
    seen = len(h.channel.history())
    await h.director.slash(h.channel, "td resume")
    await _dealt_round(h, session)
    assert not deck.planned  # both hands were dealt from the stacked deck
    starts = {big: t.players[big].stack, small: t.players[small].stack}
    # Bigger first: by time alone he would take the bubble. Either way the bubble's end waits
    # for the round: the other table's hand is still in play.
    order = [(1, big), (2, small)] if bigger_first else [(2, small), (1, big)]
    (one, first), (other, second) = order
    await _act(h, session, one, by_id, {first: "shove", callers[one]: "call"})
    assert t.players[first].status == "out" and t.hand_for_hand
    assert _live_hand(session, one) is None  # it waits for the other table's hand
    await _act(h, session, other, by_id, {second: "shove", callers[other]: "call"})
    await h.advance(HAND_DELAY)

    assert starts[big] > starts[small]
    # Placed by their stacks at the start of the hand: the bigger stack 4th and paid, the
    # smaller 5th, the bubble.
    assert (t.players[big].place, t.players[small].place) == (4, 5)
    assert t.players[big].tied == t.players[small].tied == ()
    assert not t.hand_for_hand and len(t.playing) == 3
    posts = posted_since(h, seen)
    placed = [p for p in posts if "same hand-for-hand round" in p]
    if bigger_first:  # the time order is turned round, and the channel says why
        assert any(f"{names[big]} takes **4th** place: out in the same hand-for-hand round as "
                   f"{names[small]}, with {starts[big]:,} chips at the start of the hand" in p
                   for p in placed), posts
        assert any(f"{names[small]} takes **5th** place" in p for p in placed), posts
    else:  # the time order is the stacks' already: nothing to correct
        assert placed == [], posts
        assert any(f"{names[small]} is out in **5th** place" in p for p in posts), posts
        assert any(f"{names[big]} is out in **4th** place" in p for p in posts), posts
    # The bubble's end is posted once, naming the player out on it.
    burst = [p for p in posts if "bubble has burst" in p or "Hand for hand is over" in p]
    assert burst == [f"🫧 **The bubble has burst**: {names[small]} out on it. 3 players left, "
                     "all in the money: hand for hand is over, the tables play on their own "
                     "again."], posts
    # The tables deal on their own again, and no clock line says hand for hand.
    for table in sorted(t.tables):
        assert "hand for hand" not in message_text(table_message(h, session, table))
    # The table broken by the round shows its last hand to its end, not a turn to act that
    # never comes (its last hand ended in the commit that broke it).
    broken = [th for th in h.channel.threads
              if int(th.name.rsplit(" ", 1)[1]) not in t.tables]
    assert len(broken) == 1
    for thread in broken:
        last = [m for m in thread.history() if m.embeds][-1]
        assert "**Hand over.**" in message_text(last), (thread.name, message_text(last))


def test_the_burst_names_the_player_on_the_bubbles_place() -> None:
    """The players out last are not always the bubble's: in a round at two tables a bigger
    stack out later takes the better place."""
    names = {"1": "ann", "2": "ben"}
    results = [Result("2", 4, (), 0, False, 10.0), Result("1", 5, (), 0, False, 9.0)]
    words = Announcements(names, results=lambda: results)
    bust = tev.Eliminated("2", 4, (), 1, "h-9", 900, 10.0)
    posts = words.posts([bust, hev.HandForHandEnded(3, 4, "bubble", 10.0)])
    assert posts[-1].text.startswith("🫧 **The bubble has burst**: ann out on it. 3 players")
    shared = [Result("2", 4, ("1",), 0, False, 10.0), Result("1", 4, ("2",), 0, False, 10.0)]
    words = Announcements(names, results=lambda: shared)
    posts = words.posts([bust, hev.HandForHandEnded(3, 4, "bubble", 10.0)])
    assert posts[-1].text.startswith("🫧 **The bubble has burst**: ben and ann out on it")
