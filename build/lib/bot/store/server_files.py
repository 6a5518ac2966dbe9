"""A server's own blind structures and payout tables: the text of each, by name;
and the server's logo for the room's screen (an image, checked by the Discord side).

The store keeps the text only; bot/tournament/structure_files.py reads and checks it (the same
parser as the presets) before the service writes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .sql import SqlBase

FileKind = Literal["structure", "payouts"]


@dataclass(frozen=True)
class ServerFile:
    guild_id: int
    kind: FileKind
    name: str
    body: str
    updated_by: int
    updated_at: float


@dataclass(frozen=True)
class ScreenLogo:
    guild_id: int
    image: bytes
    content_type: str
    updated_by: int
    updated_at: float


class ServerFileSql(SqlBase):
    def screen_logo(self, guild_id: int) -> ScreenLogo | None:
        r = self.one("SELECT * FROM screen_logos WHERE guild_id = ?", (guild_id,))
        if r is None:
            return None
        return ScreenLogo(int(r["guild_id"]), bytes(r["image"]), str(r["content_type"]),
                          int(r["updated_by"]), float(r["updated_at"]))

    def put_screen_logo(self, guild_id: int, image: bytes, content_type: str,
                        updated_by: int) -> ScreenLogo:
        """Set (or replace) the server's logo."""
        self.exec(
            "INSERT INTO screen_logos (guild_id, image, content_type, updated_by, updated_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
            "image = excluded.image, content_type = excluded.content_type, "
            "updated_by = excluded.updated_by, updated_at = excluded.updated_at",
            (guild_id, image, content_type, updated_by, self.now),
        )
        found = self.screen_logo(guild_id)
        assert found is not None
        return found

    def server_file(self, guild_id: int, kind: FileKind, name: str) -> ServerFile | None:
        r = self.one("SELECT * FROM server_files WHERE guild_id = ? AND kind = ? AND name = ?",
                     (guild_id, kind, name))
        if r is None:
            return None
        return ServerFile(int(r["guild_id"]), kind, str(r["name"]), str(r["body"]),
                          int(r["updated_by"]), float(r["updated_at"]))

    def server_file_names(self, guild_id: int, kind: FileKind) -> list[str]:
        rows = self.fetch("SELECT name FROM server_files WHERE guild_id = ? AND kind = ? "
                          "ORDER BY name", (guild_id, kind))
        return [str(r["name"]) for r in rows]

    def put_server_file(self, guild_id: int, kind: FileKind, name: str, body: str,
                        updated_by: int) -> ServerFile:
        """Create or replace the server's file of that kind and name."""
        self.exec(
            "INSERT INTO server_files (guild_id, kind, name, body, updated_by, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, name) DO UPDATE SET "
            "body = excluded.body, updated_by = excluded.updated_by, "
            "updated_at = excluded.updated_at",
            (guild_id, kind, name, body, updated_by, self.now),
        )
        found = self.server_file(guild_id, kind, name)
        assert found is not None
        return found
