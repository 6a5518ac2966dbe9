"""Guests over the store: the server's guests by name, a night's points by the tournament's
own player ids, and `/td link` (a guest's past nights made a member's: `plan_guest_link`, then
`GuestLinkPlan.write`, which plans again inside its transaction). The pure part, reading one
night's log, is bot/league/guests.py."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.events import event_from_dict
from bot.store import Store, TournamentRow, Transaction
from bot.tournament import events as tev
from bot.tournament.players import member_player

from ..guests import GuestNight, guest_key, has_guests, is_guest_id, read_night
from .errors import LeagueError


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
    out: dict[str, float] = {member_player(uid): points for uid, points in rows.items()
                             if not is_guest_id(uid)}
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
                guest, member_player(self.member), member_player(by), tx.now)])
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
