"""discord.py's rate-limit buckets, swept sparingly.

discord.py's HTTP client keeps one rate-limit bucket per route and major parameter (a channel, a
DM channel, a webhook). Each time it makes a new bucket while it holds 256 or more, it walks all
of them to drop the ones idle for five minutes (`HTTPClient._try_clear_expired_ratelimits`).
At a league network's peak one process holds a bucket per table channel and per player's DM
channel, about 7,000 at 1,000 tables, and makes a new one several times a second: each walk
then held the event loop about 7 ms (bench/night.py `--profile cprofile` at 1,000 tables: 288
walks, 2.0 s of the loop's 40 s).

`sweep_buckets_sparingly` keeps discord.py's own clean-up but runs it only when the buckets have
doubled since the last walk: the same buckets are dropped, the walks cost O(1) per new bucket
over time, and no more than twice the buckets in use are ever kept.
"""

from __future__ import annotations

from discord.http import HTTPClient

FIRST_SWEEP = 256  # discord.py's own threshold


class SparingSweep:
    """Replaces one client's `_try_clear_expired_ratelimits` (discord.py calls it when it has
    just made a bucket)."""

    def __init__(self, http: HTTPClient) -> None:
        self.http = http
        self.walk = http._try_clear_expired_ratelimits
        self.next_at = FIRST_SWEEP
        self.walks = 0

    def __call__(self) -> None:
        if len(self.http._buckets) < self.next_at:
            return
        self.walk()
        self.walks += 1
        self.next_at = max(FIRST_SWEEP, 2 * len(self.http._buckets))


def sweep_buckets_sparingly(http: HTTPClient) -> SparingSweep:
    sweep = SparingSweep(http)
    # discord.py has no setting for this: the method is replaced on this one client only.
    http._try_clear_expired_ratelimits = sweep  # type: ignore[method-assign]  # no setting for it
    return sweep
