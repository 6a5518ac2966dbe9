"""Whole tournaments through SimCord: every action by button or command, what each DM and the
channel show, and a scan of every channel message for a hole card shown before its time."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import discord
import pytest
from simcord import ChannelHandle, MemberActor

from bot.engine.cards import pretty
from bot.engine.hand import Hand
from bot.service import Session

from .conftest import HAND_DELAY, Harness

NOT_CARDS = ("Button draw", "Chip race", "Rabbit hunt")


def reply(result: object) -> str:
    """The text of a (possibly deferred) private answer."""
    followups = result.followups  # type: ignore[attr-defined]
    if followups:
        return followups[-1].content
    return result.response.content  # type: ignore[attr-defined]


async def confirm_all_in(actor: MemberActor, asked: object) -> object:
    """The All-in button's second tap: the Confirm button of its private question."""
    assert asked.ephemeral  # type: ignore[attr-defined]
    question = asked.followups[-1] if asked.followups else asked.response  # type: ignore[attr-defined]
    confirm = question.components[0]["components"][0]
    assert confirm["label"].startswith("Confirm all-in ")
    return await actor.click(question.message, custom_id=confirm["custom_id"])


def refused(h: Harness, result: object) -> str:
    """A refusal: private, ending as every refusal does, and the UserFacingError SimCord
    captured is acknowledged."""
    assert result.ephemeral  # type: ignore[attr-defined]
    h.env.errors  # noqa: B018  (reading acknowledges the expected refusals)
    text = reply(result)
    assert text.endswith("Nothing was changed."), text
    return text


def public(h: Harness, result: object) -> str:
    """A command answered in the channel: no refusal, its answer is the channel's newest
    message (posted by the bot; the private "thinking" placeholder is gone)."""
    assert not result.followups or not result.followups[-1].ephemeral  # type: ignore[attr-defined]
    last = h.channel.last_message
    assert last is not None and last.author.bot
    return last.content


def card_patterns(card: str) -> list[re.Pattern[str]]:
    return [re.compile(rf"(?<![0-9A-Za-z]){re.escape(card)}(?![0-9A-Za-z])"),
            re.compile(rf"(?<![0-9A-Za-z]){re.escape(pretty(card))}")]


def message_text(m: discord.Message) -> str:
    parts = [m.content]
    for e in m.embeds:
        parts += [e.title or "", e.description or "", e.footer.text or ""]
        parts += [f"{f.name}\n{f.value}" for f in e.fields]
    return "\n".join(parts)


HAND_ID = re.compile(r"(?<![0-9A-Za-z-])(\d+-t\d+-h\d+)(?![0-9A-Za-z])")


class Scanner:
    """After every step, each channel or thread message that is new or changed is checked: a
    message about a hand (its id in the text) against that hand, any other message against the
    hands in play at its location. No card its owner has not shown (Shown event: p.shown) may
    appear; mucked cards never are shown, so they never may appear."""

    def __init__(self, h: Harness, tid: int) -> None:
        self.h, self.tid = h, tid
        self.seen: dict[int, str] = {}
        self.hands: dict[str, Hand] = {}
        self.checked = 0

    def locations(self) -> dict[int, ChannelHandle]:
        out = {self.h.channel.id: self.h.channel}
        for th in self.h.channel.threads:
            out[th.id] = th
        return out

    @staticmethod
    def hidden(hand: Hand) -> set[str]:
        out: set[str] = set()
        for p in hand.players.values():
            out |= set(p.hole or ()) - set(p.shown)
        return out

    def step(self, session: Session) -> None:
        view = self.h.bot.announcer.places[self.tid]
        at_loc: dict[int, list[Hand]] = {}
        for table, ts in session.tournament.tables.items():
            for hand in (ts.hand, ts.last_hand):
                if hand is not None:
                    self.hands[hand.hand_id] = hand
                    at_loc.setdefault(view.threads.get(table, view.channel_id), []).append(hand)
        for loc, ch in self.locations().items():
            for m in ch.history():
                text = message_text(m)
                if self.seen.get(m.id) == text:
                    continue
                self.seen[m.id] = text
                if m.content.startswith(NOT_CARDS):
                    continue
                ids = set(HAND_ID.findall(text))
                hands = [self.hands[i] for i in ids if i in self.hands] if ids else at_loc.get(
                    loc, [])
                for hand in hands:
                    for card in self.hidden(hand):
                        for pat in card_patterns(card):
                            assert not pat.search(text), (card, hand.hand_id, text)
                self.checked += 1


