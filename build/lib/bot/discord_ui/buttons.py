"""The table's buttons, the Raise modal and the all-in confirmation, and the routing of a click.

A table button's custom id, `hp:<act>:<hand id>:<event count>` (at most 100 characters), pins
the moment it was drawn for; its action applies only if the hand is still at that moment
(`still_current`, asked early and again inside the tournament's lock), else the player is told
that moment has passed and nothing changes. Because the id carries everything, the buttons keep
working after a restart. The buttons are drawn in a View discord.py never listens to
(`DrawnButtons`, `table_view`); a click is routed by its custom id alone (`answer_table_click`,
from the bot's `on_interaction`) to the class below that answers it. The Raise modal's
submission is routed the same way by the modal's id `hpm:<hand id>:<event count>`
(`answer_raise`).

An action (fold, check/call, all-in, a raise from the modal, a one-tap size, the Time button) is
answered by editing the table message in the click's own response: one request. One that waits
past `ANSWER_WITHIN` (the lock held by a long deal) is acknowledged first, then answered by the
same edit through its webhook (click_update.py).

Acts: f fold, c check/call, r raise (modal), a all-in (asks for a second tap, privately), A
all-in confirmed, m my cards, s show my cards (after the hand), h agree to a rabbit hunt; t the
Time button (`hp:t:<hand id>:<event count>`, the player's time bank); z a one-tap bet size
(`hp:z:<size>:<hand id>:<event count>:<amount>`, size m min, 3 ⅓ pot, 2 ½ pot, 4 ¾ pot, p pot),
whose amount is the "raise to" total its label showed: under the lock the size must still come
to exactly that amount, else the click is stale and refused (a player is never raised by an
amount he did not see).
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, cast

import discord

from bot.discord_ui.announcer import ClickAnswer
from bot.discord_ui.click_update import acknowledged_if_slow, replace_message
from bot.discord_ui.context import GameBot, game_of
from bot.discord_ui.dpy import release
from bot.discord_ui.global_limit import Priority, priority
from bot.discord_ui.lookup import session_by_id, tournament_of_hand
from bot.discord_ui.parsing import AMOUNT_CHARS, RaiseChoice, quick_amounts
from bot.discord_ui.player_actions import (
    agree_rabbit,
    my_cards_text,
    play,
    play_size,
    play_typed,
    show_cards,
    use_time_bank,
)
from bot.discord_ui.presenter.answers import refused_text
from bot.discord_ui.presenter.controls import (
    ACTION_SHOWN,
    MY_CARDS_LABEL,
    RABBIT_HUNT_LABEL,
    SHOW_MY_CARDS_LABEL,
    TIME_BANK_SHOWN,
    action_view_state,
    all_in_confirmation,
    all_in_label,
    all_in_question,
    confirm_all_in_label,
    raise_modal_words,
)
from bot.discord_ui.presenter.time_bank import time_button_label, time_button_usable
from bot.discord_ui.replies import generic_error_text, send_private
from bot.discord_ui.template_button import TemplateButton
from bot.engine.hand import Hand
from bot.service import Session
from bot.service.usecases import Click, Refused, dealt_in
from bot.service.usecases.play import check_click
from bot.tournament.players import member_player

log = logging.getLogger(__name__)

HAND_ID = r"[0-9]{1,9}-t[0-9]{1,9}-h[0-9]{1,9}"
TEMPLATE = rf"hp:(?P<act>[fcraAmsh]):(?P<hand>{HAND_ID}):(?P<n>[0-9]{{1,6}})"
PLAY_ACTS = "fcraA"
_ACTIONS = {"f": "fold", "c": "check_or_call"}


def custom_id(act: str, hand: Hand) -> str:
    return f"hp:{act}:{hand.hand_id}:{len(hand.events)}"


class DrawnButtons(discord.ui.View):
    """A table message's buttons, drawn straight as the component rows Discord receives.

    `button(row, custom_id, label, ...)` adds one button at the end of a row; `to_components()`
    gives the rows in order, empty ones left out, as discord.py's own View of those buttons
    would (tests/discord_ui/test_drawn_buttons.py compares them). The view has no items and is
    finished from the start (`stop`), so discord.py stores it nowhere and dispatches nothing
    to it: a click is routed by its custom id alone (`answer_table_click`). Why not items: a
    discord.py Button per button at every table drawn, each pointing at the view that holds it
    (a cycle left to the collector), for rows that are only ever sent."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.stop()
        self.rows: list[list[dict[str, Any]]] = []

    def button(self, row: int, custom_id: str, label: str, *,
               style: discord.ButtonStyle = discord.ButtonStyle.secondary,
               disabled: bool = False) -> None:
        while len(self.rows) <= row:
            self.rows.append([])
        self.rows[row].append({"type": 2, "style": style.value, "label": label,
                               "custom_id": custom_id, "disabled": disabled})

    def to_components(self) -> list[dict[str, Any]]:
        return [{"type": 1, "components": row} for row in self.rows if row]


