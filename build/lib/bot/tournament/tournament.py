"""The tournament aggregate: commands -> events -> state.

`Tournament` is one class put together from its concerns, one module each (the way pokerkit
keeps one `State`, and Red-DiscordBot builds a cog from mixins):
- core.py: the configuration, the state, the log, `_emit`, the queries (`TournamentCore`);
- flow.py: time passing (`tick`) and what follows a command (hands settled and processed,
  eliminations placed, tables balanced, the final table, the end);
- entries.py: registration, the start, re-buys and add-ons;
- online.py: the hands the bot deals and what players do in and after them;
- desk.py: the live desk (guests, busts and undo, the live chip race, the clock on a player);
- director.py: director powers, pause and resume, the bot's downtime;
- level_clock.py: the director's hand on the level clock (time, level, break);
- hand_for_hand.py: hand-for-hand on the bubble;
- deals.py: a deal at the final table (its arithmetic: deal.py);
- snapshot.py: `snapshot()` / `from_snapshot()`;
- appliers.py: one applier per event class (`_APPLIERS`), the only code that changes state;
- hand_steps.py: how each hand event replays on a `Hand`.
Adding an event: its class in events.py, its applier in appliers.py, the command that emits it
in its concern's module, its words in bot/discord_ui/presenter.

Every command checks what it may, then emits events; the appliers (`_APPLIERS`, one per event
class, as in the hand engine) are the only code that changes state, so `Tournament.replay`
rebuilds a tournament exactly, live hands included (a hand is rebuilt by dealing it from the
seed in its `HandDealt` and re-running the recorded actions). `snapshot()` writes the state as
compact plain data, and `from_snapshot` plus the events after it gives the same tournament as a
full replay. Time (`now`, absolute seconds), randomness (seed strings) and player input are all
arguments; nothing here reads a clock or a random source.

The bot drives it: `start_hand(table, seed, now)`, then `act(...)` for each player action,
`tick(now)` whenever a timer it armed fires (see `deadlines()`), director commands as they come.
A hand that ends is processed at once: stacks, eliminations and places, table moves, the end
of the tournament.

Where the rules come from: the two seed rulebooks (TREPS, Tavern) and the TDA where both are
silent, as the bot's rulebook (data/rules) states them; each module names its sections
(blinds.py, balancing.py, chip_race.py, clock.py, seating.py). Choices where the rules are
silent:
- Players eliminated in the same hand are placed by their stacks at the start of the hand
  (TDA 21; rule same-hand-eliminations). Equal starting stacks tie: they share the better
  place and split the prizes of the places they cover, so "3rd" may be held by two players and
  nobody is 4th.
- While the director has paused the event, the level clock and all action/clock timers stop and
  no new hand starts; a hand in progress may still be played out.
- A disqualified player's hand is killed at once; his chips behind leave play when the hand
  ends. He takes the place of an elimination at that moment and his prize is withheld.
- Re-buys re-enter a busted player (his place is given back and the field's places shift). A
  late entry or re-entry draws a random open seat at the tables with the fewest players (a new
  table is opened if every seat is taken) and is dealt in from the next hand, unless his seat is
  between the small blind and the button (TDA): then he waits for the button to pass.
- Under tavern, a player still away when the hand would end is folded just before the action
  that would end it (he "cannot win a pot without being there"). A hand that ends as it is
  dealt (every player all-in on the blinds) cannot be caught this way.
- The final table, formed from two or more tables, draws seats and button afresh by the
  profile's method (TREPS "The Button": a new table draws again) as soon as it is between hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from bot.engine.profile import Profile, make_profile
from bot.tournament.appliers import Appliers
from bot.tournament.core import MOVED_ON, Expectation, TournamentConfig
from bot.tournament.deals import DealMaking
from bot.tournament.desk import LiveDesk
from bot.tournament.director import DirectorPowers
from bot.tournament.entries import Entries
from bot.tournament.hand_for_hand import HandForHandPlay
from bot.tournament.level_clock import LevelClockPowers
from bot.tournament.online import OnlinePlay
from bot.tournament.payouts import PayoutTable
from bot.tournament.snapshot import Snapshots
from bot.tournament.state import Entrant, Result
from bot.tournament.structure import Structure

__all__ = ["Tournament", "TournamentConfig", "Result", "Entrant", "Expectation", "MOVED_ON",
           "new_tournament"]


class Tournament(HandForHandPlay, DealMaking, OnlinePlay, LiveDesk, DirectorPowers,
                 LevelClockPowers, Entries, Snapshots, Appliers):
    """A tournament: its public API is the union of its concerns' (see the module docstring)."""

    def snapshot(self) -> dict[str, Any]:
        out = super().snapshot()
        data = self._hand_for_hand_data()
        if data is not None:
            out["hand_for_hand"] = data
        return out

    @classmethod
    def from_snapshot(cls, config: TournamentConfig, snapshot: Mapping[str, Any]) -> Self:
        t = super().from_snapshot(config, snapshot)
        if "hand_for_hand" in snapshot:
            t._hand_for_hand_from_data(snapshot["hand_for_hand"])
        return t


def new_tournament(tournament_id: int, *, profile: str | Profile = "tda",
                   structure: Structure, payouts: PayoutTable, now: float,
                   **options: Any) -> Tournament:
    """Convenience: a tournament with a profile given by name (or a Profile)."""
    prof = make_profile(profile) if isinstance(profile, str) else profile
    return Tournament.create(
        tournament_id, TournamentConfig(prof, structure, payouts, **options), now)
