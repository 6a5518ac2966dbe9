"""A server's own blind structures and payout tables, kept in the database.

`/td structure …` and `/td payouts …` call these; `/tournament create` resolves the name it is
given with `resolve_structure` / `resolve_payouts` (the server's own, then the presets: shipped
and LEAGUE_DATA_DIR's). A tournament stores the resolved levels and payouts in its Created
event (TournamentConfig.to_dict), so changing a structure later never changes a tournament
already created with it.

Each refusal is a `ServerFileError` with a code and the facts; the presenter
(bot/discord_ui/presenter/server_files.py) words it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from bot.store import SqlTransaction, Store
from bot.store.server_files import FileKind, ServerFile
from bot.tournament.errors import StructureError
from bot.tournament.payouts import PayoutTable, load_payout_table, payout_table_names
from bot.tournament.structure import Level, Structure, load_structure, structure_names
from bot.tournament.structure_files import (
    FileFormat,
    FileProblems,
    decode,
    file_format,
    parse_payouts,
    parse_structure,
    payouts_toml,
    structure_toml,
)

MAX_NAME = 40
MAX_PER_SERVER = 50  # of each kind
NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]*")

ErrorCode = Literal["bad-name", "preset-name", "exists", "unknown", "unknown-source",
                    "bad-file", "bad-format", "too-many", "bad-level", "changed"]


class ServerFileError(Exception):
    """`detail`: what is wrong (a file's first problem); `problems`: every one found."""

    def __init__(self, code: ErrorCode, kind: FileKind, name: str, detail: str = "",
                 problems: tuple[str, ...] = ()) -> None:
        super().__init__(f"{code}: {kind} {name!r} {detail}".strip())
        self.code = code
        self.kind = kind
        self.name = name
        self.detail = detail
        self.problems = problems or ((detail,) if detail else ())


@dataclass(frozen=True)
class Choice:
    name: str
    own: bool  # the server's own (else a preset)


def preset_names(kind: FileKind) -> list[str]:
    return structure_names() if kind == "structure" else payout_table_names()


def clean_name(kind: FileKind, name: str) -> str:
    """The name as kept: spaces collapsed; letters, digits, space, `_ . -`; not a preset's."""
    cleaned = " ".join(name.split())
    if not (1 <= len(cleaned) <= MAX_NAME) or NAME_RE.fullmatch(cleaned) is None:
        raise ServerFileError("bad-name", kind, cleaned[:MAX_NAME])
    if cleaned.casefold() in {p.casefold() for p in preset_names(kind)}:
        raise ServerFileError("preset-name", kind, cleaned)
    return cleaned


def _parse(kind: FileKind, name: str, text: str, fmt: FileFormat) -> Structure | PayoutTable:
    if kind == "structure":
        return parse_structure(name, text, fmt)
    return parse_payouts(name, text, fmt)


def _toml(item: Structure | PayoutTable) -> str:
    return structure_toml(item) if isinstance(item, Structure) else payouts_toml(item)


def _preset(kind: FileKind, name: str) -> Structure | PayoutTable:
    if kind == "structure":
        return load_structure(name)
    return load_payout_table(name)


async def choices(store: Store, guild_id: int, kind: FileKind) -> list[Choice]:
    """The server's own first, then the presets, each alphabetical."""
    own = await store.server_file_names(guild_id, kind)
    return [Choice(n, True) for n in own] + [Choice(n, False) for n in preset_names(kind)]


async def resolve(store: Store, guild_id: int, kind: FileKind,
                  name: str) -> Structure | PayoutTable:
    """The structure or payout table by name: the server's own, else a preset."""
    cleaned = " ".join(name.split())
    kept = await store.server_file(guild_id, kind, cleaned)
    if kept is not None:
        return _parse(kind, kept.name, kept.body, "toml")
    if cleaned in preset_names(kind):
        return _preset(kind, cleaned)
    raise ServerFileError("unknown", kind, cleaned)


async def resolve_structure(store: Store, guild_id: int, name: str) -> Structure:
    found = await resolve(store, guild_id, "structure", name)
    assert isinstance(found, Structure)
    return found


async def resolve_payouts(store: Store, guild_id: int, name: str) -> PayoutTable:
    found = await resolve(store, guild_id, "payouts", name)
    assert isinstance(found, PayoutTable)
    return found


async def _put(store: Store, guild_id: int, kind: FileKind, name: str, body: str, by: int,
               *, new: bool, was: str | None = None) -> ServerFile:
    def change(tx: SqlTransaction) -> ServerFile:
        # Checked again here, in the write's transaction: of two `new` at once one wins; an
        # edit of one level applies only to the text it was made from.
        names = tx.server_file_names(guild_id, kind)
        if new and name in names:
            raise ServerFileError("exists", kind, name)
        if was is not None:
            current = tx.server_file(guild_id, kind, name)
            if current is None or current.body != was:
                raise ServerFileError("changed", kind, name)
        if name not in names and len(names) >= MAX_PER_SERVER:
            raise ServerFileError("too-many", kind, name, str(MAX_PER_SERVER))
        return tx.put_server_file(guild_id, kind, name, body, by)

    return await store.commit(change)


async def copy(store: Store, guild_id: int, kind: FileKind, name: str, source: str,
               by: int) -> Structure | PayoutTable:
    """`/td structure new name: from:` — a new one of the server's, a copy of `source`."""
    cleaned = clean_name(kind, name)
    try:
        original = await resolve(store, guild_id, kind, source)
    except ServerFileError:
        raise ServerFileError("unknown-source", kind, cleaned, " ".join(source.split())) \
            from None
    item = _parse(kind, cleaned, _toml(original), "toml")  # renamed, checked as an upload
    await _put(store, guild_id, kind, cleaned, _toml(item), by, new=True)
    return item


async def upload(store: Store, guild_id: int, kind: FileKind, name: str, filename: str,
                 data: bytes, by: int) -> Structure | PayoutTable:
    """Replace (or create) the server's own from an uploaded TOML or CSV file. A refusal
    (`bad-file` with the parser's words, naming the line) changes nothing."""
    cleaned = clean_name(kind, name)
    fmt = file_format(filename)
    if fmt is None:
        raise ServerFileError("bad-format", kind, cleaned, filename)
    try:
        # At most 16 KB: parsed in a few milliseconds, so on the event loop.
        item = _parse(kind, cleaned, decode(data), fmt)
    except StructureError as exc:
        problems = exc.problems if isinstance(exc, FileProblems) else (str(exc),)
        raise ServerFileError("bad-file", kind, cleaned, problems[0], problems) from None
    await _put(store, guild_id, kind, cleaned, _toml(item), by, new=False)
    return item


async def export(store: Store, guild_id: int, kind: FileKind,
                 name: str) -> tuple[str, bytes]:
    """The file to give back: (file name, TOML bytes); presets too."""
    item = await resolve(store, guild_id, kind, name)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", item.name)
    return f"{stem}.{'structure' if kind == 'structure' else 'payouts'}.toml", \
        _toml(item).encode("utf-8")


async def own_structure(store: Store, guild_id: int, name: str) -> tuple[Structure, str]:
    """One of the server's own structures and the text it is kept as (for an edit)."""
    cleaned = " ".join(name.split())
    kept = await store.server_file(guild_id, "structure", cleaned)
    if kept is None:
        if cleaned in preset_names("structure"):
            raise ServerFileError("preset-name", "structure", cleaned)
        raise ServerFileError("unknown", "structure", cleaned)
    return parse_structure(kept.name, kept.body, "toml"), kept.body


async def set_level(store: Store, guild_id: int, name: str, number: int, level: Level,
                    by: int, *, was: str) -> Structure:
    """Level `number` (1-based; one past the last adds a level at the end) becomes `level`,
    checked as an upload is; `was` is the text the director's form was filled from (another
    change in between refuses this one)."""
    structure, _ = await own_structure(store, guild_id, name)
    periods = list(structure.periods)
    where = [i for i, p in enumerate(periods) if isinstance(p, Level)]
    if not 1 <= number <= len(where) + 1:
        raise ServerFileError("bad-level", "structure", structure.name,
                              f"there is no level {number}: levels are 1 to {len(where)}, "
                              f"or {len(where) + 1} for a new last level")
    if number <= len(where):
        periods[where[number - 1]] = level
    else:
        periods.append(level)
    try:
        text = structure_toml(replace(structure, periods=tuple(periods)))
        changed = parse_structure(structure.name, text, "toml")
    except StructureError as exc:
        # The line is the kept file's, which the director did not write: the level says it.
        raise ServerFileError("bad-level", "structure", structure.name,
                              re.sub(r"^line \d+, ", "", str(exc))) from None
    await _put(store, guild_id, "structure", structure.name, text, by, new=False, was=was)
    return changed