# The actions and My cards; the one-tap sizes under them; the Time button and the All-in.
ACTION_ROW, SIZE_ROW, TIME_ROW = 0, 1, 2
_STYLES = {"fold": discord.ButtonStyle.danger, "check_call": discord.ButtonStyle.primary,
           "raise": discord.ButtonStyle.success, "all_in": discord.ButtonStyle.secondary}
_ACTS = {"fold": "f", "check_call": "c", "raise": "r", "all_in": "a"}


def table_view(session: Session, table: int, hand: Hand) -> DrawnButtons:
    """The buttons under a table message, for a phone: the actions and My cards in a row of
    at most five, the one-tap sizes under it (each always in its place, disabled when not
    legal now), and in the last row the Time button and the All-in, away from Call (it asks
    for a second tap: `all_in_confirmation`)."""
    view = DrawnButtons()
    state = action_view_state(hand) if not hand.is_over else None
    if state is not None:
        for b in (state.fold, state.check_call, state.raise_):
            view.button(ACTION_ROW, custom_id(_ACTS[b.key], hand), b.label,
                        style=_STYLES[b.key], disabled=b.disabled)
        for size in state.sizes:  # five, in their places
            view.button(SIZE_ROW, size_custom_id(size.key, size.amount, hand), size.label,
                        style=discord.ButtonStyle.success, disabled=size.disabled)
    view.button(ACTION_ROW, custom_id("m", hand), MY_CARDS_LABEL)
    time_button(view, session, table, hand)
    if state is not None:
        b = state.all_in
        view.button(TIME_ROW, custom_id(_ACTS[b.key], hand), b.label, style=_STYLES[b.key],
                    disabled=b.disabled)
    if hand.is_over:
        view.button(ACTION_ROW, custom_id("s", hand), SHOW_MY_CARDS_LABEL)
        if session.tournament.profile.rabbit_hunt and hand.rabbit_cards():
            view.button(ACTION_ROW, custom_id("h", hand), RABBIT_HUNT_LABEL)
    return view


def confirm_view(hand_id: str, count: int, total: int, label: str | None = None) -> DrawnButtons:
    """The one-click confirmation of an all-in: the All-in button's second tap, or an amount
    typed above every stack (a table button: answered by `answer_table_click` like the others,
    good only for the moment the question was asked)."""
    view = DrawnButtons()
    view.button(0, f"hp:A:{hand_id}:{count}", label or all_in_label(total),
                style=discord.ButtonStyle.danger)
    return view


def _session(bot: GameBot, hand_id: str) -> Session:
    return session_by_id(bot, tournament_of_hand(hand_id))


async def _click_is_current(interaction: discord.Interaction, hand_id: str, count: int) -> bool:
    """Only the player to act may press a table button, at the moment it was drawn for: the
    same `still_current` the action asks again under the lock, asked early here."""
    bot = game_of(interaction)
    try:
        check_click(_session(bot, hand_id), member_player(interaction.user.id),
                    Click(hand_id, count))
    except Refused as r:
        await send_private(interaction, refused_text(r))
        return False
    return True


@contextlib.asynccontextmanager
async def _answered_privately(interaction: discord.Interaction,
                              what: str) -> AsyncIterator[None]:
    """A refusal raised inside is the player's private answer; any other failure is logged
    ("<what> failed": a click's or a modal's custom id) and the player told it went wrong,
    with its reference."""
    try:
        yield
    except Refused as r:
        await send_private(interaction, refused_text(r))
    except Exception:
        log.exception("%s failed", what)
        await send_private(interaction, generic_error_text(interaction))


