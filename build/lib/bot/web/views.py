"""What a screen shows, as plain data (JSON for the browser): the room's clock of a tournament
and the rail of one online table.

Read from the running tournament in memory (never from the database), on the bot's event loop,
only when a page is open (bot/web/feed.py). The rail shows exactly what the table message in the
channel shows: a card appears only once it is face up on the board or shown by its player
(`PlayerState.shown`, never `hole`), the hand's log goes through the store's privacy filter for
the public viewer (bot/store/privacy.py), and no deck seed, burn card or private message is
ever read here. tests/web/test_privacy.py scans every response of a whole tournament for them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.store.privacy import PUBLIC, audience_for, redact
from bot.tournament.structure import Break, Level, chip_no_longer_needed
from bot.tournament.tournament import Tournament

# The last actions a rail shows (the table message shows four; a screen has room for more).
RAIL_LOG_LINES = 6
# A name is cut here on a screen (the page cuts it again to fit, with an ellipsis).
NAME_CHARS = 32


class ScreenWords(Protocol):
    """What the screens say in words, written by the presenter (the Discord side's, which
    builds the web server and hands these over): the web only places them."""

    @property
    def unnamed(self) -> str:
        """A player whose name is not known."""

    def rail_line(self, hand: Hand, who: Callable[[int], str], event: Event) -> str | None:
        """A line of the rail's log: a hand's public event, each seat named by `who`; None
        for an event the log does not tell."""

    def view_cannot_control(self) -> str: ...
    def control_from_its_page(self) -> str: ...
    def control_malformed(self) -> str: ...
    def control_unknown(self) -> str: ...
    def bot_late(self) -> str: ...

    def too_many_screens(self, limit: int, *, per_link: bool) -> str:
        """A link (or an address) opened more screens than it may at once."""

    def link_made(self, *, control: bool, revoke: bool) -> str:
        """The director action's reason: a link made (a remote's or a view's)."""

    def links_revoked(self) -> str: ...

    @property
    def page_words(self) -> Mapping[str, object]:
        """Every word of the pages' own HTML and scripts (bot/web/static/), by key, as JSON:
        a text with `{name}` placeholders, or `{"plural": forms}` / `{"ordinal": forms}` whose
        form the page picks by the count `n` (forms keyed by the plural categories of the
        browser's `Intl.PluralRules`). A key the HTML shows as `{{key}}` is a plain text."""


def _blinds(level: Level | None) -> dict[str, int] | None:
    if level is None:
        return None
    return {"sb": level.small_blind, "bb": level.big_blind, "ante": level.ante}


def _time(at: float | None) -> float | None:
    """A time for JSON: None rather than infinity (no deadline)."""
    return at if at is not None and math.isfinite(at) else None


def _name(t: Tournament, names: Mapping[str, str], player: str, words: ScreenWords) -> str:
    name = names.get(player) or t.display_name(player) or words.unnamed
    return name[:NAME_CHARS]


