"""The table's buttons are sent as discord.py's own View of the same buttons would send them, in
every shape a table takes; a click on one is routed by its custom id alone."""

from __future__ import annotations

import discord

from bot.discord_ui.buttons import (
    DrawnButtons,
    HandButton,
    PlayButton,
    SizeButton,
    TimeButton,
    table_button,
)


def _as_discord_py(rows: list[list[tuple[str, str, discord.ButtonStyle, bool]]]
                   ) -> list[dict[str, object]]:
    view = discord.ui.View(timeout=None)
    for n, row in enumerate(rows):
        for custom_id, label, style, disabled in row:
            view.add_item(discord.ui.Button(custom_id=custom_id, label=label, style=style,
                                            disabled=disabled, row=n))
    return view.to_components()


async def test_rows_match_discord_py_and_empty_rows_are_left_out() -> None:
    danger, primary = discord.ButtonStyle.danger, discord.ButtonStyle.primary
    success, grey = discord.ButtonStyle.success, discord.ButtonStyle.secondary
    shapes = [
        [[("hp:f:1-t1-h1:9", "Fold", danger, False), ("hp:c:1-t1-h1:9", "Call 200", primary,
                                                       False),
          ("hp:r:1-t1-h1:9", "Raise", success, False), ("hp:a:1-t1-h1:9", "All-in 9,800",
                                                        grey, False),
          ("hp:m:1-t1-h1:9", "My cards", grey, False)],
         [("hp:z:m:1-t1-h1:9:400", "Min 400", success, False)],
         [("hp:t:1-t1-h1:9", "Time (60 s)", grey, True)]],
        [[("hp:m:1-t1-h1:20", "My cards", grey, False),
          ("hp:s:1-t1-h1:20", "Show my cards", grey, False)]],
    ]
    for shape in shapes:
        drawn = DrawnButtons()
        for n, row in enumerate(shape):
            for custom_id, label, style, disabled in row:
                drawn.button(n, custom_id, label, style=style, disabled=disabled)
        assert drawn.to_components() == _as_discord_py(shape)
    # A hand over has no sizes row and no Time row: rows 0 and 2 only come out as two rows.
    drawn = DrawnButtons()
    drawn.button(0, "hp:m:1-t1-h1:9", "My cards")
    drawn.button(2, "hp:t:1-t1-h1:9", "Time (60 s)")
    assert [len(r["components"]) for r in drawn.to_components()] == [1, 1]
    assert not drawn.is_dispatchable()


def test_a_table_click_is_routed_by_its_custom_id_alone() -> None:
    # custom id: the class that answers it, its act (a PlayButton's), the moment it pins
    routed: dict[str, tuple[type[HandButton], str | None, tuple[str, int]]] = {
        "hp:f:1-t1-h1:9": (PlayButton, "f", ("1-t1-h1", 9)),
        "hp:c:1-t1-h1:9": (PlayButton, "c", ("1-t1-h1", 9)),
        "hp:A:12-t3-h40:117": (PlayButton, "A", ("12-t3-h40", 117)),
        "hp:m:1-t1-h1:20": (PlayButton, "m", ("1-t1-h1", 20)),
        "hp:z:p:1-t1-h1:9:2400": (SizeButton, None, ("1-t1-h1", 9)),
        "hp:t:1-t1-h1:9": (TimeButton, None, ("1-t1-h1", 9)),
    }
    for custom_id, (cls, act, moment) in routed.items():
        button = table_button(custom_id)
        assert type(button) is cls and button.expect == moment, custom_id
        if act is not None:
            assert isinstance(button, PlayButton) and button.act == act
    size = table_button("hp:z:p:1-t1-h1:9:2400")
    assert isinstance(size, SizeButton) and (size.size, size.amount) == ("pot", 2400)
    # Not a table button: the deal's and the pages' buttons stay discord.py's to answer, and
    # an id that does not fit its template (a forged or mangled one) is nobody's.
    for other in ("dl:a:1:2:3", "pg:standings:1:2", "hpm:1-t1-h1:9", "hp:x:1-t1-h1:9",
                  "hp:f:1-t1-h1:9:extra", "hp:z:q:1-t1-h1:9:100", "hp:t:1-t1-h1", ""):
        assert table_button(other) is None, other


async def test_drawn_buttons_are_never_listened_to() -> None:
    """A click on a table button is routed by its custom id (answer_table_click): the view is
    finished as drawn, so discord.py stores it nowhere and never answers it itself, and it
    keeps the timeout discord.py gives a private answer's view."""
    view = DrawnButtons()
    view.button(0, "hp:f:1-t1-h1:9", "Fold", style=discord.ButtonStyle.danger)
    assert view.to_components() == _as_discord_py(
        [[("hp:f:1-t1-h1:9", "Fold", discord.ButtonStyle.danger, False)]])
    assert view.is_finished()
    view.timeout = 900.0  # what discord.py does to a private answer's view
    assert view.timeout == 900.0
