"""League play over the store: leagues, seasons, scoring, standings, stats, settle-up, appeals.

The cog calls these and only formats; the tournament side calls `active_season_for` when it
creates a tournament and `score_tournament` when one finishes. Every refusal a user can act on
is a `LeagueError` with a message meant for them.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.events import current_type, event_from_dict
from bot.engine.hand_events import HandStarted, PotAwarded
from bot.history.hands import hand_events, tournament_hand_events
from bot.store import (
    PUBLIC,
    AppealRow,
    HandRow,
    LeagueNameTaken,
    LeagueRow,
    LeagueSettings,
    ResultRow,
    SeasonRow,
    Store,
    StoreError,
    TournamentRow,
    Transaction,
)
from bot.tournament import events as tev

from .guests import GuestNight, guest_key, has_guests, is_guest_id, read_night
from .model import Night, PlayerNight
from .points import (
    PointsError,
    PointsSystem,
    SeasonOptions,
    get_system,
    night_points,
    systems,
)
from .settle import Transfer, settle
from .standings import StandingRow, compute_standings
from .stats import HandTally, PlayerRecord, player_record, tally_hands

DEFAULT_LEAGUE = "Main"
FIRST_SEASON = "Season 1"
MAX_NAME = 50
# When a night has no final-table event (it was one table from the start), the players who
# finished in the top seats of one table made the final table.
DEFAULT_TABLE_SEATS = 9


class LeagueError(Exception):
    """A refusal with a message for the user."""


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


# --- leagues and seasons -----------------------------------------------------------------------


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


def _options(settings: LeagueSettings) -> SeasonOptions:
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
        current = _options(settings).to_dict()
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
            raise LeagueError(f"{what} ({league.name}) has already ended: nothing was changed.")
        running = tuple(await tx.season_tournaments(active.id, "running"))
        if nights_token(running) != token:
            raise LeagueError(f"A night started or finished in {active.name} since you asked: "
                              "nothing was changed. Ask again with /season end.")
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


async def stamp_season(tx: Transaction, tournament_id: int) -> NightSeason:
    """At a night's start, in the transaction that starts it: it counts in its league's season
    active at this moment, recorded on the tournament (a season that ends or starts later
    changes nothing about it)."""
    season = await tx.stamp_season(tournament_id)
    t = await tx.tournament(tournament_id)
    league = None if t is None or t.league_id is None else await tx.league(t.league_id)
    return NightSeason(league, season)


async def night_season(store: Store, tournament_id: int) -> NightSeason:
    """The season a night counts in, and whether that season's standings are final now."""
    t = await store.tournament(tournament_id)
    if t is None or t.season_id is None:
        return NightSeason(None if t is None else await _league_of(store, t), None)
    season = await store.season(t.season_id)
    final = season is not None and season.ends_at is not None \
        and not await store.season_tournaments(season.id, "running")
    return NightSeason(await _league_of(store, t), season, final)


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


# --- nights: money, knockouts, points ----------------------------------------------------------


def _uid(player: Any) -> int | None:
    text = str(player)
    return int(text) if text.isdigit() else None


async def _knockers(store: Store, hand_id: int | None, busted: int) -> list[int]:
    """Who knocked `busted` out, from the hand: the winners of the last pot they were in
    (the side pot holding their last chips). A split pot shares the knockout."""
    if hand_id is None:
        return []
    row = await store.hand(hand_id)
    if row is None:
        return []
    seat_of: dict[int, int] = {}
    player_at: dict[int, int] = {}
    last_pot: tuple[int, list[int]] | None = None
    for d in await hand_events(store, row, PUBLIC):
        if current_type(d["type"]) == HandStarted.type:
            for s in d.get("seats", ()):
                uid = _uid(s.get("player"))
                if uid is not None:
                    seat_of[uid] = int(s["seat"])
                    player_at[int(s["seat"])] = uid
        elif current_type(d["type"]) == PotAwarded.type and busted in seat_of:
            if seat_of[busted] in [int(x) for x in d.get("eligible", ())]:
                pot = int(d.get("pot", 0))
                if last_pot is None or pot >= last_pot[0]:
                    last_pot = (pot, [int(w) for w in d.get("winners", ())])
    if last_pot is None:
        return []
    return sorted(player_at[w] for w in last_pot[1] if w in player_at and player_at[w] != busted)


