"""/td deal: a deal at the final table, proposed by the director and answered with
buttons under the proposal.

- `/td deal method: keep: stacks:` — the director, in the tournament's channel (method: icm,
  chip_chop, or chip_chop_min: each player's locked-up prize first, the rest by chips). Online
  the bot takes the table's stacks (the tournament must be paused, between hands); live he
  types every player's count (`Ann 120000, Bob 80000`, names as the chip-race counts take
  them), which must add up to the chips in play. The proposal is posted in the channel: each
  player's stack and his share under each method, the proposed method's column being the deal.
- The buttons (`DealButton`, persistent DynamicItems: they keep working after a restart).
  Online each player accepts or refuses for himself; live the director confirms each name, or
  calls it off ("No deal"). The last acceptance makes the deal; a refusal ends it. A proposal
  runs out after 5 minutes (bot/tournament/deals.py, DEAL_SECONDS): a later click is refused
  and nothing changes.

Thin: it reads the command or click and checks who may, and the use cases
(bot/service/usecases/deals.py) run it the one way every command runs: the deal rules
(bot/tournament/deals.py) decide inside the session's lock, so of two clicks at once each is
counted once, and a refusal is the one `Refused`, worded by the presenter (answers.py), private,
nothing changed. Every other sentence comes from bot/discord_ui/presenter/deals.py. Attached to
the director's `/td` group when this cog loads (cogs/director.py owns the group), as
cogs/live.py does.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.click_update import acknowledged_if_slow, replace_message
from bot.discord_ui.client import LeagueBot
from bot.discord_ui.directors import require_director
from bot.discord_ui.lookup import find_session, player_counts, session_by_id
from bot.discord_ui.nonces import nonce
from bot.discord_ui.presenter.answers import refused_text
from bot.discord_ui.presenter.deals import (
    ACCEPT_LABEL,
    NO_DEAL_LABEL,
    NOT_FOR_DEAL,
    REFUSE_LABEL,
    accepter_label,
    answer_receipt,
    deal_ended_text,
    deal_made_text,
    proposal_text,
    proposed_receipt,
    stacks_unreadable_text,
    table_order,
)
from bot.discord_ui.presenter.limits import code_text
from bot.discord_ui.presenter.notices import restarting_text
from bot.discord_ui.replies import generic_error_text, send_private
from bot.discord_ui.tasks import Tasks
from bot.discord_ui.td_group import attach_to_td, detach_from_td
from bot.discord_ui.template_button import TemplateButton
from bot.service import Session
from bot.service.usecases import Refused, deals
from bot.tournament import events as tev
from bot.tournament.deal import Method
from bot.tournament.players import member_player

log = logging.getLogger(__name__)

STACKS_CHARS = 1000
# `who`: live, the player the director answers for (a member's id or a guest's); else "-".
TEMPLATE = (r"dl:(?P<act>[ar]):(?P<tid>[0-9]{1,12}):(?P<num>[0-9]{1,6}):"
            r"(?P<who>[0-9]{15,22}|guest-[0-9]{1,6}|-)")


async def names_of(bot: LeagueBot, session: Session) -> dict[str, str]:
    """Live, the names the desk's commands use (guests too); online the members'."""
    if session.tournament.live:
        return dict(await bot.live_clock.names_of(session))
    return dict(session.names)


def deal_view(store_id: int, p: tev.DealProposed, names: Mapping[str, str], *, live: bool,
              accepted: frozenset[str] = frozenset()) -> discord.ui.View:
    """Online: Accept and Refuse. Live: one button a player for the director, and No deal."""
    view = discord.ui.View(timeout=None)
    base = f"{store_id}:{p.number}"
    if live:
        for player in table_order(p):  # the table's rows' order
            label = accepter_label(names.get(player))[:80]
            view.add_item(DealButton(f"dl:a:{base}:{player}", label,
                                     style=discord.ButtonStyle.success if player in accepted
                                     else discord.ButtonStyle.secondary,
                                     disabled=player in accepted))
        view.add_item(DealButton(f"dl:r:{base}:-", NO_DEAL_LABEL, style=discord.ButtonStyle.danger))
    else:
        view.add_item(DealButton(f"dl:a:{base}:-", ACCEPT_LABEL, style=discord.ButtonStyle.success))
        view.add_item(DealButton(f"dl:r:{base}:-", REFUSE_LABEL, style=discord.ButtonStyle.danger))
    return view


def _bot(interaction: discord.Interaction) -> LeagueBot:
    bot = interaction.client
    assert isinstance(bot, LeagueBot)
    return bot


class DealButton(TemplateButton, template=TEMPLATE):
    @property
    def accept(self) -> bool:
        return self.fields["act"] == "a"

    @property
    def store_id(self) -> int:
        return int(self.fields["tid"])

    @property
    def number(self) -> int:
        return int(self.fields["num"])

    @property
    def who(self) -> str | None:
        return None if self.fields["who"] == "-" else self.fields["who"]

    async def callback(self, interaction: discord.Interaction) -> None:
        if not _bot(interaction).in_flight.track():  # closing: see bot/discord_ui/in_flight.py
            await send_private(interaction, restarting_text())
            return
        try:
            await self._answer(interaction)
        except Refused as r:
            await send_private(interaction, refused_text(r))
        except Exception:
            log.exception("deal button %s failed", self.item.custom_id)
            await send_private(interaction, generic_error_text(interaction))

    async def _answer(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        session = session_by_id(bot, self.store_id)
        live = session.tournament.live
        if live:
            try:
                await require_director(bot, interaction)
            except Refused:
                raise Refused.saying(NOT_FOR_DEAL) from None
        names = await names_of(bot, session)
        me = member_player(interaction.user.id)
        async with acknowledged_if_slow(interaction):  # the tournament's lock may be busy
            done = await deals.answer(session, self.number, me, accept=self.accept,
                                      player=self.who)
        made, ended = done.made, done.ended
        text = proposal_text(done.proposal, names, accepted=done.accepted, live=live,
                             made=made is not None,
                             ended=ended.reason if ended is not None else None)
        view = None if made is not None or ended is not None else deal_view(
            self.store_id, done.proposal, names, live=live, accepted=done.accepted)
        await replace_message(interaction, content=text, view=view)
        if made is not None:
            await interaction.followup.send(
                deal_made_text(made, names, paused=session.tournament.paused,
                               order=done.proposal.players),
                allowed_mentions=discord.AllowedMentions.none())
        elif ended is not None:
            by = me if not live and ended.reason == "refused" else None
            await interaction.followup.send(deal_ended_text(ended.reason, by, names),
                                            allowed_mentions=discord.AllowedMentions.none())
        elif not live:
            await interaction.followup.send(answer_receipt(self.accept, False), ephemeral=True)


@app_commands.describe(
    method="The split proposed: icm (by chances), chip_chop, or chip_chop_min (locked-up prize "
           "first)",
    keep="Money kept to play for, in the league's smallest unit: the winner takes it "
         "(default 0)",
    stacks="Live: every player's chips as counted, e.g. `Ann 120000, Bob 80000` (online: "
           "leave out)")
async def td_deal(interaction: discord.Interaction,
                  method: Method = "icm",
                  keep: app_commands.Range[int, 0, 10**12] = 0,
                  stacks: app_commands.Range[str, 1, STACKS_CHARS] | None = None) -> None:
    bot = _bot(interaction)
    await require_director(bot, interaction)
    session = find_session(bot, interaction)
    live = session.tournament.live
    names = await names_of(bot, session)
    # Whether stacks are wanted (live: every one, as counted; online: none) is the tournament's
    # rule: it refuses either way, and the presenter words its refusal.
    counted: dict[str, int] | None = None
    if stacks and live:
        try:
            counted = player_counts(stacks, session.tournament, names, what="stacks",
                                    amounts=True)
        except ValueError as bad:
            raise Refused.saying(stacks_unreadable_text(code_text(str(bad)))) from None
    elif stacks:
        counted = {}  # given online: refused by the tournament, which knows every stack
    await interaction.response.defer(ephemeral=True, thinking=True)
    proposal = await deals.propose(session, member_player(interaction.user.id), method, keep=keep,
                                   stacks=counted)
    channel = interaction.channel
    assert isinstance(channel, discord.abc.Messageable)
    message = await channel.send(proposal_text(proposal, names, live=live),
                                 view=deal_view(session.store_id, proposal, names, live=live),
                                 allowed_mentions=discord.AllowedMentions.none(), nonce=nonce())
    cog = bot.get_cog(Deals.__cog_name__)
    if isinstance(cog, Deals):
        cog.tasks.spawn(_run_out(bot, session, message, proposal, names, live))
    await send_private(interaction, proposed_receipt(live))


async def _run_out(bot: LeagueBot, session: Session, message: discord.Message,
                   proposal: tev.DealProposed, names: Mapping[str, str], live: bool) -> None:
    """When the proposal runs out unanswered, its message says so and loses its buttons (a
    click after that is refused anyway: the tournament knows the time; after a restart the
    message keeps its buttons until clicked)."""
    await asyncio.sleep(max(0.0, proposal.expires_at - bot.tournaments.clock()))
    t = session.tournament
    offer = t.deal_offer
    if t.deal is not None or offer is None or offer.proposal.number != proposal.number:
        return
    try:
        await message.edit(content=proposal_text(proposal, names, accepted=offer.accepted,
                                                 live=live, ran_out=True), view=None)
    except discord.HTTPException:
        log.warning("deal proposal %s: could not mark it run out", proposal.number)


class Deals(commands.Cog):
    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot
        self.attached: list[str] = []
        self.tasks = Tasks()  # proposals waiting to run out

    async def cog_load(self) -> None:
        """Add /td deal to the director's `/td` group (cogs/director.py, loaded before)."""
        self.bot.add_dynamic_items(DealButton)
        command: app_commands.Command[Any, Any, Any] = app_commands.Command(
            name="deal", description="A deal at the final table: ICM or chip chop, answered "
                                     "by every player", callback=td_deal)
        self.attached = attach_to_td(self.bot.tree, [command])

    async def cog_unload(self) -> None:
        await self.tasks.cancel_all()
        self.bot.remove_dynamic_items(DealButton)
        detach_from_td(self.bot.tree, self.attached)
        self.attached = []


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(Deals(bot))
