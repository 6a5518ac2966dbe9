"""The table's buttons (persistent DynamicItems), the raise modal, and the play helpers that
buttons and slash commands share (find the tournament, the player's seat, run a command).

custom_id template: `hp:<act>:<hand id>:<event count>` (≤ 100 characters). The hand id and
the number of the hand's events pin the moment a button was drawn for: a click from an earlier
moment (the action moved on, the hand ended) answers "that moment has passed" and changes
nothing. Because the template carries everything, the buttons keep working after a restart
(`bot.add_dynamic_items(PlayButton)` in setup_hook).

Acts: f fold, c check/call, r raise (modal), a all-in, m my cards, s show my cards (after the
hand), h agree to a rabbit hunt (after the hand).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.app import UserFacingError
from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand
from bot.presenter import action_view_state, hole_cards_text, safe_name
from bot.presenter.rulings import chips
from bot.service import Outcome, Session
from bot.tournament.errors import TournamentError

if TYPE_CHECKING:
    from bot.app import LeagueBot

log = logging.getLogger(__name__)

HAND_ID = r"\d+-t\d+-h\d+"
TEMPLATE = rf"hp:(?P<act>[fcramsh]):(?P<hand>{HAND_ID}):(?P<n>\d+)"
PASSED = "That moment has passed: the table has moved on. Use the latest table message."
PLAY_ACTS = "fcra"


class Refusal(UserFacingError):
    """A refusal shown privately to the user; nothing changed."""


# ---------------------------------------------------------------------- lookups


def tournament_of_hand(hand_id: str) -> int:
    return int(hand_id.split("-t", 1)[0])


def channel_key(channel: Any) -> int | None:
    """The channel a tournament is bound to: a thread's parent, else the channel itself."""
    if channel is None:
        return None
    if isinstance(channel, discord.Thread):
        return channel.parent_id
    return getattr(channel, "id", None)


def session_in_channel(bot: LeagueBot, guild_id: int | None,
                       channel_id: int | None) -> Session | None:
    if guild_id is None:
        return None
    for s in bot.tournaments.unfinished_in(guild_id):
        if bot.tournaments.rows[s.store_id].channel_id == channel_id:
            return s
    return None


def find_session(bot: LeagueBot, interaction: discord.Interaction) -> Session:
    """The unfinished tournament of this channel (or of the thread's channel); else the one
    tournament of this server the user is playing in."""
    session = session_in_channel(bot, interaction.guild_id, channel_key(interaction.channel))
    if session is not None:
        return session
    if interaction.guild_id is not None:
        player = str(interaction.user.id)
        mine = [s for s in bot.tournaments.unfinished_in(interaction.guild_id)
                if player in s.tournament.players]
        if len(mine) == 1:
            return mine[0]
    raise Refusal("No tournament is running in this channel. A director or player can start "
                  "one with `/tournament create`.")


def seat_in_hand(session: Session, user_id: int) -> tuple[int, Hand, int]:
    """(table, live hand, seat) of a player dealt into the hand at his table."""
    t = session.tournament
    if t.status == "registering":
        raise Refusal("The tournament has not started yet.")
    if t.status != "running":
        raise Refusal("The tournament is over.")
    p = t.players.get(str(user_id))
    if p is None:
        raise Refusal("You are not playing in this tournament.")
    if p.status != "playing" or p.table is None:
        raise Refusal("You are out of this tournament.")
    hand = t.tables[p.table].hand
    if hand is None:
        raise Refusal("No hand is in progress at your table; the next one is dealt shortly.")
    seat = hand.seat_of(p.player)
    if seat is None:
        raise Refusal("You are not dealt into this hand; you play from the next one.")
    return p.table, hand, seat


def names_of(bot: LeagueBot, session: Session) -> dict[str, str]:
    view = bot.announcer.views.get(session.store_id)
    return view.names if view is not None else {}


def whose_turn(bot: LeagueBot, session: Session, hand: Hand) -> str:
    if hand.to_act is None:
        return "nobody is to act right now"
    player = hand.players[hand.to_act].player
    raw = names_of(bot, session).get(player)
    return f"it is {safe_name(raw) if raw else 'seat ' + str(hand.to_act)}'s turn"


async def run(session: Session, command: Callable[[Any, float], Any],
              also: Callable[[Any], Awaitable[Any]] | None = None) -> Outcome:
    """Run a tournament command; a refusal (nothing changed) becomes a Refusal whose text
    names players by their names, not their ids."""
    try:
        return await session.run(command, also=also)
    except (IllegalAction, TournamentError) as exc:
        raise Refusal(named(session, str(exc))) from None


