"""A hand told line by line as it happens, for a reader who watches the whole table at once
(`python -m bot demo`): a heading with the hand's number, the seats, the cards each player's
DM shows, then the table message's own log lines (`table.event_line`) as the events come,
each street of an all-in's run-out with the chances to win, and the showdown: the hands shown
with their names, then who won what.

The sentences are the table message's; only the heading, the seats and the cards lines are
this module's (the table message shows those as its title and its seat lines).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.discord_ui.presenter.cards import Faces, cards_text, text_face
from bot.discord_ui.presenter.hands import award_text, equity_lines, hand_labels
from bot.discord_ui.presenter.limits import chips, display_name
from bot.discord_ui.presenter.rulings import ruling_text, seat_names, worth_a_post
from bot.discord_ui.presenter.table import event_line
from bot.engine.events import Event
from bot.engine.hand import Hand
from bot.engine.hand_events import PotAwarded, Ruling, Shown, StreetDealt
from bot.tournament.hand_id import HandId


def hand_label(hand: Hand, table: int) -> str:
    """"Hand 12 at table 1": the hand's number in the tournament, not its id."""
    found = HandId.parse_or_none(hand.hand_id)
    number = str(found.number) if found is not None else hand.hand_id
    return f"Hand {number} at table {table}"


def hand_heading(hand: Hand, table: int) -> str:
    """The hand's label and what it costs to play: "Hand 12 at table 1 · blinds 50/100"."""
    ante = f", ante {chips(hand.ante)}" if hand.ante else ""
    return (f"{hand_label(hand, table)} · blinds {chips(hand.small_blind)}/"
            f"{chips(hand.big_blind)}{ante}")


def seats_line(hand: Hand, names: Mapping[str, str]) -> str:
    """Every seat with its stack as the cards are dealt, and the button and blinds marks."""
    out = []
    for seat in sorted(hand.players):
        p = hand.players[seat]
        marks = "/".join(m for m, s in (("D", hand.button), ("SB", hand.sb_seat),
                                        ("BB", hand.bb_seat)) if s == seat)
        out.append(f"{seat} {_name(hand, names, seat)} {chips(p.start_stack)}"
                   + (f" {marks}" if marks else ""))
    return "Seats: " + " · ".join(out)


def dealt_line(hand: Hand, names: Mapping[str, str], faces: Faces = text_face) -> str:
    """What every player's deal DM shows, on one line (only a demo's reader sees them all)."""
    held = [f"{_name(hand, names, seat)} {cards_text(cards, faces)}"
            for seat in sorted(hand.players) if (cards := hand.hole_cards(seat))]
    return "Cards by DM: " + " · ".join(held)


def _name(hand: Hand, names: Mapping[str, str], seat: int) -> str:
    return display_name(names, hand.players[seat].player, seat)


def _boards(hand: Hand) -> dict[int, int]:
    """For each event of the hand (by identity), how many board cards were out after it."""
    out: dict[int, int] = {}
    count = 0
    for ev in hand.events:
        if isinstance(ev, StreetDealt):
            count += len(ev.cards)
        out[id(ev)] = count
    return out


class _Teller:
    """Narrates the events of one hand; knows which shown hands it has named."""

    def __init__(self, hand: Hand, names: Mapping[str, str], faces: Faces) -> None:
        self.hand = hand
        self.names = names
        self.faces = faces
        self.labels = hand_labels(hand) if hand.is_over else {}
        self.named: set[int] = set()
        self.boards = _boards(hand)
        face_up = [len(board) for board, _ in hand.face_up_equities()]
        # The chance-to-win line for each board size while the hands were face up.
        self.chances = dict(zip(face_up, equity_lines(hand, names, faces), strict=True))
        self.face_up = False
        self.pots = sum(1 for ev in hand.events if isinstance(ev, PotAwarded))
        self.odd_chips: list[str] = []

    def lines(self, ev: Event) -> list[str]:
        hand, names = self.hand, self.names
        if isinstance(ev, PotAwarded):
            odd, self.odd_chips = self.odd_chips, []
            return self.unnamed_hands() + [award_text(hand, names, ev, self.pots)] + odd
        if isinstance(ev, Shown) and ev.reason != "face_up":
            self.named.add(ev.seat)
            label = self.labels.get(ev.seat)
            return [f"{_name(hand, names, ev.seat)} shows {cards_text(ev.cards, self.faces)}"
                    + (f": {label}" if label else "")]
        if isinstance(ev, Ruling) and worth_a_post(ev):
            return [ruling_text(ev, seat_names(hand, names))]  # the channel's post
        line = event_line(hand, names, ev, self.faces)
        if line is None:
            return []
        if isinstance(ev, Ruling) and ev.rule_id == "odd-chip":
            self.odd_chips.append(line)  # said after the pot it comes from
            return []
        chance = self.chances.get(self.boards.get(id(ev), 0))
        if isinstance(ev, Ruling) and ev.rule_id == "face-up":
            self.face_up = True
            shown = [f"{_name(hand, names, s)} {cards_text(hand.players[s].shown, self.faces)}"
                     for s in ev.seats if hand.players[s].shown]
            return [line + (": " + " · ".join(shown) if shown else "")] + (
                [chance] if chance else [])
        if isinstance(ev, StreetDealt) and self.face_up and chance:
            return [chance]  # the street with its cards and the chances after it
        return [line]

    def unnamed_hands(self) -> list[str]:
        """The hands turned face up and not named yet, before the first pot is awarded."""
        out = [f"{_name(self.hand, self.names, s)}: {self.labels[s]}"
               for s in sorted(self.labels) if s not in self.named]
        self.named.update(self.labels)
        return out


def narrated_lines(hand: Hand, names: Mapping[str, str], events: Sequence[Event],
                   faces: Faces = text_face) -> list[str]:
    """`events` of `hand` (its newest, in order) as the lines a reader follows the hand by."""
    teller = _Teller(hand, names, faces)
    # A run-out that began in an earlier change: its streets still show the chances.
    teller.face_up = any(isinstance(ev, Ruling) and ev.rule_id == "face-up"
                         for ev in hand.events[:len(hand.events) - len(events)])
    return [line for ev in events for line in teller.lines(ev)]
