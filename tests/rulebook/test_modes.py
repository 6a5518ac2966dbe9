"""Every rule text, under every profile and in both modes, says what the code does.

A rule is read "At the table" (the live rule as the league's rulebook states it, or, where that
rulebook is silent, what the league plays instead and that it is silent) and "In this bot",
which follows the tournament's mode: what the bot does online, or at a live night (real cards
and chips: the bot is the clock, the seat draw and the bust desk). Each claim the code can
check is checked against the engine and the director here; which commands work in which mode
is checked in SimCord (tests/discord/test_rules.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from bot.engine.errors import BelowCall
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import Acted
from bot.engine.profile import PROFILE_NAMES, Profile, make_profile
from bot.rulebook import Rule, Rulebook, load_rulebook
from bot.rulebook.loader import MODES, Mode, _citation_source, silent_note
from bot.tournament import events as tev
from bot.tournament.clock import clock_timing
from bot.tournament.errors import TournamentError
from bot.tournament.payouts import load_payout_table
from bot.tournament.structure import Level, Structure
from bot.tournament.tournament import Tournament, TournamentConfig

from .commands_by_mode import LIVE_ONLY, LIVE_ONLY_FORMS, ONLINE_ONLY, mentions

T0 = 1_000.0
PROFILES = [make_profile(name) for name in PROFILE_NAMES]
# Leagues that change knobs read the rules they play.
OVERRIDDEN = [
    make_profile("treps", clock_seconds=90, rabbit_hunt=False),
    make_profile("tavern", make_it="fifty_percent", short_declared_raise="minimum"),
    make_profile("tda", away="fold", blinds_after_elimination="moving_button"),
]
EVERY = PROFILES + OVERRIDDEN

# What the bot does not do at a live night: deal, shuffle, act in hands, show a table message.
ONLINE_DEEDS = re.compile(
    r"\bthe bot (deals(?! no)|shuffles|burns|folds|checks for|turns|reads every|mucks|posts the "
    r"blinds|takes the antes|splits (every|each|the) pot|builds the pots|returns)|"
    r"\btable message\b|"
    r"\b(Raise|Call|Fold|Check|Bet|All-in|Show my cards|Rabbit hunt) button|hole cards go",
    re.IGNORECASE,
)
# The rules the bot takes part in at a live night: each has its own live text.
LIVE_DESK = ("action-time", "clock", "table-presence", "button-draw", "first-dealer",
             "blind-levels", "same-hand-eliminations", "chip-race", "table-balancing",
             "breaking-tables", "final-table", "late-registration", "rebuys", "payouts",
             "stack-adjustment", "director-decision", "penalty", "disqualification", "misdeal")


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


def every_text(book: Rulebook) -> Iterator[tuple[Rule, Profile, Mode]]:
    for rule in book.all():
        for profile in EVERY:
            for mode in MODES:
                yield rule, profile, mode


def _id(profile: Profile) -> str:
    return repr(profile.overrides or profile.name)


# --- every text, whole ----------------------------------------------------------------------


def test_every_text_is_whole_under_every_profile_and_mode(book: Rulebook) -> None:
    seen = 0
    for rule, profile, mode in every_text(book):
        text = rule.text_for(profile, mode)
        assert "{" not in text and "}" not in text, (rule.id, profile, mode)
        assert len(rule.table_for(profile)) <= 1024, (rule.id, profile.name)
        assert len(rule.bot_for(profile, mode)) <= 1024, (rule.id, profile.name, mode)
        assert rule.table_for(profile) != rule.bot_for(profile, mode), rule.id
        seen += 1
    assert seen == len(book) * len(EVERY) * 2


def test_at_the_table_names_no_command(book: Rulebook) -> None:
    """The live rule is the rulebook's, for any table: it sends nobody to the bot."""
    for rule in book.all():
        for profile in [None, *EVERY]:
            assert mentions(rule.table_for(profile)) == [], rule.id


@pytest.mark.parametrize("mode", MODES)
def test_texts_send_players_only_to_commands_that_work_in_their_mode(
        book: Rulebook, mode: Mode) -> None:
    """A command of the other mode is named only to say that it is refused."""
    wrong = ONLINE_ONLY if mode == "live" else LIVE_ONLY
    named = set()
    for rule in book.all():
        for profile in [None, *EVERY]:
            for sentence in re.split(r"(?<=[.;:])\s+(?=[A-Z/])", rule.bot_for(profile, mode)):
                for command, option in mentions(sentence):
                    named.add(command)
                    if command in wrong:
                        assert "refused" in sentence, (rule.id, mode, command, sentence)
                    if mode == "online":
                        assert (command, option) not in LIVE_ONLY_FORMS, (rule.id, command)
                    elif command == "clock":
                        assert option == "player", (rule.id, "the live clock: /clock player:")
    # not vacuous: each mode's texts do send players to that mode's own commands
    assert named & (LIVE_ONLY if mode == "live" else ONLINE_ONLY)


