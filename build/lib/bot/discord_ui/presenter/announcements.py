"""Tournament events as channel posts, and the after-hand lines of the table message.

Only what a player could want notified or could dispute gets a post (the start, levels, rulings,
the clock, away, eliminations, moves, director decisions, the result); shows and the rabbit
hunt after a hand are lines of that hand's table message (`after_hand_lines`). Players who go
out in the same hand share one post.

Each post says where it goes (`Post.tables`, `Post.channel`, `Post.every_table`); the announcer
maps that onto channels and threads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from bot.discord_ui.presenter.cards import Faces, cards_text, text_face
from bot.discord_ui.presenter.level_clock import level_clock_text
from bot.discord_ui.presenter.limits import chips, player_name, safe_text
from bot.discord_ui.presenter.money import Money
from bot.discord_ui.presenter.restart import offline_pause_text
from bot.discord_ui.presenter.rulings import rule_ref, tournament_ruling_text
from bot.discord_ui.presenter.time_bank import bank_used_text
from bot.engine.events import Event
from bot.tournament import events as tev
from bot.tournament import hfh_events as hev
from bot.tournament.structure import AddOnTerms, Structure
from bot.tournament.tournament import Result

# Director-typed text (reasons, rulings) shown in a post is cut here.
REASON_CHARS = 500


@dataclass(frozen=True)
class Post:
    text: str
    tables: tuple[int, ...] = ()  # the tables' own locations (their thread, or the channel)
    channel: bool = False  # the tournament's channel as well
    every_table: bool = False  # every table's location


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def thread_name(tournament_id: int, table: int) -> str:
    """The thread a table plays in, under the tournament's channel: "#7 · table 2"."""
    return f"#{tournament_id} · table {table}"


def reason_text(text: str) -> str:
    """Director-typed text (a reason, a ruling): inert, one paragraph, bounded."""
    return safe_text(" ".join(text.split()), REASON_CHARS)


def people(names: Sequence[str]) -> str:
    """"ann", "ann and ben", "ann, ben and dev"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def purchases(rebuys: int, add_ons: int) -> str:
    """A player's buys after his entry, as his result line reads them: "1 re-buy, 1 add-on"
    ("" when none)."""
    parts = [f"{n} {what}{'s' if n != 1 else ''}"
             for n, what in ((rebuys, "re-buy"), (add_ons, "add-on")) if n]
    return ", ".join(parts)


def rebuy_open_text(until: int, command: str) -> str:
    """What a bust in the re-buy period adds: he may still buy back in, so his place waits."""
    return (f"he may re-buy until the end of level {until} (`{command}`); the place is final "
            "once he no longer can")


def add_on_when(terms: AddOnTerms) -> str:
    """"until level 4 and the break after it", or "at the break after level 4"."""
    if terms.at_break:
        return f"at the break after level {terms.until_level}"
    return f"until level {terms.until_level}"


def period_notes(s: Structure, period: int, add_on_command: str) -> str:
    """What a level's or break's post adds: the re-buys closing as it starts (every place is
    final then), and the add-on's break ("" for other periods)."""
    text = ""
    if s.add_on is not None and s.add_on_break(period):
        text += (f"\n➕ **Add-on** during this break: {chips(s.add_on.chips)} chips for "
                 f"{chips(s.add_on.cost)} (`{add_on_command}`).")
    last = s.rebuys_close_at(period)
    if last is not None:
        text += (f"\n🔒 **Re-buys are closed** (they ran to the end of level {last}): every "
                 "place is final.")
    return text


