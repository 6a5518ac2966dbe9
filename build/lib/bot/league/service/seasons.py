"""Leagues and seasons: which league and season a night counts in, their settings, and
starting and ending a season (each check made again in the write's transaction)."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.store import (
    LeagueNameTaken,
    LeagueRow,
    LeagueSettings,
    SeasonRow,
    SqlTransaction,
    Store,
    StoreError,
    TournamentRow,
    Transaction,
)

from ..points import PointsError, PointsSystem, SeasonOptions, get_system, systems
from .errors import LeagueError

DEFAULT_LEAGUE = "Main"
FIRST_SEASON = "Season 1"
MAX_NAME = 50


@dataclass(frozen=True)
class LeagueSeason:
    league: LeagueRow
    season: SeasonRow | None


def _clean_name(name: str, what: str) -> str:
    clean = " ".join(name.split())
    if not clean:
        raise LeagueError(f"The {what} needs a name.")
    if len(clean) > MAX_NAME:
        raise LeagueError(f"A {what} name is at most {MAX_NAME} characters.")
    return clean


async def default_league(store: Store, guild_id: int) -> LeagueRow:
    """The guild's default league (its oldest), created on first use."""
    leagues = await store.leagues(guild_id)
    if leagues:
        return leagues[0]

    async def make(tx: Transaction) -> LeagueRow:
        again = await tx.leagues(guild_id)  # another command may have made it meanwhile
        return again[0] if again else await tx.create_league(guild_id, DEFAULT_LEAGUE)

    return await store.write(make)


async def find_league(store: Store, guild_id: int, name: str | None = None) -> LeagueRow:
    if name is None or not name.strip():
        return await default_league(store, guild_id)
    league = await store.league_by_name(guild_id, " ".join(name.split()))
    if league is None:
        known = ", ".join(lg.name for lg in await store.leagues(guild_id)) or "none yet"
        raise LeagueError(f"There is no league called '{name.strip()}' (leagues: {known}).")
    return league


async def active_season_for(store: Store, guild_id: int,
                            league_name: str | None = None) -> LeagueSeason:
    """The league (the default one unless named) and its active season, for a new tournament:
    `create_tournament(..., league_id=ls.league.id, season_id=ls.season and ls.season.id)`.

    A league that never had a season gets "Season 1" started here, so a new guild's first
    nights count without any setup. After a director ends a season the next one must be
    started on purpose (/season start): season is then None and the night counts for the
    league's records but for no season.
    """
    league = await find_league(store, guild_id, league_name)
    season = await store.active_season(league.id)
    if season is not None or await store.seasons(league.id):
        return LeagueSeason(league, season)

    async def start(tx: Transaction) -> SeasonRow | None:
        if await tx.seasons(league.id):  # raced with another start
            return await tx.active_season(league.id)
        made = await tx.create_season(league.id, FIRST_SEASON, starts_at=tx.now)
        await tx.set_active_season(league.id, made.id)
        return made

    return LeagueSeason(league, await store.write(start))


async def create_league(store: Store, guild_id: int, name: str) -> LeagueRow:
    clean = _clean_name(name, "league")
    existing = await store.league_by_name(guild_id, clean)
    if existing is None:
        try:
            return await store.write(lambda tx: tx.create_league(guild_id, clean))
        except LeagueNameTaken as taken:  # another /league create won the race
            existing = taken.existing
    raise LeagueError(f"There is already a league called "
                      f"'{existing.name if existing is not None else clean}'.")


@dataclass(frozen=True)
class LeagueInfo:
    league: LeagueRow
    settings: LeagueSettings
    system: PointsSystem
    active: SeasonRow | None
    seasons: int


async def list_leagues(store: Store, guild_id: int) -> list[LeagueInfo]:
    await default_league(store, guild_id)
    out = []
    for league in await store.leagues(guild_id):
        settings = await league_settings(store, league)
        out.append(LeagueInfo(league, settings, get_system(settings.points_system),
                              await store.active_season(league.id),
                              len(await store.seasons(league.id))))
    return out


async def league_settings(store: Store | Transaction, league: LeagueRow) -> LeagueSettings:
    """The league's own settings; a league that never set any follows the guild's
    points_system setting ({"system": name, ...options}) if there is one. As committed, or as
    a transaction sees them."""
    settings = await store.league_settings(league.id)
    if settings.updated_at is not None:
        return settings
    guild = (await store.guild_settings(league.guild_id)).points_system or {}
    if not guild:
        return settings
    options = {k: v for k, v in guild.items() if k not in ("system", "currency")}
    return LeagueSettings(league.id, str(guild.get("system", settings.points_system)),
                          options, guild.get("currency"))


