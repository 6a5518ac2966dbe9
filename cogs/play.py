"""Playing: /fold /check /call /bet /raise /allin, /cards, /away, /back, /show, /rabbit, /clock,
/history. The same actions as the table's buttons (bot.views); the tournament decides."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import LeagueBot
from bot.engine.cards import parse_card
from bot.history.export import ExportError, export_hand
from bot.service import Session
from bot.views import (
    Refusal,
    agree_rabbit,
    find_session,
    my_cards_text,
    parse_amount,
    play,
    quick_amounts,
    run,
    seat_in_hand,
    show_cards,
    whose_turn,
)

ACTION_HINT = "Your action (only when it is your turn)"


class Play(commands.Cog):
    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot

    async def _act(self, interaction: discord.Interaction, action: str,
                   amount: int | None = None) -> None:
        # Deferred first: committing and announcing may take longer than Discord's 3 s.
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await play(self.bot, interaction, action, amount)
        await interaction.followup.send(text, ephemeral=True)

    async def _amount_act(self, interaction: discord.Interaction, action: str,
                          text: str) -> None:
        value = parse_amount(text)
        if isinstance(value, str):
            session = find_session(self.bot, interaction)
            _, hand, seat = seat_in_hand(session, interaction.user.id)
            if hand.to_act != seat:
                raise Refusal(f"Not your turn: {whose_turn(self.bot, session, hand)}. "
                              "Nothing was done.")
            total = quick_amounts(hand)[value]
            legal = hand.legal()
            if value == "all-in" or (legal is not None and total >= legal.max_raise_to):
                await self._act(interaction, "all_in")
                return
            await self._act(interaction, "raise_to", total)
            return
        await self._act(interaction, action, value)

    @app_commands.command(name="fold", description=ACTION_HINT)
    async def fold(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "fold")

    @app_commands.command(name="check", description=ACTION_HINT)
    async def check(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "check")

    @app_commands.command(name="call", description=ACTION_HINT)
    async def call(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "call")

    @app_commands.command(name="allin", description=ACTION_HINT)
    async def allin(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "all_in")

    @app_commands.command(name="bet", description="Bet an amount (or min, half, pot, all-in)")
    @app_commands.describe(amount="Chips, e.g. 600; or min, half, pot, all-in")
    async def bet(self, interaction: discord.Interaction,
                  amount: app_commands.Range[str, 1, 20]) -> None:
        await self._amount_act(interaction, "bet", amount)

    @app_commands.command(name="raise", description="Raise to a total, or raise by an amount")
    @app_commands.describe(to="Raise to this total (e.g. 1200; or min, half, pot, all-in)",
                           by="Raise it by this much over the bet you face (\"raise it X\")")
    async def raise_(self, interaction: discord.Interaction,
                     to: app_commands.Range[str, 1, 20] | None = None,
                     by: app_commands.Range[str, 1, 20] | None = None) -> None:
        if (to is None) == (by is None):
            raise Refusal("Give exactly one of `to:` (the total) or `by:` (the raise over the "
                          "bet you face). Nothing was done.")
        if to is not None:
            await self._amount_act(interaction, "raise_to", to)
            return
        assert by is not None
        value = parse_amount(by)
        if isinstance(value, str):
            raise Refusal("`by:` takes a number of chips; use `to:` for min, half, pot or "
                          "all-in. Nothing was done.")
        await self._act(interaction, "raise_by", value)

    # ------------------------------------------------------------------ cards and presence

    @app_commands.command(name="cards", description="See your hole cards (only you)")
    async def cards(self, interaction: discord.Interaction) -> None:
        session = find_session(self.bot, interaction)
        await interaction.response.send_message(my_cards_text(session, interaction.user.id),
                                                ephemeral=True)

    @app_commands.command(name="away", description="Step away from the table")
    async def away(self, interaction: discord.Interaction) -> None:
        session = find_session(self.bot, interaction)
        player = str(interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await run(session, lambda t, now: t.set_away(player, now))
        await interaction.followup.send(
            "You are away: the away rule acts for you until you use `/back`.", ephemeral=True)

    @app_commands.command(name="back", description="Come back to the table")
    async def back(self, interaction: discord.Interaction) -> None:
        session = find_session(self.bot, interaction)
        player = str(interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await run(session, lambda t, now: t.come_back(player, now))
        await interaction.followup.send("Welcome back.", ephemeral=True)

    @app_commands.command(name="show", description="Show your cards after the hand (during "
                          "it: at the showdown), or ask to see the rest of a shown hand")
    @app_commands.describe(cards="both (default), or one card such as As",
                           player="Show one, show all: ask this player to show the other card")
    async def show(self, interaction: discord.Interaction, cards: str = "both",
                   player: discord.Member | None = None) -> None:
        session = find_session(self.bot, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if player is not None:
            t = session.tournament
            me = t.players.get(str(interaction.user.id))
            if me is None or me.table is None:
                raise Refusal("Only players at the table may ask.")
            table = me.table
            asker, target = str(interaction.user.id), str(player.id)
            await run(session, lambda tt, now: tt.ask_to_see(table, asker, target, now))
            await interaction.followup.send("Asked: the rest of that hand is shown.",
                                            ephemeral=True)
            return
        if self._in_live_hand(session, interaction.user.id):
            # During the hand: ask to show at the showdown, even if the hand cannot win.
            if cards.strip().lower() not in ("both", "all", ""):
                raise Refusal("During the hand you can only ask to show your whole hand at the "
                              "showdown (`/show`); single cards are shown after the hand. "
                              "Nothing was done.")
            table = session.tournament.players[str(interaction.user.id)].table
            me = str(interaction.user.id)
            await run(session, lambda tt, now: tt.request_show(table, me, now))
            await interaction.followup.send("Your hand will be shown at the showdown.",
                                            ephemeral=True)
            return
        wanted: list[str] | None = None
        if cards.strip().lower() not in ("both", "all", ""):
            try:
                wanted = [parse_card(c) for c in cards.replace(",", " ").split()]
            except ValueError:
                raise Refusal("Name a card like `As` or `Td`, or say `both`. Nothing was "
                              "shown.") from None
        text = await show_cards(self.bot, session, interaction.user.id, wanted)
        await interaction.followup.send(text, ephemeral=True)

    @staticmethod
    def _in_live_hand(session: Session, user_id: int) -> bool:
        """Dealt into the hand in progress at his table (not over yet)."""
        t = session.tournament
        p = t.players.get(str(user_id))
        if p is None or p.table is None or p.table not in t.tables:
            return False
        hand = t.tables[p.table].hand
        return hand is not None and not hand.is_over and hand.seat_of(p.player) is not None

    @app_commands.command(name="rabbit", description="After a hand: agree to a rabbit hunt")
    async def rabbit(self, interaction: discord.Interaction) -> None:
        session = find_session(self.bot, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await agree_rabbit(self.bot, session, interaction.user.id)
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name="clock", description="Call the clock on the player to act")
    async def clock(self, interaction: discord.Interaction) -> None:
        session = find_session(self.bot, interaction)
        me = session.tournament.players.get(str(interaction.user.id))
        if me is None or me.table is None:
            raise Refusal("Only a player seated at the table may call the clock "
                          "(rule `table-presence`).")
        table = me.table
        by = str(interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await run(session, lambda t, now: t.call_clock(table, by, now))
        await interaction.followup.send("Clock called.", ephemeral=True)

    @app_commands.command(name="history", description="Your hand's history (only you)")
    @app_commands.describe(hand="A hand id such as 3-t1-h12, or the hand number (12)",
                           format="phh (machine-readable) or text")
    @app_commands.choices(format=[app_commands.Choice(name="phh", value="phh"),
                                  app_commands.Choice(name="text", value="text")])
    async def history(self, interaction: discord.Interaction,
                      hand: app_commands.Range[str, 1, 40], format: str = "phh") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        row_id = await self._hand_row(interaction, hand.strip())
        try:
            text = await export_hand(self.bot.store, row_id, viewer=interaction.user.id,
                                     fmt="text" if format == "text" else "phh")
        except ExportError as exc:
            raise Refusal(str(exc)) from None
        if len(text) <= 1900:
            await interaction.followup.send(f"```\n{text}\n```", ephemeral=True)
        else:
            await interaction.followup.send(
                "Your hand history:", ephemeral=True,
                file=discord.File(io.BytesIO(text.encode()), filename=f"hand-{hand}.{format}"))

    async def _hand_row(self, interaction: discord.Interaction, text: str) -> int:
        if "-t" in text:
            try:
                tid = int(text.split("-t", 1)[0])
                table = int(text.split("-t", 1)[1].split("-h")[0])
                number = int(text.rsplit("-h", 1)[1])
            except (ValueError, IndexError):
                raise Refusal("A hand id looks like 3-t1-h12 (tournament 3, table 1, "
                              "hand 12).") from None
        else:
            if not text.isdigit():
                raise Refusal("Give a hand id such as 3-t1-h12, or the hand number.")
            tid, table, number = find_session(self.bot, interaction).store_id, None, int(text)
        row = await self.bot.store.tournament(tid)
        if row is None or row.guild_id != interaction.guild_id:
            raise Refusal("There is no such hand in this server.")
        for h in await self.bot.store.tournament_hands(tid):
            if h.hand_no == number and (table is None or h.table_no == table):
                return h.id
        raise Refusal(f"There is no hand {text} in that tournament.")


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(Play(bot))
