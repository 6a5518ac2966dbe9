"""What the channel and each player see of an online tournament, from committed outcomes of the
tournament service. The announcer only sends: every sentence comes from the presenter.

The service calls `Announcer.listener(session, outcome)` after every commit. One job a module,
each an object of its own, given at its construction the parts it uses (the `Announcer` holds
them all and delegates its public API to them):
- state.py: what is remembered of each tournament (`Places`: its channel, threads, table
  messages), loaded from the store after a restart, and their registry (`PlacesRegistry`:
  each tournament's lock, names and card faces);
- dms.py: hole cards by DM at every deal; a refused DM (50007) is never retried in that
  tournament, and the channel tells those players, in one post, to use `/cards` or **My cards**;
- send.py: every post, and channel trouble: a deleted channel pauses the tournament, lost
  permissions are told to the director once, a deleted thread gets a new one;
- table_edits.py: one table message per hand, edited as the hand goes (edits coalesced per
  table), a click answered by editing it in the click's own response (one request), the deck
  proof attached at the hand's end;
- threads.py: one thread per table when the tournament starts on several, and where each post
  goes when players move;
- pings.py: the idle ping, a new message mentioning only the player to act, deleted once he acts;
- facade.py: `Announcer`, which builds the parts, and the listener that shows one change in
  the order a player reads it.

Privacy: nothing here reads `PlayerState.hole` for a channel message; the presenter shows only
cards a Shown event made public, and DMs go to the card owner alone.
"""

from bot.discord_ui.announcer.facade import Announcer
from bot.discord_ui.announcer.state import (
    ClickAnswer,
    Components,
    Places,
    PlacesRegistry,
    TableMessage,
    hand_by_id,
)
from bot.discord_ui.announcer.table_edits import table_deadline

__all__ = ["Announcer", "ClickAnswer", "Components", "Places", "PlacesRegistry", "TableMessage",
           "hand_by_id", "table_deadline"]
