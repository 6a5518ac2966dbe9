"""Finished nights: a tournament read as a league night (places, prizes, money in,
knockouts), and its scoring with the league's points system."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from bot.engine.events import current_type, event_from_dict
from bot.engine.hand_events import HandStarted, PotAwarded
from bot.history.hands import hand_events
from bot.store import (
    PUBLIC,
    TOURNAMENT_STREAM,
    HandRow,
    ResultRow,
    Store,
    TournamentRow,
    Transaction,
)
from bot.tournament.hand_id import HandId
from bot.tournament.players import member_id

from ..guests import has_guests, is_guest_id, read_night
from ..model import Night, PlayerNight
from ..nightlog import Bust, hand_knockers, is_night_event, read_log
from ..points import SeasonOptions, get_system, night_points
from .errors import LeagueError
from .seasons import league_of, options_of, season_settings


async def _hand_knockers(store: Store, t: TournamentRow, bust: Bust) -> tuple[str, ...]:
    """Who made an online bust: read from the hand it happened in (`hand_knockers`)."""
    hand_id = None if bust.hand_id is None else HandId.parse_or_none(bust.hand_id)
    if hand_id is None:
        return ()
    return await _knockers(store, await store.hand_by_number(t.id, hand_id.table,
                                                              hand_id.number), bust.player)


async def _knockers(store: Store, row: HandRow | None, busted: str) -> tuple[str, ...]:
    """Who knocked `busted` out of the hand `row` (tournament player ids): the winners of the
    last pot he was in, read from the hand's deal and pots as typed events (whatever names
    they were stored under)."""
    if row is None:
        return ()
    wanted = (HandStarted.type, PotAwarded.type)
    events = [event_from_dict(d) for d in await hand_events(store, row, PUBLIC)
              if current_type(d["type"]) in wanted]
    return hand_knockers(events, busted)


async def load_night(store: Store, t: TournamentRow, options: SeasonOptions) -> Night:
    """A finished tournament as a league night: places, prizes, money in, knockouts, points.

    Money and busts come from the tournament's own event log, the one record of the night
    (bot/league/nightlog.py): the buy-in from its config for each entry, each re-buy and
    add-on with its cost, each bust that stands (an undone one never counts) with who made it
    (the director's word at a live night, the hand online). Bounties are paid per bust (a
    re-bought player can be busted twice). Places, prizes and points are the results rows.
    Guests of a live night count like members, under their guest id (bot/league/guests.py)
    or, once linked, the member's.
    """
    return (await _load_night(store, t, options))[0]


async def _load_night(store: Store, t: TournamentRow,
                      options: SeasonOptions) -> tuple[Night, bool]:
    """The night, and whether a guest of it has no result row yet (never scored)."""
    results = list(await store.results(t.id))
    entries = {e.user_id: e for e in await store.entries(t.id)}
    stored = await store.load_events(t.id, TOURNAMENT_STREAM)
    log = read_log(event_from_dict(e.data) for e in stored if is_night_event(e.type))
    guests = read_night([event_from_dict(e.data) for e in stored], t.guild_id) \
        if has_guests(e.type for e in stored) else None

    def who(player: str | None) -> int | None:
        """The league user id a tournament player's results count for."""
        if guests is not None and (uid := guests.user(player)) is not None:
            return uid
        return member_id(player)

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

    def by_user(money: Mapping[str, int]) -> dict[int, int]:
        out: dict[int, int] = defaultdict(int)
        for player, amount in money.items():
            if (uid := who(player)) is not None:
                out[uid] += amount
        return out

    buy_ins, rebuys, addons = by_user(log.buy_ins), by_user(log.rebuys), by_user(log.add_ons)
    final_table = {uid for p in log.final_table if (uid := who(p)) is not None}
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

    for bust in log.busts:
        victim = who(bust.player)
        if victim is None:
            continue
        by = (bust.knocked_out_by,) if bust.knocked_out_by is not None \
            else await _hand_knockers(store, t, bust)
        knockers = sorted({k for p in by if (k := who(p)) is not None and k != victim})
        if knockers:
            count(victim, knockers)
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
            final_table=(r.user_id in final_table) if final_table
            else r.place <= log.seats_per_table,
        ))
    night = Night(t.id, t.name, t.finished_at or t.created_at, log.buy_in, tuple(players),
                  deal=log.deal.method if log.deal is not None else None)
    return night, unscored


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
    league = await league_of(store, t)
    # A night of a finished season is scored by that season's kept settings.
    settings = await season_settings(store, league, t.season_id)
    system, options = get_system(settings.points_system), options_of(settings)
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


async def load_nights(store: Store, tournaments: Sequence[TournamentRow],
                      options: SeasonOptions) -> list[Night]:
    """The nights, each scored first if it never was (or was before its guests counted)."""
    out = []
    for t in tournaments:
        night, unscored = await _load_night(store, t, options)
        if unscored or await store.tournament_scoring(t.id) is None:
            # Never scored, or scored before guests counted: scored now, once.
            await score_tournament(store, t.id)
            night = await load_night(store, t, options)
        out.append(night)
    return out