def clock_view(t: Tournament, *, name: str, names: Mapping[str, str], now: float,
               words: ScreenWords) -> dict[str, Any]:
    """The clock of the room: level, blinds, the time left, what comes next, the field and the
    money. Times are absolute server times (the page counts down with the server's clock);
    `seconds_left` and `break_in` are what is left in play time (frozen while paused)."""
    view = t.clock_view(now)
    s = t.structure
    running = t.status == "running"
    index = t.period_index(now) if running else 0
    later_breaks = [i for i in range(index + 1, len(s.periods)) if isinstance(s.periods[i], Break)]
    break_in = None
    if running and later_breaks:
        break_in = max(0.0, t.play_until_period(later_breaks[0], now))  # /td time moves it
    chip_up: dict[str, Any] | None = None
    if running and t.smallest_chip:
        if t.chip_race_due(now) is not None:
            chip_up = {"chip": t.smallest_chip, "when": "now"}
        elif not view.on_break and later_breaks and chip_no_longer_needed(
                s, t.smallest_chip, later_breaks[0]) is not None:
            # Said before the break that races them off (on a break, "at the break" would
            # read as this one, which may colour nothing up).
            chip_up = {"chip": t.smallest_chip, "when": "break"}
    winner = _name(t, names, t.winner, words) if t.winner else None
    paid = t.places_paid() if t.status != "registering" else 0
    return {
        "kind": "clock",
        "name": name,
        "mode": t.cfg.mode,
        "status": view.status,
        "paused": view.paused,
        "level": view.level,
        "on_break": view.on_break,
        "blinds": _blinds(Level(view.small_blind, view.big_blind, view.ante)),
        "ends_at": _time(view.ends_at),
        "seconds_left": _time(view.seconds_left),
        "next": None if view.next_level is None and not view.next_is_break else {
            "break": view.next_is_break,
            "level": view.level + (0 if view.on_break else 1),
            "blinds": _blinds(view.next_level),
        },
        "upcoming": _upcoming(t, index, view.on_break and t.in_called_break(now)),
        "break_at": _time(view.next_break_at),
        "break_in": _time(break_in),
        "players_left": view.players_left,
        "entries": view.entries,
        "rebuys": view.rebuys,
        "add_ons": view.add_ons,
        "chips_in_play": view.chips_in_play,
        "average_stack": view.average_stack,
        "average_bb": round(view.average_stack / view.big_blind, 1) if view.big_blind else None,
        "prize_pool": view.prize_pool,
        "payouts": list(view.payouts),  # empty after a deal: `deal` has the prizes
        "paid": paid,
        "deal": None if view.deal is None else {
            "method": view.deal.method,
            "prizes": [{"name": _name(t, names, p, words), "prize": a}
                       for p, a in view.deal.prizes],
            # Once the night is over the kept amount is the winner's: nothing is played for.
            "played_for": 0 if t.status == "finished" else view.deal.played_for,
        },
        "chip_up": chip_up,
        "entry": _entry_status(t, view.level) if running else None,
        "hand_for_hand": {"left": view.players_left, "paid": paid}
        if running and view.hand_for_hand else None,
        "bubble_at": _bubble_at(t, paid),
        "final_table": running and t.final_table is not None and len(t.tables) == 1,
        "tables": sorted(t.tables) if not t.live and running else [],
        "seating": _seating(t, names, words) if running else [],
        "busts": _busts(t, names, words),
        "winner": winner,
        "results": [{"place": r.place, "name": _name(t, names, r.player, words), "prize": r.prize}
                    for r in t.results()] if t.status == "finished" else [],
    }


# The levels after the one in play a screen lists (TD3 and Blinds Are Up show two).
UPCOMING = 2
# The last busts a screen's second view lists.
BUSTS_SHOWN = 6