async def season_settings(store: Store | Transaction, league: LeagueRow,
                          season_id: int | None) -> LeagueSettings:
    """The settings a season's nights are scored and ranked by: a finished season's own (kept
    when it ended, so its final standings never change), else the league's current ones."""
    if season_id is not None:
        kept = await store.season_final(season_id)
        if kept is not None:
            return kept
    return await league_settings(store, league)


async def league_money(store: Store | Transaction,
                       league_id: int | None) -> tuple[str | None, int]:
    """A league's currency and its decimals (None, 0 without a league or a currency): how
    every post and screen of its nights names money."""
    league = await store.league(league_id) if league_id is not None else None
    if league is None:
        return None, 0
    settings = await league_settings(store, league)
    return settings.currency, options_of(settings).decimals


def options_of(settings: LeagueSettings) -> SeasonOptions:
    """The season options a league's settings hold."""
    try:
        return SeasonOptions.from_dict(settings.options)
    except (PointsError, TypeError):
        return SeasonOptions()  # a broken setting must not take the standings down


async def configure_league(store: Store, guild_id: int, league_name: str | None, *,
                           system: str | None = None, currency: str | None = None,
                           clear_currency: bool = False,
                           **options: Any) -> LeagueSettings:
    """Change a league's points system, season options or money settings (None: unchanged).

    The settings are read again inside the write's transaction: two directors changing
    different settings at once both keep their change (neither writes back a stale copy)."""
    league = await find_league(store, guild_id, league_name)
    key = None
    if system is not None:
        key = system.strip().casefold()
        if key not in systems():
            raise LeagueError(f"Unknown points system '{system}'. "
                              f"Choose one of: {', '.join(sorted(systems()))}.")

    async def change(tx: Transaction) -> LeagueSettings:
        settings = await league_settings(tx, league)
        if key is not None:
            settings = dataclasses.replace(settings, points_system=key)
        current = options_of(settings).to_dict()
        for name, value in options.items():
            if value is not None:
                current[name] = value
        # 0 switches "best N" and "final seats" off, since Discord cannot send an empty option.
        for name in ("best_n", "final_seats"):
            if current.get(name) == 0:
                current[name] = None
        try:
            checked = SeasonOptions.from_dict(current)
        except PointsError as exc:
            raise LeagueError(str(exc).capitalize() + ".") from exc
        if clear_currency:
            settings = dataclasses.replace(settings, currency=None)
        elif currency is not None:
            settings = dataclasses.replace(settings, currency=currency.strip()[:8] or None)
        settings = dataclasses.replace(settings, options=checked.to_dict())
        return await tx.put_league_settings(settings)

    return await store.write(change)


async def start_season(store: Store, guild_id: int, name: str,
                       league_name: str | None = None) -> LeagueSeason:
    league = await find_league(store, guild_id, league_name)
    clean = _clean_name(name, "season")

    async def start(tx: Transaction) -> SeasonRow:
        # Checked here, in the transaction: another director may have started one meanwhile.
        active = await tx.active_season(league.id)
        if active is not None:
            raise LeagueError(f"{league.name} is already playing {active.name}; "
                              "end it first with /season end.")
        if any(s.name.casefold() == clean.casefold() for s in await tx.seasons(league.id)):
            raise LeagueError(f"{league.name} already had a season called '{clean}'.")
        season = await tx.create_season(league.id, clean, starts_at=tx.now)
        await tx.set_active_season(league.id, season.id)
        return season

    try:
        return LeagueSeason(league, await store.write(start))
    except StoreError as exc:  # another process started one a moment ago (the primary key)
        raise LeagueError(f"{league.name} started another season a moment ago; "
                          "see /leagues.") from exc


def nights_token(nights: Sequence[TournamentRow]) -> str:
    """A short digest of which nights were running: what a /season end confirmation saw."""
    ids = ",".join(str(t.id) for t in sorted(nights, key=lambda t: t.id))
    return hashlib.sha256(ids.encode()).hexdigest()[:12]


