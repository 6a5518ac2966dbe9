"""One hand of no-limit Texas Hold'em, event-sourced.

Commands (`fold`, `call`, `raise_to`, ...) check the action against the rules of the hand's
profile, then append events; `_apply` is the only code that changes state, so replaying the
events rebuilds the same hand. A refused command raises `IllegalAction` and appends nothing.

Where the rules come from: each rule applied here is a rule of the bot's rulebook
(data/rules, cited below by its id), written after the seed rulebooks' sections; where the
seeds differ, the profile's knob decides (profile.py), and where both are silent, the TDA
rules. Blinds and antes: `blinds`, `antes`, `big-blind-ante`, `heads-up` (TREPS "Forced
Bets"; TDA 2024 posts the blind before the big-blind ante). Betting: `minimum-bet`,
`minimum-raise`, `fifty-percent`, `declared-raise`, `make-it`, `raise-it`, `below-call`,
`incomplete-all-in`, `not-reopened`, `cumulative-all-ins`, `all-in-over-stack`, `chip-unit`,
`uncalled-bet` (TREPS "Raising", "Verbal Declarations"; Tavern "String Bets", "What
constitutes a RAISE?", "Verbal Declarations"; TDA 40-47). Showdown: `face-up`,
`showdown-order`, `show-two-cards`, `muck`, `show-one-show-all`, `side-pots`, `odd-chip`,
`split-pot` (TREPS "Face up", "Showing Hands", "Odd-Chips", "Show one show all"; Tavern
"Showing Hands", "Dead Hands"; TDA 16-20). Dealing: `burn-cards`, `deck-commitment`.

A live hand has a deck (from a seed) and deals, shows down and awards by itself. A recorded
hand (hand histories) has no deck: the caller supplies the cards and the show/muck decisions,
and amounts are taken as exactly what happened (`wager_to`), never corrected.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.engine.cards import commitment, deck_from_seed, deck_proof
from bot.engine.equity import Equity, main_pot_equity
from bot.engine.errors import (
    BadAmount,
    BelowCall,
    HandOver,
    IllegalAction,
    NotReopened,
    NotYourTurn,
    below_call_text,
    chips,
)
from bot.engine.evaluate import ShowdownName, hand_strength, showdown_names
from bot.engine.events import Event
from bot.engine.hand_events import (
    Acted,
    BetsCollected,
    BoardStreet,
    HandEnded,
    HandKilled,
    HandRuleId,
    HandStarted,
    HoleCardsDealt,
    Mucked,
    Posted,
    PostKind,
    PotAwarded,
    Ruling,
    Seat,
    ShowdownStarted,
    Shown,
    ShowRequested,
    StreetDealt,
    StreetName,
    UncalledReturned,
)
from bot.engine.pots import (
    Pot,
    build_pots,
    odd_chips,
    seats_from_left_of,
    split,
    table_pots,
)
from bot.engine.profile import Profile, make_profile

STREETS: tuple[StreetName, ...] = ("preflop", "flop", "turn", "river")
BOARD_STREETS: tuple[BoardStreet, ...] = ("flop", "turn", "river")
BOARD_SIZE: dict[BoardStreet, int] = {"flop": 3, "turn": 1, "river": 1}

__all__ = ["Hand", "HandConfig", "Seat", "Legal", "IllegalAction"]

# How a bet or raise was asked for: declared ("raise to X", "raise X"), chips without a
# declaration ("make it X"), a hand history's exact amount, or the all-in button.
WagerHow = Literal["declared", "make_it", "exact", "all_in"]


@dataclass(frozen=True)
class HandConfig:
    hand_id: str
    seats: tuple[Seat, ...]
    button: int
    small_blind: int
    big_blind: int
    ante: int = 0
    dealt: bool = False
    big_blind_ante: bool = False
    # None = the usual positions from the button; the tournament passes them for dead-button
    # and TREPS moving-button hands. small_blind_seat may be None: no small blind this hand.
    small_blind_seat: int | None = None
    big_blind_seat: int | None = None
    profile: Profile = field(default_factory=make_profile)
    deck_seed: str | None = None
    table_size: int = 10
    # Antes are dead money in the main pot, contested by every live player (TDA; the big-blind
    # ante too). True: antes count as contributions to the pot levels (PHH's other reading).
    ante_trimming: bool = False
    # The smallest chip in play at this level (the structure knows its chips): pots split in
    # whole units of it and amounts a player enters are rounded to it (rules `odd-chip` and
    # `chip-unit`; TREPS "Odd-Chips"). 1 for hand histories, whose amounts are exact.
    chip_unit: int = 1


@dataclass(frozen=True)
class Legal:
    """What the player to act may do now (for buttons and for refusal messages)."""

    seat: int
    can_fold: bool
    can_check: bool
    call_amount: int  # chips to add to call (0 when checking is possible)
    can_raise: bool
    min_raise_to: int  # total bet this street for the smallest bet or raise
    max_raise_to: int  # all-in, as a total bet this street
    facing_bet: bool
    stack: int
    # Amounts other than the all-in are rounded to whole units of the smallest chip in play;
    # the Raise modal's hints show only such amounts.
    chip_unit: int = 1

    def describe(self) -> str:
        opts: list[str] = []
        if self.can_check:
            opts.append("check")
        else:
            if self.call_amount >= self.stack:
                opts.append(f"call all-in for {chips(self.call_amount)}")
            else:
                opts.append(f"call {chips(self.call_amount)}")
        if self.can_raise:
            verb = "raise to" if self.facing_bet else "bet"
            if self.min_raise_to >= self.max_raise_to:
                opts.append(f"{'raise' if self.facing_bet else 'bet'} all-in "
                            f"({chips(self.max_raise_to)})")
            else:
                opts.append(f"{verb} {chips(self.min_raise_to)} to {chips(self.max_raise_to)} "
                            "(all-in)")
        opts.append("fold")
        if len(opts) == 1:
            return opts[0]
        return ", ".join(opts[:-1]) + " or " + opts[-1]


@dataclass
class PlayerState:
    seat: int
    player: str
    start_stack: int
    stack: int
    bet: int = 0  # this street
    committed: int = 0  # whole hand, antes included
    ante: int = 0
    dealt: bool = False
    folded: bool = False
    all_in: bool = False
    hole: tuple[str, ...] | None = None
    acted: bool = False  # acted voluntarily this betting round
    raise_seq_seen: int = 0  # full raises this round when he last acted
    matched_at_action: int = 0  # the bet he matched or made when he last acted
    shown: tuple[str, ...] = ()
    mucked: bool = False
    asked_to_show: bool = False
    won: int = 0

    @property
    def live(self) -> bool:
        return not self.folded and not self.mucked

    @property
    def can_act(self) -> bool:
        return not self.folded and not self.all_in


class Hand:
    def __init__(self) -> None:
        self.events: list[Event] = []
        self.players: dict[int, PlayerState] = {}
        self.order: list[int] = []  # seats in clockwise order from the button's left
        self.profile: Profile = _DEFAULT_PROFILE
        self.hand_id = ""
        self.button = 0
        self.table_size = 10
        self.sb_seat: int | None = None
        self.bb_seat = 0
        self.small_blind = 0
        self.big_blind = 0
        self.ante = 0
        self.big_blind_ante = False
        self.ante_trimming = False
        self.chip_unit = 1
        self.seed: str | None = None
        self.deck: list[str] | None = None
        self.deck_pos = 0
        self.commitment: str | None = None
        self.board: list[str] = []
        self.burns: list[str] = []
        self.street_index = 0
        self.current_bet = 0
        self.last_full_raise = 0  # the size of the last full bet or raise this round
        self.full_raise_seq = 0
        self.last_aggressor: int | None = None
        self.to_act: int | None = None
        self.betting_over = False  # no more betting this hand (all-in runout or one left)
        self.showdown = False
        self.is_over = False
        self.final_stacks: dict[int, int] = {}
        self.awards: list[PotAwarded] = []
        self.rulings: list[Ruling] = []
        # Kept by `_apply` so the hot paths need not rescan the players: how many are live
        # (neither folded nor mucked), how many may still act (neither folded nor all-in), how
        # many were dealt in, each seat's clockwise ring.
        self._live_count = 0
        self._able_count = 0
        self._dealt_count = 0
        self._rings: dict[int, list[PlayerState]] = {}
        self._seated: list[PlayerState] = []  # the players in `order`
        # `legal()` as of the last event: the bot, the presenter and every command ask it
        # several times between two events. `_apply` clears it.
        self._legal: Legal | None = None

    # ------------------------------------------------------------------ construction

    @classmethod
    def start(cls, config: HandConfig) -> Hand:
        """Post antes and blinds and, for a live hand, deal the hole cards."""
        _check_config(config)
        hand = cls()
        seats = sorted(config.seats, key=lambda s: s.seat)
        sb_seat, bb_seat = config.small_blind_seat, config.big_blind_seat
        if bb_seat is None:
            sb_seat, bb_seat = default_blind_seats(
                config.button, [s.seat for s in seats], config.table_size
            )
        seed = config.deck_seed
        deck = deck_from_seed(seed) if seed is not None else None
        hand._emit(HandStarted(
            hand_id=config.hand_id,
            seats=tuple(seats),
            button=config.button,
            small_blind_seat=sb_seat,
            big_blind_seat=bb_seat,
            small_blind=config.small_blind,
            big_blind=config.big_blind,
            ante=config.ante,
            big_blind_ante=config.big_blind_ante,
            profile=config.profile.to_dict(),
            table_size=config.table_size,
            commitment=commitment(seed, deck) if seed is not None and deck is not None else None,
            deck_seed=config.deck_seed,
            ante_trimming=config.ante_trimming,
            chip_unit=config.chip_unit,
        ))
        hand._post_forced_bets()
        if hand.deck is not None:
            hand._deal_hole_cards()
        hand._progress()
        return hand

    @classmethod
    def replay(cls, events: Iterable[Event]) -> Hand:
        hand = cls()
        for ev in events:
            hand._apply(ev)
        return hand

    def _post_forced_bets(self) -> None:
        # The blind is posted before the big-blind ante when the stack cannot cover both
        # (TDA 2024); ordinary antes come first, as every player pays one.
        if self.ante and not self.big_blind_ante:
            for s in self.order:
                self._post(s, "ante", self.ante)
        if self.sb_seat is not None and self.sb_seat in self.players:
            self._post(self.sb_seat, "small_blind", self.small_blind)
        self._post(self.bb_seat, "big_blind", self.big_blind)
        if self.ante and self.big_blind_ante:
            self._post(self.bb_seat, "ante", self.ante)

    def _post(self, seat: int, kind: PostKind, amount: int) -> None:
        p = self.players[seat]
        paid = min(amount, p.stack)
        if paid <= 0:
            return
        self._emit(Posted(seat, kind, paid, all_in=paid == p.stack))

    def _deal_hole_cards(self) -> None:
        """One card at a time from the button's left, twice round, as at a live table."""
        assert self.deck is not None
        n = len(self.order)
        for i, s in enumerate(self.order):
            self._emit(HoleCardsDealt(s, (self.deck[i], self.deck[n + i])))

    # ------------------------------------------------------------------ queries

    @property
    def street(self) -> StreetName:
        return STREETS[min(self.street_index, 3)]

    @property
    def stacks(self) -> dict[int, int]:
        return {s: p.stack for s, p in self.players.items()}

    @property
    def players_in_hand(self) -> list[int]:
        return list(self.order)

    @property
    def live_seats(self) -> list[int]:
        return [p.seat for p in self._seated if not p.folded and not p.mucked]

    @property
    def pot_total(self) -> int:
        return sum(p.committed for p in self.players.values()) - sum(
            a.amount for a in self.awards
        )

    def hole_cards(self, seat: int) -> tuple[str, ...] | None:
        p = self.players.get(seat)
        return p.hole if p else None

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    def seat_of(self, player: str) -> int | None:
        for s, p in self.players.items():
            if p.player == player:
                return s
        return None

    def pots(self) -> list[Pot]:
        """The pots as they stand, bets of the current street included."""
        if self.ante_trimming:
            return build_pots(
                {s: p.committed for s, p in self.players.items()}, self.live_seats
            )
        return build_pots(
            {s: p.committed - p.ante for s, p in self.players.items()},
            self.live_seats,
            dead=sum(p.ante for p in self.players.values()),
        )

    def table_pots(self) -> list[Pot]:
        """The pot breakdown the table shows now: one pot until a player is all-in, then a
        main pot and side pots (`pots.table_pots`). `pots()` is what the showdown awards."""
        all_in = [p.seat for p in self._seated if p.all_in]
        if self.ante_trimming:
            return table_pots({s: p.committed for s, p in self.players.items()},
                              self.live_seats, all_in)
        return table_pots(
            {s: p.committed - p.ante for s, p in self.players.items()},
            self.live_seats,
            all_in,
            dead=sum(p.ante for p in self.players.values()),
        )

    def showdown_names(self) -> dict[int, ShowdownName[int]]:
        """The face-up live hands named against each other, kicker where it decides
        (`evaluate.showdown_names`); empty until the board is complete."""
        if len(self.board) < 5:
            return {}
        shown = {s: list(self.players[s].shown) + self.board for s in self.live_seats
                 if len(self.players[s].shown) == 2}
        return showdown_names(shown)

    def face_up_equities(self) -> list[tuple[tuple[str, ...], Equity[int]]]:
        """Once the live hands are turned face up with board cards to come: for the board as
        it was then and after each street since (while incomplete), each face-up hand's chance
        to win the main pot, which every live hand contests (`equity.main_pot_equity`)."""
        return [(b, main_pot_equity(h, b)) for b, h in self.face_up_boards()]

    def face_up_boards(self) -> list[tuple[tuple[str, ...], dict[int, tuple[str, ...]]]]:
        """The boards `face_up_equities` counts on, each with the hands face up on it."""
        states: dict[tuple[str, ...], dict[int, tuple[str, ...]]] = {}
        board: tuple[str, ...] = ()
        hands: dict[int, tuple[str, ...]] = {}
        faced = False
        for ev in self.events:
            if isinstance(ev, StreetDealt):
                board += ev.cards
            elif isinstance(ev, Shown) and ev.reason == "face_up":
                hands[ev.seat] = ev.cards
            elif isinstance(ev, Ruling) and ev.rule_id == "face-up":
                faced = True
            else:
                continue
            if faced and len(board) < 5:
                states[board] = dict(hands)  # the last word on each board: every hand up
        return [(b, h) for b, h in states.items()
                if len(h) >= 2 and all(len(c) == 2 for c in h.values())]

    @property
    def needs_board(self) -> bool:
        """A recorded hand waiting for the next community cards."""
        return self.deck is None and not self.is_over and self._board_due() > 0

    @property
    def needs_showdown(self) -> list[int]:
        """A recorded hand at showdown: the live seats that have neither shown nor mucked."""
        if self.deck is not None or self.is_over or not self.showdown:
            return []
        return [s for s in self.live_seats if not self.players[s].shown]

    def legal(self) -> Legal | None:
        if self.to_act is None:
            return None
        if self._legal is not None:
            return self._legal
        p = self.players[self.to_act]
        bet, current = p.bet, self.current_bet
        max_to = bet + p.stack
        # Cheapest test first: the other two look at the betting history and the opponents.
        can_raise = max_to > current and self._may_raise(p) and self._someone_can_call(p)
        # Positional arguments, in field order: a third faster than keywords, and this runs
        # once per decision.
        self._legal = Legal(
            p.seat,  # seat
            True,  # can_fold
            bet >= current,  # can_check
            max(0, min(current, max_to) - bet),  # call_amount
            can_raise,  # can_raise
            min(self._min_raise_to(), max_to),  # min_raise_to
            max_to,  # max_raise_to
            current > 0,  # facing_bet
            p.stack,  # stack
            self.chip_unit,  # chip_unit
        )
        return self._legal

    def _min_raise_to(self) -> int:
        # With no bet yet, the opening bet's minimum is the big blind (`last_full_raise`).
        return self.current_bet + self.last_full_raise

    def _may_raise(self, p: PlayerState) -> bool:
        """Whether the betting is open to this player: he has not acted this round, or a full
        raise came since he did, or (profile knob) the short all-ins since add up to one."""
        if not p.acted or self.full_raise_seq > p.raise_seq_seen:
            return True
        return (
            self.profile.cumulative_short_all_ins_reopen
            and self.current_bet - p.matched_at_action >= self.last_full_raise
        )

    def _someone_can_call(self, p: PlayerState) -> bool:
        """A raise needs an opponent with chips beyond the current bet."""
        current = self.current_bet
        for q in self.players.values():
            if not q.folded and not q.all_in and q.seat != p.seat and q.bet + q.stack > current:
                return True
        return False

    def rabbit_cards(self) -> list[str]:
        """The rest of the board as the deck would have dealt it (burns respected)."""
        if self.deck is None:
            return []
        out: list[str] = []
        pos = self.deck_pos
        for street in BOARD_STREETS[len(_streets_dealt(self.board)):]:
            pos += 1  # burn
            n = BOARD_SIZE[street]
            out.extend(self.deck[pos : pos + n])
            pos += n
        return out

    # ------------------------------------------------------------------ commands

    def fold(self, seat: int) -> list[Event]:
        self._check_turn(seat)
        return self._run([Acted(seat, "fold", 0, self.players[seat].bet)])

    def check(self, seat: int) -> list[Event]:
        legal = self._check_turn(seat)
        if not legal.can_check:
            raise IllegalAction(
                f"You cannot check: there is a bet of {chips(self.current_bet)} to you. "
                f"You may {legal.describe()}."
            )
        return self._run([Acted(seat, "check", 0, self.players[seat].bet)])

    def call(self, seat: int) -> list[Event]:
        legal = self._check_turn(seat)
        if legal.can_check:
            raise IllegalAction(f"There is nothing to call. You may {legal.describe()}.")
        return self._run(self._call_events(seat))

    def check_or_call(self, seat: int) -> list[Event]:
        # What `check` or `call` would do, without asking `_check_turn` a second time.
        legal = self._check_turn(seat)
        if legal.can_check:
            return self._run([Acted(seat, "check", 0, self.players[seat].bet)])
        return self._run(self._call_events(seat))

    def all_in(self, seat: int) -> list[Event]:
        legal = self._check_turn(seat)
        p = self.players[seat]
        if legal.call_amount >= p.stack:
            return self._run(self._call_events(seat))
        if legal.can_raise:
            return self._run(self._wager_events(seat, p.bet + p.stack, "all_in"))
        if not self._may_raise(p):
            raise self._not_reopened_error(legal)
        if legal.call_amount:
            # Nobody can call more: the chips beyond a call would only come back.
            return self._run(self._call_events(seat))
        raise IllegalAction("Nobody left in the hand has chips to call a bet: you may check.")

    def bet(self, seat: int, amount: int) -> list[Event]:
        """A declared bet (or raise, if there is a bet) to `amount` in all this street."""
        self._check_turn(seat)
        _check_amount(amount)
        return self._run(self._wager_events(seat, amount, "declared"))

    def raise_to(self, seat: int, amount: int) -> list[Event]:
        self._check_turn(seat)
        _check_amount(amount)
        return self._run(self._wager_events(seat, amount, "declared"))

    def raise_by(self, seat: int, amount: int) -> list[Event]:
        """ "Raise it X": X on top of the bet facing the player (Tavern declaration 3)."""
        self._check_turn(seat)
        _check_amount(amount)
        return self._run(self._wager_events(seat, self.current_bet + amount, "declared",
                                            raise_by=amount))

    def make_it(self, seat: int, amount: int) -> list[Event]:
        """Chips without a raise declaration: "let's make it X"."""
        self._check_turn(seat)
        _check_amount(amount)
        return self._run(self._wager_events(seat, amount, "make_it"))

    def wager_to(self, seat: int, amount: int) -> list[Event]:
        """A bet or raise to exactly `amount`, as a hand history records it: never corrected."""
        self._check_turn(seat)
        _check_amount(amount)
        return self._run(self._wager_events(seat, amount, "exact"))

    def timeout(self, seat: int, rule_id: str, expiry: str = "fold") -> list[Event]:
        """The player's time ran out (clock, away): check if allowed and asked, else fold."""
        if expiry not in ("fold", "check_or_fold"):
            raise ValueError(f"expiry {expiry!r}: a timeout folds or checks ('fold', "
                             "'check_or_fold')")
        legal = self._check_turn(seat)
        p = self.players[seat]
        if expiry == "check_or_fold" and legal.can_check:
            action = Acted(seat, "check", 0, p.bet)
        else:
            action = Acted(seat, "fold", 0, p.bet)
        return self._run([Ruling(rule_id, seat, {}), action])

    def kill(self, seat: int, rule_id: str) -> list[Event]:
        """Make a seat's hand dead now, in turn or not (away at the hand's end, dead at deal)."""
        if self.is_over:
            raise HandOver("The hand is over.")
        p = self.players.get(seat)
        if p is None or not p.live:
            raise IllegalAction("That player has no live hand.")
        return self._run([Ruling(rule_id, seat, {}), HandKilled(seat, rule_id)])

    def deal_board(self, cards: Sequence[str]) -> list[Event]:
        """Community cards of a recorded hand (no deck)."""
        due = self._board_due()
        if self.deck is not None:
            raise IllegalAction("This hand deals its own cards.")
        if due == 0:
            raise IllegalAction("No community cards are due now.")
        if len(cards) != due:
            raise IllegalAction(f"The {self._next_street()} is {due} card(s), not {len(cards)}.")
        self._check_new_cards(cards)
        return self._run([StreetDealt(self._next_street(), tuple(cards))])

    def deal_hole(self, seat: int, cards: Sequence[str] | None) -> list[Event]:
        """Hole cards of a recorded hand; None for cards nobody saw."""
        if self.deck is not None:
            raise IllegalAction("This hand deals its own cards.")
        if seat not in self.players:
            raise IllegalAction(f"Seat {seat} is not in this hand.")
        if self.players[seat].hole is not None:
            raise IllegalAction(f"Seat {seat} already has cards.")
        if cards is not None:
            if len(cards) != 2:
                raise IllegalAction("Hold'em hole cards are two cards.")
            self._check_new_cards(cards)
        return self._run([HoleCardsDealt(seat, tuple(cards) if cards is not None else None)])

    def show(self, seat: int, cards: Sequence[str] | None = None) -> list[Event]:
        """Show at showdown (a recorded hand, or face up in an all-in); after the hand, show
        one or both cards (show one, show all)."""
        p = self.players.get(seat)
        if p is None:
            raise IllegalAction(f"Seat {seat} is not in this hand.")
        if self.is_over:
            hole = p.hole or ()
            wanted = tuple(cards) if cards else hole
            if not wanted or any(c not in hole for c in wanted):
                raise IllegalAction("You can only show your own hole cards.")
            new = tuple(c for c in wanted if c not in p.shown)
            if not new:
                raise IllegalAction("Those cards are already face up.")
            return self._run([Shown(seat, new, "after_hand")])
        if not p.live:
            raise IllegalAction("That hand is no longer live.")
        if not (self.showdown or self.betting_over):
            raise IllegalAction("Hands are shown at the showdown or once the betting is over.")
        shown = tuple(cards) if cards is not None else (p.hole or ())
        if len(shown) != 2:
            raise IllegalAction("A hand is shown with both cards (rule show-two-cards).")
        if p.hole is not None and set(shown) != set(p.hole):
            raise IllegalAction("Those are not that player's cards.")
        if p.shown:
            raise IllegalAction("That hand is already face up.")
        events: list[Event] = []
        if p.hole is None:
            self._check_new_cards(shown)
            events.append(HoleCardsDealt(seat, shown))
        events.append(Shown(seat, shown, "showdown" if self.showdown else "face_up"))
        return self._run(events)

    def ask_to_show(self, seat: int) -> list[Event]:
        """Ask, any time before the showdown, to show this hand there even if it cannot win
        (otherwise a hand that cannot win is mucked and never shown)."""
        p = self.players.get(seat)
        if p is None or not p.live or self.is_over:
            raise IllegalAction("Only a player with a live hand can ask to show it.")
        if p.asked_to_show or p.shown:
            raise IllegalAction("Your hand will already be shown.")
        return self._run([ShowRequested(seat)])

    def muck(self, seat: int) -> list[Event]:
        p = self.players.get(seat)
        if p is None or not p.live or self.is_over:
            raise IllegalAction("That player has no live hand to muck.")
        if not self.showdown:
            raise IllegalAction("Hands are mucked at the showdown.")
        if p.shown:
            raise IllegalAction("That hand is already face up.")
        return self._run([Mucked(seat)])

    def request_show_all(self, requester: int, seat: int) -> list[Event]:
        """Show one, show all: a player who showed one card after the hand shows the other."""
        if not self.is_over:
            raise IllegalAction("Show one, show all applies once the hand is over.")
        if requester not in self.players:
            raise IllegalAction("Only players at the table may ask.")
        p = self.players.get(seat)
        if p is None or not p.shown or p.hole is None:
            raise IllegalAction("That player has shown nothing, so nothing more can be asked.")
        rest = tuple(c for c in p.hole if c not in p.shown)
        if not rest:
            raise IllegalAction("Both cards are already face up.")
        return self._run([
            _ruling("show-one-show-all", seat, {}, (requester,)),
            Shown(seat, rest, "show_all"),
        ])

    # ------------------------------------------------------------------ command helpers

    def _check_turn(self, seat: int) -> Legal:
        if self.is_over:
            raise HandOver("The hand is over.")
        if seat not in self.players:
            raise NotYourTurn("You are not in this hand.", "out-of-turn")
        legal = self.legal()
        if legal is None:
            raise NotYourTurn("Nobody is to act now.", "out-of-turn")
        if seat != self.to_act:
            raise NotYourTurn(
                f"It is not your turn: seat {self.to_act} is to act.", "out-of-turn"
            )
        return legal

    def _not_reopened_error(self, legal: Legal) -> IllegalAction:
        return NotReopened(
            "The betting was not reopened for you: the all-in since your last action is less "
            f"than a full raise (rule not-reopened). You may {legal.describe()}.",
            "not-reopened",
        )

    def _call_events(self, seat: int) -> list[Event]:
        p = self.players[seat]
        to = min(self.current_bet, p.bet + p.stack)
        added = to - p.bet
        return [Acted(seat, "call", added, to, all_in=added == p.stack)]

    def _wager_events(self, seat: int, target: int, how: WagerHow,
                      raise_by: int = 0) -> list[Event]:
        """Turn a bet/raise request into events per the profile; `how` is "declared",
        "make_it", "exact" (hand history: no corrections) or "all_in"."""
        p = self.players[seat]
        legal = self.legal()
        assert legal is not None
        rulings: list[Event] = []
        max_to = p.bet + p.stack
        exact = how == "exact"
        facing = self.current_bet > 0
        if raise_by:
            rulings.append(_ruling("raise-it", seat, {"by": raise_by, "to": target,
                                                     "facing": self.current_bet}))
        if target > max_to:
            if exact:
                raise BadAmount(
                    f"{chips(target)} is more than the {chips(max_to)} this player has.",
                    "all-in-over-stack",
                )
            rulings.append(_ruling("all-in-over-stack", seat, {"asked": target, "to": max_to}))
            target = max_to
        # Below the call is judged on the amount asked, before rounding to the chip unit: the
        # refusal names what the player asked for, never what rounding made of it.
        if target <= self.current_bet:
            if target == max_to:  # all-in for no more than a call
                return rulings + self._call_events(seat)
            if how == "make_it" and target == self.current_bet:
                return rulings + self._call_events(seat)
            raise BelowCall(below_call_text(
                target, self.current_bet, call=legal.call_amount,
                call_all_in=legal.call_amount >= legal.stack,
                raise_to=legal.min_raise_to if legal.can_raise
                and legal.min_raise_to < legal.max_raise_to else None,
                all_in=legal.max_raise_to if legal.can_raise else None), "below-call")
        if not exact and target % self.chip_unit and target < max_to:
            whole = self._whole_units(target, max_to)
            rulings.append(_ruling("chip-unit", seat, {"asked": target, "to": whole,
                                                      "unit": self.chip_unit}))
            target = whole
        if not legal.can_raise:
            if not self._may_raise(p):
                raise self._not_reopened_error(legal)
            if legal.call_amount:
                raise IllegalAction(
                    "Every other player is all-in or covered, so there is nobody to raise: "
                    f"you may {legal.describe()}."
                )
            raise IllegalAction("Every other player is all-in: you may check.")
        min_to = self._min_raise_to()
        if target >= min_to or target == max_to:
            ev = self._bet_event(p, target)
            if not ev.full:
                rulings.append(_ruling("incomplete-all-in", seat, {
                    "to": target, "raise": target - self.current_bet,
                    "min_raise": self.last_full_raise}))
            return rulings + [ev]
        # Short of a full bet or raise, and not all-in.
        if exact:
            word = "raise is to" if facing else "bet is"
            raise BadAmount(
                f"The minimum {word} {chips(min_to)}. You may {legal.describe()}.",
                "minimum-raise" if facing else "minimum-bet",
            )
        if not facing:
            if how == "declared" and self.profile.short_declared_raise == "minimum":
                rulings.append(_ruling("minimum-bet", seat, {"asked": target, "to": min_to}))
                return rulings + [self._bet_event(p, min(min_to, max_to))]
            raise BadAmount(
                f"The minimum bet is {chips(min_to)}: bet at least that, or check.",
                "minimum-bet",
            )
        if how == "declared" and self.profile.short_declared_raise == "minimum":
            to = min(min_to, max_to)
            rulings.append(_ruling("declared-raise", seat, {"asked": target, "to": to}))
            return rulings + [self._bet_event(p, to)]
        # "Make it X" (or a short declaration read as one, under tavern).
        increase = target - self.current_bet
        last = self.last_full_raise
        if self.profile.make_it == "fifty_percent" and 2 * increase >= last:
            to = min(min_to, max_to)
            rulings.append(_ruling("fifty-percent", seat, {
                "asked": target, "to": to, "increase": increase, "last_raise": last}))
            return rulings + [self._bet_event(p, to)]
        call = self._call_events(seat)
        rulings.append(_ruling("make-it", seat, {
            "asked": target, "to": self.current_bet, "returned": target - self.current_bet}))
        return rulings + call

    def _whole_units(self, target: int, max_to: int) -> int:
        """The whole-unit amount nearest to `target` (half a unit rounds up), never below the
        minimum raise when `target` reached it, never a call or nothing when `target` was more;
        the all-in when rounding up passes the stack (rule `chip-unit`)."""
        unit = self.chip_unit
        down = target - target % unit
        up = down + unit
        to = up if up - target <= target - down else down
        if to <= self.current_bet or (target >= self._min_raise_to() > to):
            to = up
        return min(to, max_to)

    def _bet_event(self, p: PlayerState, to: int) -> Acted:
        added = to - p.bet
        increment = to - self.current_bet
        full = increment >= self.last_full_raise
        return Acted(p.seat, "raise" if self.current_bet else "bet", added, to,
                     all_in=added == p.stack, full=full)

    def _check_new_cards(self, cards: Sequence[str]) -> None:
        seen = set(self.board) | set(self.burns)
        for p in self.players.values():
            seen |= set(p.hole or ())
        dup = [c for c in cards if c in seen]
        if dup or len(set(cards)) != len(cards):
            raise IllegalAction(f"Card(s) already dealt: {' '.join(dup) or ' '.join(cards)}")

    # ------------------------------------------------------------------ progress

    def _run(self, events: list[Event]) -> list[Event]:
        start = len(self.events)
        for ev in events:
            self._emit(ev)
        self._progress()
        return self.events[start:]

    def _emit(self, ev: Event) -> None:
        self._apply(ev)

    def _progress(self) -> None:
        """Everything that follows by itself: rulings when the action reaches a player, the
        end of a round, the next street, face-up, showdown, awards."""
        while not self.is_over:
            if self.to_act is not None:
                self._note_not_reopened()
                return
            if not self._started_betting:
                return
            if self._live_count == 1 and not self.showdown:
                self._finish_round()
                self._award_uncontested()
                return
            if self._bets_on_table():
                self._finish_round()
                continue
            if self._board_due() > 0:
                if self.betting_over and not self._faced_up and self.deck is not None:
                    self._face_up()
                    continue
                if self.deck is None:
                    return  # a recorded hand waits for deal_board
                street = self._next_street()
                burn, cards = self._street_cards(street)
                self._emit(StreetDealt(street, tuple(cards), burn))
                continue
            if not self.showdown:
                if not self._faced_up and self.deck is not None and self._someone_all_in():
                    # The betting is over with a player all-in: every live hand is turned
                    # face up, on the river too (TREPS "Face up"; TDA 16).
                    self._face_up()
                    continue
                self._emit_showdown_start()
                continue
            if self.deck is None and self.needs_showdown:
                return
            if self.deck is not None:
                self._auto_showdown()
            self._award_showdown()
            return

    _faced_up = False

    def _note_not_reopened(self) -> None:
        """When the action comes back to a player whom a short all-in did not reopen the
        betting for, say so (a ruling the channel shows), once per bet level."""
        assert self.to_act is not None  # `_progress` calls this only with a player to act
        p = self.players[self.to_act]
        if not p.acted or self._may_raise(p) or p.bet + p.stack <= self.current_bet:
            return
        amounts = {"facing": self.current_bet, "call": self.current_bet - p.bet,
                   "min_raise": self.last_full_raise}
        for r in reversed(self.rulings):
            if r.rule_id == "not-reopened" and r.seat == p.seat and r.amounts == amounts:
                return
        self._emit(_ruling("not-reopened", p.seat, amounts))

    def _street_cards(self, street: BoardStreet) -> tuple[str | None, list[str]]:
        """Burn one, then the street's cards; the position moves only when the event applies."""
        assert self.deck is not None
        pos = self.deck_pos
        return self.deck[pos], self.deck[pos + 1 : pos + 1 + BOARD_SIZE[street]]

    def _someone_all_in(self) -> bool:
        return any(p.all_in for p in self._seated if p.live)

    def _bets_on_table(self) -> bool:
        for p in self.players.values():
            if p.bet:
                return True
        return False

    def _finish_round(self) -> None:
        """Return an uncalled bet, then sweep the bets into the pot.

        Only a live hand gets chips back: a blind (or bet) of a hand that is dead or folded
        stays in the pot even when nobody matched it (rules `uncalled-bet`, `dead-hand`; TREPS
        "Unprotected Hands" returns only a live player's uncalled raise).
        """
        bets = sorted(((p.bet, s) for s, p in self.players.items()), reverse=True)
        if bets and bets[0][0] > 0:
            top, seat = bets[0]
            second = bets[1][0] if len(bets) > 1 else 0
            if top > second and self.players[seat].live:
                self._emit(_ruling("uncalled-bet", seat, {"amount": top - second}))
                self._emit(UncalledReturned(seat, top - second))
        self._emit(BetsCollected(self.street))

    def _face_up(self) -> None:
        live = self.live_seats
        self._emit(_ruling("face-up", None, {}, tuple(live)))
        for s in seats_from_left_of(self.button, live, self.table_size):
            p = self.players[s]
            if not p.shown and p.hole is not None:
                self._emit(Shown(s, p.hole, "face_up"))

    def _emit_showdown_start(self) -> None:
        self._emit(ShowdownStarted(tuple(self.showdown_order())))

    def showdown_order(self) -> list[int]:
        """Last bettor or raiser of the last betting round first; if nobody bet there, the
        first live player left of the button; then clockwise."""
        live = self.live_seats
        first = self.last_aggressor if self.last_aggressor in live else None
        ordered = seats_from_left_of(self.button, live, self.table_size)
        if first is None:
            return ordered
        i = ordered.index(first)
        return ordered[i:] + ordered[:i]

    def _auto_showdown(self) -> None:
        """Show in order; a hand that cannot win any pot it is in is mucked."""
        pots = self.pots()
        best: dict[int, int] = {}  # pot index -> best strength shown
        for s in self.showdown_order():
            p = self.players[s]
            assert p.hole is not None
            strength = hand_strength(list(p.hole) + self.board)
            could_win = any(
                s in pot.eligible and strength >= best.get(i, -1) for i, pot in enumerate(pots)
            )
            if p.shown or could_win or p.asked_to_show:
                if not p.shown:
                    self._emit(Shown(s, p.hole, "showdown"))
                for i, pot in enumerate(pots):
                    if s in pot.eligible:
                        best[i] = max(best.get(i, -1), strength)
            else:
                self._emit(_ruling("muck", s, {}))
                self._emit(Mucked(s))

    def _award_uncontested(self) -> None:
        winner = self.live_seats[0]
        total = sum(p.committed for p in self.players.values())
        self._emit(PotAwarded(0, total, (winner,), (winner,), (total,), None))
        self._end()

    def _award_showdown(self) -> None:
        pots = self.pots()
        contenders = [s for s in self.live_seats if self.players[s].shown]
        # A player in several pots is evaluated and named once.
        strength_of: dict[int, int] = {}
        names: dict[tuple[int, ...], dict[int, str]] = {}
        for i, pot in enumerate(pots):
            eligible = [s for s in pot.eligible if s in contenders]
            if not eligible:
                # Everyone in this pot mucked (a recorded hand): the last to stay takes it.
                eligible = list(pot.eligible) or contenders
            for s in eligible:
                if s not in strength_of:
                    strength_of[s] = hand_strength(list(self.players[s].shown) + self.board)
            strengths = {s: strength_of[s] for s in eligible}
            top = max(strengths.values())
            winners = [s for s in eligible if strengths[s] == top]
            unit = self.chip_unit
            shares = split(pot.amount, winners, self.button, self.table_size, unit)
            odd = odd_chips(pot.amount, len(winners), unit)
            if len(winners) > 1 and odd:
                order = seats_from_left_of(self.button, winners, self.table_size)
                amounts = {"odd_chips": odd, "pot": i}
                if unit != 1:
                    amounts["unit"] = unit
                self._emit(_ruling("odd-chip", order[0], amounts, tuple(order[:odd])))
            # Named against the hands it beat in this pot: the kicker when it decided.
            key = tuple(eligible)
            if key not in names:
                names[key] = {s: n.name for s, n in showdown_names(
                    {s: list(self.players[s].shown) + self.board for s in eligible}).items()}
            name = names[key][winners[0]]
            self._emit(PotAwarded(i, pot.amount, tuple(pot.eligible), tuple(winners),
                                  tuple(shares[s] for s in winners), name))
        self._end()

    def _end(self) -> None:
        proof = None
        if self.seed is not None and self.deck is not None:
            public = set(self.board)
            for p in self.players.values():
                public |= set(p.shown)
            proof = deck_proof(self.seed, self.deck, public)
        self._emit(HandEnded({s: p.stack for s, p in self.players.items()}, proof))

    def _board_due(self) -> int:
        if self.street_index >= 3 or self.is_over:
            return 0
        if self.to_act is not None or self._bets_on_table():
            return 0
        if self._live_count <= 1:
            return 0
        return BOARD_SIZE[self._next_street()]

    def _next_street(self) -> BoardStreet:
        return BOARD_STREETS[self.street_index]

    # ------------------------------------------------------------------ state changes

    def _apply(self, ev: Event) -> None:
        self.events.append(ev)
        self._legal = None  # the state changes: what is legal is worked out afresh
        handler = _APPLY.get(type(ev))
        if handler is None:
            # Not one of the hand's own event classes: a subclass is applied as its base.
            handler = next((h for cls, h in _APPLY.items() if isinstance(ev, cls)), None)
        if handler is not None:
            handler(self, ev)

    def _apply_posted(self, ev: Posted) -> None:
        p = self.players[ev.seat]
        p.stack -= ev.amount
        p.committed += ev.amount
        if ev.kind != "ante":
            p.bet += ev.amount
        else:
            p.ante += ev.amount
        if p.stack == 0:
            self._set_all_in(p, True)
        if ev.kind != "ante":
            # The bet to call preflop is the full big blind even when it is posted short.
            self.current_bet = max(self.current_bet, ev.amount,
                                   self.big_blind if ev.kind == "big_blind" else 0)

    def _apply_dealt(self, ev: HoleCardsDealt) -> None:
        p = self.players[ev.seat]
        p.hole = ev.cards if ev.cards is not None else p.hole
        if not p.dealt:
            p.dealt = True
            self._dealt_count += 1
        if self.deck is not None:
            self.deck_pos = 2 * len(self.order)
        if not self._started_betting and self._dealt_count == len(self.order):
            self._start_round()

    def _apply_street(self, ev: StreetDealt) -> None:
        if ev.burn:
            self.burns.append(ev.burn)
        self.board.extend(ev.cards)
        if self.deck is not None:
            self.deck_pos += len(ev.cards) + 1
        self.street_index += 1
        self._start_round()

    def _apply_ruling(self, ev: Ruling) -> None:
        self.rulings.append(ev)
        if ev.rule_id == "face-up":
            self._faced_up = True

    def _apply_uncalled(self, ev: UncalledReturned) -> None:
        p = self.players[ev.seat]
        p.stack += ev.amount
        p.bet -= ev.amount
        p.committed -= ev.amount
        if p.stack > 0:
            self._set_all_in(p, False)

    def _apply_collected(self, ev: BetsCollected) -> None:
        for p in self.players.values():
            p.bet = 0

    def _apply_showdown(self, ev: ShowdownStarted) -> None:
        self.showdown = True

    def _apply_killed(self, ev: HandKilled) -> None:
        p = self.players[ev.seat]
        self._fold_player(p)
        if self.to_act == ev.seat:
            self._next_to_act(ev.seat)
        else:
            self._recheck_round()

    def _apply_shown(self, ev: Shown) -> None:
        p = self.players[ev.seat]
        if p.hole is None:
            p.hole = ev.cards
        p.shown = tuple(dict.fromkeys(p.shown + ev.cards))
        if ev.reason == "face_up":
            self._faced_up = True

    def _apply_show_requested(self, ev: ShowRequested) -> None:
        self.players[ev.seat].asked_to_show = True

    def _apply_mucked(self, ev: Mucked) -> None:
        p = self.players[ev.seat]
        if p.live:
            self._live_count -= 1
        p.mucked = True

    def _apply_awarded(self, ev: PotAwarded) -> None:
        self.awards.append(ev)
        for s, amt in zip(ev.winners, ev.shares, strict=True):
            self.players[s].stack += amt
            self.players[s].won += amt
        self.showdown = self.showdown or self._live_count > 1

    def _apply_ended(self, ev: HandEnded) -> None:
        self.is_over = True
        self.to_act = None
        self.final_stacks = dict(ev.final_stacks)

    def _fold_player(self, p: PlayerState) -> None:
        if p.live:
            self._live_count -= 1
        if p.can_act:
            self._able_count -= 1
        p.folded = True

    def _set_all_in(self, p: PlayerState, all_in: bool) -> None:
        if p.all_in != all_in and not p.folded:
            self._able_count += -1 if all_in else 1
        p.all_in = all_in

    _started_betting = False

    def _apply_started(self, ev: HandStarted) -> None:
        self.hand_id = ev.hand_id
        self.profile = _profile_from_dict(ev.profile)
        self.button = ev.button
        self.table_size = ev.table_size
        self.sb_seat = ev.small_blind_seat
        self.bb_seat = ev.big_blind_seat
        self.small_blind = ev.small_blind
        self.big_blind = ev.big_blind
        self.ante = ev.ante
        self.big_blind_ante = ev.big_blind_ante
        self.ante_trimming = ev.ante_trimming
        self.chip_unit = ev.chip_unit
        self.commitment = ev.commitment
        self.seed = ev.deck_seed
        self.deck = deck_from_seed(ev.deck_seed) if ev.deck_seed is not None else None
        for s in ev.seats:
            self.players[s.seat] = PlayerState(s.seat, s.player, s.stack, s.stack)
        self.order = seats_from_left_of(ev.button, list(self.players), ev.table_size)
        self.last_full_raise = ev.big_blind
        self._live_count = self._able_count = len(self.players)
        # Each player's ring: everyone else clockwise from his left, then himself.
        order = self._seated = [self.players[s] for s in self.order]
        self._rings = {p.seat: order[i + 1:] + order[: i + 1] for i, p in enumerate(order)}

    def _start_round(self) -> None:
        """A new betting round: preflop left of the big blind, later left of the button."""
        self._started_betting = True
        for p in self.players.values():
            p.acted = False
            p.raise_seq_seen = 0
            p.matched_at_action = 0
        self.full_raise_seq = 0
        self.last_aggressor = None
        # The size a full bet or raise must reach starts at the big blind on every street
        # (rule `minimum-bet`: the smallest opening bet is the big blind), so a short
        # all-in bet after the flop is never a full bet and never reopens the betting.
        self.last_full_raise = self.big_blind
        if self.street_index == 0:
            start = self.bb_seat
        else:
            self.current_bet = 0
            start = self.button
        able = self._able_count
        if self._live_count <= 1 or not able:
            self.to_act = None
            self.betting_over = self._live_count > 1
            return
        if able == 1 and self._lone_able().bet >= self.current_bet:
            # Nobody left to bet against: no betting this round or later.
            self.to_act = None
            self.betting_over = True
            return
        self.to_act = None
        self._seek_to_act(start)

    def _apply_acted(self, ev: Acted) -> None:
        p = self.players[ev.seat]
        p.stack -= ev.added
        p.bet += ev.added
        p.committed += ev.added
        if ev.all_in or p.stack == 0:
            self._set_all_in(p, True)
        if ev.action == "fold":
            self._fold_player(p)
        elif ev.action in ("bet", "raise"):
            increment = ev.to - self.current_bet
            if ev.full:
                self.last_full_raise = max(self.last_full_raise, increment)
                self.full_raise_seq += 1
            self.current_bet = max(self.current_bet, ev.to)
            self.last_aggressor = ev.seat
        p.acted = True
        p.raise_seq_seen = self.full_raise_seq
        p.matched_at_action = min(self.current_bet, p.bet) if ev.action != "fold" else p.bet
        self._next_to_act(ev.seat)

    def _needs_to_act(self, p: PlayerState) -> bool:
        return p.can_act and (not p.acted or p.bet < self.current_bet)

    def _lone_able(self) -> PlayerState:
        """The one player who may still act (when `_able_count` is 1)."""
        return next(p for p in self.players.values() if p.can_act)

    def _next_to_act(self, after: int) -> None:
        self.to_act = None
        if self._live_count <= 1:
            return
        able = self._able_count
        if able == 1 and self._lone_able().bet >= self.current_bet:
            self.betting_over = True
            return
        if not able:
            self.betting_over = True
            return
        self._seek_to_act(after)

    def _seek_to_act(self, after: int) -> None:
        """The first player clockwise after `after` (ending with `after` himself) who still
        has to act; if nobody, the round is complete."""
        ring = self._rings.get(after)
        if ring is None:
            # `after` is an empty seat (a dead button): the players clockwise from it.
            ring = [self.players[s] for s in
                    seats_from_left_of(after, list(self.players), self.table_size)]
        current_bet = self.current_bet
        for p in ring:
            if not p.folded and not p.all_in and (not p.acted or p.bet < current_bet):
                self.to_act = p.seat
                return
        # The round is complete. If at most one player still has chips, betting is over.
        if sum(1 for p in self.players.values() if p.live and p.can_act) <= 1:
            self.betting_over = True

    def _recheck_round(self) -> None:
        if self.to_act is None and self._started_betting and not self.is_over:
            return
        if self._live_count <= 1:
            self.to_act = None