async def load_night(store: Store, t: TournamentRow, options: SeasonOptions) -> Night:
    """A finished tournament as a league night: places, prizes, money in, knockouts, points.

    Money comes from the tournament's own event log when it has one (buy-in from its config,
    each re-buy and add-on with its cost); otherwise from the tournament's config and the
    rebuys table. Bounties are paid per bust (a re-bought player can be busted twice). Guests
    of a live night count like members, under their guest id (bot/league/guests.py) or, once
    linked, the member's.
    """
    return (await _load_night(store, t, options))[0]


async def _load_night(store: Store, t: TournamentRow,
                      options: SeasonOptions) -> tuple[Night, bool]:
    """The night, and whether a guest of it has no result row yet (never scored)."""
    results = list(await store.results(t.id))
    entries = {e.user_id: e for e in await store.entries(t.id)}
    events = await store.load_events(t.id, "tournament")
    guests = read_night([event_from_dict(e.data) for e in events], t.guild_id) \
        if has_guests(e.type for e in events) else None

    def who(player: Any) -> int | None:
        if guests is not None and (uid := guests.user(str(player))) is not None:
            return uid
        return _uid(player)

    unscored = False
    if guests is not None:
        # A guest linked after the night: his old row is the member's now (/td link copied
        # it), so it counts once, for the member.
        counted = set(guests.ids.values())
        results = [r for r in results if not is_guest_id(r.user_id) or r.user_id in counted]
        # A guest's result is written when the night is scored (the game writes members').
        have = {r.user_id for r in results}
        for done in guests.results:
            uid = guests.user(done.player)
            if guests.is_guest(done.player) and uid is not None and uid not in have:
                results.append(ResultRow(t.id, uid, done.place, done.prize, 0.0))
                have.add(uid)
                unscored = True
        results.sort(key=lambda r: (r.place, r.user_id))
    buy_ins: dict[int, int] = defaultdict(int)
    rebuys: dict[int, int] = defaultdict(int)
    addons: dict[int, int] = defaultdict(int)
    final_table: set[int] = set()
    created = next((e for e in events if e.type == "tournament.created"), None)
    seats = DEFAULT_TABLE_SEATS
    if created is not None:
        config = created.data.get("config", {})
        buy_in = int(config.get("buy_in", 0))
        seats = int(config.get("seats_per_table", DEFAULT_TABLE_SEATS))
        for e in events:
            d = e.data
            if e.type == "tournament.started":
                for p in d.get("players", ()):
                    if (uid := who(p)) is not None:
                        buy_ins[uid] += buy_in
            elif e.type == "tournament.late_registered" and (uid := who(d.get("player"))):
                buy_ins[uid] += buy_in
            elif e.type == "tournament.rebuy" and (uid := who(d.get("player"))):
                rebuys[uid] += int(d.get("cost", 0))
            elif e.type == "tournament.add_on" and (uid := who(d.get("player"))):
                addons[uid] += int(d.get("cost", 0))
            elif e.type == "tournament.final_table":
                final_table.update(u for p in d.get("players", ()) if (u := who(p)))
    else:
        buy_in = int(t.config.get("buy_in", 0) or 0)
        for r in results:
            buy_ins[r.user_id] += buy_in
        by_entry = {e.id: e.user_id for e in entries.values()}
        for rb in await store.rebuys(t.id):
            uid = by_entry.get(rb.entry_id)
            if uid is not None:
                (rebuys if rb.kind == "rebuy" else addons)[uid] += rb.amount
    knockouts: dict[int, float] = defaultdict(float)
    won: dict[int, int] = defaultdict(int)
    paid: dict[int, int] = defaultdict(int)

    def count(busted: int, knockers: list[int]) -> None:
        for k in knockers:
            knockouts[k] += 1.0 / len(knockers)
        if options.bounty:
            paid[busted] += options.bounty
            share, odd = divmod(options.bounty, len(knockers))
            for i, k in enumerate(knockers):
                won[k] += share + (odd if i == 0 else 0)

    for el in await store.eliminations(t.id):
        knockers = [int(k) for k in el.eliminated_by if int(k) != el.user_id]
        if not knockers:
            knockers = await _knockers(store, el.hand_id, el.user_id)
        if knockers:
            count(el.user_id, knockers)
    if guests is not None:
        # The store keeps only busts between members; a bust with a guest on either side
        # is read from the night's log.
        for busted, by in guests.busts:
            if not (guests.is_guest(busted) or guests.is_guest(by)):
                continue
            victim, knocker = guests.user(busted), guests.user(by)
            if victim is not None and knocker is not None and knocker != victim:
                count(victim, [knocker])
    players = []
    for r in results:
        entry = entries.get(r.user_id)
        name = entry.display_name if entry else (
            guests.names.get(r.user_id) if guests is not None else None)
        players.append(PlayerNight(
            user_id=r.user_id,
            name=name or f"player {r.user_id}",
            place=r.place, points=r.points, prize=r.prize,
            buy_ins=buy_ins.get(r.user_id, 0), rebuys=rebuys.get(r.user_id, 0),
            addons=addons.get(r.user_id, 0), knockouts=knockouts.get(r.user_id, 0.0),
            bounty_won=won.get(r.user_id, 0), bounty_paid=paid.get(r.user_id, 0),
            final_table=(r.user_id in final_table) if final_table else r.place <= seats,
        ))
    night = Night(t.id, t.name, t.finished_at or t.created_at, buy_in, tuple(players))
    return night, unscored


