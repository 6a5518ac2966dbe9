"""Who pays whom after a night (or a season): few transfers, always balancing to zero.

Finding the fewest transfers is NP-hard in general (it contains subset-sum: every group of
players whose balances sum to zero can settle on its own with one transfer fewer). We use:
  1. pair off a debtor and a creditor whose amounts are exactly equal (one transfer, two
     players settled), then
  2. greedy: the largest debtor pays the largest creditor min(debt, credit).
Every transfer settles at least one player, and the last settles two, so there are never more
than (players with a non-zero balance) − 1 transfers. Amounts are ints: nothing is lost to
rounding.

When the money was collected at the door (a league's money mode `bank`), the banker
holds everything paid in and `settle_through_bank` pays each winner from it: one transfer per
player the bank owes, none among the players.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


class UnbalancedError(ValueError):
    pass


@dataclass(frozen=True)
class Transfer(Generic[K]):
    payer: K
    payee: K
    amount: int


def _order_key(item: tuple[object, int]) -> tuple[int, str]:
    # Largest amount first; then a stable order so the same balances give the same transfers.
    return (-item[1], repr(item[0]))


def settle(balances: Mapping[K, int]) -> list[Transfer[K]]:
    """Transfers that bring every balance to zero (positive: is owed; negative: owes)."""
    total = sum(balances.values())
    if total:
        raise UnbalancedError(f"balances sum to {total}, not 0")
    debt = {k: -v for k, v in balances.items() if v < 0}
    credit = {k: v for k, v in balances.items() if v > 0}
    out: list[Transfer[K]] = []
    for d, amount in sorted(debt.items(), key=_order_key):
        match = next((c for c, a in sorted(credit.items(), key=_order_key) if a == amount), None)
        if match is not None:
            out.append(Transfer(d, match, amount))
            del debt[d], credit[match]
    while debt:
        d, owed = min(debt.items(), key=_order_key)
        c, due = min(credit.items(), key=_order_key)
        amount = min(owed, due)
        out.append(Transfer(d, c, amount))
        debt[d] -= amount
        credit[c] -= amount
        if not debt[d]:
            del debt[d]
        if not credit[c]:
            del credit[c]
    return out


def settle_through_bank(owed: Mapping[K, int], bank: K) -> list[Transfer[K]]:
    """The bank's transfers after a night whose money was paid at the door: `owed` is what
    each player gets back from the bank (his prize and the bounties he won, less the bounties
    he paid); the bank pays each one owed something, and a player who owes the bank (bounties
    beyond his winnings) pays it. The banker's own amount stays in the bank (no transfer to
    himself); whatever the prizes leave of the money paid in stays with the bank too."""
    out: list[Transfer[K]] = []
    for k, amount in sorted(owed.items(), key=_order_key):
        if k == bank or amount == 0:
            continue
        out.append(Transfer(bank, k, amount) if amount > 0 else Transfer(k, bank, -amount))
    return out
