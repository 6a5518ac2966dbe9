"""Servers, leagues and seasons: settings, the active season, how nights were scored, standings."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from .errors import LeagueNameTaken, StoreError
from .rows import (
    DealSettings,
    GuildSettings,
    LeagueRow,
    LeagueSettings,
    ScoringRow,
    SeasonRow,
    SeasonStandingRow,
    TournamentRow,
    TournamentStatus,
)
from .sql import SqlBase, dumps, plain
from .tournaments import tournament_row

# The server settings a director changes one at a time (`change_guild_settings`), and how each
# is stored: JSON for a mapping, 0/1 for a flag.
_CHANGEABLE = frozenset(f.name for f in dataclasses.fields(GuildSettings)) - {"guild_id",
                                                                              "updated_at"}


def _setting_value(name: str, value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, dict):
        return dumps(value)
    return value


class LeagueSql(SqlBase):
    # --- server settings -----------------------------------------------------------------------

    def guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings; defaults if it never saved any."""
        r = self.one("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if r is None:
            return GuildSettings(guild_id=guild_id)
        settings = plain(GuildSettings, r, knob_overrides=True, structure_presets=True,
                         payout_presets=True, points_system=True)
        return dataclasses.replace(settings, four_colour_deck=bool(r["four_colour_deck"]),
                                   hole_card_dms=bool(r["hole_card_dms"]))

    def change_guild_settings(self, guild_id: int, /, **changes: Any) -> GuildSettings:
        """Only the named settings changed (the others as they are in the database, whoever
        wrote them last), read back in the same transaction: two directors saving different
        settings at once both keep their change. Unknown names raise StoreError."""
        unknown = set(changes) - _CHANGEABLE
        if unknown:
            raise StoreError(f"not a server setting: {', '.join(sorted(unknown))}")
        if not changes:
            return self.guild_settings(guild_id)
        columns = sorted(changes)
        values = [_setting_value(name, changes[name]) for name in columns]
        self.exec(
            f"INSERT INTO guild_settings (guild_id, updated_at, {', '.join(columns)}) "
            f"VALUES (?, ?, {', '.join('?' for _ in columns)}) ON CONFLICT (guild_id) DO UPDATE "
            f"SET updated_at = excluded.updated_at, "
            + ", ".join(f"{c} = excluded.{c}" for c in columns),
            (guild_id, self.now, *values),
        )
        return self.guild_settings(guild_id)

    def put_guild_settings(self, settings: GuildSettings) -> GuildSettings:
        self.exec(
            "INSERT INTO guild_settings (guild_id, profile, knob_overrides, director_role_id, "
            "structure_presets, payout_presets, points_system, tournament_channel_id, updated_at, "
            "four_colour_deck, idle_ping_seconds, hole_card_dms, time_zone) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
            "profile = excluded.profile, knob_overrides = excluded.knob_overrides, "
            "director_role_id = excluded.director_role_id, "
            "structure_presets = excluded.structure_presets, "
            "payout_presets = excluded.payout_presets, points_system = excluded.points_system, "
            "tournament_channel_id = excluded.tournament_channel_id, "
            "updated_at = excluded.updated_at, four_colour_deck = excluded.four_colour_deck, "
            "idle_ping_seconds = excluded.idle_ping_seconds, "
            "hole_card_dms = excluded.hole_card_dms, time_zone = excluded.time_zone",
            (
                settings.guild_id,
                settings.profile,
                dumps(settings.knob_overrides),
                settings.director_role_id,
                dumps(settings.structure_presets),
                dumps(settings.payout_presets),
                dumps(settings.points_system),
                settings.tournament_channel_id,
                self.now,
                int(settings.four_colour_deck),
                settings.idle_ping_seconds,
                int(settings.hole_card_dms),
                settings.time_zone,
            ),
        )
        return self.guild_settings(settings.guild_id)

    # --- a player's own choices in a server ----------------------------------------------------

    def hole_card_dm_choices(self, guild_id: int) -> dict[int, bool]:
        """The players of this server who chose whether their hole cards come by DM (user id
        -> his choice); a player not listed follows the server's `hole_card_dms`."""
        rows = self.fetch("SELECT user_id, hole_card_dms FROM player_settings "
                          "WHERE guild_id = ?", (guild_id,))
        return {int(r["user_id"]): bool(r["hole_card_dms"]) for r in rows}

    def deal_settings(self, guild_id: int) -> DealSettings:
        """The settings and the hole-card DM choices together: a deal reads both (one hop)."""
        return DealSettings(self.guild_settings(guild_id), self.hole_card_dm_choices(guild_id))

    def put_hole_card_dms(self, guild_id: int, user_id: int, dms: bool) -> None:
        """His choice: hole cards by DM at every deal (True) or only by My cards (False)."""
        self.exec(
            "INSERT INTO player_settings (guild_id, user_id, hole_card_dms, updated_at) "
            "VALUES (?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET "
            "hole_card_dms = excluded.hole_card_dms, updated_at = excluded.updated_at",
            (guild_id, user_id, int(dms), self.now),
        )

    # --- each player's DM channel --------------------------------------------------------------

    def dm_channel(self, user_id: int) -> int | None:
        """The DM channel Discord opened with this user, if the bot ever had it opened."""
        r = self.one("SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,))
        return None if r is None else int(r["channel_id"])

    def put_dm_channel(self, user_id: int, channel_id: int) -> None:
        self.exec(
            "INSERT INTO dm_channels (user_id, channel_id, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id, "
            "updated_at = excluded.updated_at",
            (user_id, channel_id, self.now),
        )

    # --- leagues -------------------------------------------------------------------------------

    def leagues(self, guild_id: int) -> list[LeagueRow]:
        rows = self.fetch("SELECT * FROM leagues WHERE guild_id = ? ORDER BY id", (guild_id,))
        return [plain(LeagueRow, r) for r in rows]

    def league(self, league_id: int) -> LeagueRow | None:
        r = self.one("SELECT * FROM leagues WHERE id = ?", (league_id,))
        return None if r is None else plain(LeagueRow, r)

    def league_by_name(self, guild_id: int, name: str) -> LeagueRow | None:
        """Case-insensitive: players type league names, they do not copy them (the dialect's
        statement: each backend folds the name as its unique index does)."""
        r = self.one(self.dialect.league_by_name, (guild_id, name))
        return None if r is None else plain(LeagueRow, r)

    def create_league(self, guild_id: int, name: str) -> LeagueRow:
        """A new league; LeagueNameTaken if the server has one of that name in any case."""
        row = self.one(
            "INSERT INTO leagues (guild_id, name, created_at) VALUES (?, ?, ?) "
            "ON CONFLICT DO NOTHING RETURNING *",
            (guild_id, name, self.now),
        )
        if row is None:
            raise LeagueNameTaken(guild_id, name, self.league_by_name(guild_id, name))
        return plain(LeagueRow, row)

    def league_settings(self, league_id: int) -> LeagueSettings:
        """The league's settings; defaults (linear points, no money) if it never saved any."""
        r = self.one("SELECT * FROM league_settings WHERE league_id = ?", (league_id,))
        if r is None:
            return LeagueSettings(league_id=league_id)
        return plain(LeagueSettings, r, options=True)

    def put_league_settings(self, settings: LeagueSettings) -> LeagueSettings:
        self.exec(
            "INSERT INTO league_settings (league_id, points_system, options, currency, updated_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (league_id) DO UPDATE SET "
            "points_system = excluded.points_system, options = excluded.options, "
            "currency = excluded.currency, updated_at = excluded.updated_at",
            (settings.league_id, settings.points_system, dumps(settings.options),
             settings.currency, self.now),
        )
        return self.league_settings(settings.league_id)

    def league_tournaments(
        self, league_id: int, status: TournamentStatus | None = "finished"
    ) -> list[TournamentRow]:
        return self._tournaments_of("league_id", league_id, status)

    # --- seasons -------------------------------------------------------------------------------

    def seasons(self, league_id: int) -> list[SeasonRow]:
        rows = self.fetch("SELECT * FROM seasons WHERE league_id = ? ORDER BY id", (league_id,))
        return [plain(SeasonRow, r) for r in rows]

    def season(self, season_id: int) -> SeasonRow | None:
        r = self.one("SELECT * FROM seasons WHERE id = ?", (season_id,))
        return None if r is None else plain(SeasonRow, r)

    def active_season(self, league_id: int) -> SeasonRow | None:
        r = self.one(
            "SELECT s.* FROM active_seasons a JOIN seasons s ON s.id = a.season_id "
            "WHERE a.league_id = ?",
            (league_id,),
        )
        return None if r is None else plain(SeasonRow, r)

    def create_season(
        self,
        league_id: int,
        name: str,
        starts_at: float | None = None,
        ends_at: float | None = None,
    ) -> SeasonRow:
        row = self.returning(
            "INSERT INTO seasons (league_id, name, starts_at, ends_at, created_at) "
            "VALUES (?, ?, ?, ?, ?) RETURNING *",
            (league_id, name, starts_at, ends_at, self.now),
        )
        return plain(SeasonRow, row)

    def set_active_season(self, league_id: int, season_id: int) -> None:
        """Make `season_id` the league's active season. Refused if another one is active."""
        if not self.exec(
            "INSERT INTO active_seasons (league_id, season_id, since) VALUES (?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (league_id, season_id, self.now),
        ):
            raise StoreError(f"league {league_id} already has an active season")

    def end_season(self, season_id: int, ends_at: float | None = None) -> SeasonRow:
        """Close a season: stamp when it ended (now unless given) and make it inactive."""
        row = self.returning(
            "UPDATE seasons SET ends_at = ? WHERE id = ? RETURNING *",
            (self.now if ends_at is None else ends_at, season_id),
        )
        self.exec("DELETE FROM active_seasons WHERE season_id = ?", (season_id,))
        return plain(SeasonRow, row)

    def stamp_season(self, tournament_id: int) -> SeasonRow | None:
        """At a tournament's start: it counts in its league's season active at this moment (or
        in none), recorded on the tournament. Returns that season."""
        r = self.one(
            "UPDATE tournaments SET season_id = (SELECT a.season_id FROM active_seasons a "
            "WHERE a.league_id = tournaments.league_id) WHERE id = ? RETURNING season_id",
            (tournament_id,),
        )
        if r is None or r["season_id"] is None:
            return None
        return self.season(int(r["season_id"]))

    def season_final(self, season_id: int) -> LeagueSettings | None:
        """The settings a finished season keeps (None while it runs, or for a season ended
        before they were kept)."""
        r = self.one(
            "SELECT f.settings, f.final_at, s.league_id FROM season_finals f "
            "JOIN seasons s ON s.id = f.season_id WHERE f.season_id = ?",
            (season_id,),
        )
        if r is None:
            return None
        kept = json.loads(r["settings"]) if isinstance(r["settings"], str) else r["settings"]
        return LeagueSettings(int(r["league_id"]), str(kept["points_system"]),
                              dict(kept.get("options") or {}), kept.get("currency"),
                              float(r["final_at"]))

    def keep_season_final(self, season_id: int, settings: LeagueSettings) -> LeagueSettings:
        """Keep the settings a season ended with; the first kept stay (never overwritten)."""
        self.exec(
            "INSERT INTO season_finals (season_id, final_at, settings) VALUES (?, ?, ?) "
            "ON CONFLICT (season_id) DO NOTHING",
            (season_id, self.now, dumps({"points_system": settings.points_system,
                                         "options": settings.options,
                                         "currency": settings.currency})),
        )
        kept = self.season_final(season_id)
        assert kept is not None
        return kept

    def season_tournaments(
        self, season_id: int, status: TournamentStatus | None = "finished"
    ) -> list[TournamentRow]:
        """A season's tournaments (by default the finished ones) in the order they were played."""
        return self._tournaments_of("season_id", season_id, status)

    def season_standings(self, season_id: int) -> list[SeasonStandingRow]:
        """Points table over the season's finished tournaments, best first."""
        rows = self.fetch(self.dialect.season_standings, (season_id,))
        return [plain(SeasonStandingRow, r) for r in rows]

    # --- scoring -------------------------------------------------------------------------------

    def tournament_scoring(self, tournament_id: int) -> ScoringRow | None:
        r = self.one("SELECT * FROM tournament_scoring WHERE tournament_id = ?", (tournament_id,))
        return None if r is None else plain(ScoringRow, r, options=True)

    def record_scoring(
        self, tournament_id: int, points_system: str, options: dict[str, Any] | None = None
    ) -> ScoringRow:
        row = self.returning(
            "INSERT INTO tournament_scoring (tournament_id, points_system, options, scored_at) "
            "VALUES (?, ?, ?, ?) ON CONFLICT (tournament_id) DO UPDATE SET "
            "points_system = excluded.points_system, options = excluded.options, "
            "scored_at = excluded.scored_at RETURNING *",
            (tournament_id, points_system, dumps(options or {}), self.now),
        )
        return plain(ScoringRow, row, options=True)

    def _tournaments_of(
        self, column: str, value: int, status: TournamentStatus | None
    ) -> list[TournamentRow]:
        sql = f"SELECT * FROM tournaments WHERE {column} = ?"
        params: list[Any] = [value]
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        sql += " ORDER BY COALESCE(finished_at, created_at), id"
        return [tournament_row(r) for r in self.fetch(sql, params)]
