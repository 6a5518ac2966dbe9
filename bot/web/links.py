"""The links to a tournament's screen: an unguessable token per link, only its hash kept.

`/td screen` makes a link: a new token (`secrets.token_urlsafe`), whose SHA-256 is written as a
director action of the tournament (action "screen", who and when, as every director action).
The token itself is shown once, privately, to the director, and kept nowhere: a leaked
database leaks no link, and a restarted bot still opens every link (it reads the hashes back).
Every link made since the last revoke opens the screen; `/td screen revoke:True` makes a new
link and every earlier one stops working at once (the open pages are disconnected).

Why a director action and not a tournament event or a table of its own: a link is not part of
the game (a replay or a snapshot has nothing to do with it), it is something a director did and
is logged as such, and the director actions table already has both backends' forms (no
migration).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections.abc import Iterable

from bot.store import Store
from bot.store.rows import DirectorActionRow

ACTION = "screen"
TOKEN_BYTES = 24  # 192 bits: unguessable


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def valid_hashes(actions: Iterable[DirectorActionRow]) -> frozenset[str]:
    """The hashes that open the screen: every link made since the last revoke (included)."""
    valid: set[str] = set()
    for a in actions:
        if a.action != ACTION:
            continue
        digest = a.data.get("token_sha256")
        if not isinstance(digest, str):
            continue
        if a.data.get("revoke"):
            valid = set()
        valid.add(digest)
    return frozenset(valid)


class ScreenLinks:
    """The valid link hashes of each tournament: read from the store once per tournament,
    then kept up to date by `issue`. Used on the bot's event loop (the store is there); the
    web thread reads `known` without waiting and asks the bot's loop for the rest."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._valid: dict[int, frozenset[str]] = {}
        self._lock = asyncio.Lock()

    def known(self, tournament_id: int) -> frozenset[str] | None:
        """The valid hashes if they were read already (any thread), else None."""
        return self._valid.get(tournament_id)

    async def valid(self, tournament_id: int) -> frozenset[str]:
        found = self._valid.get(tournament_id)
        if found is not None:
            return found
        async with self._lock:
            found = self._valid.get(tournament_id)
            if found is None:
                found = valid_hashes(await self.store.director_actions(tournament_id))
                self._valid[tournament_id] = found
            return found

    def opens(self, tournament_id: int, token: str) -> bool:
        """Whether `token` opens this tournament's screen (only hashes already read)."""
        valid = self._valid.get(tournament_id, frozenset())
        digest = token_hash(token)
        return any(hmac.compare_digest(digest, h) for h in valid)

    async def issue(self, tournament_id: int, director_id: int, *, revoke: bool) -> str:
        """A new link token for the tournament, its hash committed first; with `revoke`, every
        earlier link stops working."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        digest = token_hash(token)
        reason = "screen link made, earlier ones revoked" if revoke else "screen link made"
        async with self._lock:
            before = self._valid.get(tournament_id)
            if before is None:
                before = valid_hashes(await self.store.director_actions(tournament_id))
            await self.store.write(lambda tx: tx.add_director_action(
                tournament_id, director_id, ACTION, reason,
                data={"token_sha256": digest, "revoke": revoke}))
            self._valid[tournament_id] = frozenset({digest}) if revoke else before | {digest}
        return token