# What `_apply` does for each event type.
_APPLY: dict[type[Event], Callable[[Hand, Any], None]] = {
    HandStarted: Hand._apply_started,
    Posted: Hand._apply_posted,
    HoleCardsDealt: Hand._apply_dealt,
    Acted: Hand._apply_acted,
    StreetDealt: Hand._apply_street,
    Ruling: Hand._apply_ruling,
    UncalledReturned: Hand._apply_uncalled,
    BetsCollected: Hand._apply_collected,
    ShowdownStarted: Hand._apply_showdown,
    HandKilled: Hand._apply_killed,
    Shown: Hand._apply_shown,
    ShowRequested: Hand._apply_show_requested,
    Mucked: Hand._apply_mucked,
    PotAwarded: Hand._apply_awarded,
    HandEnded: Hand._apply_ended,
}


# ---------------------------------------------------------------------- helpers

# Profiles are immutable, so every hand may share one: building one checks every knob.
_DEFAULT_PROFILE = make_profile()
_PROFILES: dict[str, Profile] = {}


def _profile_from_dict(data: dict[str, Any]) -> Profile:
    """`Profile.from_dict`, remembered: the hands of a league all carry the same few."""
    key = repr(data)  # names, knob names and values are plain str, int and bool
    profile = _PROFILES.get(key)
    if profile is None:
        profile = Profile.from_dict(data)
        if len(_PROFILES) < 256:
            _PROFILES[key] = profile
    return profile


