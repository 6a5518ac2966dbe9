"""The presenter's Discord text rendered for a terminal, as the demos print it.

Discord's Markdown becomes what a reader's client shows: bold and headings in bold, struck
text struck through (with ANSI styles when the output is a terminal that wants them, plain
otherwise), code and escapes as plain text; its timestamps (`<t:1700000600:R>`) become the
times a client shows at that moment ("in 10 minutes", "22:23"). No words are added: this is
a renderer of the presenter's sentences.
"""

from __future__ import annotations

import re
import sys
from datetime import UTC, datetime
from typing import TextIO

_STAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")
_HEADING = re.compile(r"^#{1,3} +(.*)$", re.MULTILINE)
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_UNDERLINE = re.compile(r"__(.+?)__")
_STRUCK = re.compile(r"~~(.+?)~~")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_SPOILER = re.compile(r"\|\|(.+?)\|\|")
_CODE = re.compile(r"`([^`]+)`")
_ESCAPED = re.compile(r"\\([*_~`|>#\\-])")
# Placeholders for escaped characters while the Markdown around them is read.
_HOLD = "\x00"

_FORMATS = {"t": "%H:%M", "T": "%H:%M:%S", "d": "%d/%m/%Y", "D": "%d %B %Y",
            "f": "%d %B %Y %H:%M", "F": "%A, %d %B %Y %H:%M"}


def _span(seconds: int) -> str:
    for size, unit in ((86_400, "day"), (3_600, "hour"), (60, "minute")):
        if seconds >= size:
            n = seconds // size
            return f"{n} {unit}{'s' if n != 1 else ''}"
    return f"{seconds} second{'s' if seconds != 1 else ''}"


def timestamps(text: str, now: float) -> str:
    """Discord's timestamps as a reader's client shows them at `now` (UTC)."""
    def stamp(m: re.Match[str]) -> str:
        at = int(m.group(1))
        style = m.group(2) or "f"
        if style == "R":
            secs = at - round(now)
            return f"in {_span(secs)}" if secs >= 0 else f"{_span(-secs)} ago"
        return datetime.fromtimestamp(at, UTC).strftime(_FORMATS[style])

    return _STAMP.sub(stamp, text)


class Terminal:
    """Renders Discord text for one output: styled when it is a terminal, plain otherwise."""

    def __init__(self, *, styled: bool) -> None:
        self.styled = styled

    @classmethod
    def for_output(cls, out: TextIO | None = None) -> Terminal:
        """Styled when `out` is a terminal; plain into a file or a pipe."""
        stream = out or sys.stdout
        isatty = getattr(stream, "isatty", lambda: False)
        return cls(styled=bool(isatty()))

    def _style(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.styled else text

    def render(self, text: str, now: float) -> str:
        """`text` (the presenter's Discord Markdown) as a terminal shows it, at time `now`."""
        escaped: list[str] = []

        def hold(m: re.Match[str]) -> str:
            escaped.append(m.group(1))
            return _HOLD

        out = _ESCAPED.sub(hold, timestamps(text, now))
        out = _CODE.sub(lambda m: m.group(1), out)
        out = _HEADING.sub(lambda m: self._style("1", m.group(1)), out)
        out = _BOLD.sub(lambda m: self._style("1", m.group(1)), out)
        out = _UNDERLINE.sub(lambda m: self._style("4", m.group(1)), out)
        out = _STRUCK.sub(lambda m: self._style("9", m.group(1)), out)
        out = _ITALIC.sub(lambda m: self._style("3", m.group(1)), out)
        out = _SPOILER.sub(lambda m: m.group(1), out)
        held = iter(escaped)
        return re.sub(_HOLD, lambda _m: next(held), out)