def test_live_texts_claim_nothing_the_bot_does_only_online(book: Rulebook) -> None:
    for rule in book.all():
        for profile in [None, *EVERY]:
            text = rule.bot_for(profile, "live")
            assert not ONLINE_DEEDS.search(text), (rule.id, ONLINE_DEEDS.search(text))
    # the pattern is not vacuous: online texts do say these things
    online = " ".join(r.bot_for(make_profile("tda")) for r in book.all())
    assert len(ONLINE_DEEDS.findall(online)) >= 10


@pytest.mark.parametrize("rule_id", LIVE_DESK)
def test_rules_the_bot_plays_at_a_live_night_say_how(book: Rulebook, rule_id: str) -> None:
    rule = book.get(rule_id)
    assert rule.live is not None or rule.both_modes, rule_id
    assert rule.bot_for(make_profile("tda"), "live") != rule.bot_for(make_profile("tda"))


def test_the_heading_says_which_bot(book: Rulebook) -> None:
    rule = book.get("table-balancing")
    assert "**In this bot**\n" in rule.text_for(make_profile("tda"))
    assert "**In this bot, at a live night**\n" in rule.text_for(make_profile("tda"), "live")


# --- silences -------------------------------------------------------------------------------


def test_a_silent_rulebook_is_said_so_and_not_cited(book: Rulebook) -> None:
    """Tavern texts do not present TDA defaults as Tavern's rules."""
    silent = [r for r in book.all() if r.silent]
    assert {"sb-eliminated", "bb-eliminated", "dead-button"} <= {r.id for r in silent}
    for rule in silent:
        for name in rule.silent:
            profile = make_profile(name)
            assert rule.table_for(profile).startswith(silent_note(name)), rule.id
            cites = rule.follows_for(profile)
            assert all(_citation_source(c) != name for c in cites), (rule.id, cites)
    for rule in book.all():
        for profile in PROFILES:
            if profile.name not in rule.silent:
                assert not rule.table_for(profile).startswith("("), rule.id


def test_first_ace_says_what_the_tavern_rules_leave_open(book: Rulebook) -> None:
    tavern = make_profile("tavern")
    for rule_id in ("button-draw", "first-dealer"):
        text = book.get(rule_id).table_for(tavern)
        assert "Tavern rules" in text and "seat drawn at random" in text, rule_id
        assert "face up from a seat chosen at random" not in text


def test_hand_rankings_cite_no_killing_winning_hand(book: Rulebook) -> None:
    assert "TREPS: Killing Winning Hand" not in book.get("hand-rankings").follows
    assert "TREPS: Killing Winning Hand" in book.get("winning-hand-shown").follows


# --- claims about betting, against the engine -----------------------------------------------


def _hand(profile: Profile) -> Hand:
    seats = (Seat(1, "a", 5000), Seat(2, "b", 5000), Seat(3, "c", 5000))
    return Hand.start(HandConfig("1-t1-h1", seats, 1, 100, 200, deck_seed="x", profile=profile))


@pytest.mark.parametrize("profile", EVERY, ids=_id)
def test_a_short_declared_raise_is_what_the_texts_say(book: Rulebook, profile: Profile) -> None:
    """`verbal-declaration` said "raise at least the minimum" under every profile; under
    tavern a short declared raise is read as "make it" and becomes a call."""
    hand = _hand(profile)
    legal = hand.legal()
    assert legal is not None and legal.min_raise_to == 400
    acted = [e for e in hand.raise_to(legal.seat, 300) if isinstance(e, Acted)]
    (action,) = acted
    verbal = book.get("verbal-declaration").table_for(profile)
    declared = book.get("declared-raise").table_for(profile)
    if profile.short_declared_raise == "minimum":
        assert (action.action, action.to) == ("raise", 400)
        assert "must raise at least the minimum" in verbal
        assert "held to the minimum raise" in declared
    else:
        assert action.action == "call"
        assert "must raise at least the minimum" not in verbal
        assert "not to the minimum raise" in verbal and "call" in verbal
        assert "call" in declared


