"""Small helpers for the immutable values states and scenes are made of."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

_T = TypeVar("_T")
_FIELDS: dict[type, tuple[str, ...]] = {}


def evolve(obj: _T, **changes: Any) -> _T:
    """A copy of a frozen dataclass value with some fields changed.

    The result equals :func:`dataclasses.replace`'s, several times faster (no
    ``__init__`` or ``__post_init__`` runs, so ``changes`` must already be valid
    values), which matters where every step or every redraw builds new values.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> evolve(Point(1, 2), y=5)
    Point(x=1, y=5)
    """
    cls = type(obj)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(obj))  # type: ignore[arg-type]
    new = object.__new__(cls)
    for name in names:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(obj, name))
    return new