async def _league_of(store: Store, t: TournamentRow) -> LeagueRow:
    if t.league_id is not None:
        league = await store.league(t.league_id)
        if league is not None:
            return league
    return await default_league(store, t.guild_id)


async def score_tournament(store: Store, tournament_id: int) -> dict[int, float]:
    """Compute and write results.points for a finished tournament with its league's points
    system and options (bounty points included); returns user id -> points. Idempotent: the
    game calls it when a tournament finishes, and standings call it for any finished night
    that was never scored."""
    t = await store.tournament(tournament_id)
    if t is None:
        raise LeagueError(f"There is no tournament {tournament_id}.")
    if t.status != "finished":
        raise LeagueError(f"Tournament {tournament_id} has not finished.")
    league = await _league_of(store, t)
    # A night of a finished season is scored by that season's kept settings.
    settings = await season_settings(store, league, t.season_id)
    system, options = get_system(settings.points_system), _options(settings)
    night = await load_night(store, t, options)
    n = night.entrants
    points = {
        p.user_id: night_points(system, options, entrants=n, place=min(p.place, n),
                                buy_in=night.buy_in, spend=p.spend,
                                knockouts=p.knockouts).total
        for p in night.players
    }

    async def write(tx: Transaction) -> None:
        for p in night.players:
            await tx.set_result(t.id, p.user_id, p.place, prize=p.prize, points=points[p.user_id])
        await tx.record_scoring(t.id, system.name, options.to_dict())

    await store.write(write)
    return points


async def _nights(store: Store, tournaments: Sequence[TournamentRow],
                  options: SeasonOptions) -> list[Night]:
    out = []
    for t in tournaments:
        night, unscored = await _load_night(store, t, options)
        if unscored or await store.tournament_scoring(t.id) is None:
            # Never scored, or scored before guests counted: scored now, once.
            await score_tournament(store, t.id)
            night = await load_night(store, t, options)
        out.append(night)
    return out


# --- guests ------------------------------------------------------------------------------------


