"""The words of a server's own structures and payout tables: the preview as a
phone-readable table (a code block of at most 36 columns), the receipts, the refusals."""

from __future__ import annotations

from bot.discord_ui.presenter.announcements import add_on_when
from bot.discord_ui.presenter.limits import (
    MESSAGE_CHARS,
    chips,
    inert,
    safe_name,
    safe_text,
    truncate,
)
from bot.discord_ui.presenter.refusals import NOTHING_CHANGED, ended
from bot.service.server_files import ServerFileError, preset_names
from bot.store.server_files import FileKind
from bot.tournament.payouts import PayoutTable
from bot.tournament.structure import Break, Structure, chip_no_longer_needed
from bot.tournament.structure_files import MAX_FILE_BYTES

NOUN: dict[FileKind, str] = {"structure": "structure", "payouts": "payout table"}
COMMAND: dict[FileKind, str] = {"structure": "/td structure", "payouts": "/td payouts"}
UPLOAD_HELP: dict[FileKind, str] = {
    "structure": "TOML (as `/td structure export` gives) or CSV, one row a line: "
                 "`level, 25, 50, 0, 20` (small blind, big blind, ante, minutes), `break, 10`, "
                 "`starting_stack, 10000`, `chips, 25 100 500 1000`, `big_blind_ante, yes`, "
                 "`late_registration, 4`, `rebuy, cost, chips, last level, most`, "
                 "`addon, cost, chips, last level` or `addon, cost, chips, at break after level 4`",
    "payouts": "TOML (as `/td payouts export` gives) or CSV, one row a line: "
               "`players, 7, 10, 50, 30, 20` (from 7 to 10 players: 50% to 1st, 30%, 20%), "
               "or fixed amounts: `amounts, 7, 10, 50, 30, 20`",
}


# One problem of an uploaded file at most (ten fit a message).
PROBLEM_CHARS = 180

def _minutes(seconds: int) -> str:
    return f"{seconds // 60}" if seconds % 60 == 0 else f"{seconds / 60:.1f}"


def structure_preview(s: Structure, *, own: bool) -> str:
    """Every level and break, one line each, with the colour-up a break brings."""
    head = [f"**{safe_name(s.name)}** ({'this server' if own else 'preset'}): "
            f"{chips(s.starting_stack)} chips to start, chips "
            + " ".join(chips(c) for c in s.chips)
            + (", big-blind ante" if s.big_blind_ante else "")]
    extras = []
    if s.late_registration_level is not None:
        extras.append(f"late entry until level {s.late_registration_level}")
    if s.rebuys is not None:
        extras.append(f"re-buys until level {s.rebuys.until_level} ({chips(s.rebuys.chips)} "
                      f"chips for {chips(s.rebuys.cost)}, {s.rebuys.max_per_player} each)")
    if s.add_on is not None:
        extras.append(f"add-on {add_on_when(s.add_on)} ({chips(s.add_on.chips)} "
                      f"chips for {chips(s.add_on.cost)})")
    if extras:
        head.append("; ".join(extras).capitalize() + ".")
    ante_word = "BB ante" if s.big_blind_ante else "Ante"
    lines = [f"{'Lv':>3} {'Blinds':>13} {ante_word:>7} {'Min':>4}"]
    smallest = s.chips[0]
    n = 0
    for i, p in enumerate(s.periods):
        if isinstance(p, Break):
            race = chip_no_longer_needed(s, smallest, i)
            up = f", colour up the {chips(smallest)}s" if race is not None else ""
            if race is not None:
                smallest = race
            lines.append(f"  — break {_minutes(p.seconds)} min{up}")
            continue
        n += 1
        blinds = f"{chips(p.small_blind)}/{chips(p.big_blind)}"
        ante = chips(p.ante) if p.ante else "-"
        lines.append(f"{n:>3} {blinds:>13} {ante:>7} {_minutes(p.seconds):>4}")
    text = "\n".join(head) + "\n```\n" + "\n".join(lines) + "\n```"
    if len(text) > MESSAGE_CHARS:
        cut = MESSAGE_CHARS - len("\n".join(head)) - 80
        body = "\n".join(lines)[:cut].rsplit("\n", 1)[0]
        text = ("\n".join(head) + "\n```\n" + body + "\n…\n```\nThe rest is in "
                "`/td structure export`.")
    return text


def payouts_preview(table: PayoutTable, *, own: bool) -> str:
    fixed = [b.amounts is not None for b in table.brackets]
    what = ("fixed amounts by place, in the league's money" if all(fixed)
            else "percent of the prize pool (or fixed amounts) by place" if any(fixed)
            else "percent of the prize pool by place")
    head = f"**{safe_name(table.name)}** ({'this server' if own else 'preset'}): {what}, by " \
           "number of players"
    lines = []
    for b in table.brackets:
        if b.amounts is not None:
            places = " ".join(chips(a) for a in b.amounts) + " fixed"
        else:
            places = " ".join(f"{bp / 100:g}" for bp in b.basis_points)
        lines.append(f"{b.min_players:>3}-{b.max_players:<4} {places}")
    text = head + "\n```\n" + "\n".join(lines) + "\n```"
    if any(b.amounts is not None for b in table.brackets):
        text += ("\nFixed amounts are paid as they are; what the pool holds beyond them goes "
                 "to 1st, and a smaller pool pays them in proportion.")
    return text


