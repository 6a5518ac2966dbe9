"""The public table: one embed per hand, built from engine state. No hole card ever appears
here unless a Shown event turned it face up; mucked cards never do."""

from __future__ import annotations

from collections.abc import Collection, Mapping

import discord

from bot.engine.cards import pretty_cards
from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.engine.hand_events import (
    Acted,
    HandKilled,
    Mucked,
    Posted,
    PotAwarded,
    Ruling,
    Shown,
    StreetDealt,
    UncalledReturned,
)
from bot.presenter.limits import display_name, fit_embed, truncate
from bot.presenter.rulings import chips

COLOUR_IN_PLAY = discord.Colour.dark_green()
COLOUR_OVER = discord.Colour.dark_grey()
LAST_ACTIONS = 6

_POSTED = {"ante": "posts an ante of", "small_blind": "posts the small blind",
           "big_blind": "posts the big blind"}


def _name(hand: Hand, names: Mapping[str, str], seat: int) -> str:
    return display_name(names, hand.players[seat].player, seat)


def event_line(hand: Hand, names: Mapping[str, str], ev: Event) -> str | None:
    """One public line for an event, or None for events the table does not narrate.

    HoleCardsDealt is deliberately absent: its cards are private to one player.
    """
    if isinstance(ev, Posted):
        return f"{_name(hand, names, ev.seat)} {_POSTED.get(ev.kind, ev.kind)} {chips(ev.amount)}"
    if isinstance(ev, Acted):
        who = _name(hand, names, ev.seat)
        tail = " (all-in)" if ev.all_in else ""
        if ev.action in ("fold", "check"):
            return f"{who} {ev.action}s"
        if ev.action == "call":
            return f"{who} calls {chips(ev.added)}{tail}"
        if ev.action == "bet":
            return f"{who} bets {chips(ev.to)}{tail}"
        return f"{who} raises to {chips(ev.to)}{tail}"
    if isinstance(ev, StreetDealt):
        return f"{ev.street.capitalize()}: {pretty_cards(ev.cards)}"
    if isinstance(ev, UncalledReturned):
        return f"{chips(ev.amount)} uncalled goes back to {_name(hand, names, ev.seat)}"
    if isinstance(ev, HandKilled):
        return f"{_name(hand, names, ev.seat)}'s hand is dead (rule `{ev.rule_id}`)"
    if isinstance(ev, Shown):
        return f"{_name(hand, names, ev.seat)} shows {pretty_cards(ev.cards)}"
    if isinstance(ev, Mucked):
        return f"{_name(hand, names, ev.seat)} mucks"
    if isinstance(ev, Ruling):
        return f"Ruling: `{ev.rule_id}`"
    if isinstance(ev, PotAwarded):
        winners = ", ".join(_name(hand, names, s) for s in ev.winners)
        pot = "the pot" if ev.pot == 0 else f"side pot {ev.pot}"
        return f"{winners} win{'s' if len(ev.winners) == 1 else ''} {pot} ({chips(ev.amount)})"
    return None


def action_lines(hand: Hand, names: Mapping[str, str], limit: int = LAST_ACTIONS) -> list[str]:
    lines = [line for ev in hand.events if (line := event_line(hand, names, ev)) is not None]
    return lines[-limit:] if limit else lines


def _pots_line(hand: Hand, names: Mapping[str, str]) -> str:
    if hand.is_over:
        won = sum(a.amount for a in hand.awards)
        return f"Pot {chips(won)} — awarded"
    pots = hand.pots()
    # A trailing "pot" only one player can win is a bet nobody has called yet, not a side pot.
    while len(pots) > 1 and len(pots[-1].eligible) == 1:
        pots = pots[:-1]
    if len(pots) <= 1:
        return f"Pot **{chips(hand.pot_total)}**"
    parts = [f"Pot **{chips(hand.pot_total)}**: main pot {chips(pots[0].amount)}"]
    for i, pot in enumerate(pots[1:], start=1):
        who = ", ".join(_name(hand, names, s) for s in pot.eligible)
        parts.append(f"side pot {i} {chips(pot.amount)} ({who})")
    return " · ".join(parts)


def _seat_status(hand: Hand, seat: int, away: Collection[int]) -> str:
    p = hand.players[seat]
    if p.mucked:
        status = "mucked"
    elif p.folded:
        status = "folded"
    elif p.all_in:
        status = "**all-in**"
    else:
        status = "in the hand" if not hand.is_over else ""
    if seat in away:
        status = f"{status}, away" if status else "away"
    return status


def _seat_field(hand: Hand, names: Mapping[str, str], seat: int,
                away: Collection[int]) -> tuple[str, str]:
    p = hand.players[seat]
    marks = []
    if seat == hand.button:
        marks.append("D")
    if seat == hand.sb_seat:
        marks.append("SB")
    if seat == hand.bb_seat:
        marks.append("BB")
    arrow = "▶ " if seat == hand.to_act else ""
    mark = f" ({'/'.join(marks)})" if marks else ""
    name = f"{arrow}{seat}. {_name(hand, names, seat)}{mark}"
    lines = [f"Stack {chips(p.stack)}"]
    if p.bet:
        lines.append(f"Bet {chips(p.bet)}")
    status = _seat_status(hand, seat, away)
    if status:
        lines.append(status)
    # Only cards that a Shown event made public: p.shown, never p.hole.
    if p.shown and not p.mucked:
        lines.append(pretty_cards(p.shown))
    if hand.is_over and p.won:
        lines.append(f"won {chips(p.won)}")
    return name, "\n".join(lines)


def table_embed(
    hand: Hand,
    names: Mapping[str, str],
    level_text: str | None,
    deadline: float | None,
    *,
    away: Collection[int] = (),
    title: str | None = None,
    last_actions: int = LAST_ACTIONS,
) -> discord.Embed:
    """The table as every player may see it.

    `names` maps the hand's player ids to display names (escaped here); `away` are seats
    marked away by the tournament; `deadline` is a UNIX time shown as a live countdown.
    """
    over = hand.is_over
    embed = discord.Embed(
        title=truncate(title or f"Hand {hand.hand_id}", 256),
        colour=COLOUR_OVER if over else COLOUR_IN_PLAY,
    )
    board = pretty_cards(hand.board) if hand.board else "—"
    desc = [f"Board: **{board}**", _pots_line(hand, names)]
    if level_text:
        desc.append(truncate(level_text, 200))
    legal = hand.legal()
    if legal is not None and not over:
        turn = f"To act: **{_name(hand, names, legal.seat)}** — {legal.describe()}"
        if deadline is not None:
            turn += f" (time runs out <t:{int(deadline)}:R>)"
        desc.append(turn)
    elif over:
        desc.append("Hand over.")
    embed.description = "\n".join(desc)
    for seat in sorted(hand.players):
        name, value = _seat_field(hand, names, seat, away)
        embed.add_field(name=name, value=value, inline=True)
    lines = action_lines(hand, names, last_actions)
    if lines:
        embed.add_field(name="Last actions", value=truncate("\n".join(lines), 1024), inline=False)
    embed.set_footer(text=f"Blinds {chips(hand.small_blind)}/{chips(hand.big_blind)}"
                     + (f" · ante {chips(hand.ante)}" if hand.ante else ""))
    return fit_embed(embed)
