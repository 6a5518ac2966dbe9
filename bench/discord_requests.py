"""HTTP requests per hand on a simulated Discord (SimCord): one 6-handed hand, every action a
button click, the bot's requests counted from the deal to the end of the hand.

    python -m bench.discord
"""

from __future__ import annotations

import asyncio
import collections
import re
import sys
import tempfile
from pathlib import Path

from simcord import Env

from bot.discord_ui.client import create_bot

GUILD_ID = 1_111_111_111_111_111_111


def kind(method: str, path: str) -> str:
    path = re.sub(r"\d{6,}", "{id}", path)
    path = re.sub(r"/interactions/\{id\}/[^/]+/", "/interactions/{id}/{token}/", path)
    path = re.sub(r"/webhooks/\{id\}/[^/]+", "/webhooks/{id}/{token}", path)
    return f"{method} {path}"


async def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(Path(tmp) / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=1.0)
        env = Env(bot)
        guild = env.create_guild("Bench", id=GUILD_ID)
        await env.start()
        try:
            channel = guild.create_text_channel("poker")
            director = guild.add_member(env.create_user("director"),
                                        roles=[guild.create_role("Tournament Director")])
            players = [guild.add_member(env.create_user(f"p{i}")) for i in range(6)]
            await director.slash(channel, "tournament create", name="Bench", structure="deep",
                                 seats=6)
            for p in players:
                await p.slash(channel, "tournament join")
            await director.slash(channel, "tournament start")
            session = bot.tournaments.unfinished_in(GUILD_ID)[0]
            by_id = {str(p.id): p for p in players}
            start = len(env.http_requests)
            await env.advance_time(1.0)  # the deal
            ts = session.tournament.tables[1]
            hand = ts.hand
            assert hand is not None
            actions = 0
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                view = bot.announcer.places[session.store_id].messages[1]
                msg = next(m for m in channel.history() if m.id == view.message_id)
                cid = next(c.custom_id for row in msg.components for c in row.children
                           if c.custom_id.startswith("hp:c:"))
                await by_id[hand.players[seat].player].click(msg, custom_id=cid)
                actions += 1
            requests = env.http_requests[start:]
            counts = collections.Counter(kind(r.method, r.path) for r in requests)
            print(f"one 6-handed hand, {actions} actions (all by button), "
                  f"{len(requests)} HTTP requests from the deal to the end:")
            for k, n in counts.most_common():
                print(f"  {n:3d}  {k}")
            print(f"per action: {len(requests) / max(actions, 1):.1f} requests "
                  "(the deal's 6 DMs included)")
        finally:
            await env.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