def _upcoming(t: Tournament, index: int, called_break: bool) -> list[dict[str, Any]]:
    """The periods after the one in play, up to UPCOMING levels (a break between them too)."""
    s = t.structure
    out: list[dict[str, Any]] = []
    start = index if called_break else index + 1  # a called break holds the level in play
    levels = 0
    for i in range(start, len(s.periods)):
        p = s.periods[i]
        if isinstance(p, Break):
            out.append({"break": True, "minutes": p.seconds // 60})
            continue
        out.append({"break": False, "level": s.level_number(i), "blinds": _blinds(p),
                    "minutes": p.seconds // 60})
        levels += 1
        if levels == UPCOMING:
            break
    return out


def _entry_status(t: Tournament, level: int) -> dict[str, Any]:
    """Until which level late entries, re-buys and the add-on are open (None: not offered or
    closed)."""
    s = t.structure

    def until(last: int | None) -> int | None:
        return last if last is not None and level <= last else None

    return {"late": until(s.late_registration_level),
            "rebuys": until(s.rebuys.until_level if s.rebuys else None),
            "add_on": until(s.add_on.until_level if s.add_on else None)}


def _bubble_at(t: Tournament, paid: int) -> float | None:
    """When the bubble burst (the player out in the first place not paid went out), if it
    has."""
    if not paid or len(t.playing) > paid:
        return None
    for r in t.results():
        if r.place <= paid + 1 <= r.place + len(r.tied_with) and r.out_at is not None:
            return r.out_at
    return None


def _seating(t: Tournament, names: Mapping[str, str],
             words: ScreenWords) -> list[dict[str, Any]]:
    """Who sits where: each table's seats in order (what the seating post says)."""
    return [{"table": n, "seats": [{"seat": seat, "name": _name(t, names, player, words)}
                                   for seat, player in sorted(ts.seats.items())]}
            for n, ts in sorted(t.tables.items())]


def _busts(t: Tournament, names: Mapping[str, str], words: ScreenWords) -> list[dict[str, Any]]:
    """The last players out, latest first, with their places and prizes."""
    out = sorted((r for r in t.results() if r.out_at is not None),
                 key=lambda r: (-(r.out_at or 0.0), r.place))
    return [{"place": r.place, "name": _name(t, names, r.player, words), "prize": r.prize}
            for r in out[:BUSTS_SHOWN]]


def rail_view(t: Tournament, table: int, *, name: str, names: Mapping[str, str],
              now: float, words: ScreenWords) -> dict[str, Any]:
    """One online table as its channel sees it: the board, the pot, each seat's stack and bet,
    the last actions. Between hands: the last hand's end (its shown cards and winners)."""
    ts = t.tables.get(table)
    out: dict[str, Any] = {"kind": "rail", "name": name, "table": table, "status": t.status,
                           "paused": t.paused, "exists": ts is not None}
    if ts is None:
        return out
    hand = ts.hand or ts.last_hand
    if hand is None:
        out["seats"] = [
            {"seat": seat, "name": _name(t, names, player, words),
             "stack": t.players[player].stack if player in t.players else 0}
            for seat, player in sorted(ts.seats.items())]
        out["hand"] = None
        return out
    over = hand.is_over
    turn = t.turn_deadline(table, now) if not over else None
    out["hand"] = {
        "id": hand.hand_id,
        "over": over,
        "board": list(hand.board),
        "pot": _pot(hand),
        "blinds": {"sb": hand.small_blind, "bb": hand.big_blind, "ante": hand.ante},
        "to_act": None if over else hand.to_act,
        "act_by": _time(turn.at) if turn is not None else None,
        "log": _log(t, hand, names, words),
    }
    out["seats"] = [_seat(t, hand, names, seat, words) for seat in sorted(hand.players)]
    return out


def _pot(hand: Hand) -> int:
    if hand.is_over:
        return sum(a.amount for a in hand.awards)
    return sum(p.amount for p in hand.table_pots())


def _seat(t: Tournament, hand: Hand, names: Mapping[str, str], seat: int,
          words: ScreenWords) -> dict[str, Any]:
    p = hand.players[seat]
    marks = [m for m, s in (("D", hand.button), ("SB", hand.sb_seat), ("BB", hand.bb_seat))
             if s == seat]
    return {
        "seat": seat, "name": _name(t, names, p.player, words), "stack": p.stack,
        "bet": 0 if hand.is_over else p.bet, "marks": marks,
        "folded": p.folded or p.mucked, "all_in": p.all_in,
        # Face-up cards only: `shown` (never `hole`).
        "shown": list(p.shown), "won": p.won,
        "out": hand.is_over and p.stack == 0 and not p.won,
    }


def _public(e: Event) -> bool:
    """The store's privacy filter for a viewer who is nobody in particular."""
    data = e.to_dict()
    return audience_for(data, None) is None and redact(data, PUBLIC) is not None


def _log(t: Tournament, hand: Hand, names: Mapping[str, str],
         words: ScreenWords) -> list[str]:
    def who(seat: int) -> str:
        return _name(t, names, hand.players[seat].player, words)

    lines: list[str] = []
    for e in reversed(hand.events):
        line = words.rail_line(hand, who, e) if _public(e) else None
        if line is not None:
            lines.append(line)
            if len(lines) == RAIL_LOG_LINES:
                break
    lines.reverse()
    return lines
