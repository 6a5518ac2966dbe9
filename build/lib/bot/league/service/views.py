"""What the league shows: a season's standings, a player's record, a night's settle-up."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.history.hands import tournament_hand_events
from bot.store import PUBLIC, LeagueRow, LeagueSettings, SeasonRow, Store, TournamentRow
from bot.tournament.players import member_player

from ..guests import is_guest_id
from ..model import HOUSE, Night
from ..points import PointsSystem, SeasonOptions, get_system
from ..settle import Transfer, settle, settle_through_bank
from ..standings import StandingRow, compute_standings
from ..stats import HandTally, PlayerRecord, player_record, tally_hands
from .errors import LeagueError
from .nights import load_night, load_nights
from .seasons import (
    find_league,
    find_season,
    league_of,
    league_settings,
    options_of,
    season_settings,
)

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
    system, options = get_system(settings.points_system), options_of(settings)
    tournaments = [] if season is None else await store.season_tournaments(season.id)
    running = () if season is None else tuple(
        await store.season_tournaments(season.id, "running"))
    nights = await load_nights(store, tournaments, options)
    return SeasonView(league, season, settings, system, options, nights,
                      compute_standings(nights, system, options), running)


async def player_stats(store: Store, guild_id: int, user_id: int, fallback_name: str,
                       league_name: str | None = None) -> tuple[LeagueRow, PlayerRecord]:
    """A player's record over every finished night of the league (all seasons)."""
    league = await find_league(store, guild_id, league_name)
    options = options_of(await league_settings(store, league))
    tournaments = await store.league_tournaments(league.id)
    nights = await load_nights(store, tournaments, options)
    tally = HandTally()
    for night in nights:
        if night.player(user_id) is None or is_guest_id(user_id):
            continue  # a guest plays live nights only: no hands were dealt to him
        hands = await tournament_hand_events(store, night.tournament_id, PUBLIC)
        # Every hand of the night is walked: off the event loop.
        tally.add(await asyncio.to_thread(tally_hands, member_player(user_id), hands))
    return league, player_record(user_id, nights, tally, fallback_name)


# --- money -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settlement:
    league: LeagueRow
    settings: LeagueSettings
    options: SeasonOptions
    night: Night
    transfers: list[Transfer[int]]
    # Money mode `bank`: who holds the money paid at the door (HOUSE: the director's bank).
    bank: int | None = None

    @property
    def names(self) -> dict[int, str]:
        out = {p.user_id: p.name for p in self.night.players}
        if self.bank is not None and self.bank not in out:
            out[self.bank] = self.options.banker_name or "the bank"
        return out


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
    league = await league_of(store, t)
    settings = await league_settings(store, league)
    options = options_of(settings)
    night = await load_night(store, t, options)
    if options.money_mode == "bank":
        bank = options.banker if options.banker is not None else HOUSE
        owed = {p.user_id: p.prize + p.bounty_won - p.bounty_paid for p in night.players}
        return Settlement(league, settings, options, night, settle_through_bank(owed, bank),
                          bank)
    return Settlement(league, settings, options, night, settle(night.balances()))
