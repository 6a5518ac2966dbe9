"""/td structure and /td payouts: a server's own blind structures and payout tables,
edited in Discord (new from a preset, upload a TOML or CSV file, show, export), offered by
/tournament create, and never changed under a tournament already created with them."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.datafiles import set_league_data_dir
from bot.engine.events import event_from_dict
from bot.service.server_files import ServerFileError, copy, resolve_structure
from bot.tournament import events as tev
from bot.tournament.core import TournamentConfig
from bot.tournament.structure import Level, load_structure
from bot.tournament.structure_files import MAX_FILE_BYTES, parse_structure, structure_toml

from .conftest import HAND_DELAY, Harness
from .test_tournament_flow import create_and_join, refused, reply

FRIDAY_CSV = b"""# Friday: short levels
starting_stack, 5000
chips, 25 100 500
level, 25, 50, 0, 15
level, 50, 100, 0, 15
break, 5
level, 100, 200, 25, 15
level, 150, 300, 25, 15
"""


async def _export(h: Harness, command: str, name: str) -> tuple[str, bytes]:
    r = await h.director.slash(h.channel, command, name=name)
    assert r.ephemeral
    message = r.followups[-1] if r.followups else r.response
    (attachment,) = message.attachments
    return attachment.filename, await attachment.read()


async def test_a_structure_copied_from_a_preset_shows_exports_and_uploads_back(
        harness: Harness) -> None:
    h = harness
    r = await h.director.slash(h.channel, "td structure new", name="Friday", **{"from": "turbo"})
    assert r.ephemeral
    assert reply(r).startswith("The structure **Friday** is this server's, a copy of **turbo**")

    r = await h.director.slash(h.channel, "td structure show", name="Friday")
    assert r.ephemeral
    shown = reply(r)
    assert shown.startswith("**Friday** (this server): 5,000 chips to start")
    lines = shown.split("```")[1].splitlines()
    assert "  1         25/50       -   10" in lines
    assert "  — break 10 min, colour up the 25s" in lines
    assert max(len(line) for line in lines) <= 36  # a phone's code block

    filename, data = await _export(h, "td structure export", "Friday")
    assert filename == "Friday.structure.toml"
    friday = parse_structure("Friday", data.decode(), "toml")
    assert friday.periods == load_structure("turbo").periods

    # The exported file uploads again unchanged.
    r = await h.director.slash(h.channel, "td structure upload", name="Friday",
                               file=("Friday.structure.toml", data))
    assert reply(r).startswith("The structure **Friday** is saved.")
    assert (await _export(h, "td structure export", "Friday"))[1] == data


async def test_an_uploaded_csv_replaces_the_levels_and_a_bad_file_changes_nothing(
        harness: Harness) -> None:
    h = harness
    r = await h.director.slash(h.channel, "td structure upload", name="Friday",
                               file=("friday.csv", FRIDAY_CSV))
    assert reply(r).startswith("The structure **Friday** is saved.")
    assert "  3       100/200      25   15" in reply(r)
    kept = await resolve_structure(h.bot.store, h.guild.id, "Friday")
    assert kept.levels[2] == Level(100, 200, 25, 900)

    bad = FRIDAY_CSV.replace(b"level, 150, 300, 25, 15", b"level, 150, 150, 25, 15")
    r = await h.director.slash(h.channel, "td structure upload", name="Friday",
                               file=("friday.csv", bad))
    assert refused(h, r) == ("I cannot use that file for **Friday**: line 8, level 4: the big "
                             "blind 150 is less than level 3's 200. Nothing was changed.")
    r = await h.director.slash(h.channel, "td structure upload", name="Friday",
                               file=("friday.xlsx", FRIDAY_CSV))
    assert "Upload a `.toml` or `.csv` file" in refused(h, r)
    r = await h.director.slash(h.channel, "td structure upload", name="Friday",
                               file=("big.csv", b"#" * (MAX_FILE_BYTES + 1)))
    assert refused(h, r) == "The file is larger than 16 KB. Nothing was changed."
    r = await h.director.slash(h.channel, "td structure upload", name="turbo",
                               file=("friday.csv", FRIDAY_CSV))
    assert "**turbo** is a preset's name" in refused(h, r)
    assert await resolve_structure(h.bot.store, h.guild.id, "Friday") == kept
    assert (await resolve_structure(h.bot.store, h.guild.id, "turbo")) == load_structure("turbo")


async def test_new_refuses_a_taken_name_and_an_unknown_source(harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "td structure new", name="Friday", **{"from": "deep"})
    r = await h.director.slash(h.channel, "td structure new", name="Friday", **{"from": "turbo"})
    assert "This server already has a structure **Friday**" in refused(h, r)
    r = await h.director.slash(h.channel, "td structure new", name="Saturday", **{"from": "nope"})
    assert "There is no structure **nope** to copy" in refused(h, r)
    assert (await resolve_structure(h.bot.store, h.guild.id, "Friday")).periods == \
        load_structure("deep").periods
    assert await h.bot.store.server_file_names(h.guild.id, "structure") == ["Friday"]


async def test_autocomplete_offers_the_servers_own_and_the_presets(harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "td structure new", name="Friday", **{"from": "turbo"})
    await h.director.slash(h.channel, "td payouts new", name="Top two", **{"from": "standard"})
    choices = await h.director.autocomplete(h.channel, "tournament create", "structure", "")
    assert [c["value"] for c in choices] == ["Friday", "deep", "regular", "turbo"]
    assert [c["name"] for c in choices][:2] == ["Friday", "deep (preset)"]
    choices = await h.director.autocomplete(h.channel, "tournament create", "payouts", "to")
    assert [c["value"] for c in choices] == ["Top two"]
    choices = await h.director.autocomplete(h.channel, "td structure new", "from", "fri")
    assert [c["value"] for c in choices] == ["Friday"]


async def test_a_tournament_keeps_its_structure_when_the_server_changes_it(
        harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "td structure upload", name="Friday",
                           file=("friday.csv", FRIDAY_CSV))
    await h.director.slash(h.channel, "td payouts upload", name="Top two",
                           file=("top.csv", b"players, 2, 5, 100\nplayers, 6, 20, 65, 35\n"))
    session = await create_and_join(h, [h.alice, h.bob, h.carol], structure="Friday",
                                    payouts="Top two")
    t = session.tournament
    assert t.config.structure.name == "Friday"
    assert t.config.structure.levels[0] == Level(25, 50, 0, 900)
    assert t.config.payouts.name == "Top two"
    await h.director.slash(h.channel, "tournament start")
    await h.advance(HAND_DELAY)

    changed = FRIDAY_CSV.replace(b"level, 25, 50, 0, 15", b"level, 25, 50, 0, 30")
    r = await h.director.slash(h.channel, "td structure upload", name="Friday",
                               file=("friday.csv", changed))
    assert "Tournaments already created keep the one they were created with" in reply(r)
    assert t.config.structure.levels[0] == Level(25, 50, 0, 900)
    # What the log keeps (and a restart replays) is the copy the tournament was created with.
    events = [event_from_dict(e.data)
              for e in await h.bot.store.load_events(session.store_id, "tournament")]
    created = next(e for e in events if isinstance(e, tev.Created))
    assert TournamentConfig.from_dict(created.config).structure.levels[0].seconds == 900
    # A new tournament gets the new levels.
    assert (await resolve_structure(h.bot.store, h.guild.id, "Friday")).levels[0].seconds == 1800


async def test_an_unknown_structure_at_create_is_refused(harness: Harness) -> None:
    h = harness
    r = await h.director.slash(h.channel, "tournament create", name="Tuesday",
                               structure="Nope")
    assert "There is no structure **Nope** here" in refused(h, r)
    assert h.bot.tournaments.unfinished_in(h.guild.id) == []


async def test_payout_tables_new_upload_show_export(harness: Harness) -> None:
    h = harness
    r = await h.director.slash(h.channel, "td payouts new", name="Club", **{"from": "standard"})
    assert reply(r).startswith("The payout table **Club** is this server's")
    r = await h.director.slash(h.channel, "td payouts show", name="Club")
    assert "  7-10   50 30 20" in reply(r)
    r = await h.director.slash(h.channel, "td payouts upload", name="Club",
                               file=("club.csv", b"players, 2, 5, 100\nplayers, 6, 9, 60, 30\n"))
    assert refused(h, r) == ("I cannot use that file for **Club**: line 2, players 6 to 9: the "
                             "percents add up to 90, not 100 (each above 0). Nothing was "
                             "changed.")
    filename, data = await _export(h, "td payouts export", "Club")
    assert filename == "Club.payouts.toml"
    r = await h.director.slash(h.channel, "td payouts upload", name="Club",
                               file=(filename, data.replace(b"percents = [100]",
                                                            b"percents = [90, 5]")))
    assert refused(h, r).startswith("I cannot use that file for **Club**: line ")
    r = await h.director.slash(h.channel, "td payouts upload", name="Club",
                               file=("club.csv", b"players, 2, 5, 100\nplayers, 6, 9, 60, 40\n"))
    assert reply(r).startswith("The payout table **Club** is saved.")
    assert "  6-9    60 40" in reply(r)

    # Fixed amounts, with the rule for a pool that is not their sum.
    r = await h.director.slash(h.channel, "td payouts upload", name="Club",
                               file=("club.csv", b"amounts, 2, 5, 40\namounts, 6, 9, 60, 20\n"))
    shown = reply(r)
    assert "  6-9    60 20 fixed" in shown
    assert "what the pool holds beyond them goes to 1st" in shown


async def test_the_leagues_own_files_stay_presets_beside_the_servers_structures(
        harness: Harness, tmp_path: Path) -> None:
    """LEAGUE_DATA_DIR keeps working: its files are offered and used as presets."""
    h = harness
    folder = tmp_path / "league" / "structures"
    folder.mkdir(parents=True)
    club = parse_structure("club", FRIDAY_CSV.decode(), "csv")
    (folder / "club.toml").write_text(structure_toml(club), encoding="utf-8")
    set_league_data_dir(tmp_path / "league")
    try:
        await h.director.slash(h.channel, "td structure new", name="Friday",
                               **{"from": "club"})
        choices = await h.director.autocomplete(h.channel, "tournament create", "structure", "")
        assert [c["name"] for c in choices] == ["Friday", "club (preset)", "deep (preset)",
                                                "regular (preset)", "turbo (preset)"]
        session = await create_and_join(h, [h.alice, h.bob], structure="club")
        assert session.tournament.config.structure.periods == club.periods
        assert (await resolve_structure(h.bot.store, h.guild.id, "Friday")).periods == \
            club.periods
    finally:
        set_league_data_dir(None)


async def test_one_level_is_changed_in_a_form_checked_as_an_upload(harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "td structure new", name="Friday", **{"from": "turbo"})
    shown = await h.director.slash(h.channel, "td structure level", name="Friday", number=7)
    assert shown.modal is not None
    defaults = {c["components"][0]["custom_id"]: c["components"][0]["value"]
                for c in shown.modal["components"]}
    assert defaults == {"small": "300", "big": "600", "ante": "0", "minutes": "10"}

    r = await h.director.submit_modal(shown, {"small": "150", "big": "300", "ante": "0",
                                              "minutes": "10"})
    assert reply(r) == ("I cannot change that level of **Friday**: level 7: the big blind 300 "
                        "is less than level 6's 400. Nothing was changed.")
    shown = await h.director.slash(h.channel, "td structure level", name="Friday", number=7)
    r = await h.director.submit_modal(shown, {"small": "300", "big": "lots",
                                              "ante": "0", "minutes": "10"})
    assert "Give whole numbers" in reply(r)
    assert (await resolve_structure(h.bot.store, h.guild.id, "Friday")).levels[6] == \
        Level(300, 600, 0, 600)

    shown = await h.director.slash(h.channel, "td structure level", name="Friday", number=7)
    r = await h.director.submit_modal(shown, {"small": "300", "big": "600", "ante": "100",
                                              "minutes": "12"})
    assert reply(r).startswith("Level 7 of **Friday** is now 300/600, ante 100, 12 minutes.")
    friday = await resolve_structure(h.bot.store, h.guild.id, "Friday")
    assert friday.levels[6] == Level(300, 600, 100, 720)
    assert friday.levels[5] == load_structure("turbo").levels[5]

    # One past the last adds a level at the end.
    shown = await h.director.slash(h.channel, "td structure level", name="Friday", number=19)
    r = await h.director.submit_modal(shown, {"small": "15000", "big": "30000", "ante": "0",
                                              "minutes": "10"})
    assert reply(r).startswith("Level 19 of **Friday** is now 15,000/30,000, 10 minutes.")
    assert len((await resolve_structure(h.bot.store, h.guild.id, "Friday")).levels) == 19

    # A form filled before another change is refused: nothing changes.
    shown = await h.director.slash(h.channel, "td structure level", name="Friday", number=1)
    await h.director.slash(h.channel, "td structure upload", name="Friday",
                           file=("friday.csv", FRIDAY_CSV))
    r = await h.director.submit_modal(shown, {"small": "25", "big": "50", "ante": "0",
                                              "minutes": "30"})
    assert "**Friday** changed while you were editing it" in reply(r)
    assert (await resolve_structure(h.bot.store, h.guild.id, "Friday")).levels[0].seconds == 900

    # Presets are changed by copying them; a level out of range is refused.
    r = await h.director.slash(h.channel, "td structure level", name="turbo", number=1)
    assert "**turbo** is a preset's name" in refused(h, r)
    r = await h.director.slash(h.channel, "td structure level", name="Friday", number=9)
    assert "there is no level 9: levels are 1 to 4, or 5 for a new last level" in refused(h, r)


async def test_two_new_structures_of_one_name_at_once_make_one(harness: Harness) -> None:
    """The name is checked again inside the write: the loser is refused, the winner kept."""
    h = harness
    outcomes = await asyncio.gather(
        copy(h.bot.store, h.guild.id, "structure", "Friday", "deep", h.director.id),
        copy(h.bot.store, h.guild.id, "structure", "Friday", "turbo", h.director.id),
        return_exceptions=True)
    refusals = [o for o in outcomes if isinstance(o, ServerFileError)]
    made = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(made) == 1 and [e.code for e in refusals] == ["exists"]
    assert (await resolve_structure(h.bot.store, h.guild.id, "Friday")).periods == \
        made[0].periods


async def test_an_uploads_problems_are_all_said_and_odd_files_refused_clearly(
        harness: Harness) -> None:
    h = harness
    await h.director.slash(h.channel, "td structure new", name="Friday", **{"from": "turbo"})
    bad = FRIDAY_CSV.replace(b"level, 50, 100, 0, 15", b"level, 50, lots, 0, 15") \
        .replace(b"break, 5", b"breaks, 5")
    text = refused(h, await h.director.slash(h.channel, "td structure upload", name="Friday",
                                             file=("friday.csv", bad)))
    assert text == ("I cannot use that file for **Friday**, 2 problems:\n"
                    "· line 5, level 2: the big blind must be a whole number, not 'lots'\n"
                    "· line 6: 'breaks' is not a row I know (`level`, `break`, "
                    "`starting_stack`, `chips`, `big_blind_ante`, `late_registration`, "
                    "`rebuy`, `addon`)\n"
                    "Nothing was changed.")
    deep = b"a = " + b"[" * 5000 + b"]" * 5000 + b"\n"
    text = refused(h, await h.director.slash(h.channel, "td structure upload", name="Friday",
                                             file=("friday.toml", deep)))
    assert text == ("I cannot use that file for **Friday**: the file nests lists or tables too "
                    "deeply for a structure. Nothing was changed.")
    text = refused(h, await h.director.slash(h.channel, "td payouts upload", name="Club",
                                             file=("club.csv", b"")))
    assert text == "I cannot use that file for **Club**: the file is empty. Nothing was changed."
    text = refused(h, await h.director.slash(
        h.channel, "td payouts upload", name="Club",
        file=("club.csv", b"amounts, 2, 9, 1000000000000000000000000000000\n")))
    assert text == ("I cannot use that file for **Club**: line 1, players 2 to 9: each amount "
                    "must be a whole number from 1 to 1,000,000,000,000. Nothing was changed.")
    text = refused(h, await h.director.slash(h.channel, "td structure upload", name="Friday",
                                             file=("friday.csv", b"level, 25, 50\n")))
    assert "write it as `level, small blind, big blind, ante, minutes`" in text
    assert "\\`" not in text