@pytest.mark.parametrize("profile", PROFILES, ids=_id)
def test_an_amount_equal_to_the_bet_is_a_call_and_below_it_is_refused(
        book: Rulebook, profile: Profile) -> None:
    """`below-call` said an amount that does not go past the bet is refused, but /bet 800
    facing 800 is taken as a call."""
    hand = _hand(profile)
    legal = hand.legal()
    assert legal is not None
    with pytest.raises(BelowCall):
        hand.make_it(legal.seat, 100)
    (action,) = [e for e in hand.make_it(legal.seat, 200) if isinstance(e, Acted)]
    assert action.action == "call"
    text = book.get("below-call").bot_for(profile)
    assert "An amount below the bet you face is refused" in text
    assert "An amount equal to the bet is a call" in text and "/bet 800 calls" in text
    assert "does not go past the bet is refused" not in text


# --- claims about the tournament, online and live -------------------------------------------


def _tournament(profile: Profile, mode: Mode, players: int = 4, seats: int = 9,
                tid: str = "7") -> Tournament:
    structure = Structure(name="test", periods=(Level(25, 50, 0, 600), Level(100, 200, 0, 600)),
                          starting_stack=1000, chips=(25, 100))
    config = TournamentConfig(profile, structure, load_payout_table("standard"),
                              seats_per_table=seats, mode=mode)
    t = Tournament.create(tid, config, T0)
    for i in range(players):
        t.register(f"p{i}", T0)
    t.start(f"seed-{tid}", T0)
    return t


def test_td_adjust_works_online_and_is_refused_live_as_the_texts_say(book: Rulebook) -> None:
    profile = make_profile("tda")
    online = _tournament(profile, "online")
    online.adjust_stack("p1", 1500, "td", "miscount", T0)
    assert online.players["p1"].stack == 1500
    live = _tournament(profile, "live")
    with pytest.raises(TournamentError, match="no[^.]*to adjust"):
        live.adjust_stack("p1", 1500, "td", "miscount", T0)
    rule = book.get("stack-adjustment")
    assert "/td adjust" in rule.bot_for(profile)
    assert "/td adjust is refused" in rule.bot_for(profile, "live")
    assert "/td adjust" in book.get("director-decision").bot_for(profile)
    assert "counted stacks, so they are refused" in (
        book.get("director-decision").bot_for(profile, "live"))


def test_the_chip_race_is_run_as_each_modes_text_says(book: Rulebook) -> None:
    profile = make_profile("treps")
    live = _tournament(profile, "live")
    with pytest.raises(TournamentError, match="odd chips"):
        live.run_chip_race("seed", T0 + 700)  # live: the players' own odd chips are needed
    raced = live.race_odd_chips({"p0": 3, "p1": 1}, T0 + 700)
    assert [e for e in raced if isinstance(e, tev.ChipRaced)]
    online = _tournament(profile, "online")
    with pytest.raises(TournamentError, match="not a live tournament"):
        online.race_odd_chips({"p0": 3}, T0 + 700)
    rule = book.get("chip-race")
    assert "races the chips off itself" in rule.bot_for(profile)
    assert "/td chiprace counts:" in rule.bot_for(profile, "live")
    # the league's reading of TREPS's "half or more" is said, with why
    card = rule.table_for(profile)
    assert '"if he has half or more"' in card and "the league reads" in card


def test_a_live_night_balances_at_random_as_its_text_says(book: Rulebook) -> None:
    """Online the player due the big blind moves; at a live night the bot has no button and
    picks the player and the seat at random."""
    moved = set()
    for n in range(12):
        t = _tournament(make_profile("tda"), "live", players=10, seats=6, tid=str(n + 1))
        first = sorted(t.tables[1].seats.values())
        events = []
        for player in first[:2]:
            events += t.bust(player, T0, recorded_by="td")
        moves = [e for e in events if isinstance(e, tev.PlayerMoved)]
        assert moves and moves[0].rule_id == "table-balancing"
        moved.add((moves[0].from_seat, moves[0].to_seat))
    assert len(moved) > 3  # not one seat the rules would name: drawn
    profile = make_profile("tda")
    rule = book.get("table-balancing")
    assert "at random" in rule.bot_for(profile, "live")
    assert "due the big blind" in rule.bot_for(profile)
    assert "due the big blind" not in rule.bot_for(profile, "live")
    assert "at random" in book.get("breaking-tables").bot_for(profile, "live")


@pytest.mark.parametrize("profile", EVERY, ids=_id)
def test_the_live_clock_runs_the_time_its_text_says(book: Rulebook, profile: Profile) -> None:
    t = _tournament(profile, "live")
    (called,) = [e for e in t.clock_player("p1", "p2", T0 + 5) if isinstance(e, tev.ClockCalled)]
    total = called.expires_at - called.at
    assert total == clock_timing(profile).expires_after
    text = book.get("clock").bot_for(profile, "live")
    assert f"{total:,.0f} seconds" in text and "/clock player:" in text
    assert f"last {profile.clock_countdown_seconds}" in text
    with pytest.raises(TournamentError, match="not a live tournament"):
        _tournament(profile, "online").clock_player("p1", "p2", T0 + 5)


