"""The words of a deal (bot/discord_ui/presenter/deals.py): the proposal's table with every
method's share, the prize each player has locked up beside them, a warning when a share is
below it, and the table's rows in one order as the answers come in."""

from __future__ import annotations

from bot.discord_ui.presenter.deals import deal_made_text, proposal_text
from bot.tournament import events as tev
from bot.tournament.deal import propose

T0 = 1_700_000_000.0
NAMES = {"1": "Ann", "2": "Bob", "3": "Cat", "4": "Dan"}


def proposed(method: tev.DealMethod = "chip_chop", keep: int = 0,
             seats: tuple[str, ...] = ("1", "2", "3", "4")) -> tev.DealProposed:
    stacks = {"1": 20_000, "2": 100_000, "3": 120_000, "4": 160_000}
    p = propose([(s, stacks[s]) for s in seats], [400, 220, 145, 55], keep=keep)
    return tev.DealProposed(1, "td", method, keep, seats, dict(p.stacks), p.payouts,
                            p.icm.as_dict(), p.chip_chop.as_dict(), T0 + 300, T0,
                            chip_chop_min=p.chip_chop_min.as_dict())


def table_rows(text: str) -> list[str]:
    return text.split("```")[1].strip("\n").split("\n")


def test_each_share_stands_beside_the_locked_up_prize_and_a_share_below_it_is_flagged() -> None:
    text = proposal_text(proposed("chip_chop"), NAMES)
    assert ("Locked up: **55** each (4th prize): nobody still in can finish lower. **lock+** "
            "pays it first, the rest by chips.") in text
    head, *rows = table_rows(text)
    assert head.split() == ["chips", "ICM", "chop", "lock+"]
    ann = next(r for r in rows if "Ann" in r)
    assert ann.split()[1:] == ["20,000", "95", "41!", "85"]
    assert "! less than the 55 locked up" in text
    assert ("⚠️ The proposed split (chip chop) pays Ann 41, less than the 55 every player has "
            "locked up: `method:chip_chop_min` pays it first.") in text


def test_a_chip_chop_min_proposal_has_no_warning_and_the_deal_names_its_method() -> None:
    p = proposed("chip_chop_min")
    text = proposal_text(p, NAMES)
    assert "⚠️" not in text and "the proposed split is the **lock+** column" in text
    made = tev.DealMade(1, "chip_chop_min", p.chip_chop_min, 0, T0 + 10)
    assert deal_made_text(made, NAMES, paused=False, order=p.players).startswith(
        "🤝 **Deal made** (chip chop over the locked-up prize): Dan 295, Cat 235, Bob 205, "
        "Ann 85.")


def test_the_rows_keep_one_order_by_stack_as_the_answers_come_in() -> None:
    p = proposed("icm", seats=("3", "1", "4", "2"))  # seat order: Cat, Ann, Dan, Bob
    orders = []
    for accepted in ((), ("1",), ("1", "4"), ("1", "4", "2")):
        rows = table_rows(proposal_text(p, NAMES, accepted=set(accepted), live=True))[1:]
        orders.append([row[1:].split()[0] for row in rows])
    assert orders == [["Dan", "Cat", "Bob", "Ann"]] * 4
