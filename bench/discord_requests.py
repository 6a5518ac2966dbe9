"""Discord HTTP requests per player action, on a simulated Discord (SimCord): six players, hands
played to the end by button clicks (everyone checks or calls), the bot's requests counted from
each deal to the end of that hand, the deal's DMs included.

The peer is the old way, measured in the same run: the bot as it was before the Discord layer
was rebuilt (commit OLD_COMMIT: a defer, a follow-up and a separate edit per click, and posts for
the deck fingerprint, routine rulings, the showdown and the deck check), taken from git into a
temporary folder and driven by this same script in a child process.

    python -m bench.discord_requests            # both, and the ratio
    python -m bench.discord_requests --only new

Aim: at most 1.6 requests per action, so a busy night stays well inside Discord's rate
limits. Exits when done.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

OLD_COMMIT = "8ae03a9"  # the last commit before the rebuild (bot/app.py, bot/announcer.py then)
GUILD_ID = 1_111_111_111_111_111_111
HANDS = 3
ROOT = Path(__file__).resolve().parents[1]


def kind(method: str, path: str) -> str:
    path = re.sub(r"\d{6,}", "{id}", path)
    path = re.sub(r"/interactions/\{id\}/[^/]+/", "/interactions/{id}/{token}/", path)
    path = re.sub(r"/webhooks/\{id\}/[^/]+", "/webhooks/{id}/{token}", path)
    return f"{method} {path}"


def _bot_api() -> tuple[Any, str]:
    """create_bot and the announcer's per-tournament map, in the new or the old layout."""
    try:
        from bot.discord_ui.client import create_bot

        return create_bot, "places"
    except ImportError:  # the old tree
        from bot.app import create_bot  # type: ignore[import-not-found,no-redef]  # old layout

        return create_bot, "views"


async def measure() -> dict[str, Any]:
    import discord
    from simcord import Env

    create_bot, places_attr = _bot_api()
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(Path(tmp) / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=1.0)
        env = Env(bot)
        guild = env.create_guild("Bench", id=GUILD_ID)
        await env.start()
        try:
            channel = guild.create_text_channel("poker")
            players = [guild.add_member(env.create_user(f"p{i}")) for i in range(6)]
            # An admin directs: the same in the old and the new command tree.
            admins = guild.create_role("Admins",
                                       permissions=discord.Permissions(administrator=True))
            admin = guild.add_member(env.create_user("admin"), roles=[admins])
            await admin.slash(channel, "tournament create", name="Bench", structure="deep",
                              seats=6)
            for p in players:
                await p.slash(channel, "tournament join")
            await admin.slash(channel, "tournament start")
            session = bot.tournaments.unfinished_in(GUILD_ID)[0]
            by_id = {str(p.id): p for p in players}
            counts: collections.Counter[str] = collections.Counter()
            actions = requests = 0
            for _ in range(HANDS):
                start = len(env.http_requests)
                await env.advance_time(1.0)  # the deal
                hand = session.tournament.tables[1].hand
                assert hand is not None
                while not hand.is_over:
                    seat = hand.to_act
                    assert seat is not None
                    ref = getattr(bot.announcer, places_attr)[session.store_id].messages[1]
                    msg = next(m for m in channel.history() if m.id == ref.message_id)
                    cid = next(c.custom_id for row in msg.components
                               if isinstance(row, discord.ActionRow) for c in row.children
                               if isinstance(c, discord.Button) and c.custom_id is not None
                               and c.custom_id.startswith("hp:c:"))
                    await by_id[hand.players[seat].player].click(msg, custom_id=cid)
                    actions += 1
                done = env.http_requests[start:]
                requests += len(done)
                counts.update(kind(r.method, r.path) for r in done)
        finally:
            await env.shutdown()
            # SimCord detaches the bot without closing it: close the timers and the store's
            # connection thread, or this process would not exit.
            bot.tournaments.close()
            await bot.store.close()
    return {"actions": actions, "requests": requests, "counts": dict(counts)}


def measure_old() -> dict[str, Any] | None:
    """The same run on the old tree, in a child process (its own imports)."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", OLD_COMMIT],
                                 capture_output=True, check=False)
        if archive.returncode != 0:
            print(f"(old way not measured: no git history with {OLD_COMMIT})")
            return None
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        # The old tree reads its own data files as the package bot.data.
        (Path(tmp) / "bot" / "data").symlink_to(Path(tmp) / "data")
        env = {**os.environ, "PYTHONPATH": tmp}
        child = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child"],
                               cwd=tmp, env=env, capture_output=True, text=True, check=False)
        if child.returncode != 0:
            print("(old way failed to run)\n" + child.stderr[-2000:])
            return None
        result: dict[str, Any] = json.loads(child.stdout.strip().splitlines()[-1])
        return result


def report(label: str, run: dict[str, Any]) -> float:
    per_action: float = run["requests"] / max(run["actions"], 1)
    print(f"{label}: {HANDS} six-handed hands, {run['actions']} actions by button, "
          f"{run['requests']} requests from the deals to the ends: "
          f"{per_action:.2f} per action (deal DMs included)")
    for k, n in sorted(run["counts"].items(), key=lambda kv: -kv[1]):
        print(f"  {n:4d}  {k}")
    return per_action


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("new", "old"))
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(asyncio.run(measure())))
        return 0
    new = asyncio.run(measure()) if args.only != "old" else None
    old = measure_old() if args.only != "new" else None
    new_rate = report("new way", new) if new else None
    old_rate = report("old way", old) if old else None
    if new_rate is not None and old_rate is not None:
        print(f"requests per action: new {new_rate:.2f} vs old {old_rate:.2f} "
              f"(ratio {new_rate / old_rate:.2f}; aim ≤ 1.6 per action)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
