"""A blind structure or payout table as a file a director uploads or gets back.

Two forms: TOML, the presets' own format (data/structures/*.toml, data/payouts/*.toml), and a
CSV of one row per line for a spreadsheet. Both are read into the same `Structure` /
`PayoutTable` and checked by their own validators (structure.validate, PayoutTable.from_dict);
on top of those, a level's blinds may not go down, and every refusal names the line it is about
(`line 31, level 7: the big blind 300 is less than level 6's 400`). What is kept and given back
is the TOML written by `structure_toml` / `payouts_toml`, so an export uploads again unchanged.

Structure CSV, one row per line (`#` starts a comment; an empty line is skipped):

    starting_stack, 10000
    chips, 25 100 500 1000
    big_blind_ante, no            (yes: the big blind posts the ante for the table)
    late_registration, 4          (last level open to late entries)
    rebuy, 1000, 10000, 6, 1      (cost, chips, last level, most per player)
    addon, 1000, 15000, 6         (cost, chips, last level: to its end and in the break after)
    addon, 1000, 15000, at break after level 6   (only in the break after level 6)
    level, 25, 50, 0, 20          (small blind, big blind, ante, minutes)
    break, 10                     (minutes)

Payout CSV: `players, 4, 6, 70, 30` (from 4 to 6 players: 70% to 1st, 30% to 2nd), or fixed
amounts: `amounts, 4, 6, 40, 20` (40 to 1st, 20 to 2nd, in money units; see payouts.py for a pool
that is not their sum). In TOML a [[brackets]] row gives `amounts = [40, 20]` for `percents`.

Pure: text in, objects out; no I/O.
"""

from __future__ import annotations

import csv
import math
import re
import tomllib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Literal

from bot.tournament.errors import StructureError
from bot.tournament.payouts import PayoutTable
from bot.tournament.structure import AddOnTerms, Break, Level, Period, RebuyTerms, Structure

FileFormat = Literal["toml", "csv"]

# An upload larger than this is refused before it is read: a 40-level structure is about 2 KB.
MAX_FILE_BYTES = 16_000
MAX_PERIODS = 120
MAX_BRACKETS = 40
# A file's problems listed at most (each names its line); a whole number's bound (a stack,
# a blind, an amount of money: far above any night, far below what a database column holds).
MAX_PROBLEMS = 10
MAX_NUMBER = 10**12
MAX_MINUTES = 24 * 60  # a level or break of a day at most
# A CSV add-on's last cell when it is taken only at a break: `at break after level 4`.
_AT_BREAK = re.compile(r"(?:at )?(?:the )?break after level ([0-9]{1,3})")


class FileProblems(StructureError):
    """Every problem found in a file (the first `MAX_PROBLEMS`), each naming its line."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems[:MAX_PROBLEMS])
        super().__init__("; ".join(self.problems))


class _Problems:
    """A file's problems collected as it is read, so that one upload lists them all."""

    def __init__(self) -> None:
        self.found: list[str] = []

    @contextmanager
    def collected(self) -> Iterator[None]:
        """Read one line (or row) inside: its refusal is noted and reading goes on."""
        try:
            yield
        except StructureError as err:
            self.found += err.problems if isinstance(err, FileProblems) else [str(err)]

    def check(self) -> None:
        """Refuse with every problem found, in the order of their lines."""
        if self.found:
            raise FileProblems(sorted(self.found, key=_line_of))


def _line_of(problem: str) -> int:
    """The line a problem names (`line 7, ...`); a problem of the whole file comes last."""
    m = re.match(r"line ([0-9]+)", problem)
    return int(m.group(1)) if m else 1 << 30


def _empty(text: str) -> bool:
    return all(not line.strip() or line.strip().startswith("#") for line in text.splitlines())


def _toml(text: str, what: str) -> dict[str, Any]:
    if _empty(text):
        raise FileProblems(["the file is empty"])
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise StructureError(f"not valid TOML: {err}") from None
    except RecursionError:
        raise FileProblems([f"the file nests lists or tables too deeply for a {what}"]) \
            from None