_ID_RE = re.compile(r"\b\d{15,22}\b")


def named(session: Session, text: str) -> str:
    names: dict[str, str] = {}
    announcer_views = getattr(session, "_announcer_names", None)
    if isinstance(announcer_views, dict):
        names = announcer_views

    def sub(m: re.Match[str]) -> str:
        raw = names.get(m.group(0))
        return safe_name(raw) if raw else "that player"

    return _ID_RE.sub(sub, text)


DIRECTOR_ROLE_NAME = "tournament director"


async def is_director(bot: LeagueBot, interaction: discord.Interaction) -> bool:
    """The guild's director role (`/td role`), or a role named "Tournament Director" while
    none is set, or anyone who may manage the server."""
    member = interaction.user
    if interaction.guild_id is None or not isinstance(member, discord.Member):
        return False
    perms = member.guild_permissions
    if perms.administrator or perms.manage_guild:
        return True
    role_id = (await bot.store.guild_settings(interaction.guild_id)).director_role_id
    if role_id is not None:
        return any(r.id == role_id for r in member.roles)
    return any(r.name.casefold() == DIRECTOR_ROLE_NAME for r in member.roles)


async def require_director(bot: LeagueBot, interaction: discord.Interaction) -> None:
    if not await is_director(bot, interaction):
        raise Refusal("Only a tournament director can do that (the server's director role; "
                      "an admin sets it with `/td role`).")


async def play(bot: LeagueBot, interaction: discord.Interaction, action: str,
               amount: int | None = None, *, session: Session | None = None,
               expect: tuple[str, int] | None = None) -> str:
    """The player's action; `expect` (hand id, event count) refuses a stale button."""
    session = session or find_session(bot, interaction)
    table, hand, seat = seat_in_hand(session, interaction.user.id)
    if expect is not None and (hand.hand_id != expect[0] or len(hand.events) != expect[1]):
        raise Refusal(PASSED)
    if hand.to_act != seat:
        raise Refusal(f"Not your turn: {whose_turn(bot, session, hand)}.")
    before = len(hand.events)
    await run(session, lambda t, now: t.act(table, seat, action, amount, now=now))
    return _what_happened(hand, seat, before)


def _what_happened(hand: Hand, seat: int, before: int) -> str:
    from bot.engine.hand_events import Acted

    for e in hand.events[before:]:
        if isinstance(e, Acted) and e.seat == seat:
            if e.action in ("fold", "check"):
                return f"You {e.action}."
            if e.action == "call":
                return f"You call {chips(e.added)}" + (" (all-in)." if e.all_in else ".")
            verb = "bet" if e.action == "bet" else "raise to"
            return f"You {verb} {chips(e.to)}" + (" (all-in)." if e.all_in else ".")
    return "Done."


# ---------------------------------------------------------------------- amounts


