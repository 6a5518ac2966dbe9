"""`/tournament status` of a live night: what a live night knows — the players left,
who sits where, who went out in which place and by whose hand — and never chip counts, which
the bot of a live night does not have."""

from __future__ import annotations

from .conftest import Harness
from .test_tournament_flow import reply


def status_text(result: object) -> str:
    followups = result.followups  # type: ignore[attr-defined]
    message = followups[-1] if followups else result.response  # type: ignore[attr-defined]
    embed = message.embeds[0]
    return f"{embed.title}\n{embed.description}"


async def test_live_status_shows_seats_and_busted_places_not_stacks(harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "tournament create", name="Pub Night", mode="live",
                           buy_in=20)
    for m in (h.alice, h.bob, h.carol):
        await m.slash(h.channel, "tournament join")
    await h.director.slash(h.channel, "td add", name="Dana Smith")
    await h.director.slash(h.channel, "td add", name="Ed")
    await h.director.slash(h.channel, "tournament start")
    assert reply(await h.director.slash(h.channel, "bust", player="Ed", by="alice")) \
        .startswith("Recorded: Ed out in 5th place for now (he may re-buy until the end of "
                    "level 4).")
    session = h.bot.tournaments.unfinished_in(h.guild.id)[0]
    t = session.tournament

    text = status_text(await h.bob.slash(h.channel, "tournament status"))
    lines = text.split("\n")
    assert lines[0] == f"Pub Night (#{session.store_id}) — running"
    assert lines[1].endswith("· 5 entries · live: real cards and chips")
    assert "4 left · avg 12,500" in text  # 50,000 chips put in play over 4 players
    (table,) = t.tables.values()
    assert "**Table 1** · 4 players" in lines
    names = {str(m.id): m.name for m in (h.alice, h.bob, h.carol)} | {
        p: g.name for p, g in t.guests.items()}
    for seat, player in table.seats.items():
        assert f"Seat {seat} · {names[player]}" in lines
    assert "**Out**: 5th Ed, busted by alice" in lines
    assert " · 0" not in text and "10,000" not in text  # no stacks: nobody counts chips

    # The results so far in place order: the latest bust first.
    await h.director.slash(h.channel, "bust", player="bob")
    text = status_text(await h.bob.slash(h.channel, "tournament status"))
    assert "**Out**: 4th bob · 5th Ed, busted by alice" in text.split("\n")
    assert "**Table 1** · 3 players" in text.split("\n")
