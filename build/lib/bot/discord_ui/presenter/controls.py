"""What the play buttons show for the player to act (labels, amounts, disabled states), the Raise
modal's words, and the private sentences that confirm a player's own action."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.discord_ui.presenter.limits import (
    BUTTON_LABEL,
    INPUT_LABEL,
    INPUT_PLACEHOLDER,
    MODAL_TITLE,
    chips,
    truncate,
)
from bot.engine.bet_sizes import size_slots
from bot.engine.hand import Hand
from bot.engine.hand_events import Acted


@dataclass(frozen=True)
class ButtonState:
    key: str  # "fold" | "check_call" | "raise" | "all_in": stable, for custom_ids
    label: str
    disabled: bool


@dataclass(frozen=True)
class SizeState:
    """A one-tap bet size (bot/engine/bet_sizes.py): its key, its "raise to" total, its label;
    one not offered now keeps its place, disabled, without an amount (0)."""

    key: str  # "min" | "third" | "half" | "three_quarters" | "pot"
    amount: int
    label: str
    disabled: bool = False


# Short labels: five of them share a row on a phone.
SIZE_LABELS = {"min": "Min", "third": "⅓ pot", "half": "½ pot", "three_quarters": "¾ pot",
               "pot": "Pot"}


@dataclass(frozen=True)
class ActionViewState:
    seat: int
    fold: ButtonState
    check_call: ButtonState
    raise_: ButtonState
    all_in: ButtonState
    can_check: bool
    call_amount: int
    min_raise_to: int  # for the amount modal: the smallest legal "to" total
    max_raise_to: int
    facing_bet: bool
    summary: str  # Legal.describe(): "call 200, raise to 400 to 1,000 (all-in) or fold"
    # Every one-tap size in its place, each offered one labelled with its amount ("½ pot 600"),
    # the others disabled (all of them when the only raise is the all-in).
    sizes: tuple[SizeState, ...] = ()

    @property
    def buttons(self) -> tuple[ButtonState, ...]:
        return (self.fold, self.check_call, self.raise_, self.all_in)


def _button(key: str, label: str, disabled: bool) -> ButtonState:
    return ButtonState(key, truncate(label, BUTTON_LABEL), disabled)


def action_view_state(hand: Hand) -> ActionViewState | None:
    """The buttons for whoever is to act, or None when nobody is (between streets, over)."""
    legal = hand.legal()
    if legal is None or hand.is_over:
        return None
    if legal.can_check:
        check_call = _button("check_call", "Check", False)
    elif legal.call_amount >= legal.stack:
        check_call = _button("check_call", f"Call all-in {chips(legal.call_amount)}", False)
    else:
        check_call = _button("check_call", f"Call {chips(legal.call_amount)}", False)
    verb = "Raise" if legal.facing_bet else "Bet"
    # A raise only short of all-in is still a choice of amount; when the minimum already is
    # the whole stack, the All-in button is the only raise there is.
    ranged = legal.can_raise and legal.min_raise_to < legal.max_raise_to
    if ranged:
        raise_label = f"{verb} ({chips(legal.min_raise_to)}..{chips(legal.max_raise_to)})"
    else:
        raise_label = verb
    all_in_possible = legal.can_raise
    return ActionViewState(
        seat=legal.seat,
        fold=_button("fold", "Fold", not legal.can_fold),
        check_call=check_call,
        raise_=_button("raise", raise_label, not ranged),
        all_in=_button("all_in", f"All-in {chips(legal.max_raise_to)}", not all_in_possible),
        can_check=legal.can_check,
        call_amount=legal.call_amount,
        min_raise_to=legal.min_raise_to,
        max_raise_to=legal.max_raise_to,
        facing_bet=legal.facing_bet,
        summary=legal.describe(),
        sizes=tuple(_size(key, to) for key, to in size_slots(hand)),
    )


def _size(key: str, to: int | None) -> SizeState:
    if to is None:
        return SizeState(key, 0, SIZE_LABELS[key], disabled=True)
    return SizeState(key, to, truncate(f"{SIZE_LABELS[key]} {chips(to)}", BUTTON_LABEL))


# The buttons beside the actions: anyone's (each click checks who he is).
MY_CARDS_LABEL = "My cards"
SHOW_MY_CARDS_LABEL = "Show my cards"
RABBIT_HUNT_LABEL = "Rabbit hunt?"
# A click answered privately when the table message could not be edited in its response.
ACTION_SHOWN = "Done: the table shows your action."
TIME_BANK_SHOWN = "Done: your time bank runs; the table shows your new deadline."


@dataclass(frozen=True)
class RaiseModalWords:
    title: str
    label: str
    placeholder: str


def raise_modal_words(hand: Hand, quick: Mapping[str, int]) -> RaiseModalWords:
    """The Raise modal's title, and its amount input's label and hint of the `quick` amounts
    (min / half / pot / all-in as "raise to" totals)."""
    legal = hand.legal()
    verb = "Raise to" if legal is not None and legal.facing_bet else "Bet"
    return RaiseModalWords(
        title=f"Raise — hand {hand.hand_id}"[:MODAL_TITLE],
        label=f"{verb}: a number, min, half, pot or all-in"[:INPUT_LABEL],
        placeholder=(f"min {chips(quick['min'])} · ½ pot {chips(quick['half'])} · pot "
                     f"{chips(quick['pot'])} · all-in {chips(quick['all-in'])}")
        [:INPUT_PLACEHOLDER])


def all_in_question(hand: Hand) -> str:
    """An amount typed above the player's stack: it is his all-in, played on one more click."""
    legal = hand.legal()
    total = legal.max_raise_to if legal is not None else 0
    return f"That is all-in for {chips(total)}. Confirm?"


def all_in_label(total: int) -> str:
    return f"All-in {chips(total)}"


def all_in_confirmation(total: int) -> str:
    """The All-in button's question: it acts only on a second tap."""
    return (f"All-in for {chips(total)}? Tap **Confirm all-in {chips(total)}** to play it; "
            "anything else leaves it.")


def confirm_all_in_label(total: int) -> str:
    return truncate(f"Confirm all-in {chips(total)}", BUTTON_LABEL)


def action_confirmation(hand: Hand, seat: int, since: int) -> str:
    """"You call 200." for the player's own action among the hand's events from `since`."""
    return acted_text(next((e for e in hand.events[since:]
                            if isinstance(e, Acted) and e.seat == seat), None))


def acted_text(acted: Acted | None) -> str:
    """"You call 200." for the player's own action (the hand's record of it)."""
    if acted is None:
        return "Done."
    tail = " (all-in)." if acted.all_in else "."
    if acted.action in ("fold", "check"):
        return f"You {acted.action}."
    if acted.action == "call":
        return f"You call {chips(acted.added)}{tail}"
    verb = "bet" if acted.action == "bet" else "raise to"
    return f"You {verb} {chips(acted.to)}{tail}"
