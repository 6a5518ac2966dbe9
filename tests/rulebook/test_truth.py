"""The rule texts say what the code does: the numbers a player reads are the ones the
director plays, every rule id the code cites has a text, and the deck texts describe the proof
the engine publishes, never a revealed seed."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from bot.engine.cards import verify_proof
from bot.engine.hand_events import HandEnded, Shown, StreetDealt
from bot.engine.profile import PROFILE_NAMES, Profile, make_profile
from bot.rulebook import Rulebook, load_rulebook
from bot.service.session import RABBIT_WAIT
from bot.tournament import events as tev
from bot.tournament.blinds import Positions, next_positions
from bot.tournament.clock import clock_timing
from bot.tournament.payouts import load_payout_table
from bot.tournament.structure import Level, Structure
from bot.tournament.tournament import Tournament, TournamentConfig

REPO = Path(__file__).resolve().parents[2]
T0 = 1_000.0

PROFILES = [make_profile(name) for name in PROFILE_NAMES]
# Leagues that change a number read the number they play.
OVERRIDDEN = [
    make_profile("treps", clock_seconds=90),
    make_profile("tavern", clock_seconds=45, clock_countdown_seconds=15),
    make_profile("tda", clock_seconds=20, clock_countdown_seconds=10),
]


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


def _config_default(name: str) -> float:
    field = next(f for f in dataclasses.fields(TournamentConfig) if f.name == name)
    assert isinstance(field.default, int | float)
    return float(field.default)


ACTION_SECONDS = _config_default("action_seconds")
CLOCK_AFTER_SECONDS = _config_default("clock_after_seconds")


def _tournament(profile: Profile, players: int = 3, seats: int = 9,
                late_level: int | None = None) -> Tournament:
    structure = Structure(name="test", periods=(Level(25, 50, 0, 600), Level(50, 100, 0, 600)),
                          starting_stack=1000, chips=(25, 100), late_registration_level=late_level)
    config = TournamentConfig(profile, structure, load_payout_table("standard"),
                              seats_per_table=seats)
    t = Tournament.create("7", config, T0)
    for i in range(players):
        t.register(f"p{i}", T0)
    t.start("truth", T0)
    return t


def _seconds(n: float) -> str:
    return f"{n:,.0f} seconds"


# --- the clock ------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES + OVERRIDDEN,
                         ids=lambda p: repr(p.overrides or p.name))
def test_clock_text_states_the_times_the_director_plays(book: Rulebook, profile: Profile) -> None:
    t = _tournament(profile)
    hand = t.start_hand(1, "deal", T0)
    legal = hand.legal()
    assert legal is not None
    seats = t.tables[1].seats
    caller = next(p for s, p in seats.items() if s != legal.seat)
    (called,) = [e for e in t.call_clock(1, caller, T0 + CLOCK_AFTER_SECONDS)
                 if isinstance(e, tev.ClockCalled)]
    total = called.expires_at - called.at
    countdown_from = called.countdown_at - called.at
    timing = clock_timing(profile)
    assert (countdown_from, total) == (timing.countdown_after, timing.expires_after)
    assert total - countdown_from == profile.clock_countdown_seconds
    for rule_id in ("clock", "action-time"):
        text = book.get(rule_id).text_for(profile)
        assert _seconds(total) in text, (rule_id, text)
        assert str(profile.clock_countdown_seconds) in text
    bot = book.get("clock").bot_for(profile)
    assert _seconds(total) in bot and _seconds(CLOCK_AFTER_SECONDS) in bot
    # what happens at the deadline is what the text says
    expired = [e for e in t.tick(called.expires_at) if isinstance(e, tev.ClockExpired)]
    assert [e.expiry for e in expired] == [profile.clock_expiry]
    said = {"fold": "folds the hand", "check_or_fold": "checks for the player"}
    assert said[profile.clock_expiry] in bot


def test_clock_overview_gives_each_rulebook_numbers(book: Rulebook) -> None:
    """The overview (no league) names the TREPS and TDA clocks with the numbers played."""
    for rule_id in ("clock", "action-time"):
        overview = book.get(rule_id).table_for()
        treps, tda = make_profile("treps"), make_profile("tda")
        assert clock_timing(treps).expires_after == 60 and "one minute" in overview
        assert f"last {treps.clock_countdown_seconds} seconds" in overview
        start, total = clock_timing(tda).countdown_after, clock_timing(tda).expires_after
        assert f"{start} seconds" in overview, rule_id
        assert f"{tda.clock_countdown_seconds}-second countdown" in overview
        assert f"{total} seconds in all" in overview


def test_tavern_action_time_cites_treps_whose_numbers_it_states(book: Rulebook) -> None:
    tavern = make_profile("tavern")
    rule = book.get("action-time")
    assert "TDA 2024 Rule 29" not in rule.follows_for(tavern)
    assert _seconds(clock_timing(tavern).expires_after) in rule.text_for(tavern)
    assert rule.follows_for(make_profile("tda")) == ("TDA 2024 Rule 29",)


def test_action_time_and_away_state_the_directors_limits(book: Rulebook) -> None:
    action = book.get("action-time").bot_for(make_profile("treps"))
    assert _seconds(ACTION_SECONDS) in action and _seconds(CLOCK_AFTER_SECONDS) in action
    for profile in PROFILES:
        assert _seconds(ACTION_SECONDS) in book.get("away").bot_for(profile)
    # the director does mark a player away once that time has passed without a clock
    t = _tournament(make_profile("treps"))
    hand = t.start_hand(1, "deal", T0)
    assert hand.legal() is not None
    assert not [e for e in t.tick(T0 + ACTION_SECONDS - 1) if isinstance(e, tev.MarkedAway)]
    assert [e for e in t.tick(T0 + ACTION_SECONDS) if isinstance(e, tev.MarkedAway)]


def test_rabbit_hunt_wait_is_the_sessions(book: Rulebook) -> None:
    text = book.get("rabbit-hunt").bot_for(make_profile("treps"))
    assert _seconds(RABBIT_WAIT) in text


# --- tournament moments ------------------------------------------------------------------------


@pytest.mark.parametrize("name", PROFILE_NAMES)
def test_final_table_is_drawn_afresh_as_the_text_says(book: Rulebook, name: str) -> None:
    profile = make_profile(name)
    t = _tournament(profile, players=10, seats=6)
    assert len(t.tables) == 2
    for player in [p for p in t.players][:4]:  # four leave: the six left fit at one table
        t.disqualify(player, "td", "test", T0)
    kinds = [type(e) for e in t.events]
    assert tev.FinalTable in kinds
    after = kinds[kinds.index(tev.FinalTable):]
    assert tev.SeatsDrawn in after and tev.ButtonDrawn in after
    drawn = next(e for e in t.events if isinstance(e, tev.SeatsDrawn))
    assert drawn.method == profile.seat_draw
    text = book.get("final-table").text_for(profile)
    assert "drawn afresh" in book.get("final-table").table_for()
    assert ("card" in text) if profile.seat_draw == "by_card" else ("at random" in text)


def test_late_entry_draws_an_open_seat_at_a_shortest_table(book: Rulebook) -> None:
    text = book.get("late-registration").bot_for(make_profile("tda"))
    assert "at random among the open seats of the tables with the fewest players" in text
    t = _tournament(make_profile("tda"), players=11, seats=6, late_level=2)
    sizes = {n: len(ts.seats) for n, ts in t.tables.items()}
    (late,) = [e for e in t.register("late", T0 + 1) if isinstance(e, tev.LateRegistered)]
    assert sizes[late.table] == min(sizes.values())
    assert late.seat not in [s for s in range(1, 7) if s in t.tables[late.table].seats
                             and t.tables[late.table].seats[s] != "late"]
    assert late.stack == t.structure.starting_stack


def test_both_blinds_out_plays_as_the_text_says(book: Rulebook) -> None:
    """TREPS (moving button): both blinds out in one hand -> the next player posts the big
    blind, no small blind, the button stays; dead button: the empty seats count as seats."""
    before = Positions(button=1, small_blind_seat=2, small_blind_posted=True, big_blind_seat=3,
                       players=6)
    live = {1, 4, 5, 6}  # seats 2 and 3, the two blinds, were knocked out
    moving, _ = next_positions(before, live, 9, "moving_button")
    assert (moving.big_blind_seat, moving.posted_small_blind_seat, moving.button) == (4, None, 1)
    treps = book.get("same-hand-eliminations").table_for(make_profile("treps"))
    assert "nobody posts a small blind, and the button does not move" in treps
    dead, _ = next_positions(before, live, 9, "dead_button")
    assert (dead.big_blind_seat, dead.posted_small_blind_seat, dead.button) == (4, None, 2)
    tda = book.get("same-hand-eliminations").table_for(make_profile("tda"))
    assert "an empty small-blind seat means no small blind" in tda
    assert "an empty button seat a dead button" in tda


# --- the deck -------------------------------------------------------------------------------

DECK_RULES = ("deck-commitment", "burn-cards", "deck-changes", "rabbit-hunt", "the-cut",
              "shuffle-and-deal")
SEED_REVEALED = re.compile(
    r"(seed (is|was|will be|gets) (revealed|shown|published|posted))|"
    r"(reveal(s|ed)? the seed)|(revealed seed)|(shows? the seed)|(publish(es)? the seed)",
    re.IGNORECASE,
)


@pytest.mark.parametrize("rule_id", DECK_RULES)
def test_no_text_says_the_seed_is_revealed(book: Rulebook, rule_id: str) -> None:
    rule = book.get(rule_id)
    for text in rule.texts():
        assert not SEED_REVEALED.search(text), (rule_id, text)


def test_deck_text_describes_the_proof_the_engine_publishes(book: Rulebook) -> None:
    text = book.get("deck-commitment").bot_for(make_profile("tda"))
    assert "SHA-256" in text and "salted" in text and "never published" in text
    assert "opens" in text and "only the cards that were seen" in text
    # play a hand to a showdown: the proof opens exactly the board and the hands shown
    t = _tournament(make_profile("tda"), players=2)
    hand = t.start_hand(1, "deal", T0)
    while not hand.is_over:
        legal = hand.legal()
        assert legal is not None
        t.act(1, legal.seat, "check_or_call", now=T0)
    (ended,) = [e for e in hand.events if isinstance(e, HandEnded)]
    assert ended.deck_proof is not None and hand.commitment is not None
    opened = verify_proof(hand.commitment, ended.deck_proof)
    board = [c for e in hand.events if isinstance(e, StreetDealt) for c in e.cards]
    shown = [c for e in hand.events if isinstance(e, Shown) for c in e.cards]
    assert sorted(opened.values()) == sorted(set(board + shown))
    assert "seed" not in ended.deck_proof
    # burned cards are not opened: the board's places skip them
    assert len(opened) < 52 and set(opened) != set(range(len(opened)))


def test_online_make_it_is_bet_facing_a_bet(book: Rulebook) -> None:
    """rules.md: online "an amount sent without Raise is read by the make-it knob". The one
    Discord path that sends the engine's "make_it" is /bet while a bet faces the player, and
    the make-it texts say exactly that under every profile."""
    sources = list((REPO / "bot" / "discord_ui").rglob("*.py")) + list((REPO / "cogs").glob("*.py"))
    senders = sorted(p.name for p in sources if '"make_it"' in p.read_text(encoding="utf-8"))
    assert senders == ["parsing.py"], senders
    for profile in PROFILES:
        for rule_id in ("make-it", "fifty-percent"):
            text = book.get(rule_id).bot_for(profile)
            assert "/bet" in text and "while a bet faces you" in text, (rule_id, profile.name)
        declared = book.get("declared-raise").bot_for(profile)
        assert "/raise" in declared and "no bet to face" in declared


# --- every rule the code cites has a text ------------------------------------------------------

_RULING_CALLS = {"Ruling", "BlindRuling", "TournamentRuling"}
_ERRORS = {"IllegalAction", "NotYourTurn", "BadAmount", "BelowCall", "NotReopened", "HandOver"}
_IN_TEXT = re.compile(r"\(rule ([a-z0-9]+(?:-[a-z0-9]+)*)\)|topic:([a-z0-9]+(?:-[a-z0-9]+)*)")
_IN_REFUSAL = re.compile(r"\(([a-z0-9]+(?:-[a-z0-9]+)+)\)")


def _strings(node: ast.AST | None) -> set[str]:
    """The string constants a rule-id expression may take ("a" if x else "b" gives both)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body) | _strings(node.orelse)
    return set()


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def cited_rule_ids() -> dict[str, str]:
    """Rule id -> the file citing it, from the engine, director, service, Discord layer, cogs."""
    found: dict[str, str] = {}
    files = [*(REPO / "bot").rglob("*.py"), *(REPO / "cogs").glob("*.py")]
    for path in files:
        if "rulebook" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        ids: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = _name(node.func)
                if name in _RULING_CALLS and node.args:
                    ids |= _strings(node.args[0])
                if name in _ERRORS and len(node.args) >= 2:
                    ids |= _strings(node.args[1])
                if name == "NotAllowed":
                    for arg in ast.walk(node):
                        for s in _strings(arg):
                            ids |= set(_IN_REFUSAL.findall(s))
                for kw in node.keywords:
                    if kw.arg == "rule_id":
                        ids |= _strings(kw.value)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                if node.target.id == "rule_id":
                    ids |= _strings(node.value)
                if node.target.id.endswith("_SENTENCES") and isinstance(node.value, ast.Dict):
                    ids |= {s for k in node.value.keys for s in _strings(k)}
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                for a, b in _IN_TEXT.findall(node.value):
                    ids.add(a or b)
        for rule_id in ids - {"list"}:  # /rule topic:list is the list, not a rule
            found.setdefault(rule_id, str(path.relative_to(REPO)))
    return found


def test_the_scan_finds_the_code_rule_ids() -> None:
    """The scan is not vacuous: it sees rulings of the engine, the director and the presenter."""
    cited = cited_rule_ids()
    for rule_id in ("incomplete-all-in", "chip-unit", "sb-eliminated", "final-table", "clock",
                    "table-presence", "not-reopened", "minimum-bet"):
        assert rule_id in cited


def test_every_rule_id_the_code_cites_has_a_text(book: Rulebook) -> None:
    missing = {rid: where for rid, where in cited_rule_ids().items() if rid not in book}
    assert not missing, f"rule ids with no text in data/rules: {missing}"
