"""`python -m bot demo live`: a short live night, offline, printed as the channel would show
it.

No Discord and no token: the real game service runs a live tournament (real cards and chips:
the bot deals nothing) on a temporary database, on a clock of its own that jumps from moment
to moment, and a director works the desk: guests entered by name, the seat draw, levels, busts
with their balancing moves, an undone bust, the clock called on a player, the chip race, the
final table, heads-up and the results. Every line printed is the live presenter's own text,
rendered for a terminal (`bot.discord_ui.terminal`: no Markdown marks, Discord's timestamps as
a reader's client shows them, "in 10 minutes", "20:10"). The one clock message is printed
whole when it is posted, then only the lines each edit changes.
"""

from __future__ import annotations

import asyncio
import difflib
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from bot.discord_ui.presenter.live import LiveTexts, clock_text, live_names
from bot.discord_ui.terminal import Terminal
from bot.engine.profile import make_profile
from bot.service import Outcome, Session, TournamentService
from bot.store import SqlTransaction, Store
from bot.tournament.live import BustReport, bust_report
from bot.tournament.payouts import load_payout_table
from bot.tournament.players import PlayerId, member_player
from bot.tournament.structure import Break, load_structure
from bot.tournament.tournament import Tournament, TournamentConfig

# Discord user id -> name
USERS = {101: "Alex", 102: "Dana", 103: "Sam", 104: "Kim", 105: "Lee"}
MEMBERS: dict[str, str] = {member_player(uid): name for uid, name in USERS.items()}
GUESTS = ("Pat (guest)", "Jo (guest)", "Ray (guest)")
DIRECTOR = "900"
START = 1_700_000_000.0
CHANNEL = "#live  "
def changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    """What an edit of a message changed, marked as a diff marks it: `+` for each line it
    wrote or rewrote, `-` for each line it took away; the lines it left alone are not shown."""
    old, new = before.splitlines(), after.splitlines()
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False
                                                      ).get_opcodes():
        if op == "equal":
            continue
        out += [("+", line) for line in new[j1:j2]]
        # Old lines beyond those rewritten were taken away.
        out += [("-", line) for line in old[i1 + (j2 - j1):i2]]
    return out


class Desk:
    """Prints what the live channel shows: each post, and the clock message: whole when it is
    posted, then only its lines that an edit changes."""

    def __init__(self, now: list[float], terminal: Terminal) -> None:
        self.now = now
        self.terminal = terminal
        self.clock_shown: str | None = None
        self.warned: set[int] = set()

    def print(self, text: str, prefix: str = CHANNEL) -> None:
        print(prefix + self.terminal.render(text, self.now[0]).replace("\n", "\n" + prefix))
        print()

    def names(self, t: Tournament) -> dict[str, str]:
        return live_names(t, {**MEMBERS, DIRECTOR: "the director"})

    async def listener(self, session: Session, outcome: Outcome) -> None:
        t = session.tournament
        texts = LiveTexts(self.names(t), t.profile, tournament_name="Demo Night")
        report = outcome.result if isinstance(outcome.result, BustReport) else None
        for post in texts.posts(t, outcome.tournament_events, self.now[0], report=report):
            self.print(post)
        self.show_clock(t)

    def show_clock(self, t: Tournament) -> None:
        if t.status == "registering":
            return
        now = self.now[0]
        names = self.names(t)
        winner = names.get(t.winner) if t.winner else None
        text = clock_text(t.clock_view(now), title="Demo Night", winner=winner,
                          chip_race_due=t.chip_race_due(now), smallest_chip=t.smallest_chip,
                          names=names)
        if text == self.clock_shown:
            return
        if self.clock_shown is None:
            print(f"{CHANNEL}[the clock message, posted:]")
            self.print(text)
        else:
            print(f"{CHANNEL}[the clock message, edited:]")
            for mark, line in changed_lines(self.clock_shown, text):
                print(f"{CHANNEL}  {mark} {self.terminal.render(line, now)}")
            print()
        self.clock_shown = text

    def break_warning(self, t: Tournament) -> None:
        """The post a minute before a break ends (the bot's own timer in the live clock)."""
        now = self.now[0]
        view = t.clock_view(now)
        period = t.period_index(now)
        s = t.structure
        if view.on_break and view.ends_at is not None and view.ends_at - now <= 60 \
                and period not in self.warned and isinstance(s.periods[period], Break):
            self.warned.add(period)
            texts = LiveTexts(self.names(t), t.profile)
            self.print(texts.break_ending(view.ends_at, s.level_number(period),
                                          s.level_for_hand(period)))


