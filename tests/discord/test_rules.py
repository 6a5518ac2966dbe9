from __future__ import annotations

import re
from types import SimpleNamespace

import discord

import bot.discord_ui.buttons as buttons_module
from bot.cogs.rules import topic_choices
from bot.discord_ui.presenter.controls import action_view_state
from bot.discord_ui.presenter.rules import (
    PlayedHere,
    list_footer,
    list_pages,
    no_match_text,
    rule_embed,
)
from bot.discord_ui.presenter.time_bank import time_button_label
from bot.discord_ui.replies import error_message
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.profile import PROFILE_NAMES, make_profile
from bot.rulebook import load_rulebook
from bot.tournament.clock import TurnBank
from tests.rulebook.commands_by_mode import LIVE_ONLY, ONLINE_ONLY


async def test_rule_string_bet_in_channel(harness):
    result = await harness.alice.slash(harness.channel, "rule", topic="string-bet")
    assert not result.ephemeral
    embed = result.response.embeds[0]
    assert embed.title == "String bets"
    rule = harness.bot.rulebook.get("string-bet")
    assert embed.description == rule.text_for(make_profile("tda"))
    assert any(f.name == "Follows" for f in embed.fields)
    assert harness.channel.last_message.embeds[0].title == "String bets"


async def test_rule_clock_and_odd_chip(harness):
    clock = await harness.bob.slash(harness.channel, "rule", topic="clock")
    assert not clock.ephemeral
    assert clock.response.embeds[0].title == harness.bot.rulebook.get("clock").title
    odd = await harness.bob.slash(harness.channel, "rule", topic="odd chip")
    assert odd.response.embeds[0].title == harness.bot.rulebook.get("odd-chip").title
    titles = [m.embeds[0].title for m in harness.channel.history(viewer=harness.carol)]
    assert titles == ["Calling the clock", "Odd chips in a split pot"]


async def test_rule_text_follows_the_guild_profile(harness):
    rule = harness.bot.rulebook.get("make-it")
    before = await harness.alice.slash(harness.channel, "rule", topic="make-it")
    assert before.response.embeds[0].description == rule.text_for(make_profile("tda"))
    await harness.set_profile("tavern")
    after = await harness.alice.slash(harness.channel, "rule", topic="make-it")
    tavern = make_profile("tavern")
    assert after.response.embeds[0].description == rule.text_for(tavern)
    assert after.response.embeds[0].description != before.response.embeds[0].description
    follows = after.response.embeds[0].fields[0].value
    assert follows == "; ".join(rule.follows_for(tavern))


async def test_rule_number_override_is_shown(harness):
    await harness.set_profile("treps", clock_seconds=90)
    result = await harness.alice.slash(harness.channel, "rule", topic="action-time")
    expected = harness.bot.rulebook.get("action-time").text_for(
        make_profile("treps", clock_seconds=90))
    assert result.response.embeds[0].description == expected


async def test_unknown_topic_is_private(harness):
    result = await harness.alice.slash(harness.channel, "rule", topic="xyzzy")
    assert result.ephemeral
    assert result.response.content == (
        "No rule matches 'xyzzy'. `/rule topic:list` lists every rule.")
    assert harness.channel.history(viewer=harness.bob) == []


