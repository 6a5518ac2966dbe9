"""Rulings in plain words: one sentence for each rule id the engine emits, and which of them
earn their own post in the channel.

A ruling a player could dispute (an amount changed, the betting not reopened) gets its own post;
routine ones (an uncalled bet returned, a muck, hands turned face up, an odd chip) are only lines
in the table message's action log, in words and without the rule's id.

`names` here is keyed by SEAT (a Ruling knows seats, not players); build it with
`seat_names(hand, names_by_player)`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.discord_ui.presenter.limits import chips, safe_name
from bot.engine.hand import Hand
from bot.engine.hand_events import Ruling
from bot.rulebook import Rulebook, load_rulebook
from bot.tournament import events as tev

Names = Mapping[int, str]


def seat_names(hand: Hand, names: Mapping[str, str]) -> dict[int, str]:
    """Seat → display name (raw, escaped later) from player id → display name."""
    return {s: names.get(p.player, f"Seat {s}") for s, p in hand.players.items()}


def rule_ref(rule_id: str) -> str:
    """Where to read the rule: a real command, as a player would type it."""
    return f"`/rule topic:{rule_id}`"


def _who(names: Names, seat: int | None) -> str:
    if seat is None:
        return "the player"
    raw = names.get(seat)
    return safe_name(raw) if raw else f"Seat {seat}"


def _list(names: Names, seats: tuple[int, ...]) -> str:
    people = [_who(names, s) for s in seats]
    if not people:
        return "everyone in the hand"
    if len(people) == 1:
        return people[0]
    return ", ".join(people[:-1]) + " and " + people[-1]


def _pot_name(index: int) -> str:
    return "the main pot" if index == 0 else f"side pot {index}"


def _a(r: Ruling, key: str) -> str:
    return chips(int(r.amounts.get(key, 0)))


_Sentence = Callable[[Ruling, Names], str]

_SENTENCES: dict[str, tuple[str, _Sentence]] = {
    "minimum-bet": ("minimum bet", lambda r, n: (
        f"{_who(n, r.seat)} declared a bet of {_a(r, 'asked')}, below the minimum, "
        f"so the bet is the minimum, {_a(r, 'to')}")),
    "declared-raise": ("declared raise", lambda r, n: (
        f"{_who(n, r.seat)}'s raise to {_a(r, 'asked')} is short of a full raise, "
        f"so it is made as the minimum raise, to {_a(r, 'to')}")),
    "fifty-percent": ("50% rule", lambda r, n: (
        f"{_who(n, r.seat)} made it {_a(r, 'asked')}: the increase of {_a(r, 'increase')} is "
        f"at least half the last raise of {_a(r, 'last_raise')}, so it is a full raise, "
        f"to {_a(r, 'to')}")),
    "make-it": ("make it X", lambda r, n: (
        # Online the chips never left the stack: the extra is not handed back, it stays.
        f"{_who(n, r.seat)}'s {_a(r, 'asked')} is not a full raise, so it is a call of "
        f"{_a(r, 'to')}; the other {_a(r, 'returned')} stays in their stack")),
    "raise-it": ("raise it X", lambda r, n: (
        f"{_who(n, r.seat)} raised it {_a(r, 'by')} over the bet of {_a(r, 'facing')}, "
        f"so the raise is to {_a(r, 'to')}")),
    "incomplete-all-in": ("incomplete raise", lambda r, n: (
        f"{_who(n, r.seat)}'s all-in for {_a(r, 'to')} is not a full raise "
        f"(it adds {_a(r, 'raise')}; a full raise is {_a(r, 'min_raise')}), so the betting is "
        f"not reopened for "
        + (_list(n, r.seats) if r.seats else "players who have already acted"))),
    "not-reopened": ("betting not reopened", lambda r, n: (
        f"the short all-in did not reopen the betting for {_who(n, r.seat)}, who may call "
        f"{_a(r, 'call')} or fold but not raise")),
    "all-in-over-stack": ("more than the stack", lambda r, n: (
        f"{_who(n, r.seat)} asked for {_a(r, 'asked')}, more than their stack, so they are "
        f"all-in for {_a(r, 'to')}")),
    "uncalled-bet": ("uncalled bet", lambda r, n: (
        f"{_a(r, 'amount')} of {_who(n, r.seat)}'s bet was not called and goes back to them")),
    "odd-chip": ("odd chip", lambda r, n: (
        f"{_pot_name(int(r.amounts.get('pot', 0)))} does not split evenly; the "
        + ("odd chip goes" if int(r.amounts.get("odd_chips", 1)) == 1 else
           f"{_a(r, 'odd_chips')} odd chips go, one each,")
        + f" to {_list(n, r.seats or ((r.seat,) if r.seat is not None else ()))}, "
          "first from the button's left")),
    "face-up": ("face up", lambda r, n: (
        f"no more betting is possible, so the hands of {_list(n, r.seats)} are turned face up "
        "before the rest of the board is dealt")),
    "muck": ("muck", lambda r, n: (
        f"{_who(n, r.seat)} cannot win and mucks; the cards stay private")),
    "show-one-show-all": ("show one, show all", lambda r, n: (
        f"{_who(n, r.seat)} showed one card, so at {_list(n, r.seats)}'s request "
        "they show the other")),
    "chip-unit": ("smallest chip", lambda r, n: (
        f"{_who(n, r.seat)} asked for {_a(r, 'asked')}, which is not a whole number of "
        f"{_a(r, 'unit')} chips (the smallest in play), so the amount is {_a(r, 'to')}")),
}

# Rulings that only say what happens anyway: the table's action log tells them (see
# `ruling_log_line`); every other ruling, including ones this module does not know, is posted.
# The hand's own record of a time-out or a dead hand (clock, action time, away, penalty) is
# routine too: the tournament's post already told the table when the clock ran out, the player
# went away or the penalty was given.
ROUTINE_RULINGS = frozenset({"uncalled-bet", "odd-chip", "face-up", "muck", "show-one-show-all",
                             "clock", "action-time", "away", "penalty"})


def worth_a_post(ruling: Ruling) -> bool:
    """A ruling a player could dispute: its own post in the channel, not only a log line."""
    return ruling.rule_id not in ROUTINE_RULINGS


def ruling_log_line(ruling: Ruling, names: Names) -> str | None:
    """A routine ruling as an action-log line in words (no rule id), or None when another log
    line already says it (the uncalled bet and the muck have events of their own)."""
    if ruling.rule_id == "face-up":
        return f"No more betting: {_list(names, ruling.seats)} turn their hands face up"
    if ruling.rule_id == "odd-chip":
        odd = int(ruling.amounts.get("odd_chips", 1))
        seats = ruling.seats or ((ruling.seat,) if ruling.seat is not None else ())
        what = "The odd chip goes" if odd == 1 else f"{odd} odd chips go"
        return f"{what} to {_list(names, seats)}"
    if ruling.rule_id == "show-one-show-all":
        return f"{_who(names, ruling.seat)} shows the other card too (show one, show all)"
    return None


def ruling_text(ruling: Ruling, names: Names, rulebook: Rulebook | None = None) -> str:
    """One sentence: "Ruling — incomplete raise: …, so … (`/rule topic:incomplete-all-in`)."."""
    known = _SENTENCES.get(ruling.rule_id)
    if known is not None:
        label, sentence = known
        return f"Ruling — {label}: {sentence(ruling, names)} ({rule_ref(ruling.rule_id)})."
    # Tournament rulings (clock, away, sb-eliminated, …): the rulebook's title and who it hit.
    book = rulebook or load_rulebook()
    title = book.get(ruling.rule_id).title if ruling.rule_id in book else ruling.rule_id
    involved = tuple(s for s in ((ruling.seat,) if ruling.seat is not None else ()) + ruling.seats)
    who = f" applied to {_list(names, tuple(dict.fromkeys(involved)))}" if involved else " applied"
    amounts = ", ".join(f"{k.replace('_', ' ')} {chips(int(v))}" for k, v in ruling.amounts.items())
    extra = f" ({amounts})" if amounts else ""
    return f"Ruling — {title.lower()}:{who}{extra} ({rule_ref(ruling.rule_id)})."


def hand_ruling_text(hand: Hand, ruling: Ruling, names: Mapping[str, str]) -> str:
    """`ruling_text` with names keyed by player id, as the other presenter functions take."""
    return ruling_text(ruling, seat_names(hand, names))




# ---------------------------------------------------------------------- the director's rulings

# A `TournamentRuling` in words, by rule id and case (events.py's `RulingCase`). `who` names
# the ruling's first player (the one who sits out; the others are not in the sentence).
_TournamentSentence = Callable[[str], str]

_BUTTON_AFTER_BOTH_BLINDS: dict[str, str] = {
    "button-stays": "stays where it was.",
    "button-moves": "goes to the nearest player on the big blind's right.",
}
_BUTTON_AFTER_SMALL_BLIND: dict[str, str] = {
    "button-stays": "does not move.",
    "button-moves": "goes to the nearest player on the small blind's right (its player is out "
                    "too).",
}
_DEAD_BUTTON: dict[str, str] = {
    "empty-button": "the button is on an empty seat",
    "no-small-blind": "there is no small blind",
    "empty-button-no-small-blind": "the button is on an empty seat and there is no small blind",
}


def _tournament_sentence(e: tev.TournamentRuling, who: str) -> str | None:
    rule, case = e.rule_id, e.case
    if rule == "heads-up-blinds":
        return ("Heads-up: the button posts the small blind; the big blind keeps moving, so "
                "nobody posts it twice in a row.")
    if rule == "same-hand-eliminations" and case == "places":
        return ("Players eliminated in the same hand are placed by their stacks at the start of "
                "the hand; equal stacks share the place.")
    if rule == "same-hand-eliminations" and case in _BUTTON_AFTER_BOTH_BLINDS:
        return ("The small and the big blind were both eliminated: the next player posts the big "
                f"blind, there is no small blind, and the button {_BUTTON_AFTER_BOTH_BLINDS[case]}"
                " Next hand the button stays and both blinds are posted.")
    if rule == "bb-eliminated":
        return ("The big blind was eliminated: the next player posts the big blind, there is no "
                "small blind, and the button moves to the player who was the small blind. Next "
                "hand the button stays and both blinds are posted.")
    if rule == "sb-eliminated" and case in _BUTTON_AFTER_SMALL_BLIND:
        return ("The small blind was eliminated: the old big blind posts the small blind, the "
                f"next player the big blind, and the button {_BUTTON_AFTER_SMALL_BLIND[case]}")
    if rule == "dead-button" and case in _DEAD_BUTTON:
        return f"Dead button: the big blind moves on one player; {_DEAD_BUTTON[case]}."
    if rule == "late-registration":
        return (f"{who} sits out this hand: a new player is not dealt in between the small blind "
                "and the button, and plays once the button has passed him.")
    return None


def tournament_ruling_text(e: tev.TournamentRuling, name: Callable[[str], str],
                           rulebook: Rulebook | None = None) -> str:
    """"Ruling: Dead button: … (`/rule topic:dead-button`)." `name` names a player (escaped)."""
    who = name(e.players[0]) if e.players else "a player"
    sentence = _tournament_sentence(e, who)
    if sentence is None:  # a rule (or case) this module does not know: its title, and who
        book = rulebook or load_rulebook()
        title = book.get(e.rule_id).title if e.rule_id in book else e.rule_id
        applied = f" applied to {', '.join(name(p) for p in e.players)}" if e.players else ""
        sentence = f"{title}{applied}"
    return f"Ruling: {sentence.rstrip('.')} ({rule_ref(e.rule_id)})."
