"""The links to a tournament's screen: an unguessable token per link, only its hash kept.

`/td screen` makes a link: a new token (`secrets.token_urlsafe`), whose SHA-256 is written as a
director action of the tournament (action "screen", who and when, as every director action).
The token itself is shown once, privately, to the director, and kept nowhere: a leaked
database leaks no link, and a restarted bot still opens every link (it reads the hashes back).
Every link made since the last revoke opens the screen; `/td screen revoke:True` makes a new
link and every earlier one stops working at once (the open pages are disconnected). After the
night the revoke makes no new link, and the links stop by themselves a day after its end.
`/td screen control:True` makes the director's remote: a link of its own kind (`Grant`), which
opens the same page with the controls; a view link never controls.

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
from dataclasses import dataclass
from typing import Literal

from bot.store import Store
from bot.store.rows import DirectorActionRow
from bot.web.views import ScreenWords

ACTION = "screen"
TOKEN_BYTES = 24  # 192 bits: unguessable
# A finished (or cancelled) tournament's links open its screen this long after its end (the
# room reads who won), then stop by themselves.
ENDED_LINK_SECONDS = 24 * 3600.0

LinkKind = Literal["view", "control"]


@dataclass(frozen=True)
class Grant:
    """What a valid link opens: the clock to look at ("view"), or the director's remote on it
    ("control", naming the director whose link it is)."""

    kind: LinkKind
    director_id: int


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def valid_hashes(actions: Iterable[DirectorActionRow]) -> dict[str, Grant]:
    """The hashes that open the screen, with what each opens: every link made since the last
    revoke (a revoke that made a link keeps that one)."""
    valid: dict[str, Grant] = {}
    for a in actions:
        if a.action != ACTION:
            continue
        if a.data.get("revoke"):
            valid = {}
        digest = a.data.get("token_sha256")
        if isinstance(digest, str):
            kind: LinkKind = "control" if a.data.get("control") else "view"
            valid[digest] = Grant(kind, a.director_id)
    return valid


class ScreenLinks:
    """The valid link hashes of each tournament: read from the store once per tournament,
    then kept up to date by `issue`. Used on the bot's event loop (the store is there); the
    web thread reads `known` without waiting and asks the bot's loop for the rest."""

    def __init__(self, store: Store, words: ScreenWords) -> None:
        self.store = store
        self.words = words  # the presenter's: a director action's reason
        self._valid: dict[int, dict[str, Grant]] = {}
        # When each tournament known to be over ended (its links' day counts from there).
        self._ended: dict[int, float] = {}
        self._lock = asyncio.Lock()

    def known(self, tournament_id: int) -> frozenset[str] | None:
        """The valid hashes if they were read already (any thread), else None."""
        found = self._valid.get(tournament_id)
        return None if found is None else frozenset(found)

    async def valid(self, tournament_id: int) -> frozenset[str]:
        found = self._valid.get(tournament_id)
        if found is not None:
            return frozenset(found)
        async with self._lock:
            found = self._valid.get(tournament_id)
            if found is None:
                found = await self._read(tournament_id)
            return frozenset(found)

    async def _read(self, tournament_id: int) -> dict[str, Grant]:
        """The links from the store, and when the tournament ended if it has (under the lock)."""
        found = valid_hashes(await self.store.director_actions(tournament_id))
        row = await self.store.tournament(tournament_id)
        if row is not None and not row.unfinished and row.finished_at is not None:
            self._ended.setdefault(tournament_id, row.finished_at)
        self._valid[tournament_id] = found
        return found

    def ended(self, tournament_id: int, at: float) -> None:
        """The tournament finished or was cancelled at `at`: its links stop a day later."""
        self._ended.setdefault(tournament_id, at)

    def expired(self, tournament_id: int, now: float) -> bool:
        """Whether the tournament ended over ENDED_LINK_SECONDS before `now` (its links are
        dead)."""
        ended = self._ended.get(tournament_id)
        return ended is not None and now - ended > ENDED_LINK_SECONDS

    def grant(self, tournament_id: int, token: str, now: float) -> Grant | None:
        """What `token` opens of this tournament's screen, if anything (only hashes already
        read)."""
        if self.expired(tournament_id, now):
            return None
        valid = self._valid.get(tournament_id, {})
        digest = token_hash(token)
        for known, grant in valid.items():
            if hmac.compare_digest(digest, known):
                return grant
        return None

    def still_open(self, tournament_id: int, digest: str, now: float) -> bool:
        """Whether a page opened with the link of hash `digest` may stay open."""
        return digest in self._valid.get(tournament_id, {}) and not self.expired(
            tournament_id, now)

    async def issue(self, tournament_id: int, director_id: int, *, revoke: bool,
                    control: bool = False) -> str:
        """A new link token for the tournament, its hash committed first; with `revoke`, every
        earlier link stops working. `control`: the director's remote, not a view."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        digest = token_hash(token)
        reason = self.words.link_made(control=control, revoke=revoke)
        data: dict[str, object] = {"token_sha256": digest, "revoke": revoke}
        if control:
            data["control"] = True
        async with self._lock:
            before = self._valid.get(tournament_id)
            if before is None:
                before = await self._read(tournament_id)
            await self.store.write(lambda tx: tx.add_director_action(
                tournament_id, director_id, ACTION, reason, data=data))
            grant = Grant("control" if control else "view", director_id)
            self._valid[tournament_id] = {digest: grant} if revoke else {**before,
                                                                         digest: grant}
        return token

    async def revoke(self, tournament_id: int, director_id: int) -> None:
        """Every link of the tournament stops working, and no new one is made (after the
        night: there is nothing left to show)."""
        async with self._lock:
            await self.store.write(lambda tx: tx.add_director_action(
                tournament_id, director_id, ACTION, self.words.links_revoked(),
                data={"revoke": True}))
            self._valid[tournament_id] = {}