async def test_an_unsure_answer_offers_the_closest_rules_as_buttons(harness):
    """Not sure which rule is meant: the closest rules, privately, each a button that posts
    it in the channel as the server plays it."""
    result = await harness.alice.slash(harness.channel, "rule", topic="cards and chips")
    assert result.ephemeral and not result.response.embeds
    assert result.response.content.startswith("Not sure which rule you mean by 'cards and "
                                              "chips'.")
    assert "`/rule topic:list`" in result.response.content
    buttons = [c for row in result.response.components for c in row["components"]]
    answer = harness.bot.rulebook.answer("cards and chips")
    assert answer.kind == "unsure"
    assert [b["label"] for b in buttons] == [r.title for r in answer.suggestions]
    assert harness.channel.history(viewer=harness.bob) == []
    # amounts the engine could not be set up with are said to be the reason
    ante = await harness.alice.slash(harness.channel, "rule", topic="what's the ante at 200/400")
    assert ante.ephemeral and ante.response.content.startswith(
        "I could not work out the amounts in 'what's the ante at 200/400' for sure.")
    assert [c["label"] for row in ante.response.components
            for c in row["components"]][0] == "Antes"
    tapped = await harness.alice.click(result.response.message, label=buttons[0]["label"])
    assert not tapped.ephemeral
    rule = answer.suggestions[0]
    posted = harness.channel.last_message.embeds[0]
    assert posted.title == rule.title
    assert posted.description == rule.text_for(make_profile("tda"))
    assert posted.footer.text.endswith("this server's profile: tda")


async def test_a_topic_no_rulebook_covers_is_said_so(harness):
    """A topic no rulebook covers is said so, with the closest rule, never answered with a
    wrong one ("hand for hand" once got winning-hand-shown; it, "bubble" and deal making have
    rules of their own now: test_hand_for_hand_has_its_rule, tests/discord/test_deal_clock.py)."""
    for topic, near in [("straddle", "blinds"), ("angle shoot", "cheating"),
                        ("run it twice", "rabbit-hunt")]:
        result = await harness.alice.slash(harness.channel, "rule", topic=topic)
        assert result.ephemeral and not result.response.embeds, topic
        text = result.response.content
        assert text.startswith("None of this league's rulebooks covers "), text
        assert "Closest: " in text and f"`{near}`" in text, text
        assert text.count("` (") == 3, text
    assert harness.channel.history(viewer=harness.bob) == []


async def test_a_question_with_amounts_is_worked_out_under_the_channels_profile(harness):
    """The engine's numbers for this league, above the rule, in the channel; the footer names
    the profile they were worked out under."""
    await harness.set_profile("treps")
    asked = "facing a raise to 600 at 100/200 he silently puts in 850"
    treps = (await harness.alice.slash(harness.channel, "rule", topic=asked)).response
    embed = treps.embeds[0]
    assert not treps.ephemeral and embed.title == "The 50% rule"
    assert embed.description.startswith("**Worked out:** a raise to 1,000: 850 facing 600 "
                                        "adds 250, at least half the last full raise of 400")
    rule = harness.bot.rulebook.get("fifty-percent")
    assert embed.description.endswith(rule.text_for(make_profile("treps")))
    assert embed.footer.text.endswith("this server's profile: treps")
    await harness.set_profile("tavern")
    tavern = (await harness.alice.slash(harness.channel, "rule", topic=asked)).response
    embed = tavern.embeds[0]
    # the same rule on chips put in without a word, as the Tavern league plays it: no 50%
    assert embed.title == "The 50% rule"
    assert embed.description.startswith("**Worked out:** a call of 600")
    assert "these rules make that a call; 250 goes back" in embed.description.split("\n")[0]
    assert embed.description.endswith(rule.text_for(make_profile("tavern")))
    assert embed.footer.text.endswith("this server's profile: tavern")
    short = (await harness.bob.slash(harness.channel, "rule",
                                     topic="he raised 50 to 100 whats the least i can reraise "
                                           "to")).response.embeds[0]
    assert short.title == "Minimum raise"
    assert short.description.startswith("**Worked out:** to 150 at least (the last full raise "
                                        "was 50")
    assert len(short) <= 6000 and len(short.description) <= 4096


async def test_how_much_to_call_is_answered_with_the_call(harness):
    """Asked how much to call when a short all-in comes back to him, the player reads the call
    first, then why he may not raise; asked whether he may raise, yes or no first."""
    await harness.set_profile("tavern")
    asked = "bet 600, shortie allin 900, guy calls, back to me. how much to call"
    embed = (await harness.alice.slash(harness.channel, "rule", topic=asked)).response.embeds[0]
    assert embed.title == "Betting not reopened"
    assert embed.description.startswith("**Worked out:** 300 more to call, or fold: the bet has "
                                        "not grown by a full raise since he acted")
    asked = "bet 600, shortie allin 900, guy calls, back to me. can i raise?"
    embed = (await harness.alice.slash(harness.channel, "rule", topic=asked)).response.embeds[0]
    assert embed.description.startswith("**Worked out:** no: the bet has not grown")