async def _night(store: Store, seed: int) -> None:
    rng = random.Random(seed)
    now = [START]
    desk = Desk(now, Terminal.for_output(sys.stdout))
    config = TournamentConfig(profile=make_profile("treps"), structure=load_structure("turbo"),
                              payouts=load_payout_table("standard"), seats_per_table=5,
                              buy_in=20, mode="live")
    service = TournamentService(store, clock=lambda: now[0], seeds=lambda: f"demo-live-{seed}",
                                listener=desk.listener, hand_delay=0)
    session = await service.create(guild_id=1, channel_id=1, name="Demo Night", config=config)
    print(f"{CHANNEL}Demo Night: a live tournament (real cards and chips), turbo structure, "
          "treps rules, 5 seats a table\n")

    async def run(command: Callable[[Tournament, float], object]) -> Outcome:
        return await session.run(command)

    async def wait(seconds: float, step: float = 60.0) -> None:
        """Time passes: the session's timers as the bot's would fire them."""
        end = now[0] + seconds
        while now[0] < end:
            now[0] = min(end, now[0] + step)
            await run(lambda t, at: t.tick(at))
            desk.break_warning(session.tournament)

    for uid, name in USERS.items():
        session.set_name(member_player(uid), name)
        await session.run(_register(member_player(uid)),
                          also=_entry(session.store_id, uid, name))
    for guest in GUESTS:
        await run(_guest(guest))
    await run(lambda t, at: t.start(f"demo-live-start-{seed}", at))

    async def bust(player: str, by: str | None = None) -> None:
        print(f"> /bust player:{desk.names(session.tournament)[player]}"
              + (f" by:{desk.names(session.tournament)[by]}" if by else ""))
        await run(lambda t, at: bust_report(t, t.bust(player, at, knocked_out_by=by,
                                                      recorded_by=DIRECTOR)))

    t = session.tournament
    await wait(10 * 60)
    smallest = min(t.tables, key=lambda x: len(t.tables[x].seats))
    first = sorted(t.tables[smallest].seats.values())
    await bust(first[0], by=sorted(t.playing)[-1])
    await wait(3 * 60)
    await bust(sorted(t.tables[smallest].seats.values())[0])
    print("> /td undo")
    await run(lambda tt, at: tt.undo_bust(DIRECTOR, at))
    target = sorted(t.playing)[0]
    print(f"> /clock player:{desk.names(t)[target]}")
    await run(lambda tt, at: tt.clock_player(target, sorted(tt.playing)[1], at))
    await wait(60, step=10)
    # On to the level where the 25s go: the race procedure, then the director's counts.
    while t.chip_race_due(now[0]) is None:
        await wait(5 * 60)
    ratio = t.chip_race_due(now[0]) // t.smallest_chip  # type: ignore[operator]  # due
    counts = {p: rng.randrange(ratio) for p in t.playing}
    print("> /td chiprace counts:" + ", ".join(f"{desk.names(t)[p]} {n}"
                                                for p, n in counts.items() if n))
    await run(lambda tt, at: tt.race_odd_chips(counts, at))
    while t.status == "running":
        await wait(4 * 60)
        victim = rng.choice(t.playing)
        await bust(victim, by=rng.choice([p for p in t.playing if p != victim]))
    service.close()


def _register(player: PlayerId) -> Callable[[Tournament, float], object]:
    return lambda t, at: t.register(player, at)


def _entry(store_id: int, uid: int, name: str) -> Callable[[SqlTransaction], object]:
    def entry(tx: SqlTransaction) -> object:
        return tx.add_entry(store_id, uid, name)

    return entry


def _guest(name: str) -> Callable[[Tournament, float], object]:
    return lambda t, at: t.add_guest(name, DIRECTOR, at)


async def _demo(seed: int) -> None:
    # The data files are read (and may refuse) before the database opens; the database is
    # closed on every way out, or its thread would keep the process alive.
    load_structure("turbo")
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "demo-live.sqlite3")
        try:
            await _night(store, seed)
        finally:
            await store.close()


def run_live_demo(argv: list[str] | None = None) -> int:
    args = argv or []
    seed = int(args[0]) if args and args[0].isdecimal() and len(args[0]) < 10 else 7
    asyncio.run(_demo(seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(run_live_demo())
