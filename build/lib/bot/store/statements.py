"""Every store statement in one class: the area modules' statements combined (see sql.py for
how they run). A `commit` change gets one of these; so does each method of the async faces
(faces.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .leagues import LeagueSql
from .nights import NightSql
from .records import RecordSql
from .recovery import RecoverySql
from .server_files import ServerFileSql

T = TypeVar("T")


class SqlTransaction(RecoverySql, LeagueSql, RecordSql, ServerFileSql, NightSql):
    """Every store statement, run synchronously in the database thread."""


# A change for Store.commit: statements run in the database thread, in one hop.
Change = Callable[[SqlTransaction], T]
