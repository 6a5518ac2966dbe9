"""A betting round read as a story (bot/rulebook/betting_story.py) played on the engine's own
`Hand` under the league's profile, up to the turn of the player the question is about: the
engine, not the lookup, decides what each deed makes and what that player may do; and the
answer read off that turn (`played_story`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand, HandConfig
from bot.engine.hand_events import Acted, StreetDealt
from bot.engine.profile import Profile
from bot.rulebook.betting_story import Deed, Size, Story, Unread, read_story, whole
from bot.rulebook.hand_answers import act_at, min_raise_at, raise_is_moot, reopen_at
from bot.rulebook.story_words import CANON, POSITIONS
from bot.rulebook.worked import TABLE_SIZE, Worked, spot_seats

# Blinds of a round after the flop whose blinds the question does not give: small enough that
# any bet named is at least a big blind.
TINY_BLINDS = (1, 2)
# Seats of a full table (the button the last) and of a heads-up one (the button posts the
# small blind and is seat 2)
FULL_TABLE = 10
FOLDS_AT_MOST = 2 * FULL_TABLE


@dataclass
class Played:
    """The hand at the turn of the player asked about."""

    hand: Hand
    seat: int
    asked: Deed | None  # the deed the question is about, not played ("bb 3bets min, total?")
    all_ins: int  # all-ins told in the round


def play(story: Story, profile: Profile) -> Played | None:
    """The story played on the engine under `profile` up to the asked player's turn, or None
    when it cannot be played as told (an order no table has, a raise below the minimum, a
    size whose base is not said)."""
    try:
        return _play(story, profile)
    except (Unread, IllegalAction):
        return None


def _street(story: Story) -> Literal["preflop", "postflop"]:
    if story.street is not None:
        return story.street
    sized = [d for d in story.deeds if d.verb not in ("reach", "fold")]
    if any(d.verb == "check" for d in sized) or sized and (
            sized[0].verb == "bet" or sized[0].verb == "asked" and sized[0].said == "bet"):
        return "postflop"  # a bet, or a lead asked about, opens a round after the flop
    if story.blinds is not None and (not sized or sized[0].verb in (
            "raise", "call", "minraise", "asked", "allin")):
        return "preflop"
    raise Unread


def _play(story: Story, profile: Profile) -> Played:
    street = _street(story)
    preflop = street == "preflop"
    if preflop and story.blinds is None:
        raise Unread  # the first raise's size is the big blind's business
    small, big = story.blinds or TINY_BLINDS
    deeds = list(story.deeds)
    ask = story.ask
    asked: Deed | None = None
    if deeds and (deeds[-1].verb in ("asked", "sayraiseby") or ask in ("total", "added") and
                  deeds[-1].verb in ("minraise", "raiseby") or ask == "legal" and
                  deeds[-1].verb in ("raise", "bet", "minraise")):
        asked = deeds.pop()
    if ask is None or ask == "legal" and asked is None:
        raise Unread
    if asked is not None and asked.verb == "asked" and ask != "min":
        raise Unread  # "co 3bets, whats the total": a size untold, not the least asked
    if not story.deeds and story.street is None:
        raise Unread  # "min bet at 100/200": before the flop or after, the question does not say
    if any(d.verb in ("asked", "sayraiseby") or d.verb == "allin" and d.size is None
           for d in deeds):
        raise Unread  # a deed told without its size, not the one asked about
    acting = {d.actor for d in story.deeds}
    if story.mentioned - acting - {story.me and "i"} and "" in acting and any(
            d.verb == "allin" for d in deeds):
        raise Unread  # "bet 500, guy shoves 700, what can I do": was I the one who bet?
    count = 2 if story.heads_up else FULL_TABLE
    order = ([2, 1] if preflop else [1, 2]) if story.heads_up else (
        [*range(3, count + 1), 1, 2] if preflop else list(range(1, count + 1)))
    seats: dict[str, int] = {}
    claimed: set[int] = set()
    names = [d.actor for d in story.deeds] + [story.asker, story.me]
    for name in names:
        seat = _position_seat(name, story.heads_up)
        if seat is not None:
            seats[name] = seat
            claimed.add(seat)
    if story.me:
        if "i" in seats and seats["i"] != seats[story.me]:
            raise Unread
        seats["i"] = seats[story.me]
    cursor = order[-1]  # the seat before the first to act
    out: set[int] = set()  # seats folded or all in: the turn passes them

    def seat_of(deed: Deed | None, actor: str) -> int:
        """The seat of a player: his position, the seat he was given, else the next to act
        (a player not named is whoever's turn it is; a name new to the story, the next seat
        no other name holds)."""
        nonlocal cursor
        if actor in seats:
            seat = seats[actor]
        else:
            at = order.index(cursor)
            turn = [s for s in order[at + 1:] + order[:at + 1] if s not in out and (
                not actor or s not in claimed)]
            if not turn:
                raise Unread
            seat = turn[0]
            if actor:
                seats[actor] = seat
                claimed.add(seat)
        at, to = order.index(cursor), order.index(seat)
        passed = order[at + 1:to] if at < to else order[at + 1:] + order[:to]
        out.update(passed)  # the players between fold
        if deed is not None:
            if seat in out:
                raise Unread
            if deed.verb in ("fold", "allin"):
                out.add(seat)
            cursor = seat if deed.verb != "reach" else order[order.index(seat) - 1]
        return seat

    placed = [(seat_of(d, d.actor), d) for d in deeds]
    hero_name = asked.actor if asked is not None else story.asker or ("i" if story.me else "")
    if asked is not None and story.asker and story.asker != asked.actor and asked.actor and (
            story.asker not in ("he", "she") or asked.actor == "i"):
        raise Unread  # the deed asked about and the question name two players
    hero = seat_of(None, hero_name) if hero_name or asked is not None else None
    stacks: dict[int, int] = {}
    for seat, deed in placed:
        if deed.verb == "allin" and deed.size is not None:
            stacks[seat] = _chips(deed.size, 0, big, story) + (0 if preflop else big)
    for actor, (behind, index) in story.behind.items():
        seat, deed = placed[index]
        if deed.actor != actor or deed.size is None or deed.size.how != "to":
            raise Unread
        stacks[seat] = behind + int(deed.size.value) + (0 if preflop else big)
    hand = Hand.start(HandConfig("story", spot_seats(count, stacks), count, small, big,
                                 profile=profile, deck_seed="story", table_size=TABLE_SIZE))
    if not preflop:
        while hand.street == "preflop" and hand.to_act is not None:
            hand.check_or_call(hand.to_act)
        if hand.street != "flop":
            raise Unread
    all_ins = 0
    street_played = hand.street
    for seat, deed in placed:
        _reach(hand, seat, big, final=False)
        all_ins += _act(hand, seat, deed, preflop, big, story)
        if hand.street != street_played:
            raise Unread  # the round told ends before its last deed: another round follows
    if hero is None:
        if hand.to_act is None:
            raise Unread
        hero = hand.to_act
    _reach(hand, hero, big, final=True)
    if hand.street != street_played:
        raise Unread
    if story.level and asked is not None:
        # "i 3bet, min 4bet?": the raise asked about, told without its size, must be the one the
        # question names by number
        since = max((i for i, e in enumerate(hand.events) if isinstance(e, StreetDealt)),
                    default=0)
        raises = sum(1 for e in hand.events[since:] if isinstance(e, Acted) and e.action in (
            "bet", "raise", "all_in") and e.full and e.to > 0)
        if raises + (2 if preflop else 1) != story.level:
            raise Unread
    if asked is not None and asked.verb == "asked" and asked.actor == "" and story.asker not in (
            "", "he", "she"):
        raise Unread
    return Played(hand, hero, asked, all_ins)


def _position_seat(name: str, heads_up: bool) -> int | None:
    if name not in POSITIONS:
        return None
    if heads_up:
        seat = {"sb": 2, "btn": 2, "bb": 1}.get(CANON.get(name, name))
        if seat is None:
            raise Unread  # "utg" at a table of two
        return seat
    return POSITIONS[CANON.get(name, name)]


def _reach(hand: Hand, seat: int, big: int, final: bool) -> None:
    """The others fold until `seat` is to act (an unraised pot to the big blind: the small blind
    completes, as it is his to act on)."""
    for _ in range(FOLDS_AT_MOST):
        actor = hand.to_act
        if actor is None or hand.is_over:
            raise Unread
        if actor == seat:
            return
        if hand.player(seat).folded:
            raise Unread
        if final and actor == 1 and seat == 2 and hand.street == "preflop" and (
                hand.current_bet == big):
            hand.call(1)
        elif final and not _others_with_chips(hand, seat, actor) and hand.player(seat).acted:
            # the asker raising again needs someone with chips to call it: the question takes
            # a player who called for granted
            hand.call(actor)
        else:
            hand.fold(actor)
    raise Unread


def _others_with_chips(hand: Hand, seat: int, actor: int) -> bool:
    return any(not p.folded and not p.all_in and p.stack > 0 for s, p in hand.players.items()
               if s not in (seat, actor))


def _chips(size: Size, current: int, big: int, story: Story) -> int:
    """A size as the chips it comes to: "3x" of the bet faced, "2 bigs" of the big blind."""
    if size.how == "to":
        return int(size.value)
    if size.how == "times":
        if current <= 0:
            raise Unread
        value = size.value * current
    elif size.how == "bigs":
        if story.blinds is None:
            raise Unread
        value = size.value * big
    else:
        raise Unread
    return int(whole(value))


def _act(hand: Hand, seat: int, deed: Deed, preflop: bool, big: int, story: Story) -> int:
    """Plays one deed; 1 when it was an all-in."""
    legal = hand.legal()
    if legal is None:
        raise Unread
    current = hand.current_bet
    verb, size = deed.verb, deed.size
    if verb == "reach":
        return 0
    if verb == "fold":
        hand.fold(seat)
    elif verb == "check":
        hand.check(seat)
    elif verb == "call":
        if size is not None and int(size.value) not in (current, legal.call_amount):
            raise Unread  # "calls 300" facing another amount
        hand.call(seat)
    elif verb == "minraise":
        if not legal.can_raise or size is not None and int(size.value) != legal.min_raise_to:
            raise Unread  # "min raises to 900" where the least raise is another amount
        hand.wager_to(seat, legal.min_raise_to)
    elif verb == "raiseby":
        if size is None or current == 0:
            raise Unread
        hand.wager_to(seat, current + int(size.value))
    elif verb == "allin":
        if size is None:
            raise Unread
        to = _chips(size, current, big, story)
        hand.all_in(seat)
        if hand.player(seat).bet != to:
            raise Unread
        return 1
    elif verb in ("raise", "bet"):
        if size is None:
            raise Unread
        to = _chips(size, current, big, story)
        if verb == "bet" and not preflop and current > 0:
            raise Unread  # "bets 600" facing a bet: another round, or a raise not said so
        if verb == "raise" and (current == 0 or to <= current):
            raise Unread
        hand.wager_to(seat, to)
    else:
        raise Unread
    return 0


def read_told_round(query: str, profile: Profile) -> Worked | None:
    story = read_story(query)
    return None if story is None else played_story(story, profile)


def played_story(story: Story, profile: Profile) -> Worked | None:
    """A betting round read as deeds (bot/rulebook/betting_story.py) and played on the engine:
    the least raise or bet of the player asked about, the total or the chips of the raise
    asked about, whether the betting is open to him again."""
    played = play(story, profile)
    if played is None:
        return None
    hand, seat, asked = played.hand, played.seat, played.asked
    several = played.all_ins >= 2
    legal = hand.legal()
    if legal is None or not legal.can_raise and raise_is_moot(hand):
        return None
    if asked is not None and asked.verb in ("sayraiseby", "raiseby"):
        if asked.size is None or story.ask not in ("total", "added"):
            return None
        found = act_at(hand, seat, profile, "raise_by", int(asked.size.value))
        if found is not None and story.ask == "added" and found.kind == "raise-it":
            # "how many chips does he add": the chips put in come first
            return Worked(found.kind, found.rule_id, found.facts["added"],
                          (found.facts["added"], found.facts["to"]), found.facts, found.profile)
        return found
    if story.ask == "reopen":
        player = hand.player(seat)
        if asked is not None or not player.acted:
            return None  # asked for a player who has not acted: nothing is reopened
        if not played.all_ins:
            return min_raise_at(hand, several, profile)  # raised again by a full raise
        return reopen_at(hand, several, profile)
    if story.ask == "added" or story.ask == "total" and asked is None:
        return None
    found = min_raise_at(hand, several, profile)
    if found is not None and found.kind == "min-bet" and story.blinds is None:
        return None  # the least bet is the big blind, which the question does not give
    return found
