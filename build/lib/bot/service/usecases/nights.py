"""A league's coming nights: scheduling, editing and cancelling one, signing up (I'm in, I'm
out, Still in), the director's changes to its list, a league's reminders, the server's time
zone.

Every change of a night or its list is one change given to `Store.commit`: it takes the night
first (`take_night`: its row held until the commit on PostgreSQL; SQLite has one writer), reads
the list as stored inside that transaction, runs the rule (bot/schedule/roster.py) and writes
its lines. Two clicks at the same moment are so decided one after the other, with the check
made again inside the write: never two seats, never a seat lost. A refusal is the rule's
`NightError` (a code and fields; the presenter words it): nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.league.service import find_league
from bot.schedule import (
    Entrant,
    NightError,
    Repeat,
    Roster,
    Taken,
    guest_key,
    member_key,
    next_occurrence,
    passed_reminders,
)
from bot.service.server_files import resolve_payouts, resolve_structure
from bot.store import NightDraft, NightRow, SignupRow, SqlTransaction, Store

# The reminders of a league that set none: the day before and an hour before.
DEFAULT_REMINDERS: tuple[int, ...] = (86400, 3600)
# A night's Discord event lasts this long (Discord wants an end for an event with a place).
NIGHT_HOURS = 5


def zone_named(name: str | None) -> ZoneInfo:
    """The server's time zone by its IANA name (None: UTC); refused: `unknown-zone`."""
    if not name:
        return ZoneInfo("UTC")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise NightError("unknown-zone", name=name) from None


async def server_zone(store: Store, guild_id: int) -> ZoneInfo:
    return zone_named((await store.guild_settings(guild_id)).time_zone)


def moment(now: float) -> datetime:
    return datetime.fromtimestamp(now, UTC)


@dataclass(frozen=True)
class NightView:
    """A night and its list as stored after a change."""

    night: NightRow
    lines: tuple[Entrant, ...]

    @property
    def roster(self) -> Roster:
        n = self.night
        return Roster(n.seats, self.lines, status=n.status, live=n.mode == "live")

    @property
    def seated(self) -> list[Entrant]:
        return self.roster.seated

    @property
    def waiting(self) -> list[Entrant]:
        return self.roster.waiting


def entrant_of(row: SignupRow) -> Entrant:
    return Entrant(key=row.entrant, name=row.name, place=row.place, turn=row.turn,
                   user_id=row.user_id, confirmed=row.confirmed, no_show=row.no_show,
                   added_by=row.added_by)


def view_in(tx: SqlTransaction, night: NightRow) -> NightView:
    return NightView(night, tuple(entrant_of(r) for r in tx.night_signups(night.id)))


async def night_view(store: Store, night_id: int) -> NightView:
    """The night and its list as committed; refused: `no-night`."""
    night = await store.night(night_id)
    if night is None:
        raise NightError("no-night", night=night_id)
    return NightView(night, tuple(entrant_of(r) for r in await store.night_signups(night_id)))


def write_lines(tx: SqlTransaction, night_id: int, lines: Sequence[Entrant]) -> None:
    for e in lines:
        tx.put_signup(night_id, e.key, user_id=e.user_id, display=e.name, place=e.place,
                      turn=e.turn, confirmed=e.confirmed, no_show=e.no_show,
                      added_by=e.added_by)


def taken_night(tx: SqlTransaction, night_id: int) -> NightRow:
    night = tx.take_night(night_id)
    if night is None:
        raise NightError("no-night", night=night_id)
    return night


# ---------------------------------------------------------------------- the list of players


@dataclass(frozen=True)
class Signed:
    """A change of the list: the night after it, and what the rule did."""

    view: NightView
    taken: Taken


async def _list_change(store: Store, night_id: int, rule: Callable[[Roster], Taken]) -> Signed:
    def change(tx: SqlTransaction) -> Signed:
        night = taken_night(tx, night_id)
        taken = rule(view_in(tx, night).roster)
        write_lines(tx, night.id, taken.written)
        if taken.seats != night.seats:
            night = tx.update_night(night.id, seats=taken.seats)
        return Signed(view_in(tx, night), taken)

    return await store.commit(change)


