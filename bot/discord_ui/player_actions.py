"""What a player does, shared by the table's buttons, the raise modal and the slash commands.

Every action is validated inside the tournament's lock, against the state it is applied to: a
click made for event N of a hand applies only if that hand is still at event N (the director
checks it again: `Tournament.act(expect=...)`), and "is it your turn" is asked of the same
state the action changes. A queued click can therefore never land on a later street.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from bot.discord_ui.lookup import seat_in_hand, whose_turn
from bot.discord_ui.parsing import RaiseChoice, resolve_raise
from bot.discord_ui.presenter.controls import action_confirmation
from bot.discord_ui.presenter.refusals import refusal_text
from bot.discord_ui.presenter.texts import hole_cards_text
from bot.discord_ui.replies import Refusal
from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand
from bot.service import Outcome, Session
from bot.store import Transaction
from bot.tournament.errors import TournamentError
from bot.tournament.tournament import Tournament

PASSED = "That moment has passed: the table has moved on. Use the latest table message."
Expect = tuple[str, int]  # (hand id, number of the hand's events) a button was drawn for

async def run(session: Session, command: Callable[[Tournament, float], Any],
              names: Mapping[str, str],
              also: Callable[[Transaction], Awaitable[Any]] | None = None) -> Outcome:
    """Run a tournament command; a refusal (nothing changed) becomes a Refusal whose text
    names players by their names, not their ids."""
    try:
        return await session.run(command, also=also)
    except (IllegalAction, TournamentError) as exc:
        raise Refusal(refusal_text(exc, names)) from None


def _turn(t: Tournament, user_id: int, names: Mapping[str, str],
          expect: Expect | None) -> tuple[int, Hand, int]:
    table, hand, seat = seat_in_hand(t, user_id)
    if expect is not None and (hand.hand_id, len(hand.events)) != expect:
        raise Refusal(PASSED)
    if hand.to_act != seat:
        raise Refusal(f"Not your turn: {whose_turn(names, hand)}. Nothing was done.")
    return table, hand, seat


async def play(session: Session, user_id: int, action: str, amount: int | None,
               names: Mapping[str, str], *, expect: Expect | None = None) -> str:
    """The player's action, checked and applied under the lock; returns "You call 200."."""
    def command(t: Tournament, now: float) -> str:
        table, hand, seat = _turn(t, user_id, names, expect)
        before = len(hand.events)
        t.act(table, seat, action, amount, now=now, expect=expect)
        return action_confirmation(hand, seat, before)

    outcome = await run(session, command, names)
    return str(outcome.result)


async def play_typed(session: Session, user_id: int, text: str, names: Mapping[str, str], *,
                     action: str = "raise_to", expect: Expect | None = None
                     ) -> RaiseChoice | str:
    """An amount the player typed (modal, `/bet`, `/raise`), read against the state it is
    applied to. Returns the confirmation sentence, or the RaiseChoice that needs the player to
    confirm an all-in (nothing was done then)."""
    def command(t: Tournament, now: float) -> RaiseChoice | str:
        table, hand, seat = _turn(t, user_id, names, expect)
        choice = resolve_raise(hand, text, action)
        if choice.needs_confirmation:
            return choice
        before = len(hand.events)
        t.act(table, seat, choice.action, choice.amount, now=now, expect=expect)
        return action_confirmation(hand, seat, before)

    outcome = await run(session, command, names)
    result: RaiseChoice | str = outcome.result
    return result


def my_cards_text(t: Tournament, user_id: int) -> str:
    player = str(user_id)
    p = t.players.get(player)
    if p is None:
        return "You are not playing in this tournament."
    if p.table is None or p.table not in t.tables:
        return "You have no cards: you are not seated."
    ts = t.tables[p.table]
    for hand in (ts.hand, ts.last_hand):
        if hand is not None:
            seat = hand.seat_of(player)
            if seat is not None:
                text = hole_cards_text(hand, seat)
                return text if hand is ts.hand else f"(Last hand) {text}"
    return "You are not dealt into a hand right now; your cards come with the next deal."


def _after_hand_table(t: Tournament, user_id: int, hand_id: str | None) -> int:
    p = t.players.get(str(user_id))
    if p is None or p.table is None or p.table not in t.tables:
        raise Refusal("You are not seated in this tournament.")
    last = t.tables[p.table].last_hand
    if hand_id is not None and (last is None or last.hand_id != hand_id):
        raise Refusal(PASSED)
    return p.table


async def show_cards(session: Session, user_id: int, cards: list[str] | None,
                     names: Mapping[str, str], hand_id: str | None = None) -> str:
    def command(t: Tournament, now: float) -> Any:
        table = _after_hand_table(t, user_id, hand_id)
        return t.show_cards(table, str(user_id), cards, now, hand_id=hand_id)

    await run(session, command, names)
    return "Shown to the table."


async def agree_rabbit(session: Session, user_id: int, names: Mapping[str, str],
                       hand_id: str | None = None) -> str:
    def command(t: Tournament, now: float) -> int:
        table = _after_hand_table(t, user_id, hand_id)
        if t.tables[table].last_hand is None:
            raise Refusal("A rabbit hunt is asked after a hand, before the next one starts.")
        t.agree_rabbit_hunt(table, str(user_id), now, hand_id=hand_id)
        return table

    outcome = await run(session, command, names)
    ts = session.tournament.tables[outcome.result]
    if ts.rabbit_done:
        return "Everyone agreed: the rabbit is hunted."
    hand = ts.last_hand
    assert hand is not None
    waiting = len({hand.player(s).player for s in hand.players_in_hand} - ts.rabbit_agreed)
    return f"Agreed. Waiting for {waiting} more player(s) of the hand to agree."
