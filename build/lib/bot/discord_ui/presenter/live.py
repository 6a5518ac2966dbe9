"""Every sentence of live mode: a league night at real tables, where the bot is the
clock, the seat draw and the bust-out desk, and the cards and chips are real.

What the channel reads, as posts (`LiveTexts.posts`):
- the seat draw: every card dealt at every table, then the seating chart (table, seat,
  player) and the button (or, under tavern, the first dealer);
- a short post at each level or break (phones notify on a new message, not on an edit), and
  one a minute before a break ends;
- the answer to a bust: the place, the prize if in the money, and the next step: a balancing
  move ("Table 2 has 4, table 1 has 7: move Carol from table 1 seat 3 to table 2, seat 5"),
  a table break with its players' new seats, the final table drawn afresh with every card,
  heads-up, or the end; an undone bust, re-buys, add-ons, late entries and guests;
- the clock called on a player (its countdown and "time" as posts of their own);
- the chip race: its procedure at the level where a chip colour goes, then every card of it;
- the final results: every place, when each player went out and who busted him, the prizes
  and the league points.
And the one clock message of the tournament (`clock_text`), which every phone and the laptop
on the bar keep open: Discord's relative timestamps count down on every screen by themselves,
so the message changes only when the level, the field or the prize pool does.

Names: raw display names keyed by player id (members and guests, see `live_names`), escaped
here. Everything is a pure function of the tournament's events and state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bot.discord_ui.presenter.announcements import (
    Announcements,
    ordinal,
    people,
    period_notes,
    purchases,
    reason_text,
    rebuy_open_text,
)
from bot.discord_ui.presenter.cards import Faces, cards_text, text_face
from bot.discord_ui.presenter.clock import deal_text
from bot.discord_ui.presenter.limits import (
    MESSAGE_CHARS,
    chips,
    player_name,
    safe_name,
    safe_text,
    truncate,
)
from bot.discord_ui.presenter.money import Money
from bot.discord_ui.presenter.restart import caught_up_text
from bot.discord_ui.presenter.rulings import rule_ref
from bot.engine.events import Event
from bot.engine.hand_events import Seat
from bot.engine.profile import Profile
from bot.tournament import events as tev
from bot.tournament.live import (
    BustReport,
    ClockView,
    FinalDraw,
    MoveLine,
    bust_report,
    move_lines,
    standing_moves,
)
from bot.tournament.structure import Level
from bot.tournament.tournament import Result, Tournament

# Guests are named by the director; anything else unknown reads as this.
SOMEONE = "a player"
# A tournament's name as a title (the create command allows 80 characters).
TITLE_CHARS = 80
# Payouts listed by place on the clock (a big field's tail is summarised: the message is read
# across a room).
CLOCK_PAYOUTS_SHOWN = 6

_DRAW_METHODS: dict[tev.DrawMethod, str] = {
    "by_card": "one card each: the highest card takes the button and the others sit by "
               "descending card",
    "high_card": "seats drawn at random, then one card each: the highest card takes the button",
    "first_ace": "seats drawn at random, then cards dealt round until the first ace: that "
                 "player deals first",
}


def live_names(t: Tournament, members: Mapping[str, str]) -> dict[str, str]:
    """Every player's name: members by their display name, guests by the name the director
    entered (a guest linked to a member later keeps the name he played under tonight)."""
    names = dict(members)
    for player, guest in t.guests.items():
        names[player] = guest.name
    return names


def pack(blocks: Iterable[str], limit: int = MESSAGE_CHARS) -> list[str]:
    """Blocks of text as few messages as fit Discord's limit, never splitting a block that
    fits one message; a longer block is split between its lines."""
    parts: list[str] = []
    for block in blocks:
        if block:
            parts += [block] if len(block) <= limit else _fill(
                [truncate(line, limit) for line in block.split("\n")], "\n", limit)
    return _fill(parts, "\n\n", limit)


def _fill(parts: Iterable[str], sep: str, limit: int) -> list[str]:
    """The parts in order, joined by `sep` into as few texts of at most `limit` characters as
    they fit (each part fits one alone)."""
    out: list[str] = []
    current = ""
    for part in parts:
        joined = f"{current}{sep}{part}" if current else part
        if len(joined) <= limit:
            current = joined
        else:
            out.append(current)
            current = part
    if current:
        out.append(current)
    return out


def blinds(level: Level) -> str:
    """"150/300, ante 300" (no ante: "150/300")."""
    text = f"{chips(level.small_blind)}/{chips(level.big_blind)}"
    return text + (f", ante {chips(level.ante)}" if level.ante else "")


def minutes(seconds: float) -> str:
    m = round(seconds / 60)
    return f"{m} minute{'s' if m != 1 else ''}"


def clock_left(seconds: float) -> str:
    """Time left shown while paused (no timestamp can count down then): "7:20"."""
    whole = max(0, round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def at_time(at: float) -> str:
    """A moment as each reader's own clock shows it, and how far off it is."""
    return f"<t:{int(at)}:t> (<t:{int(at)}:R>)"