async def create_and_join(h: Harness, members: list[MemberActor], **options: object) -> Session:
    options.setdefault("structure", "turbo")
    r = await h.director.slash(h.channel, "tournament create", name="Tuesday", **options)
    assert "is open for registration" in public(h, r)
    for m in members:
        r = await m.slash(h.channel, "tournament join")
        assert public(h, r).startswith(f"{m.name} is in ("), public(h, r)
    session = h.bot.tournaments.unfinished_in(h.guild.id)[0]
    return session


async def first_hand(h: Harness, members: list[MemberActor]) -> Session:
    """A tournament of `members`, started, its first hand dealt."""
    session = await create_and_join(h, members)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    return session


@dataclass
class Decision:
    """The decision a hand waits for: who makes it, and the table message he clicks on."""

    session: Session
    table: int
    hand: Hand
    seat: int
    player: MemberActor
    msg: discord.Message


async def first_decision(h: Harness, members: list[MemberActor]) -> Decision:
    """A tournament of `members`, started: the first decision of its first hand."""
    session = await first_hand(h, members)
    found = to_act(session)
    assert found is not None
    table, hand, seat = found
    return Decision(session, table, hand, seat, actor(members, hand, seat),
                    table_message(h, session, table))


def actor(members: list[MemberActor], hand: Hand, seat: int) -> MemberActor:
    """The member playing `seat` of `hand`."""
    return next(m for m in members if str(m.id) == hand.players[seat].player)


def to_act(session: Session) -> tuple[int, Hand, int] | None:
    for table, ts in sorted(session.tournament.tables.items()):
        if ts.hand is not None and not ts.hand.is_over and ts.hand.to_act is not None:
            return table, ts.hand, ts.hand.to_act
    return None


def table_message(h: Harness, session: Session, table: int) -> discord.Message:
    msg = h.bot.announcer.places[session.store_id].messages[table]
    where = h.channel if msg.channel_id == h.channel.id else next(
        t for t in h.channel.threads if t.id == msg.channel_id)
    return next(m for m in where.history() if m.id == msg.message_id)


def where_of(h: Harness, session: Session, table: int) -> ChannelHandle:
    loc = h.bot.announcer.places[session.store_id].threads.get(table)
    if loc is None:
        return h.channel
    return next(t for t in h.channel.threads if t.id == loc)


def button(msg: discord.Message, prefix: str) -> str | None:
    for row in msg.components:
        for c in row.children:
            if (c.custom_id or "").startswith(prefix) and not c.disabled:
                return c.custom_id
    return None


