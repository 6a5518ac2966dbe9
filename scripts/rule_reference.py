"""docs/rules.md and docs/rules/<profile>.md, written from the rulebook in data/rules/.

Each profile's page gives every rule as `/rule` answers with it in a server that plays that
profile without overrides: the rulebook's own texts (`Rule.text_for`, online, and the live
part under the heading the live answer gives it), the citations it follows. Discord's
Markdown is written as a code host renders it; the words are the rulebook's.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.engine.profile import PROFILE_NAMES, make_profile
from bot.rulebook import Rule, Rulebook, load_rulebook
from bot.rulebook.loader import BOT_HEADING, LIVE_HEADING, TABLE_HEADING

INDEX = Path("docs/rules.md")
PAGES = Path("docs/rules")


def page_path(profile: str) -> Path:
    return PAGES / f"{profile}.md"


def markdown(discord_text: str) -> str:
    """Discord's Markdown for a code host: a single line break is a hard break there too."""
    paragraphs = discord_text.split("\n\n")
    return "\n\n".join("\\\n".join(p.split("\n")) for p in paragraphs)


def anchor(title: str) -> str:
    """The anchor a code host gives a heading: lower case, punctuation dropped, spaces as -."""
    kept = re.sub(r"[^\w\- ]", "", title.casefold())
    return kept.replace(" ", "-")


def _topics(rulebook: Rulebook) -> dict[str, list[Rule]]:
    by_topic: dict[str, list[Rule]] = {}
    for rule in rulebook.all():
        by_topic.setdefault(rule.topic, []).append(rule)
    return by_topic


def profile_page(rulebook: Rulebook, name: str) -> str:
    profile = make_profile(name)
    by_topic = _topics(rulebook)
    lines = [
        f"# The rules as `{name}` plays them",
        "",
        f"Every rule as `/rule` answers with it in a server that plays the `{name}` profile "
        "(`/td profile`) without overrides: first at a real table, then what the bot does in "
        "the games it deals, then what it does at a live night (real cards and chips). A "
        "league that changes a number (`/td profile knobs:`) reads its own numbers in "
        "Discord. Written from `data/rules/` by `python -m scripts.make_docs`; "
        f"[all profiles](../rules.md).",
        "",
        "## Contents",
        "",
    ]
    for topic, rules in by_topic.items():
        lines.append(f"- **{topic}**: " + ", ".join(
            f"[{r.title}](#{anchor(r.title)})" for r in rules))
    for topic, rules in by_topic.items():
        lines += ["", f"## {topic}"]
        for rule in rules:
            lines += ["", f"### {rule.title}", "",
                      f"`/rule {rule.id}` · *{rule.summary}*", "",
                      markdown(rule.text_for(profile, "online")), "",
                      markdown(f"**{LIVE_HEADING}**\n{rule.bot_for(profile, 'live')}"), "",
                      "Follows: " + "; ".join(rule.follows_for(profile))]
    return "\n".join(lines) + "\n"


def index_page(rulebook: Rulebook) -> str:
    lines = [
        "# Rules",
        "",
        "The league's rules as the bot answers `/rule` with them, written from the rulebook "
        "in `data/rules/` by `python -m scripts.make_docs` (a test fails when a page differs "
        "from the rulebook, so edit the rulebook, not these pages).",
        "",
        f"Every rule has two parts: **{TABLE_HEADING}**, the rule for a real table in the "
        f"league's own rulebook's words, and **{BOT_HEADING}**, what the bot does in the games "
        f"it deals — or, at a live night, **{LIVE_HEADING}**. A server plays one profile, set "
        "with `/td profile`; in a channel with a tournament running, `/rule` answers with that "
        "tournament's profile and mode.",
        "",
        "| Profile | The rules as it plays them |",
        "|---|---|",
    ]
    for name in PROFILE_NAMES:
        page = page_path(name).name
        lines.append(f"| `{name}` | [{page}]({PAGES.name}/{page}) |")
    lines += ["", f"## Every rule ({len(rulebook)})", "",
              "| Rule | `/rule` | In short | " + " | ".join(f"`{n}`" for n in PROFILE_NAMES)
              + " |", "|---|---|---|" + "---|" * len(PROFILE_NAMES)]
    for rule in rulebook.all():
        links = " | ".join(f"[read]({PAGES.name}/{page_path(n).name}#{anchor(rule.title)})"
                           for n in PROFILE_NAMES)
        summary = rule.summary.replace("|", "\\|")
        lines.append(f"| {rule.title} | `{rule.id}` | {summary} | {links} |")
    return "\n".join(lines) + "\n"


def rule_pages(rulebook: Rulebook | None = None) -> dict[Path, str]:
    """The index and one page per profile, by path in the repository."""
    book = rulebook or load_rulebook()
    out = {INDEX: index_page(book)}
    for name in PROFILE_NAMES:
        out[page_path(name)] = profile_page(book, name)
    return out
