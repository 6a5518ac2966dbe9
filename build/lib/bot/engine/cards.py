"""Cards, the seeded deck and the deck commitment.

A card is a two-character string, rank then suit ("As", "Td", "2c"), the notation of PHH and of
most hand histories. The engine draws no randomness: the deck's order is a pure function of a
seed the caller supplies (the bot draws it with `secrets`).

Rules: `shuffle-and-deal`, `burn-cards` and `deck-commitment` of data/rules (one shuffled deck
per hand, a card burnt before each street as TREPS "Misdeal" and Tavern's dealing describe;
the fingerprint published at the deal stands in for the live table's open shuffle). The
high-card order, spades > hearts > diamonds > clubs, is TREPS "The Button" / "Chip-Race".
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # ascending suit order used for ties by suit: clubs < diamonds < hearts < spades
FULL_DECK: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)

RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}
RANK_PLURALS = {r: ("sixes" if r == "6" else n + "s") for r, n in RANK_NAMES.items()}
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


class CardError(ValueError):
    """A string that is not a card."""


def parse_card(text: str) -> str:
    """Normalise "as", "AS", "10s" to "As"; refuse anything else with what is allowed."""
    t = text.strip()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) != 2 or t[0].upper() not in RANKS or t[1].lower() not in SUITS:
        raise CardError(
            f"{text!r} is not a card: write rank then suit, e.g. As, Td, 9c "
            "(ranks 2-9 T J Q K A, suits c d h s)"
        )
    return t[0].upper() + t[1].lower()


def parse_cards(text: str) -> list[str]:
    """Parse "AsKd" or "As Kd" into ["As", "Kd"]."""
    compact = "".join(text.split())
    if len(compact) % 2:
        raise CardError(f"{text!r} is not a list of cards: write them like AsKd or As Kd")
    return [parse_card(compact[i : i + 2]) for i in range(0, len(compact), 2)]


def rank_value(card: str) -> int:
    return RANKS.index(card[0])


def card_order(card: str) -> int:
    """Order by rank, then suit (spades > hearts > diamonds > clubs): the high-card draw order."""
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def pretty(card: str) -> str:
    return card[0].replace("T", "10") + SUIT_SYMBOLS[card[1]]


def pretty_cards(cards: Iterable[str]) -> str:
    return " ".join(pretty(c) for c in cards)


def _stream(seed: bytes, counter: int = 0) -> Iterator[int]:
    """An endless stream of 64-bit integers derived from the seed (SHA-256 in counter mode),
    from block `counter` on."""
    while True:
        # Each 32-byte block is four big-endian 64-bit words.
        yield from _FOUR_WORDS(hashlib.sha256(seed + counter.to_bytes(8, "big")).digest())
        counter += 1


_FOUR_WORDS = struct.Struct(">4Q").unpack
# A shuffle draws 51 words, the first 13 blocks, unless a word is rejected by `_uniform`
# (odds below 2^-58 each): those blocks are hashed in one go, the stream goes on after them.
_FIRST_BLOCKS = tuple(c.to_bytes(8, "big") for c in range(13))
_FIRST_WORDS = struct.Struct(f">{4 * len(_FIRST_BLOCKS)}Q").unpack


def _uniform(stream: Iterator[int], n: int) -> int:
    """An unbiased integer in [0, n) by rejection sampling."""
    limit = _LIMITS[n] if n < len(_LIMITS) else (1 << 64) - ((1 << 64) % n)
    for x in stream:
        if x < limit:
            return x % n
    raise AssertionError("unreachable")


# The rejection limits of `_uniform` for a deck's sizes.
_LIMITS = tuple((1 << 64) - ((1 << 64) % n) if n else 0 for n in range(len(FULL_DECK) + 1))


def seed_bytes(seed: str | bytes) -> bytes:
    return seed if isinstance(seed, bytes) else seed.encode()


def deck_from_seed(seed: str | bytes) -> list[str]:
    """The deck's order for a seed: Fisher-Yates driven by SHA-256; index 0 is the top card."""
    return list(_shuffled(seed_bytes(seed)))


# A live hand needs its deck (and its digests, below) when it starts, again when its first
# event is applied, and at its end for the proof; a replay needs them once more. Both are pure
# functions of the seed, so they are kept for the hands in play rather than rehashed. Tables
# play concurrently, so the cache holds many more seeds than one hand needs.
_SEED_CACHE = 1024