async def act_once(h: Harness, session: Session, members: dict[str, MemberActor],
                   rng: random.Random, stats: dict[str, int], *,
                   commands_only: frozenset[str] = frozenset()) -> None:
    found = to_act(session)
    assert found is not None
    table, hand, seat = found
    player = hand.players[seat].player
    actor = members[player]
    legal = hand.legal()
    assert legal is not None
    before = len(hand.events)
    msg = table_message(h, session, table)
    where = where_of(h, session, table)
    if player in commands_only:
        # No DMs: this player reads his cards with /cards before acting.
        cards = await actor.slash(where, "cards")
        assert cards.ephemeral and hand.hand_id in cards.response.content
        assert "".join(hand.hole_cards(seat) or ()) in cards.response.content.replace(" ", "")
    roll = rng.random()
    use_button = player not in commands_only and rng.random() < 0.6
    if roll < 0.45:
        kind = "allin"
    elif roll < 0.7:
        kind = "call"
    elif roll < 0.85:
        kind = "raise" if legal.can_raise and legal.min_raise_to < legal.max_raise_to else "call"
    else:
        kind = "fold" if not legal.can_check else "call"
    if kind == "allin" and not legal.can_raise:
        kind = "call"
    stats[f"{'button' if use_button else 'command'}:{kind}"] = stats.get(
        f"{'button' if use_button else 'command'}:{kind}", 0) + 1
    if use_button:
        prefix = {"allin": "hp:a:", "call": "hp:c:", "fold": "hp:f:", "raise": "hp:r:"}[kind]
        cid = button(msg, prefix)
        assert cid is not None, (kind, msg.components)
        shown = await actor.click(msg, custom_id=cid)
        if kind == "raise":
            assert shown.modal is not None
            word = rng.choice(["min", "half", "pot", str(legal.min_raise_to)])
            result = await actor.submit_modal(shown, {"amount": word})
        elif kind == "allin":  # a second tap, on its private question
            result = await confirm_all_in(actor, shown)
            assert result.response.content.startswith("You ")
        else:
            result = shown
        if kind != "allin":
            # The click (or the modal sent from it) is answered by editing the table message
            # itself, in the same request: no private note, no separate edit.
            assert not result.ephemeral and result.response is not None
            assert result.response.id == msg.id, result
            assert result.response.embeds[0].title.startswith(f"Hand {hand.hand_id}")
    else:
        if kind == "allin":
            result = await actor.slash(where, "allin")
        elif kind == "call":
            result = await actor.slash(where, "check" if legal.can_check else "call")
        elif kind == "fold":
            result = await actor.slash(where, "fold")
        else:
            if legal.facing_bet:
                result = await actor.slash(where, "raise", to=rng.choice(["min", "pot"]))
            else:
                result = await actor.slash(where, "bet", amount=str(legal.min_raise_to))
        assert result.ephemeral
        text = reply(result)
        assert text.startswith("You "), text
    assert len(hand.events) > before or hand.is_over


async def play_to_the_end(h: Harness, session: Session, members: dict[str, MemberActor],
                          seed: int, *, limit: int = 2000,
                          commands_only: frozenset[str] = frozenset()) -> dict[str, int]:
    rng = random.Random(seed)
    scanner = Scanner(h, session.store_id)
    stats: dict[str, int] = {}
    for _ in range(limit):
        scanner.step(session)
        if session.tournament.status == "finished":
            break
        if to_act(session) is None:
            await h.advance(HAND_DELAY)
            continue
        await act_once(h, session, members, rng, stats, commands_only=commands_only)
    scanner.step(session)
    assert session.tournament.status == "finished", "did not finish"
    assert scanner.checked > 0
    return stats


async def check_dms(h: Harness, session: Session, members: dict[str, MemberActor],
                    refused: frozenset[str] = frozenset()) -> None:
    """Every dealt player got a DM of his own cards for every hand (unless DMs refused)."""
    from bot.engine.events import event_from_dict
    from bot.tournament import events as tev

    dealt: dict[str, list[str]] = {}
    for stored in await h.bot.store.load_events(session.store_id, "tournament"):
        e = event_from_dict(stored.data)
        if isinstance(e, tev.HandDealt):
            for s in e.seats:
                dealt.setdefault(s.player, []).append(e.hand_id)
    for player, hands in dealt.items():
        dms = [m.content for m in h.dms(members[player])]
        if player in refused:
            assert dms == []
            continue
        assert len(dms) == len(hands)
        for text, hand_id in zip(dms, hands, strict=True):
            assert text.startswith(f"Hand {hand_id},"), text


