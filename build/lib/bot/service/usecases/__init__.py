"""Use cases: the typed calls between the Discord side (cogs, buttons, modals) and the game.

Each call takes plain values (player ids, amounts, what the sender saw), runs under the
session's lock with its checks made again there, commits, and returns the session's `Outcome`
(its `result` typed per call). Every refusal is one `Refused` (a code and fields, worded by the
presenter); whether a click is still current is decided by `still_current` alone.

- `play`: a player's actions at an online table, after-hand requests, away, the clock;
- `director`: the director's powers, and the director actions read from their events;
- `desk`: the live night's desk (busts, undo, chip race, guests, links, chips bought);
- `deals`: a deal at the final table (the proposal and its answers);
- `entries`: join, leave, start.
"""

from bot.service.usecases.current import Click, Spot, dealt_in, still_current
from bot.service.usecases.refused import Refused, Why
from bot.service.usecases.running import names_now

__all__ = ["Click", "Refused", "Spot", "Why", "dealt_in", "names_now", "still_current"]