class LiveTexts:
    """Turns the events of one change of a live tournament into channel posts."""

    def __init__(self, names: Mapping[str, str], profile: Profile, *,
                 faces: Faces = text_face, tournament_name: str = "",
                 season: str = "", money: Money = chips) -> None:
        self.money = money
        self.names = names
        self.profile = profile
        self.faces = faces
        self.tournament_name = tournament_name
        self.season = season  # in the results: the season the night counts in

    def name(self, player: str) -> str:
        return player_name(self.names, player, SOMEONE)

    def bold(self, player: str) -> str:
        return f"**{self.name(player)}**"

    # ------------------------------------------------------------------ one change

    def posts(self, t: Tournament, events: Sequence[Event], now: float, *,
              report: BustReport | None = None,
              points: Mapping[str, float] | None = None) -> list[str]:
        """The posts for one committed change, in order, each within Discord's limit: each
        a message of its own (a phone shows a notification per message), the seat draw's
        tables packed as few as fit. `report`: the bust's report as the command computed it
        under the session's lock (else it is computed here); `points`: the league points of
        a finished night."""
        posts: list[str] = []
        started = any(isinstance(e, tev.Started) for e in events)
        if started:
            posts += pack(self.seat_draw(events))
        levels = [e for e in events if isinstance(e, tev.LevelStarted)]
        if levels and not started:
            # After a long pause of the bot several may have passed: the current one counts.
            posts.append(self.level(levels[-1], t))
        if levels:
            due = t.chip_race_due(now)
            if due is not None:
                posts.append(self.chip_race_procedure(t.smallest_chip, due))
        rest = [e for e in events
                if not isinstance(e, tev.Started | tev.TableOpened | tev.LevelStarted)
                and not (isinstance(e, tev.ButtonDrawn) and started)]
        posts += self._changes(t, rest, now, report)
        if not levels and any(isinstance(e, tev.ClockCaughtUp) for e in events):
            # The levels that passed while the bot was down: a colour-up may be due now.
            due = t.chip_race_due(now)
            if due is not None:
                posts.append(self.chip_race_procedure(t.smallest_chip, due))
        finished = next((e for e in events if isinstance(e, tev.Finished)), None)
        if finished is not None:
            # The results are a message of their own: the one a league keeps and scrolls to.
            posts.append(self.results(t, finished, points or {}))
        return [message for post in posts for message in pack([post])]

    def _changes(self, t: Tournament, events: Sequence[Event], now: float,
                 report: BustReport | None) -> list[str]:
        blocks: list[str] = []
        fallback = Announcements(self.names, self.faces, results=t.results)
        i = 0
        while i < len(events):
            e = events[i]
            if isinstance(e, tev.Eliminated):
                # The bust and everything it caused (moves, a break, the final table, the end).
                rep = report if report is not None and report.player == e.player else \
                    bust_report(t, events[i:])
                blocks.append(self.bust(rep, t))
                i = _after_consequences(events, i + 1)
                continue
            if isinstance(e, tev.PlayerMoved | tev.TableBroken | tev.FinalTable
                          | tev.SeatsDrawn | tev.ButtonDrawn):
                # Moves after an undo, a re-buy or a late entry: the same words as after a bust.
                end = _after_consequences(events, i)
                blocks.append(self.next_step(t, events, i, end))
                i = end
                continue
            text = self.event(e, t, events, now)
            if text is None and not isinstance(e, _QUIET):
                post = fallback.post(e)
                text = post.text if post is not None else None
            if text:
                blocks.append(text)
            i += 1
        return blocks

    def event(self, e: Event, t: Tournament, events: Sequence[Event],
              now: float) -> str | None:
        n, b = self.name, self.bold
        if isinstance(e, tev.GuestAdded):
            return None  # said with his registration, just after
        if isinstance(e, tev.Registered):
            guest = next((g for g in events if isinstance(g, tev.GuestAdded)
                          and g.player == e.player), None)
            if guest is None:
                return None  # a member who joined: his own command answered in the channel
            return f"🆕 {b(e.player)} is registered as a guest ({len(t.players)} players)."
        if isinstance(e, tev.LateRegistered):
            return (f"🆕 {b(e.player)} enters late: **table {e.table}, seat {e.seat}** "
                    f"({rule_ref(e.rule_id)}).")
        if isinstance(e, tev.Rebuy):
            return (f"🔁 {b(e.player)} re-buys ({chips(e.chips)} chips): **table {e.table}, "
                    f"seat {e.seat}**.")
        if isinstance(e, tev.AddOn):
            return f"➕ {b(e.player)} takes the add-on ({chips(e.chips)} chips)."
        if isinstance(e, tev.GuestLinked):
            return (f"🔗 {b(e.player)} is the member {self.member_name(e.member)}: tonight's "
                    "result counts for the member.")
        if isinstance(e, tev.BustUndone):
            left = len(t.playing)
            text = (f"↩️ **Bust undone**: {b(e.player)} is back in at **table {e.table}, seat "
                    f"{e.seat}**; the {ordinal(e.place)} place is open again, {left} players "
                    f"left ({rule_ref(e.rule_id)}).")
            kept = standing_moves(t, e)
            if kept:
                # An undo takes back the bust, not the moves: say where the moved sit now.
                stay = "; ".join(f"{b(m.player)} stays at table {m.to_table}, seat {m.to_seat}"
                                 for m in kept)
                text += (f"\nThe move{'s' if len(kept) > 1 else ''} after his bust "
                         f"stand{'' if len(kept) > 1 else 's'}: {stay}.")
            return text
        if isinstance(e, tev.ClockCalled):
            return (f"⏱ **Clock** on {b(e.player)} (table {e.table}, seat {e.seat}), called by "
                    f"{n(e.called_by)}: {self.clock_terms(e)}. Time <t:{int(e.expires_at)}:R> "
                    f"({rule_ref(e.rule_id)}).")
        if isinstance(e, tev.ClockCountdown):
            secs = max(0, round(e.expires_at - e.at))
            return (f"⏱ {b(e.player)}: **{secs} seconds**, counting down. Time "
                    f"<t:{int(e.expires_at)}:R>.")
        if isinstance(e, tev.ClockExpired):
            what = ("the hand is dead" if e.expiry == "fold"
                    else "facing a bet the hand is dead; with no bet to call it checks")
            return (f"⏱ **Time** on {b(e.player)} at table {e.table}: {what} "
                    f"({rule_ref(e.rule_id)}).")
        if isinstance(e, tev.ClockCancelled):
            return f"⏱ The clock on {n(e.player)} is stopped: he acted."
        if isinstance(e, tev.ChipRaced):
            return self.chip_race(e)
        if isinstance(e, tev.ClockCaughtUp):
            return caught_up_text(e, self.bold)
        if isinstance(e, tev.Paused):
            return (f"⏸ **The clock is paused** by the director: {reason_text(e.reason)}. "
                    "Every time stops until it runs again.")
        if isinstance(e, tev.Resumed):
            view = t.clock_view(now)
            when = (f"; {'the break' if view.on_break else f'level {view.level}'} ends "
                    f"{at_time(view.ends_at)}" if view.ends_at is not None else "")
            return f"▶️ **The clock runs again**{when}."
        return None

    def member_name(self, member: str) -> str:
        name = player_name(self.names, member, "")
        return f"**{name}**" if name else "who joined the server"

    # ------------------------------------------------------------------ the seat draw

    def seat_draw(self, events: Sequence[Event]) -> list[str]:
        """Every card of every table's draw, then its seats and button: one block a table."""
        opened = {e.table: e for e in events if isinstance(e, tev.TableOpened)}
        draws = {e.table: e for e in events if isinstance(e, tev.ButtonDrawn)}
        players = sum(len(e.seats) for e in opened.values())
        head = (f"🃏 **The seat draw**: {players} players at {len(opened)} "
                f"table{'s' if len(opened) != 1 else ''}. Take your seat.")
        blocks = [head]
        for table in sorted(opened):
            blocks.append(self.table_draw(f"**Table {table}**", opened[table].seats,
                                          draws.get(table)))
        return blocks

    def table_draw(self, title: str, seats: Sequence[Seat],
                   draw: tev.ButtonDrawn | FinalDraw | None) -> str:
        """A table's seating chart, after every card of its draw and who got the button."""
        lines = [title]
        if draw is not None:
            rule = draw.rule_id if isinstance(draw, tev.ButtonDrawn) else "final-table"
            lines[0] += f": {_DRAW_METHODS[draw.method]} ({rule_ref(rule)})."
            lines.append("Cards dealt: " + " · ".join(
                f"{self.name(c.player)} {self.faces(c.card)}" for c in draw.cards))
        lines += [f"Seat {s.seat} · {self.name(s.player)}"
                  for s in sorted(seats, key=lambda s: s.seat)]
        if draw is not None:
            owner = next((s.player for s in seats if s.seat == draw.button), None)
            who = f", {self.name(owner)}," if owner is not None else ""
            role = "deals first" if draw.method == "first_ace" else "has the button"
            lines.append(f"Seat {draw.button}{who} {role}.")
        return "\n".join(lines)

    # ------------------------------------------------------------------ levels

    def level(self, e: tev.LevelStarted, t: Tournament) -> str:
        s = t.structure
        period = s.periods[e.period]
        # Its length as it runs: the director may have moved the clock.
        length = e.ends_at - e.at if e.ends_at is not None else period.seconds
        if e.is_break:
            text = f"☕ **Break**: {minutes(length)}."
            if e.ends_at is not None:
                after = s.level_for_hand(e.period)
                text += (f" Play resumes {at_time(e.ends_at)} with level {e.level}: blinds "
                         f"{blinds(after)}.")
            return text + period_notes(s, e.period, '/td addon')
        level = s.level_for_hand(e.period)
        text = f"⏰ **Level {e.level}**: blinds **{blinds(level)}**"
        if e.ends_at is None:
            text += ", the last level (it runs to the end)."
        else:
            text += f", {minutes(length)}, until {at_time(e.ends_at)}."
        return text + period_notes(s, e.period, '/td addon')

    def break_ending(self, ends_at: float, level: int, after: Level) -> str:
        return (f"⏰ **One minute**: the break ends <t:{int(ends_at)}:R>. Level {level}, blinds "
                f"**{blinds(after)}**: take your seats.")

    # ------------------------------------------------------------------ busts and moves

    def bust(self, r: BustReport, t: Tournament) -> str:
        by = f", busted by {self.name(r.knocked_out_by)}" if r.knocked_out_by else ""
        if r.rebuy_until is not None:
            worth = f" and would win **{chips(r.prize)}**" if r.prize else ""
            lines = [f"{'💰' if r.prize else '💀'} {self.bold(r.player)} is out in "
                     f"**{ordinal(r.place)}** place for now{worth}{by}: "
                     f"{rebuy_open_text(r.rebuy_until, '/td rebuy')}."]
        elif r.prize:
            lines = [f"💰 {self.bold(r.player)} finishes **{ordinal(r.place)}** and wins "
                     f"**{self.money(r.prize)}**{by}."]
        else:
            lines = [f"💀 {self.bold(r.player)} is out in **{ordinal(r.place)}** place{by}."]
        if r.finished:
            return "\n".join(lines)
        lines[0] += f" {r.place - 1} players left."
        lines += self.steps(r.moves, r.broken_table, r.final_table is not None)
        if r.final_table is not None:
            ft = r.final_table
            lines.append(self.table_draw(
                f"🏁 **Final table** at table {ft.table}, seats and button drawn afresh",
                ft.seats, ft))
        if r.heads_up:
            a, b = sorted(t.playing)[:2]
            lines.append(f"🥊 **Heads-up**: {self.name(a)} against {self.name(b)}.")
        return "\n".join(lines)

    def steps(self, moves: Sequence[MoveLine], broken: int | None, final: bool) -> list[str]:
        """Balancing moves, or a broken table's new seats. Before a final table the seats of a
        break do not matter (the final table draws again): its players are only sent there."""
        lines: list[str] = []
        if broken is not None:
            going = [m for m in moves if m.reason == "break"]
            if final:
                lines.append(f"🧱 **Table {broken} breaks**: its players go to the final table "
                             f"({rule_ref('breaking-tables')}).")
            else:
                lines.append(f"🧱 **Table {broken} breaks**: its players take these seats "
                             f"({rule_ref('breaking-tables')}):")
                lines += [f"· {self.bold(m.player)}: table {m.to_table}, seat {m.to_seat}"
                          for m in going]
        for m in moves:
            if m.reason == "balance":
                lines.append(self.move(m))
        return lines

    def move(self, m: MoveLine) -> str:
        return (f"➡️ Table {m.to_table} has {m.to_count}, table {m.from_table} has "
                f"{m.from_count}: move {self.bold(m.player)} from table {m.from_table} seat "
                f"{m.from_seat} to **table {m.to_table}, seat {m.to_seat}** "
                f"({rule_ref('table-balancing')}).")

    def next_step(self, t: Tournament, events: Sequence[Event], start: int, end: int) -> str:
        """Moves that followed an undo, a re-buy or a late entry (no bust)."""
        moves = move_lines(t, events)
        part = events[start:end]
        broken = next((e.table for e in part if isinstance(e, tev.TableBroken)), None)
        drawn = next((e for e in part if isinstance(e, tev.SeatsDrawn)), None)
        lines = self.steps([m for m in moves if any(
            isinstance(e, tev.PlayerMoved) and e.player == m.player for e in part)],
            broken, drawn is not None)
        if drawn is not None:
            draw = next((e for e in part if isinstance(e, tev.ButtonDrawn)
                         and e.table == drawn.table), None)
            lines.append(self.table_draw(f"🏁 **Final table** at table {drawn.table}, seats "
                                         "and button drawn afresh", drawn.seats, draw))
        return "\n".join(lines)

    # ------------------------------------------------------------------ the clock on a player

    def clock_terms(self, e: tev.ClockCalled) -> str:
        count = round(e.expires_at - e.countdown_at)
        if self.profile.clock_countdown_after:
            return (f"{round(e.countdown_at - e.at)} seconds, then a {count}-second "
                    "countdown")
        return f"{round(e.expires_at - e.at)} seconds, the last {count} counted down"

    # ------------------------------------------------------------------ the chip race

    def chip_race_procedure(self, old: int, new: int) -> str:
        small, big, ratio = chips(old), chips(new), new // old
        example = f"Ann {min(3, ratio - 1)}, Bob 1"
        return "\n".join([
            f"🎲 **Chip race**: the {small} chips are no longer needed, every blind and ante "
            f"from here on is in {big}s ({rule_ref('chip-race')}).",
            f"1. At every table, change up each {ratio} × {small} for a {big}.",
            f"2. Each player counts the {small}s he has left (0 to {ratio - 1}).",
            f"3. The director enters them: `/td chiprace counts:` such as `{example}` "
            f"(anyone not named has none); `only_odd:` names a player who has nothing but "
            f"{small}s: he gets a {big} first, nobody is raced out.",
            f"4. The bot deals one card per odd chip, seat 1 first and clockwise; the highest "
            f"cards win a {big} each (one a player) while the odd chips make whole {big}s, and "
            f"a leftover of half a {big} or more goes to the next highest card. Every card is "
            "posted."])

    def chip_race(self, e: tev.ChipRaced) -> str:
        small, big = chips(e.old_chip), chips(e.new_chip)
        lines = [f"🎲 **Chip race**: the {small}s are raced off for {big}s "
                 f"({rule_ref(e.rule_id)})."]
        table = None
        winners = 0
        for r in e.lines:
            if not r.cards and not r.won:
                continue
            if r.table != table:
                table = r.table
                lines.append(f"**Table {table}**")
            count = r.stack_before // e.old_chip if e.old_chip else 0
            if r.won == "no_chips":
                what = f"has nothing but {small}s: gets a {big} first"
            elif r.won == "card":
                what = f"**wins a {big}**"
            elif r.won == "half":
                what = f"**wins a {big}** (the half left over)"
            else:
                what = "nothing"
            winners += bool(r.won)
            cards = cards_text(r.cards, self.faces) if r.cards else "no card"
            lines.append(f"· seat {r.seat} {self.name(r.player)}, {count} × {small}: {cards} "
                         f"→ {what}")
        if len(lines) == 1:
            lines.append(f"Nobody had an odd {small}: they all leave play.")
        else:
            lines.append(f"{winners} new {big}{'s' if winners != 1 else ''} in play; every "
                         f"other {small} leaves play.")
        return "\n".join(lines)

    # ------------------------------------------------------------------ the end

    def results(self, t: Tournament, e: tev.Finished, points: Mapping[str, float]) -> str:
        """Every place, when each player went out and who busted him (his last entry's: a bust
        he bought back from is not his result), his re-buys and add-ons, prizes and points."""
        title = (safe_text(self.tournament_name, TITLE_CHARS) if self.tournament_name
                 else "the tournament")
        head = [f"🏆 {self.bold(e.winner)} wins {title}! {t.entries} entries, prize pool "
                f"{self.money(e.prize_pool)}."]
        lines = head + [self.result_line(r, points) for r in t.results()]
        scored = bool(points)
        season = f"{self.season} " if self.season else ""
        lines.append(season + ("League points are in: `/standings`." if scored else
                      "This night counts for no league season: no points.")
                     + " Settle up with `/settle`.")
        return "\n".join(lines)

    def result_line(self, r: Result, points: Mapping[str, float]) -> str:
        parts = [f"{r.place}. {self.bold(r.player) if r.place == 1 else self.name(r.player)}"]
        if r.prize:
            parts.append(f"**{self.money(r.prize)}**")
        if r.out_at is not None:
            out = f"out <t:{int(r.out_at)}:t>"
            if r.knocked_out_by:
                out += f", busted by {self.name(r.knocked_out_by)}"
            parts.append(out)
        if r.tied_with:
            parts.append("tied with " + people([self.name(p) for p in r.tied_with]))
        if bought := purchases(r.rebuys, r.add_ons):
            parts.append(bought)
        if r.disqualified:
            parts.append("disqualified")
        got = points.get(r.member or r.player)
        if got is not None:
            parts.append(f"{got:g} pt{'' if got == 1 else 's'}")
        return " · ".join(parts)