class Announcements:
    """Turns one change's tournament events into posts, with names and card faces."""

    def __init__(self, names: Mapping[str, str], faces: Faces = text_face, *,
                 clock_seconds: int = 0,
                 results: Callable[[], Sequence[Result]] = tuple,
                 table_of: Callable[[str], tuple[int, ...]] = lambda player: (),
                 season: str = "", money: Money = chips,
                 rebuy_until: Callable[[str, float], int | None] = lambda player, at: None,
                 structure: Structure | None = None) -> None:
        self.money = money  # the league's currency, for the results
        self.names = names
        self.faces = faces
        self.clock_seconds = clock_seconds
        self.results = results
        self.season = season  # under the results: the season the night counts in
        # Where a player sits, for events that do not name the table.
        self.table_of = table_of
        # Until which level a player out may buy back in (Tournament.rebuy_until), and the
        # structure played (its re-buys and add-on in the level posts).
        self.rebuy_until = rebuy_until
        self.structure = structure

    def name(self, player: str) -> str:
        return player_name(self.names, player, "a player")

    def posts(self, events: Iterable[Event]) -> list[Post]:
        out: list[Post] = []
        going_out: list[tev.Eliminated] = []  # consecutive eliminations: one post
        last_out: list[str] = []  # the players of the last eliminations (the bubble's)
        for e in events:
            if isinstance(e, tev.Eliminated):
                going_out.append(e)
                continue
            last_out = [g.player for g in going_out] or last_out
            if isinstance(e, hev.HandForHandEnded):
                out += self.eliminations(going_out)
                going_out = []
                out.append(Post(self.hand_for_hand_ended_text(e, last_out), channel=True,
                                every_table=True))
                continue
            out += self.eliminations(going_out)
            going_out = []
            post = self.post(e)
            if post is not None:
                out.append(post)
        out += self.eliminations(going_out)
        return out

    def eliminations(self, events: Sequence[tev.Eliminated]) -> list[Post]:
        """Everyone out in one change in one post: "ann, ben and dev are out, tied 3rd"."""
        if not events:
            return []
        by_place: dict[int, list[tev.Eliminated]] = {}
        for e in events:
            by_place.setdefault(e.place, []).append(e)
        lines = []
        for place in sorted(by_place, reverse=True):
            group = by_place[place]
            who = people([self.name(e.player) for e in group])
            if len(group) > 1:
                lines.append(f"💀 {who} are out, tied **{ordinal(place)}**.")
            elif (until := self.rebuy_until(group[0].player, group[0].at)) is not None:
                lines.append(f"💀 {who} is out in **{ordinal(place)}** place for now: "
                             f"{rebuy_open_text(until, '/tournament rebuy')}.")
            else:
                lines.append(f"💀 {who} is out in **{ordinal(place)}** place.")
        tables = tuple(dict.fromkeys(e.table for e in events))
        return [Post("\n".join(lines), tables=tables, channel=True)]

    def post(self, e: Event) -> Post | None:
        n = self.name
        table = getattr(e, "table", None)
        here = (table,) if isinstance(table, int) else ()
        if isinstance(e, tev.Started):
            return Post(f"**The tournament has started** with {len(e.players)} players.",
                        channel=True)
        if isinstance(e, tev.TableOpened):
            seats = ", ".join(f"{s.seat} {n(s.player)}" for s in e.seats)
            return Post(f"Table {e.table}: {seats}", tables=here, channel=True)
        if isinstance(e, tev.ButtonDrawn):
            drawn = ", ".join(f"{n(c.player)} {self.faces(c.card)}" for c in e.cards)
            return Post(f"Button draw at table {e.table}: {drawn}. The button starts at seat "
                        f"{e.button}.", tables=here)
        if isinstance(e, tev.LevelStarted):
            return Post(self.level_text(e), every_table=True)
        if isinstance(e, tev.OfflinePause):
            return Post(offline_pause_text(e), channel=True, every_table=True)
        if isinstance(e, tev.TournamentRuling):
            return Post(tournament_ruling_text(e, self.name), tables=here, channel=not here)
        if isinstance(e, tev.TimedOut):
            return Post(f"{n(e.player)} ran out of time and is now away "
                        f"({rule_ref(e.rule_id)}).", tables=here)
        if isinstance(e, tev.MarkedAway):
            if e.reason == "left":
                return Post(f"{n(e.player)} is away ({rule_ref(e.rule_id)}).",
                            tables=self.table_of(e.player))
            return None
        if isinstance(e, tev.CameBack):
            return Post(f"{n(e.player)} is back.", tables=self.table_of(e.player))
        if isinstance(e, tev.ClockCalled):
            return Post(f"⏱ **Clock** called on {n(e.player)} by {n(e.called_by)}: "
                        f"{self.clock_seconds} seconds, runs out <t:{int(e.expires_at)}:R> "
                        f"({rule_ref(e.rule_id)}).", tables=here)
        if isinstance(e, tev.ClockCountdown):
            secs = max(0, round(e.expires_at - e.at))
            return Post(f"⏱ {n(e.player)}: **{secs} seconds** left "
                        f"(<t:{int(e.expires_at)}:R>).", tables=here)
        if isinstance(e, tev.ClockExpired):
            how = "folded" if e.expiry == "fold" else "checked if possible, else folded"
            return Post(f"⏱ Time is up for {n(e.player)}: the hand is {how} "
                        f"({rule_ref(e.rule_id)}).", tables=here)
        if isinstance(e, tev.HandDeclaredDead):
            return None  # the penalty or disqualification was posted; the table's log says it
        if isinstance(e, tev.SeatsDrawn):
            seats = ", ".join(f"{s.seat} {n(s.player)}" for s in e.seats)
            return Post(f"Table {e.table} seats drawn afresh: {seats} ({rule_ref(e.rule_id)}).",
                        tables=here, channel=True)
        if isinstance(e, tev.ClockCancelled):
            return Post(f"⏱ The clock on {n(e.player)} is cancelled.", tables=here)
        if isinstance(e, tev.BustUndone):
            return Post(f"{n(e.player)} is back in (the bust was a mistake): table {e.table} "
                        f"seat {e.seat} ({rule_ref(e.rule_id)}).", tables=here, channel=True)
        if isinstance(e, tev.HandVoided):
            return Post(f"Hand {e.hand_id} is void by the director: {reason_text(e.reason)}. "
                        f"Stacks go back to where they were ({rule_ref(e.rule_id)}).",
                        tables=here)
        if isinstance(e, tev.PlayerMoved):
            return Post(f"{n(e.player)} moves from table {e.from_table} seat {e.from_seat} to "
                        f"table {e.to_table} seat {e.to_seat} ({rule_ref(e.rule_id)}).",
                        tables=(e.from_table, e.to_table))
        if isinstance(e, tev.TableBroken):
            return Post(f"Table {e.table} is broken ({rule_ref(e.rule_id)}).", tables=here,
                        channel=True)
        if isinstance(e, tev.FinalTable):
            return Post("**Final table**: " + people([n(p) for p in e.players])
                        + f" ({rule_ref(e.rule_id)}).", tables=here, channel=True)
        if isinstance(e, tev.ChipRaced):
            return Post(self.chip_race_text(e), every_table=True)
        if isinstance(e, tev.PenaltyGiven):
            return Post(f"Penalty: {n(e.player)} sits out {e.hands} hand(s): "
                        f"{reason_text(e.reason)} ({rule_ref(e.rule_id)}).",
                        tables=self.table_of(e.player), channel=True)
        if isinstance(e, tev.Disqualified):
            return Post(f"{n(e.player)} is **disqualified**: {reason_text(e.reason)} "
                        f"({rule_ref(e.rule_id)}).", channel=True)
        if isinstance(e, tev.ChipsRemoved):
            return Post(f"{n(e.player)}'s {chips(e.amount)} chips leave play; place "
                        f"{ordinal(e.place)} ({rule_ref(e.rule_id)}).", channel=True)
        if isinstance(e, tev.StackAdjusted):
            return Post(f"Director: {n(e.player)}'s stack {chips(e.before)} → {chips(e.after)}: "
                        f"{reason_text(e.reason)} ({rule_ref(e.rule_id)}).",
                        tables=self.table_of(e.player), channel=True)
        if isinstance(e, tev.Paused):
            return Post(f"⏸ The director paused the tournament: {reason_text(e.reason)}.",
                        every_table=True)
        if isinstance(e, tev.Resumed):
            return Post("▶ The tournament resumes.", every_table=True)
        clock = level_clock_text(e)
        if clock is not None:
            return Post(clock, channel=True, every_table=True)
        if isinstance(e, tev.TimeBankUsed):
            # Pressing Time is answered by the table message itself (one request per click).
            return Post(bank_used_text(n(e.player), e.seconds, rule_ref(e.rule_id)),
                        tables=here) if e.auto else None
        if isinstance(e, tev.TimeGiven):
            return Post(f"⏱ The director gives {n(e.player)} {e.seconds} more seconds to act "
                        f"({rule_ref(e.rule_id)}).", tables=here)
        if isinstance(e, tev.DirectorRuling):
            text = f"Ruling by the director: {reason_text(e.text)} ({rule_ref(e.rule_id)})."
            if e.players:
                text += " Concerns " + people([n(p) for p in e.players]) + "."
            return Post(text, channel=True)
        if isinstance(e, tev.LateRegistered):
            return Post(f"{n(e.player)} enters late: table {e.table} seat {e.seat}.",
                        tables=here, channel=True)
        if isinstance(e, tev.Rebuy):
            return Post(f"{n(e.player)} re-buys: table {e.table} seat {e.seat}.", tables=here,
                        channel=True)
        if isinstance(e, tev.AddOn):
            return Post(f"{n(e.player)} takes the add-on ({chips(e.chips)} chips).",
                        channel=True)
        if isinstance(e, tev.Finished):
            return Post(self.finish_text(e), channel=True, every_table=True)
        if isinstance(e, hev.HandForHandStarted):
            who = ", called by the director" if e.by is not None else ""
            return Post(f"✋ **Hand for hand**{who}: {e.players_left} players left, "
                        f"{e.places_paid} paid. Every table plays one hand and waits for the "
                        f"others ({rule_ref(e.rule_id)}).", channel=True, every_table=True)
        if isinstance(e, hev.HandForHandPlaced):
            shared = (", shared with " + people([n(p) for p in e.tied_with])
                      if e.tied_with else "")
            others = people([n(p) for p in e.round_players if p != e.player])
            return Post(f"{n(e.player)} takes **{ordinal(e.place)}** place{shared}: out in the "
                        f"same hand-for-hand round as {others}, with {chips(e.start_stack)} "
                        f"chips at the start of the hand ({rule_ref(e.rule_id)}).",
                        channel=True)
        if isinstance(e, hev.HandForHandEnded):
            return Post(self.hand_for_hand_ended_text(e, ()), channel=True, every_table=True)
        return None

    def hand_for_hand_ended_text(self, e: hev.HandForHandEnded, out: Sequence[str]) -> str:
        """The end of hand-for-hand; `out`: the last eliminations before it, named as the
        players out on the bubble when the results do not say who holds its place."""
        if e.reason == "bubble":
            # Whoever holds the bubble's place (places paid + 1) once the round's outs are
            # placed: not always the last out (a bigger stack out earlier in the round).
            bubble = e.places_paid + 1
            out = [r.player for r in self.results()
                   if r.place <= bubble <= r.place + len(r.tied_with)] or out
            who = f": {people([self.name(p) for p in out])} out on it" if out else ""
            return (f"🫧 **The bubble has burst**{who}. {e.players_left} players left, all in "
                    "the money: hand for hand is over, the tables play on their own again.")
        if e.reason == "final-table":
            return "✋ Hand for hand is over: one table is left."
        if e.reason == "field":
            return (f"✋ Hand for hand is over: {e.players_left} players left, more than the "
                    f"bubble again ({e.places_paid} paid).")
        return ("✋ The director ends **hand for hand**: the tables play on their own again "
                f"({rule_ref(e.rule_id)}).")

    def level_text(self, e: tev.LevelStarted) -> str:
        if e.is_break:
            text = "**Break.**"
        else:
            ante = f", ante {chips(e.ante)}" if e.ante else ""
            text = (f"**Level {e.level}**: blinds {chips(e.small_blind)}/{chips(e.big_blind)}"
                    f"{ante}, from the next hand")
        if e.ends_at is not None:
            text += f"; ends <t:{int(e.ends_at)}:R>"
        notes = (period_notes(self.structure, e.period, "/tournament addon")
                 if self.structure is not None else "")
        return text + "." + notes

    def chip_race_text(self, e: tev.ChipRaced) -> str:
        rows = [f"Chip race: the {chips(e.old_chip)} chips are raced off for "
                f"{chips(e.new_chip)} chips ({rule_ref(e.rule_id)})."]
        for r in e.lines:
            cards = cards_text(r.cards, self.faces) if r.cards else "no cards"
            won = {"no_chips": "no odd chips", "card": "wins a chip",
                   "half": "rounded up"}.get(r.won, r.won)
            rows.append(f"Table {r.table} seat {r.seat} {self.name(r.player)}: {cards} → "
                        f"{chips(r.stack_before)} to {chips(r.stack_after)}"
                        + (f" ({won})" if won else ""))
        return "\n".join(rows)

    def finish_text(self, e: tev.Finished) -> str:
        rows = [f"🏆 **{self.name(e.winner)} wins the tournament!**"]
        for r in list(self.results())[:25]:
            prize = f" — {self.money(r.prize)}" if r.prize else ""
            bought = purchases(r.rebuys, r.add_ons)
            rows.append(f"{ordinal(r.place)}: {self.name(r.player)}{prize}"
                        + (f" ({bought})" if bought else ""))
        if self.season:
            rows.append(self.season)
        return "\n".join(rows)


def after_hand_lines(events: Iterable[Event], hand_id: str, names: Mapping[str, str],
                     faces: Faces = text_face) -> list[str]:
    """What happened at a table after its hand ended (shows, the rabbit hunt), as lines of that
    hand's table message rather than posts of their own."""
    def name(player: str) -> str:
        return player_name(names, player, "a player")

    lines = []
    for e in events:
        if getattr(e, "hand_id", None) != hand_id:
            continue
        if isinstance(e, tev.CardsShown):
            verb = "at the table's request, shows" if e.requested_by else "shows"
            lines.append(f"{name(e.player)} {verb} {cards_text(e.cards, faces)}")
        elif isinstance(e, tev.RabbitAgreed):
            lines.append(f"{name(e.player)} agrees to a rabbit hunt")
        elif isinstance(e, tev.RabbitHunted):
            lines.append(f"Rabbit hunt: the rest of the board would have been "
                         f"{cards_text(e.cards, faces)}")
    return lines
