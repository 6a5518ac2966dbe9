"""The store's async faces: each statement of SqlTransaction as an awaitable method that runs
it whole in the database thread (one hop). `_Reads` are shared by Store (committed data) and
Transaction (which sees its own writes); Transaction adds the writes."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from .errors import StoreError
from .sql import Clock, Memo
from .statements import Change, SqlTransaction

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")


class _Hops(Protocol):
    """What a Transaction needs of its store (store.py imports this module)."""

    clock: Clock

    async def _hop(self, fn: Callable[[Any], T]) -> T: ...

    def _sql(self, conn: Any, memo: Memo, finishing: set[int]) -> SqlTransaction: ...


def _read(
    fn: Callable[Concatenate[SqlTransaction, P], R],
) -> Callable[Concatenate[_Reads, P], Awaitable[R]]:
    """A store method as an async method of a face (Store's or Transaction's, reads and
    writes alike): the whole method is one hop."""

    async def call(self: _Reads, /, *args: P.args, **kwargs: P.kwargs) -> R:
        # The statement itself: both backends run the same SqlTransaction (no subclass, no
        # lookup by name), their differences being its dialect's.
        result: R = await self._run(lambda tx: fn(tx, *args, **kwargs))
        return result

    call.__name__ = fn.__name__
    call.__doc__ = fn.__doc__
    return call


class _Reads:
    """The reads, shared by Store (committed data) and Transaction (sees its own writes)."""

    async def _run(self, fn: Change[T]) -> T:
        raise NotImplementedError

    # event log, hands, snapshots, deadlines
    load_events = _read(SqlTransaction.load_events)
    hand = _read(SqlTransaction.hand)
    hand_by_number = _read(SqlTransaction.hand_by_number)
    tournament_hands = _read(SqlTransaction.tournament_hands)
    hand_events = _read(SqlTransaction.hand_events)
    tournament_hand_events = _read(SqlTransaction.tournament_hand_events)
    latest_snapshot = _read(SqlTransaction.latest_snapshot)
    deadlines = _read(SqlTransaction.deadlines)
    process_alive_at = _read(SqlTransaction.process_alive_at)
    recover_tournament = _read(SqlTransaction.recover_tournament)
    recover = _read(SqlTransaction.recover)
    # tournaments and their furniture
    tournament = _read(SqlTransaction.tournament)
    tournaments = _read(SqlTransaction.tournaments)
    unfinished_tournaments = _read(SqlTransaction.unfinished_tournaments)
    open_tournament_in = _read(SqlTransaction.open_tournament_in)
    tables = _read(SqlTransaction.tables)
    messages = _read(SqlTransaction.messages)
    entries = _read(SqlTransaction.entries)
    # servers, leagues, seasons
    guild_settings = _read(SqlTransaction.guild_settings)
    hole_card_dm_choices = _read(SqlTransaction.hole_card_dm_choices)
    deal_settings = _read(SqlTransaction.deal_settings)
    dm_channel = _read(SqlTransaction.dm_channel)
    leagues = _read(SqlTransaction.leagues)
    league = _read(SqlTransaction.league)
    league_by_name = _read(SqlTransaction.league_by_name)
    league_settings = _read(SqlTransaction.league_settings)
    league_tournaments = _read(SqlTransaction.league_tournaments)
    seasons = _read(SqlTransaction.seasons)
    season = _read(SqlTransaction.season)
    active_season = _read(SqlTransaction.active_season)
    season_tournaments = _read(SqlTransaction.season_tournaments)
    season_final = _read(SqlTransaction.season_final)
    season_standings = _read(SqlTransaction.season_standings)
    tournament_scoring = _read(SqlTransaction.tournament_scoring)
    # results, director actions, appeals
    results = _read(SqlTransaction.results)
    director_actions = _read(SqlTransaction.director_actions)
    appeal = _read(SqlTransaction.appeal)
    appeals = _read(SqlTransaction.appeals)
    member_appeals = _read(SqlTransaction.member_appeals)
    # a server's own structures and payout tables
    server_file = _read(SqlTransaction.server_file)
    server_file_names = _read(SqlTransaction.server_file_names)
    screen_logo = _read(SqlTransaction.screen_logo)
    # a league's coming nights
    night = _read(SqlTransaction.night)
    coming_nights = _read(SqlTransaction.coming_nights)
    nights_to_run = _read(SqlTransaction.nights_to_run)
    next_league_night = _read(SqlTransaction.next_league_night)
    night_by_event = _read(SqlTransaction.night_by_event)
    night_by_tournament = _read(SqlTransaction.night_by_tournament)
    night_signups = _read(SqlTransaction.night_signups)
    night_reminders = _read(SqlTransaction.night_reminders)


class Transaction(_Reads):
    """Writes of one transaction. Valid only inside its `async with store.transaction()`."""

    def __init__(self, store: _Hops, memo: Memo) -> None:
        self._store = store
        self.memo = memo
        self.open = True
        # Tournaments that finished in this transaction (their leases go once it commits).
        self.finishing: set[int] = set()

    @property
    def now(self) -> float:
        return self._store.clock()

    async def _run(self, fn: Change[T]) -> T:
        if not self.open:
            raise StoreError("transaction already finished; open a new one")
        store, memo, finishing = self._store, self.memo, self.finishing
        return await store._hop(lambda conn: fn(store._sql(conn, memo, finishing)))

    async def apply(self, change: Change[T]) -> T:
        """Run a `commit`-style change inside this transaction (one hop)."""
        return await self._run(change)

    # event log, hands, snapshots, deadlines
    append_events = _read(SqlTransaction.append_events)
    begin_hand = _read(SqlTransaction.begin_hand)
    finish_hand = _read(SqlTransaction.finish_hand)
    save_snapshot = _read(SqlTransaction.save_snapshot)
    set_deadline = _read(SqlTransaction.set_deadline)
    clear_deadline = _read(SqlTransaction.clear_deadline)
    clear_deadlines = _read(SqlTransaction.clear_deadlines)
    sync_deadlines = _read(SqlTransaction.sync_deadlines)
    # tournaments and their furniture
    create_tournament = _read(SqlTransaction.create_tournament)
    set_tournament_status = _read(SqlTransaction.set_tournament_status)
    set_tournament_config = _read(SqlTransaction.set_tournament_config)
    put_table = _read(SqlTransaction.put_table)
    break_table = _read(SqlTransaction.break_table)
    put_message = _read(SqlTransaction.put_message)
    add_entry = _read(SqlTransaction.add_entry)
    update_entry = _read(SqlTransaction.update_entry)
    # servers, leagues, seasons
    put_guild_settings = _read(SqlTransaction.put_guild_settings)
    change_guild_settings = _read(SqlTransaction.change_guild_settings)
    put_hole_card_dms = _read(SqlTransaction.put_hole_card_dms)
    put_dm_channel = _read(SqlTransaction.put_dm_channel)
    create_league = _read(SqlTransaction.create_league)
    put_league_settings = _read(SqlTransaction.put_league_settings)
    create_season = _read(SqlTransaction.create_season)
    set_active_season = _read(SqlTransaction.set_active_season)
    end_season = _read(SqlTransaction.end_season)
    stamp_season = _read(SqlTransaction.stamp_season)
    keep_season_final = _read(SqlTransaction.keep_season_final)
    record_scoring = _read(SqlTransaction.record_scoring)
    # results, director actions, appeals
    set_result = _read(SqlTransaction.set_result)
    add_director_action = _read(SqlTransaction.add_director_action)
    open_appeal = _read(SqlTransaction.open_appeal)
    close_appeal = _read(SqlTransaction.close_appeal)
    put_server_file = _read(SqlTransaction.put_server_file)
    put_screen_logo = _read(SqlTransaction.put_screen_logo)
    create_night = _read(SqlTransaction.create_night)
    take_night = _read(SqlTransaction.take_night)
    update_night = _read(SqlTransaction.update_night)
    put_signup = _read(SqlTransaction.put_signup)
    put_night_reminders = _read(SqlTransaction.put_night_reminders)