@dataclass(frozen=True)
class SeasonEnd:
    """A season that /season end ends (or asks to end): with the nights that started in it
    and are still running. They count in it when they finish; its standings are final then."""

    league: LeagueRow
    season: SeasonRow
    running: tuple[TournamentRow, ...]

    @property
    def token(self) -> str:
        return nights_token(self.running)


async def season_to_end(store: Store, guild_id: int,
                        league_name: str | None = None) -> SeasonEnd:
    """What /season end would end now: the league's active season and its running nights."""
    league = await find_league(store, guild_id, league_name)
    active = await store.active_season(league.id)
    if active is None:
        raise LeagueError(f"{league.name} has no active season to end.")
    return SeasonEnd(league, active, tuple(await store.season_tournaments(active.id, "running")))


async def end_season(store: Store, guild_id: int,
                     league_name: str | None = None) -> SeasonEnd:
    """End the league's active season now, whatever nights of it still run (they count in it
    when they finish). /season end asks the director first (`end_shown_season`)."""
    plan = await season_to_end(store, guild_id, league_name)
    return await end_shown_season(store, guild_id, plan.league.id, plan.season.id, plan.token)


async def end_shown_season(store: Store, guild_id: int, league_id: int, season_id: int,
                           token: str) -> SeasonEnd:
    """End the season the director was shown (`season_id`), with the running nights he was
    shown (`token`, see SeasonEnd.token). Both are checked again in the transaction: if the
    season was ended meanwhile, or a night started or finished in it since, nothing changes
    and the director is told. The league's settings are kept with the season: its final
    standings never change when they do later."""
    league = await store.league(league_id)
    if league is None or league.guild_id != guild_id:
        raise LeagueError("That league is no longer in this server: see /leagues.")

    async def end(tx: Transaction) -> SeasonEnd:
        active = await tx.active_season(league.id)
        if active is None or active.id != season_id:
            ended = await tx.season(season_id)
            what = ended.name if ended is not None else "That season"
            raise LeagueError(f"{what} ({league.name}) has already ended. Nothing was changed.")
        running = tuple(await tx.season_tournaments(active.id, "running"))
        if nights_token(running) != token:
            raise LeagueError(f"A night started or finished in {active.name} since you asked: "
                              "ask again with /season end. Nothing was changed.")
        over = await tx.end_season(active.id)
        await tx.keep_season_final(active.id, await league_settings(tx, league))
        return SeasonEnd(league, over, running)

    return await store.write(end)


@dataclass(frozen=True)
class NightSeason:
    """The season a night counts in: the one active when it started (None: no season)."""

    league: LeagueRow | None
    season: SeasonRow | None
    # The season has ended and no night of it is still running: its standings are final.
    final: bool = False


def stamp_season(tx: SqlTransaction, tournament_id: int) -> NightSeason:
    """At a night's start, in the transaction that starts it (in the database thread, with
    the start's own statements): it counts in its league's season active at this moment,
    recorded on the tournament (a season that ends or starts later changes nothing about
    it)."""
    season = tx.stamp_season(tournament_id)
    t = tx.tournament(tournament_id)
    league = None if t is None or t.league_id is None else tx.league(t.league_id)
    return NightSeason(league, season)


async def night_season(store: Store, tournament_id: int) -> NightSeason:
    """The season a night counts in, and whether that season's standings are final now."""
    t = await store.tournament(tournament_id)
    if t is None or t.season_id is None:
        return NightSeason(None if t is None else await league_of(store, t), None)
    season = await store.season(t.season_id)
    final = season is not None and season.ends_at is not None \
        and not await store.season_tournaments(season.id, "running")
    return NightSeason(await league_of(store, t), season, final)


async def find_season(store: Store, league: LeagueRow, name: str | None) -> SeasonRow | None:
    """A season by name; without one the active season, else the latest; None if none."""
    seasons = await store.seasons(league.id)
    if name is not None and name.strip():
        wanted = " ".join(name.split()).casefold()
        for s in seasons:
            if s.name.casefold() == wanted:
                return s
        known = ", ".join(s.name for s in seasons) or "none yet"
        raise LeagueError(f"{league.name} has no season called '{name.strip()}' "
                          f"(seasons: {known}).")
    return await store.active_season(league.id) or (seasons[-1] if seasons else None)


async def league_of(store: Store, t: TournamentRow) -> LeagueRow:
    """The league a tournament counts for (the guild's default one if it names none)."""
    if t.league_id is not None:
        league = await store.league(t.league_id)
        if league is not None:
            return league
    return await default_league(store, t.guild_id)