# Events said elsewhere or not worth a post in live mode (the table's own business).
_QUIET = (tev.Registered, tev.GuestAdded, tev.Unregistered, tev.Eliminated, tev.Finished,
          tev.HandFinished, tev.MarkedAway, tev.CameBack)


_CONSEQUENCES = (tev.PlayerMoved, tev.TableBroken, tev.FinalTable, tev.SeatsDrawn,
                 tev.ButtonDrawn, tev.Finished)


def _after_consequences(events: Sequence[Event], i: int) -> int:
    """The index after the moves, breaks and draws that start at `i`."""
    while i < len(events) and isinstance(events[i], _CONSEQUENCES):
        i += 1
    return i


# ---------------------------------------------------------------------- the clock message


def clock_text(view: ClockView, *, title: str, chip_race_due: int | None = None,
               smallest_chip: int = 0, winner: str | None = None,
               names: Mapping[str, str] | None = None, money: Money = chips) -> str:
    """The tournament's one clock message: big enough to read across a room, and the same
    text for as long as nothing changes (its timestamps count down by themselves). `names`
    (player id -> name) names the dealt players once a deal is made."""
    lines = [f"**{safe_text(title, TITLE_CHARS)}** · live clock"]
    if view.status == "finished":
        lines.append(f"# 🏆 {safe_name(winner)} wins" if winner else "# 🏆 Finished")
        lines.append(f"{view.entries} entries · prize pool {money(view.prize_pool)} · the "
                     "results are below.")
        return "\n".join(lines)
    here = Level(view.small_blind, view.big_blind, view.ante, 0)
    if view.on_break:
        lines.append("# ☕ Break")
    elif view.status == "running":
        lines.append(f"# Level {view.level} · {blinds(here)}")
    else:
        lines.append(f"# Level 1 · {blinds(here)} · not started")
    if view.hand_for_hand and view.status == "running":
        lines.append("✋ **Hand for hand**: every table plays one hand and waits for the "
                     "others.")
    if view.paused:
        left = clock_left(view.seconds_left) if view.seconds_left is not None else "the level"
        lines.append(f"⏸ **Paused**: {left} left when the clock runs again.")
    elif view.ends_at is not None:
        what = "Play resumes" if view.on_break else "Level ends"
        lines.append(f"⏳ {what} <t:{int(view.ends_at)}:R> · at <t:{int(view.ends_at)}:t>")
    elif view.status == "running":
        lines.append("⏳ The last level: it runs to the end.")
    if view.on_break:
        lines.append(f"Then level {view.level}: {blinds(here)}")
    elif view.next_is_break:
        lines.append("Next: ☕ a break" + (f" <t:{int(view.next_break_at)}:R>"
                                          if view.next_break_at is not None else ""))
    elif view.next_level is not None:
        lines.append(f"Next: level {view.level + 1} · {blinds(view.next_level)}")
    if view.next_break_at is not None and not view.on_break and not view.next_is_break:
        lines.append(f"☕ Next break <t:{int(view.next_break_at)}:R>")
    if chip_race_due is not None and smallest_chip:
        lines.append(f"🎲 Chip race due: the {chips(smallest_chip)}s go (`/td chiprace`).")
    field = f"👥 **{view.players_left}** of {view.entries} left"
    if view.rebuys:
        field += f" · {view.rebuys} re-buy{'s' if view.rebuys != 1 else ''}"
    if view.add_ons:
        field += f" · {view.add_ons} add-on{'s' if view.add_ons != 1 else ''}"
    lines.append(field)
    lines.append(f"📊 Average stack **{chips(view.average_stack)}**")
    if view.prize_pool:
        lines.append(f"💰 Prize pool **{money(view.prize_pool)}**"
                     + payouts_line(view.payouts, money))
    if view.deal is not None:
        lines.append(f"🤝 {deal_text(view.deal, names or {})}")
    return "\n".join(lines)