def created_text(kind: FileKind, name: str, source: str) -> str:
    return (f"The {NOUN[kind]} **{safe_name(name)}** is this server's, a copy of "
            f"**{safe_name(source)}**. Change it with `{COMMAND[kind]} upload`; "
            f"`/tournament create` offers it now.")


def uploaded_text(kind: FileKind, name: str) -> str:
    return (f"The {NOUN[kind]} **{safe_name(name)}** is saved. Tournaments already created "
            "keep the one they were created with.")


def export_text(kind: FileKind, name: str) -> str:
    return (f"The {NOUN[kind]} **{safe_name(name)}**: change the file and give it back with "
            f"`{COMMAND[kind]} upload`.")


def upload_missing_text(kind: FileKind) -> str:
    return ended(f"Attach the file to upload: {UPLOAD_HELP[kind]}.")


def refusal_text(err: ServerFileError) -> str:
    noun, name = NOUN[err.kind], safe_name(err.name)
    presets = "`" + "`, `".join(preset_names(err.kind)) + "`"
    match err.code:
        case "bad-name":
            return ended(f"A {noun} name is 1 to 40 letters, digits, spaces and `_ . -`.")
        case "preset-name":
            return ended(f"**{name}** is a preset's name; give yours another name "
                         f"(`{COMMAND[err.kind]} new name: from:{name}` copies it).")
        case "exists":
            return ended(f"This server already has a {noun} **{name}**: change it with "
                         f"`{COMMAND[err.kind]} upload`, or pick another name.")
        case "unknown":
            return (f"There is no {noun} **{name}** here: this server's are in the list as you "
                    f"type, the presets are {presets}.")
        case "unknown-source":
            return ended(f"There is no {noun} **{safe_name(err.detail)}** to copy: this server's "
                         f"are in the list as you type, the presets are {presets}.")
        case "bad-format":
            return ended(f"Upload a `.toml` or `.csv` file (not **{safe_name(err.detail)}**): "
                         f"{UPLOAD_HELP[err.kind]}.")
        case "too-many":
            return ended(f"This server has {err.detail} {noun}s, the most it can keep.")
        case "bad-level":
            return ended(f"I cannot change that level of **{name}**: {safe_text(err.detail, 900)}.")
        case "changed":
            return ended(f"**{name}** changed while you were editing it (another upload or level). "
                         "Open the level again to see it as it is now.")
        case "bad-file":
            if len(err.problems) > 1:
                listed = "\n".join(f"· {parser_words(p)}" for p in err.problems)
                return (f"I cannot use that file for **{name}**, {len(err.problems)} problems:"
                        f"\n{listed}\n{NOTHING_CHANGED}")
            return ended(f"I cannot use that file for **{name}**: {parser_words(err.detail)}.")
    return ended(f"That {noun} cannot be changed.")


def no_such_level_detail(number: int, levels: int) -> str:
    """Why a level cannot be opened: past the structure's end (one more makes a new last)."""
    return (f"there is no level {number}: levels are 1 to {levels}, or {levels + 1} for a new "
            "last level")


def parser_words(text: str, limit: int = PROBLEM_CHARS) -> str:
    """A parser's sentence about a file: its code spans (`level, 25, 50, 0, 20`) shown as
    code, the rest (which may quote the file) made inert; one line, bounded."""
    flat = truncate(" ".join(text.split()), limit)
    parts = flat.split("`")
    if len(parts) % 2 == 0:  # a backtick of the file's own: no code span is trusted
        return safe_text(flat, limit)
    return "".join(f"`{part}`" if i % 2 else inert(part) for i, part in enumerate(parts))


def too_big_text() -> str:
    return ended(f"The file is larger than {MAX_FILE_BYTES // 1000} KB.")


LEVEL_LABELS = {"small": "Small blind", "big": "Big blind", "ante": "Ante (0: none)",
                "minutes": "Minutes"}


def level_modal_title(name: str, number: int, new: bool) -> str:
    flat = " ".join(name.split())
    return (f"{flat}: new level {number}" if new else f"{flat}: level {number}")[:45]


def level_number_text(value: str) -> str:
    return ended(f"Give whole numbers (the {value.casefold()} was not one).")


def level_saved_text(s: Structure, number: int) -> str:
    level = s.levels[number - 1]
    ante = f", ante {chips(level.ante)}" if level.ante else ""
    return (f"Level {number} of **{safe_name(s.name)}** is now {chips(level.small_blind)}/"
            f"{chips(level.big_blind)}{ante}, {_minutes(level.seconds)} minutes. Tournaments "
            "already created keep the one they were created with.")
