"""Playing: /fold /check /call /bet /raise /allin, /cards, /away, /back, /show, /rabbit, /clock,
/history. The same actions as the table's buttons (bot/discord_ui/player_actions.py); the
tournament decides. Thin: parse, find the tournament, call, answer privately."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.buttons import confirm_view
from bot.discord_ui.client import LeagueBot
from bot.discord_ui.files import MemoryFile
from bot.discord_ui.lookup import find_session
from bot.discord_ui.parsing import AMOUNT_CHARS, RaiseChoice, parse_hand_ref
from bot.discord_ui.player_actions import (
    agree_rabbit,
    my_cards_text,
    play,
    play_typed,
    show_cards,
)
from bot.discord_ui.presenter import player as words
from bot.discord_ui.presenter.card_dms import card_dms_saved_text
from bot.discord_ui.presenter.controls import all_in_question
from bot.discord_ui.presenter.history import hand_in_play_text, history_reply, phh_with_names
from bot.discord_ui.replies import send_private
from bot.engine.cards import CardError, parse_card
from bot.history.export import ExportError, HandInPlay, export_hand
from bot.service import Session
from bot.service.usecases import Refused, dealt_in
from bot.service.usecases import play as uc
from bot.tournament.hand_id import HandId
from bot.tournament.players import member_player

from .live import clock_on_player, live_player_autocomplete

ACTION_HINT = "Your action at the table (only when it is your turn)"
AMOUNT_HINT = "Chips, e.g. 600 or 1.5k; or min, half, pot, all-in"


class Play(commands.Cog):
    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot

    async def _act(self, interaction: discord.Interaction, action: str) -> None:
        session = find_session(self.bot, interaction)
        # Deferred first: committing and announcing may take longer than Discord's 3 s.
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await play(session, interaction.user.id, action, None)
        await send_private(interaction, text)

    async def _typed(self, interaction: discord.Interaction, text: str, action: str) -> None:
        session = find_session(self.bot, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await play_typed(session, interaction.user.id, text, action=action)
        if isinstance(result, RaiseChoice):
            hand = dealt_in(session.tournament, member_player(interaction.user.id)).hand
            legal = hand.legal()
            total = legal.max_raise_to if legal is not None else 0
            await send_private(interaction, all_in_question(hand),
                               view=confirm_view(hand.hand_id, len(hand.events), total))
            return
        await send_private(interaction, result)

    @app_commands.command(name="fold", description=ACTION_HINT)
    @app_commands.guild_only()
    async def fold(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "fold")

    @app_commands.command(name="check", description=ACTION_HINT)
    @app_commands.guild_only()
    async def check(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "check")

    @app_commands.command(name="call", description=ACTION_HINT)
    @app_commands.guild_only()
    async def call(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "call")

    @app_commands.command(name="allin", description=ACTION_HINT)
    @app_commands.guild_only()
    async def allin(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "all_in")

    @app_commands.command(name="bet", description="Bet an amount; facing a bet it is read as "
                          "\"make it X\" (see /rule make-it)")
    @app_commands.guild_only()
    @app_commands.describe(amount=AMOUNT_HINT)
    async def bet(self, interaction: discord.Interaction,
                  amount: app_commands.Range[str, 1, AMOUNT_CHARS]) -> None:
        await self._typed(interaction, amount, "bet")

    @app_commands.command(name="raise", description="Raise to a total, or raise by an amount")
    @app_commands.guild_only()
    @app_commands.describe(to="Raise to this total (e.g. 1200; or min, half, pot, all-in)",
                           by="Raise it by this much over the bet you face (\"raise it X\")")
    async def raise_(self, interaction: discord.Interaction,
                     to: app_commands.Range[str, 1, AMOUNT_CHARS] | None = None,
                     by: app_commands.Range[str, 1, AMOUNT_CHARS] | None = None) -> None:
        if (to is None) == (by is None):
            raise Refused.saying(words.RAISE_ONE_OF)
        if to is not None:
            await self._typed(interaction, to, "raise_to")
            return
        assert by is not None
        if by.strip().lower() in ("min", "minimum", "half", "pot", "all-in", "allin", "max"):
            raise Refused.saying(words.RAISE_BY_CHIPS)
        await self._typed(interaction, by, "raise_by")

    # ------------------------------------------------------------------ cards and presence

    @app_commands.command(name="cards", description="See your hole cards (only you see them); "
                                                    "dm: turn their DMs off or on")
    @app_commands.describe(dm="False: no DM with your cards at each deal (read them with My "
                              "cards); True: DMs again")
    @app_commands.guild_only()
    async def cards(self, interaction: discord.Interaction, dm: bool | None = None) -> None:
        if dm is None:
            session = find_session(self.bot, interaction)
            faces = self.bot.announcer.card_faces(session)
            await send_private(interaction, my_cards_text(session.tournament,
                                                          interaction.user.id, faces))
            return
        assert interaction.guild_id is not None
        guild, user = interaction.guild_id, interaction.user.id
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.store.write(lambda tx: tx.put_hole_card_dms(guild, user, dm))
        try:
            session = find_session(self.bot, interaction)
            cards: str | None = my_cards_text(session.tournament, user,
                                              self.bot.announcer.card_faces(session))
        except Refused:
            cards = None  # no tournament here: the choice is saved all the same
        await send_private(interaction, card_dms_saved_text(dm, cards))

    @app_commands.command(name="away", description="Step away: the away rule acts for you")
    @app_commands.guild_only()
    async def away(self, interaction: discord.Interaction) -> None:
        session = find_session(self.bot, interaction)
        player = member_player(interaction.user.id)
        if player not in session.tournament.players:
            raise Refused.saying(words.NOTHING_TO_STEP_AWAY_FROM)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await uc.set_away(session, player)
        await send_private(interaction, words.AWAY)

    @app_commands.command(name="back", description="Come back to the table after /away")
    @app_commands.guild_only()
    async def back(self, interaction: discord.Interaction) -> None:
        session = find_session(self.bot, interaction)
        player = member_player(interaction.user.id)
        if player not in session.tournament.players:
            raise Refused.saying(words.NOT_PLAYING)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await uc.come_back(session, player)
        await send_private(interaction, words.WELCOME_BACK)

    @app_commands.command(name="show", description="Show your cards after the hand (during "
                          "it: at the showdown), or ask to see the rest of a shown hand")
    @app_commands.guild_only()
    @app_commands.describe(cards="both (default), or one card such as As",
                           player="Show one, show all: ask this player to show the other card")
    async def show(self, interaction: discord.Interaction,
                   cards: app_commands.Range[str, 1, 20] = "both",
                   player: discord.Member | None = None) -> None:
        session = find_session(self.bot, interaction)
        me = member_player(interaction.user.id)
        wanted: list[str] | None = None
        if cards.strip().lower() not in ("both", "all", ""):
            try:
                wanted = [parse_card(c) for c in cards.replace(",", " ").split()]
            except CardError:
                raise Refused.saying(words.CARD_UNREADABLE) from None
        await interaction.response.defer(ephemeral=True, thinking=True)
        if player is not None:
            await uc.ask_to_see(session, me, member_player(player.id))
            await send_private(interaction, words.ASKED_TO_SEE)
            return
        if _in_live_hand(session, interaction.user.id):
            # During the hand: ask to show at the showdown, even if the hand cannot win.
            if wanted is not None:
                raise Refused.saying(words.WHOLE_HAND_ONLY)
            await uc.request_show(session, me)
            await send_private(interaction, words.SHOWN_AT_SHOWDOWN)
            return
        await send_private(interaction, await show_cards(session, interaction.user.id, wanted))

    @app_commands.command(name="rabbit", description="After a hand: agree to a rabbit hunt")
    @app_commands.guild_only()
    async def rabbit(self, interaction: discord.Interaction) -> None:
        session = find_session(self.bot, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await send_private(interaction, await agree_rabbit(session, interaction.user.id))

    @app_commands.command(name="clock", description="Call the clock on the player to act")
    @app_commands.guild_only()
    @app_commands.describe(player="Live tournaments: the player the clock is called on",
                           cancel="Live tournaments: stop the clock on that player (he acted)")
    @app_commands.autocomplete(player=live_player_autocomplete)
    async def clock(self, interaction: discord.Interaction,
                    player: app_commands.Range[str, 1, 100] | None = None,
                    cancel: bool = False) -> None:
        session = find_session(self.bot, interaction)
        if session.tournament.live:
            await clock_on_player(self.bot, interaction, session, player, cancel)
            return
        me = session.tournament.players.get(member_player(interaction.user.id))
        if me is None or me.table is None:
            raise Refused.saying(words.CLOCK_ONLY_SEATED)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await uc.call_clock(session, member_player(interaction.user.id))
        await send_private(interaction, words.CLOCK_CALLED)

    @app_commands.command(name="history", description="A hand's history: your cards and what "
                          "the table saw (only you see it)")
    @app_commands.guild_only()
    @app_commands.describe(hand="A hand as the table names it (7-t1-h12), or its number here",
                           format="text (readable, the default) or phh (for poker tools)")
    @app_commands.choices(format=[app_commands.Choice(name="text", value="text"),
                                  app_commands.Choice(name="phh", value="phh")])
    async def history(self, interaction: discord.Interaction,
                      hand: app_commands.Range[str, 1, 40], format: str = "text") -> None:
        ref = parse_hand_ref(hand)
        await interaction.response.defer(ephemeral=True, thinking=True)
        row_id, tournament_id = await self._hand_row(interaction, ref)
        fmt: Literal["phh", "text"] = "phh" if format == "phh" else "text"
        try:
            text = await export_hand(self.bot.store, row_id, viewer=interaction.user.id,
                                     fmt=fmt)
        except HandInPlay:
            row = await self.bot.store.tournament(tournament_id)
            raise Refused.saying(hand_in_play_text(
                str(ref), tournament_running=row is not None and row.unfinished)) from None
        except ExportError as exc:
            raise Refused.saying(words.not_exported_text(str(exc))) from None
        if fmt == "phh":
            entries = await self.bot.store.entries(tournament_id)
            text = phh_with_names(text, {str(e.user_id): e.display_name for e in entries})
        content, attachment = history_reply(text, str(ref), fmt)
        await send_private(interaction, content, file=(
            MemoryFile(attachment[1].encode(), attachment[0])
            if attachment is not None else None))

    @history.autocomplete("hand")
    async def hand_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        try:
            session = find_session(self.bot, interaction)
        except Refused:
            return []
        hands = await self.bot.store.tournament_hands(session.store_id)
        ids = [str(HandId(session.store_id, h.table_no, h.hand_no)) for h in hands]
        return [app_commands.Choice(name=i, value=i)
                for i in reversed(ids) if current.strip() in i][:25]

    async def _hand_row(self, interaction: discord.Interaction,
                        ref: HandId | int) -> tuple[int, int]:
        if isinstance(ref, int):
            tid, table, number = find_session(self.bot, interaction).store_id, None, ref
        else:
            tid, table, number = ref.tournament, ref.table, ref.number
        row = await self.bot.store.tournament(tid)
        if row is None or row.guild_id != interaction.guild_id:
            raise Refused.saying(words.NO_SUCH_HAND_HERE)
        for h in await self.bot.store.tournament_hands(tid):
            if h.hand_no == number and (table is None or h.table_no == table):
                return h.id, tid
        raise Refused.saying(words.no_such_hand_text(str(ref)))


def _in_live_hand(session: Session, user_id: int) -> bool:
    """Dealt into the hand in progress at his table (not over yet)."""
    t = session.tournament
    p = t.players.get(member_player(user_id))
    if p is None or p.table is None or p.table not in t.tables:
        return False
    hand = t.tables[p.table].hand
    return hand is not None and not hand.is_over and hand.seat_of(p.player) is not None


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(Play(bot))
