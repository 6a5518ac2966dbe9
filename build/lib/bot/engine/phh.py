"""PHH, the poker hand history standard (uoftcprg/phh-std), for no-limit Hold'em ("NT").

Reading replays a recorded hand through the engine as a record of what happened: amounts are
taken exactly (`wager_to`), so an amount the rules would not allow is refused, not corrected.
Writing turns any hand the engine played into PHH.

Seat order in PHH: p1 is the small blind and the last player the button (heads-up, p1 is the
big blind and p2 the button, and blinds and antes are listed button first, as pokerkit reads
them). Here player pN sits in seat N and the button is seat n. The rules applied are the
engine's (hand.py), under the `tda` profile unless the caller picks another.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from typing import Any

from bot.engine.cards import CardError, parse_cards
from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import (
    Acted,
    HandStarted,
    HoleCardsDealt,
    Mucked,
    Posted,
    Shown,
    StreetDealt,
)
from bot.engine.profile import Profile, make_profile


class PHHError(ValueError):
    """A hand history that cannot be read or replayed; the message names the action."""


@dataclass
class PHHHand:
    antes: list[int]
    blinds: list[int]
    min_bet: int
    starting_stacks: list[int]
    actions: list[str]
    ante_trimming: bool = True
    players: list[str] = field(default_factory=list)
    finishing_stacks: list[float] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def parse_phh(text: str) -> PHHHand:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise PHHError(f"not a PHH file: {err}") from None
    if data.get("variant") != "NT":
        raise PHHError(f"variant {data.get('variant')!r} is not no-limit Texas hold'em (NT)")
    try:
        stacks = [_whole(x, "starting_stacks") for x in data["starting_stacks"]]
        n = len(stacks)
        antes = data.get("antes", [0] * n)
        if isinstance(antes, int | float):
            antes = [antes] * n
        hand = PHHHand(
            antes=[_whole(x, "antes") for x in antes],
            blinds=[_whole(x, "blinds_or_straddles") for x in data["blinds_or_straddles"]],
            min_bet=_whole(data["min_bet"], "min_bet"),
            starting_stacks=stacks,
            actions=list(data.get("actions", [])),
            ante_trimming=bool(data.get("ante_trimming_status", False)),
            players=list(data.get("players", [f"p{i + 1}" for i in range(n)])),
            finishing_stacks=data.get("finishing_stacks"),
        )
    except KeyError as err:
        raise PHHError(f"missing field {err.args[0]}") from None
    if not (len(hand.antes) == len(hand.blinds) == n):
        raise PHHError("antes, blinds_or_straddles and starting_stacks differ in length")
    return hand


def _whole(x: object, name: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int | float) or x != int(x) or x < 0:
        raise PHHError(f"{name}: {x!r} is not a whole number of chips")
    return int(x)


def config_for(phh: PHHHand, profile: Profile, hand_id: str = "phh") -> HandConfig:
    n = len(phh.starting_stacks)
    if n < 2:
        raise PHHError("a hand needs two players")
    posted = list(phh.blinds)
    antes = list(phh.antes)
    if n == 2:
        # Heads-up, PHH (as pokerkit reads it) lists the blinds small then big while p1, the
        # big blind, posts the second value and p2, the button, the first; the antes are read
        # the same way, so a big-blind ante is the second value too.
        posted.reverse()
        antes.reverse()
    blinds = [(amt, i + 1) for i, amt in enumerate(posted) if amt]
    if not blinds or len(blinds) > 2:
        raise PHHError("only a small and a big blind are supported (no straddles)")
    bb_amount, bb_seat = max(blinds)
    sb_amount, sb_seat = (min(blinds) if len(blinds) == 2 else (0, None))
    ante_seats = [i + 1 for i, a in enumerate(antes) if a]
    ante = max(antes) if ante_seats else 0
    bb_ante = bool(ante_seats) and ante_seats == [bb_seat]
    if ante_seats and not bb_ante and len(set(antes)) != 1:
        raise PHHError("antes must be equal for everyone, or posted by the big blind alone")
    return HandConfig(
        hand_id=hand_id,
        seats=tuple(
            Seat(i + 1, phh.players[i] if i < len(phh.players) else f"p{i + 1}", s)
            for i, s in enumerate(phh.starting_stacks)
        ),
        button=n,
        small_blind=sb_amount,
        big_blind=max(bb_amount, phh.min_bet) if bb_amount < phh.min_bet else bb_amount,
        ante=ante,
        big_blind_ante=bb_ante,
        small_blind_seat=sb_seat,
        big_blind_seat=bb_seat,
        profile=profile,
        deck_seed=None,
        table_size=n,
        ante_trimming=phh.ante_trimming,
    )


def replay_phh(phh: PHHHand, profile: Profile | None = None) -> Hand:
    """Play the recorded actions through the engine; PHHError names a refused action."""
    hand = Hand.start(config_for(phh, profile or make_profile("tda")))
    for number, raw in enumerate(phh.actions, 1):
        action = raw.split("#", 1)[0].strip()
        try:
            _do(hand, action)
        except (IllegalAction, CardError) as err:
            raise PHHError(f"action {number} {action!r} refused: {err}") from None
    if not hand.is_over and hand.needs_showdown:
        _finish_showdown(hand)
    if not hand.is_over:
        raise PHHError("the actions end before the hand does")
    return hand


def _do(hand: Hand, action: str) -> None:
    words = action.split()
    if not words:
        return
    if words[0] == "d":
        if len(words) < 3:
            raise PHHError(f"cannot read {action!r}")
        if words[1] == "dh":
            seat = _seat(words[2])
            cards = None if len(words) < 4 or "?" in words[3] else parse_cards(words[3])
            hand.deal_hole(seat, cards)
        elif words[1] == "db":
            hand.deal_board(parse_cards(words[2]))
        else:
            raise PHHError(f"{action!r}: only hold'em dealing (dh, db) is supported")
        return
    seat = _seat(words[0])
    verb = words[1] if len(words) > 1 else ""
    if verb in ("f", "cc", "cbr"):
        _fill_omitted(hand, seat)
    if verb == "f":
        hand.fold(seat)
    elif verb == "cc":
        hand.check_or_call(seat)
    elif verb == "cbr":
        if len(words) < 3:
            raise PHHError(f"{action!r}: cbr needs an amount")
        hand.wager_to(seat, _whole(float(words[2]), "amount"))
    elif verb == "sm":
        if len(words) < 3 or words[2] == "-":
            hand.muck(seat)
        else:
            cards = None if "?" in words[2] else parse_cards(words[2])
            hand.show(seat, cards)
    else:
        raise PHHError(f"{action!r}: unknown action {verb!r}")


def _fill_omitted(hand: Hand, seat: int) -> None:
    """Histories leave out the turns of players who simply checked or folded (the reading of
    pokerkit's PHH reader): a skipped player checks when that is free, else folds."""
    if seat not in hand.players or not hand.players[seat].live:
        return
    while hand.to_act is not None and hand.to_act != seat:
        legal = hand.legal()
        assert legal is not None
        if legal.can_check:
            hand.check(legal.seat)
        else:
            hand.fold(legal.seat)


def _finish_showdown(hand: Hand) -> None:
    """Players a history leaves out of the showdown mucked; a lone survivor takes the pot."""
    pending = hand.needs_showdown
    shown_any = any(hand.players[s].shown for s in hand.live_seats)
    for i, seat in enumerate(pending):
        last = i == len(pending) - 1
        if last and not shown_any and hand.players[seat].hole is not None:
            hand.show(seat)
        else:
            hand.muck(seat)


def _seat(word: str) -> int:
    if not (word.startswith("p") and word[1:].isdigit()):
        raise PHHError(f"{word!r} is not a player (p1, p2, ...)")
    return int(word[1:])


def finishing_stacks(hand: Hand) -> list[int]:
    return [hand.final_stacks[s] for s in sorted(hand.final_stacks)]


# ---------------------------------------------------------------------- writing


def to_phh(hand: Hand, *, reveal: set[int] | None = None) -> str:
    """A played hand as PHH. Seats are renumbered from the small blind round to the button.

    `reveal`: seats whose unshown hole cards may be written (a player's own export); cards
    shown at the table are always written, mucked and unshown cards of others as ????.
    """
    started = next(e for e in hand.events if isinstance(e, HandStarted))
    order = [s.seat for s in sorted(started.seats, key=lambda s: s.seat)]
    table = started.table_size
    order.sort(key=lambda s: (s - started.button - 1) % table)
    if len(order) == 2:
        # PHH heads-up: p1 is the big blind, p2 the button.
        order = [started.big_blind_seat] + [s for s in order if s != started.big_blind_seat]
    index = {s: i + 1 for i, s in enumerate(order)}
    info = {s.seat: s for s in started.seats}
    posted = {s: {"ante": 0, "blind": 0} for s in order}
    for e in hand.events:
        if isinstance(e, Posted):
            posted[e.seat]["ante" if e.kind == "ante" else "blind"] += e.amount
    shown: dict[int, tuple[str, ...]] = {}
    for e in hand.events:
        if isinstance(e, Shown):
            shown[e.seat] = tuple(dict.fromkeys(shown.get(e.seat, ()) + e.cards))
    reveal = reveal or set()
    actions: list[str] = []
    for e in hand.events:
        if isinstance(e, HoleCardsDealt):
            visible = e.seat in reveal or len(shown.get(e.seat, ())) == 2
            text = "".join(e.cards) if e.cards is not None and visible else "????"
            actions.append(f"d dh p{index[e.seat]} {text}")
        elif isinstance(e, StreetDealt):
            actions.append(f"d db {''.join(e.cards)}")
        elif isinstance(e, Acted):
            p = f"p{index[e.seat]}"
            if e.action == "fold":
                actions.append(f"{p} f")
            elif e.action in ("check", "call"):
                actions.append(f"{p} cc")
            else:
                actions.append(f"{p} cbr {e.to}")
        elif isinstance(e, Shown) and e.reason in ("showdown", "face_up"):
            actions.append(f"p{index[e.seat]} sm {''.join(e.cards)}")
        elif isinstance(e, Mucked):
            actions.append(f"p{index[e.seat]} sm -")
    lines = [
        "variant = 'NT'",
        f"ante_trimming_status = {'true' if started.ante_trimming else 'false'}",
        f"antes = {_list(_heads_up_swap([posted[s]['ante'] for s in order]))}",
        f"blinds_or_straddles = {_list(_blind_list(started, order))}",
        f"min_bet = {started.big_blind}",
        f"starting_stacks = {_list(info[s].stack for s in order)}",
        "actions = [" + ", ".join(repr(a) for a in actions) + "]",
        f"hand = {started.hand_id!r}",
        "players = [" + ", ".join(_toml_str(info[s].player) for s in order) + "]",
    ]
    if hand.is_over:
        lines.append(f"finishing_stacks = {_list(hand.final_stacks[s] for s in order)}")
    return "\n".join(lines) + "\n"


def _blind_list(started: HandStarted, order: list[int]) -> list[int]:
    return _heads_up_swap([_blind_of(started, s) for s in order])


def _heads_up_swap(values: list[int]) -> list[int]:
    """PHH heads-up lists blinds and antes button first although p1 is the big blind."""
    return values[::-1] if len(values) == 2 else values


def _blind_of(started: HandStarted, seat: int) -> int:
    if seat == started.big_blind_seat:
        return started.big_blind
    if seat == started.small_blind_seat:
        return started.small_blind
    return 0


def _list(values: Any) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
