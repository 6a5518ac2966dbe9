"""A night's money has one source: the tournament's own log.

The league reads what the desk recorded (buy-ins, re-buys, add-ons, busts and who made them,
busts the director undid) from the night's event log, as typed events: the money a player
paid in `/settle` and `/standings` is what the desk took from him, guests included (the side rows
the store once kept never had their re-buys), and an undone bust never pays a bounty nor counts as a
knockout.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.engine.events import event_from_dict
from bot.league import service
from bot.tournament import events as tev
from tests.discord.conftest import HAND_DELAY, Harness
from tests.discord.test_live_night import live_night
from tests.discord.test_tournament_flow import (
    create_and_join,
    play_to_the_end,
    reply,
)


async def test_a_nights_money_from_the_log_is_what_the_desk_recorded(harness: Harness) -> None:
    h = harness
    store = h.bot.store
    await service.configure_league(store, h.guild.id, None, bounty=5)
    session, members = await live_night(h)  # 9 members, 5 guests, buy-in 20
    t = session.tournament
    terms = (t.structure.rebuys, t.structure.add_on)
    assert terms[0] is not None and terms[1] is not None
    await h.director.slash(h.channel, "tournament start")
    alice, bob, carol = (str(m.id) for m in members[:3])

    async def do(who, command: str, expect: str, **options: str) -> None:  # noqa: ANN001
        r = await who.slash(h.channel, command, **options)
        assert reply(r).startswith(expect), reply(r)

    # Bob busts Alice, then the director takes it back: that bust never happened.
    await do(h.director, "bust", "Recorded: ", player=alice, by=bob)
    await do(h.director, "td undo", "")
    # Dana Smith (a guest) busts her for real; she buys back in herself.
    await do(h.director, "bust", "Recorded: ", player=alice, by="Dana Smith")
    await do(h.alice, "tournament rebuy", "You re-buy for ")
    # Carol busts the guest Dana Smith; the director records his re-buy (a guest has no
    # command of his own). Bob takes the add-on himself, the director gives a guest his.
    await do(h.director, "bust", "Recorded: ", player="Dana Smith", by=carol)
    await do(h.director, "td rebuy", "Re-buy recorded", player="Dana Smith")
    await do(h.bob, "tournament addon", "You take the add-on")
    await do(h.director, "td addon", "Add-on recorded", player="Ed Guest")

    # Everyone else goes out, Carol busting them, until she is the last one left.
    while len(t.playing) > 1:
        out = next(p for p in t.playing if p != carol)
        await do(h.director, "bust", "Recorded: ", player=out if out.isdigit()
                 else t.guests[out].name, by=carol)
    assert t.status == "finished"
    finished = next(e for e in t.events if isinstance(e, tev.Finished))
    pool = finished.prize_pool  # what the desk announced and paid out

    night = (await service.settle_tournament(store, h.guild.id, session.store_id)).night
    by_name = {p.name: p for p in night.players}
    assert len(night.players) == 14 and all(p.buy_ins == 20 for p in night.players)
    rebuy, add_on = terms[0].cost, terms[1].cost
    paid = {name: (p.rebuys, p.addons) for name, p in by_name.items() if p.rebuys or p.addons}
    assert paid == {"alice": (rebuy, 0), "Dana Smith": (rebuy, 0), "bob": (0, add_on),
                    "Ed Guest": (0, add_on)}, paid
    # Every unit the desk took is in the night: the buy-ins, re-buys and add-ons make the
    # prize pool the tournament paid out, to the unit.
    assert sum(p.spend for p in night.players) == 14 * 20 + 2 * rebuy + 2 * add_on == pool
    assert sum(p.prize for p in night.players) == pool
    # The undone bust counts for nobody: Bob has no knockout and no bounty; Alice paid two
    # bounties (her two real busts), one to Dana Smith and one to Carol.
    assert by_name["bob"].knockouts == 0 and by_name["bob"].bounty_won == 0
    assert by_name["Dana Smith"].knockouts == 1 and by_name["Dana Smith"].bounty_won == 5
    assert by_name["alice"].bounty_paid == 10 and by_name["Dana Smith"].bounty_paid == 10
    assert by_name["carol"].knockouts == 14  # the 13 others at the end, and Dana once before


def test_the_league_never_names_an_event_by_its_stored_name() -> None:
    # Stored names change (old ones stay readable as aliases): bot/league reads events through
    # their classes (bot/engine/events.py, bot/tournament/events.py), never by a name literal.
    league = Path(__file__).parents[2] / "bot" / "league"
    literal = re.compile(r"""["'](tournament|hand)\.[a-z_]+""")
    found = [f"{path.relative_to(league)}:{n}: {line.strip()}"
             for path in sorted(league.rglob("*.py"))
             for n, line in enumerate(path.read_text().splitlines(), start=1)
             if literal.search(line)]
    assert found == []


async def test_an_online_nights_knockouts_are_read_from_its_hands(harness: Harness) -> None:
    # Online nobody says who busted whom: each bust names its hand, and the hand (derived from
    # the tournament's log) says who won the last pot the busted player was in.
    h = harness
    await service.configure_league(h.bot.store, h.guild.id, None, bounty=5)
    members = [h.alice, h.bob, h.carol]
    session = await create_and_join(h, members, buy_in=10)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    await play_to_the_end(h, session, {str(m.id): m for m in members}, seed=3)
    # From the stored log: memory keeps only the events since the last snapshots,
    # and the first bust may be several hands before the last (the decks are random).
    stored = await h.bot.store.load_events(session.store_id, "tournament")
    busts = [e for e in (event_from_dict(s.data) for s in stored) if isinstance(e, tev.Eliminated)]
    assert len(busts) == 2 and all(e.hand_id for e in busts)

    night = (await service.settle_tournament(h.bot.store, h.guild.id, session.store_id)).night
    assert [p.buy_ins for p in night.players] == [10, 10, 10]
    winner = next(p for p in night.players if p.place == 1)
    # Every bust is one knockout (a split pot shares it) and one bounty; the winner made the
    # last one (he took the last chips).
    assert sum(p.knockouts for p in night.players) == 2 and winner.knockouts >= 1
    assert sum(p.bounty_won for p in night.players) == sum(
        p.bounty_paid for p in night.players) == 10
    assert winner.bounty_paid == 0
