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
  presenter's `ScreenWords`). The pages' HTML, CSS and JS (bot/web/static/) are not Python and
  are not read here.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("cogs", "bot/web", "bot/discord_ui")
PRESENTER = ROOT / "bot/discord_ui/presenter"
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