async def _act_and_answer(interaction: discord.Interaction, hand_id: str, custom_id: str | None,
                          act: Callable[[Session, int, ClickAnswer], Awaitable[None]],
                          done: str) -> None:
    """Run a one-tap action and answer the click by editing the table message (one request);
    `done` privately when the table could not be shown in the response."""
    bot = game_of(interaction)
    async with _answered_privately(interaction, str(custom_id)):
        session = _session(bot, hand_id)
        user = interaction.user.id
        table, hand, _ = dealt_in(session.tournament, member_player(user))
        async with bot.announcer.answering(interaction, session, table, hand) as click:
            await act(session, user, click)
        if not click.answered:
            await send_private(interaction, done)


class HandButton(TemplateButton, template=r"(?!)"):
    """A button of one decision of a hand: its template names the hand (`hand`) and the number
    of its events when the button was drawn (`n`). Only the player to act may press it, at that
    moment: the same `still_current` the action asks again under the lock, asked early here."""

    @property
    def hand_id(self) -> str:
        return self.fields["hand"]

    @property
    def count(self) -> int:
        return int(self.fields["n"])

    @property
    def expect(self) -> tuple[str, int]:
        return self.hand_id, self.count

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await _click_is_current(interaction, *self.expect)


class PlayButton(HandButton, template=TEMPLATE):
    @property
    def act(self) -> str:
        return self.fields["act"]

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """My cards, Show my cards and Rabbit hunt are anyone's (each checks who he is)."""
        if self.act not in PLAY_ACTS:
            return True
        return await super().interaction_check(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        async with _answered_privately(interaction, str(self.item.custom_id)):
            await self._dispatch(game_of(interaction), interaction)

    async def _dispatch(self, bot: GameBot, interaction: discord.Interaction) -> None:
        session = _session(bot, self.hand_id)
        user = interaction.user.id
        if self.act == "m":
            faces = bot.announcer.card_faces(session)
            await send_private(interaction, my_cards_text(session.tournament, user, faces))
        elif self.act == "r":
            hand = dealt_in(session.tournament, member_player(user)).hand
            modal = RaiseModal(hand)
            try:
                await interaction.response.send_modal(modal)
            finally:
                # The modal and its input point at each other: once sent, nothing reads them,
                # and they go by reference counting, not left to the collector each raise.
                modal.clear_items()
        elif self.act == "a":
            # One slip of a thumb must not cost a tournament: the All-in asks for a second
            # tap, privately (the table does not learn what he is thinking of).
            hand = dealt_in(session.tournament, member_player(user)).hand
            legal = hand.legal()
            total = legal.max_raise_to if legal is not None else 0
            await send_private(interaction, all_in_confirmation(total),
                               view=confirm_view(self.hand_id, self.count, total,
                                                 confirm_all_in_label(total)))
        elif self.act == "A":
            # From the private confirmation: the answer replaces the question.
            async with acknowledged_if_slow(interaction):
                text = await play(session, user, "all_in", None, expect=self.expect)
            await replace_message(interaction, content=text, view=None)
        elif self.act in _ACTIONS:
            table, hand, _ = dealt_in(session.tournament, member_player(user))
            async with bot.announcer.answering(interaction, session, table, hand) as click:
                await play(session, user, _ACTIONS[self.act], None, expect=self.expect,
                           answer=click)
            if not click.answered:
                await send_private(interaction, ACTION_SHOWN)
        elif self.act == "s":
            await interaction.response.defer(ephemeral=True, thinking=True)
            await send_private(interaction, await show_cards(session, user, None,
                                                             self.hand_id))
        elif self.act == "h":
            await interaction.response.defer(ephemeral=True, thinking=True)
            await send_private(interaction, await agree_rabbit(session, user, self.hand_id))


SIZE_CODES = {"min": "m", "third": "3", "half": "2", "three_quarters": "4", "pot": "p"}
_SIZE_KEYS = {code: key for key, code in SIZE_CODES.items()}
SIZE_TEMPLATE = (rf"hp:z:(?P<size>[m324p]):(?P<hand>{HAND_ID}):(?P<n>[0-9]{{1,6}})"
                 r":(?P<amount>[0-9]{1,15})")


def size_custom_id(key: str, amount: int, hand: Hand) -> str:
    return f"hp:z:{SIZE_CODES[key]}:{hand.hand_id}:{len(hand.events)}:{amount}"


class SizeButton(HandButton, template=SIZE_TEMPLATE):
    """A one-tap bet size: raise to the amount on its label, at the moment it was drawn for."""

    @property
    def size(self) -> str:
        return _SIZE_KEYS[self.fields["size"]]

    @property
    def amount(self) -> int:
        return int(self.fields["amount"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act(session: Session, user: int, click: ClickAnswer) -> None:
            await play_size(session, user, self.size, self.amount,
                            expect=self.expect, answer=click)

        await _act_and_answer(interaction, self.hand_id, self.item.custom_id, act,
                              ACTION_SHOWN)


TIME_TEMPLATE = rf"hp:t:(?P<hand>{HAND_ID}):(?P<n>[0-9]{{1,6}})"


def time_button(view: DrawnButtons, session: Session, table: int, hand: Hand) -> None:
    """The Time button, in a row of its own: while a player is to act in a
    tournament with a time bank; disabled when his bank is empty or the clock runs on him."""
    bank = session.tournament.turn_bank(table) if not hand.is_over else None
    if bank is not None:
        view.button(TIME_ROW, custom_id("t", hand), time_button_label(bank),
                    disabled=not time_button_usable(bank))


class TimeButton(HandButton, template=TIME_TEMPLATE):
    """The player to act spends his time bank on this decision: one request (the click's
    response edits the table message, which shows his new deadline)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act(session: Session, user: int, click: ClickAnswer) -> None:
            await use_time_bank(session, user, expect=self.expect, answer=click)

        await _act_and_answer(interaction, self.hand_id, self.item.custom_id, act,
                              TIME_BANK_SHOWN)


RAISE_TEMPLATE = re.compile(rf"hpm:(?P<hand>{HAND_ID}):(?P<n>[0-9]{{1,6}})")
AMOUNT_INPUT = "amount"


class RaiseModal(discord.ui.Modal):
    """An amount for a bet or raise. The hints show only whole units of the smallest chip.

    Drawn only, like the table's buttons: its submission is answered by `answer_raise`, routed
    by the modal's custom id (`hpm:<hand id>:<event count>`), so discord.py keeps nothing of
    it. Its store learns of a modal only once Discord's answer to the click has come back (a
    submission arriving first was dropped), kept each for ten minutes with a timer, and is
    empty after a restart (a raise typed across one was lost)."""

    def __init__(self, hand: Hand) -> None:
        q = quick_amounts(hand)
        words = raise_modal_words(hand, q)
        super().__init__(title=words.title, timeout=None,
                         custom_id=f"hpm:{hand.hand_id}:{len(hand.events)}")
        self.add_item(discord.ui.TextInput(
            label=words.label,
            custom_id=AMOUNT_INPUT,
            default=str(q["min"]),
            placeholder=words.placeholder,
            max_length=AMOUNT_CHARS,
        ))
        self.stop()  # finished: discord.py stores and listens for nothing (answer_raise)


def typed_amount(components: object) -> str | None:
    """The amount input's value in a modal submission's components (rows, or labels, holding
    the inputs), or None."""
    if isinstance(components, list):
        for c in components:
            if not isinstance(c, dict):
                continue
            if c.get("custom_id") == AMOUNT_INPUT and isinstance(c.get("value"), str):
                return cast(str, c["value"])
            nested = c.get("components")
            if nested is None and "component" in c:  # a label holds one component
                nested = [c["component"]]
            inner = typed_amount(nested)
            if inner is not None:
                return inner
    return None


async def answer_raise(interaction: discord.Interaction) -> bool:
    """Answer the Raise modal's submission (True), or leave the interaction alone (False).

    Contract: called once for every interaction the bot receives (LeagueBot.on_interaction),
    beside `answer_table_click`. The action is checked and applied under the lock like a
    click's, and answered by editing the table message (one request), acknowledged first when
    it waits past 2 s (click_update.py)."""
    found = _raise_submitted(interaction)
    if found is None:
        return False
    text = typed_amount(cast(dict[str, Any], interaction.data or {}).get("components"))
    try:
        # As a table click (answer_table_click): the player waits for this answer.
        async with _answered_privately(interaction, found.group(0)):
            with priority(Priority.ANSWER):
                await _raise(interaction, found["hand"], int(found["n"]), text or "")
    finally:
        release(interaction)
    return True


async def _raise(interaction: discord.Interaction, hand_id: str, count: int, text: str) -> None:
    bot = game_of(interaction)
    session = _session(bot, hand_id)
    table, hand, _ = dealt_in(session.tournament, member_player(interaction.user.id))
    async with bot.announcer.answering(interaction, session, table, hand) as click:
        result = await play_typed(session, interaction.user.id, text,
                                  expect=(hand_id, count), answer=click)
        if isinstance(result, RaiseChoice):
            click.decline()  # nothing was changed: the answer is the question
    if isinstance(result, RaiseChoice):
        legal = hand.legal()
        total = legal.max_raise_to if legal is not None else 0
        await send_private(interaction, all_in_question(hand),
                           view=confirm_view(hand_id, count, total))
    elif not click.answered:
        await send_private(interaction, result)


# Each table button's class by the act letter after "hp:" (its template decides the rest).
_TABLE_BUTTONS: dict[str, type[HandButton]] = {"z": SizeButton, "t": TimeButton,
                                               **{act: PlayButton for act in "fcraAmsh"}}


def table_button(custom_id: str) -> HandButton | None:
    """The table button a custom id names, or None when it names none (another component's
    id, or one that does not fit its template)."""
    cls = _TABLE_BUTTONS.get(custom_id[3:4]) if custom_id.startswith("hp:") else None
    if cls is None:
        return None
    try:
        return cls(custom_id)  # reads the id by the class's template, or refuses it
    except ValueError:
        return None


async def answer_table_click(interaction: discord.Interaction) -> bool:
    """Answer a click on a table button (True), or leave the interaction alone (False).

    Contract: called once for every interaction the bot receives (LeagueBot.on_interaction);
    a table button is checked (`interaction_check`) and answered (`callback`) exactly as
    discord.py answers a DynamicItem. Routed here, not registered with discord.py: its
    DynamicItem dispatch would rebuild a View of the clicked message's every component for
    each click. An error the button does not answer itself goes to discord.py's `on_error`,
    logged."""
    button = _clicked_button(interaction)
    if button is None:
        return False
    try:
        # A player waits for this answer: whatever it posts first goes first under Discord's
        # global limit (global_limit.py; the answer itself is not held by it).
        with priority(Priority.ANSWER):
            if await button.interaction_check(interaction):
                await button.callback(interaction)
    finally:
        release(interaction)
    return True


def _clicked_button(interaction: discord.Interaction) -> HandButton | None:
    return _button_clicked(interaction.type.value, interaction.data)


def _button_clicked(kind: int, data: object) -> HandButton | None:
    if kind != discord.InteractionType.component.value or not isinstance(data, dict):
        return None
    custom_id = data.get("custom_id")
    if not isinstance(custom_id, str) or data.get("component_type") != 2:
        return None
    return table_button(custom_id)


def _raise_submitted(interaction: discord.Interaction) -> re.Match[str] | None:
    return _raise_in(interaction.type.value, interaction.data)


def _raise_in(kind: int, data: object) -> re.Match[str] | None:
    if kind != discord.InteractionType.modal_submit.value or not isinstance(data, dict):
        return None
    custom_id = data.get("custom_id")
    return RAISE_TEMPLATE.fullmatch(custom_id) if isinstance(custom_id, str) else None


def routed_here(interaction: discord.Interaction) -> bool:
    """A table button's click or the Raise modal's submission: answered by this module
    (`answer_table_click`, `answer_raise`), never by discord.py."""
    return _clicked_button(interaction) is not None or _raise_submitted(interaction) is not None


def routed_payload(payload: dict[str, Any]) -> bool:
    """`routed_here`, asked of an INTERACTION_CREATE payload before discord.py parses it
    (dpy.slim_routed_clicks)."""
    kind, data = payload.get("type"), payload.get("data")
    if not isinstance(kind, int):
        return False
    return _button_clicked(kind, data) is not None or _raise_in(kind, data) is not None
