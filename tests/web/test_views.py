"""What the room's screen is told, read without a browser: the clock's words must be true at
every moment of the night (a break that colours nothing up, a finished night after a deal)."""

from __future__ import annotations

from bot.discord_ui.presenter.screen import SCREEN_WORDS
from bot.tournament.structure import Break, Level
from bot.web.views import clock_view
from tests.tournament.helpers import T0, make, structure
from tests.tournament.test_deals import TD, _live_final
from tests.tournament.test_hand_for_hand import _on_the_bubble
from tests.tournament.test_live import live_night

# Chips 25/100/500: level 3 still needs the 25s, so the first break colours nothing up; from
# level 4 on every blind is a multiple of 100, so the second break races the 25s off.
COLOUR_UP_AT_SECOND_BREAK = structure(periods=(
    Level(25, 50, 0, 600), Level(50, 100, 0, 600), Break(300), Level(75, 150, 0, 600),
    Break(300), Level(100, 200, 0, 600), Level(200, 400, 0, 600)))


def test_the_first_break_says_no_chip_up_when_it_colours_nothing_up() -> None:
    t = make(n=3, struct=COLOUR_UP_AT_SECOND_BREAK)
    before = clock_view(t, name="n", names={}, now=T0 + 100, words=SCREEN_WORDS)
    assert before["chip_up"] is None  # the next break (the first) races nothing off
    t.tick(T0 + 1250)  # 50 s into the first break
    on_break = clock_view(t, name="n", names={}, now=T0 + 1250, words=SCREEN_WORDS)
    assert on_break["on_break"] and on_break["chip_up"] is None
    t.tick(T0 + 1600)  # level 3, the second break next
    level_3 = clock_view(t, name="n", names={}, now=T0 + 1600, words=SCREEN_WORDS)
    assert level_3["chip_up"] == {"chip": 25, "when": "break"}


def test_a_finished_night_after_a_deal_plays_for_nothing_more() -> None:
    t, stacks = _live_final()
    now = T0 + 3200
    t.propose_deal(TD, "chip_chop", now, stacks=stacks, keep=4)
    for player in stacks:
        t.answer_deal(1, player, True, TD, now + 1)
    order = sorted(stacks, key=lambda q: stacks[q])
    t.bust(order[0], now + 2, recorded_by=TD)
    running = clock_view(t, name="n", names={}, now=now + 2, words=SCREEN_WORDS)
    assert running["deal"]["played_for"] == 4
    t.bust(order[1], now + 3, recorded_by=TD)
    assert t.status == "finished"
    done = clock_view(t, name="n", names={}, now=now + 4, words=SCREEN_WORDS)
    assert done["deal"] is None or done["deal"]["played_for"] == 0
    assert [r["place"] for r in done["results"]][:3] == [1, 2, 3]


def test_hand_for_hand_and_the_bubbles_burst_are_on_the_screen() -> None:
    t = _on_the_bubble("tda")
    assert t.hand_for_hand
    view = clock_view(t, name="n", names={}, now=T0, words=SCREEN_WORDS)
    assert view["hand_for_hand"] == {"left": 5, "paid": 4}
    assert view["bubble_at"] is None
    # Live: the director's hand for hand, ended by the bust that bursts the bubble.
    live = live_night(members=6, guests=0)
    live.start("s", T0)
    paid = live.places_paid()
    while len(live.playing) > paid + 1:
        live.bust(live.playing[0], T0 + 10, recorded_by=TD)
    live.set_hand_for_hand(True, TD, T0 + 20)
    view = clock_view(live, name="n", names={}, now=T0 + 21, words=SCREEN_WORDS)
    assert view["hand_for_hand"] == {"left": paid + 1, "paid": paid}
    live.bust(live.playing[0], T0 + 30, recorded_by=TD)
    burst = clock_view(live, name="n", names={}, now=T0 + 31, words=SCREEN_WORDS)
    assert burst["hand_for_hand"] is None and burst["bubble_at"] == T0 + 30