async def test_a_topic_no_rulebook_covers_offers_close_rules_as_buttons(harness):
    result = await harness.alice.slash(harness.channel, "rule", topic="bomb pot")
    assert result.ephemeral and not result.response.embeds
    assert result.response.content.startswith(
        "None of this league's rulebooks covers bomb pots")
    labels = [c["label"] for row in result.response.components for c in row["components"]]
    assert labels == ["Blinds", "Antes"]
    strategy = await harness.alice.slash(harness.channel, "rule",
                                         topic="how do i calculate pot odds")
    assert strategy.response.content.startswith(
        "None of this league's rulebooks covers poker strategy and odds")
    assert not strategy.response.components  # nothing close: no rule offered
    assert harness.channel.history(viewer=harness.bob) == []


async def test_rule_answers_with_the_live_rule_first(harness):
    """A league at a real table reads the rule as its rulebook states it, then the bot's way."""
    await harness.set_profile("tavern")
    result = await harness.alice.slash(harness.channel, "rule", topic="string bet")
    text = result.response.embeds[0].description
    assert text.startswith("**At the table**\n")
    assert text.index("At the table") < text.index("**In this bot**")
    assert "held to a call" in text  # Tavern: a string bet called out is limited to a call
    await harness.set_profile("treps")
    treps = await harness.alice.slash(harness.channel, "rule", topic="string bet")
    assert "first motion" in treps.response.embeds[0].description
    exposed = await harness.bob.slash(harness.channel, "rule", topic="exposed card")
    assert exposed.response.embeds[0].title == "Exposed card"
    assert "burn card" in exposed.response.embeds[0].description
    assert len(exposed.response.embeds[0]) <= 6000


async def test_unknown_topic_cannot_ping(harness):
    result = await harness.alice.slash(harness.channel, "rule", topic="@everyone")
    assert "@everyone" not in result.response.content


async def test_rule_list_is_private_and_paged(harness):
    result = await harness.alice.slash(harness.channel, "rule", topic="list")
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert len(embed.description) <= 4096 and len(embed) <= 6000
    pages = len(list_pages(harness.bot.rulebook.all()))
    listed = "".join(
        [(await harness.alice.slash(harness.channel, "rule", topic="list", page=p))
         .response.embeds[0].description for p in range(1, pages + 1)])
    assert all(f"`{rule_id}`" in listed for rule_id in harness.bot.rulebook.ids())
    assert "`/rule topic:list page:2`" in embed.footer.text
    bare = await harness.alice.slash(harness.channel, "rule")
    assert bare.ephemeral and bare.response.embeds[0].title.startswith("Rules — page 1")


async def test_autocomplete(harness):
    choices = await harness.alice.autocomplete(harness.channel, "rule", "topic", "str")
    assert 0 < len(choices) <= 25
    assert "String bets" in [c["name"] for c in choices]
    everything = await harness.alice.autocomplete(harness.channel, "rule", "topic", "")
    assert len(everything) == 25


async def test_error_goes_through_the_one_handler(harness, monkeypatch, caplog):
    def boom(query, suggestions=3, profile=None):
        raise RuntimeError("rulebook exploded")

    monkeypatch.setattr(harness.bot.rulebook, "answer", boom)
    result = await harness.alice.slash(harness.channel, "rule", topic="clock")
    assert result.ephemeral
    assert "something went wrong" in result.response.content
    assert "`/rule`" in result.response.content
    errors = harness.env.errors
    assert any("rulebook exploded" in repr(getattr(e, "original", e)) for e in errors)
    assert "rulebook exploded" in caplog.text


