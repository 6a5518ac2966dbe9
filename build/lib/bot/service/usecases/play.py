"""What a player does at an online table: act, step away and back, call the clock, show, ask to
see, agree to a rabbit hunt. The same calls serve the table's buttons, the raise modal and the
slash commands; each checks what it needs inside the session's lock (`still_current` for a
click) and returns the session's `Outcome` with a typed `result`. A click's own answer (`answer`,
the Discord side's) is handed to the session with the action, for the listener to answer first."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.engine.bet_sizes import size_to
from bot.engine.hand import Hand
from bot.engine.hand_events import Acted
from bot.service.session import Outcome, Session
from bot.service.usecases.current import Click, Spot, still_current
from bot.service.usecases.refused import Refused, Why
from bot.service.usecases.running import refused_in, run
from bot.tournament.players import PlayerId
from bot.tournament.tournament import Tournament


@dataclass(frozen=True)
class Played:
    """A player's action was applied: where, and the hand's record of it (None when the
    action was taken for him another way, e.g. the away rule at the hand's end)."""

    spot: Spot
    acted: Acted | None


class Wager(Protocol):
    """An amount the player typed, read against the hand it is applied to."""

    @property
    def action(self) -> str: ...
    @property
    def amount(self) -> int | None: ...
    @property
    def needs_confirmation(self) -> bool: ...


def _act(t: Tournament, spot: Spot, action: str, amount: int | None, click: Click | None,
         now: float) -> Played:
    before = len(spot.hand.events)
    t.act(spot.table, spot.seat, action, amount, now=now,
          expect=click.expect if click is not None else None)
    acted = next((e for e in spot.hand.events[before:]
                  if isinstance(e, Acted) and e.seat == spot.seat), None)
    return Played(spot, acted)


def check_click(session: Session, player: PlayerId, click: Click) -> Spot:
    """`still_current` asked early, before the lock, so a stale or out-of-turn click is answered
    without waiting (the action asks it again under the lock); refused with names."""
    try:
        return still_current(session.tournament, player, click)
    except Refused as refused:
        raise refused_in(session, refused) from None


async def play(session: Session, player: PlayerId, action: str, amount: int | None = None, *,
               click: Click | None = None, answer: object = None) -> Outcome:
    """fold, check, call, check_or_call, bet, raise_to, all_in ... (`result`: `Played`)."""
    def command(t: Tournament, now: float) -> Played:
        spot = still_current(t, player, click)
        return _act(t, spot, action, amount, click, now)

    return await run(session, command, answer=answer)


async def play_typed(session: Session, player: PlayerId, read: Callable[[Hand], Wager], *,
                     click: Click | None = None, answer: object = None) -> Outcome:
    """An amount the player typed, read by `read` against the hand it is applied to (`result`:
    `Played`, or the `Wager` that needs the player to confirm an all-in: nothing done then)."""
    def command(t: Tournament, now: float) -> Played | Wager:
        spot = still_current(t, player, click)
        wager = read(spot.hand)
        if wager.needs_confirmation:
            return wager
        return _act(t, spot, wager.action, wager.amount, click, now)

    return await run(session, command, answer=answer)


async def play_size(session: Session, player: PlayerId, size: str, amount: int, *,
                    click: Click, answer: object = None) -> Outcome:
    """A one-tap bet size (`bot.engine.bet_sizes`): raise to `amount`, the total its button
    showed. Under the lock the click must still be current and the size must still come to
    exactly `amount` and be legal; otherwise it is refused as stale and nothing is done (the
    amount is never recomputed into one the player did not see). `result`: `Played`."""
    def command(t: Tournament, now: float) -> Played:
        spot = still_current(t, player, click)
        if size_to(spot.hand, size) != amount:
            raise Refused(Why.STALE)
        return _act(t, spot, "raise_to", amount, click, now)

    return await run(session, command, answer=answer)


async def show_cards(session: Session, player: PlayerId, cards: Sequence[str] | None, *,
                     click: Click | None = None) -> Outcome:
    """After the hand: show both hole cards (None) or some."""
    hand_id = click.hand_id if click is not None else None

    def command(t: Tournament, now: float) -> object:
        table = still_current(t, player, click, after_hand=True).table
        return t.show_cards(table, player, list(cards) if cards is not None else None, now,
                            hand_id=hand_id)

    return await run(session, command)


@dataclass(frozen=True)
class RabbitAgreed:
    table: int
    done: bool  # everyone agreed: the rabbit is hunted
    waiting: int  # players of the hand still to agree


async def agree_rabbit(session: Session, player: PlayerId, *, click: Click | None = None
                       ) -> Outcome:
    """After a hand: he agrees to a rabbit hunt (`result`: `RabbitAgreed`)."""
    hand_id = click.hand_id if click is not None else None

    def command(t: Tournament, now: float) -> Spot:
        spot = still_current(t, player, click, after_hand=True)
        t.agree_rabbit_hunt(spot.table, player, now, hand_id=hand_id)
        return spot

    outcome = await run(session, command)
    spot: Spot = outcome.result
    ts = session.tournament.tables[spot.table]
    waiting = len({spot.hand.player(s).player for s in spot.hand.players_in_hand}
                  - ts.rabbit_agreed)
    outcome.result = RabbitAgreed(spot.table, ts.rabbit_done, waiting)
    return outcome


async def request_show(session: Session, player: PlayerId) -> Outcome:
    """During the hand: his hand is shown at the showdown, even if it cannot win."""
    def command(t: Tournament, now: float) -> object:
        p = t.players.get(player)
        if p is None or p.table is None:
            raise Refused(Why.NOT_SEATED)
        return t.request_show(p.table, player, now)

    return await run(session, command)


async def ask_to_see(session: Session, asker: PlayerId, target: PlayerId) -> Outcome:
    """Show one, show all: a player at the table asks to see the rest of a shown hand."""
    def command(t: Tournament, now: float) -> object:
        state = t.players.get(asker)
        if state is None or state.table is None:
            raise Refused(Why.NOT_AT_TABLE)
        return t.ask_to_see(state.table, asker, target, now)

    return await run(session, command)


async def set_away(session: Session, player: PlayerId) -> Outcome:
    return await run(session, lambda t, now: t.set_away(player, now))


async def come_back(session: Session, player: PlayerId) -> Outcome:
    return await run(session, lambda t, now: t.come_back(player, now))


async def use_time_bank(session: Session, player: PlayerId, *, click: Click | None = None,
                        answer: object = None) -> Outcome:
    """Online: the player to act spends his time bank on this decision (the **Time** button;
    `result`: his `Spot`)."""
    def command(t: Tournament, now: float) -> Spot:
        spot = still_current(t, player, click)
        t.use_time_bank(spot.table, player, now,
                        expect=click.expect if click is not None else None)
        return spot

    return await run(session, command, answer=answer)


async def call_clock(session: Session, player: PlayerId) -> Outcome:
    """Online: a seated player calls the clock on the player to act at his table."""
    def command(t: Tournament, now: float) -> object:
        p = t.players.get(player)
        if p is None or p.table is None:
            raise Refused(Why.NOT_AT_TABLE)
        return t.call_clock(p.table, player, now)

    return await run(session, command)
