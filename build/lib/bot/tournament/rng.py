"""Deterministic choices from a caller-supplied seed (SHA-256 in counter mode), so a seat draw
replays exactly and anyone holding the seed can check it. The tournament's own draws after the
start (late seats, the final table, live-mode moves) derive their seed from the start's
(`Tournament._rng`); no rule is decided here, only the randomness the rules ask for."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")


class SeededRandom:
    def __init__(self, seed: str) -> None:
        self._stream = self._blocks(seed.encode())

    @staticmethod
    def _blocks(seed: bytes) -> Iterator[int]:
        counter = 0
        while True:
            block = hashlib.sha256(b"tournament|" + seed + counter.to_bytes(8, "big")).digest()
            for i in range(0, 32, 8):
                yield int.from_bytes(block[i : i + 8], "big")
            counter += 1

    def below(self, n: int) -> int:
        """An unbiased integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        for x in self._stream:
            if x < limit:
                return x % n
        raise AssertionError("unreachable")

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]