def cancelled_clock_text(title: str) -> str:
    """The clock message of a tournament the director cancelled: nothing counts down."""
    return (f"**{safe_text(title, TITLE_CHARS)}** · live clock\n# ✖ Cancelled\n"
            "The director cancelled this tournament.")


def payouts_line(payouts: Sequence[int], money: Money = chips) -> str:
    if not payouts:
        return ""
    shown = [f"{ordinal(i + 1)} {money(p)}" for i, p in enumerate(payouts[:CLOCK_PAYOUTS_SHOWN])]
    more = len(payouts) - CLOCK_PAYOUTS_SHOWN
    return " · " + " · ".join(shown) + (f" · … {len(payouts)} paid" if more > 0 else "")


# ---------------------------------------------------------------------- private answers


def bust_receipt(r: BustReport, names: Mapping[str, str]) -> str:
    """The private answer to `/bust`: the channel has the full post."""
    who = player_name(names, r.player, SOMEONE)
    wait = (f" for now (he may re-buy until the end of level {r.rebuy_until})"
            if r.rebuy_until is not None else "")
    return (f"Recorded: {who} out in {ordinal(r.place)} place{wait}. The channel has the next "
            "step.")


def odd_chips_help(old: int, new: int) -> str:
    ratio = new // old
    return (f"Give each player's odd {chips(old)}s as `name count`, separated by commas, such "
            f"as `Ann {min(3, ratio - 1)}, Bob 1` (0 to {ratio - 1} each: every {ratio} were "
            f"changed for a {chips(new)}). Players not named have none.")


def link_receipt(guest: str, member: str, tonight: bool,
                 nights: Sequence[tuple[str, int, int, int, float]]) -> str:
    """The private answer to `/td link`: whose results now count for the member. `nights`:
    the finished nights moved, as (name, number, place, prize, points)."""
    who, to = safe_name(guest), safe_name(member)
    parts = []
    if tonight:
        parts.append(f"Linked: {who}'s result tonight counts for {to}.")
    if nights:
        lines = [f"· {safe_text(name, TITLE_CHARS)} (#{number}): {ordinal(place)}"
                 + (f", {chips(prize)}" if prize else "") + f", {points:g} pts"
                 for name, number, place, prize, points in nights]
        count = f"{len(nights)} finished night{'s' if len(nights) != 1 else ''}"
        parts.append(f"{'Also linked' if tonight else 'Linked'}: {who}'s {count} now count "
                     f"for {to} (results, points and `/standings`):\n" + "\n".join(lines))
    return "\n".join(parts)
