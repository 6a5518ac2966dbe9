"""Every sentence a user reads is written in the presenter (bot/discord_ui/presenter/): the cogs,
the web screens and the rest of the Discord side pass values to it and show what it returns.

The rule, read from the source (no import, no run):
- A string literal is *words* when its text (an f-string's literal parts, each placeholder read
  as a word) holds two words separated by one space ("Clock stopped", "a player"), or is one
  capitalised word ending a sentence ("Done."); and its literal parts hold a word of their own
  (f"{a} {b}" only joins words made elsewhere). A word is letters with at most one apostrophe
  inside ("player's"), not joined to a hyphen, slash, dot, colon, underscore, quote or backtick
  on either side: "default-src 'none'" (a header), "hp:c:" or "/td time" are not words.
- Words are refused anywhere in cogs/, bot/web/ and bot/discord_ui/ outside its presenter,
  except where they are not a message:
  - a docstring;
  - an argument of a logging call (`log.…`, `logger.…`, `logging.…`): for the bot's admin;
  - what describes a command to Discord, which Discord shows in its own UI: the arguments of
    `…describe(…)`, `…Choice(…)`, `…choices(…)`, `…rename(…)`, `….command(…)`, `…Command(…)`,
    a group of commands (`…Group(…)`, its subclasses' names ending so too), a
    class's keywords (`class X(app_commands.Group, description=…)`), and module constants named
    `…_HINT` (an option's description shared by commands) or `…_COMMANDS` (commands' names
    with their descriptions);
  - an `assert`'s message (for developers);
  - an exception's text, for the developer or the bot's admin (the error handler answers a user
    with its own words, never such an exception's): the body of an exception class (a base is
    one of Python's exceptions, `ValueError`, `RuntimeError`, …) and the arguments of a `raise`d
    call of one (Python's own, or such a class of the same module). A refusal, or an HTTP
    answer a page shows (`web.HTTPForbidden(text=…)`), is checked like any message;
  - bot/discord_ui/terminal.py, which writes Discord's timestamps as Discord's own client
    words them ("in 10 minutes") for the demos: Discord's words, not the bot's.
- Nothing else is allowed, in the web's Python either (the screens' words come from the
  presenter's `ScreenWords`).

The pages' own files (bot/web/static/) take their words from the presenter too (its
`PAGE_WORDS`, handed to the page by the server): the scripts write `word(key, values)`, the HTML
`{{key}}`. Read from the files:
- JS: every string literal ('…', "…", `…` with each `${…}` read as a word, the code inside it
  read on its own; comments and regular expressions are not literals) is words by the rule
  above, or when it is one capitalised word of two letters or more ("Finished", "PAUSED",
  "Preflop") that is not a name the browser defines (a key's name "Escape", the method "POST"),
  or when a word of two letters or more stands beside a character beyond ASCII
  ("reconnecting…", "● live": names, ids, keys, selectors and URLs are ASCII).
  Ids, class, element and event names, keys ("c-pause", "on-break", "span", "click",
  "hand_for_hand"), locales, media types and headers ("en-US", "application/json",
  "Content-Type"), separators and symbols (" · ", "–", "♠") are not words; nor is the
  directive "use strict". A lone lower-case word cannot be told from a class name or a key and
  is not refused: it still belongs in the presenter.
- HTML: its text (outside <script> and <style>) and the attributes a viewer reads (title, alt,
  aria-label, placeholder, value) are words when, without their `{{key}}`s, they hold a word of
  two letters or more: "Prize pool", "Seats". A key's letter ("B"), arrows and dashes are not.
- CSS: a `content:` that holds a word of two letters or more.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("cogs", "bot/web", "bot/discord_ui")
PRESENTER = ROOT / "bot/discord_ui/presenter"
STATIC = ROOT / "bot/web/static"
# Discord's own client's words (its relative timestamps), rendered for the demos.
DISCORDS_WORDS = frozenset({ROOT / "bot/discord_ui/terminal.py"})

_WORD = r"(?<![\w\-/.'`:])[A-Za-z]+(?:'[A-Za-z]+)?(?![\w\-/'`])"
_WORDS = re.compile(rf"{_WORD} {_WORD}")
_SENTENCE_WORD = re.compile(r"[A-Z][a-z]+[.!?]")
_DESCRIBING_CALLS = frozenset({"describe", "Choice", "choices", "rename", "command", "Command"})
_LONE_WORD = re.compile(_WORD)
_LOGGERS = frozenset({"log", "logger", "logging"})
_DESCRIBING_CONSTANTS = ("_HINT", "_COMMANDS")
# A placeholder of an f-string reads as a word ("{name} is in").
_PLACEHOLDER = "X"
_PYTHON_EXCEPTIONS = frozenset(
    name for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException))


def is_words(text: str) -> bool:
    return bool(_WORDS.search(text)) or bool(_SENTENCE_WORD.fullmatch(text.strip()))


def _literal_parts(node: ast.JoinedStr) -> str:
    return " ".join(v.value for v in node.values
                    if isinstance(v, ast.Constant) and isinstance(v.value, str))


def _text(node: ast.Constant | ast.JoinedStr) -> str:
    if isinstance(node, ast.Constant):
        return str(node.value)
    return "".join(v.value if isinstance(v, ast.Constant) and isinstance(v.value, str)
                   else _PLACEHOLDER for v in node.values)


def _callee(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _exception_class(node: ast.ClassDef) -> bool:
    """A class of the developer's or admin's exceptions: a base is one of Python's."""
    return any(isinstance(b, ast.Name) and b.id in _PYTHON_EXCEPTIONS for b in node.bases)


