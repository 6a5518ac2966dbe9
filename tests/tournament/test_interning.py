"""Tournaments of the same preset share one frozen structure and payout table (memory and the
collector's full passes at a league network's peak), and a shared copy nobody holds
is let go."""

from __future__ import annotations

import gc

from bot.tournament.core import TournamentConfig
from bot.tournament.interning import _SHARED
from bot.tournament.payouts import PayoutTable, load_payout_table
from bot.tournament.structure import Structure, load_structure
from tests.service.helpers import config


def test_the_same_preset_is_one_structure_and_one_payout_table() -> None:
    assert load_structure("turbo") is load_structure("turbo")
    assert load_payout_table("standard") is load_payout_table("standard")
    assert load_structure("turbo") is not load_structure("deep")
    stored = config().to_dict()  # as the store keeps a tournament's config
    a, b = TournamentConfig.from_dict(stored), TournamentConfig.from_dict(stored)
    assert a.structure is b.structure and a.payouts is b.payouts
    assert a.structure == load_structure("turbo")


def test_a_changed_structure_is_its_own_and_an_unused_one_is_let_go() -> None:
    data = load_structure("turbo").to_dict()
    data["starting_stack"] = 12_375
    mine = Structure.from_dict(data)
    assert mine.starting_stack == 12_375
    assert load_structure("turbo").starting_stack != 12_375
    table = PayoutTable.from_dict({"name": "winner takes all", "brackets": [
        {"min_players": 2, "max_players": 99, "percents": [100]}]})
    assert table.bracket_for(7).basis_points == (10_000,)
    keys = [repr(mine), repr(table)]
    assert all(k in _SHARED for k in keys)
    del mine, table
    gc.collect()
    assert not any(k in _SHARED for k in keys)