async def _guest_nights(store: Store | Transaction,
                        guild_id: int) -> list[tuple[TournamentRow, GuestNight]]:
    """Every finished live night of the server that had guests, with what its log says (as
    committed, or as a transaction sees it)."""
    out = []
    for t in await store.tournaments(guild_id, "finished"):
        if t.config.get("mode") != "live":
            continue  # guests play only live nights: an online log is never read here
        events = await store.load_events(t.id, "tournament")
        if has_guests(e.type for e in events):
            out.append((t, read_night([event_from_dict(e.data) for e in events], guild_id)))
    return out


async def guest_names(store: Store, guild_id: int) -> list[str]:
    """The guests of the server's finished nights not yet linked to a member, by name."""
    names: dict[str, str] = {}
    for _, night in await _guest_nights(store, guild_id):
        for name, member in night.guests.values():
            if member is None:
                names.setdefault(guest_key(name), name)
    return sorted(names.values(), key=str.casefold)


async def points_by_player(store: Store, tournament_id: int) -> dict[str, float]:
    """A scored night's league points by the tournament's own player ids (a guest's
    "guest-2" too, a linked guest's under the member); empty when it counts for no points."""
    if await store.tournament_scoring(tournament_id) is None:
        return {}
    rows = {r.user_id: r.points for r in await store.results(tournament_id)}
    out = {str(uid): points for uid, points in rows.items() if not is_guest_id(uid)}
    t = await store.tournament(tournament_id)
    events = await store.load_events(tournament_id, "tournament")
    if t is not None and has_guests(e.type for e in events):
        night = read_night([event_from_dict(e.data) for e in events], t.guild_id)
        out.update({player: rows[uid] for player, uid in night.ids.items() if uid in rows})
    return out


@dataclass(frozen=True)
class LinkedNight:
    tournament: TournamentRow
    place: int
    prize: int
    points: float


@dataclass(frozen=True)
class GuestLinkPlan:
    """What `/td link` changes in the server's finished nights; `write` does it."""

    name: str  # as the director entered it
    member: int
    nights: tuple[LinkedNight, ...]
    changes: tuple[tuple[int, str, int], ...]  # (tournament, guest's id in it, his user id)
    guild_id: int
    refuse_linked: bool = True

    async def write(self, tx: Transaction, by: int, member_name: str) -> GuestLinkPlan | None:
        """Link him, checking again inside the transaction: the command waited on Discord
        since this plan was made, and another director may have linked him meanwhile. What is
        written is the plan made now from what `tx` reads, and returned (None: no finished
        night has him unlinked any more, only tonight's guest is linked); a LeagueError when
        the check fails now (the transaction writes nothing).

        The night's log says who the guest was; the member gets the guest's result as it was
        scored (place, prize, points: a later change of points system rewrites no past
        night). The guest's own row stays in the store but no longer counts: a night reads
        its guests' rows through its log (`_load_night`), which now names the member."""
        fresh = await plan_guest_link(tx, self.guild_id, self.name, self.member,
                                      refuse_linked=self.refuse_linked)
        if fresh is None:
            if self.refuse_linked:
                raise LeagueError(f"No guest called {self.name} is left to link.")
            return None
        for (tournament_id, guest, _), night in zip(fresh.changes, fresh.nights, strict=True):
            await tx.append_events(tournament_id, "tournament", [tev.GuestLinked(
                guest, str(self.member), str(by), tx.now)])
            await tx.set_result(tournament_id, self.member, night.place, prize=night.prize,
                                points=night.points)
            # He played that night: the league names him by his member name from now on.
            if all(e.user_id != self.member for e in await tx.entries(tournament_id)):
                await tx.add_entry(tournament_id, self.member, member_name)
        return fresh


