"""Guests are league players: a guest's result, points and money count in the
results post, `/standings` and `/settle`; the same guest on a second night keeps one line; and
`/td link` after the night moves his whole history to the member, with nothing counted twice."""

from __future__ import annotations

import re

from simcord import MemberActor

from .conftest import Harness
from .test_live_night import Channel
from .test_tournament_flow import refused, reply


async def night(h: Harness, name: str, members: list[MemberActor], guests: tuple[str, ...],
                order: list[str], knocker: str | None = None) -> list[str]:
    """A short live night: `order` is who busts, first to last, by name (the last one left
    wins); `knocker` busts everyone. Returns the channel's posts from the start on."""
    seen = Channel(h)
    await h.director.slash(h.channel, "tournament create", name=name, mode="live", buy_in=20)
    for m in members:
        await m.slash(h.channel, "tournament join")
    for guest in guests:
        await h.director.slash(h.channel, "td add", name=guest)
    seen.new()
    await h.director.slash(h.channel, "tournament start")
    for who in order:
        options = {"player": who} | ({"by": knocker} if knocker else {})
        r = await h.director.slash(h.channel, "bust", **options)
        assert reply(r).startswith("Recorded: "), reply(r)
    return seen.new()


def embed_text(result: object) -> str:
    followups = result.followups  # type: ignore[attr-defined]
    message = followups[-1] if followups else result.response  # type: ignore[attr-defined]
    return str(message.embeds[0].description)


def points_of(standings: str, name: str) -> float | None:
    m = re.search(rf"\b{re.escape(name)}\s+(\d+\.\d\d)\b", standings, re.IGNORECASE)
    return float(m.group(1)) if m else None


async def test_a_guest_who_wins_is_in_the_results_the_standings_and_the_settle_up(
        harness: Harness) -> None:
    h = harness
    posts = await night(h, "Guest Night", [h.alice, h.bob], ("Dana Smith",),
                        ["alice", "bob"], knocker="Dana Smith")
    results = posts[-1].split("\n")
    assert results[0] == "🏆 **Dana Smith** wins Guest Night! 3 entries, prize pool 60."
    # Every line carries its points, the guest's too.
    assert re.fullmatch(r"1\. \*\*Dana Smith\*\* · \*\*\d+\*\* · [\d.]+ pts?", results[1]), \
        results[1]
    assert re.search(r"^3\. alice · out <t:\d+:t>, busted by Dana Smith · [\d.]+ pts?$",
                     results[3]), results[3]

    standings = embed_text(await h.carol.slash(h.channel, "standings"))
    dana, alice = points_of(standings, "Dana Smith"), points_of(standings, "alice")
    assert dana is not None and alice is not None and dana > alice, standings

    settled = embed_text(await h.carol.slash(h.channel, "settle"))
    assert "1. Dana Smith: paid 20, won " in settled, settled
    transfers = settled.split("**Settle-up**")[1]
    assert "pays Dana Smith" in transfers and "alice pays" in transfers, settled


async def test_a_guest_linked_after_the_night_brings_his_history_to_the_member(
        harness: Harness) -> None:
    h = harness
    # Two nights with the same guest (typed differently the second time): one standings line.
    await night(h, "Night One", [h.alice, h.bob], ("Dana Smith",), ["alice", "bob"])
    await night(h, "Night Two", [h.alice, h.carol], ("dana  smith",),
                ["dana  smith", "carol"], knocker="alice")
    standings = embed_text(await h.bob.slash(h.channel, "standings"))
    before = points_of(standings, "Dana Smith")
    assert before is not None and points_of(standings, "dana") is None, standings
    assert len(re.findall(r"(?i)\bdana smith\b", standings)) == 1, standings

    # Nothing is open in the channel: the guest is found in the finished nights.
    choices = await h.director.autocomplete(h.channel, "td link", "name", "dan")
    assert [c["value"] for c in choices] == ["Dana Smith"], choices
    # Refusals change nothing: an unknown guest; a member who played one of those nights.
    text = refused(h, await h.director.slash(h.channel, "td link", name="Nobody Here",
                                             member=h.dana))
    assert text == ("No guest called Nobody Here played here (tonight or in a finished night): "
                    "pick the guest from the list. Nothing was changed.")
    text = refused(h, await h.director.slash(h.channel, "td link", name="Dana Smith",
                                             member=h.alice))
    assert text.startswith(f"<@{h.alice.id}> played Night One (#") and \
        text.endswith("where Dana Smith was a guest: they are two people. Nothing was changed.")
    assert embed_text(await h.bob.slash(h.channel, "standings")) == standings

    r = await h.director.slash(h.channel, "td link", name="Dana Smith", member=h.dana)
    lines = reply(r).split("\n")
    assert lines[0] == ("Linked: Dana Smith's 2 finished nights now count for dana (results, "
                        "points and `/standings`):")
    assert re.fullmatch(r"· Night One \(#\d+\): 1st, \d+, [\d.]+ pts", lines[1]), lines
    assert re.fullmatch(r"· Night Two \(#\d+\): 3rd, [\d.]+ pts", lines[2]), lines

    standings = embed_text(await h.bob.slash(h.channel, "standings"))
    assert "dana smith" not in standings.casefold(), standings
    # The member's line carries the guest's points (he played no night himself).
    assert points_of(standings, "dana") == before, standings
    settled = embed_text(await h.bob.slash(h.channel, "settle"))
    assert "3. dana: paid 20, won 0, net -20" in settled and "Dana Smith" not in settled

    text = refused(h, await h.director.slash(h.channel, "td link", name="Dana Smith",
                                             member=h.carol))
    assert text == (f"Dana Smith is already linked to the member <@{h.dana.id}>: nothing to "
                    "do. Nothing was changed.")
    assert await h.director.autocomplete(h.channel, "td link", "name", "dan") == []


async def test_a_guest_linked_during_the_night_counts_once_for_the_member(
        harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "tournament create", name="Link Night", mode="live",
                           buy_in=20)
    for m in (h.alice, h.bob):
        await m.slash(h.channel, "tournament join")
    await h.director.slash(h.channel, "td add", name="Dee")
    await h.director.slash(h.channel, "tournament start")
    r = await h.director.slash(h.channel, "td link", name="Dee", member=h.dana)
    assert reply(r) == "Linked: Dee's result tonight counts for dana."
    for who in ("alice", "bob"):
        await h.director.slash(h.channel, "bust", player=who, by="Dee")
    results = Channel(h).new()[-1]
    assert re.search(r"^1\. \*\*Dee\*\* · \*\*60\*\* · 3 pts$", results, re.MULTILINE), results
    standings = embed_text(await h.carol.slash(h.channel, "standings"))
    assert points_of(standings, "dana") == 3.0 and "dee" not in standings.casefold(), standings
    settled = embed_text(await h.carol.slash(h.channel, "settle"))
    assert "1. dana: paid 20, won 60, net 40" in settled, settled
    # Linked once, tonight: the league knows it after the night too.
    text = refused(h, await h.director.slash(h.channel, "td link", name="Dee", member=h.carol))
    assert text == (f"Dee is already linked to the member <@{h.dana.id}>: nothing to do. "
                    "Nothing was changed.")