@lru_cache(maxsize=_SEED_CACHE)
def _shuffled(seed: bytes) -> tuple[str, ...]:
    deck = list(FULL_DECK)
    sha256 = hashlib.sha256
    first = b"".join([sha256(seed + counter).digest() for counter in _FIRST_BLOCKS])
    stream = chain(_FIRST_WORDS(first), _stream(seed, len(_FIRST_BLOCKS)))
    for i in range(len(deck) - 1, 0, -1):
        j = _uniform(stream, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


_POSITIONS = tuple(i.to_bytes(2, "big") for i in range(len(FULL_DECK)))


def _salt(seed: bytes, position: int) -> bytes:
    return _salts(seed)[position]


@lru_cache(maxsize=_SEED_CACHE)
def _salts(seed: bytes) -> tuple[bytes, ...]:
    """A 32-byte secret salt per deck position, all from one SHAKE-256 call over the seed (one
    hash instead of 52: the commitment is the costliest part of dealing a hand)."""
    stream = hashlib.shake_256(b"salt|" + seed).digest(32 * len(_POSITIONS))
    return tuple(stream[i : i + 32] for i in range(0, len(stream), 32))


def _leaf(salt: bytes, position: int, card: str) -> str:
    return hashlib.sha256(salt + position.to_bytes(2, "big") + card.encode()).hexdigest()


@lru_cache(maxsize=_SEED_CACHE)
def _digests(seed: bytes, deck: tuple[str, ...]) -> tuple[str, ...]:
    """`_leaf` of every position; the salts and position bytes are precomputed, not rebuilt."""
    sha256 = hashlib.sha256
    # Lists, not generators, inside tuple(): 104 hashes is the costliest part of a hand.
    return tuple([
        sha256(salt + pos + card.encode()).hexdigest()
        for salt, pos, card in zip(_salts(seed), _POSITIONS, deck, strict=True)
    ])


def card_digests(seed: str | bytes, deck: Sequence[str]) -> list[str]:
    """One salted digest per deck position. The salts come from the seed, so a digest says
    nothing about its card until its salt is revealed."""
    sb = seed_bytes(seed)
    if len(deck) != len(_POSITIONS):
        # Not a full deck (only a caller's own experiment): the plain definition.
        return [_leaf(_salt(sb, i), i, card) for i, card in enumerate(deck)]
    return list(_digests(sb, tuple(deck)))


def commitment_of_digests(digests: Sequence[str]) -> str:
    return hashlib.sha256("".join(digests).encode()).hexdigest()


def commitment(seed: str | bytes, deck: Sequence[str]) -> str:
    """The deck fingerprint published before the deal: SHA-256 over the salted digest of every
    position. Opening some positions later proves those cards were fixed before the deal
    without revealing the others (mucked hands stay private, unlike revealing the seed)."""
    return commitment_of_digests(card_digests(seed, deck))


def deck_proof(seed: str | bytes, deck: Sequence[str], cards: Iterable[str]) -> dict[str, object]:
    """What to publish after the hand: every position's digest and the openings (card and
    salt) of the given cards only."""
    sb = seed_bytes(seed)
    salts = _salts(sb)
    wanted = set(cards)
    openings = {
        str(i): [card, (salts[i] if i < len(salts) else _salt(sb, i)).hex()]
        for i, card in enumerate(deck)
        if card in wanted
    }
    return {"digests": card_digests(seed, deck), "openings": openings}


def verify_proof(digest: str, proof: dict[str, object]) -> dict[int, str]:
    """Check a published proof against the fingerprint; returns the opened cards by position.

    Raises ValueError if the digests do not make the fingerprint or an opening does not match.
    """
    # A proof is published JSON that anyone may hand in: check its shape before trusting it.
    digests = proof.get("digests")
    openings = proof.get("openings")
    if not isinstance(digests, list) or not all(isinstance(d, str) for d in digests):
        raise ValueError("the proof's digests are not a list of hex digests")
    if len(digests) != 52 or commitment_of_digests(digests) != digest:
        raise ValueError("the digests do not match the deck fingerprint")
    if not isinstance(openings, dict):
        raise ValueError("the proof's openings are not a table of positions")
    opened: dict[int, str] = {}
    for pos, opening in openings.items():
        if not (isinstance(opening, list | tuple) and len(opening) == 2
                and all(isinstance(x, str) for x in opening)):
            raise ValueError(f"the opening at position {pos} is not a card and its salt")
        card, salt = opening
        i = int(pos)
        if not 0 <= i < 52:
            raise ValueError(f"position {pos} is not in the deck")
        if _leaf(bytes.fromhex(salt), i, card) != digests[i]:
            raise ValueError(f"the card at position {i} does not match its digest")
        opened[i] = card
    if len(set(opened.values())) != len(opened):
        raise ValueError("a card is opened twice")
    return opened


def verify_commitment(seed: str | bytes, digest: str) -> bool:
    """The director's check with the seed itself (the seed is never published)."""
    return commitment(seed, deck_from_seed(seed)) == digest