@pytest.mark.bot_options(idle_ping_seconds=0)  # a whole tournament: see conftest
async def test_three_player_tournament_to_its_winner(harness: Harness) -> None:
    h = harness
    members = [h.alice, h.bob, h.carol]
    session = await create_and_join(h, members)
    r = await h.alice.slash(h.channel, "tournament start")
    assert "creator or a director" in refused(h, r)
    r = await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    by_id = {str(m.id): m for m in members}
    stats = await play_to_the_end(h, session, by_id, seed=3)
    assert any(k.startswith("button") for k in stats) and any(
        k.startswith("command") for k in stats)
    await check_dms(h, session, by_id)
    texts = [m.content for m in h.channel.history()]
    assert any("wins the tournament" in t for t in texts)
    out = "\n".join(t for t in texts if t.startswith("💀"))
    losers = [m.name for m in members if str(m.id) != session.tournament.winner]
    assert all(name in out for name in losers), out
    # The deck proof is attached to the table messages, never a post of its own.
    proofs = [m for m in h.channel.history() if m.attachments]
    assert proofs and all(m.embeds and m.embeds[0].title.startswith("Hand ") for m in proofs)
    assert proofs[0].attachments[0].filename.startswith("deck-proof-")
    assert not any("Deck fingerprint" in t for t in texts)
    r = await h.alice.slash(h.channel, "fold")
    assert "No tournament is running" in refused(h, r)
    # The night counts for the league's season: places and points are in the standings.
    row = await h.bot.store.tournament(session.store_id)
    assert row is not None and row.league_id is not None and row.season_id is not None
    results = {r.user_id: r for r in await h.bot.store.results(session.store_id)}
    places = sorted(r.place for r in results.values())
    assert places in ([1, 2, 3], [1, 2, 2])  # two busting in one hand may tie for 2nd
    winner = next(r for r in results.values() if r.place == 1)
    assert winner.points > max(r.points for r in results.values() if r.place > 1)
    r = await h.bob.slash(h.channel, "standings")
    table = r.response.content + "".join(e.description or "" for e in r.response.embeds)
    winner_name = by_id[str(winner.user_id)].name
    assert winner_name in table


@pytest.mark.bot_options(idle_ping_seconds=0)  # a whole tournament: see conftest
async def test_nine_players_two_tables_in_threads(harness: Harness) -> None:
    h = harness
    extra = [h.add_member(f"p{i}") for i in range(5)]
    members = [h.alice, h.bob, h.carol, h.dana, *extra]
    session = await create_and_join(h, members, seats=5)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    assert len(h.channel.threads) == 2
    by_id = {str(m.id): m for m in members}
    await play_to_the_end(h, session, by_id, seed=9)
    await check_dms(h, session, by_id)
    texts = [m.content for th in h.channel.threads for m in th.history()]
    moves = [t for t in texts if " moves from table " in t]
    broken = [t for t in h.channel.history() if "is broken" in t.content]
    assert broken or moves
    for t in moves:
        assert sum(t in x for x in texts) == 2  # announced in both threads
    assert any("wins the tournament" in m.content for m in h.channel.history())


@pytest.mark.bot_options(idle_ping_seconds=0)  # a whole tournament: see conftest
async def test_dms_closed_player_finishes_with_slash_cards(harness: Harness) -> None:
    h = harness
    members = [h.alice, h.bob, h.carol]
    h.refuse_dms(h.alice)
    session = await create_and_join(h, members)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)
    notices = [m for m in h.channel.history() if "cannot DM you" in m.content]
    assert len(notices) == 1 and notices[0].content.startswith("alice")
    assert not notices[0].mentions
    by_id = {str(m.id): m for m in members}
    await play_to_the_end(h, session, by_id, seed=5,
                          commands_only=frozenset({str(h.alice.id)}))
    await check_dms(h, session, by_id, refused=frozenset({str(h.alice.id)}))
    # Never retried: one refused DM request in all.
    dm_posts = [r for r in h.env.http_requests if r.method == "POST"
                and r.path == f"/channels/{h.alice.user.dm_channel.id}/messages"]
    assert len(dm_posts) == 1
    assert len([m for m in h.channel.history() if "cannot DM you" in m.content]) == 1