def quick_amounts(hand: Hand) -> dict[str, int]:
    """min / half / pot / all-in as "raise to" totals for the player to act."""
    legal = hand.legal()
    assert legal is not None
    pot_after_call = hand.pot_total + legal.call_amount
    current = hand.current_bet

    def clamp(x: int) -> int:
        return max(legal.min_raise_to, min(legal.max_raise_to, x))

    return {
        "min": legal.min_raise_to,
        "half": clamp(current + pot_after_call // 2),
        "pot": clamp(current + pot_after_call),
        "all-in": legal.max_raise_to,
    }


_WORDS = {"min": "min", "minimum": "min", "half": "half", "1/2": "half", "½": "half",
          "half pot": "half", "halfpot": "half", "pot": "pot", "all-in": "all-in",
          "allin": "all-in", "all in": "all-in", "max": "all-in", "shove": "all-in"}


def parse_amount(text: str) -> int | str:
    """A whole number of chips ("1,200", "1200", "1.2k") or a word (min, half, pot, all-in)."""
    raw = text.strip().lower()
    if raw in _WORDS:
        return _WORDS[raw]
    cleaned = raw.replace(",", "").replace("_", "").replace(" ", "")
    mult = 1
    if cleaned.endswith("k"):
        cleaned, mult = cleaned[:-1], 1000
    try:
        if "." in cleaned:
            value = float(cleaned) * mult
            if value != int(value):
                raise ValueError
            number = int(value)
        else:
            number = int(cleaned) * mult
    except ValueError:
        raise Refusal(f"I could not read {safe_name(text)!s} as an amount: give a whole number "
                      "of chips (e.g. 600) or min, half, pot or all-in. Nothing was done."
                      ) from None
    if number <= 0:
        raise Refusal("An amount must be a whole number of chips above zero. Nothing was done.")
    return number


def resolve_raise(hand: Hand, text: str) -> tuple[str, int | None]:
    """The modal's text as an action: ("all_in", None) or ("raise_to", total)."""
    value = parse_amount(text)
    if isinstance(value, str):
        quick = quick_amounts(hand)
        total = quick[value]
        legal = hand.legal()
        if value == "all-in" or (legal is not None and total >= legal.max_raise_to):
            return "all_in", None
        return "raise_to", total
    return "raise_to", value


# ---------------------------------------------------------------------- the view


def custom_id(act: str, hand: Hand) -> str:
    return f"hp:{act}:{hand.hand_id}:{len(hand.events)}"


def table_view(session: Session, table: int, hand: Hand) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    state = action_view_state(hand) if not hand.is_over else None
    if state is not None:
        styles = {"fold": discord.ButtonStyle.danger, "check_call": discord.ButtonStyle.primary,
                  "raise": discord.ButtonStyle.success, "all_in": discord.ButtonStyle.secondary}
        acts = {"fold": "f", "check_call": "c", "raise": "r", "all_in": "a"}
        for b in state.buttons:
            view.add_item(PlayButton(custom_id(acts[b.key], hand), b.label, styles[b.key],
                                     b.disabled))
    view.add_item(PlayButton(custom_id("m", hand), "My cards", discord.ButtonStyle.secondary))
    if hand.is_over:
        view.add_item(PlayButton(custom_id("s", hand), "Show my cards",
                                 discord.ButtonStyle.secondary))
        if session.tournament.profile.rabbit_hunt and hand.rabbit_cards():
            view.add_item(PlayButton(custom_id("h", hand), "Rabbit hunt?",
                                     discord.ButtonStyle.secondary))
    return view


async def private(interaction: discord.Interaction, text: str) -> None:
    from bot.app import send_private

    await send_private(interaction, text)


class PlayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    def __init__(self, cid: str, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=cid,
                                           disabled=disabled))
        m = re.fullmatch(TEMPLATE, cid)
        assert m is not None
        self.act = m["act"]
        self.hand_id = m["hand"]
        self.count = int(m["n"])

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: re.Match[str], /) -> PlayButton:
        return cls(item.custom_id or "", item.label or "…")

    def _session(self, bot: LeagueBot) -> Session:
        session = bot.tournaments.get(tournament_of_hand(self.hand_id))
        if session is None:
            raise Refusal("That tournament is over or was cancelled.")
        return session

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Only the player to act may press a play button (RoboDanny-style check)."""
        if self.act not in PLAY_ACTS:
            return True
        bot: LeagueBot = interaction.client  # type: ignore[assignment]
        try:
            session = self._session(bot)
            table, hand, seat = seat_in_hand(session, interaction.user.id)
            if hand.hand_id != self.hand_id or len(hand.events) != self.count:
                raise Refusal(PASSED)
            if hand.to_act != seat:
                raise Refusal(f"Not your turn: {whose_turn(bot, session, hand)}.")
        except Refusal as exc:
            await private(interaction, str(exc))
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: LeagueBot = interaction.client  # type: ignore[assignment]
        try:
            await self._dispatch(bot, interaction)
        except Refusal as exc:
            await private(interaction, str(exc))
        except Exception:
            log.exception("button %s failed", self.item.custom_id)
            await private(interaction, "Sorry, something went wrong with that button; it has "
                          f"been logged (reference `{interaction.id}`).")

    async def _dispatch(self, bot: LeagueBot, interaction: discord.Interaction) -> None:
        session = self._session(bot)
        expect = (self.hand_id, self.count)
        if self.act == "m":
            await interaction.response.send_message(
                my_cards_text(session, interaction.user.id), ephemeral=True)
        elif self.act == "r":
            table, hand, seat = seat_in_hand(session, interaction.user.id)
            await interaction.response.send_modal(RaiseModal(session, hand))
        elif self.act in "fca":
            action = {"f": "fold", "c": "check_or_call", "a": "all_in"}[self.act]
            # Answer at once (deferred update): the table message edit is the visible reply.
            await interaction.response.defer()
            await play(bot, interaction, action, session=session, expect=expect)
        elif self.act == "s":
            await interaction.response.defer(ephemeral=True, thinking=True)
            text = await show_cards(bot, session, interaction.user.id, None, self.hand_id)
            await interaction.followup.send(text, ephemeral=True)
        elif self.act == "h":
            await interaction.response.defer(ephemeral=True, thinking=True)
            text = await agree_rabbit(bot, session, interaction.user.id, self.hand_id)
            await interaction.followup.send(text, ephemeral=True)


class RaiseModal(discord.ui.Modal):
    def __init__(self, session: Session, hand: Hand) -> None:
        super().__init__(title=f"Raise — hand {hand.hand_id}"[:45], timeout=600,
                         custom_id=f"hpm:{hand.hand_id}:{len(hand.events)}")
        self.session = session
        self.hand_id = hand.hand_id
        self.count = len(hand.events)
        q = quick_amounts(hand)
        legal = hand.legal()
        verb = "Raise to" if legal is not None and legal.facing_bet else "Bet"
        self.amount: discord.ui.TextInput[RaiseModal] = discord.ui.TextInput(
            label=f"{verb}: a number, min, half, pot or all-in"[:45],
            custom_id="amount",
            default=str(q["min"]),
            placeholder=(f"min {chips(q['min'])} · ½ pot {chips(q['half'])} · pot "
                         f"{chips(q['pot'])} · all-in {chips(q['all-in'])}")[:100],
            max_length=20,
        )
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        bot: LeagueBot = interaction.client  # type: ignore[assignment]
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table, hand, seat = seat_in_hand(self.session, interaction.user.id)
            if hand.hand_id != self.hand_id or len(hand.events) != self.count:
                raise Refusal(PASSED)
            action, amount = resolve_raise(hand, self.amount.value)
            text = await play(bot, interaction, action, amount, session=self.session,
                              expect=(self.hand_id, self.count))
        except Refusal as exc:
            text = str(exc)
        await interaction.followup.send(text, ephemeral=True)

    async def on_error(self, interaction: discord.Interaction, error: Exception, /) -> None:
        log.exception("raise modal failed", exc_info=error)
        await private(interaction, f"Sorry, something went wrong (reference `{interaction.id}`).")


# ---------------------------------------------------------------------- shared answers


def my_cards_text(session: Session, user_id: int) -> str:
    t = session.tournament
    player = str(user_id)
    p = t.players.get(player)
    if p is None:
        return "You are not playing in this tournament."
    if p.table is None or p.table not in t.tables:
        return "You have no cards: you are not seated."
    ts = t.tables[p.table]
    for hand in (ts.hand, ts.last_hand):
        if hand is not None:
            seat = hand.seat_of(player)
            if seat is not None:
                text = hole_cards_text(hand, seat)
                return text if hand is ts.hand else f"(last hand) {text}"
    return "You are not dealt into a hand right now; your cards come with the next deal."


async def show_cards(bot: LeagueBot, session: Session, user_id: int,
                     cards: list[str] | None, hand_id: str | None = None) -> str:
    t = session.tournament
    p = t.players.get(str(user_id))
    if p is None or p.table is None:
        raise Refusal("You are not seated in this tournament.")
    ts = t.tables[p.table]
    if hand_id is not None and (ts.last_hand is None or ts.last_hand.hand_id != hand_id):
        raise Refusal(PASSED)
    await run(session, lambda tt, now: tt.show_cards(p.table, str(user_id), cards, now))
    return "Shown to the table."


async def agree_rabbit(bot: LeagueBot, session: Session, user_id: int,
                       hand_id: str | None = None) -> str:
    t = session.tournament
    p = t.players.get(str(user_id))
    if p is None or p.table is None:
        raise Refusal("You are not seated in this tournament.")
    ts = t.tables[p.table]
    if hand_id is not None and (ts.last_hand is None or ts.last_hand.hand_id != hand_id):
        raise Refusal(PASSED)
    if ts.last_hand is None:
        raise Refusal("A rabbit hunt is asked after a hand, before the next one starts.")
    await run(session, lambda tt, now: tt.agree_rabbit_hunt(p.table, str(user_id), now))
    ts = session.tournament.tables[p.table]
    if ts.rabbit_done:
        return "Everyone agreed: the rabbit is hunted."
    hand = ts.last_hand
    assert hand is not None
    waiting = len({hand.player(s).player for s in hand.players_in_hand} - ts.rabbit_agreed)
    return f"Agreed. Waiting for {waiting} more player(s) of the hand to agree."


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (PlayButton,)
