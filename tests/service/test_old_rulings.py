"""A database written by an older bot holds the director's rulings with their English words
(`text`) and no case: the bot restarts on it, rebuilds the same tournament, and words those
rulings as it words new ones, naming the player by his name."""

from __future__ import annotations

from pathlib import Path

from bot.discord_ui.presenter.announcements import Announcements
from bot.engine.events import event_from_dict
from bot.service import Outcome, TournamentService
from bot.store import Store
from bot.tournament import events as tev
from tests.service.helpers import FakeClock, started_service

LATE = ("{player} sits out this hand: a new player is not dealt in between the small blind and "
        "the button, and plays once the button has passed him.")
PLACES = ("Players eliminated in the same hand are placed by their stacks at the start of the "
          "hand; equal stacks share the place.")


async def test_a_log_with_rulings_in_words_restarts_and_reads_the_same(tmp_path: Path) -> None:
    path, clock = tmp_path / "db.sqlite3", FakeClock()
    heard: list[Outcome] = []
    service, session = await started_service(path, clock, heard, players=4)
    tid = session.store_id
    before = session.tournament.snapshot()
    member = "102"
    old = [  # as older bots stored them, under both of its stored names
        {"type": "tournament.tournament_ruling", "rule_id": "late-registration",
         "text": LATE.format(player=member), "table": 1, "hand_id": None, "players": [member]},
        {"type": "tournament.ruling", "rule_id": "same-hand-eliminations", "text": PLACES,
         "table": 1, "hand_id": "1-t1-h1", "players": ["101", "103"]},
    ]
    service.close()
    async with session.store.transaction() as tx:
        await tx.append_events(tid, "tournament", old)
    await session.store.close()

    store = await Store.open(path, clock=clock)
    again = TournamentService(store, clock=clock)
    (restarted,) = await again.recover()
    again.close()
    after = restarted.tournament.snapshot()
    assert after.pop("event_count") == before.pop("event_count") + 2
    assert after == before  # the same tournament: rulings change no state

    stored = [e.data for e in await store.load_events(tid, "tournament")][-2:]
    assert [d.get("text") is not None for d in stored] == [True, True]  # really the old form
    rulings = [tev.upgraded(event_from_dict(d)) for d in stored]
    assert rulings == [
        tev.TournamentRuling("late-registration", 1, None, (member,)),
        tev.TournamentRuling("same-hand-eliminations", 1, "1-t1-h1", ("101", "103"), "places")]
    words = [p.text for p in Announcements({member: "Bea_B"}).posts(rulings)]
    assert words == [
        "Ruling: " + LATE.format(player="Bea\\_B").rstrip(".")
        + " (`/rule topic:late-registration`).",
        "Ruling: " + PLACES.rstrip(".") + " (`/rule topic:same-hand-eliminations`)."]
    await store.close()