async def test_error_after_defer_is_answered_by_followup(harness, caplog):
    cog = harness.bot.get_cog("Rules")

    async def broken(interaction: discord.Interaction, topic: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        raise RuntimeError("failed after deferring")

    cog.answer_rule = broken
    result = await harness.alice.slash(harness.channel, "rule", topic="clock")
    answers = [m for m in [result.response, *result.followups] if m is not None]
    assert any("something went wrong" in m.content for m in answers)
    assert all(m.ephemeral for m in answers)
    assert harness.channel.history(viewer=harness.bob) == []
    assert any("failed after deferring" in repr(getattr(e, "original", e))
               for e in harness.env.errors)


# --- pure helpers, no Discord -----------------------------------------------------------------


def test_list_pages_hold_every_rule_within_the_limit():
    book = load_rulebook()
    pages = list_pages(book.all())
    assert len(pages) > 1 and all(len(p) <= 4096 for p in pages)
    text = "\n".join(pages)
    assert all(f"`{r.id}` — {r.title}" in text for r in book.all())
    assert all(f"**{topic}**" in text for topic in book.topics())


def test_every_rule_fits_one_embed_under_every_profile():
    book = load_rulebook()
    for rule in book.all():
        for name in PROFILE_NAMES:
            profile = make_profile(name)
            embed = rule_embed(rule, PlayedHere(profile))
            # nothing cut: the whole answer, live rule first, within Discord's limits
            assert embed.description == rule.text_for(profile)
            assert len(embed.description) <= 4096 and len(embed) <= 6000
            assert all(len(f.value) <= 1024 for f in embed.fields)


def test_replies_start_with_a_capital_and_name_real_commands():
    book = load_rulebook()
    texts = [no_match_text("xyzzy", []), no_match_text("string raise", book.search("string raise")),
             list_footer(0, 3), list_footer(2, 3)]
    for text in texts:
        assert text[0].isupper(), text
        assert "/rule list" not in text
    assert "`/rule topic:list page:2`" in list_footer(0, 3)
    assert "page:" not in list_footer(2, 3)
    assert no_match_text("@everyone", []).count("@everyone") == 0


def test_topic_choices_fit_autocomplete():
    book = load_rulebook()
    for current in ["", "l", "call", "str", "the turn", "zzzz"]:
        choices = topic_choices(book, current)
        assert len(choices) <= 25
        assert all(len(c.name) <= 100 for c in choices)
    assert topic_choices(book, "")[0].value == "list"
    assert topic_choices(book, "call")[0].value == "betting-actions"
    assert topic_choices(book, "zzzz") == []


# --- the texts name real commands and buttons ----------------------------------------------

# "/td void", "/raise to:", "/show cards:", "/clock": a command, then the words after it (a
# subcommand if the command is a group, an option if it ends in a colon); "100/200" and
# "A-2-3-4-5" are not commands (a slash after a word character).
_COMMAND = re.compile(r"(?<![\w/.])/([a-z]+)((?: [a-z]+:?){0,2})")


def _mentions(text, groups):
    """(command, option or None) for every command a text names; `groups` maps a group's name
    to its subcommands."""
    found = []
    for m in _COMMAND.finditer(text):
        name, words = m.group(1), m.group(2).split()
        if name in groups and words:
            name = f"{name} {words.pop(0).rstrip(':')}"
        option = words[0][:-1] if words and words[0].endswith(":") else None
        found.append((name, option))
    return found


def test_the_command_pattern_reads_texts_as_players_do():
    groups = {"td": {"void"}}
    text = "use /td void: then /raise to: 300 or /show cards: As, /clock at 100/200"
    assert _mentions(text, groups) == [
        ("td void", None), ("raise", "to"), ("show", "cards"), ("clock", None)]


async def test_every_command_a_rule_names_exists(harness):
    """Texts that send a player to a command name one the bot has, with its options."""
    tree = {c.qualified_name: c for c in harness.bot.tree.walk_commands()}
    groups = {name for name, c in tree.items() if hasattr(c, "commands")}
    seen = set()
    for rule in harness.bot.rulebook.all():
        for text in rule.texts():
            for name, option in _mentions(text, groups):
                assert name in tree, f"{rule.id}: /{name} is not a command"
                if option:
                    names = [p.name for p in tree[name].parameters]
                    assert option in names, f"{rule.id}: /{name} has no option {option}:"
                seen.add(name)
    # the scan is not vacuous: the texts do send players to these
    assert {"clock", "td void", "raise", "show", "appeals close", "tournament rebuy"} <= seen


def _button_words(text):
    """Capitalised names right before "button(s)": "the Raise button", "Bet and Raise
    buttons", "the Show my cards button"."""
    found = []
    pattern = r"\b(?i:the|or|and) ([A-Z][\w-]*(?: [a-z]+){0,2}?(?: and [A-Z][\w-]*)?) buttons?\b"
    for m in re.finditer(pattern, text):
        found += [part.strip() for part in m.group(1).split(" and ")]
    return found


async def test_every_button_a_rule_names_exists(harness):
    """Texts that send a player to a button name one the table shows."""
    hand = Hand.start(HandConfig("1-t1-h1", (Seat(1, "a", 1000), Seat(2, "b", 1000),
                                             Seat(3, "c", 1000)), 1, 25, 50, deck_seed="x"))
    state = action_view_state(hand)
    assert state is not None
    # "Call 50", "Raise (100..1,000)", "All-in 1,000": the name before the amount; the verbs
    # the same buttons show in other spots (Check or Call, Bet or Raise) count too
    labels = {b.label.split(" ")[0] for b in state.buttons} | {"Bet", "Check", "Call"}
    # the buttons after the hand (My cards, Show my cards, Rabbit hunt?), as the table draws
    # them for a hand folded before the flop in a tournament with the rabbit hunt
    over = Hand.start(HandConfig("1-t1-h2", (Seat(1, "a", 1000), Seat(2, "b", 1000),
                                             Seat(3, "c", 1000)), 1, 25, 50, deck_seed="y"))
    while not over.is_over:
        over.fold(over.to_act)
    session = SimpleNamespace(tournament=SimpleNamespace(
        turn_bank=lambda table: None, profile=SimpleNamespace(rabbit_hunt=True)))
    drawn = buttons_module.table_view(session, 1, over)  # type: ignore[arg-type]  # only what it reads
    labels |= {c["label"].rstrip("?") for row in drawn.to_components()
               for c in row["components"]}
    # the Time button, under the actions of a tournament with a time bank: "⏳ Time +1m 30s"
    labels.add(time_button_label(TurnBank("a", 90.0, 0.0, False)).split(" ")[1])
    seen = set()
    for rule in harness.bot.rulebook.all():
        for profile in [None, *(make_profile(n) for n in PROFILE_NAMES)]:
            for name in _button_words(rule.bot_for(profile)):
                assert name in labels, f"{rule.id}: no button '{name}' ({sorted(labels)})"
                seen.add(name)
    assert {"Raise", "Bet", "Show my cards", "Rabbit hunt"} <= seen


# --- the rules of the tournament in this channel ---------------------------------------------


async def _night(h, channel, mode="online", **options):
    await h.director.slash(channel, "tournament create", name=f"Night {mode}", mode=mode,
                           seats=8, **options)
    for m in h.players:
        await m.slash(channel, "tournament join")
    await h.director.slash(channel, "tournament start")
    await h.advance(2)


async def test_rule_in_a_tournament_channel_plays_that_tournaments_profile(harness):
    """A tournament created before `/td profile` still plays the profile it was made with;
    `/rule` in its channel answers with that one and says so, elsewhere the server's."""
    h = harness
    await h.set_profile("tavern", clock_seconds=90)
    await _night(h, h.channel)
    await h.set_profile("treps")
    rule = h.bot.rulebook.get("make-it")
    here = (await h.alice.slash(h.channel, "rule", topic="make it")).response.embeds[0]
    played = make_profile("tavern", clock_seconds=90)
    assert here.description == rule.text_for(played)
    assert here.fields[0].value == "; ".join(rule.follows_for(played))
    assert "Night online (#1) in this channel (dealt online): profile tavern, clock_seconds=90" \
        in here.footer.text
    elsewhere = h.guild.create_text_channel("lobby")
    there = (await h.alice.slash(elsewhere, "rule", topic="make it")).response.embeds[0]
    assert there.description == rule.text_for(make_profile("treps"))
    assert there.footer.text.endswith("this server's profile: treps")
    clock = (await h.bob.slash(h.channel, "rule", topic="clock")).response.embeds[0]
    assert "90 seconds" in clock.description


async def test_rule_at_a_live_night_says_what_the_bot_does_there(harness):
    h = harness
    await h.set_profile("tda")
    live = h.guild.create_text_channel("live")
    await _night(h, live, mode="live")
    balancing = (await h.alice.slash(live, "rule", topic="balancing")).response.embeds[0]
    assert "**In this bot, at a live night**" in balancing.description
    assert "at random" in balancing.description
    assert "due the big blind next at the fullest table" not in balancing.description
    assert "(live night): profile tda" in balancing.footer.text
    adjust = (await h.alice.slash(live, "rule", topic="stack adjustment")).response.embeds[0]
    assert "/td adjust is refused" in adjust.description
    # ... and it is
    refused = await h.director.slash(live, "td adjust", player=h.bob, stack=500, reason="x")
    assert refused.ephemeral and "live tournament" in refused.response.content
    # the refusal went through the one error handler, with words: no crash
    assert all(error_message(e) is not None for e in h.env.errors)
    # the same rule online
    online = (await h.alice.slash(h.channel, "rule", topic="balancing")).response.embeds[0]
    assert "**In this bot**\n" in online.description and "due the big blind" in online.description


# Plain options for the commands of tests/rulebook/commands_by_mode.py.
_OPTIONS = {
    "bet": {"amount": "500"}, "raise": {"to": "500"}, "history": {"hand": "1"},
    "td void": {"reason": "misdeal"}, "td adjust": {"stack": 500, "reason": "miscount"},
    "bust": {"player": "dana"}, "td add": {"name": "Guest Gus"},
"td chiprace": {"counts": "alice=1"},
    "td rebuy": {"player": "dana"}, "td addon": {"player": "dana"},
}
# How each mode says "not here": a live night has no hand to act on, an online one no desk.
_NOT_HERE = {
    "live": re.compile(r"no hand|not dealt|after (a|the) hand|live tournament", re.IGNORECASE),
    "online": re.compile(r"not a live one", re.IGNORECASE),
}


async def test_each_modes_own_commands_are_refused_in_the_other_mode(harness):
    """What the rule texts say of the commands (tests/rulebook/test_modes.py) is so."""
    h = harness
    live = h.guild.create_text_channel("live")
    await _night(h, h.channel)
    await _night(h, live, mode="live")
    checked = set()
    for channel, mode, commands in ((live, "live", ONLINE_ONLY),
                                    (h.channel, "online", LIVE_ONLY)):
        for name in sorted(commands):
            options = dict(_OPTIONS.get(name, {}))
            if name in ("td adjust", "td link"):
                options["player" if name == "td adjust" else "member"] = h.bob
            who = h.director if name.startswith("td ") or name == "bust" else h.alice
            result = await who.slash(channel, name, **options)
            text = result.followups[-1].content if result.followups else result.response.content
            assert result.ephemeral, (mode, name)
            assert _NOT_HERE[mode].search(text), (mode, name, text)
            assert "dealt shortly" not in text, (mode, name, text)  # the bot deals none live
            checked.add(name)
    assert checked == ONLINE_ONLY | LIVE_ONLY
    # the refusals went through the one error handler, with words: no crash
    assert all(error_message(e) is not None for e in h.env.errors)