async def sign_up(store: Store, night_id: int, user_id: int, display: str) -> Signed:
    """I'm in: a seat, else the waiting list."""
    return await _list_change(store, night_id, lambda r: r.join(
        member_key(user_id), display, user_id=user_id))


async def drop_out(store: Store, night_id: int, user_id: int) -> Signed:
    """I'm out: his seat goes to the first waiting (`taken.promoted`)."""
    return await _list_change(store, night_id, lambda r: r.leave(member_key(user_id)))


async def still_in(store: Store, night_id: int, user_id: int) -> Signed:
    """Still in (the reminder's button)."""
    return await _list_change(store, night_id, lambda r: r.confirm(member_key(user_id)))


def entrant_key(user_id: int | None, guest: str | None) -> str:
    """A member by id, else a guest by name."""
    if user_id is not None:
        return member_key(user_id)
    return guest_key(guest or "")


async def add_player(store: Store, night_id: int, by: int, *, user_id: int | None = None,
                     display: str) -> Signed:
    """The director puts a member (or a guest, `user_id` None) on the list."""
    key = entrant_key(user_id, display)
    return await _list_change(store, night_id, lambda r: r.join(
        key, display, user_id=user_id, added_by=by))


async def drop_player(store: Store, night_id: int, key: str) -> Signed:
    """The director takes a player off the list (a guest who cannot come)."""
    return await _list_change(store, night_id, lambda r: r.leave(key))


async def seat_player(store: Store, night_id: int, key: str) -> Signed:
    """The director moves a player off the waiting list, out of turn."""
    return await _list_change(store, night_id, lambda r: r.seat(key))


# ---------------------------------------------------------------------- scheduling


@dataclass(frozen=True)
class NightPlan:
    """What the director asked for, read and checked by the cog (the time already a moment)."""

    guild_id: int
    league: str | None
    channel_id: int
    name: str
    starts_at: float
    time_zone: str
    place: str | None
    mode: Literal["live", "online"]
    structure: str
    payouts: str
    buy_in: int
    seats: int
    repeats: Repeat
    autostart: bool
    created_by: int


async def check_files(store: Store, guild_id: int, structure: str, payouts: str) -> None:
    """The structure and payouts exist (ServerFileError otherwise): a typo is said now, not at
    the start."""
    await resolve_structure(store, guild_id, structure)
    await resolve_payouts(store, guild_id, payouts)


async def schedule(store: Store, plan: NightPlan, now: float) -> NightView:
    """A new night (LeagueError for an unknown league, ServerFileError for an unknown
    structure or payouts); reminders already passed are never sent."""
    league = await find_league(store, plan.guild_id, plan.league)
    await check_files(store, plan.guild_id, plan.structure, plan.payouts)
    reminders = await store.night_reminders(league.id)
    if reminders is None:
        reminders = DEFAULT_REMINDERS
    draft = NightDraft(
        guild_id=plan.guild_id, league_id=league.id, channel_id=plan.channel_id,
        name=plan.name, starts_at=plan.starts_at, time_zone=plan.time_zone, place=plan.place,
        mode=plan.mode, structure=plan.structure, payouts=plan.payouts, buy_in=plan.buy_in,
        seats=plan.seats, repeats=plan.repeats.value, autostart=plan.autostart,
        reminders=reminders, reminded=passed_reminders(plan.starts_at, reminders, now),
        created_by=plan.created_by)
    return await store.commit(lambda tx: NightView(tx.create_night(draft), ()))


def next_draft(night: NightRow, now: float) -> NightDraft | None:
    """The next night of a repeating one (None: it does not repeat): the same settings, the
    same wall-clock time one or two weeks on, after `now`; its list starts empty."""
    zone = zone_named(night.time_zone)
    after = next_occurrence(moment(night.starts_at), Repeat(night.repeats), zone,
                            after=moment(max(now, night.starts_at)))
    if after is None:
        return None
    starts = after.timestamp()
    return NightDraft(
        guild_id=night.guild_id, league_id=night.league_id, channel_id=night.channel_id,
        name=night.name, starts_at=starts, time_zone=night.time_zone, place=night.place,
        mode=night.mode, structure=night.structure, payouts=night.payouts,
        buy_in=night.buy_in, seats=night.seats, repeats=night.repeats,
        autostart=night.autostart, reminders=night.reminders,
        reminded=passed_reminders(starts, night.reminders, now), created_by=night.created_by,
        previous_id=night.id)