def _ruling(rule_id: HandRuleId, seat: int | None, amounts: dict[str, int] | None = None,
            seats: tuple[int, ...] = ()) -> Ruling:
    """A ruling of the engine's own: `HandRuleId` keeps its rule ids to the known set."""
    return Ruling(rule_id, seat, amounts or {}, seats)


def default_blind_seats(
    button: int, seats: Sequence[int], table_size: int
) -> tuple[int | None, int]:
    """Small blind left of the button and big blind left of it; heads-up, the button posts
    the small blind."""
    order = seats_from_left_of(button, seats, table_size)
    if len(order) == 2:
        # order[-1] is the button itself when it is occupied.
        btn = button if button in seats else order[-1]
        other = order[0] if order[0] != btn else order[1]
        return btn, other
    return order[0], order[1]


def _streets_dealt(board: Sequence[str]) -> tuple[BoardStreet, ...]:
    n = len(board)
    return BOARD_STREETS[: (0 if n < 3 else 1 if n == 3 else 2 if n == 4 else 3)]


def _check_amount(amount: object) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise BadAmount(f"{amount!r} is not an amount: amounts are whole numbers of chips.")
    if amount <= 0:
        raise BadAmount("An amount must be a whole number of chips above zero.")


def _check_config(config: HandConfig) -> None:
    seats = [s.seat for s in config.seats]
    if not 2 <= len(seats) <= 10:
        raise IllegalAction("A hand needs 2 to 10 players.")
    if len(set(seats)) != len(seats):
        raise IllegalAction("Two players cannot share a seat.")
    if any(not 1 <= s <= config.table_size for s in seats):
        raise IllegalAction(f"Seats are numbered 1 to {config.table_size}.")
    if any(s.stack <= 0 for s in config.seats):
        raise IllegalAction("Every player in a hand needs chips.")
    if isinstance(config.chip_unit, bool) or not isinstance(config.chip_unit, int) \
            or config.chip_unit <= 0:
        raise IllegalAction("The smallest chip in play must be a whole number above zero.")
    if config.big_blind <= 0 or config.small_blind < 0 or config.ante < 0:
        raise IllegalAction("Blinds must be positive and the ante not negative.")
    if config.big_blind_seat is not None and config.big_blind_seat not in seats:
        raise IllegalAction("The big blind must be a seated player.")
    if config.small_blind_seat is not None and config.small_blind_seat not in seats:
        raise IllegalAction("The small blind must be a seated player (or none).")