async def plan_guest_link(store: Store | Transaction, guild_id: int, name: str, member: int, *,
                          refuse_linked: bool = True) -> GuestLinkPlan | None:
    """Linking the guest called `name` to `member` in every finished night of the server where
    he played unlinked; None if no finished night had him. Refuses (LeagueError, nothing
    changed) when he was already linked (`refuse_linked`: unless tonight's guest is the one
    being linked), or when the member played one of those nights himself (his results would
    count twice). Reads committed data, or (`GuestLinkPlan.write`) what a transaction sees."""
    clean = " ".join(name.split())
    found: list[tuple[TournamentRow, GuestNight, str]] = []
    linked_to: str | None = None
    for t, night in await _guest_nights(store, guild_id):
        guest = night.unlinked(clean)
        if guest is not None:
            found.append((t, night, guest))
        elif linked_to is None:
            linked_to = night.linked(clean)
    if not found:
        if linked_to is not None and refuse_linked:
            raise LeagueError(f"{clean} is already linked to the member <@{linked_to}>: "
                              "nothing to do.")
        return None
    nights: list[LinkedNight] = []
    changes: list[tuple[int, str, int]] = []
    for t, night, guest in found:
        if member in night.ids.values():
            raise LeagueError(f"<@{member}> played {t.name} (#{t.id}) himself, where {clean} "
                              "was a guest: they are two people.")
        uid = night.ids[guest]
        row = next((r for r in await store.results(t.id) if r.user_id == uid), None)
        result = next(r for r in night.results if r.player == guest)
        nights.append(LinkedNight(t, result.place, result.prize,
                                  row.points if row is not None else 0.0))
        changes.append((t.id, guest, uid))
    return GuestLinkPlan(clean, member, tuple(nights), tuple(changes), guild_id, refuse_linked)


# --- standings, stats --------------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonView:
    league: LeagueRow
    season: SeasonRow | None
    settings: LeagueSettings
    system: PointsSystem
    options: SeasonOptions
    nights: list[Night]
    standings: list[StandingRow]
    # Nights that started in the season and still run (they count in it when they finish).
    running: tuple[TournamentRow, ...] = ()

    @property
    def final(self) -> bool:
        """The season has ended and none of its nights still runs: these never change."""
        return self.season is not None and self.season.ends_at is not None \
            and not self.running

    @property
    def show_money(self) -> bool:
        return self.settings.currency is not None or any(
            p.spend or p.prize or p.bounty_won for n in self.nights for p in n.players)

    @property
    def title(self) -> str:
        return f"{self.league.name} - {self.season.name if self.season else 'no season'}"


async def season_view(store: Store, guild_id: int, league_name: str | None = None,
                      season_name: str | None = None) -> SeasonView:
    league = await find_league(store, guild_id, league_name)
    return await _season_view(store, league, await find_season(store, league, season_name))


async def season_view_by_ids(store: Store, guild_id: int, league_id: int,
                             season_id: int) -> SeasonView:
    """The standings a page button names: by ids, which stay put when a league is renamed."""
    league = await store.league(league_id)
    season = await store.season(season_id)
    if league is None or league.guild_id != guild_id or season is None \
            or season.league_id != league.id:
        raise LeagueError("That season is no longer in this server's leagues: ask for the "
                          "standings again with /standings.")
    return await _season_view(store, league, season)


async def _season_view(store: Store, league: LeagueRow, season: SeasonRow | None) -> SeasonView:
    settings = await season_settings(store, league, None if season is None else season.id)
    system, options = get_system(settings.points_system), _options(settings)
    tournaments = [] if season is None else await store.season_tournaments(season.id)
    running = () if season is None else tuple(
        await store.season_tournaments(season.id, "running"))
    nights = await _nights(store, tournaments, options)
    return SeasonView(league, season, settings, system, options, nights,
                      compute_standings(nights, system, options), running)