@dataclass(frozen=True)
class Edit:
    """What the director changes (None: unchanged)."""

    name: str | None = None
    starts_at: float | None = None
    time_zone: str | None = None  # the zone `starts_at` was read in (a repeat keeps it)
    place: str | None = None
    structure: str | None = None
    payouts: str | None = None
    buy_in: int | None = None
    seats: int | None = None
    repeats: Repeat | None = None
    autostart: bool | None = None


@dataclass(frozen=True)
class Edited:
    view: NightView
    before: NightRow
    promoted: tuple[Entrant, ...]  # seated by more seats

    @property
    def moved(self) -> bool:
        return self.view.night.starts_at != self.before.starts_at


async def edit(store: Store, night_id: int, change: Edit, now: float) -> Edited:
    """Change a night not yet open; its reminders start again from a new time. Refused:
    `not-editable` (status), `seats-below`."""
    if change.structure is not None or change.payouts is not None:
        current = await night_view(store, night_id)
        n = current.night
        await check_files(store, n.guild_id, change.structure or n.structure,
                          change.payouts or n.payouts)

    def write(tx: SqlTransaction) -> Edited:
        night = taken_night(tx, night_id)
        if night.status != "scheduled":
            raise NightError("not-editable", status=night.status)
        changes: dict[str, Any] = {
            k: (v.value if isinstance(v, Repeat) else v)
            for k, v in vars(change).items() if v is not None}
        promoted: tuple[Entrant, ...] = ()
        if change.seats is not None:
            promoted = view_in(tx, night).roster.resize(change.seats)
            write_lines(tx, night.id, promoted)
        if change.starts_at is not None and change.starts_at != night.starts_at:
            changes["reminded"] = passed_reminders(change.starts_at, night.reminders, now)
        after = tx.update_night(night.id, **changes) if changes else night
        return Edited(view_in(tx, after), night, promoted)

    return await store.commit(write)


def set_event(store: Store, night_id: int, *, event_id: int | None,
              state: Literal["none", "made", "refused", "gone"]) -> Any:
    """The night's Discord event as it now stands (made, refused for want of the permission,
    deleted by hand)."""
    return store.commit(lambda tx: tx.update_night(night_id, event_id=event_id,
                                                   event_state=state))


def set_announcement(store: Store, night_id: int, message_id: int) -> Any:
    return store.commit(lambda tx: tx.update_night(night_id, message_id=message_id))


@dataclass(frozen=True)
class Cancelled:
    view: NightView  # as it was, its list included (they are told)
    next: NightView | None  # a repeating night's next one


async def cancel(store: Store, night_id: int, now: float, *, repeat: bool = True) -> Cancelled:
    """The director cancels a night not yet open; a repeating night's next one is scheduled
    (unless `repeat` is False). Refused: `not-cancellable` (status)."""
    def write(tx: SqlTransaction) -> Cancelled:
        night = taken_night(tx, night_id)
        if night.status != "scheduled":
            raise NightError("not-cancellable", status=night.status)
        done = tx.update_night(night.id, status="cancelled")
        draft = next_draft(night, now) if repeat else None
        following = NightView(tx.create_night(draft), ()) if draft is not None else None
        return Cancelled(view_in(tx, done), following)

    return await store.commit(write)


# ---------------------------------------------------------------------- a league's reminders


async def set_reminders(store: Store, guild_id: int, league: str | None,
                        reminders: tuple[int, ...], now: float) -> tuple[str, int]:
    """The league's reminders, for its nights to come too (those already past for a night
    are not sent); the league's name and how many nights it changed."""
    found = await find_league(store, guild_id, league)

    def write(tx: SqlTransaction) -> int:
        tx.put_night_reminders(found.id, reminders)
        changed = 0
        for night in tx.coming_nights(guild_id):
            if night.league_id == found.id and night.status == "scheduled":
                tx.update_night(night.id, reminders=reminders, reminded=passed_reminders(
                    night.starts_at, reminders, now))
                changed += 1
        return changed

    return found.name, await store.commit(write)
