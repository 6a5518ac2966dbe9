"""Every store method, called the same way on both backends, answers the same.

One script calls each statement of `SqlTransaction` (every area module's methods) with the same
clock; the answers from SQLite and from PostgreSQL must be equal, row for row. A method the
script does not call fails the test by name: a new store method is checked on PostgreSQL too
before it ships (add a call below).
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

from bot.store import (
    DIRECTOR,
    PUBLIC,
    GuildSettings,
    LeagueSettings,
    NightDraft,
    Private,
    SqlTransaction,
    Viewer,
)
from bot.store.backends import open_store
from bot.store.sql import SqlBase

T0 = 1_700_000_000.0


def store_methods() -> set[str]:
    """The public statements of SqlTransaction (its area mixins and its own)."""
    base = set(dir(SqlBase))
    return {name for name, value in inspect.getmembers(SqlTransaction, inspect.isfunction)
            if not name.startswith("_") and name not in base and name not in ROW_CODECS}


# How an event row is encoded and read back: no statements of their own (both backends share
# them), exercised by every event written and read above.
ROW_CODECS = {"encode", "decode", "stored_event"}


class Calls:
    def __init__(self, tx: SqlTransaction) -> None:
        self.tx = tx
        self.answers: list[tuple[str, Any]] = []

    def __call__(self, name: str, *args: Any, **kwargs: Any) -> Any:
        value = getattr(self.tx, name)(*args, **kwargs)
        self.answers.append((name, value))
        return value


def script(tx: SqlTransaction) -> list[tuple[str, Any]]:
    c = Calls(tx)
    c("put_guild_settings", GuildSettings(guild_id=1, profile="treps", knob_overrides={"a": 1},
                                          director_role_id=2**60, four_colour_deck=False,
                                          hole_card_dms=False, time_zone="Europe/Paris"))
    c("guild_settings", 1)
    c("change_guild_settings", 1, idle_ping_seconds=40, four_colour_deck=True,
      knob_overrides={"b": 2})
    c("change_guild_settings", 3, time_zone="UTC")
    c("put_hole_card_dms", 1, 2**60, False)
    c("put_hole_card_dms", 1, 2**60 + 1, True)
    c("put_hole_card_dms", 1, 2**60, True)  # he changes his mind: one row, the last choice
    c("put_hole_card_dms", 2, 2**60, False)
    c("hole_card_dm_choices", 1)
    c("deal_settings", 1)
    c("deal_settings", 3)  # a server with nothing kept: the defaults
    c("dm_channel", 2**60)  # none kept yet
    c("put_dm_channel", 2**60, 2**61)
    c("put_dm_channel", 2**60, 2**61 + 1)  # opened again: one row, the last channel
    c("dm_channel", 2**60)
    lg = c("create_league", 1, "Sunday")
    c("create_league", 1, "Monday")
    c("leagues", 1)
    c("league", lg.id)
    c("league_by_name", 1, "sUNDAY")
    c("put_league_settings", LeagueSettings(league_id=lg.id, points_system="f1",
                                            options={"best": 5}, currency="EUR"))
    c("league_settings", lg.id)
    s = c("create_season", lg.id, "spring", 5.0, 10.0)
    c("set_active_season", lg.id, s.id)
    c("active_season", lg.id)
    c("seasons", lg.id)
    c("season", s.id)
    t = c("create_tournament", 1, "night", league_id=lg.id, season_id=s.id, channel_id=9,
          profile={"name": "tda"}, config={"kind": "x"})
    t2 = c("create_tournament", 1, "other", channel_id=10)
    c("tournament", t.id)
    c("tournaments", 1)
    c("tournaments", None, "registering")
    c("open_tournament_in", 9)
    c("set_tournament_config", t.id, {"kind": "y"})
    c("stamp_season", t.id)
    c("put_table", t.id, 1, thread_id=77)
    c("put_table", t.id, 1, message_id=78)
    c("put_table", t.id, 2)
    c("break_table", t.id, 2)
    c("tables", t.id)
    c("put_message", t.id, "lobby", 5, 6)
    c("put_message", t.id, "Lobby", 5, 7)
    c("messages", t.id)
    c("add_entry", t.id, 101, "Ann")
    c("add_entry", t.id, 102, "Bob")
    c("update_entry", t.id, 101, status="playing", table_no=1, seat_no=3)
    c("entries", t.id)
    c("set_tournament_status", t.id, "running")
    h = c("begin_hand", t.id, 1, 1)
    c("hand", h.id)
    c("hand_by_number", t.id, 1, 1)
    c("append_events", t.id, "tournament", [{"type": "t.start", "n": 1}])
    c("append_events", t.id, h.stream, [
        {"type": "hand.started", "deck_seed": "S", "seats": [1, 2]},
        Private({"type": "hand.dealt", "seat": 1, "cards": ["As", "Kd"]}, 101),
        {"type": "hand.dealt", "seat": 2, "cards": ["7c", "2d"]},  # no owner: directors only
        {"type": "hand.ended", "deck_seed": "S"},
    ])
    c("append_log", t.id, "tournament", [{"type": "t.level", "n": 2}, {"type": "t.level", "n": 3}])
    c("append_log", t.id, "tournament", [])
    c("finish_hand", h.id)
    c("tournament_hands", t.id)
    c("load_events", t.id)
    c("load_events", t.id, h.stream, after_id=2)
    for viewer in (PUBLIC, DIRECTOR, Viewer.player(101), Viewer.player(102)):
        c("hand_events", h.id, viewer)
        c("tournament_hand_events", t.id, viewer)
    c("save_snapshot", t.id, 2, {"stacks": {"101": 3000}})
    c("save_snapshot", t.id, 3, {"stacks": {"101": 2999}}, keep=1)
    c("latest_snapshot", t.id)
    c("set_deadline", t.id, "level", "", T0 + 600, {"level": 2})
    c("set_deadline", t.id, "action", "table:1", T0 + 30)
    c("clear_deadline", t.id, "action", "table:1")
    c("sync_deadlines", t.id, [("action", "table:1", T0 + 45, {}), ("clock", "1", T0 + 90, {})])
    c("deadlines", t.id)
    c("alive_at", t.id)
    c("heartbeat", [t.id], T0 + 10)
    c("heartbeat", [t.id], T0 + 20)
    c("alive_at", t.id)
    c("unfinished_tournaments")
    c("recover_tournament", t)
    c("recover")
    # A ruling is its event; an appeal of it names the event.
    (r,) = c("append_events", t.id, "tournament", [{
        "type": "tournament.director_ruling", "by": "7", "text": "call", "players": [],
        "at": T0}])
    c("add_director_action", t.id, 7, "penalty", "chat", target_user_id=102, data={"o": 1})
    c("director_actions", t.id)
    a = c("open_appeal", 1, 102, "it was one motion", ruling_id=r.id)
    c("appeal", a.id)
    c("appeals", 1, "open")
    c("close_appeal", a.id, 7, "upheld")
    c("appeals", 1)
    c("member_appeals", 1, 102, T0 - 1)
    c("set_result", t.id, 101, 1, prize=300, points=10.5)
    c("set_result", t.id, 102, 2, prize=0, points=6)
    c("results", t.id)
    c("record_scoring", t.id, "f1", {"best": 5})
    c("tournament_scoring", t.id)
    c("set_tournament_status", t.id, "finished")
    c("clear_deadlines", t2.id)
    c("league_tournaments", lg.id)
    c("season_tournaments", s.id)
    c("season_standings", s.id)
    c("end_season", s.id, T0 + 99)
    c("season_final", s.id)
    c("keep_season_final", s.id, LeagueSettings(league_id=lg.id, points_system="f1",
                                                options={"best": 5}, currency="EUR"))
    c("active_season", lg.id)
    c("put_server_file", 1, "structure", "Friday deep", "name = 'x'\n", 7)
    c("put_server_file", 1, "structure", "Friday deep", "name = 'y'\n", 8)
    c("put_server_file", 1, "payouts", "top two", "name = 'z'\n", 7)
    c("server_file", 1, "structure", "Friday deep")
    c("server_file", 1, "structure", "nothing")
    c("server_file_names", 1, "structure")
    c("server_file_names", 2, "payouts")
    c("process_alive_at", "all")  # never written
    c("process_alive", "all", T0 + 1.5)
    c("process_alive", "all", T0 + 11.5)  # one row, the last beat
    c("process_alive", "shards 1/2", T0 + 3)
    c("process_alive_at", "all")
    c("screen_logo", 1)
    c("put_screen_logo", 1, b"\x89PNG\r\n\x1a\nfirst", "image/png", 7)
    c("put_screen_logo", 1, b"\xff\xd8\xffsecond", "image/jpeg", 8)
    c("screen_logo", 1)
    # A league's coming nights: one scheduled, its list (a seat, the waiting list, out), the
    # league's reminders.
    n = c("create_night", NightDraft(
        guild_id=1, league_id=lg.id, channel_id=9, name="Tuesday night", starts_at=T0 + 86400,
        time_zone="Europe/Paris", place="The Oak", mode="live", structure="regular",
        payouts="standard", buy_in=20, seats=12, repeats="weekly", autostart=True,
        reminders=(3600, 86400), reminded=frozenset({86400}), created_by=7))
    c("night", n.id)
    c("take_night", n.id)
    c("take_night", n.id + 100)
    c("update_night", n.id, event_id=2**60, event_state="made", message_id=2**61,
      reminded=frozenset({86400, 3600}))
    c("put_signup", n.id, "101", user_id=101, display="Ann", place="seated", turn=1)
    c("put_signup", n.id, "guest:ed", user_id=None, display="Ed", place="waiting", turn=2,
      added_by=7)
    c("put_signup", n.id, "101", user_id=101, display="Ann", place="out", turn=1, no_show=True)
    c("night_signups", n.id)
    c("coming_nights", 1)
    c("nights_to_run")
    c("next_league_night", lg.id)
    c("night_by_event", 2**60)
    c("update_night", n.id, status="open", tournament_id=t.id, opened_at=T0 + 86400)
    c("night_by_tournament", t.id)
    c("night_reminders", lg.id)
    c("put_night_reminders", lg.id, (3600, 7200))
    c("night_reminders", lg.id)
    return c.answers


async def run(target: str) -> list[tuple[str, Any]]:
    store = await open_store(target, clock=lambda: T0)
    try:
        answers: list[tuple[str, Any]] = await store.commit(script)
        return answers
    finally:
        await store.close()


async def test_every_store_method_answers_alike_on_both_backends(
        tmp_path: Path, pg_url: str) -> None:
    lite = await run(str(tmp_path / "a.sqlite3"))
    pg = await run(pg_url)
    missing = store_methods() - {name for name, _ in lite}
    assert not missing, (f"store methods never called on both backends: {sorted(missing)}; "
                         "add them to tests/postgres/test_every_method.py")
    assert len(lite) == len(pg)
    for (name, a), (_, b) in zip(lite, pg, strict=True):
        assert a == b, (name, a, b)
