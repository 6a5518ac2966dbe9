"""Questions about a called clock: the seconds `/rule` states are those the director runs once
the clock is called (the call, the countdown posted, the end), under each profile and a league's
own numbers; a time the answer cannot account for gets no number."""

from __future__ import annotations

import pytest

from bot.engine.profile import PROFILE_NAMES, Profile, make_profile
from bot.rulebook import Rulebook, load_rulebook
from bot.tournament import events as tev

from .test_truth import CLOCK_AFTER_SECONDS, T0, _tournament

PROFILES = [make_profile(name) for name in PROFILE_NAMES] + [
    make_profile("treps", clock_seconds=90),
    make_profile("tda", clock_seconds=20, clock_countdown_seconds=10),
]


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


def _called(profile: Profile) -> tev.ClockCalled:
    """The clock the director runs when it is called on the player to act."""
    t = _tournament(profile)
    hand = t.start_hand(1, "deal", T0)
    legal = hand.legal()
    assert legal is not None
    caller = next(p for s, p in t.tables[1].seats.items() if s != legal.seat)
    (called,) = [e for e in t.call_clock(1, caller, T0 + CLOCK_AFTER_SECONDS)
                 if isinstance(e, tev.ClockCalled)]
    return called


def _figures(book: Rulebook, query: str, profile: Profile) -> tuple[int, ...] | None:
    answer = book.answer(query, profile=profile)
    if answer.worked is None:
        return None
    assert answer.kind == "confident" and answer.rule is not None, query
    assert answer.rule.id == "clock", query
    return answer.worked.figures


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: repr(p.overrides or p.name))
def test_the_countdown_asked(book: Rulebook, profile: Profile) -> None:
    """"How long is the countdown": the seconds counted down before the end, not the whole."""
    called = _called(profile)
    counted = round(called.expires_at - called.countdown_at)
    assert counted == len(called.countdown)
    for query in ("how long is the countdown once the clock is called",
                  "on the clock how many seconds is the final countdown",
                  "clock is on him, how long is the count down at the end"):
        assert _figures(book, query, profile) == (counted,), query


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: repr(p.overrides or p.name))
def test_when_the_countdown_starts(book: Rulebook, profile: Profile) -> None:
    called = _called(profile)
    start = round(called.countdown_at - called.at)
    for query in ("clock called, how long before the countdown starts",
                  "when does the countdown start on the clock, how many secs in",
                  "clock: after how many seconds does the countdown start"):
        assert _figures(book, query, profile) == (start,), query


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: repr(p.overrides or p.name))
def test_the_whole_clock(book: Rulebook, profile: Profile) -> None:
    """The time from the call to the end, asked with typos, a seat number or the time the
    countdown starts given."""
    called = _called(profile)
    total = round(called.expires_at - called.at)
    start = round(called.countdown_at - called.at)
    for query in ("clock on seat 7, how many secnds total does he get",
                  "someone called time on me, how many seconds do i get",
                  f"on the clock is the countdown after {start} seconds? how long in total",
                  "how many seconds in all once the clock is called",
                  f"after {start} secs on the clock, how long in total"):
        assert _figures(book, query, profile) == (total,), query


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: repr(p.overrides or p.name))
def test_two_times_offered(book: Rulebook, profile: Profile) -> None:
    """"Is the clock 1 min or 30 sec": answered where one of them is the clock; where neither
    is, no number (the question may be about some other time)."""
    called = _called(profile)
    total = round(called.expires_at - called.at)
    offered = {60: "1 min", 30: "30 sec", 90: "90 secs", 20: "20 s"}
    other = "45 sec"
    if total in offered:
        assert _figures(book, f"is the clock {offered[total]} or {other}?", profile) == (total,)
        assert _figures(book, f"is the clock {other} or {offered[total]}??", profile) == (total,)
    assert _figures(book, "is the clock 45 sec or 2 min", profile) is None
    counted = round(called.expires_at - called.countdown_at)
    assert _figures(book, f"clock: how long is the countdown at the end? {counted} or "
                          f"{counted + 7} seconds", profile) == (counted,)
    assert _figures(book, f"clock: how long is the countdown at the end? {counted + 7} or "
                          f"{counted + 9} seconds", profile) is None


@pytest.mark.parametrize("query", [
    "clock was called 40 seconds ago, how long does he have left",
    "how long can a player tank before we call the clock",
    "how many seconds before someone can call the clock on me",
    "how long is the level clock",
    "how many minutes left on the blind clock",
    "guy tanks 3 min every hand, can we put a clock on him",
    "how long is a level on the clock",
    "how many minutes left on the clock before the break",
    "how long is the shot clock",
    "how long is the countdown before i get marked away",
    "how long is the countdown on my time bank",
])
@pytest.mark.parametrize("profile", PROFILES[:3], ids=lambda p: p.name)
def test_no_number_where_the_clock_does_not_give_it(book: Rulebook, query: str,
                                                    profile: Profile) -> None:
    answer = book.answer(query, profile=profile)
    assert answer.worked is None or answer.worked.kind != "clock", query
