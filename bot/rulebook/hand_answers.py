"""What the engine makes of the turn of the player a question is about, read off a `Hand`
played to that turn: his least bet or raise, whether the betting is open to him again, and what
his deed (chips put in, "make it", a raise to or by an amount) becomes under the profile. Shared
by both readings of a betting round (bot/rulebook/amounts.py, bot/rulebook/story_play.py)."""

from __future__ import annotations

from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand
from bot.engine.hand_events import Acted, Ruling
from bot.engine.profile import Profile
from bot.rulebook.worked import Worked, worked


def new_rulings(hand: Hand, before: int) -> list[str]:
    return [e.rule_id for e in hand.events[before:] if isinstance(e, Ruling)]


def acted_by(hand: Hand, before: int, seat: int) -> Acted | None:
    for e in hand.events[before:]:
        if isinstance(e, Acted) and e.seat == seat:
            return e
    return None


def short_all_in(hand: Hand) -> bool:
    return any(r.rule_id == "incomplete-all-in" for r in hand.rulings)


def min_raise_at(hand: Hand, several: bool, profile: Profile) -> Worked | None:
    """The least bet or raise of the player to act (or, when he may not raise, the call and
    why)."""
    legal = hand.legal()
    if legal is None:
        return None
    if not legal.can_raise:
        return reopen_at(hand, several, profile)
    if hand.current_bet == 0:
        return worked("min-bet", "minimum-bet", [legal.min_raise_to], profile,
                       big_blind=hand.big_blind)
    facts = {"last_raise": hand.last_full_raise, "current": hand.current_bet,
             "had": hand.player(hand.to_act).bet if hand.to_act is not None else 0}
    if short_all_in(hand):
        # after several short all-ins, whether they add up is the rule in question
        return worked("short-all-in", "cumulative-all-ins" if several else "incomplete-all-in",
                       [legal.min_raise_to], profile, **facts)
    return worked("min-raise", "minimum-raise", [legal.min_raise_to], profile, **facts)


def reopen_at(hand: Hand, several: bool, profile: Profile,
               asked_call: bool = False, asked_min: bool = False) -> Worked | None:
    """Whether the betting is open again to the player to act (who already acted), and the
    call; asked only for the least raise, where one all-in reopened it by a full raise, that."""
    legal = hand.legal()
    if legal is None or not legal.can_raise and raise_is_moot(hand):
        return None
    if asked_min and not asked_call and legal.can_raise and not several:
        return min_raise_at(hand, several, profile)
    rule = "cumulative-all-ins" if several else "not-reopened"
    facts = {"call": legal.call_amount, "current": hand.current_bet,
             "last_raise": hand.last_full_raise, "several": int(several),
             "add_up": int(profile.cumulative_short_all_ins_reopen),
             "asked_call": int(asked_call)}
    if legal.can_raise:
        # asked how much to call: the call first, then the raise it may be
        figures = [legal.call_amount, legal.min_raise_to] if asked_call else [legal.min_raise_to]
        return worked("reopened", rule, figures, profile, **facts)
    return worked("not-reopened", rule, [legal.call_amount], profile, **facts)


def act_at(hand: Hand, seat: int, profile: Profile, how: str, amount: int) -> Worked | None:
    """What the engine makes of the deed of the player to act (see `_act`)."""
    legal = hand.legal()
    if legal is None:
        return None
    before = len(hand.events)
    had = hand.player(seat).bet
    if how == "add":
        # chips added to what he had in: the chips in all
        how, amount = "put_in", had + amount
    try:
        if how == "raise_by":
            hand.raise_by(seat, amount)
        elif how == "raise_to":
            hand.raise_to(seat, amount)
        else:
            hand.make_it(seat, amount)
    except IllegalAction as exc:
        if exc.rule_id == "below-call":
            # the call in all, and the chips still to add to what was put in
            short = max(0, hand.current_bet - amount)
            return worked("below-call", "below-call", [hand.current_bet, short], profile,
                           asked=amount, call=legal.call_amount, current=hand.current_bet)
        return None
    acted = acted_by(hand, before, seat)
    if acted is None:
        return None
    rulings = new_rulings(hand, before)
    facing = legal.call_amount + had
    target = facing + amount if how == "raise_by" else amount
    facts = {"asked": amount, "target": target, "to": acted.to, "added": acted.added,
             "had": had, "facing": facing, "last_raise": last_raise(hand, before),
             "min_to": legal.min_raise_to, "increase": target - facing,
             "returned": max(0, target - acted.to),
             "fifty": int(profile.make_it == "fifty_percent")}
    if "all-in-over-stack" in rulings:
        return worked("over-stack", "all-in-over-stack", [acted.to], profile, **facts)
    if how == "raise_by":
        rule = "declared-raise" if {"declared-raise", "make-it", "fifty-percent"} & set(
            rulings) else "raise-it"
        return worked("raise-it", rule, [acted.to, acted.added], profile, **facts)
    if how == "raise_to":
        return worked("declared", "declared-raise", [acted.to], profile, **facts)
    # chips put in without a word, past a call and short of a full raise, are what the 50%
    # rule (or the league's choice instead of it) reads; "make it" said is its own rule
    silent_short = how == "put_in" and facing < target < legal.min_raise_to
    rule = "fifty-percent" if how == "put_in" and (
        "fifty-percent" in rulings or silent_short) else "make-it"
    return worked("make-it", rule, [acted.to], profile, **facts)


def last_raise(hand: Hand, before: int) -> int:
    """The last full raise the player faced (read from the rulings the engine posted, else the
    hand's own count, which an action may have moved)."""
    for e in hand.events[before:]:
        if isinstance(e, Ruling) and "last_raise" in e.amounts:
            return e.amounts["last_raise"]
    return hand.last_full_raise


def raise_is_moot(hand: Hand) -> bool:
    """Nobody but the player to act has chips to call a raise (the others folded or all-in):
    he may only call, whatever the reopening rule says, so that rule is not the answer."""
    return not any(not p.folded and not p.all_in and s != hand.to_act
                   for s, p in hand.players.items())
