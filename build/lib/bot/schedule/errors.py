"""The one refusal of a night's rules: a code and the fields its words need (never a sentence;
bot/discord_ui/presenter/nights.py words it). Nothing changed when it is raised."""

from __future__ import annotations


class NightError(ValueError):
    """`NightError("past", when=...)`: `code` names the refusal, `fields` say what it needs."""

    def __init__(self, code: str, **fields: object) -> None:
        super().__init__(f"{code} {fields}" if fields else code)  # for logs only
        self.code = code
        self.fields: dict[str, object] = fields