def test_busts_in_one_hand_are_placed_as_the_live_text_says(book: Rulebook) -> None:
    t = _tournament(make_profile("tda"), "live", players=5)
    (first,) = [e for e in t.bust("p0", T0, recorded_by="td") if isinstance(e, tev.Eliminated)]
    (second,) = [e for e in t.bust("p1", T0, recorded_by="td") if isinstance(e, tev.Eliminated)]
    assert (first.place, second.place) == (5, 4)  # the first recorded takes the lower place
    text = book.get("same-hand-eliminations").bot_for(make_profile("tda"), "live")
    assert "each bust takes the lowest place still open" in text
    assert "record first the one who began it with fewer chips" in text


def test_no_hand_to_void_at_a_live_night(book: Rulebook) -> None:
    live = _tournament(make_profile("tavern"), "live")
    with pytest.raises(TournamentError, match="No hand|no hand"):
        live.void_hand(1, "td", "misdeal", T0)
    with pytest.raises(TournamentError, match="live tournament"):
        live.start_hand(1, "seed", T0)
    assert "/td void" in book.get("misdeal").bot_for(make_profile("tavern"))
    assert "/td void acts only on a hand dealt online, so it is refused" in (
        book.get("misdeal").bot_for(make_profile("tavern"), "live"))


# --- knob claims, against the engine ---------------------------------------------------------


@pytest.mark.parametrize("profile", EVERY, ids=_id)
def test_short_all_ins_add_up_where_the_text_says(book: Rulebook, profile: Profile) -> None:
    """Tavern example 2 (rules.md): A bets 1,000, B all-in 1,200, C calls, D all-in 2,100;
    back at A, may he raise? The text of `cumulative-all-ins` says what the engine does."""
    seats = (Seat(1, "e", 10000), Seat(2, "sb", 10000), Seat(3, "bb", 10000),
             Seat(4, "A", 10000), Seat(5, "B", 1400), Seat(6, "C", 10000), Seat(7, "D", 2300))
    hand = Hand.start(HandConfig("1-t1-h1", seats, 1, 100, 200, deck_seed="x",
                                 profile=profile))
    while hand.street == "preflop":
        legal = hand.legal()
        assert legal is not None
        hand.check_or_call(legal.seat)
    hand.check(2)
    hand.check(3)
    hand.bet(4, 1000)  # A bets 1,000
    hand.all_in(5)  # B all-in for 1,200
    hand.call(6)  # C calls
    hand.all_in(7)  # D all-in for 2,100
    for seat in (1, 2, 3):
        hand.fold(seat)
    legal = hand.legal()
    assert legal is not None and legal.seat == 4 and legal.call_amount == 1100
    rule = book.get("cumulative-all-ins")
    table, bot = rule.table_for(profile), rule.bot_for(profile)
    if legal.can_raise:
        assert "Short all-ins add up" in table and "A may fold, call or raise" in table
        assert "offers you the Raise button again" in bot
    else:
        assert "Short all-ins never add up" in table and "may only call or fold" in table
        assert "judges each all-in alone" in bot


@pytest.mark.parametrize("profile", EVERY, ids=_id)
def test_make_it_between_a_call_and_a_raise_is_what_the_text_says(
        book: Rulebook, profile: Profile) -> None:
    """At 100/200 facing a raise to 600 (min re-raise to 1,000), "make it 850" adds 250, more
    than half of 400: a raise to 1,000 under the 50% rule, else a call of 600."""
    hand = _hand(profile)
    legal = hand.legal()
    assert legal is not None
    hand.raise_to(legal.seat, 600)
    legal = hand.legal()
    assert legal is not None and legal.min_raise_to == 1000
    (action,) = [e for e in hand.make_it(legal.seat, 850) if isinstance(e, Acted)]
    make_it = book.get("make-it").table_for(profile)
    fifty = book.get("fifty-percent").table_for(profile)
    if profile.make_it == "fifty_percent":
        assert (action.action, action.to) == ("raise", 1000)
        assert '"make it 850" adds 250' in make_it and "raises to 1,000" in make_it
        assert "the 50% rule" in fifty and "does not play" not in fifty
    else:
        assert (action.action, action.to) == ("call", 600)
        assert "is a call" in make_it and "50% rule decides" not in make_it
        assert "does not play the 50% rule" in fifty