def file_format(filename: str) -> FileFormat | None:
    lower = filename.casefold()
    if lower.endswith(".toml"):
        return "toml"
    if lower.endswith((".csv", ".txt")):
        return "csv"
    return None


def decode(data: bytes) -> str:
    if len(data) > MAX_FILE_BYTES:
        raise StructureError(f"the file is {len(data):,} bytes; the limit is {MAX_FILE_BYTES:,}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise StructureError("the file is not UTF-8 text") from None


# ---------------------------------------------------------------------------------- structures


def _header_lines(text: str, table: str) -> list[int]:
    """1-based line numbers of each `[[table]]` header, in order."""
    return [n for n, line in enumerate(text.splitlines(), 1)
            if line.strip().replace(" ", "").startswith(f"[[{table}]]")]


def _where(line: int | None, what: str) -> str:
    return f"line {line}, {what}" if line is not None else what


def _int(value: Any, line: int | None, what: str) -> int:
    if isinstance(value, bool):
        raise StructureError(_where(line, f"{what} must be a whole number"))
    number: int | None = None
    if isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.isascii():  # `١٠٠` is a digit to int(), not here
        try:
            number = int(value.strip().replace("_", ""))
        except ValueError:
            pass
    if number is None:
        raise StructureError(_where(line, f"{what} must be a whole number, not {value!r}"))
    if abs(number) > MAX_NUMBER:
        raise StructureError(_where(line, f"{what} must be a whole number from 0 to "
                                          f"{MAX_NUMBER:,}"))
    return number


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise StructureError(f"{what} must be true or false, not {value!r}")
    return value


def _minutes(value: Any, line: int | None, what: str) -> int:
    try:
        if isinstance(value, bool) or not str(value).isascii():
            raise ValueError
        minutes = float(str(value).strip()) if not isinstance(value, int | float) else value
    except ValueError:
        raise StructureError(_where(line, f"{what}: minutes must be a number, not {value!r}"))\
            from None
    seconds = round(float(minutes) * 60) if 0 < minutes <= MAX_MINUTES else 0  # nan, inf: 0
    if seconds <= 0:
        raise StructureError(_where(line, f"{what}: the length must be above 0 minutes (and "
                                          f"at most {MAX_MINUTES:,})"))
    return seconds


def _check_levels(periods: list[Read], problems: _Problems) -> None:
    """Blinds never go down from one level to the next; each level on its own is sane."""
    previous: tuple[Level, int] | None = None
    for period, line, n in periods:
        if not isinstance(period, Level):
            continue
        with problems.collected():
            _check_level(period, previous, n, line)
        previous = (period, n)
    if len(periods) > MAX_PERIODS:
        problems.found.append(f"{len(periods)} levels and breaks; the most is {MAX_PERIODS}")


def _check_level(period: Level, before: tuple[Level, int] | None, n: int,
                 line: int | None) -> None:
    """Level `n` on its own, and against the level read before it (`before`, its number)."""
    what = f"level {n}"
    if period.small_blind <= 0:
        raise StructureError(_where(line, f"{what}: the small blind must be above 0"))
    if period.big_blind < period.small_blind:
        raise StructureError(_where(
            line, f"{what}: the big blind {period.big_blind} is less than the small blind "
                  f"{period.small_blind}"))
    if period.ante < 0:
        raise StructureError(_where(line, f"{what}: the ante must be 0 or more"))
    if before is not None:
        previous, m = before
        if period.big_blind < previous.big_blind:
            raise StructureError(_where(
                line, f"{what}: the big blind {period.big_blind} is less than level "
                      f"{m}'s {previous.big_blind}"))
        if period.small_blind < previous.small_blind:
            raise StructureError(_where(
                line, f"{what}: the small blind {period.small_blind} is less than level "
                      f"{m}'s {previous.small_blind}"))


# A period as read: the period, its line (None: not known), its level's number (a break: 0).
Read = tuple[Period, int | None, int]


def _build(name: str, periods: list[Read], options: dict[str, Any],
           problems: _Problems) -> Structure:
    """The structure, once every line read well; else every problem found."""
    _check_levels(periods, problems)
    problems.check()
    if "starting_stack" not in options:
        raise StructureError("the starting stack is missing (starting_stack)")
    if "chips" not in options:
        raise StructureError("the chip denominations are missing (chips, smallest first)")
    # The structure's own validator says the rest (chips, multiples, level numbers).
    return Structure(name=name, periods=tuple(p for p, _, _ in periods), **options)


def _toml_period(p: Any, i: int, line: int | None, n_levels: int) -> Period:
    """Period `i` of a TOML structure (`n_levels` levels before it)."""
    if not isinstance(p, dict):
        raise StructureError(_where(line, f"period {i + 1} is not a table"))
    if p.get("break"):
        what = f"the break after level {n_levels}"
        return Break(_int(p["seconds"], line, what) if "seconds" in p
                     else _minutes(p.get("minutes"), line, what))
    what = f"level {n_levels + 1}"
    for key in ("small_blind", "big_blind"):
        if key not in p:
            raise StructureError(_where(line, f"{what}: {key} is missing"))
    if "seconds" not in p and "minutes" not in p:
        raise StructureError(_where(line, f"{what}: minutes is missing"))
    secs = (_int(p["seconds"], line, what) if "seconds" in p
            else _minutes(p["minutes"], line, what))
    if secs <= 0:
        raise StructureError(_where(line, f"{what}: the length must be above 0"))
    return Level(_int(p["small_blind"], line, f"{what}: the small blind"),
                 _int(p["big_blind"], line, f"{what}: the big blind"),
                 _int(p.get("ante", 0), line, f"{what}: the ante"), secs)


def _toml_structure(name: str, text: str) -> Structure:
    data = _toml(text, "structure")
    raw = data.get("periods")
    if not isinstance(raw, list) or not raw:
        raise StructureError("no levels: give each level as a [[periods]] table")
    lines = _header_lines(text, "periods")
    problems = _Problems()
    periods: list[Read] = []
    n_levels = 0
    for i, p in enumerate(raw):
        line = lines[i] if len(lines) == len(raw) else None
        is_level = not (isinstance(p, dict) and p.get("break"))
        with problems.collected():
            periods.append((_toml_period(p, i, line, n_levels), line,
                            n_levels + 1 if is_level else 0))
        n_levels += is_level
    options: dict[str, Any] = {}
    with problems.collected():
        options = _toml_options(data)
    return _build(name, periods, options, problems)


def _toml_options(data: dict[str, Any]) -> dict[str, Any]:
    """A TOML structure's starting stack, chips, late entry, re-buys and add-on."""
    options: dict[str, Any] = {}
    try:
        if "starting_stack" in data:
            options["starting_stack"] = _int(data["starting_stack"], None, "starting_stack")
        if "chips" in data:
            options["chips"] = tuple(_int(c, None, "chips") for c in data["chips"])
        options["big_blind_ante"] = bool(data.get("big_blind_ante", False))
        late = data.get("late_registration_level")
        options["late_registration_level"] = (None if late is None
                                              else _int(late, None, "late_registration_level"))
        if data.get("rebuys"):
            options["rebuys"] = RebuyTerms(**{k: _int(v, None, f"rebuys {k}")
                                              for k, v in data["rebuys"].items()})
        if data.get("add_on"):
            terms: dict[str, Any] = {k: (_bool(v, "add_on at_break") if k == "at_break"
                                         else _int(v, None, f"add_on {k}"))
                                     for k, v in data["add_on"].items()}
            options["add_on"] = AddOnTerms(**terms)
    except (TypeError, AttributeError) as err:
        raise StructureError(f"the re-buy or add-on terms are not right ({err})") from None
    return options


def _csv_rows(text: str) -> Iterator[tuple[int, list[str]]]:
    for n, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        row = next(csv.reader([body], skipinitialspace=True))
        yield n, [cell.strip() for cell in row]


_ADD_ON_FORM = "addon, cost, chips, last level` or `addon, cost, chips, at break after level 4"
_ROWS_KNOWN = ("`level`, `break`, `starting_stack`, `chips`, `big_blind_ante`, "
               "`late_registration`, `rebuy`, `addon`")


def _csv_structure(name: str, text: str) -> Structure:
    periods: list[Read] = []
    options: dict[str, Any] = {}
    problems = _Problems()
    n_levels = 0
    add_on_line: int | None = None
    for line, row in _csv_rows(text):
        key = row[0].casefold().replace(" ", "_").replace("-", "_")
        if key in ("small_blind", "kind", "type", "name"):
            continue  # a header row, or the name (the command gives it)
        n_levels += key == "level"
        add_on_line = line if key in ("addon", "add_on") else add_on_line
        with problems.collected():
            period = _csv_row(key, row, line, n_levels, options)
            if period is not None:
                periods.append((period, line, n_levels if key == "level" else 0))
    if not periods and not problems.found:
        raise StructureError("no levels: give each as `level, small blind, big blind, ante, "
                             "minutes`")
    try:
        return _build(name, periods, options, problems)
    except StructureError as err:
        if add_on_line is not None and str(err).startswith("the add-on is at the break"):
            raise StructureError(f"line {add_on_line}: {err}") from None
        raise


def _csv_row(key: str, row: list[str], line: int, n_levels: int,
             options: dict[str, Any]) -> Period | None:
    """One CSV row: a level or a break (returned), or an option (put in `options`)."""
    args = row[1:]

    def need(count: int, form: str) -> None:
        if len(args) != count:
            raise StructureError(f"line {line}: write it as `{form}`")

    if key == "level":
        what = f"level {n_levels}"
        need(4, "level, small blind, big blind, ante, minutes")
        return Level(_int(args[0], line, f"{what}: the small blind"),
                     _int(args[1], line, f"{what}: the big blind"),
                     _int(args[2] or 0, line, f"{what}: the ante"),
                     _minutes(args[3], line, what))
    if key == "break":
        need(1, "break, minutes")
        return Break(_minutes(args[0], line, f"the break after level {n_levels}"))
    if key == "starting_stack":
        need(1, "starting_stack, chips")
        options["starting_stack"] = _int(args[0], line, "the starting stack")
    elif key == "chips":
        cells = [c for a in args for c in a.split()]
        options["chips"] = tuple(_int(c, line, "a chip") for c in cells)
    elif key == "big_blind_ante":
        need(1, "big_blind_ante, yes or no")
        options["big_blind_ante"] = args[0].casefold() in ("yes", "true", "1", "y")
    elif key in ("late_registration", "late_registration_level"):
        need(1, "late_registration, last level")
        options["late_registration_level"] = _int(args[0], line, "late registration")
    elif key in ("rebuy", "rebuys"):
        need(4, "rebuy, cost, chips, last level, most per player")
        options["rebuys"] = RebuyTerms(*(_int(a, line, "rebuy") for a in args))
    elif key in ("addon", "add_on"):
        need(3, _ADD_ON_FORM)
        at_break = _AT_BREAK.fullmatch(" ".join(args[2].casefold().split()))
        if at_break is None and not (args[2].isascii() and args[2].strip().isdigit()):
            raise StructureError(f"line {line}: write it as `{_ADD_ON_FORM}`")
        last = at_break.group(1) if at_break is not None else args[2]
        options["add_on"] = AddOnTerms(_int(args[0], line, "add-on"),
                                       _int(args[1], line, "add-on"),
                                       _int(last, line, "add-on"), at_break is not None)
    else:
        raise StructureError(f"line {line}: {row[0]!r} is not a row I know ({_ROWS_KNOWN})")
    return None


def parse_structure(name: str, text: str, fmt: FileFormat) -> Structure:
    """The structure the file describes, named `name`; a StructureError names what is wrong
    (a `FileProblems` every problem of its lines, up to `MAX_PROBLEMS`)."""
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise StructureError(f"the file is over {MAX_FILE_BYTES:,} bytes")
    if _empty(text):
        raise FileProblems(["the file is empty"])
    if fmt == "toml":
        return _toml_structure(name, text)
    return _csv_structure(name, text)


def _minutes_text(seconds: int) -> str:
    return str(seconds // 60) if seconds % 60 == 0 else repr(round(seconds / 60, 4))


def structure_toml(s: Structure) -> str:
    """The structure in the presets' TOML (what is kept and exported; reads back the same)."""
    out = [f"# Blind structure {s.name!r}: levels and breaks in play order (minutes of play).",
           f"name = {_toml_str(s.name)}",
           f"starting_stack = {s.starting_stack}",
           f"chips = [{', '.join(str(c) for c in s.chips)}]",
           f"big_blind_ante = {'true' if s.big_blind_ante else 'false'}"]
    if s.late_registration_level is not None:
        out.append(f"late_registration_level = {s.late_registration_level}")
    for label, terms in (("rebuys", s.rebuys), ("add_on", s.add_on)):
        if terms is not None:
            out += ["", f"[{label}]"] + [f"{k} = {str(v).lower() if isinstance(v, bool) else v}"
                                         for k, v in vars(terms).items()
                                         if not (k == "at_break" and not v)]
    for p in s.periods:
        out += ["", "[[periods]]"]
        if isinstance(p, Break):
            out += ["break = true", f"minutes = {_minutes_text(p.seconds)}"]
        else:
            out += [f"small_blind = {p.small_blind}", f"big_blind = {p.big_blind}",
                    f"ante = {p.ante}", f"minutes = {_minutes_text(p.seconds)}"]
    return "\n".join(out) + "\n"


def _toml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ------------------------------------------------------------------------------------ payouts


PayoutRow = tuple[int | None, int, int, list[float], bool]  # line, from, to, values, fixed


def _payout_rows(name: str, rows: list[PayoutRow], problems: _Problems) -> PayoutTable:
    """The table, once every row is right; else every problem found."""
    if not rows and not problems.found:
        raise StructureError("no rows: give each as `players, from, to, 1st %, 2nd %, ...`")
    if len(rows) > MAX_BRACKETS:
        problems.found.append(f"{len(rows)} rows; the most is {MAX_BRACKETS}")
    brackets: list[dict[str, Any]] = []
    last_max = 0
    for row in rows:
        with problems.collected():
            brackets.append(_bracket(row, last_max))
        last_max = max(last_max, row[2])
    problems.check()
    return PayoutTable.from_dict({"name": name, "brackets": brackets})


def _bracket(row: PayoutRow, last_max: int) -> dict[str, Any]:
    """One payout row checked (`last_max`: where the row above ends), as PayoutTable takes it."""
    line, lo, hi, percents, fixed = row
    what = f"players {lo} to {hi}"
    if lo < 2 or hi < lo:
        raise StructureError(_where(line, f"{what}: from 2 players up, the second number "
                                          "at least the first"))
    if lo <= last_max:
        raise StructureError(_where(line, f"{what}: overlaps the row above (it ends at "
                                          f"{last_max} players)"))
    if not percents:
        raise StructureError(_where(line, f"{what}: no places paid"))
    if len(percents) > lo:
        raise StructureError(_where(line, f"{what}: pays {len(percents)} places but the "
                                          f"field can be as small as {lo}; a row may not "
                                          "pay more places than its smallest field"))
    if fixed and any(not 1 <= p <= MAX_NUMBER or not float(p).is_integer() for p in percents):
        raise StructureError(_where(line, f"{what}: each amount must be a whole number from 1 "
                                          f"to {MAX_NUMBER:,}"))
    total = sum(round(p * 100) for p in percents)
    if not fixed and (total != 10_000 or any(p <= 0 for p in percents)):
        raise StructureError(_where(line, f"{what}: the percents add up to "
                                          f"{total / 100:g}, not 100 (each above 0)"))
    sign = "" if fixed else "%"
    for place, (a, b) in enumerate(zip(percents, percents[1:], strict=False), 2):
        if b > a:
            raise StructureError(_where(line, f"{what}: place {place} pays {b:g}{sign}, "
                                              f"more than place {place - 1}'s {a:g}{sign}"))
    if fixed:
        return {"min_players": lo, "max_players": hi, "amounts": [int(p) for p in percents]}
    return {"min_players": lo, "max_players": hi, "percents": percents}


def _float(value: Any, line: int | None, what: str) -> float:
    try:
        if isinstance(value, bool) or (isinstance(value, str) and not value.isascii()):
            raise ValueError
        number = float(str(value).strip().rstrip("%"))
        if not math.isfinite(number):
            raise ValueError
    except ValueError:
        raise StructureError(_where(line, f"{what} must be a number, not {value!r}")) from None
    return number


def parse_payouts(name: str, text: str, fmt: FileFormat) -> PayoutTable:
    """The payout table the file describes; a StructureError names what is wrong (a
    `FileProblems` every problem of its rows, up to `MAX_PROBLEMS`)."""
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise StructureError(f"the file is over {MAX_FILE_BYTES:,} bytes")
    if _empty(text):
        raise FileProblems(["the file is empty"])
    rows: list[PayoutRow] = []
    problems = _Problems()
    if fmt == "toml":
        data = _toml(text, "payout table")
        raw = data.get("brackets")
        if not isinstance(raw, list):
            raise StructureError("no rows: give each as a [[brackets]] table with min_players, "
                                 "max_players and percents")
        lines = _header_lines(text, "brackets")
        for i, b in enumerate(raw):
            with problems.collected():
                rows.append(_toml_payout_row(b, lines[i] if len(lines) == len(raw) else None))
    else:
        for line, row in _csv_rows(text):
            if row[0].casefold() in ("name", "from", "min_players"):
                continue
            with problems.collected():
                rows.append(_csv_payout_row(row, line))
    return _payout_rows(name, rows, problems)


def _toml_payout_row(b: Any, line: int | None) -> PayoutRow:
    key = "amounts" if isinstance(b, dict) and "amounts" in b else "percents"
    if not isinstance(b, dict) or not {"min_players", "max_players", key} <= set(b):
        raise StructureError(_where(line, "give min_players, max_players and percents "
                                          "(or amounts)"))
    if not isinstance(b[key], list):
        raise StructureError(_where(line, f"{key} must be a list: [50, 30, 20]"))
    return (line, _int(b["min_players"], line, "min_players"),
            _int(b["max_players"], line, "max_players"),
            [_float(p, line, f"an entry of {key}") for p in b[key]], key == "amounts")


def _csv_payout_row(row: list[str], line: int) -> PayoutRow:
    key = row[0].casefold()
    if key not in ("players", "amounts") or len(row) < 4:
        raise StructureError(f"line {line}: write it as `players, from, to, 1st %, "
                             "2nd %, ...` or `amounts, from, to, 1st, 2nd, ...`")
    return (line, _int(row[1], line, "from"), _int(row[2], line, "to"),
            [_float(p, line, "a percent" if key == "players" else "an amount")
             for p in row[3:] if p], key == "amounts")


def payouts_toml(table: PayoutTable) -> str:
    out = [f"name = {_toml_str(table.name)}"]
    for b in table.brackets:
        out += ["", "[[brackets]]", f"min_players = {b.min_players}",
                f"max_players = {b.max_players}"]
        if b.amounts is not None:
            out.append(f"amounts = [{', '.join(str(a) for a in b.amounts)}]")
        else:
            out.append(f"percents = [{', '.join(f'{bp / 100:g}' for bp in b.basis_points)}]")
    return "\n".join(out) + "\n"