async def player_stats(store: Store, guild_id: int, user_id: int, fallback_name: str,
                       league_name: str | None = None) -> tuple[LeagueRow, PlayerRecord]:
    """A player's record over every finished night of the league (all seasons)."""
    league = await find_league(store, guild_id, league_name)
    options = _options(await league_settings(store, league))
    tournaments = await store.league_tournaments(league.id)
    nights = await _nights(store, tournaments, options)
    tally = HandTally()
    for night in nights:
        if night.player(user_id) is None:
            continue
        hands = await tournament_hand_events(store, night.tournament_id, PUBLIC)
        # Every hand of the night is walked: off the event loop (issue 15).
        tally.add(await asyncio.to_thread(tally_hands, str(user_id), hands))
    return league, player_record(user_id, nights, tally, fallback_name)


# --- money -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settlement:
    league: LeagueRow
    settings: LeagueSettings
    options: SeasonOptions
    night: Night
    transfers: list[Transfer[int]]

    @property
    def names(self) -> dict[int, str]:
        return {p.user_id: p.name for p in self.night.players}


async def settle_tournament(store: Store, guild_id: int,
                            tournament_id: int | None = None) -> Settlement:
    """Who pays whom for one finished night (by default the guild's latest)."""
    if tournament_id is None:
        finished = await store.tournaments(guild_id, "finished")
        if not finished:
            raise LeagueError("No tournament has finished here yet.")
        t = max(finished, key=lambda x: (x.finished_at or 0, x.id))
    else:
        found = await store.tournament(tournament_id)
        if found is None or found.guild_id != guild_id:
            raise LeagueError(f"There is no tournament {tournament_id} in this server.")
        if found.status != "finished":
            raise LeagueError(f"Tournament {tournament_id} ({found.name}) has not finished.")
        t = found
    league = await _league_of(store, t)
    settings = await league_settings(store, league)
    options = _options(settings)
    night = await load_night(store, t, options)
    return Settlement(league, settings, options, night, settle(night.balances()))


# --- appeals -----------------------------------------------------------------------------------


_HAND_NAME = re.compile(r"^\s*#?(\d+)-t(\d+)-h(\d+)\s*$")


def hand_name(hand: HandRow) -> str:
    """The name the table message gives a hand (the engine's hand id)."""
    return f"{hand.tournament_id}-t{hand.table_no}-h{hand.hand_no}"


async def find_hand(store: Store, guild_id: int, name: str) -> HandRow:
    """A hand by the name the table shows ("7-t1-h12") or by its stored number."""
    m = _HAND_NAME.match(name)
    if m:
        hand = await store.hand_by_number(int(m[1]), int(m[2]), int(m[3]))
    elif name.strip().lstrip("#").isdigit():
        hand = await store.hand(int(name.strip().lstrip("#")))
    else:
        hand = None
    t = None if hand is None else await store.tournament(hand.tournament_id)
    if hand is None or t is None or t.guild_id != guild_id:
        raise LeagueError(f"There is no hand '{name.strip()[:40]}' in this server "
                          "(name it as the table does, e.g. 7-t1-h12).")
    return hand


# A member may file at most this many appeals in any APPEAL_WINDOW seconds (directors too):
# enough for a bad night, not for a flood.
APPEALS_PER_WINDOW = 5
APPEAL_WINDOW = 24 * 3600


async def _may_appeal(tx: Transaction, guild_id: int, user_id: int, hand: HandRow | None,
                      director: bool) -> None:
    """Who may appeal what, checked inside the transaction that files the appeal."""
    if hand is not None and not director:
        t = await tx.tournament(hand.tournament_id)
        played = any(e.user_id == user_id and e.status != "withdrawn"
                     for e in await tx.entries(hand.tournament_id))
        if not played:
            name = f"{t.name} (#{t.id})" if t is not None else f"tournament {hand.tournament_id}"
            raise LeagueError(f"Only the players of {name}, or a director, may appeal its "
                              "hands. Nothing was sent.")
    mine = await tx.member_appeals(guild_id, user_id)
    if hand is not None:
        same = next((a for a in mine if a.hand_id == hand.id and a.status == "open"), None)
        if same is not None:
            raise LeagueError(f"Your appeal {same.id} of hand {hand_name(hand)} is still open: "
                              "the league decides it first. Nothing was sent.")
    recent = [a for a in mine if a.created_at > tx.now - APPEAL_WINDOW]
    if len(recent) >= APPEALS_PER_WINDOW:
        again = int(recent[-APPEALS_PER_WINDOW].created_at + APPEAL_WINDOW)
        raise LeagueError(f"You sent {len(recent)} appeals in the last 24 hours, the most the "
                          f"league takes from one member: you can appeal again <t:{again}:R>. "
                          "Nothing was sent.")


