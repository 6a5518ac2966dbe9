"""Finished nights: a tournament read as a league night (places, prizes, money in,
knockouts), and its scoring with the league's points system."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from bot.engine.events import current_type, event_from_dict
from bot.engine.hand_events import HandStarted, PotAwarded
from bot.history.hands import hand_events
from bot.store import PUBLIC, ResultRow, Store, TournamentRow, Transaction

from ..guests import has_guests, is_guest_id, read_night
from ..model import Night, PlayerNight
from ..points import SeasonOptions, get_system, night_points
from .errors import LeagueError
from .seasons import league_of, options_of, season_settings

# When a night has no final-table event (it was one table from the start), the players who
# finished in the top seats of one table made the final table.
DEFAULT_TABLE_SEATS = 9


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
