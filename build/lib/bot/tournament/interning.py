"""One shared copy of equal frozen values that many tournaments hold.

A night's tournaments mostly play the same preset: without sharing, each kept its own copy of
the structure (twenty-odd levels and breaks) and of the payout table, rebuilt from the store or
the preset file. Every full pass of Python's collector walks every one of those objects
(bench/NIGHT.md, "Third part: the collector"). The copies are frozen, so one can stand for
all; the table holds them weakly, so a structure no tournament uses any more is not kept."""

from __future__ import annotations

import weakref
from typing import Any, TypeVar

T = TypeVar("T")

# Keyed by the value's repr: a key holding the value itself would keep it alive for good.
_SHARED: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()


def interned(value: T) -> T:
    """The copy already shared that equals `value`, else `value`. For frozen dataclasses of
    plain values (numbers, strings, tuples of them), whose repr tells unequal ones apart."""
    key = repr(value)
    shared: T | None = _SHARED.get(key)
    if shared is None:
        _SHARED[key] = shared = value
    return shared
