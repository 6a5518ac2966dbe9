"""The table message: one embed per hand, edited as the hand goes, readable on a phone.

Layout (no inline fields: a phone stacks them one under another and pushes the buttons off the
screen): the board and the pot; one short line per player (the arrow for the player to act,
seat, name, stack, chips in front, button and blind marks, folded players struck through); who
is to act and until when; the last few actions in words; the clock view; the deck fingerprint
in the footer. A nine-handed table is about twenty short lines.

Privacy: no hole card appears unless a Shown event turned it face up (`p.shown`, never
`p.hole`); mucked cards never do.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field

import discord

from bot.discord_ui.presenter.cards import Faces, cards_text, text_face
from bot.discord_ui.presenter.clock import ClockView, clock_lines
from bot.discord_ui.presenter.hands import (
    equity_lines,
    hand_labels,
    pot_chance_lines,
    showdown_lines,
    win_chances,
)
from bot.discord_ui.presenter.limits import chips, display_name, fit_embed, truncate
from bot.discord_ui.presenter.rulings import ruling_log_line, seat_names
from bot.discord_ui.presenter.time_bank import turn_bank_note
from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.engine.hand_events import (
    Acted,
    HandKilled,
    Mucked,
    PotAwarded,
    Ruling,
    Shown,
    StreetDealt,
    UncalledReturned,
)
from bot.tournament.clock import TurnBank

COLOUR_IN_PLAY = discord.Colour.dark_green()
COLOUR_OVER = discord.Colour.dark_grey()
LOG_LINES = 4
FINGERPRINT_SHOWN = 16
# A name in a seat line is cut here: 35 columns on a phone hold the rest of the line.
SEAT_NAME_CHARS = 12

# Why a hand was made dead, in words (HandKilled carries the rule's id).
_DEAD_BECAUSE = {"away": "away", "penalty": "penalty", "dead-at-deal": "away at the deal",
                 "table-presence": "not at the table"}


@dataclass(frozen=True)
class TableScene:
    """What the table message shows besides the hand itself."""

    names: Mapping[str, str]  # player id -> raw display name (escaped here)
    table: int
    deadline: float | None = None  # the one deadline of the player to act (UNIX time)
    away: Collection[int] = ()  # seats the tournament marks away
    clock: ClockView | None = None
    faces: Faces = text_face
    after_hand: Sequence[str] = field(default_factory=tuple)  # shows, rabbit hunt (escaped)
    bank: TurnBank | None = None  # the time bank of the player to act
    # False: drawn before the chances to win are counted (a click answered at once); they
    # follow in an edit. Nothing is counted while drawing then.
    chances: bool = True


def _name(hand: Hand, names: Mapping[str, str], seat: int) -> str:
    return display_name(names, hand.players[seat].player, seat)


def event_line(hand: Hand, names: Mapping[str, str], ev: Event,
               faces: Faces = text_face) -> str | None:
    """One public log line for an event, or None for events the log does not narrate.

    HoleCardsDealt is deliberately absent: its cards are private to one player. Blinds and
    antes are shown by the seat marks and the chips in front, not narrated.
    """
    if isinstance(ev, Ruling):
        return ruling_log_line(ev, seat_names(hand, names))
    return play_line(hand, ev, lambda seat: _name(hand, names, seat), faces)


def play_line(hand: Hand, ev: Event, who: Callable[[int], str],
              faces: Faces = text_face) -> str | None:
    """The line of a hand's play (an action, a street, a show, a pot) with each seat named by
    `who`: the channel's table message and the room's rail word a hand alike."""
    if isinstance(ev, Acted):
        tail = " all-in" if ev.all_in else ""
        if ev.action in ("fold", "check"):
            return f"{who(ev.seat)} {ev.action}s"
        if ev.action == "call":
            return f"{who(ev.seat)} calls {chips(ev.added)}{tail}"
        if ev.action == "bet":
            return f"{who(ev.seat)} bets {chips(ev.to)}{tail}"
        return f"{who(ev.seat)} raises to {chips(ev.to)}{tail}"
    if isinstance(ev, StreetDealt):
        return f"{ev.street.capitalize()} {cards_text(ev.cards, faces)}"
    if isinstance(ev, UncalledReturned):
        return f"{chips(ev.amount)} uncalled goes back to {who(ev.seat)}"
    if isinstance(ev, HandKilled):
        why = _DEAD_BECAUSE.get(ev.rule_id, ev.rule_id.replace("-", " "))
        return f"{who(ev.seat)}'s hand is dead ({why})"
    if isinstance(ev, Shown):
        if ev.reason == "face_up":
            return None  # the face-up line says it; the cards are on the seat lines
        return f"{who(ev.seat)} shows {cards_text(ev.cards, faces)}"
    if isinstance(ev, Mucked):
        return f"{who(ev.seat)} mucks"
    if isinstance(ev, PotAwarded):
        return _award_line(hand, ev, who)
    return None


def _award_line(hand: Hand, ev: PotAwarded, who: Callable[[int], str]) -> str:
    pots = len(hand.awards)
    label = "the pot" if pots <= 1 else ("the main pot" if ev.pot == 0 else f"side pot {ev.pot}")
    winners = [who(s) for s in ev.winners]
    if len(winners) == 1:
        return f"{winners[0]} wins {label} ({chips(ev.amount)})"
    return f"{' and '.join(winners)} split {label} ({chips(ev.amount)})"


def action_lines(hand: Hand, names: Mapping[str, str], limit: int = LOG_LINES,
                 faces: Faces = text_face) -> list[str]:
    """The last `limit` log lines (every line for 0). Read from the end: an edit late in a long
    hand words its last few events, not all of them again."""
    if not limit:
        return [line for ev in hand.events
                if (line := event_line(hand, names, ev, faces)) is not None]
    lines: list[str] = []
    for ev in reversed(hand.events):
        line = event_line(hand, names, ev, faces)
        if line is not None:
            lines.append(line)
            if len(lines) == limit:
                break
    lines.reverse()
    return lines


def pots_text(hand: Hand, names: Mapping[str, str]) -> str:
    """The pot; side pots only once someone is all-in (before that it is all one pot). A bet
    nobody can call yet is in front of its player, not in a pot."""
    if hand.is_over:
        return f"Pot {chips(sum(a.amount for a in hand.awards))}"
    pots = hand.table_pots()
    total = sum(p.amount for p in pots)
    if len(pots) <= 1:
        return f"Pot **{chips(total)}**"
    parts = [f"Pot **{chips(total)}**: main {chips(pots[0].amount)}"]
    for i, pot in enumerate(pots[1:], start=1):
        who = ", ".join(_name(hand, names, s) for s in pot.eligible)
        parts.append(f"side {i} {chips(pot.amount)} ({who})")
    return " · ".join(parts)


def seat_line(hand: Hand, scene: TableScene, seat: int,
              chances: Mapping[int, str] | None = None,
              labels: Mapping[int, str] | None = None) -> str:
    """`▶ **3 alice** 4,250 · bet 200 · SB`: one player in one short line (≤ 40 columns
    but for an away mark or shown cards)."""
    p = hand.players[seat]
    name = truncate(_name(hand, scene.names, seat), SEAT_NAME_CHARS)
    marks = [m for m, s in (("D", hand.button), ("SB", hand.sb_seat), ("BB", hand.bb_seat))
             if s == seat]
    shown: list[str] = []
    if p.shown:
        shown.append(cards_text(p.shown, scene.faces))
        if chances and seat in chances:
            shown.append(chances[seat])
        if labels and seat in labels:
            shown.append(labels[seat])
    if hand.is_over and p.stack == 0 and not p.won:
        # Busted: out, with the cards he showed (not "0, all-in").
        return f"~~{seat} {name}~~ out" + "".join(f" · {x}" for x in shown)
    if p.folded or p.mucked:
        extras = [m for m in ("/".join(marks), "away" if seat in scene.away else "") if m]
        return f"~~{seat} {name} {chips(p.stack)}~~" + "".join(f" · {x}" for x in extras)
    parts: list[str] = []
    parts.append("**all-in**" if p.all_in and not hand.is_over else chips(p.stack))
    if p.bet and not hand.is_over:
        parts.append(f"bet {chips(p.bet)}")
    if marks:
        parts.append("/".join(marks))
    if seat in scene.away:
        parts.append("away")
    parts += shown
    if hand.is_over and p.won:
        parts.append(f"won {chips(p.won)}")
    head = f"{seat} {name}"
    if seat == hand.to_act and not hand.is_over:
        head = f"▶ **{head}**"
    return f"{head} " + " · ".join(parts)


def _turn_line(hand: Hand, scene: TableScene) -> str | None:
    """Who is to act and until when, in one short line: the buttons under the message already
    say what he may do and for how much."""
    if hand.is_over or hand.to_act is None or hand.legal() is None:
        return None
    name = truncate(_name(hand, scene.names, hand.to_act), SEAT_NAME_CHARS)
    line = f"**{name}** to act"
    if scene.deadline is not None:
        line += f", ⏱ <t:{int(scene.deadline)}:R>"
    if scene.bank is not None and scene.bank.player == hand.players[hand.to_act].player:
        line += f" · {turn_bank_note(scene.bank)}"
    return line


def table_embed(hand: Hand, scene: TableScene, *, log_lines: int = LOG_LINES) -> discord.Embed:
    """The table as every player may see it."""
    over = hand.is_over
    embed = discord.Embed(title=truncate(f"Hand {hand.hand_id} · table {scene.table}", 256),
                          colour=COLOUR_OVER if over else COLOUR_IN_PLAY)
    board = cards_text(hand.board, scene.faces) if hand.board else (
        "No flop" if over else "Preflop")
    desc = [f"{board} · {pots_text(hand, scene.names)}"]
    # With side pots each pot's chances get a line of their own (a seat's one figure would
    # hide which pot it is for); with one pot the seat lines carry them.
    pot_lines = pot_chance_lines(hand, scene.names) if not over and scene.chances else []
    chances = win_chances(hand) if not over and not pot_lines and scene.chances else None
    labels = hand_labels(hand) if over else None
    desc += [seat_line(hand, scene, s, chances, labels) for s in sorted(hand.players)]
    desc += pot_lines
    turn = _turn_line(hand, scene)
    if turn:
        desc.append(turn)
    if over:
        desc.append("**Hand over.**")
        if scene.chances:
            desc += equity_lines(hand, scene.names, scene.faces)
        desc += showdown_lines(hand, scene.names, scene.faces)
        desc += list(scene.after_hand)
    else:
        lines = action_lines(hand, scene.names, log_lines, scene.faces)
        if lines:
            desc.append("")
            desc += lines
    if scene.clock is not None:
        desc.append("")
        desc += clock_lines(scene.clock, scene.names)
    embed.description = "\n".join(desc)
    if hand.commitment:
        # The first 16 hex digits (64 bits) identify the deck: nobody can find another deck
        # with the same prefix, and the line stays one line on a phone. The proof attached
        # at the end carries the whole fingerprint.
        embed.set_footer(text=f"Deck fingerprint {hand.commitment[:FINGERPRINT_SHOWN]}…")
    return fit_embed(embed)