def _for_the_admin(raised: ast.expr, own: frozenset[str]) -> bool:
    """A raised call of Python's exceptions or of `own` (this module's exception classes)."""
    return (isinstance(raised, ast.Call) and isinstance(raised.func, ast.Name)
            and (raised.func.id in _PYTHON_EXCEPTIONS or raised.func.id in own))


def _logger(call: ast.Call) -> bool:
    func = call.func
    return (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
            and func.value.id in _LOGGERS)


class _Finder(ast.NodeVisitor):
    """Literals of words outside the allowed places: (line, text)."""

    def __init__(self) -> None:
        self.found: list[tuple[int, str]] = []
        self.exceptions: frozenset[str] = frozenset()

    def visit_Module(self, node: ast.Module) -> None:
        self.exceptions = frozenset(c.name for c in ast.walk(node)
                                    if isinstance(c, ast.ClassDef) and _exception_class(c))
        self.generic_visit(node)

    def _skip(self) -> None:
        """An allowed place: nothing inside it is looked at."""

    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # a docstring (or a bare string statement)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        callee = _callee(node)
        if _logger(node) or callee in _DESCRIBING_CALLS or callee.endswith("Group"):
            return
        self.generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        if _exception_class(node):
            return  # its text is for the developer or the admin
        for item in (*node.decorator_list, *node.bases, *node.body):
            self.visit(item)  # its keywords (name=, description=) are Discord's own UI

    def visit_Assert(self, node: ast.Assert) -> None:
        self.visit(node.test)

    def visit_Raise(self, node: ast.Raise) -> None:
        if node.exc is None or not _for_the_admin(node.exc, self.exceptions):
            self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        if all(isinstance(t, ast.Name) and t.id.endswith(_DESCRIBING_CONSTANTS)
               for t in node.targets):
            return
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if isinstance(node.target, ast.Name) and node.target.id.endswith(_DESCRIBING_CONSTANTS):
            return
        self.generic_visit(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        if is_words(_text(node)) and _LONE_WORD.search(_literal_parts(node)):
            self.found.append((node.lineno, _text(node)))
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                self.visit(value)  # a literal inside a placeholder is looked at on its own

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and is_words(node.value):
            self.found.append((node.lineno, node.value))


def words_outside_the_presenter() -> Iterator[str]:
    for folder in CHECKED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if PRESENTER in path.parents or path in DISCORDS_WORDS:
                continue
            finder = _Finder()
            finder.visit(ast.parse(path.read_text(encoding="utf-8")))
            for line, text in finder.found:
                yield f"{path.relative_to(ROOT)}:{line}: {text[:70]!r}"


def test_the_cogs_and_the_screens_say_nothing_of_their_own() -> None:
    found = list(words_outside_the_presenter())
    assert found == [], "move these words into the presenter:\n" + "\n".join(found)


def test_the_rule_tells_words_from_structure() -> None:
    """The rule can fail: sentences are words; identifiers, ids and markup are not."""
    for words in ("Clock stopped.", "a player", "Done.", "X is in (X players).",
                  "Ann's hand is dead"):
        assert is_words(words), words
    for structure in ("default-src 'none'; connect-src 'self'", "hp:c:", "td_add", "/td time",
                      "utf-8", "text/html", "se:{league}", "", "ok", "Retry-After",
                      "no-store"):
        assert not is_words(structure), structure


def test_the_finder_refuses_a_message_and_allows_a_description() -> None:
    source = '''
"""A docstring says what the module does."""
import logging
log = logging.getLogger(__name__)
REASON_HINT = "Why it was done"
@app_commands.describe(player="The player it concerns")
async def f() -> None:
    log.warning("could not answer the user %s", 1)
    assert ok, "never happens here"
    await send_private(interaction, "Clock stopped.")
    raise Refused.saying(f"There is no table {n} playing")
    await send_private(interaction, f"{text} {said}")
    raise ValueError(f"a pager's kind is 1 to 20 lower-case letters, not {kind!r}")
    raise Refused("Not your turn.")
    raise UploadFailed("listing the application's emojis")
    raise web.HTTPForbidden(text="This link shows the clock")
    embed.add_field(name="Final tables", value=f"#{place} {name}")
class UploadFailed(Exception):
    def __init__(self, what: str) -> None:
        super().__init__(f"creating the emoji {what}")
class Panel(discord.ui.View):
    label = "My cards"
'''
    finder = _Finder()
    finder.visit(ast.parse(source))
    assert [text for _, text in finder.found] == ["Clock stopped.", "There is no table X playing",
                                                  "Not your turn.", "This link shows the clock",
                                                  "Final tables", "My cards"]


# ---------------------------------------------------------------- the pages' own files

# Names the browser defines that read as a capitalised word: keys' names, HTTP methods.
_WEB_NAMES = frozenset({"Escape", "Enter", "Tab", "Backspace", "ArrowUp", "ArrowDown",
                        "ArrowLeft", "ArrowRight", "GET", "POST", "PUT", "DELETE"})
_CAPITALISED_WORD = re.compile(r"[A-Z][A-Za-z]+")
_DIRECTIVES = frozenset({"use strict"})
# Names, ids, keys, selectors and URLs are ASCII: a word beside "…" or "●" is for a viewer.
_BEYOND_ASCII = re.compile(r"[^\x00-\x7f]")
# A `/` that starts a regular expression follows one of these (or nothing), else it divides.
_BEFORE_REGEX = set("(,=:[!&|?{};+-*%<>~^")
_REGEX_KEYWORDS = ("return", "typeof", "case", "in", "of", "new", "delete", "void", "yield")


def js_literals(source: str) -> list[tuple[int, str, str]]:
    """The string literals of a script: (line, text, literal parts), each `${…}` of a
    template read as a word and the code inside it read for its own literals."""
    found: list[tuple[int, str, str]] = []
    _scan_js(source, 0, found, until_brace=False)
    return found


def _scan_js(src: str, i: int, found: list[tuple[int, str, str]], *, until_brace: bool) -> int:
    depth = 0
    last = ""  # the last significant character or word: a `/` after it starts a regex?
    while i < len(src):
        c = src[i]
        if src.startswith("//", i):
            i = src.find("\n", i)
            i = len(src) if i < 0 else i
            continue
        if src.startswith("/*", i):
            i = src.index("*/", i + 2) + 2
            continue
        if c in "'\"`":
            # A string to its closing quote; in a template (`) each `${…}` reads as a word.
            start, i = i, i + 1
            text, parts = [], []
            while src[i] != c:
                if src[i] == "\\":
                    text.append(src[i + 1])
                    parts.append(src[i + 1])
                    i += 2
                elif c == "`" and src.startswith("${", i):
                    text.append(_PLACEHOLDER)
                    parts.append(" ")
                    i = _scan_js(src, i + 2, found, until_brace=True)
                else:
                    text.append(src[i])
                    parts.append(src[i])
                    i += 1
            found.append((src.count("\n", 0, start) + 1, "".join(text), "".join(parts)))
            i += 1
            last = c
            continue
        if c == "/" and (last == "" or last in _BEFORE_REGEX or last in _REGEX_KEYWORDS):
            i += 1
            in_class = False
            while src[i] != "/" or in_class:
                if src[i] == "\\":
                    i += 1
                elif src[i] == "[":
                    in_class = True
                elif src[i] == "]":
                    in_class = False
                i += 1
            i += 1
            last = "/regex/"
            continue
        if until_brace:
            if c == "{":
                depth += 1
            elif c == "}":
                if depth == 0:
                    return i + 1
                depth -= 1
        if c.isalnum() or c in "_$":
            word = re.match(r"[\w$]+", src[i:])
            assert word is not None
            last = word[0]
            i += len(word[0])
            continue
        if not c.isspace():
            last = c
        i += 1
    return i


def js_words(text: str, parts: str) -> bool:
    """Whether a script's literal is words (the module's docstring says the rule)."""
    if text in _DIRECTIVES:
        return False
    if is_words(text) and _LONE_WORD.search(parts):
        return True
    if _HTML_WORD.search(parts) and _BEYOND_ASCII.search(parts):
        return True
    return bool(_CAPITALISED_WORD.fullmatch(parts.strip())) and text not in _WEB_NAMES


# The attributes a viewer reads (a tooltip, a screen reader, a field's hint).
_READ_ATTRIBUTES = frozenset({"title", "alt", "aria-label", "aria-description", "placeholder",
                              "value", "label"})
_PLACED_WORD = re.compile(r"\{\{\w+\}\}")
_HTML_WORD = re.compile(r"[A-Za-z]{2,}")


def html_words(text: str) -> bool:
    return bool(_HTML_WORD.search(_PLACED_WORD.sub(" ", text)))


class _PageText(HTMLParser):
    """The text of a page a viewer reads: (line, text), outside scripts and styles."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._hidden = 0  # inside <script> or <style>

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        for name, value in attrs:
            if name in _READ_ATTRIBUTES and value:
                self.found.append((self.getpos()[0], value))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.found.append((self.getpos()[0], data.strip()))


_CSS_CONTENT = re.compile(r"(?<![\w-])content\s*:\s*([^;}]*)")


def words_in_the_pages() -> Iterator[str]:
    for path in sorted(STATIC.glob("*.js")):
        for line, text, parts in js_literals(path.read_text(encoding="utf-8")):
            if js_words(text, parts):
                yield f"{path.relative_to(ROOT)}:{line}: {text[:70]!r}"
    for path in sorted(STATIC.glob("*.html")):
        page = _PageText()
        page.feed(path.read_text(encoding="utf-8"))
        for line, text in page.found:
            if html_words(text):
                yield f"{path.relative_to(ROOT)}:{line}: {text[:70]!r}"
    for path in sorted(STATIC.glob("*.css")):
        source = path.read_text(encoding="utf-8")
        for match in _CSS_CONTENT.finditer(source):
            if html_words(match[1]):
                yield f"{path.relative_to(ROOT)}:{source.count(chr(10), 0, match.start()) + 1}: " \
                      f"{match[1][:70]!r}"


def test_the_pages_say_nothing_of_their_own() -> None:
    found = list(words_in_the_pages())
    assert found == [], "move these words into the presenter (PAGE_WORDS):\n" + "\n".join(found)


def test_the_page_rule_tells_words_from_structure() -> None:
    """The rule can fail: a script's sentence or capitalised word, a page's text or tooltip are
    words; ids, classes, keys, a key's letter and symbols are not."""
    source = r'''
"use strict";
// A comment says "what it does" and is not read.
const a = s.paused ? "PAUSED" : "";  /* nor is "this one" */
const b = `Hand for hand — ${s.left} left, ${n ? "two words" : "x"} paid`;
const c = `${s.name} · ${s.table}`;
el.classList.toggle("on-break", x); S.text("c-pause", word("control_pause", { n: 1 }));
const d = line.split(/(?<![0-9A-Za-z])"([2-9TJ])"/).map((p) => p / 2 / "Not a regex");
if (e.key === "Escape") fetch(u, { method: "POST", headers: { "Content-Type": "text/html" } });
board.textContent = hand.over ? 'No flop' : 'Preflop';
const labels = { live: "● live", closed: "disconnected", sep: " · ", suit: "♠", at: `${m}${t}` };
'''
    assert [text for _, text, parts in js_literals(source) if js_words(text, parts)] == [
        "PAUSED", "two words", "Hand for hand — X left, X paid", "Not a regex", "No flop",
        "Preflop", "● live"]
    page = _PageText()
    page.feed('<title>{{clock_title}}</title><style>p { color: red }</style>'
              '<button title="The seating">{{view_seats}}</button><dt>B</dt><dd>↑ ↓</dd>'
              '<div>&nbsp;--:--</div><h2>Prize pool</h2><img alt="">'
              '<script>const x = "not the page\'s text";</script><span>Seats</span>')
    assert [text for _, text in page.found if html_words(text)] == [
        "The seating", "Prize pool", "Seats"]