async def file_appeal(store: Store, guild_id: int, user_id: int, text: str,
                      hand: str | None = None, *, director: bool = False) -> AppealRow:
    """A member appeals a ruling, about a hand or not. Only that night's players (or a
    director) may appeal a hand; one open appeal per member per hand (a unique index); at most
    APPEALS_PER_WINDOW appeals per member a day. Every check is made in the transaction that
    files the appeal, so two /appeal at once cannot both pass it."""
    statement = " ".join(text.split())
    if not statement:
        raise LeagueError("Say what you are appealing.")
    found = None if hand is None else await find_hand(store, guild_id, hand)

    async def write(tx: Transaction) -> AppealRow:
        await _may_appeal(tx, guild_id, user_id, found, director)
        return await tx.open_appeal(guild_id, user_id, statement[:1500],
                                    hand_id=None if found is None else found.id)

    try:
        return await store.write(write)
    except StoreError as exc:  # the unique index: the same appeal filed a moment ago
        name = hand_name(found) if found is not None else "this hand"
        raise LeagueError(f"You already have an open appeal of hand {name}. "
                          "Nothing was sent.") from exc


@dataclass(frozen=True)
class AppealsPage:
    """One page of a server's appeals, open ones first (oldest first: the queue), then the
    closed ones (latest decided first)."""

    items: tuple[tuple[AppealRow, str | None], ...]  # each with its hand's name, if any
    page: int
    pages: int
    total: int
    open: int


APPEALS_PER_PAGE = 10


async def appeals_page(store: Store, guild_id: int, status: str | None,
                       page: int) -> AppealsPage:
    """Page `page` (from 1; past the end: the last) of the server's appeals, open first."""
    found = await store.appeals(guild_id)
    opened = [a for a in found if a.status == "open"]
    closed = sorted((a for a in found if a.status == "closed"),
                    key=lambda a: (a.decided_at or 0, a.id), reverse=True)
    listed = opened if status == "open" else closed if status == "closed" else opened + closed
    pages = max(1, -(-len(listed) // APPEALS_PER_PAGE))
    page = min(max(page, 1), pages)
    chosen = listed[(page - 1) * APPEALS_PER_PAGE:page * APPEALS_PER_PAGE]
    items = []
    for a in chosen:
        row = None if a.hand_id is None else await store.hand(a.hand_id)
        items.append((a, None if row is None else hand_name(row)))
    return AppealsPage(tuple(items), page, pages, len(listed), len(opened))


async def close_appeal(store: Store, guild_id: int, appeal_id: int, director_id: int,
                       decision: str) -> AppealRow:
    """Decide an appeal, once: checked in the transaction that closes it, so of two directors
    deciding it at once the second is told the first one's decision and changes nothing."""
    text = " ".join(decision.split())
    if not text:
        raise LeagueError("A decision needs its text: it is kept for the future.")

    async def close(tx: Transaction) -> AppealRow:
        appeal = await tx.appeal(appeal_id)
        if appeal is None or appeal.guild_id != guild_id:
            raise LeagueError(f"There is no appeal {appeal_id}.")
        if appeal.status == "closed":
            raise LeagueError(f"Appeal {appeal_id} was already decided: {appeal.decision}")
        return await tx.close_appeal(appeal_id, director_id, text[:1500])

    try:
        return await store.write(close)
    except StoreError as exc:  # the store's own guard (status = 'open' in the UPDATE)
        raise LeagueError(str(exc).capitalize() + ".") from exc
