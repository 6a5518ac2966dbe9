"""What a player does, shared by the table's buttons, the raise modal and the slash commands:
the use cases of bot/service/usecases/play.py, answered in the presenter's words.

Every action is validated inside the tournament's lock, against the state it is applied to: a
click made for event N of a hand applies only if that hand is still at event N, and "is it your
turn" is asked of the same state the action changes (`still_current`, the one check). A queued
click can therefore never land on a later street. A refusal is the use case's `Refused`, with
the names it needs, passed on as it is (the presenter words it: `refused_text`). A table click's
`ClickAnswer` (`answer`) goes down with the action to the session, whose listener answers the
click with the table before the action's posts.
"""

from __future__ import annotations

from bot.discord_ui.announcer import ClickAnswer
from bot.discord_ui.parsing import RaiseChoice, resolve_raise
from bot.discord_ui.presenter import player as words
from bot.discord_ui.presenter.answers import PASSED
from bot.discord_ui.presenter.cards import Faces, text_face
from bot.discord_ui.presenter.controls import acted_text
from bot.discord_ui.presenter.texts import hole_cards_text
from bot.engine.hand import Hand
from bot.service import Session
from bot.service.usecases import Click
from bot.service.usecases import play as uc
from bot.tournament.players import member_player
from bot.tournament.tournament import Tournament

__all__ = ["PASSED", "Expect", "agree_rabbit", "my_cards_text", "play", "play_size",
           "play_typed", "show_cards", "use_time_bank"]

Expect = tuple[str, int]  # (hand id, number of the hand's events) a button was drawn for


def _click(expect: Expect | None) -> Click | None:
    return Click(*expect) if expect is not None else None


async def play(session: Session, user_id: int, action: str, amount: int | None, *,
               expect: Expect | None = None, answer: ClickAnswer | None = None) -> str:
    """The player's action, checked and applied under the lock; returns "You call 200."."""
    outcome = await uc.play(session, member_player(user_id), action, amount,
                            click=_click(expect), answer=answer)
    played: uc.Played = outcome.result
    return acted_text(played.acted)


async def use_time_bank(session: Session, user_id: int, *, expect: Expect,
                        answer: ClickAnswer | None = None) -> None:
    """The Time button: his time bank added to this decision, checked under the lock."""
    await uc.use_time_bank(session, member_player(user_id), click=Click(*expect), answer=answer)


async def play_size(session: Session, user_id: int, size: str, amount: int, *,
                    expect: Expect, answer: ClickAnswer | None = None) -> str:
    """A one-tap size button: raise to the `amount` it showed, refused as stale unless the
    size still comes to it under the lock (`uc.play_size`); returns "You raise to 600."."""
    outcome = await uc.play_size(session, member_player(user_id), size, amount,
                                 click=Click(*expect), answer=answer)
    played: uc.Played = outcome.result
    return acted_text(played.acted)


async def play_typed(session: Session, user_id: int, text: str, *, action: str = "raise_to",
                     expect: Expect | None = None, answer: ClickAnswer | None = None
                     ) -> RaiseChoice | str:
    """An amount the player typed (modal, `/bet`, `/raise`), read against the state it is
    applied to. Returns the confirmation sentence, or the RaiseChoice that needs the player to
    confirm an all-in (nothing was changed then)."""
    def read(hand: Hand) -> RaiseChoice:
        return resolve_raise(hand, text, action)

    outcome = await uc.play_typed(session, member_player(user_id), read, click=_click(expect),
                                  answer=answer)
    if isinstance(outcome.result, RaiseChoice):
        return outcome.result
    played: uc.Played = outcome.result
    return acted_text(played.acted)


def my_cards_text(t: Tournament, user_id: int, faces: Faces = text_face) -> str:
    """His hole cards, for his eyes only (My cards, `/cards`), in `faces`: the server's card
    emojis, as his DM and the table show them (Announcer.card_faces)."""
    player = member_player(user_id)
    p = t.players.get(player)
    if p is None:
        return words.NOT_PLAYING
    if p.table is None or p.table not in t.tables:
        return words.NOT_SEATED_NO_CARDS
    ts = t.tables[p.table]
    for hand in (ts.hand, ts.last_hand):
        if hand is not None:
            seat = hand.seat_of(player)
            if seat is not None:
                text = hole_cards_text(hand, seat, faces)
                return text if hand is ts.hand else words.last_hand_cards_text(text)
    return words.CARDS_NEXT_DEAL


async def show_cards(session: Session, user_id: int, cards: list[str] | None,
                     hand_id: str | None = None) -> str:
    await uc.show_cards(session, member_player(user_id), cards,
                        click=Click(hand_id) if hand_id is not None else None)
    return words.SHOWN


async def agree_rabbit(session: Session, user_id: int, hand_id: str | None = None) -> str:
    outcome = await uc.agree_rabbit(session, member_player(user_id),
                                    click=Click(hand_id) if hand_id is not None else None)
    agreed: uc.RabbitAgreed = outcome.result
    if agreed.done:
        return words.RABBIT_HUNTED
    return words.rabbit_waiting_text(agreed.waiting)
