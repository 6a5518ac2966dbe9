"""Message nonces drawn without a system call.

discord.py gives every message it sends a nonce from `secrets.randbits(64)`: `os.urandom`, a
system call that lets go of the GIL, after which the event loop may wait for the database's
thread to hand it back. Every message the bot sends passes its own (most of them a table's
posts and rulings and the hole-card DMs). A nonce only lets Discord and a client tell one
message from another; it need not be secret, so a seeded generator does.
"""

from __future__ import annotations

import random
import secrets

_nonces = random.Random(secrets.randbits(64))


def nonce() -> int:
    """A fresh message nonce: a 63-bit integer (Discord takes integers and strings)."""
    return _nonces.getrandbits(63)
